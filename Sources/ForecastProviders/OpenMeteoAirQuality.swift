import Foundation
import ForecastCore

extension SourceDescriptor {
    /// Open-Meteo's air-quality API: the air now, everywhere, beside the weather.
    public static let openMeteoAir = SourceDescriptor(
        name: "open-meteo-air", kind: .air, credit: "Open-Meteo (CAMS)", licence: "CC BY 4.0", coverage: .world,
        urlVariable: OpenMeteoAirQuality.urlVariable, defaultBaseURL: OpenMeteoAirQuality.defaultBaseURL,
        rate: CallRate(callsPerMinute: 600), lifetime: 3600, batches: true,
        terms: "no key; up to 10,000 calls a day for non-commercial use",
        make: { SourceAdapter(inner: OpenMeteoAirQuality(baseURL: $0.baseURL, batchSize: $0.batchSize)) { SourceResult(.air($0)) } })
}

/// Open-Meteo's air-quality API (no key, CAMS data): the air now at many
/// places in one request, in the same frame as its forecast API.
public struct OpenMeteoAirQuality: BatchService {
    public static let defaultBaseURL = URL(string: "https://air-quality-api.open-meteo.com")!
    public static let urlVariable = "FORECAST_OPEN_METEO_AIR_QUALITY_URL"
    /// Ten variables: still one call a place as Open-Meteo counts them. The
    /// pollen are CAMS' European model's: null elsewhere and out of season.
    static let variables = [
        "us_aqi", "european_aqi", "pm2_5", "pm10",
        "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
    ]

    public let serviceName = "open-meteo-air-quality"
    public let baseURL: URL
    public let batchSize: Int

    public init(baseURL: URL = Self.defaultBaseURL, batchSize: Int = 50) {
        self.baseURL = baseURL
        self.batchSize = max(1, batchSize)
    }

    public func callsPerPlace(_ detail: ReportDetail) -> Double { 1 }

    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        [ServiceRequest(OpenMeteoAnswer<Location>.url(
            baseURL, path: "v1/air-quality", batch, [URLQueryItem(name: "current", value: Self.variables.joined(separator: ","))]))]
    }

    /// Four values a place: far less than the forecast, under the same limit.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int {
        OpenMeteoAnswer<Location>.maximumBodySize(batch)
    }

    /// One result per place: its air (empty where the model has no values), or why there is none.
    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<AirQuality, WeatherError>], WeatherError> {
        OpenMeteoAnswer<Location>.locations(batch, responses: responses).map { locations in
            zip(batch, locations).map { place, location in location.flatMap { Self.air($0, place: place, now: now) } }
        }
    }

    public func reason(in body: Data) -> String? { ServiceJSON.string("reason", in: body) }

    /// How far from now the air's hour may be: its current hour, read in whatever zone the answer names.
    static let nowSpan: TimeInterval = 3 * 3600

    struct Location: Decodable {
        var error: Bool?
        var reason: String?
        var utcOffsetSeconds: WholeNumber?
        var current: Current?

        enum CodingKeys: String, CodingKey {
            case error, reason, current
            case utcOffsetSeconds = "utc_offset_seconds"
        }
    }

    struct Current: Decodable {
        var time: String?
        var us_aqi, european_aqi, pm2_5, pm10: Double?
        var alder_pollen, birch_pollen, grass_pollen, mugwort_pollen, olive_pollen, ragweed_pollen: Double?
    }

    static func air(_ location: Location, place: PlaceQuery, now: Date) -> Result<AirQuality, WeatherError> {
        if location.error == true {
            let reason = location.reason.map { SafeText.clean($0, maxLength: 200) }
            return .failure(WeatherError(.provider, detail: .serviceError(reason: reason)))
        }
        guard let current = location.current else { return .success(AirQuality()) }
        // Times are local to the offset the answer names (or the place's zone).
        let zone = location.utcOffsetSeconds.flatMap { WeatherBounds.utcOffset.contains($0.value) ? TimeZone(secondsFromGMT: $0.value) : nil }
            ?? LocalTime.zone(place.timeZone)
        let time = current.time.flatMap { LocalTime.instant(fromLocal: $0, in: zone) }
        // "Now" is this hour's: an answer for a week ago (or ahead) would be graded as the air now.
        if let time, abs(time.timeIntervalSince(now)) > Self.nowSpan {
            return .failure(WeatherError.invalid(.field("current.time"), .notValid))
        }
        // A pollen count that is not one (negative, not finite, absurd) is that plant's unknown, not the whole air's.
        let grains = { (value: Double?) in value.flatMap { $0.isFinite && WeatherBounds.pollen.contains($0) ? $0 : nil } }
        let air = AirQuality(
            time: time, usAQI: current.us_aqi, europeanAQI: current.european_aqi, pm2_5: current.pm2_5, pm10: current.pm10,
            pollen: AirQuality.Pollen(
                alder: grains(current.alder_pollen), birch: grains(current.birch_pollen), grass: grains(current.grass_pollen),
                mugwort: grains(current.mugwort_pollen), olive: grains(current.olive_pollen), ragweed: grains(current.ragweed_pollen)))
        return Result { () throws(WeatherError) in
            try air.validate("current", now: now)
            return air
        }
    }
}
