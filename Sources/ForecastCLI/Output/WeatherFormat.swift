import ForecastCore
import Foundation

/// Turns fixed-unit values into what the user asked to see. The only place
/// units are converted.
struct WeatherFormat {
    var temperatureUnit: TemperatureUnit
    var windUnit: WindUnit
    var korean: Bool
    /// Emoji symbols, or ASCII ones (FORECAST_ASCII=1, TERM=dumb).
    var emoji: Bool = CommandContext.current.emoji

    func temperature(_ celsius: Double?) -> Double? {
        celsius.map { rounded(temperatureUnit.convert(celsius: $0), places: 1) }
    }

    func wind(_ metresPerSecond: Double?) -> Double? {
        metresPerSecond.map { rounded(windUnit.convert(metresPerSecond: $0), places: 1) }
    }

    /// "12°C", "-3°F", "285K".
    func temperatureText(_ celsius: Double?) -> String {
        guard let celsius else { return "–" }
        return text(displayed: temperatureUnit.convert(celsius: celsius))
    }

    /// "12°C" of a temperature already in the display unit.
    func text(displayed value: Double) -> String {
        guard let value = SafeNumber.rounded(value) else { return "–" }
        return temperatureUnit == .kelvin ? "\(value)K" : "\(value)\(temperatureUnit.symbol)"
    }

    func range(_ low: Double?, _ high: Double?) -> String {
        guard low != nil || high != nil else { return "–" }
        return "\(temperatureText(low))/\(temperatureText(high))"
    }

    /// "3.2 m/s NE".
    func windText(_ speed: Double?, direction: Double?) -> String {
        guard let speed = wind(speed) else { return "–" }
        let compass = direction.map { " " + Words(language: korean ? .ko : .en).compass(CompassPoint(degrees: $0)) } ?? ""
        return SafeNumber.fixed(speed, decimals: 1) + " " + windUnit.symbol + compass
    }

    func percent(_ value: Double?) -> String { value.flatMap(SafeNumber.rounded).map { "\($0)%" } ?? "–" }

    func symbol(_ condition: WeatherCondition?) -> String {
        guard let condition else { return emoji ? "  " : "" }
        return emoji ? condition.symbol : condition.plainSymbol
    }

    func describe(_ condition: WeatherCondition?) -> String {
        condition?.description(korean: korean) ?? "–"
    }

    private func rounded(_ value: Double, places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (value * factor).rounded() / factor
    }
}
