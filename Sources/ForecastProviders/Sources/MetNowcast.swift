import ForecastCore
import Foundation

extension SourceDescriptor {
    /// MET Norway's Nowcast 2.0: radar precipitation every 5 minutes for the
    /// next two hours in the Nordic area; its answer says whether the point is
    /// inside the radars' coverage. Terms as Locationforecast's: a User-Agent
    /// with a contact, no request before an answer's `Expires`.
    public static let metNowcast = SourceDescriptor(
        name: "met-nowcast", kind: .nextHours, credit: "MET Norway", licence: "CC BY 4.0",
        coverage: Coverage(countries: ["NO", "SE", "FI", "DK", "SJ"], waters: [.init(latitudes: 54...72, longitudes: 0...32)]),
        urlVariable: "FORECAST_NOWCAST_URL", defaultBaseURL: URL(string: "https://api.met.no")!,
        rate: CallRate(callsPerMinute: 20 * 60, window: 1), rateService: "metno", lifetime: 300,
        terms: "no key; a User-Agent with a contact; no request before an answer's Expires; 20 a second with MET's other services",
        make: { MetNowcast(baseURL: $0.baseURL, userAgent: $0.userAgent) })
}

/// `weatherapi/nowcast/2.0/complete?lat=&lon=`: GeoJSON whose
/// `properties.timeseries` has a step every 5 minutes with the instant
/// `precipitation_rate` (mm/h); `meta.radar_coverage` is "ok" where the radars see the point.
public struct MetNowcast: OnePlaceSource {
    static let path = "weatherapi/nowcast/2.0/complete"
    public var descriptor: SourceDescriptor { .metNowcast }
    let baseURL: URL
    let userAgent: String

    public init(baseURL: URL, userAgent: String) {
        self.baseURL = baseURL
        self.userAgent = userAgent
    }

    public func request(for place: PlaceQuery) -> ServiceRequest {
        ServiceRequest(serviceURL(baseURL, path: Self.path, metPoint(place)), headers: ["User-Agent": userAgent])
    }

    /// A real answer is about 25 steps (3 KB): 1 MB is far more than any.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.megabytes(1) }

    public func reason(in body: Data) -> String? { nil }

    public func answer(_ body: Data, now: Date) -> Result<SourceAnswer, WeatherError> { Self.nextHours(body, now: now) }

    static func nextHours(_ body: Data, now: Date) -> Result<SourceAnswer, WeatherError> {
        let answer: Body
        do { answer = try ServiceJSON.decode(Body.self, from: body) } catch { return .failure(ServiceJSON.failure(error, body: body)) }
        guard let properties = answer.properties else { return .failure(WeatherError.invalid(.field("properties"), .missing)) }
        // "no coverage", "temporarily unavailable": the radars say nothing of this point.
        guard properties.meta?.radar_coverage?.lowercased() == "ok" else { return .success(.outside) }
        if let unit = properties.meta?.units?.precipitation_rate, unit != "mm/h" {
            return .failure(WeatherError.invalid(.field("meta.units.precipitation_rate"), .notValid))
        }
        var timed: [(time: Date, rate: Double?)] = []
        for (index, step) in (properties.timeseries ?? []).enumerated() {
            guard let time = SourceAnswers.instant(step.time) else {
                return .failure(WeatherError.invalid(.field("timeseries[\(index)].time"), .notValid))
            }
            timed.append((time, step.data?.instant?.details?.precipitation_rate))
        }
        // In time order, each time once: a step lasts until the next one (5 minutes for the last).
        timed.sort { $0.time < $1.time }
        if zip(timed, timed.dropFirst()).contains(where: { $0.time == $1.time }) {
            return .failure(WeatherError.invalid(.field("timeseries"), .notValid))
        }
        let steps = timed.enumerated().map { index, step in
            let minutes = index + 1 < timed.count ? Int((timed[index + 1].time.timeIntervalSince(step.time) / 60).rounded()) : 5
            return NextHours.Step(start: step.time, minutes: min(max(minutes, 1), 60), rate: step.rate)
        }
        return Result { () throws(WeatherError) in
            .nextHours(try NextHours(source: "met-nowcast", kind: .nowcast, steps: steps).validated(now: now))
        }
    }

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
            timeseries = try container.decodeIfPresent([Step].self, forKey: .timeseries, atMost: NextHours.maximumSteps)
        }
    }

    struct Meta: Decodable {
        var radar_coverage: String?
        var units: Units?
    }

    struct Units: Decodable {
        var precipitation_rate: String?
    }

    struct Step: Decodable {
        var time: String?
        var data: StepData?
    }

    struct StepData: Decodable {
        var instant: Instant?
    }

    struct Instant: Decodable {
        var details: Details?
    }

    struct Details: Decodable {
        var precipitation_rate: Double?
    }
}
