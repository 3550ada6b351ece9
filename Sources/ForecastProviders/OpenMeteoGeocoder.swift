import Foundation
import ForecastCore

/// A place found by Open-Meteo's geocoding API (GeoNames underneath). Fields
/// the service leaves out (it omits empty ones, sometimes even the time zone) are nil.
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

    let baseURL: URL
    let client: any HTTPClient
    let timeout: TimeInterval

    public init(baseURL: URL = Self.defaultBaseURL, client: any HTTPClient, timeout: TimeInterval = 10) {
        self.baseURL = baseURL
        self.client = client
        self.timeout = timeout
    }

    public func search(_ name: String, countryCode: String? = nil, korean: Bool = false, count: Int = 10) async throws(WeatherError) -> [GeocodedPlace] {
        var components = URLComponents(url: baseURL.appending(path: "v1/search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "name", value: name),
            URLQueryItem(name: "count", value: String(count)),
            URLQueryItem(name: "language", value: korean ? "ko" : "en"),
            URLQueryItem(name: "format", value: "json"),
        ] + (countryCode.map { [URLQueryItem(name: "countryCode", value: $0.uppercased())] } ?? [])
        let response = try await client.get(components.url!, timeout: timeout)
        guard (200..<300).contains(response.status) else {
            let reason = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["reason"] as? String
            throw HTTPStatus.error(response, reason: reason)
        }
        return try Self.decode(response.body)
    }

    static func decode(_ body: Data) throws(WeatherError) -> [GeocodedPlace] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw WeatherError(.badResponse, body.isEmpty ? "an empty answer" : "malformed JSON")
        }
        // No match is a 200 with no `results` key at all.
        let results = object["results"] as? [[String: Any]] ?? []
        return results.compactMap { item in
            guard let id = JSONValue.int(item["id"]), let name = item["name"] as? String,
                  let lat = JSONValue.double(item["latitude"]), let lon = JSONValue.double(item["longitude"]),
                  let coordinate = try? Coordinate(latitude: lat, longitude: lon)
            else { return nil }
            return GeocodedPlace(
                id: id, name: name, coordinate: coordinate, countryCode: (item["country_code"] as? String) ?? "",
                country: item["country"] as? String, admin1: item["admin1"] as? String,
                timeZone: item["timezone"] as? String, population: JSONValue.int(item["population"]))
        }
    }
}
