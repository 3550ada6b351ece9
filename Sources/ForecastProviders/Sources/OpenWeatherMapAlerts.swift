import ForecastCore
import Foundation

extension SourceDescriptor {
    /// OpenWeatherMap One Call 3.0's `alerts`: national agencies' warnings
    /// worldwide (Korea's included). It needs the user's OpenWeatherMap key, on
    /// One Call's own subscription, and is asked only when the user chose it
    /// (`forecast config alerts openweathermap`).
    public static let openWeatherMapAlerts = SourceDescriptor(
        name: "openweathermap-alerts", kind: .warnings, credit: "OpenWeatherMap (from national agencies)", coverage: .world,
        keyVariable: OpenWeatherMapProvider.keyVariable, optIn: true,
        urlVariable: ProviderDescriptor.openWeatherMap.urlVariable, defaultBaseURL: OpenWeatherMapProvider.defaultBaseURL,
        rate: CallRate(callsPerMinute: 60), minimumInterval: 600, lifetime: 600,
        terms: "your OpenWeatherMap key with a One Call 3.0 subscription; 1,000 calls a day free; asked at most every 10 minutes a place",
        make: { OpenWeatherMapAlerts(apiKey: $0.apiKey ?? "", baseURL: $0.baseURL, language: $0.language) })
}

/// `data/3.0/onecall?…&exclude=current,minutely,hourly,daily`: only the
/// `alerts` (`sender_name`, `event`, `start`, `end` in Unix seconds,
/// `description`, `tags`). It gives no level: one is read from the words an
/// agency uses (a colour, "warning" against "advisory"), minor when it says none.
public struct OpenWeatherMapAlerts: BatchService {
    public let serviceName = "openweathermap-alerts"
    public let batchSize = 1
    let apiKey: String
    let baseURL: URL
    let language: String

    public init(apiKey: String, baseURL: URL, language: Language = .en) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.language = language == .ko ? "kr" : "en"
    }

    public var secrets: [String] { [apiKey] }

    public func callsPerPlace(_ detail: ReportDetail) -> Double { 1 }

    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        batch.map { place in
            ServiceRequest(serviceURL(baseURL, path: "data/3.0/onecall", [
                URLQueryItem(name: "lat", value: urlDegrees(place.coordinate.latitude)),
                URLQueryItem(name: "lon", value: urlDegrees(place.coordinate.longitude)),
                URLQueryItem(name: "exclude", value: "current,minutely,hourly,daily"),
                URLQueryItem(name: "lang", value: language),
                URLQueryItem(name: "appid", value: apiKey),
            ]))
        }
    }

    /// With everything but the alerts excluded, a real answer is a few KB; a whole one is under 40 KB.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.megabytes(1) }

    public func reason(in body: Data) -> String? { ServiceJSON.string("message", in: body) }

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<SourceResult, WeatherError>], WeatherError> {
        .success(batch.enumerated().map { index, _ in
            guard index < responses.count else { return .failure(WeatherError(.badResponse, detail: .noAnswer)) }
            let response = responses[index]
            let notBefore = SourceDescriptor.openWeatherMapAlerts.notBefore(fetchedAt: now, expires: SourceAnswers.expires(response))
            return Self.warnings(response.body, now: now).map { SourceResult(.warnings($0), notBefore: notBefore) }
        })
    }

    static func warnings(_ body: Data, now: Date) -> Result<[WeatherWarning], WeatherError> {
        let answer: Body
        do { answer = try ServiceJSON.decode(Body.self, from: body) } catch { return .failure(ServiceJSON.failure(error, body: body)) }
        // An answer that is not One Call's (no place in it) is not "all clear"; one without `alerts` is.
        guard answer.lat != nil, answer.lon != nil else { return .failure(WeatherError.invalid(.field("lat"), .missing)) }
        var warnings: [WeatherWarning] = []
        for (index, alert) in (answer.alerts ?? []).enumerated() {
            guard let event = alert.event else { return .failure(WeatherError.invalid(.field("alerts[\(index)].event"), .missing)) }
            let start = alert.start.flatMap { SafeNumber.exactInt($0) }.map { Date(timeIntervalSince1970: Double($0)) }
            let end = alert.end.flatMap { SafeNumber.exactInt($0) }.map { Date(timeIntervalSince1970: Double($0)) }
            let sender = alert.sender_name.flatMap { $0.isEmpty ? nil : $0 }
            // It gives no id: the sender, event and times name the warning.
            let id = [sender ?? "", event, alert.start.map { SafeNumber.fixed($0, decimals: 0) } ?? "", alert.end.map { SafeNumber.fixed($0, decimals: 0) } ?? ""]
                .joined(separator: "|")
            let warning = WeatherWarning(
                source: "openweathermap-alerts", id: id, event: event, level: level(event: event),
                onset: start, ends: end, description: alert.description, issuer: sender)
            // A warning that cannot be kept (no event, a time years away) fails the answer: dropped, it would read as all clear.
            guard let kept = warning.bounded(now: now) else { return .failure(WarningSources.unreadable(index, list: "alerts")) }
            warnings.append(kept)
        }
        return .success(warnings)
    }

    /// The level an agency's words give: a colour if it names one, else a
    /// warning is moderate and an advisory, a watch or a statement minor.
    /// The `tags` are the kind of weather ("Extreme temperature value", "Rain"),
    /// never how severe: they are not read for the level.
    static func level(event: String) -> WarningLevel {
        let words = event.lowercased()
        for (word, level) in [("extreme", WarningLevel.extreme), ("red", .severe), ("orange", .moderate), ("amber", .moderate), ("yellow", .minor)]
        where words.split(whereSeparator: { !$0.isLetter }).contains(Substring(word)) {
            return level
        }
        if words.contains("경보") { return .moderate }
        return words.contains("warning") ? .moderate : .minor
    }

    struct Body: Decodable {
        var lat, lon: Double?
        var alerts: [Alert]?

        enum CodingKeys: String, CodingKey { case lat, lon, alerts }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lat = try container.decodeIfPresent(Double.self, forKey: .lat)
            lon = try container.decodeIfPresent(Double.self, forKey: .lon)
            alerts = try container.decodeIfPresent([Alert].self, forKey: .alerts, atMost: WeatherWarning.Limit.count)
        }
    }

    struct Alert: Decodable {
        var sender_name, event, description: String?
        var start, end: Double?
        var tags: [String]?
    }
}
