import ForecastCore
import Foundation

/// `weather` in `list --format json`: current conditions in the chosen units.
struct WeatherItem: Encodable {
    var temperature: Double?
    var feelsLike: Double?
    var humidity: Double?
    var condition: String?
    var symbol: String?
    var windSpeed: Double?
    var windDirection: Double?
    var windCompass: String?
    var todayMin: Double?
    var todayMax: Double?
    /// When the conditions were observed, in the place's local time with its offset.
    var observedAt: String
    /// When forecast fetched them, UTC.
    var fetchedAt: Date
    var stale: Bool

    init(_ report: WeatherReport, fetchedAt: Date, stale: Bool, zone: TimeZone, format: WeatherFormat) {
        let now = report.current
        temperature = format.temperature(now.temperature)
        feelsLike = format.temperature(now.feelsLike)
        humidity = now.humidity
        condition = now.condition.map { format.describe($0) }
        symbol = now.condition?.symbol
        windSpeed = format.wind(now.windSpeed)
        windDirection = now.windDirection
        windCompass = now.windDirection.map { CompassPoint(degrees: $0).rawValue }
        let today = report.today()
        todayMin = format.temperature(today?.minimum)
        todayMax = format.temperature(today?.maximum)
        observedAt = LocalTime.iso8601(report.observedAt, in: zone)
        self.fetchedAt = fetchedAt
        self.stale = stale
    }
}

/// `error`: why this run has no fresh weather for the place.
struct ErrorItem: Encodable {
    var kind: WeatherError.Kind
    var message: String
    init(_ error: WeatherError) {
        kind = error.kind
        // English for scripts, whatever the language of the text.
        message = Words(language: .en).detail(error)
    }
}

struct UnitsItem: Encodable {
    var temperature: TemperatureUnit
    var wind: WindUnit
}
