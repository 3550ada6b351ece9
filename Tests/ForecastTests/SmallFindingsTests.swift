import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastKit
import ForecastProviders
@testable import ForecastViews

/// Issue 38, finding 19 b, f, g and h: number options read as hex, a short
/// key that wiped every message, an import's setting refused as "not valid",
/// and a failed nowcast that JSON never mentioned.
@Suite struct SmallFindingsTests {
    @Test func plainDecimalIsDigitsAndOnePoint() {
        for (text, value) in [("10", 10.0), ("2.5", 2.5), (".5", 0.5), ("5.", 5), ("-1", -1), ("007", 7)] {
            #expect(SafeNumber.plainDecimal(text) == value, "\(text)")
        }
        for text in ["0x10", "0X10", "0x1p3", "1e3", "1E3", "inf", "-inf", "nan", "infinity", "+5", " 5", "5 ", "1_000", "1,5", "٣", "", ".", "-",
                     "1.2.3", "--1", String(repeating: "9", count: 400), String(repeating: "1", count: 65)] {
            #expect(SafeNumber.plainDecimal(text) == nil, "\(text)")
        }
    }

    /// `--timeout 0x10` was 16 seconds; each number option now refuses what is not plain decimal, saying so.
    @Test func numberOptionsRefuseHexAndTheRest() async throws {
        var cli = try InProcessCLI()
        let cases: [([String], String)] = [
            (["list", "--timeout", "0x10"], "--timeout"), (["list", "--timeout", "1e1"], "--timeout"), (["show", "London", "--timeout", "+5"], "--timeout"),
            (["list", "--ttl", "0x10"], "--ttl"), (["list", "--ttl", "inf"], "--ttl"), (["list", "--rate-limit", "1e3"], "--rate-limit"),
            (["list", "--rate-limit", "nan"], "--rate-limit"), (["add", "Seoul", "--timeout", "0x1p3"], "--timeout"),
            (["search", "Seoul", "--timeout", "0x10"], "--timeout"),
        ]
        for (arguments, option) in cases {
            let result = await cli.run(arguments: arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(option) takes a number written in decimal digits, such as 10 or 2.5, not '\(arguments.last ?? "")'"),
                    "\(arguments): \(result.stderr)")
        }
        #expect(await cli.run("list", "--timeout", "0x10", "--lang", "ko").stderr.contains("--timeout에는 10이나 2.5처럼 십진수 숫자로 쓴 수를 주세요"))
        #expect(await cli.run("list", "--timeout", "0x10", "--lang", "ja").stderr.contains("10 進数の数字で書いた数を指定してください('0x10' は使えません)"))
        // What could be a key typed there is not repeated.
        let long = await cli.run("list", "--ttl", "abcd1234abcd1234abcd")
        #expect(long.status == 64 && !long.stderr.contains("abcd1234") && long.stderr.contains("--ttl takes a number"), "\(long.stderr)")
        // Plain decimal still works, and the range is still checked.
        #expect(await cli.run("list", "--timeout", "2.5", "--ttl", "0", "--rate-limit", "30").status == 0)
        #expect(await cli.run("list", "--timeout", "301").stderr.contains("more than 0 and at most 300"))
        // The environment's and config's minutes too.
        cli.environment["FORECAST_TTL_MINUTES"] = "0x10"
        #expect(await cli.run("list").status != 0)
        cli.environment["FORECAST_TTL_MINUTES"] = nil
        let config = await cli.run("config", "ttl", "1e3")
        #expect(config.status == 64 && config.stderr.contains("0–10080"), "\(config.stderr)")
    }

    /// A key of one to three characters wiped every message to "[redacted]"; it
    /// is now taken out where it stands alone, and the message stays readable.
    @Test func aShortKeyLeavesTheMessageReadable() async throws {
        var cli = try InProcessCLI()
        for key in ["e", "to", "k9z"] {
            cli.environment["OPENWEATHER_API_KEY"] = key
            let result = await cli.run("config", "ttl", "abc")
            #expect(result.status == 64 && result.stderr.contains("ttl cannot be 'abc': use 0–10080 minutes"), "\(key): \(result.stderr)")
            let json = await cli.run("config", "ttl", "abc", "--format", "json")
            #expect(json.stdout.contains("ttl cannot be 'abc'"), "\(key): \(json.stdout)")
            // The key typed as the value is never repeated.
            let typed = await cli.run("config", "ttl", key)
            #expect(typed.status == 64 && typed.stderr.contains("not repeated") && !typed.stderr.contains("'\(key)'"), "\(key): \(typed.stderr)")
        }
        let secrets = ["ab"]
        #expect(SafeText.redact("appid=ab&lang=en", secrets: secrets, short: .replaceWhereAlone) == "appid=[redacted]&lang=en")
        #expect(SafeText.redact("key AB, 'ab' and %61%62", secrets: secrets, short: .replaceWhereAlone) == "key [redacted], '[redacted]' and [redacted]")
        #expect(SafeText.redact("available tab abc", secrets: secrets, short: .replaceWhereAlone) == "available tab abc")
        // What services send is still hidden whole.
        #expect(SafeText.redact("appid=ab", secrets: secrets) == SafeText.redactionMarker)
    }

    /// An import's bad setting said "cannot be 'not valid'": it names the setting and what it can be, in each language.
    @Test func anImportsBadSettingIsNamedWithItsChoices() async throws {
        let cli = try InProcessCLI()
        let folder = TemporaryFolder()
        let cases: [(String, [String])] = [
            (#"{"temperatureUnit":"rankine"}"#, ["temperatureUnit", "'rankine'", "celsius, fahrenheit, kelvin"]),
            (#"{"sortDescending":"yes"}"#, ["sortDescending", "true, false"]),
            (#"{"provider":"foo"}"#, ["provider", "'foo'", "open-meteo, openweathermap, metno"]),
            (#"{"ttlMinutes":"30"}"#, ["ttlMinutes", "0–10080"]),
            (#"{"ttlMinutes":99999}"#, ["ttlMinutes", "'99999'", "0–10080"]),
            (#"{"concurrency":1000}"#, ["concurrency", "'1000'", "1–256"]),
        ]
        for (index, (settings, said)) in cases.enumerated() {
            let file = folder.path("settings\(index).json")
            try Data((#"{"format":"forecast-places","version":1,"places":[],"settings":"# + settings + "}").utf8).write(to: URL(fileURLWithPath: file))
            for language in ["en", "ko", "ja"] {
                let result = await cli.run("import", file, "--lang", language)
                #expect(result.status == 1, "\(settings) \(language): \(result.stderr)")
                #expect(said.allSatisfy(result.stderr.contains) && !result.stderr.contains("not valid"), "\(settings) \(language): \(result.stderr)")
            }
        }
        let english = await cli.run("import", folder.path("settings0.json"))
        #expect(english.stderr.contains("the file's setting temperatureUnit cannot be 'rankine': use celsius, fahrenheit, kelvin"), "\(english.stderr)")
        let notSettings = folder.path("list.json")
        try Data(#"{"format":"forecast-places","version":1,"places":[],"settings":[]}"#.utf8).write(to: URL(fileURLWithPath: notSettings))
        #expect(await cli.run("import", notSettings).stderr.contains(#"the file's "settings" are not settings as an export writes them"#))
    }

    /// A nowcast that failed fell back to the hourly forecast with nothing in JSON to say so.
    @Test func aFailedNowcastIsSaidInJSON() async throws {
        let cli = try await WarningsCLIFixture.cli()
        let recorded = WarningsCLIFixture.answer(clock: cli.clock)
        cli.http.answer { url in
            url.path.hasSuffix("/nowcast/2.0/complete") ? HTTPResponse(status: 500, body: Data("down".utf8)) : recorded(url)
        }
        let show = try WarningsCLITests.json(await cli.run("show", "Oslo", "--format", "json", "--refresh").stdout)
        let error = try #require(show["nextHoursError"] as? [String: Any], "\(show.keys.sorted())")
        #expect(error["kind"] as? String == "provider" && (error["message"] as? String)?.contains("500") == true, "\(error)")
        let list = try WarningsCLITests.json(await cli.run("list", "--format", "json", "--refresh").stdout)
        let places = try #require(list["locations"] as? [[String: Any]])
        let oslo = try #require(places.first { $0["name"] as? String == "Oslo" })
        #expect(oslo["nextHoursError"] is [String: Any], "\(oslo.keys.sorted())")
        // Where no nowcast was asked (Seoul), there is none.
        #expect(places.first { $0["name"] as? String == "Seoul" }?["nextHoursError"] == nil)
    }
}
