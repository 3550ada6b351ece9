import Foundation

/// The weather at one place, in fixed units whatever the service: °C, m/s,
/// hPa, mm, metres, %, and UTC instants with the place's UTC offset. A field
/// is nil where the service said nothing (0 is a value, never "missing").
/// Units are converted only when presenting.
public struct WeatherReport: Hashable, Sendable, Codable {
    /// The time the current conditions are for.
    public var observedAt: Date
    /// Seconds east of UTC at the place, as the service reported it.
    public var utcOffsetSeconds: Int
    /// IANA zone name, when the service gives one.
    public var timeZone: String?
    /// (Held by reference, as the air: a report is a tenth of its size in the many a list holds.)
    @Shared public var current: CurrentConditions
    /// The coming hours (at least 24 where the service has them).
    public var hourly: [HourlyForecast]
    /// The coming days, in the place's own calendar; yesterday first where a
    /// service gave it (Open-Meteo's `past_days=1`) or the cache kept it
    /// (`keepingYesterday(from:)`): the coming days are `comingDays`.
    public var daily: [DailyForecast]
    /// The air now, from a separate service; nil where it had nothing or failed.
    @Shared public var airQuality: AirQuality?
    /// Whether each hourly step stands for the hours up to its time (OpenWeatherMap's
    /// 3-hour steps: `rain.3h` is "the last 3 hours") rather than the hour from
    /// its time on (Open-Meteo's). Decides which step is under way now.
    public var stepsEndAtTheirTimes: Bool?

    /// Whether each step's amounts (precipitation) are of the span up to its
    /// time: OpenWeatherMap's (`rain.3h`, the last three hours) and
    /// Open-Meteo's (its hourly `precipitation` is the preceding hour's sum,
    /// though its temperature is of the instant: `stepsEndAtTheirTimes` is
    /// nil for it); not MET Norway's (`next_1_hours`: the hour from its time).
    public var amountsEndAtTheirTimes: Bool { stepsEndAtTheirTimes != false }
    /// What the service said of its answer's life, where it says (HTTP
    /// `Expires` and `Last-Modified`): no new request before `expires`, and
    /// a later one may ask "changed since `lastModified`?".
    public var validity: AnswerValidity?

    public init(
        observedAt: Date, utcOffsetSeconds: Int, timeZone: String?, current: CurrentConditions,
        hourly: [HourlyForecast], daily: [DailyForecast], airQuality: AirQuality? = nil, stepsEndAtTheirTimes: Bool? = nil
    ) {
        self.observedAt = observedAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timeZone = timeZone
        self.current = current
        self.hourly = hourly
        self.daily = daily
        self.airQuality = airQuality
        self.stepsEndAtTheirTimes = stepsEndAtTheirTimes
    }

    /// What a list needs of this report: the current conditions and two
    /// days (today, and tomorrow for when the day turns), yesterday before
    /// them where known, no hours.
    public var summary: WeatherReport {
        var summary = self
        summary.hourly = []
        let today = LocalDays.localDate(observedAt, utcOffset: utcOffsetSeconds)
        summary.daily = Array(daily.filter { $0.date < today }.suffix(1) + daily.filter { $0.date >= today }.prefix(2))
        return summary
    }

    /// Today's summary in the place's calendar, if the report has it; of an
    /// aged report, its own last day. Never a day before the report's own
    /// today (yesterday is not today, even in an answer that has nothing else).
    public func today(now: Date) -> DailyForecast? {
        let date = LocalDays.localDate(now, utcOffset: utcOffsetSeconds)
        let own = ownDays
        return own.first { $0.date == date } ?? own.first { $0.date > date } ?? own.last
    }

    /// The days from the report's own today on: its past days (yesterday) left out.
    var ownDays: [DailyForecast] {
        let today = LocalDays.localDate(observedAt, utcOffset: utcOffsetSeconds)
        return daily.filter { $0.date >= today }
    }

    /// Yesterday in the place's calendar, where the report has it: a day the
    /// service gave, never one guessed.
    public func yesterday(now: Date) -> DailyForecast? {
        let date = LocalDays.localDate(now.addingTimeInterval(-86_400), utcOffset: utcOffsetSeconds)
        return daily.first { $0.date == date }
    }

    /// Today and yesterday in the place's calendar, where the report has both.
    public func todayAndYesterday(now: Date) -> (today: DailyForecast, yesterday: DailyForecast)? {
        let date = LocalDays.localDate(now, utcOffset: utcOffsetSeconds)
        guard let today = daily.first(where: { $0.date == date }), let yesterday = yesterday(now: now) else { return nil }
        return (today, yesterday)
    }

    /// Today's high less yesterday's, each to a tenth in `unit` as shown (JSON,
    /// CSV and `--where` give this; the text says the difference of the whole
    /// degrees it shows).
    public func highAgainstYesterday(now: Date, unit: TemperatureUnit) -> Double? {
        guard let days = todayAndYesterday(now: now) else { return nil }
        return ShownNumber.temperatureDifference(from: days.yesterday.maximum, to: days.today.maximum, in: unit)
    }

    /// This report with the day before its first kept from `older` (the copy
    /// cached before it, of the same place), where this one has no day before
    /// today and the older one has that day: a provider that gives no past
    /// days (MET Norway, OpenWeatherMap) then has yesterday as it forecast it
    /// then, when the cache held it.
    public func keepingYesterday(from older: WeatherReport?) -> WeatherReport {
        let today = LocalDays.localDate(observedAt, utcOffset: utcOffsetSeconds)
        guard let older, !daily.contains(where: { $0.date < today }), daily.count < WeatherBounds.maximumDays else { return self }
        let yesterday = LocalDays.localDate(observedAt.addingTimeInterval(-86_400), utcOffset: utcOffsetSeconds)
        // The whole day, not what was left of it: a copy fetched during that day summed only its remaining hours (a
        // copy from 23:30 has a "high" of one hour). Kept where the copy was fetched before the day began, or kept it
        // already as a past day (carried from such a copy, or a service's own).
        let olderToday = LocalDays.localDate(older.observedAt, utcOffset: older.utcOffsetSeconds)
        guard olderToday < yesterday || older.daily.contains(where: { $0.date == yesterday && $0.date < olderToday }),
              let kept = older.daily.first(where: { $0.date == yesterday }) else { return self }
        var report = self
        report.daily.insert(kept, at: 0)
        return report
    }

    /// The steps that cover the next `hours` hours: the step under way at `now`
    /// (the current hour; of 3-hour steps that end at their times, the next
    /// one), then every step that begins less than `hours` hours after it. So
    /// 24 hours are 24 hourly steps or 8 three-hour ones, and 1, 2 or 3 hours
    /// one 3-hour step. A report that has aged past all its steps still shows
    /// its last ones rather than nothing.
    public func comingHours(_ hours: Int, from now: Date) -> [HourlyForecast] {
        let steps = hourly.sorted { $0.time < $1.time }
        guard let last = steps.last else { return [] }
        let spacing = zip(steps, steps.dropFirst()).map { $1.time.timeIntervalSince($0.time) }.filter { $0 > 0 }.min() ?? 3600
        // Where a step's period ends: at its time, or a step after it.
        let reach = stepsEndAtTheirTimes == true ? 0 : spacing
        let span = Double(max(0, hours)) * 3600
        guard let first = steps.first(where: { $0.time.addingTimeInterval(reach) > now }) else {
            return steps.filter { $0.time > last.time.addingTimeInterval(-span) }
        }
        return steps.filter { $0.time >= first.time && $0.time < first.time.addingTimeInterval(span) }
    }

    /// The next `days` days from today in the place's calendar; an old report
    /// whose days have all passed still shows them.
    public func comingDays(_ days: Int, from now: Date) -> [DailyForecast] {
        let today = LocalDays.localDate(now, utcOffset: utcOffsetSeconds)
        let coming = daily.filter { $0.date >= today }
        return Array((coming.isEmpty ? ownDays : coming).prefix(max(0, days)))
    }
}

/// How long an answer stays the latest, as its service said.
public struct AnswerValidity: Hashable, Sendable, Codable {
    /// No request for the same place before this.
    public var expires: Date?
    /// When the service last changed the answer.
    public var lastModified: Date?

    public init(expires: Date? = nil, lastModified: Date? = nil) {
        self.expires = expires
        self.lastModified = lastModified
    }

    /// The longest an answer may claim to stay the latest: a service that
    /// says "next year" must not stop forecast asking for good.
    public static let longestLife: TimeInterval = 6 * 3600

    /// Whether no request may be made yet at `now`.
    public func forbidsRequest(at now: Date) -> Bool {
        guard let expires else { return false }
        return expires > now && expires.timeIntervalSince(now) <= Self.longestLife
    }
}

public struct CurrentConditions: Hashable, Sendable, Codable {
    public var temperature: Double?
    public var feelsLike: Double?
    /// Relative humidity, %.
    public var humidity: Double?
    /// Sea-level pressure, hPa.
    public var pressure: Double?
    public var windSpeed: Double?
    /// Where the wind blows from, degrees clockwise from north.
    public var windDirection: Double?
    public var windGust: Double?
    /// Metres.
    public var visibility: Double?
    /// Cloud cover, %.
    public var cloudCover: Double?
    /// Millimetres in the last hour (or the service's current interval).
    public var precipitation: Double?
    public var condition: WeatherCondition?
    public var isDay: Bool?
    public var sunrise: Date?
    public var sunset: Date?

    public init(
        temperature: Double? = nil, feelsLike: Double? = nil, humidity: Double? = nil, pressure: Double? = nil,
        windSpeed: Double? = nil, windDirection: Double? = nil, windGust: Double? = nil, visibility: Double? = nil,
        cloudCover: Double? = nil, precipitation: Double? = nil, condition: WeatherCondition? = nil,
        isDay: Bool? = nil, sunrise: Date? = nil, sunset: Date? = nil
    ) {
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.humidity = humidity
        self.pressure = pressure
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.windGust = windGust
        self.visibility = visibility
        self.cloudCover = cloudCover
        self.precipitation = precipitation
        self.condition = condition
        self.isDay = isDay
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

public struct HourlyForecast: Hashable, Sendable, Codable {
    public var time: Date
    public var temperature: Double?
    public var feelsLike: Double?
    public var humidity: Double?
    /// Chance of precipitation, %.
    public var precipitationProbability: Double?
    public var precipitation: Double?
    public var windSpeed: Double?
    public var windDirection: Double?
    public var condition: WeatherCondition?
    /// Whether the sun is up, where the service says.
    public var isDay: Bool?
    /// Sea-level pressure, hPa, where the service gives it by the hour (its 3-hour tendency).
    public var pressure: Double?

    public init(
        time: Date, temperature: Double? = nil, feelsLike: Double? = nil, humidity: Double? = nil,
        precipitationProbability: Double? = nil, precipitation: Double? = nil, windSpeed: Double? = nil,
        windDirection: Double? = nil, condition: WeatherCondition? = nil, isDay: Bool? = nil, pressure: Double? = nil
    ) {
        self.pressure = pressure
        self.time = time
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.humidity = humidity
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.condition = condition
        self.isDay = isDay
    }
}

public struct DailyForecast: Hashable, Sendable, Codable {
    /// The local date, "YYYY-MM-DD".
    public var date: String
    public var minimum: Double?
    public var maximum: Double?
    public var condition: WeatherCondition?
    public var precipitation: Double?
    /// The day's highest chance of precipitation, %.
    public var precipitationProbability: Double?
    /// The day's highest UV index.
    public var uvIndexMax: Double?
    public var sunrise: Date?
    public var sunset: Date?

    public init(
        date: String, minimum: Double? = nil, maximum: Double? = nil, condition: WeatherCondition? = nil,
        precipitation: Double? = nil, precipitationProbability: Double? = nil, uvIndexMax: Double? = nil,
        sunrise: Date? = nil, sunset: Date? = nil
    ) {
        self.date = date
        self.minimum = minimum
        self.maximum = maximum
        self.condition = condition
        self.precipitation = precipitation
        self.precipitationProbability = precipitationProbability
        self.uvIndexMax = uvIndexMax
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

/// The air at a place: indices and particulate matter (µg/m³). Each is nil
/// where the service had no value.
public struct AirQuality: Hashable, Sendable, Codable {
    /// The time the values are for.
    public var time: Date?
    /// US AQI, 0–500.
    public var usAQI: Double?
    /// European AQI, 0–100 and beyond.
    public var europeanAQI: Double?
    public var pm2_5: Double?
    public var pm10: Double?
    /// Pollen grains in the air now, grains/m³, by plant: where CAMS has them
    /// (Europe, in season); nil, never 0, where it has none.
    public var pollen: Pollen?

    public init(
        time: Date? = nil, usAQI: Double? = nil, europeanAQI: Double? = nil, pm2_5: Double? = nil, pm10: Double? = nil, pollen: Pollen? = nil
    ) {
        self.time = time
        self.usAQI = usAQI
        self.europeanAQI = europeanAQI
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.pollen = pollen.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the service said anything at all.
    public var isEmpty: Bool { usAQI == nil && europeanAQI == nil && pm2_5 == nil && pm10 == nil && (pollen?.isEmpty ?? true) }

    /// Pollen grains a cubic metre of air, by plant, as CAMS models them for
    /// Europe (Open-Meteo's `alder_pollen` … `ragweed_pollen`).
    public struct Pollen: Hashable, Sendable, Codable {
        public enum Plant: String, Sendable, Codable, CaseIterable {
            case alder, birch, grass, mugwort, olive, ragweed
        }

        public var alder, birch, grass, mugwort, olive, ragweed: Double?

        public init(alder: Double? = nil, birch: Double? = nil, grass: Double? = nil, mugwort: Double? = nil, olive: Double? = nil, ragweed: Double? = nil) {
            self.alder = alder
            self.birch = birch
            self.grass = grass
            self.mugwort = mugwort
            self.olive = olive
            self.ragweed = ragweed
        }

        public subscript(plant: Plant) -> Double? {
            switch plant {
            case .alder: alder
            case .birch: birch
            case .grass: grass
            case .mugwort: mugwort
            case .olive: olive
            case .ragweed: ragweed
            }
        }

        /// The plants with a count, in `Plant`'s order.
        public var known: [(plant: Plant, grains: Double)] { Plant.allCases.compactMap { plant in self[plant].map { (plant, $0) } } }

        public var isEmpty: Bool { known.isEmpty }
    }

    /// The US AQI's category, where the index is known.
    public var category: Category? { usAQI.map(Category.init(usAQI:)) }

    /// The US EPA's bands of the AQI.
    public enum Category: String, Sendable, Codable, CaseIterable {
        case good, moderate, unhealthyForSensitiveGroups, unhealthy, veryUnhealthy, hazardous

        /// The band of the index as shown: a whole number (the index is
        /// defined on whole numbers), rounded by `ShownNumber`'s rule, so
        /// 50.6, shown as 51, is moderate.
        public init(usAQI aqi: Double) {
            self = switch SafeNumber.rounded(aqi, places: 0) {
            case ..<51: .good
            case ..<101: .moderate
            case ..<151: .unhealthyForSensitiveGroups
            case ..<201: .unhealthy
            case ..<301: .veryUnhealthy
            default: .hazardous
            }
        }
    }
}

/// The WHO's bands of the UV index, which is reported as a whole number.
public enum UVCategory: String, Sendable, Codable, CaseIterable {
    case low, moderate, high, veryHigh, extreme

    /// The band of the whole number shown (2.8 is shown as 3: moderate),
    /// rounded by `ShownNumber`'s rule.
    public init(index: Double) {
        self = switch SafeNumber.rounded(index, places: 0) {
        case ..<3: .low
        case ..<6: .moderate
        case ..<8: .high
        case ..<11: .veryHigh
        default: .extreme
        }
    }
}

/// Why one place has no fresh weather. Shown to the user by kind, never hidden.
public struct WeatherError: Error, Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case network, timeout, rateLimited, unauthorized, notFound, badResponse, provider, cancelled
    }

    public var kind: Kind
    /// What happened, in English: JSON's `error.message`, and the words where
    /// `detail` has none (a technical detail such as the field that failed validation).
    public var message: String
    /// What happened, as a value, for the failures people meet most: the
    /// command line says it in the user's language.
    public var detail: Detail?

    public init(_ kind: Kind, _ message: String, detail: Detail? = nil) {
        self.kind = kind
        self.message = message
        self.detail = detail
    }

    public indirect enum Detail: Hashable, Sendable, Codable {
        case noAnswerInTime
        case noAnswerWithin(seconds: Double)
        case noTimeLeft
        case cannotConnect(server: String)
        case cannotTalk(server: String)
        case connectionClosed(server: String)
        /// 401 or 403, and the service's reason if it gave one.
        case refusedKey(status: Int, reason: String?)
        case notFound(reason: String?)
        case tooManyRequests(reason: String?)
        case serviceFailed(status: Int, reason: String?)
        case status(Int, reason: String?)
        case tooLarge(megabytes: Int)
        case damagedCompression
        case tooManyRedirects
        /// A redirect to another scheme, host or port, which is never followed.
        case redirectedElsewhere
        case cancelled
        /// The service asked to wait longer than the time left.
        case waitLonger(Detail?, message: String, seconds: Double)
        /// Part of an answer is wrong: which part, and how.
        case invalid(Part, Problem)
        case noAnswer, noLocations, noEntryForPlace
        case entriesForPlace(Int)
        /// The entry claiming to be this place's answers for a place this far away.
        case entryElsewhere(kilometres: Int)
        /// Our own rate limit would hold the request longer than the time left.
        case clientLimit(callsPerMinute: Double, seconds: Double)
        /// The service flagged this place as an error, with its reason if any.
        case serviceError(reason: String?)

        /// A part of an answer: a field by its path, or an answer as a whole.
        public enum Part: Hashable, Sendable, Codable {
            case field(String)
            case answer, currentWeather, forecast
        }

        public enum Problem: Hashable, Sendable, Codable {
            case notFinite
            case outside(value: String, range: String)
            case tooMany(Int)
            /// More values than any real answer of its size holds.
            case tooManyValues
            case farFromNow, notADate, notATime, missingOrNotATime
            case missing, wrongType, notValid, notValidJSON, empty, unreadable

            /// A value that was read but cannot be true (as opposed to one that cannot be read).
            public var isImplausible: Bool {
                switch self {
                case .notFinite, .outside, .tooMany, .tooManyValues, .farFromNow, .notADate: true
                default: false
                }
            }
        }

        /// The same detail with `transform` applied to every text that came from outside.
        public func mapText(_ transform: (String) -> String) -> Detail {
            switch self {
            case .cannotConnect(let server): .cannotConnect(server: transform(server))
            case .cannotTalk(let server): .cannotTalk(server: transform(server))
            case .connectionClosed(let server): .connectionClosed(server: transform(server))
            case .refusedKey(let status, let reason): .refusedKey(status: status, reason: reason.map(transform))
            case .notFound(let reason): .notFound(reason: reason.map(transform))
            case .tooManyRequests(let reason): .tooManyRequests(reason: reason.map(transform))
            case .serviceFailed(let status, let reason): .serviceFailed(status: status, reason: reason.map(transform))
            case .status(let code, let reason): .status(code, reason: reason.map(transform))
            case .waitLonger(let inner, let message, let seconds):
                .waitLonger(inner?.mapText(transform), message: transform(message), seconds: seconds)
            case .invalid(.field(let name), let problem): .invalid(.field(transform(name)), problem)
            case .serviceError(let reason): .serviceError(reason: reason.map(transform))
            default: self
            }
        }
    }
}

extension WeatherError {
    /// The English description of a part gone wrong: the error's `message`,
    /// for logs and tests (what users read comes from the CLI's catalog).
    public static func describe(_ part: Detail.Part, _ problem: Detail.Problem) -> String {
        let subject = switch part {
        case .field(let name): name
        case .answer: "the answer"
        case .currentWeather: "the current weather"
        case .forecast: "the forecast"
        }
        let predicate = switch problem {
        case .notFinite: "is not a finite number"
        case .outside(let value, let range): "\(value) is outside \(range)"
        case .tooMany(let count): "has \(count) entries"
        case .tooManyValues: "holds more values than any answer of its size"
        case .farFromNow: "is more than a year from now"
        case .notADate: "is not a date"
        case .notATime: "is not a time"
        case .missingOrNotATime: "is missing or not a time"
        case .missing: "is missing"
        case .wrongType: "has the wrong type"
        case .notValid: "is not valid"
        case .notValidJSON: "is not valid JSON"
        case .empty: "is empty"
        case .unreadable: "cannot be read"
        }
        return (problem.isImplausible ? "implausible value: " : "") + "\(subject) \(predicate)"
    }

    /// Part of an answer gone wrong, as a `badResponse`.
    public static func invalid(_ part: Detail.Part, _ problem: Detail.Problem) -> WeatherError {
        WeatherError(.badResponse, detail: .invalid(part, problem))
    }
}

extension WeatherError {
    /// A failure of `kind`, said by its detail (in English: `message`).
    public init(_ kind: Kind, detail: Detail) {
        self.init(kind, detail.english, detail: detail)
    }

    /// "10 s", "2.5 s", "5 min", "3 h".
    public static func duration(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "a long time" }
        if seconds >= 5400 { return "\(SafeNumber.rounded(seconds / 3600) ?? 0) h" }
        if seconds >= 120 { return "\(SafeNumber.rounded(seconds / 60) ?? 0) min" }
        if seconds == seconds.rounded() { return "\(SafeNumber.rounded(seconds) ?? 0) s" }
        return String(format: "%.1f s", locale: Locale(identifier: "en_US_POSIX"), seconds)
    }
}

extension WeatherError.Detail {
    /// The detail in English: what JSON's `error.message` says, and the
    /// English catalog too. The one English wording of every detail: services
    /// give typed details only.
    public var english: String {
        let detail = self
        let because = { (reason: String?) in reason.map { ": \($0)" } ?? "" }
        switch detail {
        case .noAnswerInTime: return "no complete answer in time"
        case .noAnswerWithin(let seconds): return "no complete answer within the \(WeatherError.duration(seconds)) budget"
        case .noTimeLeft: return "no time left to ask"
        case .cannotConnect(let server): return "cannot connect to \(server)"
        case .cannotTalk(let server): return "cannot talk to \(server)"
        case .connectionClosed(let server): return "\(server) closed the connection"
        case .refusedKey(let status, let reason): return "the service refused the API key (HTTP \(status))" + because(reason)
        case .notFound(let reason): return "not found (HTTP 404)" + because(reason)
        case .tooManyRequests(let reason): return "too many requests (HTTP 429)" + because(reason)
        case .serviceFailed(let status, let reason): return "the service failed (HTTP \(status))" + because(reason)
        case .status(let code, let reason): return "HTTP \(code)" + because(reason)
        case .tooLarge(let megabytes): return "the answer is larger than \(megabytes) MB"
        case .damagedCompression: return "the compressed answer is larger than allowed or damaged"
        case .tooManyRedirects: return "the server redirected too often"
        case .redirectedElsewhere: return "the server redirected to another address, which forecast does not follow"
        case .cancelled: return "cancelled"
        case .waitLonger(let inner, let message, let seconds):
            let wait = WeatherError.duration(seconds)
            return (inner.map(\.english) ?? message) + "; the service asks to wait \(wait), longer than the time left; try again in \(wait)"
        case .invalid(let part, let problem):
            // One English wording, the error's own message (made in ForecastCore).
            return WeatherError.describe(part, problem)
        case .clientLimit(let calls, let seconds):
            return "the client-side limit of \(SafeNumber.rounded(calls) ?? 0) calls a minute would hold this request \(WeatherError.duration(seconds)), longer than the time left; try again then"
        case .noAnswer: return "no answer"
        case .noLocations: return "the answer has no locations"
        case .noEntryForPlace: return "the answer has no entry for this place"
        case .entriesForPlace(let count): return "the answer has \(count) entries for this place"
        case .entryElsewhere(let kilometres): return "the answer's entry for this place is for a place \(kilometres) km away"
        case .serviceError(let reason): return reason ?? "the service reported an error"
        }
    }
}
