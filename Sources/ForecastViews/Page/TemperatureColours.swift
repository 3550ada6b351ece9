import ForecastCore
import Foundation

/// One continuous scale of temperature colours, cold blue through mild
/// green and warm orange to hot red: the list, the page, the days' bars and
/// the HTML report colour a temperature the same way. A colour is read from
/// the number shown (whole degrees in the unit shown, taken back to °C), so
/// two places shown at the same temperature are never two colours.
package enum TemperatureColours {
    /// The scale's stops, °C to colour; between them the colour is blended.
    static let stops: [(celsius: Double, red: Double, green: Double, blue: Double)] = [
        (-30, 120, 80, 220), (-15, 70, 110, 235), (-5, 70, 150, 245), (3, 70, 190, 230), (10, 60, 195, 160),
        (16, 110, 205, 80), (21, 200, 205, 60), (26, 245, 170, 50), (31, 245, 110, 40), (37, 225, 50, 45), (45, 175, 25, 70),
    ]

    /// The colour of a temperature in °C (nil for none or a value that is not a number).
    package static func colour(celsius: Double?) -> Frame.Colour? {
        guard let celsius, celsius.isFinite else { return nil }
        guard let first = stops.first, let last = stops.last else { return nil }
        let value = min(max(celsius, first.celsius), last.celsius)
        let upper = stops.firstIndex { $0.celsius >= value } ?? stops.count - 1
        let (a, b) = (stops[max(0, upper - 1)], stops[upper])
        let share = b.celsius > a.celsius ? (value - a.celsius) / (b.celsius - a.celsius) : 0
        let mix = { (x: Double, y: Double) in UInt8(max(0, min(255, (x + (y - x) * share).rounded()))) }
        return Frame.Colour(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue))
    }

    /// The colour of a temperature as `format` shows it (whole degrees in its unit).
    package static func colour(_ celsius: Double?, shownBy format: WeatherFormat) -> Frame.Colour? {
        colour(celsius: shownCelsius(celsius, format: format))
    }

    /// The °C of the whole number `format` shows for `celsius`.
    package static func shownCelsius(_ celsius: Double?, format: WeatherFormat) -> Double? {
        guard let shown = format.temperature(celsius), let whole = ShownNumber.whole(shown) else { return nil }
        return Self.celsius(shown: whole, unit: format.temperatureUnit)
    }

    /// A value in `unit` as °C.
    package static func celsius(shown value: Double, unit: TemperatureUnit) -> Double {
        switch unit {
        case .celsius: value
        case .fahrenheit: (value - 32) * 5 / 9
        case .kelvin: value - 273.15
        }
    }

    /// "#rrggbb", for the HTML report.
    package static func css(_ colour: Frame.Colour) -> String {
        let hex = { (v: UInt8) in String(v, radix: 16).count == 1 ? "0" + String(v, radix: 16) : String(v, radix: 16) }
        return "#" + hex(colour.red) + hex(colour.green) + hex(colour.blue)
    }
}

/// The official colours of warning levels, air grades and UV bands, for frames.
package enum LevelColours {
    package static func warning(_ level: WarningLevel) -> Frame.Colour? {
        switch level {
        case .unknown: Frame.Colour(red: 170, green: 170, blue: 170, basic: 37)
        case .minor: .yellow
        case .moderate: .orange
        case .severe: Frame.Colour(red: 230, green: 30, blue: 30, basic: 31)
        case .extreme: .purple
        }
    }

    /// The air grade's colour on its own scale (US EPA, EEA, AirKorea).
    package static func air(_ grade: AirGrade) -> Frame.Colour {
        let table: [(UInt8, UInt8, UInt8)] = switch grade.scale {
        case .us: [(0, 228, 0), (255, 255, 0), (255, 126, 0), (255, 0, 0), (143, 63, 151), (126, 0, 35)]
        case .eu: [(80, 240, 230), (80, 204, 170), (240, 230, 65), (255, 80, 80), (150, 0, 50), (125, 33, 129)]
        case .kr: [(50, 161, 255), (0, 199, 60), (253, 155, 90), (255, 89, 89)]
        }
        let c = table[min(max(0, grade.rank - 1), table.count - 1)]
        return Frame.Colour(red: c.0, green: c.1, blue: c.2)
    }

    /// The WHO's UV band colours.
    package static func uv(_ category: UVCategory) -> Frame.Colour {
        switch category {
        case .low: Frame.Colour(red: 67, green: 160, blue: 71)
        case .moderate: Frame.Colour(red: 249, green: 217, blue: 0)
        case .high: Frame.Colour(red: 245, green: 128, blue: 0)
        case .veryHigh: Frame.Colour(red: 217, green: 0, blue: 17)
        case .extreme: Frame.Colour(red: 150, green: 90, blue: 200)
        }
    }
}
