import ForecastCore
import Foundation

extension Korean {
    package var skyHeading: String { "해와 달" }

    package func sunTimes(dawn: String?, sunrise: String?, sunset: String?, dusk: String?) -> String {
        [("여명", dawn), ("일출", sunrise), ("일몰", sunset), ("땅거미", dusk)]
            .compactMap { label, time in time.map { "\(label) \($0)" } }.joined(separator: " · ")
    }

    package func polar(_ polar: SunDay.Polar) -> String {
        switch polar {
        case .day: "백야: 오늘은 해가 지지 않습니다"
        case .night: "극야: 오늘은 해가 뜨지 않습니다"
        }
    }

    package func dayLength(minutes: Int, change: Int?) -> String {
        let length = "낮 \(minutes / 60)시간 \(minutes % 60)분"
        guard let change else { return length }
        switch change {
        case 0: return length + ", 어제와 같음"
        case 1...: return length + ", 어제보다 \(change)분 김"
        default: return length + ", 어제보다 \(-change)분 짧음"
        }
    }

    package func moonPhase(_ name: Moon.PhaseName) -> String {
        switch name {
        case .new: "삭(신월)"
        case .waxingCrescent: "초승달"
        case .firstQuarter: "상현달"
        case .waxingGibbous: "차가는 달"
        case .full: "보름달"
        case .waningGibbous: "기우는 달"
        case .lastQuarter: "하현달"
        case .waningCrescent: "그믐달"
        }
    }

    package func moonLine(phase: String, percent: String, rise: String?, set: String?) -> String {
        let parts = ["\(phase), \(percent) 밝음"] + [rise.map { "월출 \($0)" }, set.map { "월몰 \($0)" }].compactMap { $0 }
        return parts.joined(separator: " · ")
    }
}
