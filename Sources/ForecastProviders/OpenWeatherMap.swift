import Foundation
import ForecastCore

/// OpenWeatherMap: current weather plus the 5 day / 3 hour forecast, two calls
/// per place (its multi-city call is gone). Asked for in standard units (K,
/// m/s), the service's default, and converted here.
public struct OpenWeatherMapProvider: WeatherProvider {
    public static let defaultBaseURL = URL(string: "https://api.openweathermap.org")!
    public static let keyVariable = "OPENWEATHER_API_KEY"

    public let name = ProviderName.openWeatherMap
    public let batchSize = 1
    public let callsPerPlace = 2.0
    public let baseURL: URL
    let apiKey: String
    /// `kr` for Korean (the service's code, not `ko`), else `en`.
    public let language: String

    public init(apiKey: String, baseURL: URL = Self.defaultBaseURL, korean: Bool = false) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        language = korean ? "kr" : "en"
    }

    public func requests(for batch: [PlaceQuery]) -> [URL] {
        batch.flatMap { place in
            ["data/2.5/weather", "data/2.5/forecast"].map { path in
                var components = URLComponents(url: baseURL.appending(path: path), resolvingAgainstBaseURL: false)!
                components.queryItems = [
                    URLQueryItem(name: "lat", value: urlDegrees(place.coordinate.latitude)),
                    URLQueryItem(name: "lon", value: urlDegrees(place.coordinate.longitude)),
                    URLQueryItem(name: "units", value: "standard"),
                    URLQueryItem(name: "lang", value: language),
                    URLQueryItem(name: "appid", value: apiKey),
                ]
                return components.url!
            }
        }
    }

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse]) -> [Result<WeatherReport, WeatherError>] {
        batch.enumerated().map { index, _ in
            guard responses.count >= 2 * index + 2 else { return .failure(WeatherError(.badResponse, "no answer")) }
            return Self.report(current: responses[2 * index].body, forecast: responses[2 * index + 1].body)
        }
    }

    public func reason(in body: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["message"] as? String
    }

    static func object(_ body: Data, what: String) -> Result<[String: Any], WeatherError> {
        guard !body.isEmpty else { return .failure(WeatherError(.badResponse, "an empty answer for the \(what)")) }
        guard let json = try? JSONSerialization.jsonObject(with: body) else {
            return .failure(WeatherError(.badResponse, "malformed JSON for the \(what)"))
        }
        guard let object = json as? [String: Any] else { return .failure(WeatherError(.badResponse, "unexpected JSON for the \(what)")) }
        // `cod` is an Int in some bodies and a String in others.
        if let cod = JSONValue.int(object["cod"]), cod != 200 {
            return .failure(WeatherError(.provider, object["message"] as? String ?? "error \(cod)"))
        }
        return .success(object)
    }

    static func report(current currentBody: Data, forecast forecastBody: Data) -> Result<WeatherReport, WeatherError> {
        let now: [String: Any], forecast: [String: Any]
        switch (object(currentBody, what: "current weather"), object(forecastBody, what: "forecast")) {
        case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
        case (.success(let a), .success(let b)): (now, forecast) = (a, b)
        }
        guard let dt = JSONValue.double(now["dt"]) else { return .failure(WeatherError(.badResponse, "the current weather has no time")) }
        let city = forecast["city"] as? [String: Any] ?? [:]
        let offset = JSONValue.int(now["timezone"]) ?? JSONValue.int(city["timezone"]) ?? 0
        let main = now["main"] as? [String: Any] ?? [:]
        let wind = now["wind"] as? [String: Any] ?? [:]
        let sys = now["sys"] as? [String: Any] ?? [:]
        let kelvin = { (v: Any?) in JSONValue.double(v).map { ServiceUnits.celsius($0, unit: "K") } }
        let date = { (v: Any?) in JSONValue.double(v).map { Date(timeIntervalSince1970: $0) } }
        let rain = (now["rain"] as? [String: Any])?["1h"], snow = (now["snow"] as? [String: Any])?["1h"]
        let precipitation: Double? = rain == nil && snow == nil ? nil : (JSONValue.double(rain) ?? 0) + (JSONValue.double(snow) ?? 0)

        let current = CurrentConditions(
            temperature: kelvin(main["temp"]), feelsLike: kelvin(main["feels_like"]),
            humidity: JSONValue.double(main["humidity"]),
            pressure: JSONValue.double(main["sea_level"]) ?? JSONValue.double(main["pressure"]),
            windSpeed: JSONValue.double(wind["speed"]), windDirection: JSONValue.double(wind["deg"]),
            windGust: JSONValue.double(wind["gust"]), visibility: JSONValue.double(now["visibility"]),
            cloudCover: JSONValue.double((now["clouds"] as? [String: Any])?["all"]),
            precipitation: precipitation, condition: condition(now["weather"]),
            isDay: (((now["weather"] as? [[String: Any]])?.first?["icon"] as? String)?.hasSuffix("d")),
            sunrise: date(sys["sunrise"]), sunset: date(sys["sunset"]))

        let steps = (forecast["list"] as? [[String: Any]] ?? []).compactMap { step -> HourlyForecast? in
            guard let time = date(step["dt"]) else { return nil }
            let main = step["main"] as? [String: Any] ?? [:]
            let wind = step["wind"] as? [String: Any] ?? [:]
            let rain = (step["rain"] as? [String: Any])?["3h"], snow = (step["snow"] as? [String: Any])?["3h"]
            return HourlyForecast(
                time: time, temperature: kelvin(main["temp"]), feelsLike: kelvin(main["feels_like"]),
                humidity: JSONValue.double(main["humidity"]),
                // `pop` is 0–1, and may be the integer 0 or 1.
                precipitationProbability: JSONValue.double(step["pop"]).map { $0 * 100 },
                precipitation: rain == nil && snow == nil ? nil : (JSONValue.double(rain) ?? 0) + (JSONValue.double(snow) ?? 0),
                windSpeed: JSONValue.double(wind["speed"]), windDirection: JSONValue.double(wind["deg"]),
                condition: condition(step["weather"]))
        }
        let forecastOffset = JSONValue.int(city["timezone"]) ?? offset
        let days = LocalDays.summarise(
            steps.map { ForecastStep(time: $0.time, temperature: $0.temperature, condition: $0.condition) },
            utcOffset: forecastOffset)
        let daily = days.map { DailyForecast(date: $0.date, minimum: $0.minimum, maximum: $0.maximum, condition: $0.condition) }
        return .success(WeatherReport(
            observedAt: Date(timeIntervalSince1970: dt), utcOffsetSeconds: offset, timeZone: nil,
            current: current, hourly: steps, daily: daily))
    }

    static func condition(_ weather: Any?) -> WeatherCondition? {
        guard let first = (weather as? [[String: Any]])?.first, let id = JSONValue.int(first["id"]) else { return nil }
        return WeatherCondition.openWeatherMap(id)
    }
}
