import ForecastCore
import Foundation

extension Japanese {
    package var skyHeading: String { "太陽と月" }

    package func sunTimes(dawn: String?, sunrise: String?, sunset: String?, dusk: String?) -> String {
        [("夜明け", dawn), ("日の出", sunrise), ("日の入り", sunset), ("夕暮れ", dusk)]
            .compactMap { label, time in time.map { "\(label) \($0)" } }.joined(separator: " · ")
    }

    package func polar(_ polar: SunDay.Polar) -> String {
        switch polar {
        case .day: "白夜: 太陽が沈みません"
        case .night: "極夜: 太陽が昇りません"
        }
    }

    package func dayLength(minutes: Int, change: Int?) -> String {
        let length = "昼の長さ \(minutes / 60)時間\(minutes % 60)分"
        guard let change else { return length }
        switch change {
        case 0: return length + "、昨日と同じ"
        case 1...: return length + "、昨日より\(change)分長い"
        default: return length + "、昨日より\(-change)分短い"
        }
    }

    package func moonPhase(_ name: Moon.PhaseName) -> String {
        switch name {
        case .new: "新月"
        case .waxingCrescent: "三日月"
        case .firstQuarter: "上弦の月"
        case .waxingGibbous: "十三夜月"
        case .full: "満月"
        case .waningGibbous: "寝待月"
        case .lastQuarter: "下弦の月"
        case .waningCrescent: "有明月"
        }
    }

    package func moonLine(phase: String, percent: String, rise: String?, set: String?) -> String {
        let parts = ["\(phase)、輝面比 \(percent)"] + [rise.map { "月の出 \($0)" }, set.map { "月の入り \($0)" }].compactMap { $0 }
        return parts.joined(separator: " · ")
    }
}
