import ForecastCore
import Foundation

extension SourceDescriptor {
    /// Open-Meteo's historical-weather API (ERA5): the usual low and high of
    /// each day, for "2° above normal", fetched once a month a place and kept.
    public static let openMeteoNormals = SourceDescriptor(
        name: "open-meteo-normals", kind: .normals, credit: "Open-Meteo (ERA5, Copernicus)", licence: "CC BY 4.0", coverage: .world,
        urlVariable: OpenMeteoNormals.urlVariable, defaultBaseURL: OpenMeteoNormals.defaultBaseURL,
        rate: CallRate(callsPerMinute: 600), rateService: OpenMeteoNormals.rateService,
        // A failure is asked again after an hour; an answer is kept for good.
        minimumInterval: 3600, lifetime: 366 * 86_400, batches: true,
        terms: "no key; up to 10,000 calls a day and 600 a minute for non-commercial use; 30 calls a place a month, at most 300 a run",
        make: { OpenMeteoNormals(baseURL: $0.baseURL, batchSize: $0.batchSize) })
}

/// The climate normals of places from Open-Meteo's historical-weather API:
/// for the month of each place's day (`PlaceQuery.day`), one request a year
/// of 1991–2020, each for that month and eight days either side
/// (`ClimateNormals.window`), the daily minimum and maximum of every place of
/// the batch in it. Thirty requests a batch, one call a place each as Open-Meteo
/// counts them (two variables over at most 47 days: under its ten variables
/// and 14 days a call), so 30 calls a place, once a month.
public struct OpenMeteoNormals: BatchService {
    public static let defaultBaseURL = URL(string: "https://archive-api.open-meteo.com")!
    public static let urlVariable = "FORECAST_OPEN_METEO_ARCHIVE_URL"
    /// The limit its calls count against: the archive's own.
    public static let rateService = "open-meteo-archive"
    /// Places a request: thirty answers of ten places at their limit are 3 MB held.
    public static let largestBatch = 10
    /// Calls a place: one a year of the period.
    public static var callsPerPlace: Double { Double(ClimateNormals.years.count) }
    /// The most calls of normals one run makes, reserved in the shared bucket
    /// before they are asked (no retry, no split: exactly these are spent): with 100
    /// places' weather (130 calls) and air (100), a run stays under Open-Meteo's 600 a minute.
    public static let callsPerRun = 300.0
    static let variables = "temperature_2m_max,temperature_2m_min"

    public let serviceName = Self.rateService
    public let baseURL: URL
    public let batchSize: Int

    public init(baseURL: URL = Self.defaultBaseURL, batchSize: Int = Self.largestBatch) {
        self.baseURL = baseURL
        self.batchSize = min(Self.largestBatch, max(1, batchSize))
    }

    public func callsPerPlace(_ detail: ReportDetail) -> Double { Self.callsPerPlace }

    /// A failed batch is not asked again in halves: each half would cost its
    /// thirty requests again, and the normals can wait an hour.
    public var splitsFailedBatches: Bool { false }

    /// The longest a run waits for the normals once nothing else is left to
    /// fetch (the weather from the cache): they are not worth a long wait.
    public static let longestWait: TimeInterval = 6
    /// How long places chosen for their normals are left to the run that chose
    /// them (`PlaceStore.claimNormals`): longer than it waits for them.
    public static let claimFor: TimeInterval = 120
    /// Connections for their requests: a batch's thirty in two rounds.
    public static let connections = 16

    /// The batch's places by the month they are asked for, in batch order:
    /// the requests go month by month, a year each.
    static func months(_ batch: [PlaceQuery]) -> [(month: Int, indices: [Int])] {
        var groups: [(month: Int, indices: [Int])] = []
        for (index, place) in batch.enumerated() {
            let month = place.day.map(\.month).flatMap { (1...12).contains($0) ? $0 : nil } ?? 1
            if let at = groups.firstIndex(where: { $0.month == month }) { groups[at].indices.append(index) } else { groups.append((month, [index])) }
        }
        return groups
    }

    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        Self.months(batch).flatMap { group in
            let places = group.indices.map { batch[$0] }
            return ClimateNormals.years.map { year in
                let window = ClimateNormals.window(month: group.month, year: year)
                return ServiceRequest(OpenMeteoAnswer<Location>.url(
                    baseURL, path: "v1/archive", places,
                    [
                        URLQueryItem(name: "start_date", value: window.start.iso), URLQueryItem(name: "end_date", value: window.end.iso),
                        URLQueryItem(name: "daily", value: Self.variables),
                    ]))
            }
        }
    }

    /// A place's 47 days of two numbers are under 2 KB: 8 KB a place, and 32 KB besides.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int {
        (32 + 8 * batch.count) << 10
    }

    public func reason(in body: Data) -> String? { ServiceJSON.string("reason", in: body) }

    /// One result per place: its normals for the month asked, or why there are none.
    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<SourceResult, WeatherError>], WeatherError> {
        let years = ClimateNormals.years.count
        var outcomes = [Result<SourceResult, WeatherError>](repeating: .failure(WeatherError(.badResponse, detail: .noAnswer)), count: batch.count)
        for (number, group) in Self.months(batch).enumerated() {
            let places = group.indices.map { batch[$0] }
            let answers = responses.dropFirst(number * years).prefix(years)
            guard answers.count == years else { continue }
            var series = [Series](repeating: Series(), count: places.count)
            var failures = [WeatherError?](repeating: nil, count: places.count)
            for (year, response) in zip(ClimateNormals.years, answers) {
                let window = ClimateNormals.window(month: group.month, year: year)
                switch OpenMeteoAnswer<Location>.locations(places, responses: [response]) {
                case .failure(let error):
                    // The answer as a whole cannot be read: every place of its request fails with it.
                    for index in places.indices where failures[index] == nil { failures[index] = error }
                case .success(let located):
                    for (index, location) in located.enumerated() where failures[index] == nil {
                        switch location.flatMap({ Self.days($0, window: window) }) {
                        case .success(let days): series[index].add(days)
                        case .failure(let error): failures[index] = error
                        }
                    }
                }
            }
            for (index, place) in group.indices.enumerated() {
                if let failure = failures[index] {
                    outcomes[place] = .failure(failure)
                } else if let normals = ClimateNormals.from(month: group.month, lows: series[index].lows, highs: series[index].highs) {
                    // No "not before": what decides whether they are asked again is whether today's day is kept.
                    outcomes[place] = Result { () throws(WeatherError) in SourceResult(.normals(try normals.validated())) }
                } else {
                    // Too few values for any day: no normal rather than one made of a few days.
                    outcomes[place] = .failure(WeatherError.invalid(.field("daily"), .empty))
                }
            }
        }
        return .success(outcomes)
    }

    /// One place's lows and highs, by day since 1970.
    struct Series {
        var lows: [Int: Double] = [:]
        var highs: [Int: Double] = [:]

        mutating func add(_ days: [(day: Int, low: Double?, high: Double?)]) {
            for (day, low, high) in days {
                if let low { lows[day] = low }
                if let high { highs[day] = high }
            }
        }
    }

    struct Location: Decodable {
        var error: Bool?
        var reason: String?
        var dailyUnits: [String: String]?
        var daily: Daily?

        enum CodingKeys: String, CodingKey {
            case error, reason, daily
            case dailyUnits = "daily_units"
        }
    }

    struct Daily: Decodable {
        var time: [String?]
        var temperature_2m_max, temperature_2m_min: [Double?]?
    }

    /// A location's days, checked: each a day of the window asked, once, in
    /// order; each value a temperature (°C, or a unit converted to it); a low
    /// above its day's high is no day. A null is a day without that value.
    static func days(_ location: Location, window: (start: CivilDate, end: CivilDate)) -> Result<[(day: Int, low: Double?, high: Double?)], WeatherError> {
        if location.error == true {
            let reason = location.reason.map { SafeText.clean($0, maxLength: 200) }
            return .failure(WeatherError(.provider, detail: .serviceError(reason: reason)))
        }
        guard let daily = location.daily else { return .failure(.invalid(.field("daily"), .missing)) }
        let first = window.start.daysSince1970, last = window.end.daysSince1970
        guard daily.time.count <= last - first + 1 else { return .failure(.invalid(.field("daily.time"), .notValid)) }
        for (name, column) in [("temperature_2m_max", daily.temperature_2m_max), ("temperature_2m_min", daily.temperature_2m_min)] {
            guard let column else { return .failure(.invalid(.field("daily." + name), .missing)) }
            guard column.count == daily.time.count else { return .failure(.invalid(.field("daily." + name), .notValid)) }
        }
        let units = location.dailyUnits ?? [:]
        var days: [(day: Int, low: Double?, high: Double?)] = []
        var previous = Int.min
        for (index, text) in daily.time.enumerated() {
            guard let text, text.utf8.count == 10, let date = CivilDate(iso: text) else {
                return .failure(.invalid(.field("daily.time[\(index)]"), .notValid))
            }
            let day = date.daysSince1970
            guard day > previous, (first...last).contains(day) else { return .failure(.invalid(.field("daily.time[\(index)]"), .notValid)) }
            previous = day
            var values: [Double?] = []
            for (name, column) in [("temperature_2m_min", daily.temperature_2m_min), ("temperature_2m_max", daily.temperature_2m_max)] {
                guard let raw = column?[index] else { values.append(nil); continue }
                let celsius = ServiceUnits.celsius(raw, unit: units[name])
                guard celsius.isFinite, WeatherBounds.temperature.contains(celsius) else {
                    return .failure(.invalid(
                        .field("daily.\(name)[\(index)]"), .outside(value: SafeNumber.fixed(raw, decimals: 1, trim: true), range: "-100…70 °C")))
                }
                values.append(celsius)
            }
            if let low = values[0], let high = values[1], low > high { return .failure(.invalid(.field("daily[\(index)]"), .notValid)) }
            days.append((day, values[0], values[1]))
        }
        return .success(days)
    }
}
