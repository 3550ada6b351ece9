import ForecastCore
import Foundation

extension SourceDescriptor {
    /// MET Norway's MetAlerts 2.0: the awareness warnings in force for a point in
    /// Norway and its waters, Svalbard included. Terms: a User-Agent naming
    /// forecast and a contact, and one request a place in 10 minutes at most.
    public static let metAlerts = SourceDescriptor(
        name: "met-alerts", kind: .warnings, credit: "MET Norway", licence: "CC BY 4.0",
        coverage: Coverage(countries: ["NO", "SJ"], waters: [.init(latitudes: 57.5...81.5, longitudes: 0...35)]),
        urlVariable: "FORECAST_METALERTS_URL", defaultBaseURL: URL(string: "https://api.met.no")!,
        rate: CallRate(callsPerMinute: 20 * 60, window: 1), rateService: "metno", minimumInterval: 600, lifetime: 600,
        terms: "no key; a User-Agent with a contact; one request a place in 10 minutes; 20 a second with MET's other services",
        make: { MetAlerts(baseURL: $0.baseURL, userAgent: $0.userAgent, language: $0.language) })
}

/// MetAlerts 2.0 `current.json?lat=&lon=`: a GeoJSON FeatureCollection of the
/// warnings in force at the point, each with its awareness level ("2; yellow;
/// Moderate"), event, `when.interval` and texts in the language asked for
/// (English, or Norwegian).
public struct MetAlerts: OnePlaceSource {
    static let path = "weatherapi/metalerts/2.0/current.json"
    public var descriptor: SourceDescriptor { .metAlerts }
    let baseURL: URL
    let userAgent: String
    let language: Language

    public init(baseURL: URL, userAgent: String, language: Language = .en) {
        self.baseURL = baseURL
        self.userAgent = userAgent
        self.language = language
    }

    public func request(for place: PlaceQuery) -> ServiceRequest {
        // It speaks English and Norwegian; Korean readers get English.
        ServiceRequest(
            serviceURL(baseURL, path: Self.path, metPoint(place) + [URLQueryItem(name: "lang", value: "en")]),
            headers: ["User-Agent": userAgent, "Accept": "application/json"])
    }

    /// A real answer is a few KB a warning (its polygons included): 2 MB is 50
    /// warnings of 40 KB. Every request is held at its limit until decoded, so a
    /// limit far above any answer would only let fewer be asked at once.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.megabytes(2) }

    public func reason(in body: Data) -> String? { nil }

    public func answer(_ body: Data, now: Date) -> Result<SourceAnswer, WeatherError> { Self.warnings(body, now: now).map { .warnings($0) } }

    static func warnings(_ body: Data, now: Date) -> Result<[WeatherWarning], WeatherError> {
        let collection: Collection
        do { collection = try ServiceJSON.decode(Collection.self, from: body) } catch { return .failure(ServiceJSON.failure(error, body: body)) }
        // An answer without its list of warnings is not "all clear" (an empty list is).
        guard let features = collection.features else { return .failure(WeatherError.invalid(.field("features"), .missing)) }
        var warnings: [WeatherWarning] = []
        for (index, feature) in features.enumerated() {
            guard let properties = feature.properties, let id = properties.id else {
                return .failure(WeatherError.invalid(.field("features[\(index)].properties.id"), .missing))
            }
            // "2; yellow; Moderate": the colour is the level (else the risk matrix's, else the
            // number: 2 yellow, 3 orange, 4 red); green (1) is no warning. One that cannot be
            // read fails the answer: skipped, it would read as all clear.
            let level: WarningLevel
            switch Self.level(awareness: properties.awareness_level, matrix: properties.riskMatrixColor) {
            case .warning(let read): level = read
            case .green: continue
            case .unreadable: return .failure(WeatherError.invalid(.field("features[\(index)].properties.awareness_level"), .notValid))
            }
            let interval = feature.when?.interval ?? []
            let link = properties.web ?? properties.resources?.first(where: { $0.uri != nil })?.uri
            let warning = WeatherWarning(
                source: "met-alerts", id: id, event: properties.eventAwarenessName ?? properties.event ?? "", level: level,
                severity: properties.severity, certainty: properties.certainty, urgency: nil,
                onset: SourceAnswers.instant(interval.first ?? nil), ends: interval.count > 1 ? SourceAnswers.instant(interval[1]) : nil,
                headline: properties.title, description: properties.description,
                instruction: [properties.consequences, properties.instruction].compactMap { $0 }.joined(separator: "\n"),
                area: properties.area, issuer: "MET Norway", url: link,
                message: properties.type.map { WarningMessage($0) } == .cancel ? .cancel : .alert)
            // A warning that cannot be kept (no event, a time years away) fails the answer: dropped, it would read as all clear.
            guard let kept = warning.bounded(now: now) else { return .failure(WarningSources.unreadable(index)) }
            warnings.append(kept)
        }
        return .success(warnings)
    }

    enum AwarenessLevel: Equatable {
        case warning(WarningLevel), green, unreadable
    }

    static func level(awareness: String?, matrix: String?) -> AwarenessLevel {
        let parts = (awareness ?? "").split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let colours = [parts.count > 1 ? parts[1] : nil, matrix].compactMap { $0 }
        for colour in colours {
            if colour.lowercased() == "green" { return .green }
            if let level = WarningLevel(colour: colour) { return .warning(level) }
        }
        switch parts.first.flatMap({ Int($0) }) {
        case 1?: return .green
        case 2?: return .warning(.minor)
        case 3?: return .warning(.moderate)
        case 4?: return .warning(.severe)
        default: return .unreadable
        }
    }

    struct Collection: Decodable {
        var features: [Feature]?

        enum CodingKeys: String, CodingKey { case features }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            features = try container.decodeIfPresent([Feature].self, forKey: .features, atMost: WeatherWarning.Limit.count)
        }
    }

    /// Only what is shown is decoded: the polygons are skipped.
    struct Feature: Decodable {
        var properties: Properties?
        var when: When?
    }

    struct When: Decodable {
        var interval: [String?]?
    }

    struct Properties: Decodable {
        var id, event, eventAwarenessName, awareness_level, riskMatrixColor: String?
        var severity, certainty, title, description, instruction, consequences, area, web, type: String?
        var resources: [Resource]?
    }

    struct Resource: Decodable {
        var uri: String?
    }
}
