import ForecastCore
import Foundation

/// What a source asked beside the weather gives.
public enum SourceKind: String, Sendable, CaseIterable, Codable {
    /// Official weather warnings.
    case warnings
    /// Precipitation over the next two hours, minute by minute.
    case nextHours
    /// The air now.
    case air
}

/// What a source is made from: the settings and environment already read and checked.
public struct SourceSetup: Sendable {
    public var baseURL: URL
    /// The value of the descriptor's `keyVariable`, trimmed; nil when it needs none.
    public var apiKey: String?
    public var batchSize: Int
    public var language: Language
    public var userAgent: String

    public init(baseURL: URL, apiKey: String? = nil, batchSize: Int = 50, language: Language = .en, userAgent: String = Project.userAgent()) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.batchSize = batchSize
        self.language = language
        self.userAgent = userAgent
    }
}

/// A service asked beside the weather: everything the rest of forecast knows
/// of it, so a source is its own file plus one entry in `WeatherSources.all`.
/// The refresh asks each source for the places it covers, batched, budgeted,
/// rate-limited and isolated as the weather is.
public struct SourceDescriptor: Sendable {
    /// Its name in the cache, in JSON (`source`) and in `forecast config`.
    public let name: String
    public let kind: SourceKind
    /// Whom to credit wherever its answer is shown.
    public let credit: String
    public let licence: String?
    /// Where it answers for (its own answer may still say a place is outside).
    public let coverage: Coverage
    /// The environment variable its key is read from; nil when it needs none.
    public let keyVariable: String?
    /// Asked only when the user chose it (`forecast config alerts openweathermap`).
    public let optIn: Bool
    public let urlVariable: String
    public let defaultBaseURL: URL
    /// The client-side limit on its calls.
    public let rate: CallRate
    /// Its terms: never asked again for one place sooner than this.
    public let minimumInterval: TimeInterval
    /// How long an answer is used when the service says nothing of its life.
    public let lifetime: TimeInterval
    /// Whether one request may carry many places.
    public let batches: Bool
    /// Its terms, in a line, for README and `forecast config`.
    public let terms: String
    private let build: @Sendable (SourceSetup) -> any BatchService<SourceResult>

    public init(
        name: String, kind: SourceKind, credit: String, licence: String? = nil, coverage: Coverage, keyVariable: String? = nil,
        optIn: Bool = false, urlVariable: String, defaultBaseURL: URL, rate: CallRate, minimumInterval: TimeInterval = 0,
        lifetime: TimeInterval, batches: Bool = false, terms: String,
        make: @escaping @Sendable (SourceSetup) -> any BatchService<SourceResult>
    ) {
        self.name = name
        self.kind = kind
        self.credit = credit
        self.licence = licence
        self.coverage = coverage
        self.keyVariable = keyVariable
        self.optIn = optIn
        self.urlVariable = urlVariable
        self.defaultBaseURL = defaultBaseURL
        self.rate = rate
        self.minimumInterval = minimumInterval
        self.lifetime = lifetime
        self.batches = batches
        self.terms = terms
        build = make
    }

    public func make(_ setup: SourceSetup) -> any BatchService<SourceResult> { build(setup) }

    /// How long a failure of the service's is remembered before it is asked
    /// again for the place: five minutes, or its terms' interval if longer. A
    /// source that hangs costs one wait, not one every run.
    public var failureBackoff: TimeInterval { max(minimumInterval, 300) }

    /// What `forecast config alerts` names to choose an opt-in source ("openweathermap").
    public var optInName: String { name.hasSuffix("-alerts") ? String(name.dropLast("-alerts".count)) : name }

    /// "MET Norway (CC BY 4.0)".
    public var attribution: String { licence.map { "\(credit) (\($0))" } ?? credit }

    /// When an answer fetched at `fetchedAt` may be replaced: the service's
    /// `Expires` if it said one (never beyond `AnswerValidity.longestLife`),
    /// and never sooner than the terms allow.
    public func notBefore(fetchedAt: Date, expires: Date?) -> Date {
        let terms = fetchedAt.addingTimeInterval(minimumInterval)
        guard let expires, expires > fetchedAt, expires.timeIntervalSince(fetchedAt) <= AnswerValidity.longestLife else { return terms }
        return max(terms, expires)
    }
}

/// The sources forecast asks beside the weather, in the order they are tried
/// (of two next-hours sources covering a place, the first is asked).
public enum WeatherSources {
    public static let all: [SourceDescriptor] = [
        .metAlerts, .nwsAlerts, .openWeatherMapAlerts, .metNowcast, .openMeteoMinutely, .openMeteoAir,
    ]

    public static func named(_ name: String) -> SourceDescriptor? { all.first { $0.name == name } }

    public static func of(_ kind: SourceKind) -> [SourceDescriptor] { all.filter { $0.kind == kind } }

    /// The sources that cover a place in `countryCode` at `coordinate`, of `kind`:
    /// every warning source (their warnings are merged), the first next-hours
    /// one (a second is asked only when the first says the place is outside).
    /// `available`: the sources made for this run (an opt-in one only when chosen, with its key).
    public static func covering(
        _ kind: SourceKind, countryCode: String, at coordinate: Coordinate, available: Set<String>
    ) -> [SourceDescriptor] {
        of(kind).filter { available.contains($0.name) && $0.coverage.covers(countryCode: countryCode, at: coordinate) }
    }
}

/// Reading a source's answers: the helpers the source files share.
enum SourceAnswers {
    /// The `Expires` header as a date, if it is one.
    static func expires(_ response: HTTPResponse) -> Date? {
        response.headers["expires"].flatMap(HTTPDate.parse)
    }

    /// An instant from an ISO 8601 text with its offset ("2026-11-26T14:00:00+01:00",
    /// "2026-11-26T13:00:00Z", "…T13:00:00.250Z"): RFC 3339's date-time, as
    /// `ISO8601DateFormatter`'s `.withInternetDateTime` (and fractional seconds)
    /// reads it; nil for anything else. Read by hand: a formatter made for each
    /// time (a nowcast has dozens, a refresh thousands) was most of the CPU
    /// a refresh of the sources took.
    static func instant(_ text: String?) -> Date? {
        guard let text, text.utf8.count <= 40 else { return nil }
        var bytes = Array(text.utf8)[...]
        while bytes.first == 0x20 { bytes.removeFirst() }
        while bytes.last == 0x20 { bytes.removeLast() }
        var index = bytes.startIndex
        func number(_ digits: Int) -> Int? {
            guard bytes.endIndex - index >= digits else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), take(0x2D), let month = number(2), take(0x2D), let day = number(2), take(0x54),
              let hour = number(2), take(0x3A), let minute = number(2), take(0x3A), let second = number(2)
        else { return nil }
        var fraction = 0.0
        if take(0x2E) {
            var scale = 0.1, digits = 0
            while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]), digits < 9 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
        }
        var offset = 0
        if !take(0x5A) {
            guard index < bytes.endIndex, bytes[index] == 0x2B || bytes[index] == 0x2D else { return nil }
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let hours = number(2), take(0x3A), let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        let date = CivilDate(year: year, month: month, day: day)
        guard index == bytes.endIndex, year >= 1, date.exists, hour <= 23, minute <= 59, second <= 59 else { return nil }
        let seconds = date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}

/// What the warning sources' readers share.
enum WarningSources {
    /// A warning of an answer that cannot be kept (`WeatherWarning.bounded`:
    /// no id or event left once cleaned, or a time far from now): the answer
    /// is not read, since leaving it out would say "no warning".
    static func unreadable(_ index: Int, list: String = "features") -> WeatherError {
        WeatherError.invalid(.field("\(list)[\(index)]"), .notValid)
    }
}

/// A service whose answers are read as source answers (the air-quality
/// service's `AirQuality` as `.air`): the refresher sees one more source.
struct SourceAdapter<Inner: BatchService>: BatchService {
    let inner: Inner
    let read: @Sendable (Inner.Answer) -> SourceResult

    var serviceName: String { inner.serviceName }
    var batchSize: Int { inner.batchSize }
    var secrets: [String] { inner.secrets }
    func callsPerPlace(_ detail: ReportDetail) -> Double { inner.callsPerPlace(detail) }
    func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] { inner.requests(for: batch, detail: detail) }
    func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { inner.maximumBodySize(for: batch, detail: detail) }
    func reason(in body: Data) -> String? { inner.reason(in: body) }
    func followUp(_ batch: [PlaceQuery], responses: [HTTPResponse], detail: ReportDetail) -> [ServiceRequest]? {
        inner.followUp(batch, responses: responses, detail: detail)
    }
    func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<SourceResult, WeatherError>], WeatherError> {
        inner.decode(batch, responses: responses, now: now).map { outcomes in outcomes.map { $0.map(read) } }
    }
}
