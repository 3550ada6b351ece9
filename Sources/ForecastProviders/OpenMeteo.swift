import Foundation
import ForecastCore

extension ProviderDescriptor {
    public static let openMeteo = ProviderDescriptor(
        name: "open-meteo", credit: "Open-Meteo", licence: "CC BY 4.0", urlVariable: "FORECAST_OPEN_METEO_URL",
        defaultBaseURL: OpenMeteoProvider.defaultBaseURL, rate: CallRate(callsPerMinute: 600), batches: true,
        make: { OpenMeteoProvider(baseURL: $0.baseURL, batchSize: $0.batchSize) })
}

/// Open-Meteo (no key): many places in one request; the answer is an array in
/// request order, with `location_id` on all but the first.
public struct OpenMeteoProvider: WeatherProvider {
    public static let defaultBaseURL = URL(string: "https://api.open-meteo.com")!

    /// The current conditions every request asks for: whatever `list`, the
    /// report fields (`--format csv`, `--template`) and `--where` can show.
    /// The light request and the full one both carry them, so which command
    /// fetched last never empties a column the other fills.
    static let reportCurrent = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day", "weather_code",
        "wind_speed_10m", "wind_direction_10m", "pressure_msl", "cloud_cover",
    ]
    /// The days' figures the report fields give (today's low, high, chance of rain, UV).
    static let reportDaily = ["temperature_2m_max", "temperature_2m_min", "precipitation_probability_max", "uv_index_max"]

    /// What `list` needs: the report's variables and two days, thirteen
    /// variables, 1.3 calls a place as Open-Meteo counts a location:
    /// max(1, variables / 10 × max(1, days / 14)). Yesterday too
    /// (`past_days=1`, "3° warmer than yesterday"): three days, still under 14,
    /// so the same weight.
    static let summary = Variables(current: reportCurrent, hourly: [], daily: reportDaily, days: 2, hours: nil)

    static let full = Variables(
        current: reportCurrent + ["precipitation", "wind_gusts_10m", "visibility"],
        hourly: [
            "temperature_2m", "apparent_temperature", "relative_humidity_2m", "precipitation_probability",
            "precipitation", "weather_code", "wind_speed_10m", "wind_direction_10m", "is_day", "pressure_msl",
        ],
        daily: reportDaily + ["weather_code", "sunrise", "sunset", "precipitation_sum"],
        // Ten days: the page's days (as many as MET Norway gives), weighed as a week is (under 14 days).
        days: 10, hours: 48)

    struct Variables {
        var current: [String]
        var hourly: [String]
        var daily: [String]
        var days: Int
        var hours: Int?

        var weight: Double {
            max(1, Double(current.count + hourly.count + daily.count) / 10 * max(1, Double(days + OpenMeteoProvider.pastDays) / 14))
        }
    }

    static func variables(_ detail: ReportDetail) -> Variables { detail == .summary ? summary : full }

    /// Yesterday is asked with every forecast (`past_days`), for today against it.
    static let pastDays = 1

    public let name = ProviderDescriptor.openMeteo.name
    public let baseURL: URL
    public let batchSize: Int

    public init(baseURL: URL = Self.defaultBaseURL, batchSize: Int = 50) {
        self.baseURL = baseURL
        self.batchSize = max(1, batchSize)
    }

    public func callsPerPlace(_ detail: ReportDetail) -> Double { Self.variables(detail).weight }

    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        let variables = Self.variables(detail)
        var items = [URLQueryItem(name: "current", value: variables.current.joined(separator: ","))]
        if !variables.hourly.isEmpty { items.append(URLQueryItem(name: "hourly", value: variables.hourly.joined(separator: ","))) }
        items += [
            URLQueryItem(name: "daily", value: variables.daily.joined(separator: ",")),
            URLQueryItem(name: "forecast_days", value: String(variables.days)),
            URLQueryItem(name: "past_days", value: String(Self.pastDays)),
        ]
        if let hours = variables.hours { items.append(URLQueryItem(name: "forecast_hours", value: String(hours))) }
        items += [
            URLQueryItem(name: "temperature_unit", value: "celsius"),
            URLQueryItem(name: "wind_speed_unit", value: "ms"),
            URLQueryItem(name: "precipitation_unit", value: "mm"),
        ]
        return [ServiceRequest(OpenMeteoAnswer<Location>.url(baseURL, path: "v1/forecast", batch, items))]
    }

    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int {
        OpenMeteoAnswer<Location>.maximumBodySize(batch)
    }

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[PlaceOutcome], WeatherError> {
        OpenMeteoAnswer<Location>.locations(batch, responses: responses).map { locations in
            zip(batch, locations).map { place, location in location.flatMap { Self.report($0, place: place, now: now) } }
        }
    }

    public func reason(in body: Data) -> String? { ServiceJSON.string("reason", in: body) }

    // MARK: - The answer's shape

    struct Location: Decodable {
        var error: Bool?
        var reason: String?
        var utcOffsetSeconds: WholeNumber?
        var timezone: String?
        var current: Current?
        var currentUnits: [String: String]?
        var hourly: Hourly?
        var hourlyUnits: [String: String]?
        var daily: Daily?
        var dailyUnits: [String: String]?

        enum CodingKeys: String, CodingKey {
            case error, reason, timezone, current, hourly, daily
            case utcOffsetSeconds = "utc_offset_seconds"
            case currentUnits = "current_units"
            case hourlyUnits = "hourly_units"
            case dailyUnits = "daily_units"
        }
    }

    struct Current: Decodable {
        var time: String?
        var temperature_2m, relative_humidity_2m, apparent_temperature, is_day, precipitation: Double?
        var weather_code: WholeNumber?
        var cloud_cover, pressure_msl, wind_speed_10m, wind_direction_10m, wind_gusts_10m, visibility: Double?
    }

    struct Hourly: Decodable {
        var time: [String?]
        var temperature_2m, apparent_temperature, relative_humidity_2m, precipitation_probability: [Double?]?
        var precipitation, wind_speed_10m, wind_direction_10m, is_day, pressure_msl: [Double?]?
        var weather_code: [WholeNumber?]?

        /// Every column's length, by name: each must be `time`'s.
        var lengths: [(String, Int?)] {
            [("temperature_2m", temperature_2m?.count), ("apparent_temperature", apparent_temperature?.count),
             ("relative_humidity_2m", relative_humidity_2m?.count), ("precipitation_probability", precipitation_probability?.count),
             ("precipitation", precipitation?.count), ("wind_speed_10m", wind_speed_10m?.count),
             ("wind_direction_10m", wind_direction_10m?.count), ("is_day", is_day?.count), ("weather_code", weather_code?.count),
             ("pressure_msl", pressure_msl?.count)]
        }
    }

    struct Daily: Decodable {
        var time: [String?]
        var weather_code: [WholeNumber?]?
        var temperature_2m_max, temperature_2m_min, precipitation_sum, precipitation_probability_max, uv_index_max: [Double?]?
        var sunrise, sunset: [String?]?

        /// Every column's length, by name: each must be `time`'s.
        var lengths: [(String, Int?)] {
            [("weather_code", weather_code?.count), ("temperature_2m_max", temperature_2m_max?.count),
             ("temperature_2m_min", temperature_2m_min?.count), ("precipitation_sum", precipitation_sum?.count),
             ("precipitation_probability_max", precipitation_probability_max?.count), ("uv_index_max", uv_index_max?.count),
             ("sunrise", sunrise?.count), ("sunset", sunset?.count)]
        }
    }

    // MARK: - To a report

    static func report(_ location: Location, place: PlaceQuery, now: Date) -> PlaceOutcome {
        if location.error == true {
            let reason = location.reason.map { SafeText.clean($0, maxLength: 200) }
            return .failure(WeatherError(.provider, detail: .serviceError(reason: reason)))
        }
        guard let offset = location.utcOffsetSeconds?.value else {
            return .failure(.invalid(.field("utc_offset_seconds"), .missing))
        }
        guard WeatherBounds.utcOffset.contains(offset) else {
            return .failure(.invalid(.field("utc_offset_seconds"), .outside(value: "\(offset)", range: "±18 h")))
        }
        let zoneName = location.timezone.flatMap(SafeText.timeZone)
        let zone = zoneName.flatMap(TimeZone.init(identifier:)).flatMap { $0.identifier == "GMT" && offset != 0 ? nil : $0 }
            ?? TimeZone(secondsFromGMT: offset) ?? LocalTime.zone(place.timeZone)
        let time = { (text: String?) in text.flatMap { LocalTime.instant(fromLocal: $0, in: zone) } }
        let wmo = { (code: WholeNumber?) in code.map { WeatherCondition.wmo($0.value) } }
        let daytime = { (flag: Double?) in flag.map { $0 != 0 } }

        let c = location.current
        let units = location.currentUnits ?? [:]
        var current = CurrentConditions(
            temperature: c?.temperature_2m.map { ServiceUnits.celsius($0, unit: units["temperature_2m"]) },
            feelsLike: c?.apparent_temperature.map { ServiceUnits.celsius($0, unit: units["apparent_temperature"]) },
            humidity: c?.relative_humidity_2m,
            pressure: c?.pressure_msl,
            windSpeed: c?.wind_speed_10m.map { ServiceUnits.metresPerSecond($0, unit: units["wind_speed_10m"]) },
            windDirection: c?.wind_direction_10m,
            windGust: c?.wind_gusts_10m.map { ServiceUnits.metresPerSecond($0, unit: units["wind_gusts_10m"]) },
            visibility: c?.visibility.map { ServiceUnits.metres($0, unit: units["visibility"]) },
            cloudCover: c?.cloud_cover,
            precipitation: c?.precipitation.map { ServiceUnits.millimetres($0, unit: units["precipitation"]) },
            condition: wmo(c?.weather_code),
            isDay: daytime(c?.is_day))

        // Counted before anything is built of them: a million hours would cost far more than their bytes.
        if let count = location.hourly?.time.count, count > WeatherBounds.maximumHours {
            return .failure(.invalid(.field("hourly.time"), .tooMany(count)))
        }
        if let count = location.daily?.time.count, count > WeatherBounds.maximumDays {
            return .failure(.invalid(.field("daily.time"), .tooMany(count)))
        }
        // A column shorter or longer than its times would pair every value with another day or hour
        // (yesterday's high read as today's): the answer is not read.
        for (name, columns) in [("hourly", location.hourly.map { ($0.time.count, $0.lengths) }), ("daily", location.daily.map { ($0.time.count, $0.lengths) })] {
            guard let (times, lengths) = columns else { continue }
            if let (column, _) = lengths.first(where: { $0.1 != nil && $0.1 != times }) {
                return .failure(.invalid(.field("\(name).\(column)"), .notValid))
            }
        }
        var hourly: [HourlyForecast] = []
        if let h = location.hourly {
            let u = location.hourlyUnits ?? [:]
            func at<T>(_ column: [T?]?, _ i: Int) -> T? { column.flatMap { i < $0.count ? $0[i] : nil } }
            hourly = h.time.indices.compactMap { i in
                guard let instant = time(h.time[i]) else { return nil }
                return HourlyForecast(
                    time: instant,
                    temperature: at(h.temperature_2m, i).map { ServiceUnits.celsius($0, unit: u["temperature_2m"]) },
                    feelsLike: at(h.apparent_temperature, i).map { ServiceUnits.celsius($0, unit: u["apparent_temperature"]) },
                    humidity: at(h.relative_humidity_2m, i),
                    precipitationProbability: at(h.precipitation_probability, i),
                    precipitation: at(h.precipitation, i).map { ServiceUnits.millimetres($0, unit: u["precipitation"]) },
                    windSpeed: at(h.wind_speed_10m, i).map { ServiceUnits.metresPerSecond($0, unit: u["wind_speed_10m"]) },
                    windDirection: at(h.wind_direction_10m, i),
                    condition: wmo(at(h.weather_code, i)),
                    isDay: daytime(at(h.is_day, i)),
                    pressure: at(h.pressure_msl, i))
            }
        }

        var daily: [DailyForecast] = []
        if let d = location.daily {
            let u = location.dailyUnits ?? [:]
            func at<T>(_ column: [T?]?, _ i: Int) -> T? { column.flatMap { i < $0.count ? $0[i] : nil } }
            daily = d.time.indices.compactMap { i in
                guard let date = d.time[i], date.utf8.count >= 10 else { return nil }
                return DailyForecast(
                    date: String(date.prefix(10)),
                    minimum: at(d.temperature_2m_min, i).map { ServiceUnits.celsius($0, unit: u["temperature_2m_min"]) },
                    maximum: at(d.temperature_2m_max, i).map { ServiceUnits.celsius($0, unit: u["temperature_2m_max"]) },
                    condition: wmo(at(d.weather_code, i)),
                    precipitation: at(d.precipitation_sum, i).map { ServiceUnits.millimetres($0, unit: u["precipitation_sum"]) },
                    precipitationProbability: at(d.precipitation_probability_max, i),
                    uvIndexMax: at(d.uv_index_max, i),
                    sunrise: time(at(d.sunrise, i)),
                    sunset: time(at(d.sunset, i)))
            }
        }

        // Days once each, in order: a repeated or reversed day is not a calendar.
        if zip(daily, daily.dropFirst()).contains(where: { $0.date >= $1.date }) {
            return .failure(.invalid(.field("daily.time"), .notValid))
        }
        if let text = c?.time, time(text) == nil {
            return .failure(.invalid(.field("current.time"), .notATime))
        }
        guard let observedAt = time(c?.time) ?? hourly.first?.time else {
            return .failure(.invalid(.field("current.time"), .missingOrNotATime))
        }
        // Yesterday's hours (`past_days` brings them too) are not the coming hours: left out. Its day stays, first.
        let todayDate = LocalDays.localDate(observedAt, utcOffset: offset)
        hourly.removeAll { LocalDays.localDate($0.time, utcOffset: offset) < todayDate }
        let today = daily.first { $0.date == todayDate } ?? daily.first { $0.date > todayDate }
        current.sunrise = today?.sunrise
        current.sunset = today?.sunset
        let report = WeatherReport(
            observedAt: observedAt, utcOffsetSeconds: offset, timeZone: zoneName ?? place.timeZone,
            current: current, hourly: hourly, daily: daily)
        return Result { () throws(WeatherError) in try report.validated(now: now) }
    }
}

extension UInt8 {
    var isWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
