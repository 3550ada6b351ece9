import ForecastCore
import ForecastProviders
import Foundation

/// What the command line asked for; nil where it said nothing.
public struct WeatherRequest: Sendable {
    public var provider: ProviderName?
    public var refresh = false
    public var offline = false
    /// Nil: the environment, then `forecast config`, then 8.
    public var concurrency: Int?
    public var timeout: TimeInterval = 10
    /// When `timeout` ends, when it began before the weather was asked for
    /// (a name looked up online first).
    public var budgetEnds: ContinuousClock.Instant?
    public var ttlMinutes: Double?
    public var rateLimit: Double?
    public var batchSize = 50
    public var language: String?

    public init() {}
}

/// Why the settings cannot be used. The CLI says it in words.
/// A value from the environment is nil where it is not to be repeated: it
/// could be an API key set in the wrong variable (`Configuration.shown`).
public enum SettingsError: Error, Equatable, Sendable {
    case unknownProvider(String?)
    case badTTL(String?)
    case badConcurrency(String?)
    case missingKey(variable: String)
    case badURL(variable: String, value: String?)
    /// $FORECAST_CONTACT cannot go into a request's User-Agent.
    case badContact(variable: String)
    /// $FORECAST_LANG names no language forecast speaks.
    case badLanguage(String?)
}

/// The settings a weather lookup runs with: the request, then the environment,
/// then the defaults.
public struct WeatherSettings: Sendable {
    public var provider: ProviderName
    /// Cached weather younger than this is used without asking.
    public var ttl: TimeInterval
    public var language: Language
    public var offline: Bool
    public var refresh: Bool
    public var refreshOptions: RefreshOptions
    /// The client-side limit for the air-quality service.
    public var airQualityCallsPerMinute: Double = 600
    /// The client-side limit `--rate-limit` sets for the other sources (nil: each its own).
    public var sourceCallsPerMinute: Double?
    /// Which warning sources beyond the keyless ones the user chose (`forecast config alerts`).
    public var alertSources: String?
    let batchSize: Int
    /// How the provider is made: checked once, when the settings are resolved
    /// (a key missing, a bad URL or contact is refused before anything is read
    /// or asked); nil offline, when no provider is asked.
    let setup: ProviderSetup?

    public static let providerVariable = "FORECAST_PROVIDER"
    public static let ttlVariable = "FORECAST_TTL_MINUTES"
    public static let concurrencyVariable = "FORECAST_CONCURRENCY"

    /// The request, then the environment, then `forecast config` (`preferences`), then the defaults.
    public static func resolve(
        _ request: WeatherRequest, environment: [String: String], preferences: Preferences = Preferences()
    ) throws(SettingsError) -> WeatherSettings {
        let provider: ProviderName
        if let chosen = request.provider {
            provider = chosen
        } else if let name = environment[providerVariable], !name.isEmpty {
            guard let parsed = ProviderName(rawValue: name.lowercased()) else { throw .unknownProvider(Configuration.shown(name, environment: environment)) }
            provider = parsed
        } else {
            provider = preferences.provider.flatMap(ProviderName.init(rawValue:)) ?? WeatherProviders.default.name
        }
        var ttl: TimeInterval = (preferences.ttlMinutes ?? 10) * 60
        if let minutes = request.ttlMinutes {
            ttl = minutes * 60
        } else if let text = environment[ttlVariable], !text.isEmpty {
            guard let minutes = SafeNumber.plainDecimal(text), minutes >= 0 else { throw .badTTL(Configuration.shown(text, environment: environment)) }
            ttl = minutes * 60
        }
        var concurrency = preferences.concurrency ?? 8
        if let chosen = request.concurrency {
            concurrency = chosen
        } else if let text = environment[concurrencyVariable], !text.isEmpty {
            guard let count = Int(text), (1...256).contains(count) else { throw .badConcurrency(Configuration.shown(text, environment: environment)) }
            concurrency = count
        }
        let language = Language.resolve(flag: request.language, environment: environment)
        let descriptor = WeatherProviders.descriptor(provider)
        var options = RefreshOptions()
        options.concurrency = concurrency
        options.budget = request.timeout
        options.budgetEnds = request.budgetEnds
        let rate = descriptor.rate
        options.callsPerMinute = request.rateLimit ?? rate.callsPerMinute
        options.rateWindow = rate.window
        let setup = request.offline
            ? nil : try providerSetup(descriptor, batchSize: request.batchSize, language: language, environment: environment)
        var settings = WeatherSettings(
            provider: provider, ttl: ttl, language: language, offline: request.offline, refresh: request.refresh,
            refreshOptions: options, batchSize: request.batchSize, setup: setup)
        settings.airQualityCallsPerMinute = request.rateLimit ?? 600
        settings.alertSources = preferences.alertSources
        settings.sourceCallsPerMinute = request.rateLimit
        return settings
    }

    /// The provider's descriptor: its name, credit, variables and limits.
    public var descriptor: ProviderDescriptor { WeatherProviders.descriptor(provider) }

    /// The provider to ask, made from the setup checked when the settings were
    /// resolved; nil offline.
    public func makeProvider() -> (any WeatherProvider)? {
        setup.map { descriptor.make($0) }
    }

    /// How `descriptor`'s provider is made here. One that needs a key and has
    /// none is an error naming the variable; so is a base URL or a contact that cannot be used.
    static func providerSetup(
        _ descriptor: ProviderDescriptor, batchSize: Int, language: Language, environment: [String: String]
    ) throws(SettingsError) -> ProviderSetup {
        var key: String?
        if let variable = descriptor.keyVariable {
            guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
                throw .missingKey(variable: variable)
            }
            key = value
        }
        var contact: String?
        if let text = environment[Project.contactVariable], !text.isEmpty {
            guard let checked = Project.checkedContact(text) else { throw .badContact(variable: Project.contactVariable) }
            contact = checked
        }
        return ProviderSetup(
            baseURL: try url(descriptor.urlVariable, default: descriptor.defaultBaseURL, environment),
            apiKey: key, batchSize: descriptor.batches ? batchSize : 1, language: language,
            userAgent: Project.userAgent(contact: contact))
    }

    /// The sources asked beside the weather, made, by name: every keyless one,
    /// and an opt-in one (OpenWeatherMap's alerts) only when the user chose it
    /// and its key is set; without both it is never asked.
    public func makeSources(environment: [String: String]) throws(SettingsError) -> [String: any BatchService<SourceResult>] {
        var contact: String?
        if let text = environment[Project.contactVariable], !text.isEmpty {
            guard let checked = Project.checkedContact(text) else { throw .badContact(variable: Project.contactVariable) }
            contact = checked
        }
        var made: [String: any BatchService<SourceResult>] = [:]
        for descriptor in WeatherSources.all {
            if descriptor.optIn && alertSources != descriptor.optInName { continue }
            var key: String?
            if let variable = descriptor.keyVariable {
                guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { continue }
                key = value
            }
            made[descriptor.name] = descriptor.make(SourceSetup(
                baseURL: try Self.url(descriptor.urlVariable, default: descriptor.defaultBaseURL, environment),
                apiKey: key, batchSize: descriptor.batches ? batchSize : 1, language: language,
                userAgent: Project.userAgent(contact: contact)))
        }
        return made
    }

    /// A base URL from the environment (for proxies and tests), or the service's own.
    public static func url(_ variable: String, default url: URL, _ environment: [String: String]) throws(SettingsError) -> URL {
        guard let text = environment[variable], !text.isEmpty else { return url }
        guard let parsed = URL(string: text), let scheme = parsed.scheme, ["http", "https"].contains(scheme), parsed.host != nil,
              parsed.port.map(NetworkHTTPClient.ports.contains) ?? true
        else {
            throw .badURL(variable: variable, value: Configuration.withoutSecrets(text, environment: environment))
        }
        return parsed
    }
}
