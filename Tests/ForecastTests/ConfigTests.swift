import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
import ForecastProviders

/// `forecast config`: preferences kept in the database, overridden by the
/// environment and by flags, and listed with where each came from.
@Suite struct ConfigTests {
    /// `config language X` answers in X where no flag or variable chose the
    /// language (it speaks from there on); a flag or $FORECAST_LANG still wins.
    @Test func aLanguageSetAnswersInItself() async throws {
        var cli = CLI()
        #expect(try await cli.run("add", "--lat", "1", "--lon", "1", "--name", "X").status == 0)
        #expect(try await cli.run("config", "language", "ja").stdout == "language を ja に変更しました。\n")
        #expect(try await cli.run("config", "language", "en").stdout == "language is now en.\n", "from Japanese")
        #expect(try await cli.run("config", "language", "ja", "--lang", "en").stdout == "language is now ja.\n", "--lang chose English")
        let forgotten = try await cli.run("config", "--unset", "language")
        #expect(forgotten.stdout == "language is no longer set; it is en now.\n", "the locale's (none here: English): \(forgotten.stdout)")
        #expect(try await cli.run("config", "language", "ko").status == 0)
        var japanese = cli
        japanese.environment["LANG"] = "ja_JP.UTF-8"
        let locale = try await japanese.run("config", "--unset", "language")
        #expect(locale.stdout == "language の設定を削除しました。現在の値は ja です。\n", "the value now in force is the locale's: \(locale.stdout)")
        cli.environment["FORECAST_LANG"] = "en"
        let chosen = try await cli.run("config", "language", "ko")
        #expect(chosen.stdout.hasPrefix("language is now ko.\nNote: FORECAST_LANG is set"), "$FORECAST_LANG chose English: \(chosen.stdout)")
    }

    @Test func precedenceIsFlagThenEnvironmentThenConfigThenDefault() throws {
        var preferences = Preferences()
        preferences.provider = "openweathermap"
        preferences.ttlMinutes = 30
        preferences.concurrency = 3
        // (OpenWeatherMap's settings resolve only with its key: they are checked as they are resolved.)
        let key = ["OPENWEATHER_API_KEY": "k"]
        let fromConfig = try WeatherSettings.resolve(WeatherRequest(), environment: key, preferences: preferences)
        #expect(fromConfig.provider == ProviderDescriptor.openWeatherMap.name && fromConfig.ttl == 1800 && fromConfig.refreshOptions.concurrency == 3)

        let environment = ["FORECAST_PROVIDER": "open-meteo", "FORECAST_TTL_MINUTES": "5", "FORECAST_CONCURRENCY": "12"]
        let fromEnvironment = try WeatherSettings.resolve(WeatherRequest(), environment: environment, preferences: preferences)
        #expect(fromEnvironment.provider == ProviderDescriptor.openMeteo.name && fromEnvironment.ttl == 300 && fromEnvironment.refreshOptions.concurrency == 12)

        var request = WeatherRequest()
        request.provider = ProviderDescriptor.openWeatherMap.name
        request.ttlMinutes = 1
        request.concurrency = 2
        let fromFlags = try WeatherSettings.resolve(request, environment: environment.merging(key) { $1 }, preferences: preferences)
        #expect(fromFlags.provider == ProviderDescriptor.openWeatherMap.name && fromFlags.ttl == 60 && fromFlags.refreshOptions.concurrency == 2)

        let defaults = try WeatherSettings.resolve(WeatherRequest(), environment: [:])
        #expect(defaults.provider == ProviderDescriptor.openMeteo.name && defaults.ttl == 600 && defaults.refreshOptions.concurrency == 8)
        #expect(throws: SettingsError.badConcurrency("999")) {
            try WeatherSettings.resolve(WeatherRequest(), environment: ["FORECAST_CONCURRENCY": "999"])
        }
    }

    @Test func everyEntrySaysWhereItCameFrom() throws {
        var settings = try Configuration.set(.ttl, to: "30", in: Settings())
        settings = try Configuration.set(.windUnit, to: "KMH", in: settings)
        let entries = Configuration.entries(settings, environment: ["FORECAST_PROVIDER": "openweathermap", "LANG": "ko_KR.UTF-8"])
        let byKey = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
        #expect(entries.map(\.key) == ConfigKey.allCases)
        #expect(byKey[.provider] == .init(key: .provider, value: "openweathermap", source: .environment, variable: "FORECAST_PROVIDER"))
        #expect(byKey[.language] == .init(key: .language, value: "ko", source: .locale, variable: "LANG"))
        #expect(byKey[.ttl]?.value == "30" && byKey[.ttl]?.source == .config)
        #expect(byKey[.windUnit]?.value == "kmh" && byKey[.windUnit]?.source == .config)
        #expect(byKey[.concurrency] == .init(key: .concurrency, value: "8", source: .builtIn))
        // The language in config beats the locale, but not $FORECAST_LANG.
        let korean = try Configuration.set(.language, to: "ko", in: Settings())
        #expect(Configuration.entry(.language, korean, environment: ["LANG": "en_US.UTF-8"]).source == .config)
        #expect(Configuration.entry(.language, korean, environment: ["FORECAST_LANG": "en"]).value == "en")
    }

    @Test func badValuesAndTheKeyAreRefused() {
        #expect(throws: ConfigError.secret("api-key")) { try Configuration.key("api-key") }
        #expect(throws: ConfigError.secret("OPENWEATHER_API_KEY".lowercased())) { try Configuration.key("openweather_api_key") }
        #expect(throws: ConfigError.unknownKey("colour")) { try Configuration.key("colour") }
        for (key, value) in [(ConfigKey.ttl, "-1"), (.ttl, "nan"), (.ttl, "1e9"), (.concurrency, "0"), (.provider, "darksky"),
                             (.language, "fr"), (.format, "xml"), (.windUnit, "knots"), (.temperatureUnit, "rankine")] {
            #expect(throws: ConfigError.self, "\(key) \(value)") { try Configuration.set(key, to: value, in: Settings()) }
        }
    }

    @Test func theCommandKeepsListsAndForgets() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        #expect(try await cli.run("add", "Seoul").status == 0)

        #expect(try await cli.run("config", "ttl", "30").stdout == "ttl is now 30.\n")
        #expect(try await cli.run("config", "format", "line").status == 0)
        let korean = try await cli.run("config", "language", "ko")
        #expect(korean.stdout.hasPrefix("language") && korean.stdout.hasSuffix("ko로 바꿨습니다.\n"), "said in the language set: \(korean.stdout)")
        let before = try #require(FileManager.default.contents(atPath: cli.database))

        // Bad input: a clear error (the command line's: 64, as `--ttl -5` is), and the file as it was.
        let secret = try await cli.run("config", "api-key", "abc123")
        #expect(secret.status == 64 && secret.stderr.contains("OPENWEATHER_API_KEY") && !secret.stderr.contains("abc123"))
        let bad = try await cli.run("config", "concurrency", "1000", "--lang", "en")
        #expect(bad.status == 64 && bad.stderr == "error: concurrency cannot be '1000': use 1–256\n")
        #expect(FileManager.default.contents(atPath: cli.database) == before)

        // The stored language and format are in force for every command.
        let list = try await cli.run("list")
        #expect(list.status == 0 && list.lines.count == 1 && list.lines[0].hasPrefix("서울 "), "\(list.stdout)")
        #expect(try await cli.run("list", "--format", "table", "--lang", "en").lines.first?.hasPrefix("#  Name") == true)
        var overridden = cli
        overridden.environment["FORECAST_FORMAT"] = "json"
        #expect(try await overridden.run("list").stdout.hasPrefix("{"))

        let json = try await cli.run("config", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["settings"] as? [[String: Any]])
        #expect(rows.count == ConfigKey.allCases.count)
        #expect(rows.first { $0["key"] as? String == "ttl" }?["source"] as? String == "config")
        #expect(rows.first { $0["key"] as? String == "provider" }?["source"] as? String == "default")

        var withVariable = cli
        withVariable.environment["FORECAST_TTL_MINUTES"] = "5"
        let noted = try await withVariable.run("config", "ttl", "45", "--lang", "en")
        #expect(noted.stdout == "ttl is now 45.\nNote: FORECAST_TTL_MINUTES is set, so it decides while it is: 5.\n")

        let fresh = CLI()
        #expect(try await fresh.run("config", "ttl", "-5").status == 64, "a value, refused as one")
        #expect(try await fresh.run("config", "ttl", "lots").status == 64)
        #expect(!FileManager.default.fileExists(atPath: fresh.database), "a bad value creates no database")
        let forgotten = try await fresh.run("config", "--unset", "ttl")
        #expect(forgotten.status == 0 && !FileManager.default.fileExists(atPath: fresh.database), "nothing to forget: no database made for it")

        #expect(try await cli.run("config", "--unset", "language").status == 0)
        #expect(try await cli.run("config", "--unset", "format").stdout == "format is no longer set; it is table now.\n")
        #expect(try await cli.run("config", "language").lines.last?.contains("default") == true)
        await stub.stop()
    }

    /// A key typed where a setting's name or value goes was printed back: `config
    /// api-key=KEY`, `config --unset KEY`, `config provider KEY`, `config ttl KEY`.
    /// A word longer than any name or value (a key has 32), or holding the key
    /// in the environment, however short, is never repeated; short words still are.
    @Test(arguments: ["0123456789abcdef0123456789abcdef", "abc"])
    func aKeyTypedInTheWrongPlaceIsNeverRepeated(key: String) async throws {
        var cli = try InProcessCLI()
        cli.environment["OPENWEATHER_API_KEY"] = key
        for language in ["en", "ko"] {
            for arguments in [["config", "api-key=\(key)"], ["config", "--unset", key], ["config", "provider", key], ["config", "ttl", key],
                              ["config", key], ["config", "ttl", "5", key]] {
                let result = await cli.run(arguments: arguments + ["--lang", language])
                #expect(result.status != 0, "\(arguments)")
                #expect(!result.stderr.isEmpty && !result.stderr.contains(key) && !result.stdout.contains(key), "\(arguments): \(result.stderr)")
                if key.count > 8 { #expect(!result.stderr.contains(key.prefix(8)), "\(arguments): \(result.stderr)") }
            }
        }
        let assigned = await cli.run("config", "api-key=\(key)")
        #expect(assigned.stderr == "error: 'api-key' is never stored: set OPENWEATHER_API_KEY in the environment\n")
        let value = await cli.run("config", "ttl", key)
        #expect(value.stderr == "error: ttl cannot be what was typed (not repeated: it could be a key): use 0–10080 minutes\n")
        let name = await cli.run("config", "--unset", key, "--lang", "ko")
        #expect(name.stderr.hasPrefix("오류: 그런 설정은 없습니다"), "\(name.stderr)")
        // What cannot be a key is still said back.
        #expect(await cli.run("config", "ttl", "lots").stderr == "error: ttl cannot be 'lots': use 0–10080 minutes\n")
        #expect(await cli.run("config", "colour").stderr.hasPrefix("error: there is no setting 'colour'"))
        #expect(await cli.run("config", "ttl=5").stderr.hasPrefix("error: there is no setting 'ttl=…'"))
    }

    /// `config ttl -5` was "Unknown option '-5'"; FORECAST_LANG=xx was ignored without a word.
    @Test func negativeValuesAndABadLanguageAreRefusedInWords() async throws {
        var cli = try InProcessCLI()
        let negative = await cli.run("config", "ttl", "-5")
        #expect(negative.status == 64 && negative.stderr == "error: ttl cannot be '-5': use 0–10080 minutes\n", "\(negative.stderr)")
        let korean = await cli.run("config", "ttl", "-5", "--lang", "ko")
        #expect(korean.stderr == "오류: ttl에 '-5'는 쓸 수 없습니다: 0–10080분\n", "all in Korean: \(korean.stderr)")
        let two = await cli.run("config", "ttl", "5", "6")
        #expect(two.status == 64)
        #expect(await cli.run("config", "ttl", "7").status == 0)
        cli.environment["FORECAST_LANG"] = "xx"
        let language = await cli.run("list", "--offline")
        #expect(language.status == 1 && language.stderr.contains("FORECAST_LANG 'xx' is not a language"), "\(language.stderr)")
        cli.environment["FORECAST_LANG"] = "ko_KR.UTF-8"
        #expect(await cli.run("list", "--offline").status == 0)
    }
}
