import ForecastCore
import Foundation

extension English {
    package var skyHeading: String { "Sun & moon" }

    package func sunTimes(dawn: String?, sunrise: String?, sunset: String?, dusk: String?) -> String {
        [("Dawn", dawn), ("Sunrise", sunrise), ("Sunset", sunset), ("Dusk", dusk)]
            .compactMap { label, time in time.map { "\(label) \($0)" } }.joined(separator: " · ")
    }

    package func polar(_ polar: SunDay.Polar) -> String {
        switch polar {
        case .day: "Midnight sun: the sun does not set today"
        case .night: "Polar night: the sun does not rise today"
        }
    }

    package func dayLength(minutes: Int, change: Int?) -> String {
        let length = "Day \(minutes / 60) h \(minutes % 60) min"
        guard let change else { return length }
        switch change {
        case 0: return length + ", as long as yesterday"
        case 1...: return length + ", \(change) min longer than yesterday"
        default: return length + ", \(-change) min shorter than yesterday"
        }
    }

    package func moonPhase(_ name: Moon.PhaseName) -> String {
        switch name {
        case .new: "New moon"
        case .waxingCrescent: "Waxing crescent"
        case .firstQuarter: "First quarter"
        case .waxingGibbous: "Waxing gibbous"
        case .full: "Full moon"
        case .waningGibbous: "Waning gibbous"
        case .lastQuarter: "Last quarter"
        case .waningCrescent: "Waning crescent"
        }
    }

    package func moonLine(phase: String, percent: String, rise: String?, set: String?) -> String {
        let parts = ["\(phase), \(percent) lit"] + [rise.map { "Moonrise \($0)" }, set.map { "Moonset \($0)" }].compactMap { $0 }
        return parts.joined(separator: " · ")
    }
}
