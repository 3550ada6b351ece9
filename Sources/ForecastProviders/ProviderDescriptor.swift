import ForecastCore
import Foundation

/// A weather provider's name as the user types it (`--provider open-meteo`) and as
/// the cache and the settings keep it. Which names exist is `WeatherProviders.all`'s to say.
public struct ProviderName: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// The provider of that name, if there is one (any case: "Open-Meteo").
    public init?(rawValue: String) {
        let folded = rawValue.lowercased()
        guard WeatherProviders.all.contains(where: { $0.name.rawValue == folded }) else { return nil }
        self.rawValue = folded
    }

    /// For the descriptors themselves.
    init(known: String) { rawValue = known }

    public var description: String { rawValue }
}

/// A client-side limit on calls: so many a minute, in bursts of at most
/// `window` seconds' worth (20 a second is 1,200 a minute in bursts of one
/// second's worth, never 1,200 at once).
public struct CallRate: Sendable, Equatable {
    public var callsPerMinute: Double
    public var window: TimeInterval

    public init(callsPerMinute: Double, window: TimeInterval = 60) {
        self.callsPerMinute = callsPerMinute
        self.window = window
    }

    /// How many calls the bucket holds.
    public var capacity: Double { max(1, callsPerMinute * min(max(window, 1), 60) / 60) }
}

/// What a provider is made from: the settings and environment already read
/// and checked by the application layer.
public struct ProviderSetup: Sendable {
    public var baseURL: URL
    /// The value of the descriptor's `keyVariable`, trimmed; nil when it needs none.
    public var apiKey: String?
    /// Places per request, where the provider batches.
    public var batchSize: Int
    public var language: Language
    /// What the requests say they are: `forecast/<version> (<contact>)`.
    public var userAgent: String

    public init(baseURL: URL, apiKey: String? = nil, batchSize: Int = 50, language: Language = .en, userAgent: String = Project.userAgent()) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.batchSize = batchSize
        self.language = language
        self.userAgent = userAgent
    }
}

/// Everything the rest of forecast knows of a weather provider, in one value:
/// help, error messages, credits, `forecast config`, the settings and the test
/// harness are all derived from these, so a provider is its own file plus one
/// entry in `WeatherProviders.all`.
public struct ProviderDescriptor: Sendable {
    public let name: ProviderName
    /// Whom to credit wherever its weather is shown ("Open-Meteo").
    public let credit: String
    /// The licence of its data, when it asks to be named ("CC BY 4.0").
    public let licence: String?
    /// The environment variable its key is read from; nil when it needs no key.
    /// Keys are never stored.
    public let keyVariable: String?
    /// The environment variable that replaces its base URL (proxies, tests).
    public let urlVariable: String
    public let defaultBaseURL: URL
    /// The client-side limit when `--rate-limit` says nothing.
    public let rate: CallRate
    /// Whether one request may carry many places (`--batch-size`).
    public let batches: Bool
    private let build: @Sendable (ProviderSetup) -> any WeatherProvider

    public init(
        name: String, credit: String, licence: String? = nil, keyVariable: String? = nil, urlVariable: String,
        defaultBaseURL: URL, rate: CallRate, batches: Bool, make: @escaping @Sendable (ProviderSetup) -> any WeatherProvider
    ) {
        self.name = ProviderName(known: name)
        self.credit = credit
        self.licence = licence
        self.keyVariable = keyVariable
        self.urlVariable = urlVariable
        self.defaultBaseURL = defaultBaseURL
        self.rate = rate
        self.batches = batches
        build = make
    }

    public func make(_ setup: ProviderSetup) -> any WeatherProvider { build(setup) }

    /// "OpenWeatherMap", "Open-Meteo (CC BY 4.0)".
    public var attribution: String { licence.map { "\(credit) (\($0))" } ?? credit }
}

/// The weather providers forecast can ask, the default first.
public enum WeatherProviders {
    public static let all: [ProviderDescriptor] = [.openMeteo, .openWeatherMap, .metNorway]

    public static var `default`: ProviderDescriptor { all[0] }

    public static func descriptor(_ name: ProviderName) -> ProviderDescriptor {
        all.first { $0.name == name } ?? `default`
    }

    /// "open-meteo, openweathermap, …".
    public static var names: [String] { all.map(\.name.rawValue) }

    /// Every environment variable that points forecast at a service: the
    /// providers' and the services asked beside them. The test harness points
    /// them all at this machine.
    public static var urlVariables: [String] {
        var seen = Set<String>()
        return (all.map(\.urlVariable) + WeatherSources.all.map(\.urlVariable) + [OpenMeteoGeocoder.urlVariable]).filter { seen.insert($0).inserted }
    }
}
