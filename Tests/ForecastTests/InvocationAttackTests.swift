import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders

/// What the attack on the command line read once and the use cases of show,
/// search and config found, each held here.
@Suite struct InvocationAttackTests {
    /// A port past 65535 given with an address trapped inside NIO (SIGILL): it
    /// is refused as a URL that cannot be used, and the client never passes one on.
    @Test func aPortNoSocketHasIsRefused() async throws {
        for text in ["http://127.0.0.1:70000", "http://127.0.0.1:65536", "http://[::1]:99999", "http://127.0.0.1:0"] {
            #expect(throws: SettingsError.self, "\(text)") {
                try WeatherSettings.url("FORECAST_OPEN_METEO_URL", default: URL(string: "https://api.open-meteo.com")!, ["FORECAST_OPEN_METEO_URL": text])
            }
        }
        #expect(try WeatherSettings.url("V", default: URL(string: "http://x")!, ["V": "http://127.0.0.1:65535"]).port == 65535)
        let client = NetworkHTTPClient(connections: 1, connectTimeout: 1, allowedHosts: NetworkHTTPClient.loopbackHosts)
        await #expect(throws: WeatherError.self) {
            _ = try await client.get(URL(string: "http://127.0.0.1:70000/v1/forecast")!, deadline: .now + .seconds(2), maximumBodySize: 1000)
        }
        await client.shutdown()
        let cli = try InProcessCLI()
        var environment = cli.environment
        environment["FORECAST_OPEN_METEO_URL"] = "http://127.0.0.1:70000"
        var bad = cli
        bad.environment = environment
        let shown = await bad.run("show", "--lat", "1", "--lon", "1")
        #expect(shown.status == 1 && shown.stderr.contains("FORECAST_OPEN_METEO_URL"), "\(shown.stderr)")
    }

    /// An API key typed where a place, a coordinate or a filter goes was echoed in the error.
    @Test func aKeyTypedAsAPlaceIsNeverEchoed() async throws {
        var cli = try InProcessCLI()
        cli.environment["OPENWEATHER_API_KEY"] = "Zq7Wk2"
        for arguments in [
            ["show", "--lat", "Zq7W", "--lon", "1"], ["show", "Zq7Wk2Seoul", "--offline"], ["search", "Zq7Wk", "--format", "json"],
            ["list", "--where", "name = 'Zq7W'"], ["add", "Zq7Wabc", "--format", "json"],
        ] {
            let result = await cli.run(arguments: arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(!(result.stderr + result.stdout).contains("Zq7W"), "\(arguments): \(result.stderr) \(result.stdout)")
        }
    }

    /// "longitude 180 is out of range: it must be between -180 and 180".
    @Test func aCoordinateOutOfRangeIsShownOutOfRange() {
        #expect(Coordinate.format(180.0000001, beyond: 180) == "180.0000001")
        #expect(Coordinate.format(-90.000000001, beyond: 90) == "-90.000000001")
        #expect(Coordinate.format(181.25, beyond: 180) == "181.25")
        let words = Language.en.words(.bundled)
        #expect(words.describe(InputError.longitudeOutOfRange(180.0000001)).contains("180.0000001"))
    }

    /// `--db ''` was the default database, silently; `help help` was no command.
    @Test func anEmptyDatabaseFlagIsRefusedAndHelpHasHelp() async throws {
        let cli = try InProcessCLI()
        let empty = await cli.run("--db", "", "list")
        #expect(empty.status == 64 && empty.stderr.contains("--db"), "\(empty.stderr)")
        #expect(await cli.run("help", "help").status == 0)
    }

    /// `add Paris` said "1 other place is called 'Paris'" before failing to save it.
    @Test func theNoteOfOtherNamesakesComesWithTheSave() async throws {
        var cli = CLI()
        cli.environment["FORECAST_DB"] = cli.folder.path("")
        let failed = try await cli.run("add", "Paris")
        #expect(failed.status == 1 && !failed.stderr.contains("Note"), "\(failed.stderr)")
        cli.environment["FORECAST_DB"] = cli.folder.path("ok.sqlite")
        let saved = try await cli.run("add", "Paris")
        #expect(saved.status == 0 && saved.stderr.contains("other place is called 'Paris'"), "\(saved.stderr)")
    }
}
