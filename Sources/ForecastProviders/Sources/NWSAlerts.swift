import ForecastCore
import Foundation

extension SourceDescriptor {
    /// The US National Weather Service's active alerts for a point in the United
    /// States and its territories. Open data; a User-Agent naming forecast and a
    /// contact is required (it answers 403 without). No published rate limit
    /// ("generous for typical use"): forecast keeps to 20 requests a second, as MET asks.
    public static let nwsAlerts = SourceDescriptor(
        name: "nws-alerts", kind: .warnings, credit: "US National Weather Service", licence: "public domain",
        coverage: Coverage(countries: ["US", "PR", "GU", "VI", "AS", "MP", "UM"]),
        urlVariable: "FORECAST_NWS_URL", defaultBaseURL: URL(string: "https://api.weather.gov")!,
        rate: CallRate(callsPerMinute: 20 * 60, window: 1), lifetime: 300,
        terms: "no key; a User-Agent with a contact (403 without)",
        make: { NWSAlerts(baseURL: $0.baseURL, userAgent: $0.userAgent) })
}

/// `alerts/active?point=LAT,LON` (`Accept: application/geo+json`): a GeoJSON
/// FeatureCollection of the CAP messages in force at the point. An update or a
/// cancellation names the messages it replaces in `references`.
public struct NWSAlerts: OnePlaceSource {
    static let path = "alerts/active"
    public var descriptor: SourceDescriptor { .nwsAlerts }
    let baseURL: URL
    let userAgent: String

    public init(baseURL: URL, userAgent: String) {
        self.baseURL = baseURL
        self.userAgent = userAgent
    }

    public func request(for place: PlaceQuery) -> ServiceRequest {
        // It refuses points with more than four decimals.
        let point = metPoint(place).compactMap(\.value).joined(separator: ",")
        return ServiceRequest(
            serviceURL(baseURL, path: Self.path, [URLQueryItem(name: "point", value: point)]),
            headers: ["User-Agent": userAgent, "Accept": "application/geo+json"])
    }

    /// A real answer is a few KB an alert (descriptions, zone lists; geometry
    /// is often null but may be a county's polygon): 2 MB is 50 alerts of 40 KB.
    /// Every request is held at its limit until decoded, so a limit far above any
    /// answer would only let fewer be asked at once.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.megabytes(2) }

    /// Its errors are problem documents: `{"title": …, "detail": …}`.
    public func reason(in body: Data) -> String? { ServiceJSON.string("detail", in: body) ?? ServiceJSON.string("title", in: body) }

    public func answer(_ body: Data, now: Date) -> Result<SourceAnswer, WeatherError> { Self.warnings(body, now: now).map { .warnings($0) } }

    static func warnings(_ body: Data, now: Date) -> Result<[WeatherWarning], WeatherError> {
        let collection: Collection
        do { collection = try ServiceJSON.decode(Collection.self, from: body) } catch { return .failure(ServiceJSON.failure(error, body: body)) }
        // An answer without its list of alerts is not "all clear" (an empty list is).
        guard let features = collection.features else { return .failure(WeatherError.invalid(.field("features"), .missing)) }
        var warnings: [WeatherWarning] = []
        for (index, feature) in features.enumerated() {
            guard let alert = feature.properties, let id = alert.id else {
                return .failure(WeatherError.invalid(.field("features[\(index)].properties.id"), .missing))
            }
            // Exercises, tests and drafts are no warning.
            guard alert.status.map({ $0.lowercased() == "actual" }) ?? true else { continue }
            // "Unknown" severity (or none) is still a warning, shown as the service says: below minor.
            let level: WarningLevel = alert.severity.flatMap(WarningLevel.init(capSeverity:)) ?? WarningLevel.unknown
            let warning = WeatherWarning(
                source: "nws-alerts", id: id, event: alert.event ?? "", level: level,
                severity: alert.severity, certainty: alert.certainty, urgency: alert.urgency,
                sent: SourceAnswers.instant(alert.sent), onset: SourceAnswers.instant(alert.onset ?? alert.effective),
                ends: SourceAnswers.instant(alert.ends), expires: SourceAnswers.instant(alert.expires),
                headline: alert.headline ?? alert.parameters?.NWSheadline?.first, description: alert.description,
                instruction: alert.instruction, area: alert.areaDesc, issuer: alert.senderName, url: alert.atID,
                message: WarningMessage(alert.messageType),
                references: (alert.references ?? []).compactMap(\.identifier))
            // A warning that cannot be kept (no event, a time years away) fails the answer: dropped, it would read as all clear.
            guard let kept = warning.bounded(now: now) else { return .failure(WarningSources.unreadable(index)) }
            warnings.append(kept)
        }
        return .success(warnings)
    }

    struct Collection: Decodable {
        var features: [Feature]?

        enum CodingKeys: String, CodingKey { case features }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            features = try container.decodeIfPresent([Feature].self, forKey: .features, atMost: WeatherWarning.Limit.count)
        }
    }

    /// The geometry is not decoded.
    struct Feature: Decodable {
        var properties: Alert?
    }

    struct Alert: Decodable {
        var atID, id, areaDesc, sent, effective, onset, expires, ends, status, messageType: String?
        var severity, certainty, urgency, event, senderName, headline, description, instruction: String?
        var references: [Reference]?
        var parameters: Parameters?

        enum CodingKeys: String, CodingKey {
            case atID = "@id"
            case id, areaDesc, sent, effective, onset, expires, ends, status, messageType
            case severity, certainty, urgency, event, senderName, headline, description, instruction, references, parameters
        }
    }

    struct Reference: Decodable {
        var identifier: String?
    }

    struct Parameters: Decodable {
        var NWSheadline: [String]?
    }
}
