import Foundation
import GRDB
import Testing
@testable import ForecastCLI
@testable import ForecastViews
@testable import ForecastCore
@testable import ForecastProviders
@testable import ForecastStore

extension InProcessCLI {
    /// The same, on a database of the test's own (a file it can tamper with).
    init(store: PlaceStore) {
        self.store = store
        let clock = TestClock(january2026)
        self.clock = clock
        http = FakeHTTPClient(now: { clock.read() }) { _ in
            HTTPResponse(status: 200, body: Fixture.data("openmeteo_current_plus_daily_london_2026.json"))
        }
    }
}

/// The database is outside input too: whatever another program wrote in it,
/// reading it never traps, a bad row fails alone and by name, and its text
/// reaches no output with its escape sequences.
@Suite struct DatabaseContentTests {
    let folder = TemporaryFolder()
    var path: String { folder.path("forecast.sqlite") }

    /// A database with three places and weather for them, and a way to write anything into it.
    func saved() async throws -> InProcessCLI {
        let cli = InProcessCLI(store: try PlaceStore.open(path: path))
        for (name, lat, lon) in [("London", "51.5", "-0.12"), ("Paris", "48.85", "2.35"), ("Berlin", "52.52", "13.4")] {
            #expect(await cli.run("add", "--lat", lat, "--lon", lon, "--name", name).status == 0)
        }
        #expect(await cli.run("show", "1", "--refresh").status == 0)
        return cli
    }

    func tamper(_ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
        try queue.close()
    }

    @Test func numbersThatAreTextNeverTrap() async throws {
        let cli = try await saved()
        // Each of these trapped (SIGILL) in GRDB's subscripts.
        try tamper("UPDATE weather_cache SET fetched_at = 'yesterday'; UPDATE weather_summary SET fetched_at = 'yesterday', temperature = 'warm'")
        try tamper("INSERT OR REPLACE INTO rate_bucket (service, tokens, updated_at) VALUES ('open-meteo', 'lots', 'then')")
        try cli.store.setSort(PlaceSort(key: .temperature, descending: false))
        let list = await cli.run("list", "--offline")
        #expect(list.status == 0 && list.lines.count == 4, "\(list.stdout)\(list.stderr)")
        #expect(try cli.store.cachedReport(placeID: 1, provider: "open-meteo", now: Date()) == nil, "an unreadable entry is no entry")
        #expect(try cli.store.takeRateTokens(1, service: "open-meteo", capacity: 600, now: Date()) == 0, "a bucket that does not read starts full")
        for (tokens, at) in ["-1e308": "CAST(strftime('%s','now') AS REAL)", "0": "1e300"] {
            try tamper("INSERT OR REPLACE INTO rate_bucket (service, tokens, updated_at) VALUES ('open-meteo', \(tokens), \(at))")
            #expect(try cli.store.takeRateTokens(1, service: "open-meteo", capacity: 600, now: Date()) == 0, "no run leaves \(tokens) at \(at)")
        }
        let show = await cli.run("show", "1")
        #expect(show.status == 0, "\(show.stderr)")
    }

    @Test func aPositionAtTheEndOfIntStillAdds() async throws {
        let cli = try await saved()
        try tamper("UPDATE place SET position = 9223372036854775807 WHERE id = 3")
        let added = await cli.run("add", "--lat", "37.5", "--lon", "127", "--name", "Seoul")
        #expect(added.status == 0, "overflow trap: \(added.stderr)")
        let names = await cli.run("list", "--offline", "--format", "line", "--template", "{position} {name}")
        #expect(names.lines == ["1 London", "2 Paris", "3 Berlin", "4 Seoul"])
    }

    @Test func aBrokenRowFailsAloneAndCanBeRemoved() async throws {
        let cli = try await saved()
        try tamper("UPDATE place SET latitude = 'north' WHERE id = 2")
        let list = await cli.run("list", "--offline", "--format", "line", "--template", "{name}")
        #expect(list.status == 0 && list.lines == ["London", "Berlin"], "\(list.stdout)")
        #expect(list.stderr.contains("saved place 2 ('Paris') cannot be read (its latitude is not valid)"), "\(list.stderr)")
        #expect(await cli.run("export").stdout.contains("\"Berlin\""), "export works around it")
        #expect(await cli.run("remove", "London").status == 0, "so does remove")
        let removed = await cli.run("remove", "--damaged")
        #expect(removed.status == 0 && removed.stdout == "Removed 1 damaged place.\n", "\(removed.stdout)\(removed.stderr)")
        let after = await cli.run("list", "--offline", "--format", "line", "--template", "{position} {name}")
        #expect(after.lines == ["1 Berlin"] && after.stderr.isEmpty)
    }

    /// A damaged row that holds a GeoNames id: adding or importing that place again
    /// said "UNIQUE constraint failed"; now it says which row is in the way.
    @Test func aDamagedRowInTheWayIsNamed() async throws {
        let cli = try await saved()
        #expect(await cli.run("add", "Seoul").status == 0)
        let exported = await cli.run("export")
        try tamper("UPDATE place SET latitude = 'north' WHERE display_name = 'Seoul'")
        let again = await cli.run("add", "Seoul")
        #expect(again.status == 1 && again.stderr.contains("saved in row 4, which cannot be read"), "\(again.stderr)")
        #expect(!again.stderr.contains("UNIQUE"))
        let file = folder.path("places.json")
        try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let dry = await cli.run("import", file, "--dry-run")
        let real = await cli.run("import", file)
        // The dry run and the real one agree: the place the damaged row holds is skipped, not a collision.
        #expect(dry.stdout.contains("0 places would be imported; 4 already saved would be skipped."), "\(dry.stdout)")
        #expect(real.status == 0 && real.stdout.hasPrefix("Imported 0 places; 4 already saved, skipped."), "\(real.stdout)\(real.stderr)")
        // show and report say it too.
        for arguments in [["show", "1", "--offline"], ["report", "--offline"]] {
            #expect(await cli.run(arguments: arguments).stderr.contains("cannot be read"), "\(arguments)")
        }
        #expect(await cli.run("remove", "--damaged").status == 0)
        #expect(await cli.run("add", "Seoul").status == 0, "once removed, it can be saved again")
    }

    @Test func escapeSequencesInTheDatabaseReachNoOutput() async throws {
        let cli = try await saved()
        let escape = "\u{1B}]0;pwned\u{07}\u{1B}[2J"
        try tamper("""
            UPDATE place SET display_name = 'Lon' || char(27) || '[31mdon', admin1 = 'Eng' || char(27) || ']0;x' || char(7) || 'land',
                country_code = char(27) || 'X' WHERE id = 1;
            UPDATE weather_cache SET report = json_set(report, '$.current.condition.english', 'Sun\(escape)ny');
            UPDATE weather_summary SET report = json_set(report, '$.current.condition.english', 'Sun\(escape)ny');
            """)
        var outputs: [String] = []
        for arguments in [["show", "1", "--offline"], ["list", "--offline"], ["list", "--offline", "--format", "csv"],
                          ["list", "--offline", "--format", "tsv"], ["list", "--offline", "--format", "json"], ["export", "--format", "csv"]] {
            let result = await cli.run(arguments: arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            outputs.append(result.stdout + result.stderr)
        }
        for output in outputs {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(output)")
        }
        #expect(outputs[0].contains("Sun]0;pwned[2Jny") || outputs[0].contains("Sun"), "the words stay, their escapes go")
    }

    @Test(arguments: [
        ("e" + String(repeating: "\u{301}", count: 200), "too long"),
        ("2", "cannot be a number"),
        ("\u{2800}\u{2800}", "nothing visible"),
        ("\u{3164}", "nothing visible"),
        ("\u{200B}\u{00A0}\u{3164}", "nothing visible"),
    ])
    func labelsTheDatabaseWouldRefuseAreRefusedInWords(label: String, says: String) async throws {
        let cli = try await saved()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in [["rename", "1", label], ["add", "--lat", "1", "--lon", "1", "--as", label]] {
            let result = await cli.run(arguments: arguments)
            #expect(result.status == 1 && result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("CHECK"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing changed")
    }

    /// remove, move and rename on a database that does not exist made it (and its folder).
    @Test func changingNothingSavedCreatesNothing() async throws {
        let cli = CLI()
        for arguments in [["remove", "x"], ["move", "x", "1"], ["rename", "x", "y"]] {
            let result = try await cli.run(arguments + ["--db", cli.folder.path("new/forecast.sqlite")])
            #expect(result.status == 4, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("new")))
    }

    /// Another process holding the write lock (a long import) made `list --refresh
    /// --timeout 2` take 33 s: waiting for the database now counts against the budget.
    @Test func aBusyDatabaseCountsAgainstTheTimeBudget() async throws {
        let cli = try await saved()
        // The recorded answer is London's alone.
        #expect(await cli.run("remove", "Paris", "Berlin").status == 0)
        let holder = try DatabaseQueue(path: path)
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        // Another connection holds the write lock, in a write that waits to be let go.
        let holding = Thread {
            try? holder.write { db in
                try db.execute(sql: "UPDATE settings SET wind_unit = wind_unit")
                locked.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }
        holding.start()
        locked.wait()
        let started = ContinuousClock.now
        let list = await cli.run("list", "--refresh", "--timeout", "2")
        let took = ContinuousClock.now - started
        release.signal()
        try holder.close()
        #expect(list.status == 3, "shown, not saved: \(list.stderr) \(list.stdout)")
        #expect(list.lines.count == 2 && list.stdout.contains("Partly cloudy"), "the weather arrived in time: \(list.stdout)")
        #expect(list.stderr.contains("the database was busy"), "\(list.stderr)")
        // Not the 10 s SQLite waited for the bucket and again for the save (20 s in all); a wide margin.
        #expect(took < .seconds(15), "\(took)")
        // Once the lock is gone, it saves as usual.
        let after = await cli.run("list", "--refresh")
        #expect(after.status == 0, "\(after.stderr)\(after.stdout)")
    }
}

extension DatabaseContentTests {
    /// A settings cell no CHECK stopped (a database made elsewhere) failed every
    /// command with GRDB's raw error quoting the row. Now that setting is its
    /// default, a warning names it, and setting it again repairs it.
    @Test func aBadSettingIsItsDefaultNamedUntilSetAgain() async throws {
        let cli = try await saved()
        #expect(await cli.run("units", "fahrenheit").status == 0)
        try tamper("""
            UPDATE settings SET temperature_unit = 'rankine', sort_key = X'00', provider = '\u{1B}]0;pwned\u{07}',
                ttl_minutes = 'forever', concurrency = 99999, language = 'en', default_format = 'markdown', sort_descending = 7
            """)
        let list = await cli.run("list", "--offline", "--format", "table")
        #expect(list.status == 0 && list.lines.count == 4, "\(list.stdout)\(list.stderr)")
        for column in ["temperature_unit", "sort_key", "provider", "ttl_minutes", "concurrency", "sort_descending"] {
            #expect(list.stderr.contains("the saved setting \(column) is not valid"), "\(column): \(list.stderr)")
        }
        #expect(!list.stderr.contains("\u{1B}") && !list.stderr.contains("pwned"), "the bad value is not quoted")
        #expect(list.stdout.contains("°C"), "the default unit: \(list.stdout)")
        let settings = try cli.store.settings()
        #expect(settings.preferences.language == "en" && settings.preferences.format == "markdown", "good cells are kept")
        let config = await cli.run("config", "--format", "json")
        #expect(config.status == 0 && !config.stdout.contains("pwned"), "\(config.stdout)\(config.stderr)")

        #expect(await cli.run("units", "celsius").status == 0)
        #expect(await cli.run("sort", "name").status == 0)
        #expect(await cli.run("config", "provider", "open-meteo").status == 0)
        #expect(await cli.run("config", "ttl", "30").status == 0)
        #expect(await cli.run("config", "concurrency", "4").status == 0)
        #expect(try cli.store.damagedSettings().isEmpty, "each was repaired by setting it")
    }
}
