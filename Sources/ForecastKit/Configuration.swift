import ForecastCore
import ForecastProviders
import Foundation

/// A preference `forecast config` keeps.
public enum ConfigKey: String, CaseIterable, Sendable, Codable {
    case provider, language, ttl, concurrency
    case windUnit = "wind-unit"
    case temperatureUnit = "temperature-unit"
    case format
    /// Which warning sources beyond the keyless official ones: "official", or an opt-in one ("openweathermap").
    case alerts
    /// The scale the air is graded on: each place's own country's ("local"), or "us", "eu", "kr" for every place.
    case airScale = "air-scale"

    /// The environment variable that overrides the stored value, if any.
    public var variable: String? {
        switch self {
        case .provider: WeatherSettings.providerVariable
        case .language: "FORECAST_LANG"
        case .ttl: WeatherSettings.ttlVariable
        case .concurrency: WeatherSettings.concurrencyVariable
        case .format: Configuration.formatVariable
        case .windUnit, .temperatureUnit, .alerts, .airScale: nil
        }
    }

    /// The values it takes, where they are a list (for completion): none for numbers.
    public var choices: [String] {
        switch self {
        case .provider: WeatherProviders.all.map(\.name.rawValue)
        case .language: Language.allCases.map(\.rawValue)
        case .format: Configuration.formats
        case .windUnit: WindUnit.allCases.map(\.rawValue)
        case .temperatureUnit: TemperatureUnit.allCases.map(\.rawValue)
        case .alerts: Configuration.alertChoices
        case .airScale: AirScaleChoice.allCases.map(\.rawValue)
        case .ttl, .concurrency: []
        }
    }

    public var defaultValue: String {
        switch self {
        case .provider: WeatherProviders.default.name.rawValue
        case .language: Language.en.rawValue
        case .ttl: "10"
        case .concurrency: "8"
        case .windUnit: WindUnit.ms.rawValue
        case .temperatureUnit: TemperatureUnit.celsius.rawValue
        case .format: "table"
        case .alerts: Configuration.officialAlerts
        case .airScale: AirScaleChoice.local.rawValue
        }
    }
}

/// Where a preference in force came from, strongest first (a flag beats all,
/// but `forecast config` has no flags to show).
public enum ConfigSource: String, Sendable, Encodable {
    case environment, config, locale
    case builtIn = "default"
}

/// What `forecast config` got wrong. The CLI says it in words. What was typed
/// is nil when it is not to be repeated (`Configuration.shown`).
public enum ConfigError: Error, Equatable, Sendable {
    case unknownKey(String?)
    /// A value the key cannot take, and what it can.
    case badValue(ConfigKey, String?, allowed: String)
    /// Asked to store the API key, which is never stored.
    case secret(String)
}

/// Reading and changing the preferences, and telling where each value in
/// force comes from: a flag, else the environment, else `forecast config`,
/// else the default. (The language sits between config and the locale: a
/// locale is a machine-wide default, not a choice made for forecast.)
public enum Configuration {
    public static let formatVariable = "FORECAST_FORMAT"
    public static var formats: [String] { OutputFormat.names }
    /// `forecast config alerts official`: the keyless official sources alone (the default).
    public static let officialAlerts = "official"
    /// What `forecast config alerts` takes: "official", or the name of a source asked only by choice.
    public static var alertChoices: [String] { [officialAlerts] + WeatherSources.all.filter(\.optIn).map(\.optInName) }

    public struct Entry: Sendable, Equatable {
        public var key: ConfigKey
        public var value: String
        public var source: ConfigSource
        /// The variable that set it, when the environment did.
        public var variable: String?
    }

    /// The setting `name` means. `environment`: where the API keys are, which an error never repeats.
    public static func key(_ name: String, environment: [String: String] = [:]) throws(ConfigError) -> ConfigKey {
        // "api-key=…": the name alone decides, and nothing after "=" is ever repeated.
        let (given, assigned) = name.firstIndex(of: "=").map { (String(name[..<$0]), true) } ?? (name, false)
        let folded = given.lowercased().replacingOccurrences(of: "_", with: "-")
        // A provider's key variable, spelt any way ("OPENWEATHER_API_KEY", "openweather-api-key"), is never stored.
        let keys = WeatherProviders.all.compactMap { $0.keyVariable?.lowercased().replacingOccurrences(of: "_", with: "-") }
        if (["api-key", "key", "appid"] + keys).contains(folded) { throw .secret(given) }  // a name it knows: no secret
        guard !assigned, let key = ConfigKey(rawValue: folded) else {
            throw .unknownKey(shown(given, environment: environment).map { assigned ? $0 + "=…" : $0 })
        }
        return key
    }

    /// The longest word typed to `config` that its errors repeat: longer than
    /// any setting's name or value, shorter than an API key.
    public static let shownLength = 16

    /// `typed`, if an error may repeat it; nil when it could be a secret
    /// typed in the wrong place (`config ttl KEY`, `config --unset KEY`): when
    /// it is longer than `shownLength` (OpenWeatherMap's keys have 32
    /// characters), or holds an API key of the environment or any 4 of its
    /// letters and digits in a row (a key of any length, even one of 3).
    public static func shown(_ typed: String, environment: [String: String]) -> String? {
        guard typed.unicodeScalars.count <= shownLength else { return nil }
        return withoutSecrets(typed, environment: environment)
    }

    /// `text`, unless it holds an API key of the environment or any 4 of its
    /// letters and digits in a row (for values that may be long, as URLs are).
    public static func withoutSecrets(_ typed: String, environment: [String: String]) -> String? {
        for secret in secrets(in: environment) {
            if typed.lowercased().contains(secret.lowercased()) || SafeText.redact(typed, secrets: [secret]) != typed { return nil }
        }
        return typed
    }

    /// The API keys set in `environment` (what no output may hold).
    public static func secrets(in environment: [String: String]) -> [String] {
        let variables = Set(WeatherProviders.all.compactMap(\.keyVariable) + WeatherSources.all.compactMap(\.keyVariable))
        return variables.sorted().compactMap { environment[$0] }.filter { !$0.isEmpty }
    }

    /// Every key's value in force and its source.
    public static func entries(_ settings: Settings, environment: [String: String]) -> [Entry] {
        ConfigKey.allCases.map { entry($0, settings, environment: environment) }
    }

    public static func entry(_ key: ConfigKey, _ settings: Settings, environment: [String: String]) -> Entry {
        if let variable = key.variable, let text = environment[variable], !text.isEmpty {
            // A key set in the wrong variable is not repeated here either.
            let value = shown(text, environment: environment).map { SafeText.clean($0, maxLength: 100) } ?? "…"
            return Entry(key: key, value: value, source: .environment, variable: variable)
        }
        if let stored = stored(key, settings) { return Entry(key: key, value: stored, source: .config) }
        if key == .language {
            for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
                if let locale = environment[variable], !locale.isEmpty {
                    let language = Language.resolve(flag: nil, environment: [variable: locale])
                    return Entry(key: key, value: language.rawValue, source: .locale, variable: variable)
                }
            }
        }
        return Entry(key: key, value: key.defaultValue, source: .builtIn)
    }

    /// What `forecast config` stored for `key`, if anything (units always count
    /// as stored when they differ from the default).
    static func stored(_ key: ConfigKey, _ settings: Settings) -> String? {
        let p = settings.preferences
        switch key {
        case .provider: return p.provider
        case .language: return p.language
        case .ttl: return p.ttlMinutes.map(number)
        case .concurrency: return p.concurrency.map(String.init)
        case .format: return p.format
        case .alerts: return p.alertSources
        case .airScale: return p.airScale?.rawValue
        case .windUnit: return settings.windUnit == .ms ? nil : settings.windUnit.rawValue
        case .temperatureUnit: return settings.temperatureUnit == .celsius ? nil : settings.temperatureUnit.rawValue
        }
    }

    /// `settings` with `key` set to `value` (checked), or unset with nil.
    /// `environment`: where the API keys are, which an error never repeats.
    public static func set(_ key: ConfigKey, to value: String?, in settings: Settings, environment: [String: String] = [:]) throws(ConfigError) -> Settings {
        var settings = settings
        let text = value?.trimmingCharacters(in: .whitespaces)
        // The value as typed: the words quote it with its control characters shown ("'ko\\u{A}'"), not dropped;
        // unless it could be a key typed in the wrong place.
        let bad = { ConfigError.badValue(key, shown(value ?? "", environment: environment), allowed: allowed(key)) }
        switch key {
        case .provider:
            guard let text else { settings.preferences.provider = nil; break }
            guard let provider = ProviderName(rawValue: text.lowercased()) else { throw bad() }
            settings.preferences.provider = provider.rawValue
        case .language:
            guard let text else { settings.preferences.language = nil; break }
            guard let language = Language(code: text) else { throw bad() }
            settings.preferences.language = language.rawValue
        case .ttl:
            guard let text else { settings.preferences.ttlMinutes = nil; break }
            guard let minutes = SafeNumber.plainDecimal(text), ttlRange.contains(minutes) else { throw bad() }
            settings.preferences.ttlMinutes = minutes
        case .concurrency:
            guard let text else { settings.preferences.concurrency = nil; break }
            guard let count = Int(text), (1...256).contains(count) else { throw bad() }
            settings.preferences.concurrency = count
        case .format:
            guard let text else { settings.preferences.format = nil; break }
            guard formats.contains(text.lowercased()) else { throw bad() }
            settings.preferences.format = text.lowercased()
        case .alerts:
            guard let text else { settings.preferences.alertSources = nil; break }
            let choice = text.lowercased()
            guard alertChoices.contains(choice) else { throw bad() }
            settings.preferences.alertSources = choice
        case .airScale:
            guard let text else { settings.preferences.airScale = nil; break }
            guard let choice = AirScaleChoice(rawValue: text.lowercased()) else { throw bad() }
            settings.preferences.airScale = choice
        case .windUnit:
            guard let text else { settings.windUnit = .ms; break }
            guard let unit = WindUnit(rawValue: text.lowercased()) else { throw bad() }
            settings.windUnit = unit
        case .temperatureUnit:
            guard let text else { settings.temperatureUnit = .celsius; break }
            guard let unit = TemperatureUnit(argument: text) else { throw bad() }
            settings.temperatureUnit = unit
        }
        return settings
    }

    /// The minutes `ttl` may be: up to a week.
    public static let ttlRange: ClosedRange<Double> = 0...10080

    /// What `key` can be, as an error says it: its choices, or its range.
    public static func allowed(_ key: ConfigKey) -> String {
        switch key {
        case .provider: WeatherProviders.names.joined(separator: ", ")
        case .language: Language.allCases.map(\.rawValue).joined(separator: ", ")
        case .ttl: "\(number(ttlRange.lowerBound))–\(number(ttlRange.upperBound))"
        case .concurrency: "1–256"
        case .format: formats.joined(separator: ", ")
        case .alerts: alertChoices.joined(separator: ", ")
        case .airScale: AirScaleChoice.allCases.map(\.rawValue).joined(separator: ", ")
        case .windUnit: WindUnit.allCases.map(\.rawValue).joined(separator: ", ")
        case .temperatureUnit: "celsius, fahrenheit, kelvin"
        }
    }

    /// "10", "2.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension Configuration {
    /// What `forecast config` shows: entries with their values and where each
    /// came from; after a change, which key changed and the value kept.
    public struct Shown: Sendable {
        public var entries: [Entry]
        public var changed: ConfigKey?
        public var unset = false
        /// The value kept for `changed`, whatever the environment says meanwhile.
        public var kept: String?
        /// A warning source chosen that needs a key the environment does not have
        /// (it is never asked without one): its name and the key's variable.
        public var needsKey: (source: String, variable: String)?
    }

    /// `forecast config`'s use case, without a change: every setting (or the
    /// one `name` names) with its value in force and where it came from.
    public static func show(_ name: String?, settings: Settings, environment: [String: String]) throws(ConfigError) -> Shown {
        let keys = try name.map { name throws(ConfigError) in [try key(name, environment: environment)] } ?? ConfigKey.allCases
        return Shown(entries: keys.map { entry($0, settings, environment: environment) })
    }

    /// The value a change leaves: the one set, or, forgotten, the one in force
    /// without it (the locale's language, say; the key's own variable, which
    /// the command notes apart, left aside).
    static func kept(_ key: ConfigKey, _ settings: Settings, unset: Bool, environment: [String: String]) -> String {
        guard unset else { return entry(key, settings, environment: [:]).value }
        var ambient = environment
        if let variable = key.variable { ambient[variable] = nil }
        return entry(key, settings, environment: ambient).value
    }

    /// `forecast config`'s use case for a change: `name` set to `value`, or
    /// forgotten (`value` nil). The value is checked before the database is
    /// opened (`open`): a bad one leaves no trace, not even a new file. `open`
    /// gives nil when there is no database: nothing is kept to forget, and none is made for it.
    public static func change(
        _ name: String, to value: String?, environment: [String: String], open: () throws -> SavedPlaces?
    ) throws -> Shown {
        let key = try key(name, environment: environment)
        _ = try set(key, to: value, in: Settings(), environment: environment)
        guard let database = try open() else {
            return Shown(
                entries: [entry(key, Settings(), environment: environment)], changed: key, unset: value == nil,
                kept: kept(key, Settings(), unset: value == nil, environment: environment))
        }
        let wanted = try set(key, to: value, in: try database.settings())
        let after = try database.setPreferences(wanted.preferences, temperature: wanted.temperatureUnit, wind: wanted.windUnit)
        let kept = kept(key, after, unset: value == nil, environment: environment)
        var shown = Shown(entries: [entry(key, after, environment: environment)], changed: key, unset: value == nil, kept: kept)
        // A source chosen that needs a key is never asked without it: said now, not found out later.
        if key == .alerts, let source = WeatherSources.all.first(where: { $0.optIn && $0.optInName == kept }),
           let variable = source.keyVariable, (environment[variable] ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            shown.needsKey = (source.optInName, variable)
        }
        return shown
    }
}
