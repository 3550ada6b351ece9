import Foundation
import ForecastCore

extension ProviderDescriptor {
    /// MET Norway's Locationforecast 2.0 (no key), under its terms of service:
    /// a User-Agent naming forecast and a contact, one request a place with
    /// coordinates of at most 4 decimals, at most 20 requests a second, no
    /// request before an answer's `Expires`, and `If-Modified-Since` after it.
    public static let metNorway = ProviderDescriptor(
        name: "metno", credit: "MET Norway", licence: "CC BY 4.0", urlVariable: "FORECAST_METNO_URL",
        defaultBaseURL: MetNorwayProvider.defaultBaseURL, rate: CallRate(callsPerMinute: 20 * 60, window: 1), batches: false,
        make: { MetNorwayProvider(baseURL: $0.baseURL, userAgent: $0.userAgent) })
}

/// MET Norway's Locationforecast 2.0 `complete`: a GeoJSON time series in UTC,
/// hourly for about two and a half days and six-hourly after, nine days in all.
/// Current conditions come from the first step, the hours from the steps with
/// `next_1_hours`, the days from every step grouped by the place's local day.
public struct MetNorwayProvider: WeatherProvider {
    public static let defaultBaseURL = URL(string: "https://api.met.no")!
    static let path = "weatherapi/locationforecast/2.0/complete"

    public let name = ProviderDescriptor.metNorway.name
    public let batchSize = 1
    public let baseURL: URL
    let userAgent: String

    public init(baseURL: URL = Self.defaultBaseURL, userAgent: String = Project.userAgent()) {
        self.baseURL = baseURL
        self.userAgent = userAgent
    }

    public func callsPerPlace(_ detail: ReportDetail) -> Double { 1 }

    /// One request shape for `list` and `show`: what `list` fetched is kept whole.
    public var summaryIsFull: Bool { true }

    /// One request a place; `If-Modified-Since` when an earlier answer said when it was made.
    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        batch.map { place in
            var headers = ["User-Agent": userAgent]
            if let modified = place.cached?.validity?.lastModified { headers["If-Modified-Since"] = HTTPDate.format(modified) }
            return ServiceRequest(serviceURL(baseURL, path: Self.path, metPoint(place)), headers: headers)
        }
    }

    /// A real `complete` answer is about 90 steps of under 1 KB (tens of KB in
    /// all); 2 MB is far more than any could be.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.megabytes(2) }

    /// Steps in a real answer: about 90. A longer series is not one.
    static let maximumSteps = 400

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[PlaceOutcome], WeatherError> {
        .success(batch.enumerated().map { index, place in
            guard index < responses.count else { return .failure(WeatherError(.badResponse, detail: .noAnswer)) }
            let response = responses[index]
            let validity = Self.validity(response.headers, now: now)
            if response.status == 304 {
                // Unchanged since the copy kept: that copy, good until the new Expires.
                guard var kept = place.cached else { return .failure(HTTPStatus.error(response, reason: nil)) }
                kept.validity = AnswerValidity(expires: validity.expires, lastModified: kept.validity?.lastModified ?? validity.lastModified)
                return .success(kept)
            }
            return Self.report(response.body, place: place, now: now).map { report in
                var report = report
                report.validity = validity
                return report
            }
        })
    }

    /// Its error bodies are not JSON that says why.
    public func reason(in body: Data) -> String? { nil }

    /// `Expires` and `Last-Modified`, where they are dates: an `Expires` in
    /// the past or further than `AnswerValidity.longestLife` ahead is ignored,
    /// as is a `Last-Modified` in the future.
    static func validity(_ headers: [String: String], now: Date) -> AnswerValidity {
        let expires = headers["expires"].flatMap(HTTPDate.parse).flatMap { date in
            date > now && date.timeIntervalSince(now) <= AnswerValidity.longestLife ? date : nil
        }
        let modified = headers["last-modified"].flatMap(HTTPDate.parse).flatMap { $0 <= now.addingTimeInterval(60) ? $0 : nil }
        return AnswerValidity(expires: expires, lastModified: modified)
    }

    // MARK: - The answer's shape

    struct Body: Decodable {
        var properties: Properties?
    }

    struct Properties: Decodable {
        var meta: Meta?
        var timeseries: [Step]?

        enum CodingKeys: String, CodingKey { case meta, timeseries }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            meta = try container.decodeIfPresent(Meta.self, forKey: .meta)
            timeseries = try container.decodeIfPresent([Step].self, forKey: .timeseries, atMost: MetNorwayProvider.maximumSteps)
        }
    }

    struct Meta: Decodable {
        var units: Units?
    }

    struct Units: Decodable {
        var air_temperature, wind_speed, precipitation_amount, air_pressure_at_sea_level: String?
    }

    struct Step: Decodable {
        var time: String?
        var data: StepData?
    }

    struct StepData: Decodable {
        var instant: Instant?
        var next_1_hours: Period?
        var next_6_hours: Period?
        var next_12_hours: Period?
    }

    struct Instant: Decodable {
        var details: Details?
    }

    struct Details: Decodable {
        var air_temperature, relative_humidity, wind_speed, wind_from_direction, wind_speed_of_gust: Double?
        var air_pressure_at_sea_level, cloud_area_fraction, ultraviolet_index_clear_sky: Double?
    }

    struct Period: Decodable {
        var summary: Summary?
        var details: PeriodDetails?
    }

    struct Summary: Decodable {
        var symbol_code: String?
    }

    struct PeriodDetails: Decodable {
        var precipitation_amount, probability_of_precipitation: Double?
    }

    // MARK: - To a report

    static func report(_ body: Data, place: PlaceQuery, now: Date) -> PlaceOutcome {
        let answer: Body
        do {
            answer = try ServiceJSON.decode(Body.self, from: body)
        } catch {
            return .failure(ServiceJSON.failure(error, body: body))
        }
        guard let series = answer.properties?.timeseries else {
            return .failure(.invalid(.field("properties.timeseries"), .missing))
        }
        let units = answer.properties?.meta?.units
        let celsius = { (value: Double?) in value.map { ServiceUnits.celsius($0, unit: units?.air_temperature) } }
        let speed = { (value: Double?) in value.map { ServiceUnits.metresPerSecond($0, unit: units?.wind_speed) } }
        let millimetres = { (value: Double?) in value.map { ServiceUnits.millimetres($0, unit: units?.precipitation_amount) } }

        var steps: [(time: Date, data: StepData)] = []
        for (index, step) in series.enumerated() {
            guard let text = step.time, let time = Self.instant(text) else {
                return .failure(.invalid(.field("properties.timeseries[\(index)].time"), .missingOrNotATime))
            }
            guard let data = step.data else { return .failure(.invalid(.field("properties.timeseries[\(index)].data"), .missing)) }
            steps.append((time, data))
        }
        steps.sort { $0.time < $1.time }
        guard let first = steps.first else { return .failure(.invalid(.field("properties.timeseries"), .empty)) }

        let zone = LocalTime.zone(place.timeZone)
        let offset = zone.secondsFromGMT(for: now)
        let details = first.data.instant?.details
        let period = first.data.next_1_hours ?? first.data.next_6_hours ?? first.data.next_12_hours
        let symbol = period?.summary?.symbol_code
        let current = CurrentConditions(
            temperature: celsius(details?.air_temperature),
            feelsLike: ApparentTemperature.celsius(
                temperature: celsius(details?.air_temperature), humidity: details?.relative_humidity, wind: speed(details?.wind_speed)),
            humidity: details?.relative_humidity, pressure: details?.air_pressure_at_sea_level,
            windSpeed: speed(details?.wind_speed), windDirection: details?.wind_from_direction,
            windGust: speed(details?.wind_speed_of_gust), cloudCover: details?.cloud_area_fraction,
            precipitation: millimetres(first.data.next_1_hours?.details?.precipitation_amount),
            condition: symbol.map(condition), isDay: symbol.flatMap(isDay))

        let hourly = steps.compactMap { step -> HourlyForecast? in
            guard let hour = step.data.next_1_hours else { return nil }
            let instant = step.data.instant?.details
            let temperature = celsius(instant?.air_temperature)
            return HourlyForecast(
                time: step.time, temperature: temperature,
                feelsLike: ApparentTemperature.celsius(temperature: temperature, humidity: instant?.relative_humidity, wind: speed(instant?.wind_speed)),
                humidity: instant?.relative_humidity,
                precipitationProbability: hour.details?.probability_of_precipitation,
                precipitation: millimetres(hour.details?.precipitation_amount),
                windSpeed: speed(instant?.wind_speed), windDirection: instant?.wind_from_direction,
                condition: hour.summary?.symbol_code.map(condition), isDay: hour.summary?.symbol_code.flatMap(isDay),
                pressure: instant?.air_pressure_at_sea_level)
        }

        // Validate before summarising, so an absurd step fails the place instead of skewing a day.
        let checked: WeatherReport
        do {
            checked = try WeatherReport(
                observedAt: first.time, utcOffsetSeconds: offset, timeZone: place.timeZone, current: current,
                hourly: Array(hourly.prefix(WeatherBounds.maximumHours)), daily: [], stepsEndAtTheirTimes: false
            ).validated(now: now)
        } catch {
            return .failure(error)
        }
        var report = checked
        report.daily = days(steps, offset: offset, celsius: celsius, millimetres: millimetres)
        do { report = try report.validated(now: now) } catch { return .failure(error) }
        return .success(report)
    }

    /// The days in the place's calendar: low and high of the steps' air
    /// temperatures, the chance of rain and the amount of the periods that
    /// start in the day (the hour's where there is one, else the six hours'),
    /// the day's most significant condition and highest clear-sky UV index.
    /// A last day with less than half a day of steps is left out: its low and
    /// high would be a night's.
    static func days(
        _ steps: [(time: Date, data: StepData)], offset: Int, celsius: (Double?) -> Double?, millimetres: (Double?) -> Double?
    ) -> [DailyForecast] {
        let forecastSteps = steps.map { step -> ForecastStep in
            let period = step.data.next_1_hours ?? step.data.next_6_hours
            return ForecastStep(
                time: step.time, temperature: celsius(step.data.instant?.details?.air_temperature),
                condition: (period ?? step.data.next_12_hours)?.summary?.symbol_code.map(condition),
                precipitationProbability: period?.details?.probability_of_precipitation,
                precipitation: millimetres(period?.details?.precipitation_amount))
        }
        var uv: [String: Double] = [:]
        var span: [String: (first: Date, last: Date)] = [:]
        for step in steps {
            let date = LocalDays.localDate(step.time, utcOffset: offset)
            if let index = step.data.instant?.details?.ultraviolet_index_clear_sky, index.isFinite {
                uv[date] = max(uv[date] ?? index, index)
            }
            span[date] = (span[date]?.first ?? step.time, step.time)
        }
        var summaries = LocalDays.summarise(forecastSteps, utcOffset: offset)
        if summaries.count > 1, let last = summaries.last, let covered = span[last.date],
           covered.last.timeIntervalSince(covered.first) < 12 * 3600 {
            summaries.removeLast()
        }
        return summaries.prefix(WeatherBounds.maximumDays).map {
            DailyForecast(
                date: $0.date, minimum: $0.minimum, maximum: $0.maximum, condition: $0.condition,
                precipitation: $0.precipitation, precipitationProbability: $0.precipitationProbability, uvIndexMax: uv[$0.date])
        }
    }

    /// "2026-11-23T14:00:00Z": the service's times are UTC, to the second.
    static func instant(_ text: String) -> Date? {
        guard text.utf8.count <= 32, text.hasSuffix("Z") else { return nil }
        return LocalTime.instant(fromLocal: String(text.dropLast()), in: TimeZone(secondsFromGMT: 0) ?? .current)
    }

    // MARK: - Symbol codes

    /// A symbol code ("lightrainshowersandthunder_day") as a condition: its
    /// parts (how hard, what falls, showers, thunder), worded in Core.
    static func condition(_ code: String) -> WeatherCondition {
        var name = Substring(code.prefix(64))
        if let underscore = name.firstIndex(of: "_") { name = name[..<underscore] }
        switch name {
        case "clearsky": return .sky(.clear)
        case "fair": return .sky(.mainlyClear)
        case "partlycloudy": return .sky(.partlyCloudy)
        case "cloudy": return .sky(.cloudy)
        case "fog": return .sky(.fog)
        default: break
        }
        var rest = name
        let thunder = rest.hasSuffix("andthunder")
        if thunder { rest = rest.dropLast("andthunder".count) }
        let showers = rest.hasSuffix("showers")
        if showers { rest = rest.dropLast("showers".count) }
        var intensity = WeatherCondition.Intensity.moderate
        // The service spells two codes "lightssleetshowersandthunder" and "lightssnowshowersandthunder".
        for (prefix, strength) in [("lights", WeatherCondition.Intensity.light), ("light", .light), ("heavy", .heavy)] where rest.hasPrefix(prefix) {
            let candidate = rest.dropFirst(prefix.count)
            if WeatherCondition.Falling(rawValue: String(candidate)) != nil {
                rest = candidate
                intensity = strength
                break
            }
        }
        guard let falling = WeatherCondition.Falling(rawValue: String(rest)) else { return .unknown(code) }
        return .falling(falling, intensity, showers: showers, thunder: thunder)
    }

    /// Day or night from the code's ending ("_day", "_night"); nil for the
    /// polar twilight and for codes with no ending.
    static func isDay(_ code: String) -> Bool? {
        if code.hasSuffix("_day") { return true }
        if code.hasSuffix("_night") { return false }
        return nil
    }
}
