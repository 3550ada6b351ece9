import FlyingFox
import Foundation
import Testing

/// `forecast browse` run in this process, as the binary runs it, on a
/// pseudo-terminal of the test's own (`VirtualTerminal`): keys typed as a
/// terminal sends them, the screen kept from what the app draws. What only a
/// real terminal and a process of its own show (columns as terminal draws emoji,
/// the terminal's mode restored, signals) is tried with the binary in terminal:
/// BrowseTerminalTests.
@Suite struct BrowsePseudoTerminalTests {
    /// The app on a terminal of `width`×`height`, on a database with `places`, against the stub.
    func start(
        _ stub: StubWeatherService, width: Int, height: Int, arguments: [String] = [], places: [String] = ["Seoul", "Busan", "London"],
        environment more: [String: String] = [:]
    ) async throws -> (VirtualTerminal, CLI, Task<CLI.Result, any Error>) {
        var cli = CLI()
        cli.environment = stub.environment.merging(more) { _, new in new }
        cli.environment["TERM"] = "xterm-256color"
        for name in places { #expect(try await cli.run("add", name).status == 0) }
        let terminal = try VirtualTerminal(width: width, height: height)
        var app = cli
        app.terminal = terminal
        let running = Task { [app] in try await app.run(["browse"] + arguments) }
        return (terminal, cli, running)
    }

    /// `q`: the app ends with 0, the normal screen and the cursor back.
    static func quit(_ terminal: VirtualTerminal, _ app: Task<CLI.Result, any Error>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        await terminal.type("q")
        let result = try await app.value
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.status) \(result.stderr)", sourceLocation: sourceLocation)
        // The restore was written before the app returned; the terminal reads it on a thread of its own.
        _ = try await terminal.screen(until: { _ in !terminal.mode("?1049") && terminal.mode("?25") }, sourceLocation: sourceLocation)
        #expect(!terminal.mode("?1049") && terminal.mode("?25"), "the normal screen, the cursor shown", sourceLocation: sourceLocation)
    }

    /// Warnings on the screen, from the engine's refresh: NWS's recorded answer
    /// (its times moved to today) marks Phoenix in the list, `w` opens its
    /// first warning, Tab the second, Esc goes back, and q still quits.
    @Test func warningsAreMarkedAndWOpensThem() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        let answer = RecordedWarnings.phoenixAnswer(now: Date())
        let nws = try await LocalServer.start { _, _ in
            FlyingFox.HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "application/geo+json"]), body: answer)
        }
        defer { Task { await nws.stop() } }
        // (The CLI is kept: its folder, the database's, goes with it.)
        let (terminal, cli, app) = try await start(
            stub, width: 80, height: 24, arguments: ["--list"], places: ["Seoul", "Phoenix"],
            environment: ["FORECAST_NWS_URL": "http://127.0.0.1:\(nws.port)"])
        defer { terminal.close() }
        defer { withExtendedLifetime(cli) {} }
        var screen = try await terminal.screen { $0.contains { $0.contains("Phoenix") && $0.contains("⚠") } }
        let phoenix = try #require(screen.first { $0.contains("Phoenix") }, "\(screen.joined(separator: "\n"))")
        #expect(phoenix.contains("Phoenix ⚠ red"), "the mark after the name: '\(phoenix)'")
        #expect(screen.first { $0.contains("Seoul") }?.contains("⚠") == false, "Seoul has none")
        await terminal.type("j")
        screen = try await terminal.screen { $0.last { !$0.isEmpty }?.contains("w warning") == true }
        await terminal.type("w")
        screen = try await terminal.screen { $0.first?.contains("Warnings · Phoenix") == true }
        #expect(screen[0].contains("1 / 2") && screen[1].contains("Excessive Heat Warning"), "\(screen.joined(separator: "\n"))")
        await terminal.type("\t")
        screen = try await terminal.screen { $0.first?.contains("2 / 2") == true }
        #expect(screen[1].contains("Air Quality Alert"), "\(screen.joined(separator: "\n"))")
        await terminal.type("\u{1B}")
        screen = try await terminal.screen { $0.first?.contains("2 places") == true }
        try await Self.quit(terminal, app)
    }

    /// 1 MiB of `s` typed queued a write and a list reload a key (510 MB, busy
    /// after 90 s). Keys' writes coalesce: after 4,001 `s` and 3,001 `u` the app
    /// and the database have the last key's sort and unit, and the database's
    /// write-ahead log holds a few pages, not one or more a key (counted, not timed).
    @Test func aFloodOfKeysWritesTheLastKeysChoiceOnce() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        let (terminal, cli, app) = try await start(stub, width: 80, height: 24, arguments: ["--list"])
        defer { terminal.close() }
        _ = try await terminal.screen { $0.contains { $0.contains("London") && $0.contains("°C") } }
        await terminal.type(String(repeating: "s", count: 4001))  // custom → name → temperature → humidity: 4001 is name
        await terminal.type(String(repeating: "u", count: 3001))  // °C → °F → K: 3001 is °F
        let screen = try await terminal.screen { $0.first?.contains("by name ↑ · °F") == true }
        #expect(screen.first?.contains("by name ↑ · °F") == true, "\(screen.joined(separator: "\n"))")
        // The database catches up with the screen: the last key's sort and unit.
        var saved = ""
        for _ in 0..<600 {
            saved = try await cli.run("list", "--offline", "--format", "json").stdout
            if saved.contains(#""key" : "name""#) && saved.contains(#""temperature" : "fahrenheit""#) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(saved.contains(#""key" : "name""#) && saved.contains(#""temperature" : "fahrenheit""#), "\(saved)")
        // 7,002 keys: a write each would have filled the log to its checkpoint (1,000 pages) at least.
        let log = (try? FileManager.default.attributesOfItem(atPath: cli.database + "-wal")[.size] as? Int) ?? 0
        let pages = max(0, log - 32) / (4096 + 24)
        #expect(pages < 300, "the write-ahead log holds \(pages) pages")
        try await Self.quit(terminal, app)
    }

    /// With the app open, `cp backup.sqlite new.sqlite; mv new.sqlite "$FORECAST_DB"`
    /// (a restore, a sync tool) left the database malformed, no key pressed; and
    /// with the database deleted the app said "Saved" with nothing on disk. The app
    /// notices within a second that the path names another file, lets the old one
    /// go (its log with it), shows the file there now, and says so; every file stays whole.
    @Test func aDatabaseReplacedOrDeletedUnderTheAppIsFollowed() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        let (terminal, cli, app) = try await start(stub, width: 100, height: 24, arguments: ["--list"])
        defer { terminal.close() }
        _ = try await terminal.screen { $0.contains { $0.contains("London") && $0.contains("°C") } }
        await terminal.type("s")  // a write, so the log holds pages of the old file
        _ = try await terminal.screen { $0.first?.contains("by name") == true }
        // The backup: another database with Tokyo, copied and moved over the open one.
        let backup = cli.folder.path("backup.sqlite")
        #expect(try await cli.run("add", "Tokyo", "--db", backup).status == 0)
        #expect(link(cli.database, cli.folder.path("old.sqlite")) == 0)
        try FileManager.default.copyItem(atPath: backup, toPath: cli.folder.path("new.sqlite"))
        #expect(rename(cli.folder.path("new.sqlite"), cli.database) == 0)
        var screen = try await terminal.screen { $0.first?.contains("1 place ") == true && $0.contains { $0.contains("replaced or deleted") } }
        #expect(screen.contains { $0.contains("Tokyo") } && !screen.contains { $0.contains("London") }, "\(screen.joined(separator: "\n"))")
        let list = try await cli.run("list", "--offline")
        #expect(list.status == 0 && list.stdout.contains("Tokyo") && !list.stdout.contains("London"), "\(list.stdout)\(list.stderr)")
        #expect(try await cli.run("add", "Paris").status == 0)
        let removed = try await cli.run("remove", "Paris")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try RobustnessTests.contents(cli.database).first == "ok")
        #expect(try RobustnessTests.contents(cli.folder.path("old.sqlite")) == ["ok", "Seoul", "Busan", "London"], "the old file is whole")

        // Deleted: followed too (a new database there), and what the app saves is on disk.
        #expect(unlink(cli.database) == 0)
        screen = try await terminal.screen { $0.first?.contains("0 places") == true }
        #expect(screen.first?.contains("0 places") == true, "\(screen.joined(separator: "\n"))")
        await terminal.type("/")
        await terminal.type("Osaka")
        _ = try await terminal.screen { $0.contains { $0.hasPrefix("›") && $0.contains("Osaka") } }
        await terminal.type("\r")
        _ = try await terminal.screen { $0.first?.contains("Not saved") == true }
        await terminal.type("a")
        screen = try await terminal.screen { $0.contains { $0.contains("Saved Osaka") } }
        #expect(screen.contains { $0.contains("Saved Osaka") }, "\(screen.joined(separator: "\n"))")
        let saved = try await cli.run("list", "--offline")
        #expect(saved.status == 0 && saved.stdout.contains("Osaka"), "\(saved.stdout)\(saved.stderr)")
        try await Self.quit(terminal, app)
        #expect(try RobustnessTests.contents(cli.database) == ["ok", "Osaka"])
    }
}
