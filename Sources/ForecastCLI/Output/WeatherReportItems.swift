import ForecastCore
import ForecastProviders
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
    /// Today's highest chance of precipitation, %.
    var precipitationProbability: Double?
    /// Today's highest UV index.
    var uvIndexMax: Double?
    var airQuality: AirQualityItem?
    /// When the conditions were observed, in the place's local time with its offset.
    var observedAt: String
    /// When forecast fetched them, UTC.
    var fetchedAt: Date
    var stale: Bool

    init(_ report: WeatherReport, fetchedAt: Date, stale: Bool, zone: TimeZone, format: WeatherFormat, now: Date) {
        let current = report.current
        temperature = format.temperature(current.temperature)
        feelsLike = format.temperature(current.feelsLike)
        humidity = format.whole(current.humidity)
        condition = current.condition.map { format.describe($0) }
        symbol = current.condition?.symbol(isDay: current.isDay)
        windSpeed = format.wind(current.windSpeed)
        windDirection = format.whole(current.windDirection)
        windCompass = current.windDirection.map { CompassPoint(degrees: $0).rawValue }
        let today = report.today(now: now)
        todayMin = format.temperature(today?.minimum)
        todayMax = format.temperature(today?.maximum)
        precipitationProbability = format.whole(today?.precipitationProbability)
        uvIndexMax = format.tenth(today?.uvIndexMax)
        airQuality = report.airQuality.map { AirQualityItem($0, zone: zone, format: format) }
        observedAt = LocalTime.iso8601(report.observedAt, in: zone)
        self.fetchedAt = fetchedAt
        self.stale = stale
    }
}

/// `airQuality`: the air now, US AQI with its category, the European AQI and
/// particulate matter in µg/m³.
struct AirQualityItem: Encodable {
    var usAqi: Double?
    var category: AirQuality.Category?
    var europeanAqi: Double?
    var pm2_5: Double?
    var pm10: Double?
    var observedAt: String?

    init(_ air: AirQuality, zone: TimeZone, format: WeatherFormat) {
        usAqi = format.tenth(air.usAQI)
        category = air.category
        europeanAqi = format.tenth(air.europeanAQI)
        pm2_5 = format.tenth(air.pm2_5)
        pm10 = format.tenth(air.pm10)
        observedAt = air.time.map { LocalTime.iso8601($0, in: zone) }
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

/// Whose weather it is, as JSON's `source` and a table's last line say it:
/// every provider asks to be credited wherever its weather is shown.
struct SourceItem: Encodable, Sendable {
    var provider: String
    var credit: String
    var licence: String?
    var attribution: String

    /// The air beside the weather always comes from Open-Meteo's air-quality service (CAMS data).
    static let airQuality = "CAMS / Open-Meteo"

    init(_ descriptor: ProviderDescriptor) {
        provider = descriptor.name.rawValue
        credit = descriptor.credit
        licence = descriptor.licence
        attribution = descriptor.attribution
    }

    enum CodingKeys: CodingKey { case provider, credit, licence }
}
