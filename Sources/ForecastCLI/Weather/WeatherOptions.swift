import ArgumentParser
import ForecastCore
import ForecastProviders
import Foundation

extension ProviderName: ExpressibleByArgument {}

/// Options of the commands that show weather (list, show).
struct WeatherOptions: ParsableArguments {
    @Flag(name: .long, help: "Fetch now, even if the cached weather is recent.")
    var refresh = false

    @Flag(name: .long, help: "Use only cached weather; make no request.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("open-meteo (default, no key) or openweathermap (needs OPENWEATHER_API_KEY). Default: $FORECAST_PROVIDER.", valueName: "name"))
    var provider: ProviderName?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Requests in flight at once.", valueName: "N"))
    var concurrency: Int = 8

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds the whole refresh may take: every request, retry and wait.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Cached weather younger than this is used without asking (default 10, or $FORECAST_TTL_MINUTES).", valueName: "minutes"))
    var ttl: Double?

    @Option(name: .customLong("rate-limit"), parsing: .unconditional, help: ArgumentHelp("Calls a minute allowed (default: 600 for Open-Meteo, 60 for OpenWeatherMap's free plan).", valueName: "N"))
    var rateLimit: Double?

    @Option(name: .customLong("batch-size"), parsing: .unconditional, help: ArgumentHelp("Places per Open-Meteo request (1 turns batching off).", valueName: "N"))
    var batchSize: Int = 50

    @Option(name: .long, help: ArgumentHelp("Language of weather descriptions: en or ko (default: $FORECAST_LANG, else from $LANG).", valueName: "code"))
    var lang: String?

    func validate() throws {
        if refresh && offline { throw ValidationError("--refresh and --offline cannot be used together") }
        guard (1...256).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 256") }
        guard timeout > 0, timeout <= 300 else { throw ValidationError("--timeout must be more than 0 and at most 300 seconds") }
        if let ttl, ttl < 0 || !ttl.isFinite { throw ValidationError("--ttl must be 0 or more minutes") }
        if let rateLimit, rateLimit < 1 || !rateLimit.isFinite { throw ValidationError("--rate-limit must be at least 1 call a minute") }
        guard (1...100).contains(batchSize) else { throw ValidationError("--batch-size must be between 1 and 100") }
        if let lang, !["en", "ko", "kr"].contains(lang.lowercased()) { throw ValidationError("--lang must be en or ko") }
    }

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    func providerName() throws -> ProviderName {
        if let provider { return provider }
        guard let name = environment["FORECAST_PROVIDER"], !name.isEmpty else { return .openMeteo }
        guard let parsed = ProviderName(rawValue: name.lowercased()) else {
            throw InputError("FORECAST_PROVIDER '\(SafeText.quoted(name))' is not a provider: use open-meteo or openweathermap")
        }
        return parsed
    }

    var korean: Bool {
        if let lang { return lang.lowercased() != "en" }
        if let lang = environment["FORECAST_LANG"], !lang.isEmpty { return lang.lowercased().hasPrefix("ko") }
        return (environment["LC_ALL"] ?? environment["LANG"] ?? "").lowercased().hasPrefix("ko")
    }

    func timeToLive() throws -> TimeInterval {
        if let ttl { return ttl * 60 }
        if let text = environment["FORECAST_TTL_MINUTES"], !text.isEmpty {
            guard let minutes = Double(text), minutes >= 0, minutes.isFinite else {
                throw InputError("FORECAST_TTL_MINUTES '\(SafeText.quoted(text))' is not a number of minutes")
            }
            return minutes * 60
        }
        return 600
    }

    /// The provider to ask; OpenWeatherMap without a key is an error naming the variable.
    func makeProvider() throws -> any WeatherProvider {
        switch try providerName() {
        case .openMeteo:
            return OpenMeteoProvider(
                baseURL: try ServiceURL.from("FORECAST_OPEN_METEO_URL", default: OpenMeteoProvider.defaultBaseURL), batchSize: batchSize)
        case .openWeatherMap:
            let variable = OpenWeatherMapProvider.keyVariable
            guard let key = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else {
                throw InputError("OpenWeatherMap needs an API key: set \(variable) (or use --provider open-meteo, which needs none)")
            }
            return OpenWeatherMapProvider(
                apiKey: key, baseURL: try ServiceURL.from("FORECAST_OPENWEATHER_URL", default: OpenWeatherMapProvider.defaultBaseURL),
                korean: korean)
        }
    }

    func refreshOptions(for provider: ProviderName) -> RefreshOptions {
        var options = RefreshOptions()
        options.concurrency = concurrency
        options.budget = timeout
        options.callsPerMinute = rateLimit ?? (provider == .openWeatherMap ? 60 : 600)
        return options
    }
}
