import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// A base URL from the environment (for proxies and tests), or the service's own.
enum ServiceURL {
    static func from(_ variable: String, default url: URL) throws -> URL {
        do {
            return try WeatherSettings.url(variable, default: url, ProcessInfo.processInfo.environment)
        } catch {
            throw InputError(SettingsError.describe(error))
        }
    }
}

/// Names the built-in gazetteer does not know, looked up online (Open-Meteo
/// geocoding) and shaped like gazetteer cities so the same rules choose among them.
enum OnlineLookup {
    static func cities(_ query: String, country: String?) async throws -> [City] {
        let client = NetworkHTTPClient(connections: 1)
        let geocoder = OpenMeteoGeocoder(
            baseURL: try ServiceURL.from("FORECAST_OPEN_METEO_GEOCODING_URL", default: OpenMeteoGeocoder.defaultBaseURL),
            client: client)
        let answer: Result<[GeocodedPlace], WeatherError>
        do { answer = .success(try await geocoder.search(query, countryCode: country)) } catch { answer = .failure(error) }
        await client.shutdown()
        let found: [GeocodedPlace]
        do {
            found = try answer.get()
        } catch {
            throw InputError("no place called '\(SafeText.quoted(query))' in the built-in gazetteer, and the online lookup failed (\(error.kind.rawValue): \(SafeText.clean(error.message)))")
        }
        return found.map { place in
            City(
                geonamesID: place.id, name: place.name, countryCode: place.countryCode, admin1: place.admin1 ?? "",
                coordinate: place.coordinate, population: place.population ?? 0,
                // The service sometimes leaves the zone out: the nearest city's is close enough.
                timeZone: place.timeZone ?? Gazetteer.bundled.nearest(to: place.coordinate)?.timeZone ?? "UTC",
                koreanName: nil)
        }
    }

    /// The online candidates split as the choosing rule wants them.
    static func choice(_ query: String, country: String?, pick: Int?) async throws -> PlaceChoice {
        let cities = try await cities(query, country: country)
        let key = SearchKey.fold(query)
        return try PlaceChoice.choose(
            exact: cities.filter { SearchKey.fold($0.name) == key }, others: cities.filter { SearchKey.fold($0.name) != key },
            pick: pick)
    }
}
