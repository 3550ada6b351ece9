import Foundation
import ForecastCore

/// A place found by Open-Meteo's geocoding API (GeoNames underneath). Fields
/// the service leaves out (it omits empty ones, sometimes even the time zone) are nil.
/// Every text field is already cleaned (`SafeText`) and bounded; the time zone
/// is one this system knows.
public struct GeocodedPlace: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var coordinate: Coordinate
    public var countryCode: String
    public var country: String?
    public var admin1: String?
    public var timeZone: String?
    public var population: Int?
}

/// Online place search, for names the built-in gazetteer does not have.
public struct OpenMeteoGeocoder: Sendable {
    public static let defaultBaseURL = URL(string: "https://geocoding-api.open-meteo.com")!
    public static let urlVariable = "FORECAST_OPEN_METEO_GEOCODING_URL"

    /// The time a search has, connecting included.
    public static let defaultTimeout: TimeInterval = 10

    let baseURL: URL
    let client: any HTTPClient
    let timeout: TimeInterval

    public init(baseURL: URL = Self.defaultBaseURL, client: any HTTPClient, timeout: TimeInterval = Self.defaultTimeout) {
        self.baseURL = baseURL
        self.client = client
        self.timeout = timeout
    }

    public func search(_ name: String, countryCode: String? = nil, language: Language = .en, count: Int = 10) async throws(WeatherError) -> [GeocodedPlace] {
        let url = serviceURL(baseURL, path: "v1/search", [
            URLQueryItem(name: "name", value: name),
            URLQueryItem(name: "count", value: String(count)),
            URLQueryItem(name: "language", value: language.rawValue),
            URLQueryItem(name: "format", value: "json"),
        ] + (countryCode.map { [URLQueryItem(name: "countryCode", value: $0.uppercased())] } ?? []))
        // At most 100 results of a few hundred bytes each.
        let response = try await client.get(
            url, deadline: .now + .milliseconds(Int(timeout * 1000)), maximumBodySize: HTTPBodyLimit.megabytes(1))
        guard (200..<300).contains(response.status) else {
            let reason = ServiceJSON.string("reason", in: response.body).map { SafeText.clean($0, maxLength: 200) }
            throw HTTPStatus.error(response, reason: reason)
        }
        return try Self.decode(response.body)
    }

    struct Answer: Decodable {
        /// No match is a 200 with no `results` key at all.
        var results: [Lenient<Item>]?
    }

    struct Item: Decodable {
        var id: WholeNumber
        var name: String
        var latitude, longitude: Double
        var country_code, country, admin1, timezone: String?
        var population: WholeNumber?
    }

    /// An element that may fail to decode without failing its array.
    struct Lenient<T: Decodable>: Decodable {
        var value: T?
        init(from decoder: any Decoder) throws { value = try? T(from: decoder) }
    }

    static func decode(_ body: Data) throws(WeatherError) -> [GeocodedPlace] {
        let answer: Answer
        do { answer = try ServiceJSON.decode(Answer.self, from: body) } catch { throw ServiceJSON.failure(error, body: body) }
        return (answer.results ?? []).prefix(100).compactMap(\.value).compactMap { item in
            let name = SafeText.storable(item.name, maxLength: PlaceName.maximumLength)
            guard SafeText.isVisible(name), let coordinate = try? Coordinate(latitude: item.latitude, longitude: item.longitude) else {
                return nil
            }
            let code = (item.country_code ?? "").uppercased()
            let text = { (value: String?) in value.map { SafeText.storable($0, maxLength: 100) }.flatMap { $0.isEmpty ? nil : $0 } }
            return GeocodedPlace(
                id: item.id.value, name: name, coordinate: coordinate,
                countryCode: code.utf8.count == 2 && code.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) ? code : "",
                country: text(item.country), admin1: text(item.admin1),
                timeZone: item.timezone.flatMap(SafeText.timeZone),
                population: item.population.map(\.value).flatMap { $0 >= 0 ? $0 : nil })
        }
    }
}
