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
public struct OpenWeatherMapAlerts: OnePlaceSource {
    public var descriptor: SourceDescriptor { .openWeatherMapAlerts }
    let apiKey: String
    let baseURL: URL
    let language: String

    public init(apiKey: String, baseURL: URL, language: Language = .en) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.language = OpenWeatherMapProvider.languageCode(language)
    }

    public var secrets: [String] { [apiKey] }

    public func request(for place: PlaceQuery) -> ServiceRequest {
        ServiceRequest(serviceURL(baseURL, path: "data/3.0/onecall", [
            URLQueryItem(name: "lat", value: urlDegrees(place.coordinate.latitude)),
            URLQueryItem(name: "lon", value: urlDegrees(place.coordinate.longitude)),
            URLQueryItem(name: "exclude", value: "current,minutely,hourly,daily"),
            URLQueryItem(name: "lang", value: language),
            URLQueryItem(name: "appid", value: apiKey),
        ]))
    }

    /// With everything but the alerts excluded, a real answer is a few KB; a whole one is under 40 KB.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.megabytes(1) }

    public func reason(in body: Data) -> String? { ServiceJSON.string("message", in: body) }

    public func answer(_ body: Data, now: Date) -> Result<SourceAnswer, WeatherError> {
        // A service that echoes the key into its texts (a proxy's error page as an alert) never gets it shown or kept.
        Self.warnings(body, now: now, language: language).map { .warnings($0.map { $0.redacting([apiKey]) }) }
    }

    static func warnings(_ body: Data, now: Date, language: String = "en") -> Result<[WeatherWarning], WeatherError> {
        let answer: Body
        do { answer = try ServiceJSON.decode(Body.self, from: body) } catch { return .failure(ServiceJSON.failure(error, body: body)) }
        // An answer that is not One Call's (no place in it) is not "all clear"; one without `alerts` is.
        guard answer.lat != nil, answer.lon != nil else { return .failure(WeatherError.invalid(.field("lat"), .missing)) }
        let alerts = answer.alerts ?? []
        if let index = alerts.firstIndex(where: { $0.event == nil }) {
            return .failure(WeatherError.invalid(.field("alerts[\(index)].event"), .missing))
        }
        var warnings: [WeatherWarning] = []
        for (index, alert) in oneCopyEach(alerts, language: language).enumerated() {
            guard let event = alert.event else { continue }
            let start = alert.start.flatMap { SafeNumber.exactInt($0) }.map { Date(timeIntervalSince1970: Double($0)) }
            let end = alert.end.flatMap { SafeNumber.exactInt($0) }.map { Date(timeIntervalSince1970: Double($0)) }
            let sender = alert.sender_name.flatMap { $0.isEmpty ? nil : $0 }
            // It gives no id: the sender, event and times name the warning.
            let id = [sender ?? "", event, alert.start.map { SafeNumber.fixed($0, decimals: 0) } ?? "", alert.end.map { SafeNumber.fixed($0, decimals: 0) } ?? ""]
                .joined(separator: "|")
            let warning = WeatherWarning(
                source: "openweathermap-alerts", id: id, event: event, level: level(event: event, tags: alert.tags ?? []),
                onset: start, ends: end, description: alert.description, issuer: sender)
            // A warning that cannot be kept (no event, a time years away) fails the answer: dropped, it would read as all clear.
            guard let kept = warning.bounded(now: now) else { return .failure(WarningSources.unreadable(index, list: "alerts")) }
            warnings.append(kept)
        }
        return .success(warnings)
    }

    /// An agency may send each warning twice, in its language and in English
    /// (Russia's: "Wind" with no description, and "Ветер" with one): one copy
    /// of each (the same sender and times), the one in the reader's script,
    /// with the other's description where its own is empty.
    static func oneCopyEach(_ alerts: [Alert], language: String) -> [Alert] {
        var groups: [String: [Alert]] = [:], order: [String] = []
        for alert in alerts {
            let key = [alert.sender_name ?? "", alert.start.map { "\($0)" } ?? "", alert.end.map { "\($0)" } ?? ""].joined(separator: "|")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(alert)
        }
        return order.flatMap { key -> [Alert] in
            let group = groups[key] ?? []
            // Only copies in two scripts are one warning twice: two events in one script are two warnings.
            let latin = group.filter { isLatin($0.event ?? "") }, other = group.filter { !isLatin($0.event ?? "") }
            guard latin.count == 1, other.count == 1 else { return group }
            var chosen = language == "en" || !(other[0].event ?? "").unicodeScalars.contains(where: isHangul) ? latin[0] : other[0]
            let rest = chosen.event == latin[0].event ? other[0] : latin[0]
            if (chosen.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { chosen.description = rest.description }
            if chosen.tags?.isEmpty ?? true { chosen.tags = rest.tags }
            return [chosen]
        }
    }

    static func isLatin(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { $0.value < 0x250 } }
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value) }

    /// The level an agency's words give: a colour its event names, else a
    /// warning is moderate and an advisory, a watch or a statement minor. The
    /// tags are kinds of weather ("Extreme temperature value" is about
    /// temperature, not severity): never read as a level, nor is "extreme" in
    /// an event's name ("Extreme Heat Warning" is an ordinary warning).
    static func level(event: String, tags: [String]) -> WarningLevel {
        // A "Red Flag Warning" is the US fire-weather product, not a red level.
        let words = event.lowercased().replacingOccurrences(of: "red flag", with: "fire").split(whereSeparator: { !$0.isLetter }).map(String.init)
        for (word, level) in [("red", WarningLevel.severe), ("orange", .moderate), ("amber", .moderate), ("yellow", .minor)]
        where words.contains(word) {
            return level
        }
        if event.contains("경보") { return .moderate }
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
