import Foundation
@testable import ForecastCore
@testable import ForecastProviders

/// What a request to a service is, read from its path and query as the
/// services themselves tell them apart: the weather (the provider's forecast),
/// the air, a geocoding search, or one of the sources asked beside the weather.
/// Open-Meteo's 15-minute source asks the same path as its weather
/// (`v1/forecast`) and is told apart by `minutely_15` in its query.
enum ServiceCall: Hashable, Sendable {
    case weather
    case air
    case geocoding
    /// A source of `WeatherSources.all`, by its name.
    case source(String)

    init(_ url: URL) {
        let path = url.path
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        self.init(path: path, queryNames: Set(query.map(\.name)))
    }

    init(path: String, queryNames: Set<String>) {
        if path.hasSuffix("/air-quality") {
            self = .air
        } else if path.hasSuffix("/v1/search") || path.contains("/geo/1.0/") {
            self = .geocoding
        } else if path.hasSuffix("/weatherapi/metalerts/2.0/current.json") {
            self = .source(SourceDescriptor.metAlerts.name)
        } else if path.hasSuffix("/alerts/active") {
            self = .source(SourceDescriptor.nwsAlerts.name)
        } else if path.hasSuffix("/data/3.0/onecall") {
            self = .source(SourceDescriptor.openWeatherMapAlerts.name)
        } else if path.hasSuffix("/weatherapi/nowcast/2.0/complete") {
            self = .source(SourceDescriptor.metNowcast.name)
        } else if path.hasSuffix("/v1/archive") {
            self = .source(SourceDescriptor.openMeteoNormals.name)
        } else if path.hasSuffix("/v1/forecast") && queryNames.contains("minutely_15") {
            self = .source(SourceDescriptor.openMeteoMinutely.name)
        } else {
            self = .weather
        }
    }

    var isSource: Bool { if case .source = self { true } else { false } }
}

/// The recorded answers of the sources (Fixtures/SOURCES.md), served by the
/// test fakes with every time in them moved to "now": the recordings are from
/// 2022 to 2025, and their warnings would otherwise be long over (and their
/// nowcast steps too far from now to be read at all).
///
/// One answer is moved as a whole, by one shift: the moment the answer was
/// made (MET's `lastChange`, NWS's `updated`, the nowcast's `updated_at`, One
/// Call's `current.dt`) becomes `now`, to the grain of its times (whole hours
/// for warnings, five minutes for the nowcast's steps), so what was in force
/// then is in force now and every interval keeps its length and its offset.
enum RecordedSources {
    struct Recording: Sendable {
        var file: String
        /// Where in the answer the moment it was made is.
        var anchor: @Sendable (Any) -> Date?
        /// The shift is a whole number of these.
        var grain: TimeInterval
    }

    static let metAlerts = Recording(
        file: "metno_metalerts_current_3_marine_gale_alerts_2025.json",
        anchor: { (($0 as? [String: Any])?["lastChange"] as? String).flatMap(SourceAnswers.instant) }, grain: 3600)
    static let nwsPhoenix = Recording(
        file: "nws_alerts_point_phoenix_2_alerts_2024.json",
        anchor: { (($0 as? [String: Any])?["updated"] as? String).flatMap(SourceAnswers.instant) }, grain: 3600)
    static let nwsMinneapolis = Recording(
        file: "nws_alerts_point_minneapolis_update_2024.json",
        anchor: { (($0 as? [String: Any])?["updated"] as? String).flatMap(SourceAnswers.instant) }, grain: 3600)
    static let nwsEmpty = Recording(
        file: "nws_alerts_point_empty_2024.json",
        anchor: { (($0 as? [String: Any])?["updated"] as? String).flatMap(SourceAnswers.instant) }, grain: 3600)
    static let owmMoscow = Recording(
        file: "owm_onecall25_moscow_2_alerts_2022.json",
        anchor: { ((($0 as? [String: Any])?["current"] as? [String: Any])?["dt"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) } },
        grain: 3600)
    static let owmOryol = Recording(
        file: "owm_onecall25_oryol_8_alerts_2022.json",
        anchor: { ((($0 as? [String: Any])?["current"] as? [String: Any])?["dt"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) } },
        grain: 3600)
    static let nowcastTrondheim = Recording(
        file: "metno_nowcast_complete_trondheim_2023.json",
        anchor: { value in
            let meta = (((value as? [String: Any])?["properties"] as? [String: Any])?["meta"] as? [String: Any])
            return (meta?["updated_at"] as? String).flatMap(SourceAnswers.instant)
        }, grain: 300)

    /// The seconds `recording` is moved by so that it was made at `now`.
    static func shift(_ recording: Recording, now: Date) -> TimeInterval {
        let json = Fixture.json(recording.file)
        let anchor = recording.anchor(json)!
        return (now.timeIntervalSince(anchor) / recording.grain).rounded() * recording.grain
    }

    /// The recorded answer as JSON, every time in it moved so that it was made at `now`.
    static func json(_ recording: Recording, now: Date) -> Any {
        shifted(Fixture.json(recording.file), by: shift(recording, now: now))
    }

    static func data(_ recording: Recording, now: Date) -> Data {
        try! JSONSerialization.data(withJSONObject: json(recording, now: now))
    }

    /// One Call's Unix times (seconds since 1970).
    static let unixKeys: Set<String> = ["dt", "sunrise", "sunset", "moonrise", "moonset", "start", "end"]

    /// `value` with every ISO 8601 date-time text (with its offset) and every
    /// One Call Unix time moved by `seconds`; a text keeps its offset and its form.
    static func shifted(_ value: Any, by seconds: TimeInterval, key: String? = nil) -> Any {
        switch value {
        case let object as [String: Any]:
            return Dictionary(uniqueKeysWithValues: object.map { ($0.key, shifted($0.value, by: seconds, key: $0.key)) })
        case let array as [Any]:
            return array.map { shifted($0, by: seconds, key: key) }
        case let number as NSNumber where key.map(unixKeys.contains) == true:
            return number.intValue + Int(seconds)
        case let text as String:
            return movedInstant(text, by: seconds) ?? text
        default:
            return value
        }
    }

    /// "2024-07-18T12:47:00-07:00" moved, written with the same offset ("Z" stays "Z").
    static func movedInstant(_ text: String, by seconds: TimeInterval) -> String? {
        guard let match = text.wholeMatch(of: /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})/),
              let instant = SourceAnswers.instant(text) else { return nil }
        let offsetText = String(match.2)
        var offset = 0
        if offsetText != "Z" {
            let sign = offsetText.hasPrefix("-") ? -1 : 1
            let parts = offsetText.dropFirst().split(separator: ":").compactMap { Int($0) }
            offset = sign * (parts[0] * 3600 + parts[1] * 60)
        }
        let iso = LocalTime.iso8601(instant.addingTimeInterval(seconds), in: TimeZone(secondsFromGMT: offset)!)
        return String(iso.prefix(19)) + offsetText
    }

    /// The recorded answer a fake serves for a source's request at `now`, or
    /// nil when `url` is not one of the sources served from a recording (the
    /// 15-minute Open-Meteo data is the weather service's own answer: no real
    /// recording of its precipitation exists). As the real services: NWS
    /// answers 403 without a User-Agent, One Call 401 without a key.
    static func answer(_ url: URL, headers: [String: String], now: Date, key: String? = nil) -> HTTPResponse? {
        guard case .source(let name) = ServiceCall(url) else { return nil }
        let query = Dictionary((URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { $1 }
        let json = ["content-type": "application/json"]
        switch name {
        case SourceDescriptor.metAlerts.name:
            return HTTPResponse(status: 200, headers: json, body: data(metAlerts, now: now))
        case SourceDescriptor.nwsAlerts.name:
            guard !(headers["User-Agent"] ?? "").isEmpty else { return HTTPResponse(status: 403, headers: json, body: nwsForbidden) }
            return HTTPResponse(status: 200, headers: ["content-type": "application/geo+json"], body: data(nwsPhoenix, now: now))
        case SourceDescriptor.metNowcast.name:
            return HTTPResponse(status: 200, headers: json, body: data(nowcastTrondheim, now: now))
        case SourceDescriptor.openWeatherMapAlerts.name:
            guard let appid = query["appid"], !appid.isEmpty, key == nil || appid == key else {
                return HTTPResponse(status: 401, headers: json, body: Fixture.data("owm_error_401_body.json"))
            }
            return HTTPResponse(status: 200, headers: json, body: data(owmMoscow, now: now))
        default:
            return nil
        }
    }

    /// A 403 in the shape of api.weather.gov's problem documents (built, not
    /// recorded: no recording of its refusal exists), for a request without a User-Agent.
    static let nwsForbidden = Data(#"""
        {"correlationId":"0","title":"Forbidden","type":"https://api.weather.gov/problems/Forbidden","status":403,"detail":"Access denied: a User-Agent header is required"}
        """#.utf8)
}
