import ForecastCore
import Foundation

extension SourceDescriptor {
    /// Open-Meteo's `minutely_15` precipitation, where it is the models' own
    /// 15-minute data: Central Europe (DWD ICON-D2's domain) and North America
    /// (NOAA HRRR's). Elsewhere its 15-minute values are hours interpolated
    /// (Open-Meteo's own documentation says so), so it is not asked there and
    /// the next hours are the hourly forecast's. No key; batched like the forecast.
    public static let openMeteoMinutely = SourceDescriptor(
        name: "open-meteo-15", kind: .nextHours, credit: "Open-Meteo", licence: "CC BY 4.0",
        coverage: Coverage(boxes: [
            .init(latitudes: 43.2...58.1, longitudes: -3.9...20.3),
            .init(latitudes: 21.1...52.6, longitudes: -134.1 ... -60.9),
        ]),
        urlVariable: "FORECAST_OPEN_METEO_URL", defaultBaseURL: URL(string: "https://api.open-meteo.com")!,
        rate: CallRate(callsPerMinute: 600), lifetime: 900, batches: true,
        terms: "no key; up to 10,000 calls a day for non-commercial use",
        make: { OpenMeteoMinutely(baseURL: $0.baseURL, batchSize: $0.batchSize) })
}

/// `v1/forecast?…&minutely_15=precipitation`: for each place, a 15-minute
/// series in its own zone, each value the precipitation (mm) of the 15
/// minutes before its time; kept as a rate (mm/h) over the quarter it fell in.
public struct OpenMeteoMinutely: BatchService {
    public let serviceName = "open-meteo-15"
    public let baseURL: URL
    public let batchSize: Int
    /// Quarter hours asked for: the current one and two hours after it.
    static let quarters = 10

    public init(baseURL: URL, batchSize: Int = 50) {
        self.baseURL = baseURL
        self.batchSize = max(1, batchSize)
    }

    public func callsPerPlace(_ detail: ReportDetail) -> Double { 1 }

    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        [ServiceRequest(OpenMeteoAnswer<Location>.url(baseURL, path: "v1/forecast", batch, [
            URLQueryItem(name: "minutely_15", value: "precipitation"),
            URLQueryItem(name: "forecast_minutely_15", value: String(Self.quarters)),
        ]))]
    }

    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { OpenMeteoAnswer<Location>.maximumBodySize(batch) }

    public func reason(in body: Data) -> String? { ServiceJSON.string("reason", in: body) }

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<SourceResult, WeatherError>], WeatherError> {
        OpenMeteoAnswer<Location>.locations(batch, responses: responses).map { locations in
            zip(batch, locations).map { place, location in
                location.flatMap { Self.nextHours($0, place: place, now: now) }.map { SourceResult($0) }
            }
        }
    }

    struct Location: Decodable {
        var error: Bool?
        var reason: String?
        var utcOffsetSeconds: WholeNumber?
        var minutely15: Series?
        var units: Units?

        enum CodingKeys: String, CodingKey {
            case error, reason
            case utcOffsetSeconds = "utc_offset_seconds"
            case minutely15 = "minutely_15"
            case units = "minutely_15_units"
        }
    }

    struct Series: Decodable {
        var time: [String]?
        var precipitation: [Double?]?

        enum CodingKeys: String, CodingKey { case time, precipitation }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            time = try container.decodeIfPresent([String].self, forKey: .time, atMost: NextHours.maximumSteps)
            precipitation = try container.decodeIfPresent([Double?].self, forKey: .precipitation, atMost: NextHours.maximumSteps)
        }
    }

    struct Units: Decodable {
        var precipitation: String?
    }

    static func nextHours(_ location: Location, place: PlaceQuery, now: Date) -> Result<SourceAnswer, WeatherError> {
        if location.error == true {
            let reason = location.reason.map { SafeText.clean($0, maxLength: 200) }
            return .failure(WeatherError(.provider, detail: .serviceError(reason: reason)))
        }
        // Without precipitation in 15-minute steps there is nothing to say in minutes.
        guard let series = location.minutely15, let times = series.time, let amounts = series.precipitation,
              amounts.contains(where: { $0 != nil }) else { return .success(.outside) }
        guard times.count == amounts.count else { return .failure(WeatherError.invalid(.field("minutely_15.precipitation"), .notValid)) }
        if let unit = location.units?.precipitation, unit != "mm" {
            return .failure(WeatherError.invalid(.field("minutely_15_units.precipitation"), .notValid))
        }
        let zone = location.utcOffsetSeconds.flatMap { WeatherBounds.utcOffset.contains($0.value) ? TimeZone(secondsFromGMT: $0.value) : nil }
            ?? LocalTime.zone(place.timeZone)
        var steps: [NextHours.Step] = []
        for (index, text) in times.enumerated() {
            guard let end = LocalTime.instant(fromLocal: text, in: zone) else {
                return .failure(WeatherError.invalid(.field("minutely_15.time[\(index)]"), .notValid))
            }
            // The amount of the quarter before its time, as a rate over that quarter.
            let amount = amounts[index]
            if let amount, !amount.isFinite || amount < 0 || amount > 500 {
                return .failure(WeatherError.invalid(.field("minutely_15.precipitation[\(index)]"), .notValid))
            }
            steps.append(NextHours.Step(start: end.addingTimeInterval(-900), minutes: 15, rate: amount.map { $0 * 4 }))
        }
        return Result { () throws(WeatherError) in
            .nextHours(try NextHours(source: "open-meteo-15", kind: .nowcast, steps: steps).validated(now: now))
        }
    }
}
