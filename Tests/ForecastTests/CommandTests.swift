import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastViews
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore

/// Output captured in memory.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ more: String) { lock.withLock { text += more } }
    var value: String { lock.withLock { text } }
    var lines: [String] { value.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// The command line run in-process: parsed and run as `forecast` does, with an
/// in-memory database, a fake HTTP client, a fixed clock and captured output.
struct InProcessCLI {
    let store: PlaceStore
    let http: FakeHTTPClient
    let clock: TestClock
    var environment: [String: String] = [
        "FORECAST_OPEN_METEO_URL": "http://weather.test", "FORECAST_OPEN_METEO_GEOCODING_URL": "http://geocoding.test",
        "FORECAST_OPEN_METEO_AIR_QUALITY_URL": "http://air.test",
    ]
    var columns: Int?
    /// The terminal's height, with `columns` (nil: unknown).
    var rows: Int?
    /// The files the commands may read: none, unless a test gives some (`.live` for files it wrote).
    var files: FileReader = .unavailable

    init(now: Date = january2026, answer: @escaping @Sendable (URL) -> HTTPResponse = { _ in
        HTTPResponse(status: 200, body: Fixture.data("openmeteo_current_plus_daily_london_2026.json"))
    }) throws {
        let clock = TestClock(now)
        self.clock = clock
        store = try PlaceStore.inMemory()
        http = FakeHTTPClient(now: { clock.read() }, answer)
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout's lines, without the line that credits the weather's provider.
        var lines: [String]
        var credit: String?
    }

    func run(_ arguments: String...) async -> Result { await run(arguments: arguments) }
}

/// Commands in-process: what they print, in which format and language, and
/// what they leave in the database. The end-to-end tests keep the binary honest.
@Suite struct CommandTests {
    @Test func addListAndShowWithAFakeServiceAndAFixedClock() async throws {
        let cli = try InProcessCLI()
        let added = await cli.run("add", "London")
        #expect(added.status == 0 && added.stdout == "Saved London (England, United Kingdom).\n")
        #expect(added.stderr.contains("1 other place is called 'London'"))

        let list = await cli.run("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines.count == 2 && list.lines[0].hasPrefix("#  Name"))
        #expect(list.lines[1].hasPrefix("1  London") && list.lines[1].contains("8°C"), "\(list.stdout)")
        #expect(cli.http.weatherCount == 1)

        let json = await cli.run("list", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["locations"] as? [[String: Any]])?.first?["name"] as? String == "London")
        #expect(cli.http.weatherCount == 1, "the second list is served from the cache")

        let show = await cli.run("show", "London", "--lang", "ko")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.lines[0] == "런던 (London)  1곳 중 1번째")
        #expect(show.lines[2].hasPrefix("  2026년 1월 19일 (월) "), "the fixed clock, in London's time: \(show.lines[2])")
        #expect(try cli.store.settings().lastViewedPlaceID != nil)
    }

    @Test func everyCommandSpeaksJSON() async throws {
        let cli = try InProcessCLI()
        _ = await cli.run("add", "Seoul")
        _ = await cli.run("add", "Busan")
        func json(_ arguments: String...) async throws -> [String: Any] {
            let result = await cli.run(arguments: arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        let added = try await json("add", "Tokyo", "--as", "Home", "--format", "json")
        #expect(added["action"] as? String == "added" && (added["locations"] as? [[String: Any]])?.first?["name"] as? String == "Home")
        let again = try await json("add", "Tokyo", "--format", "json")
        #expect(again["action"] as? String == "alreadySaved")
        let renamed = try await json("rename", "Home", "Office", "--format", "json")
        #expect(renamed["action"] as? String == "renamed" && renamed["previousName"] as? String == "Home")
        let moved = try await json("move", "Office", "1", "--format", "json")
        #expect(moved["action"] as? String == "moved" && moved["position"] as? Int == 1)
        let sort = try await json("sort", "name", "--descending", "--format", "json")
        #expect((sort["sort"] as? [String: Any])?["descending"] as? Bool == true && sort["changed"] as? Bool == true)
        let units = try await json("units", "f", "--wind", "kmh", "--format", "json")
        #expect(units["changed"] as? [String] == ["temperature", "wind"])
        #expect((units["units"] as? [String: Any])?["temperature"] as? String == "fahrenheit")
        let removed = try await json("remove", "Seoul", "Busan", "--format", "json")
        #expect((removed["locations"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Seoul", "Busan"])
        #expect(try cli.store.ordered().places.map(\.displayName) == ["Office"])
    }

    @Test func failuresAreOneLineAndChangeNothing() async throws {
        let cli = try InProcessCLI()
        _ = await cli.run("add", "Seoul")
        let missing = await cli.run("remove", "Seoul", "Tokyo")
        #expect(missing.status == 4 && missing.stderr == "error: no saved place matches 'Tokyo': see 'forecast list'\n")
        #expect(try cli.store.ordered().places.count == 1)
        let usage = await cli.run("show", "--next", "--previous")
        #expect(usage.status == 64 && usage.stderr == "error: --next and --previous cannot be used together\n")
        let help = await cli.run("units", "--help")
        #expect(help.status == 0 && help.stdout.contains("USAGE: forecast units"))
    }

    @Test func aFailingServiceIsExplainedInKorean() async throws {
        let cli = try InProcessCLI { _ in HTTPResponse(status: 503, body: Data(#"{"error":true,"reason":"down for maintenance"}"#.utf8)) }
        _ = await cli.run("add", "London")
        let list = await cli.run("list", "--lang", "ko", "--timeout", "1")
        #expect(list.status == 2)
        #expect(list.lines.last?.contains("서비스 오류: 서비스에 문제가 생겼습니다 (HTTP 503): down for maintenance") == true, "\(list.stdout)")
        #expect(list.stderr == "오류: 1곳 중 1곳의 날씨를 받아 오지 못했습니다 (서비스 오류 1곳)\n")
        let json = await cli.run("list", "--lang", "ko", "--timeout", "1", "--format", "json", "--refresh")
        #expect(json.stdout.contains(#""message" : "the service failed (HTTP 503): down for maintenance""#), "JSON's message stays English")
    }

    @Test func theKeyNeverEchoesInEitherLanguage() async throws {
        let key = "SECRET-KEY-42"
        var cli = try InProcessCLI { url in
            HTTPResponse(status: 401, body: Data(#"{"cod":401,"message":"Invalid API key \#(url.absoluteString)"}"#.utf8))
        }
        cli.environment["OPENWEATHER_API_KEY"] = key
        cli.environment["FORECAST_OPENWEATHER_URL"] = "http://owm.test"
        _ = await cli.run("add", "London")
        for language in ["en", "ko"] {
            for format in ["table", "json"] {
                let result = await cli.run("list", "--provider", "openweathermap", "--lang", language, "--format", format, "--refresh")
                #expect(result.status == 2, "\(result.stderr)")
                #expect(!result.stdout.contains(key) && !result.stderr.contains(key), "\(language) \(format): \(result.stdout)")
                #expect(result.stdout.contains("[redacted]"))
            }
        }
    }

    @Test func reportFormatsForScripts() async throws {
        let cli = try InProcessCLI()
        _ = await cli.run("add", "London", "--as", #"Mom's "place", home|2"#)
        _ = await cli.run("units", "f")
        let csv = await cli.run("list", "--format", "csv")
        #expect(csv.status == 0, "\(csv.stderr)")
        let records = csv.stdout.components(separatedBy: "\r\n")
        #expect(records.count == 3 && records[2].isEmpty, "CRLF after every record: \(csv.stdout)")
        #expect(records[0].hasPrefix("position,name,country,region,latitude,longitude,timezone,time,condition,symbol,temp,feels,humidity,wind,"))
        #expect(records[1].hasPrefix(#"1,"Mom's ""place"", home|2",GB,"England, United Kingdom",51.5085,-0.1257,Europe/London,"#), "\(records[1])")
        #expect(records[1].contains(",8,"), "°C whatever the units, no unit in the value: \(records[1])")

        let tsv = await cli.run("list", "--format", "tsv")
        #expect(tsv.lines.count == 2 && tsv.lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == ReportField.allCases.count })
        let markdown = await cli.run("list", "--format", "markdown")
        #expect(markdown.lines[1].hasPrefix("| --- |") && markdown.lines[2].contains(#"home\|2"#))

        let line = await cli.run("list", "--format", "line", "--template", "{name}: {temp} {humidity}% {nothing}")
        #expect(line.status == 64 && line.stderr.contains("no field 'nothing'") && line.stderr.contains("temp, feels, humidity"))
        let status = await cli.run("list", "--format", "line", "--template", "{position} {temp} {humidity}% {wind}")
        #expect(status.stdout.hasPrefix("1 46°F ") && status.stdout.hasSuffix(" m/s\n"), "\(status.stdout)")
        #expect(await cli.run("list", "--format", "line").stdout.hasPrefix(#"Mom's "place", home|2 "#))
        let templated = await cli.run("list", "--template", "{name}")
        #expect(templated.status == 0 && templated.stdout.hasPrefix(#"Mom's "place", home|2"#), "a template says the line format")
        #expect(await cli.run("list", "--format", "csv", "--template", "{name}").status == 64, "but not beside another format")

        let show = await cli.run("show", "1", "--format", "csv", "--lang", "ko")
        #expect(show.stdout.components(separatedBy: "\r\n").count == 3, "one row for the place")
        #expect(show.stdout.contains("England, United Kingdom"), "CSV's words are never translated")
        #expect(markdown.lines[0].contains("temp (°F)"), "markdown is for people: their units")
    }

    /// A label `=HYPERLINK(…)` went into CSV as it was: a spreadsheet opening the
    /// file ran it. Text cells that start a formula get a single quote (and CSV
    /// quotes them); numbers, negative ones too, stay numbers; export stays lossless.
    @Test func reportFormatsDefuseFormulasInTextCells() async throws {
        let cli = try InProcessCLI()
        let labels = [#"=HYPERLINK("http://evil.test","x")"#, "+1 area", "-cmd", "@SUM(A1)"]
        for (index, label) in labels.enumerated() {
            let added = await cli.run("add", "--lat", "\(51 + Double(index) / 10)", "--lon", "-0.12", "--name=" + label)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let csv = await cli.run("list", "--offline", "--format", "csv")
        let records = try CSV.parse(csv.stdout)
        #expect(records.count == 1 + labels.count, "\(csv.stdout)")
        let name = try #require(records[0].firstIndex(of: "name")), longitude = try #require(records[0].firstIndex(of: "longitude"))
        #expect(records.dropFirst().map { $0[name] } == labels.map { "'" + $0 }, "\(csv.stdout)")
        #expect(records.dropFirst().allSatisfy { $0[longitude] == "-0.12" }, "a negative number stays a number: \(csv.stdout)")
        #expect(csv.stdout.contains(#","'-cmd","#) && csv.stdout.contains(#""'=HYPERLINK(""http://evil.test"",""x"")""#), "quoted: \(csv.stdout)")
        #expect(csv.stdout.contains(",-0.12,"), "numbers are never quoted")

        let tsv = await cli.run("list", "--offline", "--format", "tsv")
        let rows = tsv.lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.dropFirst().map { $0[name] } == labels.map { "'" + $0 }, "\(tsv.stdout)")
        #expect(rows.dropFirst().allSatisfy { $0[longitude] == "-0.12" })

        // The export carries the labels exactly: it is read back, not opened in a spreadsheet.
        let export = await cli.run("export", "--format", "csv")
        let exported = try CSV.parse(export.stdout)
        let label = try #require(exported[0].firstIndex(of: "label"))
        #expect(exported.dropFirst().map { $0[label] } == labels, "\(export.stdout)")
    }

    @Test func tablesFitTheTerminalTheyAreGiven() async throws {
        var cli = try InProcessCLI()
        cli.columns = 40
        _ = await cli.run("add", "London")
        let list = await cli.run("list")
        #expect(list.lines.allSatisfy { drawn($0).count <= 40 && drawn($0, unsettledWidth: 1).count <= 40 }, "\(list.stdout)")
        cli.columns = nil
        #expect(await cli.run("list").lines.contains { DisplayWidth.of($0) > 40 }, "piped output is never cut")
    }
}

extension InProcessCLI {
    func run(arguments: [String]) async -> Result {
        let out = CapturedOutput(), err = CapturedOutput()
        let (http, clock, store, environment) = (http, clock, store, environment)
        // The budget's clock stands still: a loaded machine never runs a fake service's budget out.
        let app = AppContext.test(makeHTTPClient: { http.made(for: $0) }, clock: { clock.read() }, environment: environment, files: files)
        var stdout = Terminal(isInteractive: columns != nil, columns: columns, usesColour: false, sink: out.append)
        stdout.rows = rows
        let context = CommandContext(
            app: app,
            stdout: stdout,
            stderr: Terminal(isInteractive: false, columns: nil, usesColour: false, sink: err.append),
            // (The command line's own language replaces these: `Forecast.run` reads it.)
            words: Language.en.words(app.gazetteer),
            openStore: { _ in SavedPlaces(store: store, context: app) }, storeExists: { _ in true }, emoji: true)
        let status = await withTaskExecutorPreference(CommandThreads.shared) { await Forecast.run(arguments, in: context) }
        let (lines, credit) = CreditLine.strip(out.lines)
        return Result(status: status, stdout: out.value, stderr: err.value, lines: lines, credit: credit)
    }
}

/// The committed man page (scripts/build_manual.py) still describes the binary:
/// every command and option, and the examples whole, Hangul included.
@Suite struct ManualTests {
    @Test func theManPageCoversEveryCommandAndOption() async throws {
        let page = try String(contentsOf: CLI.packageRoot.appending(path: "docs/forecast.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        // What the man page is built from: the parser's own dump, as the binary gives it (run here in this process).
        let dump = try await CLI().run("--experimental-dump-help")
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let commands = try #require((tree["command"] as? [String: Any])?["subcommands"] as? [[String: Any]])
        var missing: [String] = []
        for command in commands {
            guard let name = command["commandName"] as? String, name != "help" else { continue }
            if !page.contains(".SS forecast \(name)\n") { missing.append(name) }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                guard let preferred = argument["preferredName"] as? [String: Any], let option = preferred["name"] as? String else { continue }
                if !page.contains("--\(option)") { missing.append("\(name) --\(option)") }
            }
            for line in (command["discussion"] as? String ?? "").split(separator: "\n") where line.contains("$ forecast") {
                if !page.contains(String(line).replacingOccurrences(of: "\\", with: "\\e")) { missing.append("\(name): \(line)") }
            }
        }
        #expect(missing.isEmpty, "docs/forecast.1 is out of date (run scripts/build_manual.py): \(missing)")
        #expect(page.contains("$ forecast add 부산"))
        // Each language with its own help has its man page, every command in it, in its words.
        for room in Languages.all {
            guard let help = room.help else { continue }
            let code = room.language.code
            let translated = try String(contentsOf: CLI.packageRoot.appending(path: "docs/forecast.\(code).1"), encoding: .utf8)
            let absent = commands.compactMap { $0["commandName"] as? String }.filter { $0 != "help" && !translated.contains(".SH forecast \($0)\n") }
            #expect(absent.isEmpty, "docs/forecast.\(code).1 is out of date (scripts/build_manual.py --lang \(code)): \(absent)")
            #expect(translated.contains(help.headings.overview + ": ") && translated.contains(help.headings.options + ":"))
        }
    }
}

/// Each face depends only on its part of the catalog (`PlaceWords.swift`): the
/// types say so, and this keeps them saying it (a `Words`, the whole catalog,
/// creeping back into the app would compile).
@Suite struct FaceWordsTests {
    func sources(_ folder: String) throws -> [(String, String)] {
        let root = CLI.packageRoot.appending(path: "Sources/\(folder)")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.map { ($0, try String(contentsOf: root.appending(path: $0), encoding: .utf8)) }
    }

    @Test func theAppSaysNoneOfTheCommandsWords() throws {
        let app = try sources("ForecastApp")
        #expect(app.count >= 5)
        for (file, text) in app {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            #expect(code.firstMatch(of: /\b(Words|Catalog|CommandWords|CommandFaceWords|CommandStyle)\b/) == nil, "\(file)")
        }
    }

    @Test func theCommandLineSaysNoneOfTheAppsWords() throws {
        for (file, text) in try sources("ForecastCLI") {
            #expect(text.firstMatch(of: /\b(AppWords|AppFaceWords)\b/) == nil, "\(file)")
        }
    }
}
