import ForecastCore
import Foundation

/// A source asked once for each place (MET's warnings and nowcast, the NWS's
/// alerts, One Call's alerts): it says its request for a place and how one
/// answer reads; the batching, the answers matched to their places and the
/// `Expires` held to its terms are written once, here.
public protocol OnePlaceSource: BatchService where Answer == SourceResult {
    /// Its entry in `WeatherSources.all`: its name and terms.
    var descriptor: SourceDescriptor { get }
    func request(for place: PlaceQuery) -> ServiceRequest
    /// What one answer's body says, validated.
    func answer(_ body: Data, now: Date) -> Result<SourceAnswer, WeatherError>
}

extension OnePlaceSource {
    /// The limit its calls count against (MET's sources share MET's).
    public var serviceName: String { descriptor.rateService }
    public var batchSize: Int { 1 }
    public func callsPerPlace(_ detail: ReportDetail) -> Double { 1 }

    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] { batch.map(request(for:)) }

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<SourceResult, WeatherError>], WeatherError> {
        .success(batch.indices.map { index in
            guard index < responses.count else { return .failure(WeatherError(.badResponse, detail: .noAnswer)) }
            let response = responses[index]
            let notBefore = descriptor.notBefore(fetchedAt: now, expires: SourceAnswers.expires(response))
            return answer(response.body, now: now).map { SourceResult($0, notBefore: notBefore) }
        })
    }
}

/// `lat=` and `lon=` as MET asks them: four decimals at most (more only defeats
/// its cache), trailing zeros trimmed.
func metPoint(_ place: PlaceQuery) -> [URLQueryItem] {
    [
        URLQueryItem(name: "lat", value: SafeNumber.fixed(place.coordinate.latitude, decimals: 4, trim: true)),
        URLQueryItem(name: "lon", value: SafeNumber.fixed(place.coordinate.longitude, decimals: 4, trim: true)),
    ]
}
