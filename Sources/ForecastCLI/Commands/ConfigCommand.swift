import ArgumentParser
import ForecastCore
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

struct ConfigCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or set the preferences kept for later runs.",
        discussion: HelpText.flowing("""
            Settings: provider (\(WeatherProviders.names.joined(separator: ", "))), language (\(Language.all.map(\.code).joined(separator: ", "))), ttl
            (minutes), concurrency (1-256), wind-unit (ms, kmh, mph, kn, bft), temperature-unit
            (celsius, fahrenheit, kelvin), format (the default of list and show:
            \(OutputFormat.names.joined(separator: ", "))), alerts (where official warnings
            come from: official, the national services that need no key, MET Norway
            and the US National Weather Service; or openweathermap, which adds
            OpenWeatherMap's alerts, worldwide from national agencies, asked only
            while OPENWEATHER_API_KEY is set) and air-scale (the scale the air is
            graded on: local, each place on its own country's, the Korean grades in
            South Korea, the European AQI in the EU and EEA, the US AQI elsewhere;
            or us, eu, kr for every place).

            What is in force comes from, strongest first: a flag (--provider, --lang,
            --ttl, --concurrency, --format), the environment (FORECAST_PROVIDER,
            FORECAST_LANG, FORECAST_TTL_MINUTES, FORECAST_CONCURRENCY, FORECAST_FORMAT),
            this config, then the default (for the language, the locale: LC_ALL,
            LC_MESSAGES or LANG). Without arguments, every setting is listed with its
            value and where it came from. API keys are never stored: they are read
            from the environment only (\(WeatherProviders.all.compactMap(\.keyVariable).joined(separator: ", "))).

            Examples:
              $ forecast config
              $ forecast config provider openweathermap
              $ forecast config language ko
              $ forecast config ttl 30
              $ forecast config --unset ttl
              $ forecast config format --format json
              $ forecast config alerts openweathermap
              $ forecast config air-scale kr
            """)
    )

    @Argument(help: "The setting to show or set.", completion: Completions.configKeys)
    var key: String?

    /// Unrecognised words are values too, so that `config ttl -5` is refused as a
    /// value (a negative TTL) rather than misread as an unknown option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The value to keep for it.", valueName: "value"), completion: Completions.configValues)
    var values: [String] = []

    var value: String? { values.first }


    @Option(name: .long, help: ArgumentHelp("Forget a setting: the environment or the default decides again.", valueName: "key"), completion: Completions.configKeys)
    var unset: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func check() throws {
        if unset != nil && key != nil { throw UsageFailure(.unsetAndKey) }
    }

    func run(_ context: CommandContext) async throws {
        var context = context
        let environment = context.environment
        // Checked here, where the environment's keys are known: a word that could be one is not repeated.
        guard values.count <= 1, key != nil || values.isEmpty else {
            let word = Configuration.shown(values.last ?? "", environment: environment).map { "'\(SafeText.quoted($0))'" } ?? "…"
            throw UsageFailure { $0.parserMessage("Unexpected argument \(word)") }
        }
        let shown: Configuration.Shown
        do {
            shown = if let name = unset ?? (value == nil ? nil : key) {
                // Forgetting needs no database where there is none: none is made for it.
                try Configuration.change(name, to: unset == nil ? value : nil, environment: environment) {
                    unset == nil ? try store.open(in: context) : try store.openExisting(in: context)
                }
            } else {
                try Configuration.show(key, settings: context.settings(of: store.openExisting(in: context)), environment: environment)
            }
        } catch let error as ConfigError {
            // A key or a value typed that is none is the command line's mistake (64), as `--ttl -5` is.
            throw UsageFailure { $0.describe(error) }
        }
        // A language set (or forgotten) where no flag or variable chose one speaks from this answer on,
        // as it will in the next command: `config language en` confirms in English.
        if shown.changed == .language, !context.languageChosen {
            let language = shown.kept.flatMap(Language.init(code:)) ?? Language.resolve(flag: nil, environment: environment)
            context.words = language.words(context.app.gazetteer)
        }
        if let needs = shown.needsKey {
            context.stderr.line("\(context.words.notePrefix): " + context.words.warningSourceNeedsKey(needs.source, variable: needs.variable))
        }
        try context.render(
            ConfigOutput(settings: shown.entries.map(ConfigItem.init), changed: shown.changed, unset: shown.unset, kept: shown.kept),
            as: output.format)
    }
}
