import ForecastCore
import Foundation

/// Turns fixed-unit values into what the user asked to see. The only place
/// units are converted, and where JSON's numbers get the precision the text
/// gives them.
package struct WeatherFormat {
    package init(temperatureUnit: TemperatureUnit, windUnit: WindUnit, words: Words, emoji: Bool) {
        self.temperatureUnit = temperatureUnit
        self.windUnit = windUnit
        self.words = words
        self.emoji = emoji
    }
    package var temperatureUnit: TemperatureUnit
    package var windUnit: WindUnit
    /// The words conditions and compass points are said in.
    package var words: Words
    package var language: Language { words.language }
    /// Emoji symbols, or ASCII ones (FORECAST_ASCII=1, TERM=dumb).
    package var emoji: Bool

    /// In the temperature unit, to a tenth.
    package func temperature(_ celsius: Double?) -> Double? {
        ShownNumber.temperature(celsius, in: temperatureUnit)
    }

    /// In the wind unit, to a tenth.
    package func wind(_ metresPerSecond: Double?) -> Double? {
        ShownNumber.wind(metresPerSecond, in: windUnit)
    }

    /// Percentages (humidity, cloud cover, chance of precipitation) and
    /// compass bearings, whole: 57, not 56.99999999999999.
    package func whole(_ value: Double?) -> Double? {
        value.map { SafeNumber.rounded($0, places: 0) }
    }

    /// Millimetres, hPa, the UV index, AQIs and µg/m³, to a tenth as the report
    /// fields give them: 1.6, not 1.6001999999999998.
    package func tenth(_ value: Double?) -> Double? { ShownNumber.tenth(value) }

    /// "12°C", "-3°F", "285K".
    package func temperatureText(_ celsius: Double?) -> String {
        guard let celsius else { return "–" }
        return text(displayed: temperatureUnit.convert(celsius: celsius))
    }

    /// "12°C" of a temperature already in the display unit.
    package func text(displayed value: Double) -> String {
        guard let value = SafeNumber.rounded(value) else { return "–" }
        return temperatureUnit == .kelvin ? "\(value)K" : "\(value)\(temperatureUnit.symbol)"
    }

    package func range(_ low: Double?, _ high: Double?) -> String {
        guard low != nil || high != nil else { return "–" }
        return "\(temperatureText(low))/\(temperatureText(high))"
    }

    /// "3.2 m/s NE".
    package func windText(_ speed: Double?, direction: Double?) -> String {
        guard let speed = wind(speed) else { return "–" }
        let compass = direction.map { " " + words.compass(CompassPoint(degrees: $0)) } ?? ""
        return SafeNumber.fixed(speed, decimals: 1) + " " + windUnit.symbol + compass
    }

    /// "1014 hPa".
    package func pressureText(_ hectopascals: Double?) -> String {
        hectopascals.map { SafeNumber.fixed($0, decimals: 0) + " hPa" } ?? "–"
    }

    /// "1.5 mm".
    package func millimetresText(_ millimetres: Double?) -> String {
        millimetres.map { SafeNumber.fixed($0, decimals: 1) + " mm" } ?? "–"
    }

    /// "8 km", or "600 m" below a kilometre.
    package func visibilityText(_ metres: Double?) -> String {
        guard let metres else { return "–" }
        return metres >= 1000 ? SafeNumber.fixed(metres / 1000, decimals: 0) + " km" : SafeNumber.fixed(metres, decimals: 0) + " m"
    }

    package func percent(_ value: Double?) -> String { value.flatMap(SafeNumber.rounded).map { "\($0)%" } ?? "–" }

    /// The condition's symbol, by night a night one (🌙, not ☀️, at 23:30).
    package func symbol(_ condition: WeatherCondition?, isDay: Bool?) -> String {
        guard let condition else { return emoji ? "  " : "" }
        return emoji ? condition.symbol(isDay: isDay) : condition.plainSymbol(isDay: isDay)
    }

    package func describe(_ condition: WeatherCondition?) -> String {
        condition.map(words.condition) ?? "–"
    }
}
