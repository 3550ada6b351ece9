import ArgumentParser
import ForecastCore
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

extension ProviderName: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { WeatherProviders.names }
}

/// The help the providers' descriptors give.
enum ProviderHelp {
    /// "open-meteo (default, no key), openweathermap (needs OPENWEATHER_API_KEY) or …".
    static var choices: String {
        let each = WeatherProviders.all.map { provider in
            let needs = provider.keyVariable.map { "needs \($0)" } ?? "no key"
            return "\(provider.name) (\(provider.name == WeatherProviders.default.name ? "default, " : "")\(needs))"
        }
        return Phrases.listed(each, "or")
    }

    /// "600 for open-meteo, 60 for openweathermap, …".
    static var rates: String {
        WeatherProviders.all.map { "\(SafeNumber.rounded($0.rate.callsPerMinute) ?? 0) for \($0.name)" }.joined(separator: ", ")
    }

    /// "open-meteo".
    static var batching: String { WeatherProviders.all.filter(\.batches).map(\.name.rawValue).joined(separator: ", ") }
}

/// Options of the commands that show weather (list, show).
struct WeatherOptions: ParsableArguments {
    @Flag(name: .long, help: "Fetch now, even if the cached weather is recent.")
    var refresh = false

    @Flag(name: .long, help: "Use only cached weather; make no request.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("\(ProviderHelp.choices). Default: $FORECAST_PROVIDER, else 'forecast config provider'.", valueName: "name"))
    var provider: ProviderName?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Requests in flight at once (default 8, or $FORECAST_CONCURRENCY, or 'forecast config concurrency').", valueName: "N"))
    var concurrency: Int?

    // The numbers are read as typed and checked by `check()`: plain decimal only (`DecimalOption`).
    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds the whole refresh may take: every request, retry and wait.", valueName: "seconds"))
    var typedTimeout: String = "10"
    var timeout: Double { DecimalOption.read(typedTimeout) }

    @Option(name: .customLong("ttl"), parsing: .unconditional, help: ArgumentHelp("Cached weather younger than this is used without asking (default 10, or $FORECAST_TTL_MINUTES, or 'forecast config ttl').", valueName: "minutes"))
    var typedTTL: String?
    var ttl: Double? { typedTTL.map(DecimalOption.read) }

    @Option(name: .customLong("rate-limit"), parsing: .unconditional, help: ArgumentHelp("Calls a minute allowed (default: \(ProviderHelp.rates)).", valueName: "N"))
    var typedRateLimit: String?
    var rateLimit: Double? { typedRateLimit.map(DecimalOption.read) }

    @Option(name: .customLong("batch-size"), parsing: .unconditional, help: ArgumentHelp("Places per request where the provider batches (\(ProviderHelp.batching)); 1 turns batching off.", valueName: "N"))
    var batchSize: Int = 50

    func check() throws {
        if refresh && offline { throw UsageFailure(.refreshAndOffline) }
        if let concurrency, !(1...256).contains(concurrency) { throw UsageFailure(.concurrency) }
        try DecimalOption.check(typedTimeout, "--timeout")
        if let typedTTL { try DecimalOption.check(typedTTL, "--ttl") }
        if let typedRateLimit { try DecimalOption.check(typedRateLimit, "--rate-limit") }
        try TimeBudget.check(timeout)
        if let ttl, ttl < 0 || !ttl.isFinite { throw UsageFailure(.ttl) }
        if let rateLimit, rateLimit < 1 || !rateLimit.isFinite { throw UsageFailure(.rateLimit) }
        guard (1...100).contains(batchSize) else { throw UsageFailure(.batchSize) }
    }

    /// What these flags ask for; the application layer adds the environment and defaults.
    /// `budget`: the command's, when it began before the weather (a name looked up online first).
    func request(language: Language, budget: TimeBudget? = nil) -> WeatherRequest {
        var request = WeatherRequest()
        request.budgetEnds = budget?.ends
        request.provider = provider
        request.refresh = refresh
        request.offline = offline
        request.concurrency = concurrency
        request.timeout = timeout
        request.ttlMinutes = ttl
        request.rateLimit = rateLimit
        request.batchSize = batchSize
        request.language = language.rawValue
        return request
    }

    /// The settings a lookup runs with: these flags, then the environment, then `preferences`.
    func settings(
        preferences: Preferences, budget: TimeBudget? = nil, in context: CommandContext
    ) throws(SettingsError) -> WeatherSettings {
        // A provider that cannot be made (no key, a bad URL) is refused here, before anything is read.
        try WeatherSettings.resolve(
            request(language: context.words.language, budget: budget), environment: context.environment, preferences: preferences)
    }
}

/// A number option is plain decimal ("10", "2.5"): `Double` alone also read
/// "0x10" as 16 seconds, and "1e3", "inf" and "nan" (`SafeNumber.plainDecimal`).
/// The option is kept as typed and read here, so that the error says which
/// option and what was typed, in the user's words.
enum DecimalOption {
    /// The number `typed` is, or NaN (which every range refuses) when it is none.
    static func read(_ typed: String) -> Double { SafeNumber.plainDecimal(typed) ?? .nan }

    /// Refuses `typed` unless it is plain decimal, naming `option`; what was
    /// typed is repeated only if it is short (a key typed there is not).
    static func check(_ typed: String, _ option: String) throws {
        guard SafeNumber.plainDecimal(typed) == nil else { return }
        let shown = typed.unicodeScalars.count <= Configuration.shownLength ? typed : nil
        throw UsageFailure(.notDecimal(option: option, typed: shown))
    }
}

extension TimeBudget {
    /// `--timeout`'s range, for every command that has it.
    static func check(_ seconds: Double) throws {
        guard seconds > 0, seconds <= 300 else { throw UsageFailure(.timeout) }
    }
}
