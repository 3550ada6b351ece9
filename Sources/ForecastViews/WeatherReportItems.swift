import ForecastCore
import ForecastProviders
import Foundation

/// `weather` in `list --format json`: current conditions in the chosen units.
package struct WeatherItem: Encodable {
    package var temperature: Double?
    package var feelsLike: Double?
    package var humidity: Double?
    package var condition: String?
    package var symbol: String?
    package var windSpeed: Double?
    package var windDirection: Double?
    package var windCompass: String?
    package var todayMin: Double?
    package var todayMax: Double?
    /// Today's highest chance of precipitation, %.
    package var precipitationProbability: Double?
    /// Today's highest UV index.
    package var uvIndexMax: Double?
    package var airQuality: AirQualityItem?
    /// Yesterday's low and high, and today's high against it, where the provider gave that day.
    package var yesterday: YesterdayItem?
    /// The normal low and high of today's date (1991–2020), and today's high against it, where kept.
    package var normal: NormalItem?
    /// When the conditions were observed, in the place's local time with its offset.
    package var observedAt: String
    /// When forecast fetched them, UTC.
    package var fetchedAt: Date
    package var stale: Bool

    package init(
        _ report: WeatherReport, fetchedAt: Date, stale: Bool, zone: TimeZone, airScale: AirScale, format: WeatherFormat, now: Date,
        normals: ClimateNormals? = nil
    ) {
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
        uvIndexMax = format.whole(today?.uvIndexMax)
        airQuality = report.airQuality.map { AirQualityItem($0, scale: airScale, zone: zone, format: format) }
        yesterday = YesterdayItem(report, now: now, format: format)
        normal = NormalItem(report, normals: normals, now: now, format: format)
        observedAt = LocalTime.iso8601(report.observedAt, in: zone)
        self.fetchedAt = fetchedAt
        self.stale = stale
    }
}

/// `airQuality`: the air now, graded on the place's scale (`scale`: "us",
/// "eu", "kr"; `grade`: the band's name on it, `gradeRank` 1 the best; absent
/// where that scale's numbers are not known), the US AQI with its category,
/// the European AQI and particulate matter in µg/m³.
package struct AirQualityItem: Encodable {
    package var scale: AirScale
    package var grade: AirGrade.Name?
    package var gradeRank: Int?
    package var usAqi: Double?
    package var category: AirQuality.Category?
    package var europeanAqi: Double?
    package var pm2_5: Double?
    package var pm10: Double?
    /// Grains/m³ by plant (`alder`, `birch`, `grass`, `mugwort`, `olive`, `ragweed`), whole; only
    /// the plants the service gave, absent where it gave none (outside Europe, out of season).
    package var pollen: [String: Double]?
    package var observedAt: String?

    package init(_ air: AirQuality, scale: AirScale, zone: TimeZone, format: WeatherFormat) {
        self.scale = scale
        let graded = AirGrade(air, scale: scale)
        grade = graded?.name
        gradeRank = graded?.rank
        // Indices defined on whole numbers, whole as their band is taken.
        usAqi = format.whole(air.usAQI)
        category = air.category
        europeanAqi = format.whole(air.europeanAQI)
        pm2_5 = format.tenth(air.pm2_5)
        pm10 = format.tenth(air.pm10)
        let grains = (air.pollen?.known ?? []).compactMap { plant, grains in format.whole(grains).map { (plant.rawValue, $0) } }
        pollen = grains.isEmpty ? nil : Dictionary(grains) { first, _ in first }
        observedAt = air.time.map { LocalTime.iso8601($0, in: zone) }
    }
}

/// `error`: why this run has no fresh weather for the place.
package struct ErrorItem: Encodable {
    package var kind: WeatherError.Kind
    package var message: String
    package init(_ error: WeatherError) {
        kind = error.kind
        // English for scripts, whatever the language of the text.
        message = SafeText.clean(error.detail.map(\.english) ?? error.message, maxLength: 300)
    }
}

/// The units of an output's numbers: temperature and wind in the user's
/// (as the text shows them); precipitation, pressure and distance as JSON
/// keeps them (mm, hPa, m) unless `measures` names the user's (`units`' own output).
package struct UnitsItem: Encodable {
    package init(temperature: TemperatureUnit, wind: WindUnit, measures: MeasureUnits? = nil) {
        self.temperature = temperature
        self.wind = wind
        precipitation = measures?.precipitation.rawValue ?? PrecipitationUnit.mm.rawValue
        distance = measures?.distance.rawValue ?? "m"
        pressure = measures?.pressure.rawValue ?? PressureUnit.hPa.rawValue
        clock = measures?.clock.rawValue
    }
    package var temperature: TemperatureUnit
    package var wind: WindUnit
    package var precipitation: String
    package var distance: String
    package var pressure: String
    /// The clock times read on (`units` only: JSON's times are ISO 8601).
    package var clock: String?
}

/// Whose weather it is, as JSON's `source` and a table's last line say it:
/// every provider asks to be credited wherever its weather is shown.
package struct SourceItem: Encodable, Sendable {
    package var provider: String
    package var credit: String
    package var licence: String?
    package var attribution: String

    /// The air beside the weather always comes from Open-Meteo's air-quality service (CAMS data).
    package static let airQuality = "CAMS / Open-Meteo"
    /// The climate normals: ERA5 reanalysis from Open-Meteo's historical-weather API.
    package static let normals = "ERA5 / Open-Meteo"

    package init(_ descriptor: ProviderDescriptor) {
        provider = descriptor.name.rawValue
        credit = descriptor.credit
        licence = descriptor.licence
        attribution = descriptor.attribution
    }

    package enum CodingKeys: CodingKey { case provider, credit, licence }
}

/// `yesterday`: the day before today as its provider gave it (Open-Meteo's
/// `past_days`; others' from the copy cached then), in the temperature unit,
/// and today's high against it (`highChange`, to a tenth: today's high as
/// shown less yesterday's).
/// `normal`: the usual low and high of today's date at the place (1991–2020,
/// ERA5), in the temperature unit, and today's high against it
/// (`highChange`, to a tenth: today's high as shown less the normal's).
package struct NormalItem: Encodable {
    package var date: String
    package var low: Double?
    package var high: Double?
    package var highChange: Double?
    /// The years of the means: 1991 and 2020.
    package var firstYear = ClimateNormals.years.lowerBound
    package var lastYear = ClimateNormals.years.upperBound
    /// Whose they are, as `source` credits the weather: {"provider", "credit", "licence"}.
    package var source = Credit(SourceDescriptor.openMeteoNormals)

    package struct Credit: Encodable {
        package var provider: String
        package var credit: String
        package var licence: String?

        init(_ descriptor: SourceDescriptor) {
            provider = descriptor.name
            credit = descriptor.credit
            licence = descriptor.licence
        }
    }

    package init?(_ report: WeatherReport, normals: ClimateNormals?, now: Date, format: WeatherFormat) {
        guard let days = report.todayAndNormal(normals, now: now) else { return nil }
        date = days.today.date
        low = format.temperature(days.normal.low)
        high = format.temperature(days.normal.high)
        highChange = report.highAgainstNormal(normals, now: now, unit: format.temperatureUnit)
    }
}

package struct YesterdayItem: Encodable {
    package var date: String
    package var low: Double?
    package var high: Double?
    package var highChange: Double?

    package init?(_ report: WeatherReport, now: Date, format: WeatherFormat) {
        guard let days = report.todayAndYesterday(now: now) else { return nil }
        date = days.yesterday.date
        low = format.temperature(days.yesterday.minimum)
        high = format.temperature(days.yesterday.maximum)
        highChange = report.highAgainstYesterday(now: now, unit: format.temperatureUnit)
    }
}
