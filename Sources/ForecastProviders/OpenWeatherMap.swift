import Foundation
import ForecastCore

extension ProviderDescriptor {
    /// 60 calls a minute: the free plan's limit.
    public static let openWeatherMap = ProviderDescriptor(
        name: "openweathermap", credit: "OpenWeatherMap", keyVariable: OpenWeatherMapProvider.keyVariable,
        urlVariable: "FORECAST_OPENWEATHER_URL", defaultBaseURL: OpenWeatherMapProvider.defaultBaseURL,
        rate: CallRate(callsPerMinute: 60), batches: false,
        make: { OpenWeatherMapProvider(apiKey: $0.apiKey ?? "", baseURL: $0.baseURL, language: $0.language) })
}

/// OpenWeatherMap: current weather plus the 5 day / 3 hour forecast, two calls
/// per place (its multi-city call is gone). Asked for in standard units (K,
/// m/s), the service's default, and converted here. A summary costs the same
/// two calls: today's low and high come only from the forecast.
public struct OpenWeatherMapProvider: WeatherProvider {
    public static let defaultBaseURL = URL(string: "https://api.openweathermap.org")!
    public static let keyVariable = "OPENWEATHER_API_KEY"

    public let name = ProviderDescriptor.openWeatherMap.name
    public let batchSize = 1
    public let baseURL: URL
    let apiKey: String
    /// The service's language code (`kr` for Korean, `ja` for Japanese, `en`…).
    public let language: String

    public init(apiKey: String, baseURL: URL = Self.defaultBaseURL, language: Language = .en) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.language = Self.languageCode(language)
    }

    /// The service's code for a language: its own spelling where it differs
    /// from ISO 639-1 (`kr` for Korean), else the ISO code ("ja"). Its
    /// descriptions are not shown (conditions are worded from their ids), so
    /// this only asks for warnings in the language where an agency has them.
    static func languageCode(_ language: Language) -> String {
        ["ko": "kr"][language.code] ?? language.code
    }

    public var secrets: [String] { [apiKey] }

    /// Today's low and high need the forecast too, so both calls are made either way.
    public func callsPerPlace(_ detail: ReportDetail) -> Double { 2 }

    public func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        batch.flatMap { place in
            ["data/2.5/weather", "data/2.5/forecast"].map { path in
                ServiceRequest(serviceURL(baseURL, path: path, [
                    URLQueryItem(name: "lat", value: urlDegrees(place.coordinate.latitude)),
                    URLQueryItem(name: "lon", value: urlDegrees(place.coordinate.longitude)),
                    URLQueryItem(name: "units", value: "standard"),
                    URLQueryItem(name: "lang", value: language),
                    URLQueryItem(name: "appid", value: apiKey),
                ]))
            }
        }
    }

    /// The forecast, the larger answer, is 40 steps of about 400 bytes (16 KB):
    /// 1 MB is sixty times that.
    public func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.megabytes(1) }

    /// The forecast has 40 steps (5 days of 3 hours); a list longer than this is not one.
    static let maximumSteps = 100

    public func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[PlaceOutcome], WeatherError> {
        .success(batch.enumerated().map { index, _ in
            guard responses.count >= 2 * index + 2 else { return .failure(WeatherError(.badResponse, detail: .noAnswer)) }
            return Self.report(current: responses[2 * index].body, forecast: responses[2 * index + 1].body, now: now, secrets: secrets)
        })
    }

    public func reason(in body: Data) -> String? { ServiceJSON.string("message", in: body) }

    // MARK: - The answers' shapes

    struct Current: Decodable {
        var cod: WholeNumber?
        var message: String?
        var dt: Double?
        var timezone: WholeNumber?
        var main: Main?
        var wind: Wind?
        var clouds: Clouds?
        var visibility: Double?
        var weather: [Condition]?
        var rain: Amount?
        var snow: Amount?
        var sys: Sys?
    }

    struct Forecast: Decodable {
        var cod: WholeNumber?
        var message: Message?
        var list: [Step]?
        var city: City?

        enum CodingKeys: String, CodingKey { case cod, message, list, city }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cod = try container.decodeIfPresent(WholeNumber.self, forKey: .cod)
            message = try container.decodeIfPresent(Message.self, forKey: .message)
            list = try container.decodeIfPresent([Step].self, forKey: .list, atMost: OpenWeatherMapProvider.maximumSteps)
            city = try container.decodeIfPresent(City.self, forKey: .city)
        }
    }

    /// `message` is text in error bodies and a number in good ones.
    struct Message: Decodable {
        var text: String?
        init(from decoder: any Decoder) throws {
            text = try? decoder.singleValueContainer().decode(String.self)
        }
    }

    struct Step: Decodable {
        var dt: Double
        var main: Main?
        var wind: Wind?
        var weather: [Condition]?
        var pop: Double?
        var rain: Amount?
        var snow: Amount?
    }

    struct Main: Decodable {
        var temp, feels_like, pressure, sea_level, humidity: Double?
    }

    struct Wind: Decodable {
        var speed, deg, gust: Double?
    }

    struct Clouds: Decodable {
        var all: Double?
    }

    struct Condition: Decodable {
        var id: WholeNumber?
        var icon: String?
    }

    struct Amount: Decodable {
        var oneHour, threeHours: Double?
        enum CodingKeys: String, CodingKey {
            case oneHour = "1h"
            case threeHours = "3h"
        }
    }

    struct Sys: Decodable {
        var sunrise, sunset: Double?
    }

    struct City: Decodable {
        var timezone: WholeNumber?
    }

    // MARK: - To a report

    /// `cod` is an Int in some bodies and a String in others; anything but 200
    /// is the service's error, whatever the HTTP status said.
    static func serviceError(cod: Int?, message: String?, secrets: [String]) -> WeatherError? {
        guard let cod, cod != 200 else { return nil }
        let text = message.map { SafeText.clean($0, maxLength: 200, redacting: secrets) } ?? "error \(cod)"
        switch cod {
        case 401, 403: return WeatherError(.unauthorized, detail: .refusedKey(status: cod, reason: text))
        case 404: return WeatherError(.notFound, detail: .notFound(reason: text))
        case 429: return WeatherError(.rateLimited, detail: .tooManyRequests(reason: text))
        default: return WeatherError(.provider, detail: .serviceError(reason: text))
        }
    }

    static func report(current currentBody: Data, forecast forecastBody: Data, now clock: Date, secrets: [String]) -> PlaceOutcome {
        let now: Current, forecast: Forecast
        do {
            now = try ServiceJSON.decode(Current.self, from: currentBody)
        } catch {
            return .failure(ServiceJSON.failure(error, body: currentBody, what: .currentWeather))
        }
        do {
            forecast = try ServiceJSON.decode(Forecast.self, from: forecastBody)
        } catch {
            return .failure(ServiceJSON.failure(error, body: forecastBody, what: .forecast))
        }
        if let error = serviceError(cod: now.cod?.value, message: now.message, secrets: secrets) { return .failure(error) }
        if let error = serviceError(cod: forecast.cod?.value, message: forecast.message?.text, secrets: secrets) { return .failure(error) }
        guard let dt = now.dt else { return .failure(.invalid(.field("dt"), .missing)) }

        let offset = now.timezone?.value ?? forecast.city?.timezone?.value ?? 0
        guard WeatherBounds.utcOffset.contains(offset) else {
            return .failure(.invalid(.field("timezone"), .outside(value: "\(offset)", range: "±18 h")))
        }
        let kelvin = { (value: Double?) in value.map { ServiceUnits.celsius($0, unit: "K") } }
        let date = { (value: Double?) in value.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil } }
        let owm = { (weather: [Condition]?) in weather?.first?.id.map { WeatherCondition.openWeatherMap($0.value) } }
        // Its icons end in "d" by day and "n" by night ("10n").
        let daytime = { (weather: [Condition]?) in weather?.first?.icon.map { $0.hasSuffix("d") } }
        let sum = { (rain: Double?, snow: Double?) -> Double? in
            rain == nil && snow == nil ? nil : (rain ?? 0) + (snow ?? 0)
        }

        let current = CurrentConditions(
            temperature: kelvin(now.main?.temp), feelsLike: kelvin(now.main?.feels_like),
            humidity: now.main?.humidity,
            pressure: now.main?.sea_level ?? now.main?.pressure,
            windSpeed: now.wind?.speed, windDirection: now.wind?.deg, windGust: now.wind?.gust,
            visibility: now.visibility, cloudCover: now.clouds?.all,
            precipitation: sum(now.rain?.oneHour, now.snow?.oneHour), condition: owm(now.weather),
            isDay: daytime(now.weather),
            sunrise: date(now.sys?.sunrise), sunset: date(now.sys?.sunset))

        let steps = (forecast.list ?? []).compactMap { step -> HourlyForecast? in
            guard let time = date(step.dt) else { return nil }
            return HourlyForecast(
                time: time, temperature: kelvin(step.main?.temp), feelsLike: kelvin(step.main?.feels_like),
                humidity: step.main?.humidity,
                // `pop` is 0–1, and may be the integer 0 or 1.
                precipitationProbability: step.pop.map { $0 * 100 },
                precipitation: sum(step.rain?.threeHours, step.snow?.threeHours),
                windSpeed: step.wind?.speed, windDirection: step.wind?.deg,
                condition: owm(step.weather), isDay: daytime(step.weather), pressure: step.main?.sea_level ?? step.main?.pressure)
        }
        let forecastOffset = forecast.city?.timezone?.value ?? offset
        guard WeatherBounds.utcOffset.contains(forecastOffset) else {
            return .failure(.invalid(.field("city.timezone"), .outside(value: "\(forecastOffset)", range: "±18 h")))
        }
        // Validate before summarising, so an absurd step fails the place instead of skewing a day.
        let stepsChecked = WeatherReport(
            observedAt: Date(timeIntervalSince1970: dt.isFinite ? dt : 0), utcOffsetSeconds: offset, timeZone: nil,
            current: current, hourly: steps, daily: [], stepsEndAtTheirTimes: true)
        let checked: WeatherReport
        do { checked = try stepsChecked.validated(now: clock) } catch { return .failure(error) }
        let days = LocalDays.summarise(
            checked.hourly.map {
                // The service leaves `rain` and `snow` out of a step where none falls:
                // a day's amount is what its steps bring, 0 on a dry day.
                ForecastStep(
                    time: $0.time, temperature: $0.temperature, condition: $0.condition,
                    precipitationProbability: $0.precipitationProbability, precipitation: $0.precipitation ?? 0)
            },
            utcOffset: forecastOffset)
        var report = checked
        report.daily = days.map {
            DailyForecast(
                date: $0.date, minimum: $0.minimum, maximum: $0.maximum, condition: $0.condition,
                precipitation: $0.precipitation, precipitationProbability: $0.precipitationProbability)
        }
        return .success(report)
    }
}
