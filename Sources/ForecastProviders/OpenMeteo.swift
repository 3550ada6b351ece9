import Foundation
import ForecastCore

/// Open-Meteo (no key): many places in one request; the answer is an array in
/// request order, with `location_id` on all but the first.
public struct OpenMeteoProvider: WeatherProvider {
    public static let defaultBaseURL = URL(string: "https://api.open-meteo.com")!
    public static let forecastDays = 7

    static let currentVariables = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day", "precipitation",
        "weather_code", "cloud_cover", "pressure_msl", "wind_speed_10m", "wind_direction_10m",
        "wind_gusts_10m", "visibility",
    ]
    static let hourlyVariables = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "precipitation_probability",
        "precipitation", "weather_code", "wind_speed_10m", "wind_direction_10m",
    ]
    static let dailyVariables = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "sunrise", "sunset",
        "precipitation_sum", "precipitation_probability_max",
    ]

    public let name = ProviderName.openMeteo
    public let baseURL: URL
    public let batchSize: Int

    public init(baseURL: URL = Self.defaultBaseURL, batchSize: Int = 50) {
        self.baseURL = baseURL
        self.batchSize = max(1, batchSize)
    }

    /// Each location weighs max(1, variables / 10 × max(1, days / 14)) calls.
    public var callsPerPlace: Double {
        let variables = Double(Self.currentVariables.count + Self.hourlyVariables.count + Self.dailyVariables.count)
        return max(1, variables / 10 * max(1, Double(Self.forecastDays) / 14))
    }

    public func requests(for batch: [PlaceQuery]) -> [URL] {
        var components = URLComponents(url: baseURL.appending(path: "v1/forecast"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "latitude", value: batch.map { urlDegrees($0.coordinate.latitude) }.joined(separator: ",")),
            URLQueryItem(name: "longitude", value: batch.map { urlDegrees($0.coordinate.longitude) }.joined(separator: ",")),
            URLQueryItem(name: "current", value: Self.currentVariables.joined(separator: ",")),
            URLQueryItem(name: "hourly", value: Self.hourlyVariables.joined(separator: ",")),
            URLQueryItem(name: "daily", value: Self.dailyVariables.joined(separator: ",")),
            URLQueryItem(name: "timezone", value: batch.map(\.timeZone).joined(separator: ",")),
            URLQueryItem(name: "forecast_days", value: String(Self.forecastDays)),
            URLQueryItem(name: "forecast_hours", value: "48"),
            URLQueryItem(name: "temperature_unit", value: "celsius"),
            URLQueryItem(name: "wind_speed_unit", value: "ms"),
            URLQueryItem(name: "precipitation_unit", value: "mm"),
        ]
        return [components.url!]
    }

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse]) -> [Result<WeatherReport, WeatherError>] {
        guard let body = responses.first?.body else {
            return batch.map { _ in .failure(WeatherError(.badResponse, "no answer")) }
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: body)
        } catch {
            let kind = body.isEmpty ? "an empty answer" : "malformed JSON"
            return batch.map { _ in .failure(WeatherError(.badResponse, kind)) }
        }
        // One location: a plain object. Several: an array, matched back by location_id.
        let objects: [[String: Any]]
        if let object = json as? [String: Any] {
            objects = [object]
        } else if let array = json as? [[String: Any]] {
            objects = array
        } else {
            return batch.map { _ in .failure(WeatherError(.badResponse, "unexpected JSON shape")) }
        }
        var byIndex: [Int: [String: Any]] = [:]
        for (position, object) in objects.enumerated() {
            let index = JSONValue.int(object["location_id"]) ?? position
            byIndex[index] = object
        }
        return batch.enumerated().map { index, place in
            guard let object = byIndex[index] else {
                return .failure(WeatherError(.badResponse, "the answer has no entry for this place"))
            }
            return Self.report(object, place: place)
        }
    }

    public func reason(in body: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["reason"] as? String
    }

    static func report(_ object: [String: Any], place: PlaceQuery) -> Result<WeatherReport, WeatherError> {
        if object["error"] as? Bool == true {
            return .failure(WeatherError(.provider, object["reason"] as? String ?? "the service reported an error"))
        }
        guard let offset = JSONValue.int(object["utc_offset_seconds"]) else {
            return .failure(WeatherError(.badResponse, "the answer has no utc_offset_seconds"))
        }
        let zoneName = object["timezone"] as? String
        let zone = zoneName.flatMap(TimeZone.init(identifier:)).flatMap { $0.identifier == "GMT" && offset != 0 ? nil : $0 }
            ?? TimeZone(secondsFromGMT: offset) ?? LocalTime.zone(place.timeZone)
        let time = { (text: Any?) in (text as? String).flatMap { LocalTime.instant(fromLocal: $0, in: zone) } }

        let current = object["current"] as? [String: Any] ?? [:]
        let units = object["current_units"] as? [String: String] ?? [:]
        func value(_ name: String) -> Double? { JSONValue.double(current[name]) }
        let conditions = CurrentConditions(
            temperature: value("temperature_2m").map { ServiceUnits.celsius($0, unit: units["temperature_2m"]) },
            feelsLike: value("apparent_temperature").map { ServiceUnits.celsius($0, unit: units["apparent_temperature"]) },
            humidity: value("relative_humidity_2m"),
            pressure: value("pressure_msl"),
            windSpeed: value("wind_speed_10m").map { ServiceUnits.metresPerSecond($0, unit: units["wind_speed_10m"]) },
            windDirection: value("wind_direction_10m"),
            windGust: value("wind_gusts_10m").map { ServiceUnits.metresPerSecond($0, unit: units["wind_gusts_10m"]) },
            visibility: value("visibility").map { ServiceUnits.metres($0, unit: units["visibility"]) },
            cloudCover: value("cloud_cover"),
            precipitation: value("precipitation").map { ServiceUnits.millimetres($0, unit: units["precipitation"]) },
            condition: value("weather_code").map { WeatherCondition.wmo(Int($0)) },
            isDay: value("is_day").map { $0 != 0 })

        let hourly = series(object["hourly"], units: object["hourly_units"]).map { h in
            h.times.indices.compactMap { i -> HourlyForecast? in
                guard let at = time(h.times[i]) else { return nil }
                return HourlyForecast(
                    time: at,
                    temperature: h.value("temperature_2m", i).map { ServiceUnits.celsius($0, unit: h.unit("temperature_2m")) },
                    feelsLike: h.value("apparent_temperature", i).map { ServiceUnits.celsius($0, unit: h.unit("apparent_temperature")) },
                    humidity: h.value("relative_humidity_2m", i),
                    precipitationProbability: h.value("precipitation_probability", i),
                    precipitation: h.value("precipitation", i).map { ServiceUnits.millimetres($0, unit: h.unit("precipitation")) },
                    windSpeed: h.value("wind_speed_10m", i).map { ServiceUnits.metresPerSecond($0, unit: h.unit("wind_speed_10m")) },
                    windDirection: h.value("wind_direction_10m", i),
                    condition: h.value("weather_code", i).map { WeatherCondition.wmo(Int($0)) })
            }
        } ?? []

        let daily = series(object["daily"], units: object["daily_units"]).map { d in
            d.times.indices.compactMap { i -> DailyForecast? in
                guard let date = d.times[i] as? String, date.count >= 10 else { return nil }
                return DailyForecast(
                    date: String(date.prefix(10)),
                    minimum: d.value("temperature_2m_min", i).map { ServiceUnits.celsius($0, unit: d.unit("temperature_2m_min")) },
                    maximum: d.value("temperature_2m_max", i).map { ServiceUnits.celsius($0, unit: d.unit("temperature_2m_max")) },
                    condition: d.value("weather_code", i).map { WeatherCondition.wmo(Int($0)) },
                    precipitation: d.value("precipitation_sum", i).map { ServiceUnits.millimetres($0, unit: d.unit("precipitation_sum")) },
                    precipitationProbability: d.value("precipitation_probability_max", i),
                    sunrise: time(d.raw("sunrise", i)),
                    sunset: time(d.raw("sunset", i)))
            }
        } ?? []

        var conditionsWithSun = conditions
        let observedAt = time(current["time"]) ?? hourly.first?.time ?? Date()
        let today = daily.first { $0.date == LocalDays.localDate(observedAt, utcOffset: offset) } ?? daily.first
        conditionsWithSun.sunrise = today?.sunrise
        conditionsWithSun.sunset = today?.sunset
        return .success(WeatherReport(
            observedAt: observedAt, utcOffsetSeconds: offset, timeZone: zoneName ?? place.timeZone,
            current: conditionsWithSun, hourly: hourly, daily: daily))
    }

    /// Parallel arrays keyed by variable, `time` first.
    struct Series {
        var columns: [String: [Any]]
        var units: [String: String]
        var times: [Any] { columns["time"] ?? [] }
        func raw(_ name: String, _ i: Int) -> Any? {
            guard let column = columns[name], i < column.count else { return nil }
            return column[i]
        }
        func value(_ name: String, _ i: Int) -> Double? { JSONValue.double(raw(name, i)) }
        func unit(_ name: String) -> String? { units[name] }
    }

    static func series(_ object: Any?, units: Any?) -> Series? {
        guard let columns = object as? [String: Any] else { return nil }
        return Series(
            columns: columns.compactMapValues { $0 as? [Any] },
            units: units as? [String: String] ?? [:])
    }
}
