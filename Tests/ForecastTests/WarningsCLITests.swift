import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastViews
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore

/// The recorded answers of the warning and nowcast services, served by the
/// fake HTTP client with every time in them moved so that the moment each
/// was recorded at falls on the test's clock: the warnings are in force, the
/// radar's rain is about to start.
enum WarningsCLIFixture {
    /// When, in each recording, the test's "now" is: inside every warning's
    /// window; the nowcast's rain starting 40 minutes later.
    static let metAlertsAt = "2025-06-04T12:00:00Z"
    static let nwsAt = "2024-07-19T12:00:00-07:00"
    static let nowcastAt = "2023-08-14T18:20:00Z"

    /// `name`'s text with every ISO 8601 instant in it moved by `now - anchor`.
    static func shifted(_ name: String, anchor: String, now: Date) -> Data {
        let text = String(decoding: Fixture.data(name), as: UTF8.self)
        let delta = now.timeIntervalSince(SourceAnswers.instant(anchor)!)
        let pattern = try! NSRegularExpression(pattern: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})"#)
        let output = ISO8601DateFormatter()
        output.formatOptions = [.withInternetDateTime]
        var result = text
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range, in: text), let instant = SourceAnswers.instant(String(text[range])) else { continue }
            result.replaceSubrange(Range(match.range, in: result)!, with: output.string(from: instant.addingTimeInterval(delta)))
        }
        return Data(result.utf8)
    }

    /// What the fake services answer: the warning and nowcast services from
    /// their recordings (at the clock's time when asked), the rest as the
    /// command tests' default (London's recorded weather). `nws`: another
    /// answer of the US service, to make it fail.
    static func answer(clock: TestClock, nws: HTTPResponse? = nil) -> @Sendable (URL) -> HTTPResponse {
        { url in
            let now = clock.read()
            switch url.path {
            case let path where path.hasSuffix("/metalerts/2.0/current.json"):
                return HTTPResponse(status: 200, body: shifted("metno_metalerts_current_3_marine_gale_alerts_2025.json", anchor: metAlertsAt, now: now))
            case let path where path.hasSuffix("/alerts/active"):
                return nws ?? HTTPResponse(status: 200, body: shifted("nws_alerts_point_phoenix_2_alerts_2024.json", anchor: nwsAt, now: now))
            case let path where path.hasSuffix("/nowcast/2.0/complete"):
                return HTTPResponse(status: 200, body: shifted("metno_nowcast_complete_trondheim_2023.json", anchor: nowcastAt, now: now))
            default:
                let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                let numbers = { (name: String) in
                    (query.first { $0.name == name }?.value ?? "").split(separator: ",").compactMap { Double($0) }
                }
                return HTTPResponse(status: 200, body: london(at: Array(zip(numbers("latitude"), numbers("longitude")))))
            }
        }
    }

    /// London's recorded weather at each place asked for in one request, as
    /// Open-Meteo answers a batch (an array, each entry at its place, with its `location_id`).
    static func london(at places: [(Double, Double)]) -> Data {
        let one = Fixture.json("openmeteo_current_plus_daily_london_2026.json") as! [String: Any]
        let all = places.enumerated().map { index, place -> [String: Any] in
            var entry = one
            (entry["latitude"], entry["longitude"]) = (place.0, place.1)
            if index > 0 { entry["location_id"] = index }
            return entry
        }
        return try! JSONSerialization.data(withJSONObject: all.count == 1 ? all[0] : all)
    }

    /// A command line in-process with Oslo (MET's warnings and radar), Phoenix
    /// (the NWS's warnings) and Seoul (no warning source) saved.
    static func cli(nws: HTTPResponse? = nil) async throws -> InProcessCLI {
        let cli = try InProcessCLI()
        cli.http.answer(with: answer(clock: cli.clock, nws: nws))
        // These tests' own recordings, moved to their own moments, answer the sources too.
        cli.http.answerSources(with: nil)
        for arguments in [["add", "Oslo"], ["add", "Phoenix", "--country", "US"], ["add", "Seoul"]] {
            let added = await cli.run(arguments: arguments)
            #expect(added.status == 0, "\(arguments): \(added.stderr)")
        }
        return cli
    }
}

/// The command line's faces of official warnings and the next hours (issue 25):
/// show's section, list's mark and note, the report formats, --where, `alerts`
/// and `config alerts`, in both languages, fitted to the terminal.
@Suite struct WarningsCLITests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func showOpensWithTheWarningsAndTheNextTwoHours() async throws {
        var cli = try await WarningsCLIFixture.cli()
        let show = await cli.run("show", "Oslo")
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.lines
        // After the three header lines and a blank: the section, then the next hours, then the weather.
        #expect(lines[4].hasPrefix("  Warnings  3 warnings"), "\(show.stdout)")
        #expect(lines[5] == "  ⚠ minor (yellow) · Kuling", "\(show.stdout)")
        #expect(lines[6].hasPrefix("    from ") && lines[6].contains(" until "), "the window, in Oslo's time: \(lines[6])")
        #expect(lines.contains("    Måløy - Svinøy"))
        #expect(lines.contains { $0.hasPrefix("    Høye bølger: Sjøen begynner å rulle.") }, "the instruction's first lines: \(show.stdout)")
        #expect(lines.contains("    From MET Norway (CC BY 4.0)"), "issuer and credit once")
        let next = try #require(lines.first { $0.hasPrefix("  Next two hours  ") })
        // Rain from 05:40 UTC: 06:40 in Oslo (CET), light, then heavier at 07:45.
        #expect(next.contains("▁▁▂▂▃▃▃▅") && next.hasSuffix("Light rain starting around 06:40, heavier from 07:45."), "\(next)")
        let conditions = try #require(lines.firstIndex { $0.contains("feels like") })
        #expect(try #require(lines.firstIndex(of: next)) < conditions, "before the current conditions")
        // The nowcast is credited with the weather, as MET's licence asks.
        #expect(show.credit == "Weather: Open-Meteo (CC BY 4.0); next hours: MET Norway (CC BY 4.0)", "\(show.stdout)")

        let korean = await cli.run("show", "Oslo", "--lang", "ko")
        #expect(korean.lines[4].hasPrefix("  기상 특보  특보 3건") && korean.lines[5] == "  ⚠ 주의 (노랑) · Kuling", "\(korean.stdout)")
        #expect(korean.lines[6].hasSuffix("까지") && korean.lines.contains("    출처: MET Norway (CC BY 4.0)"), "\(korean.stdout)")
        #expect(korean.lines.contains { $0.hasPrefix("  앞으로 2시간  ") && $0.hasSuffix("06:40쯤 약한 비 시작, 07:45부터 강해짐.") }, "\(korean.stdout)")

        // Seoul: nobody to ask, said as such; Phoenix: the most severe first.
        let seoul = await cli.run("show", "Seoul")
        #expect(seoul.lines[4] == "  No official warnings for South Korea here.", "\(seoul.stdout)")
        #expect(await cli.run("show", "Seoul", "--lang", "ko").lines[4] == "  대한민국의 공식 특보는 여기서 볼 수 없습니다.")
        let phoenix = await cli.run("show", "Phoenix")
        #expect(phoenix.lines[5] == "  ⚠ severe (red) · Excessive Heat Warning", "\(phoenix.stdout)")
        #expect(phoenix.lines.contains("    Issued by NWS Phoenix AZ · US National Weather Service (public domain)"), "\(phoenix.stdout)")

        // Fitted to the terminal: every line within it, the instruction to its first three lines.
        for columns in [60, 120] {
            cli.columns = columns
            for place in ["Oslo", "Phoenix", "Seoul"] {
                for language in ["en", "ko"] {
                    let fitted = await cli.run("show", place, "--lang", language, "--hours", "3")
                    let wide = fitted.lines.filter { drawn($0).count > columns }
                    #expect(wide.isEmpty, "\(place) \(language) at \(columns): \(wide)")
                }
            }
        }
        cli.columns = 60
        let narrow = await cli.run("show", "Phoenix")
        let start = try #require(narrow.lines.firstIndex { $0.hasPrefix("    An Excessive Heat Warning means") })
        #expect(narrow.lines[start + 2].hasSuffix("…"), "three lines of the instruction, the rest cut: \(narrow.stdout)")
    }

    @Test func showsJSONHasStableAlertsAndNextHours() async throws {
        let cli = try await WarningsCLIFixture.cli()
        let oslo = try Self.json(await cli.run("show", "Oslo", "--format", "json").stdout)
        #expect(oslo["alertsStatus"] as? String == "checked")
        let alerts = try #require(oslo["alerts"] as? [[String: Any]])
        #expect(alerts.count == 3 && alerts.allSatisfy { $0["source"] as? String == "met-alerts" && $0["level"] as? Int == 1 })
        #expect((alerts[0]["onset"] as? String)?.hasSuffix("+01:00") == true, "in Oslo's time, with its offset")
        let next = try #require(oslo["nextHours"] as? [String: Any])
        #expect(next["kind"] as? String == "nowcast" && next["source"] as? String == "met-nowcast" && next["rainNext"] as? Int == 40)

        let seoul = await cli.run("show", "Seoul", "--format", "json")
        #expect(seoul.stdout.contains(#""alerts" : null"#) && seoul.stdout.contains(#""alertsStatus" : "no-source""#), "\(seoul.stdout)")
        #expect(seoul.stdout.contains(#""nextHours" : null"#), "London's recorded answer has no hours: no next hours")
    }

    @Test func listMarksWarningsAndSaysWhenTheRainStarts() async throws {
        var cli = try await WarningsCLIFixture.cli()
        let list = await cli.run("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines[0].hasPrefix("#  Name     Warnings  Local time"), "\(list.stdout)")
        #expect(list.lines[1].contains("Oslo     ⚠ yellow") && list.lines[1].hasSuffix("rain in 40 min"), "\(list.stdout)")
        #expect(list.lines[2].contains("Phoenix  ⚠ red"), "\(list.stdout)")
        #expect(!list.lines[3].contains("⚠"))
        let korean = await cli.run("list", "--lang", "ko")
        #expect(korean.lines[0].contains("특보") && korean.lines[1].contains("⚠ 노랑") && korean.lines[1].hasSuffix("40분 후 비"), "\(korean.stdout)")
        for columns in [60, 120] {
            cli.columns = columns
            for language in ["en", "ko"] {
                let fitted = await cli.run("list", "--lang", language)
                #expect(fitted.lines.allSatisfy { drawn($0).count <= columns }, "\(language) at \(columns): \(fitted.stdout)")
                #expect(fitted.lines[2].contains(language == "en" ? "⚠ red" : "⚠ 빨강"), "the mark stays: \(fitted.stdout)")
            }
        }
        cli.columns = nil

        // Scripts: the level and the count appended to CSV's columns, the note in a line.
        let csv = try CSV.parse(await cli.run("list", "--format", "csv").stdout)
        let warningColumns = try #require(csv[0].firstIndex(of: "alert_level"))
        #expect(Array(csv[0][(warningColumns - 1)...(warningColumns + 2)]) == ["error", "alert_level", "alert_count", "rain_next"], "\(csv[0])")
        #expect(csv.dropFirst().map { Array($0[warningColumns...(warningColumns + 2)]) } == [["1", "3", "40"], ["3", "2", ""], ["", "", ""]], "\(csv)")
        let line = await cli.run("list", "--format", "line")
        #expect(line.lines[0].hasSuffix(" ⚠ yellow · rain in 40 min") && line.lines[1].hasSuffix(" ⚠ red"), "\(line.stdout)")
        #expect(line.lines[2].hasSuffix("°C"), "nothing added where nothing is in force: \(line.stdout)")
        let markdown = await cli.run("list", "--format", "markdown")
        #expect(markdown.lines[0].contains("| alert_level | alert_count | rain_next (min) |"), "\(markdown.lines[0])")

        // JSON: each place's alerts (null where nobody could say), its status and its next hours.
        let json = try Self.json(await cli.run("list", "--format", "json").stdout)
        let locations = try #require(json["locations"] as? [[String: Any]])
        #expect(locations.map { $0["alertsStatus"] as? String } == ["checked", "checked", "no-source"])
        #expect((locations[1]["alerts"] as? [[String: Any]])?.map { $0["event"] as? String } == ["Excessive Heat Warning", "Air Quality Alert"])
        #expect(locations[2]["alerts"] is NSNull && locations[2].keys.contains("nextHours"))
        #expect(((locations[0]["nextHours"] as? [String: Any])?["steps"] as? [Any])?.count == 22, "the steps still to come")
    }

    @Test func whereComparesTheWarningLevelAndTheMinutesToRain() async throws {
        let cli = try await WarningsCLIFixture.cli()
        _ = await cli.run("list")
        func kept(_ expression: String) async -> [String] {
            let result = await cli.run("list", "--offline", "--where", expression, "--format", "line", "--template", "{name}")
            return result.lines
        }
        #expect(await kept("alert>=3") == ["Phoenix"])
        #expect(await kept("alert>=1") == ["Oslo", "Phoenix"])
        #expect(await kept("alert=0") == [], "no place with a source is all clear here")
        #expect(await kept("not alert>=0") == ["Seoul"], "no source: no value, which never matches")
        #expect(await kept("rain_next<=60") == ["Oslo"])
        #expect(await kept("rain_next>60") == [])
        let none = await cli.run("list", "--offline", "--where", "alert>=4", "--format", "line")
        #expect(none.status == 1 && none.stdout.isEmpty)
        let bad = await cli.run("list", "--where", "alerts>1")
        #expect(bad.status == 64 && bad.stderr.contains("alert, rain_next"), "\(bad.stderr)")
    }

    @Test func alertsListsEveryWarningMostSevereFirst() async throws {
        var cli = try await WarningsCLIFixture.cli()
        let alerts = await cli.run("alerts")
        #expect(alerts.status == 0, "\(alerts.stderr)")
        #expect(alerts.lines[0] == "Phoenix · ⚠ severe (red) · Excessive Heat Warning", "\(alerts.stdout)")
        #expect(alerts.lines.filter { $0.contains("· ⚠ ") }.count == 5, "two in Phoenix, three in Oslo: \(alerts.stdout)")
        #expect(alerts.stderr == "Note: No official warnings for South Korea here: Seoul.\n", "\(alerts.stderr)")
        let korean = await cli.run("alerts", "--lang", "ko")
        #expect(korean.lines[0] == "피닉스 · ⚠ 위험 (빨강) · Excessive Heat Warning", "\(korean.stdout)")
        #expect(korean.stderr == "참고: 대한민국의 공식 특보는 여기서 볼 수 없습니다: 서울.\n", "\(korean.stderr)")
        for columns in [60, 120] {
            cli.columns = columns
            for language in ["en", "ko"] {
                let fitted = await cli.run("alerts", "--lang", language)
                #expect(fitted.lines.allSatisfy { DisplayWidth.of($0) <= columns }, "\(language) at \(columns): \(fitted.stdout)")
            }
        }
        cli.columns = nil

        let json = try Self.json(await cli.run("alerts", "--format", "json").stdout)
        let items = try #require(json["alerts"] as? [[String: Any]])
        #expect(items.map { $0["level"] as? Int } == [3, 1, 1, 1, 0] && items[0]["place"] as? String == "Phoenix" && items[0]["position"] as? Int == 2)
        let places = try #require(json["places"] as? [[String: Any]])
        #expect(places.map { $0["alertsStatus"] as? String } == ["checked", "checked", "no-source"])
        #expect(places.map { $0["alertLevel"] as? Int } == [1, 3, nil])

        let csv = try CSV.parse(await cli.run("alerts", "--format", "csv").stdout)
        #expect(csv[0] == AlertsOutput.csvColumns && csv.count == 6)
        #expect(csv[1][1] == "Phoenix" && csv[1][3] == "3" && csv[1][4] == "Excessive Heat Warning" && csv[1][12].contains("\n"), "\(csv[1])")
        let line = await cli.run("alerts", "--format", "line")
        #expect(line.lines.count == 5 && line.lines[0].hasPrefix("Phoenix: ⚠ red Excessive Heat Warning, from "), "\(line.stdout)")
    }

    @Test func alertsExitsOneWhenNoneIsInForce() async throws {
        let cli = try InProcessCLI()
        cli.http.answer(with: WarningsCLIFixture.answer(clock: cli.clock))
        let nothing = await cli.run("alerts")
        #expect(nothing.status == 4, "nothing saved: \(nothing.stderr)")
        _ = await cli.run("add", "Seoul")
        _ = await cli.run("add", "Busan")
        let none = await cli.run("alerts")
        // No source covers Korea: that is not "all clear", nor a failure to check.
        #expect(none.status == 1 && none.lines == ["No source of official warnings covers the saved places."], "\(none.stdout)")
        #expect(none.stderr == "Note: No official warnings for South Korea here: Seoul, Busan.\n")
        let json = try Self.json(await cli.run("alerts", "--format", "json").stdout)
        #expect((json["alerts"] as? [Any])?.isEmpty == true)
        #expect(await cli.run("alerts", "--format", "line").stdout.isEmpty)
    }

    @Test func aFailedSourceIsSaidAndKeptWarningsShowTheirAge() async throws {
        let failing = HTTPResponse(status: 503, body: Data(#"{"title":"Service Unavailable","detail":"down for maintenance"}"#.utf8))
        let cli = try await WarningsCLIFixture.cli(nws: failing)
        let alerts = await cli.run("alerts")
        #expect(alerts.status == 0, "Oslo's warnings are shown: \(alerts.stderr)")
        #expect(alerts.stderr.contains("Note: Warnings for Phoenix could not be checked: "), "\(alerts.stderr)")
        let list = await cli.run("list")
        #expect(list.status == 0, "a warning source's failure never changes the exit status: \(list.stderr)")
        #expect(list.lines[2].hasSuffix("warnings not checked"), "\(list.stdout)")
        let show = await cli.run("show", "Phoenix")
        #expect(show.status == 0 && show.lines[4].hasPrefix("  Warnings could not be checked: "), "\(show.stdout)")
        let json = try Self.json(await cli.run("show", "Phoenix", "--format", "json", "--offline").stdout)
        #expect(json["alertsStatus"] as? String == "unknown" || json["alertsStatus"] as? String == "failed")

        // Offline, later: Oslo's kept warnings, with their age; none that has ended.
        cli.clock.advance(minutes: 20)
        let offline = await cli.run("show", "Oslo", "--offline")
        #expect(offline.lines[4].hasSuffix("3 warnings · checked 20 min ago"), "\(offline.stdout)")
        let kept = await cli.run("alerts", "--offline")
        #expect(kept.lines.contains { $0.hasSuffix("· checked 20 min ago") }, "\(kept.stdout)")
        cli.clock.advance(minutes: 60 * 24 * 3)
        let later = await cli.run("alerts", "--offline")
        #expect(later.status == 1 || later.status == 2, "every warning has ended since: \(later.stdout)")
        #expect(!later.stdout.contains("Kuling"))
    }

    @Test func configChoosesTheWarningSources() async throws {
        let cli = try InProcessCLI()
        let chosen = await cli.run("config", "alerts", "openweathermap")
        #expect(chosen.status == 0 && chosen.stdout.contains("openweathermap"), "\(chosen.stderr)")
        #expect(chosen.stderr == "Note: openweathermap's warnings are asked only while OPENWEATHER_API_KEY is set.\n")
        #expect(try cli.store.settings().preferences.alertSources == "openweathermap")
        let korean = await cli.run("config", "alerts", "openweathermap", "--lang", "ko")
        #expect(korean.stderr == "참고: openweathermap의 특보는 OPENWEATHER_API_KEY가 설정되어 있을 때만 받아 옵니다.\n", "\(korean.stderr)")
        let official = await cli.run("config", "alerts", "official")
        #expect(official.status == 0 && official.stderr.isEmpty)
        let bad = await cli.run("config", "alerts", "kma")
        #expect(bad.status == 64 && bad.stderr.contains("official, openweathermap"), "\(bad.stderr)")
        #expect(try cli.store.settings().preferences.alertSources == "official")
        _ = await cli.run("config", "--unset", "alerts")
        let entry = try Self.json(await cli.run("config", "alerts", "--format", "json").stdout)
        #expect(String(describing: entry).contains("official"), "the default: \(entry)")
        #expect(ConfigKey.alerts.choices == ["official", "openweathermap"], "what the shell completes")
    }
}

/// The views themselves, with what a test terminal cannot give: colour, ASCII
/// symbols, and services' texts that a spreadsheet would run.
@Suite struct WarningsViewTests {
    let now = january2026
    let words = Language.en.words(.bundled)

    func place(_ id: Int64, _ name: String, country: String = "NO") throws -> Place {
        Place(
            id: id, displayName: name, canonicalName: name, countryCode: country, admin1: "", coordinate: try Coordinate(latitude: 60, longitude: 10),
            timeZone: "Europe/Oslo", geonamesID: nil, position: Int(id), addedAt: now)
    }

    func warning(_ level: WarningLevel, event: String = "Wind", instruction: String? = nil) -> WeatherWarning {
        WeatherWarning(
            source: "met-alerts", id: "\(event)-\(level.rawValue)", event: event, level: level, onset: now.addingTimeInterval(-3600),
            ends: now.addingTimeInterval(6 * 3600), headline: "\(event) warning", instruction: instruction, area: "Oslo", issuer: "MET Norway")
    }

    func weather(_ warnings: [WeatherWarning], rain: Bool = false) -> PlaceWeather {
        var weather = PlaceWeather()
        weather.warnings = .checked(warnings, checkedAt: now, sources: ["met-alerts"])
        if rain {
            weather.nextHours = NextHours(source: "met-nowcast", kind: .nowcast, steps: (0..<8).map { index in
                NextHours.Step(start: now.addingTimeInterval(Double(index) * 900), minutes: 15, rate: index < 2 ? 0 : 3)
            })
        }
        return weather
    }

    @Test func marksTakeTheLevelsColourOnATerminalAndWordsInASCII() throws {
        let places = [try place(1, "Oslo"), try place(2, "Bergen")]
        let weathers: [Int64: PlaceWeather] = [1: weather([warning(.moderate), warning(.minor, event: "Ice")], rain: true), 2: weather([])]
        let list = ListOutput(settings: Settings(), ordered: places, weather: weathers, words: words, emoji: true, now: now)
        let coloured = list.text(CommandStyle(words: words, columns: 120, usesColour: true, emoji: true))
        #expect(coloured[1].contains("\u{1B}[1;38;5;208m⚠ orange\u{1B}[0m"), "orange, bold: \(coloured[1].debugDescription)")
        #expect(coloured[1].contains("rain in 30 min · ") && !coloured[2].contains("⚠"), "the note first: \(coloured)")
        let ascii = list.text(CommandStyle(words: words, columns: nil, usesColour: false, emoji: false))
        #expect(ascii[1].contains("Oslo    !2 orange") && !ascii.joined().contains("\u{1B}"), "\(ascii)")
        let extreme = ListOutput(
            settings: Settings(), ordered: [places[0]], weather: [1: weather([warning(.extreme)])], words: words, emoji: true, now: now)
        #expect(extreme.text(CommandStyle(words: words, columns: 80, usesColour: true, emoji: true))[1].contains("\u{1B}[1;35m⚠ extreme"))

        // show: the head in its colour, ASCII words and bars instead of symbols.
        let show = ShowOutput(
            place: places[0], position: 1, count: 2, weather: weathers[1]!, settings: Settings(),
            format: WeatherFormat(Settings(), words: words, emoji: false), now: now)
        let plain = show.text(CommandStyle(words: words, columns: 80, usesColour: false, emoji: false))
        #expect(plain[4] == "  Warnings  2 warnings" && plain[5] == "  ! moderate (orange) · Wind", "\(plain)")
        #expect(plain.contains("  Next two hours  __======  Rain starting around 06:30."), "\(plain)")
        let colour = show.text(CommandStyle(words: words, columns: 80, usesColour: true, emoji: true))
        #expect(colour[5].contains("\u{1B}[1;38;5;208m⚠ moderate (orange)\u{1B}[0m"), "\(colour[5].debugDescription)")
    }

    @Test func servicesTextsCannotRunInASpreadsheetOrBreakJSON() throws {
        let hostile = warning(.severe, event: "=HYPERLINK(\"http://evil.test\",\"x\")", instruction: "-2+3\nStay \"inside\", now")
        let oslo = try place(1, "@Oslo")
        var outcome = WeatherOutcome(weather: [1: weather([hostile])], cancelled: false, fetchedAny: false)
        outcome.weather[2] = PlaceWeather()
        let listing = WarningsListing(settings: Settings(), places: [oslo], outcome: outcome, now: now)
        let output = AlertsOutput(listing, format: WeatherFormat(Settings(), words: words, emoji: true), now: now)
        let records = try CSV.parse(output.csv())
        let event = try #require(records[0].firstIndex(of: "event")), instruction = try #require(records[0].firstIndex(of: "instruction"))
        let name = try #require(records[0].firstIndex(of: "place"))
        #expect(records[1][event] == "'=HYPERLINK(\"http://evil.test\",\"x\")" && records[1][instruction] == "'-2+3\nStay \"inside\", now")
        #expect(records[1][name] == "'@Oslo" && records[1][records[0].firstIndex(of: "level")!] == "3", "\(records)")
        let json = try JSONSerialization.jsonObject(with: Data(try JSONOutput.render(output).utf8)) as? [String: Any]
        let item = try #require((json?["alerts"] as? [[String: Any]])?.first)
        #expect(item["event"] as? String == hostile.event && item["instruction"] as? String == hostile.instruction)
    }
}
