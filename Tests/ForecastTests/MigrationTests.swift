import Foundation
import GRDB
import Testing
@testable import ForecastStore
import ForecastCore

@Suite struct MigrationTests {
    let folder = TemporaryFolder()

    @Test func theShippedMigrationsMatchTheMigrationsFolder() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(SchemaMigration.embedded.map { $0.fileName + ".sql" } == files)
        for (migration, file) in zip(SchemaMigration.embedded, files) {
            let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            #expect(migration.sql == text, "\(file)")
        }
        let versions = SchemaMigration.embedded.map(\.version)
        #expect(versions == Array(1...versions.count), "migrations are numbered 0001, 0002, … without gaps")
    }

    @Test func aFreshDatabaseGetsEveryMigrationOnceInWALMode() throws {
        let path = folder.path("fresh.sqlite")
        _ = try PlaceStore.open(path: path)
        _ = try PlaceStore.open(path: path)
        let queue = try DatabaseQueue(path: path)
        let (versions, mode, appID, settingsRows) = try queue.read { db in
            (
                try Int.fetchAll(db, sql: "SELECT version FROM schema_migration ORDER BY version"),
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Int.fetchOne(db, sql: "PRAGMA application_id"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM settings")
            )
        }
        #expect(versions == SchemaMigration.embedded.map(\.version))
        #expect(mode == "wal")
        #expect(appID == SchemaMigrator.applicationID)
        #expect(settingsRows == 1)
    }

    /// A database made by an earlier binary (fewer migrations) is upgraded in
    /// place, keeping its data.
    @Test func upgradesADatabaseFromAnEarlierMigrationSet() throws {
        let path = folder.path("old.sqlite")
        let queue = try DatabaseQueue(path: path)
        let first = SchemaMigration.embedded[0]
        let later = SchemaMigration(fileName: "9000_place_note", sql: "ALTER TABLE place ADD COLUMN note TEXT NOT NULL DEFAULT 'none';")
        try queue.writeWithoutTransaction { db in try SchemaMigrator(migrations: [first]).migrate(db, path: path) }
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO place (display_name, canonical_name, latitude, longitude, time_zone, position, added_at)
                VALUES ('Kept', 'Kept', 1, 2, 'UTC', 1, '2026-01-01')
                """)
        }
        let upgraded = SchemaMigrator(migrations: SchemaMigration.embedded + [later])
        try queue.writeWithoutTransaction { db in try upgraded.migrate(db, path: path) }
        let (row, versions) = try queue.read { db in
            (
                try String.fetchOne(db, sql: "SELECT display_name || '/' || note FROM place"),
                try Int.fetchAll(db, sql: "SELECT version FROM schema_migration ORDER BY version")
            )
        }
        #expect(row == "Kept/none")
        #expect(versions.last == 9000)
        // And every migration shipped today applies on top of the first one alone.
        let path2 = folder.path("first-only.sqlite")
        let queue2 = try DatabaseQueue(path: path2)
        try queue2.writeWithoutTransaction { db in try SchemaMigrator(migrations: [first]).migrate(db, path: path2) }
        try queue2.close()
        _ = try PlaceStore.open(path: path2)
    }

    /// A database made by the first release (0001 only), with a place in it,
    /// gains the weather cache and the wind unit and keeps the place.
    @Test func upgradesAFirstReleaseDatabaseToTheCurrentSchema() throws {
        let path = folder.path("release1.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: [SchemaMigration.embedded[0]]).migrate(db, path: path)
            try db.execute(sql: """
                INSERT INTO place (display_name, canonical_name, latitude, longitude, time_zone, position, added_at)
                VALUES ('Seoul', 'Seoul', 37.566, 126.9784, 'Asia/Seoul', 1, '2026-01-01 00:00:00.000');
                UPDATE settings SET temperature_unit = 'kelvin';
                """)
        }
        try queue.close()
        let store = try PlaceStore.open(path: path)
        #expect(try store.ordered().places.map(\.displayName) == ["Seoul"])
        #expect(try store.settings().temperatureUnit == .kelvin)
        #expect(try store.settings().windUnit == .ms)
        #expect(try store.cachedSummaries(provider: "open-meteo", now: Date()).isEmpty)
    }

    /// 0006 packs cached weather: reports cached as JSON before it are still
    /// read (list and show keep their weather across the upgrade), and the next
    /// fetch replaces them packed.
    @Test func weatherCachedAsJSONBeforeThePackingIsStillRead() throws {
        let path = folder.path("release5.sqlite")
        let queue = try DatabaseQueue(path: path)
        let observed = Date(timeIntervalSince1970: 1_768_798_800)
        let report = WeatherReport(
            observedAt: observed, utcOffsetSeconds: 32_400, timeZone: "Asia/Seoul",
            current: CurrentConditions(temperature: 3.5, humidity: 40, condition: .wmo(3)),
            hourly: [HourlyForecast(time: observed.addingTimeInterval(3600), temperature: 4)],
            daily: [DailyForecast(date: "2026-01-19", minimum: -1, maximum: 5, condition: .wmo(61))])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        let summary = String(decoding: try encoder.encode(report.summary), as: UTF8.self)
        try queue.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: Array(SchemaMigration.embedded.prefix(5))).migrate(db, path: path)
            try db.execute(sql: """
                INSERT INTO place (id, display_name, canonical_name, latitude, longitude, time_zone, position, added_at)
                VALUES (1, 'Seoul', 'Seoul', 37.566, 126.9784, 'Asia/Seoul', 1, '2026-01-01 00:00:00.000');
                """)
            try db.execute(sql: "INSERT INTO weather_cache VALUES (1, 'open-meteo', ?, ?)", arguments: [observed.timeIntervalSince1970, json])
            try db.execute(sql: "INSERT INTO weather_summary VALUES (1, 'open-meteo', ?, 3.5, 40, ?)", arguments: [observed.timeIntervalSince1970, summary])
        }
        try queue.close()
        let store = try PlaceStore.open(path: path)
        #expect(try store.cachedSummaries(provider: "open-meteo", now: observed)[1]?.report == report.summary)
        #expect(try store.cachedReport(placeID: 1, provider: "open-meteo", now: observed)?.report == report)
        var newer = report
        newer.current.temperature = 7
        try store.saveWeather([1: newer], provider: "open-meteo", fetchedAt: observed, full: true)
        #expect(try store.cachedReport(placeID: 1, provider: "open-meteo", now: observed)?.report == newer)
        let check = try DatabaseQueue(path: path)
        let kinds = try check.read { db in
            try String.fetchAll(db, sql: "SELECT typeof(report) || ',' || typeof(packed) FROM weather_cache UNION ALL SELECT typeof(report) || ',' || typeof(packed) FROM weather_summary")
        }
        #expect(kinds == ["null,blob", "null,blob"])
        try check.close()
    }

    /// 0005 rebuilds the settings row without 0004's lists of providers and
    /// languages: what was set survives, a value the old CHECKs should have
    /// kept out (written with them ignored) becomes the default instead of
    /// stopping the upgrade, and a provider 0004 did not know can be kept.
    @Test func theSettingsRebuildKeepsWhatWasSetAndDropsTheLists() throws {
        let path = folder.path("release4.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: Array(SchemaMigration.embedded.prefix(4))).migrate(db, path: path)
            try db.execute(sql: """
                INSERT INTO place (display_name, canonical_name, latitude, longitude, time_zone, position, added_at)
                VALUES ('Seoul', 'Seoul', 37.566, 126.9784, 'Asia/Seoul', 1, '2026-01-01 00:00:00.000');
                UPDATE settings SET temperature_unit = 'fahrenheit', provider = 'openweathermap', language = 'ko',
                    ttl_minutes = 30, concurrency = 4, default_format = 'csv', last_viewed_place_id = 1, wind_unit = 'kmh';
                PRAGMA ignore_check_constraints = ON;
                UPDATE settings SET sort_key = 'sideways', concurrency = 'many';
                PRAGMA ignore_check_constraints = OFF;
                """)
        }
        try queue.close()
        let store = try PlaceStore.open(path: path)
        let settings = try store.settings()
        #expect(settings.temperatureUnit == .fahrenheit && settings.windUnit == .kmh && settings.lastViewedPlaceID == 1)
        #expect(settings.preferences.provider == "openweathermap" && settings.preferences.language == "ko")
        #expect(settings.preferences.ttlMinutes == 30 && settings.preferences.format == "csv")
        #expect(settings.sort.key == .custom && settings.preferences.concurrency == nil)
        var preferences = settings.preferences
        preferences.provider = "a-provider-of-2027"
        _ = try store.setPreferences(preferences, temperature: settings.temperatureUnit, wind: settings.windUnit)
        #expect(try store.settings().preferences.provider == "a-provider-of-2027")
        let sql = try DatabaseQueue(path: path).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'settings'")
        }
        #expect(sql?.contains("openweathermap") == false && sql?.contains("'ko'") == false)
    }

    /// A settings row deleted by hand locked every command ("the settings row
    /// is missing"): reads now use the defaults and say so, and the next write
    /// puts the row back.
    @Test func aMissingSettingsRowIsTheDefaultsUntilTheNextWrite() throws {
        let path = folder.path("norow.sqlite")
        let store = try PlaceStore.open(path: path)
        _ = try store.add(newPlace("Seoul", lat: 37.566, lon: 126.9784, geonamesID: 1835848), now: Date())
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "DELETE FROM settings") }
        #expect(try store.settings() == Settings())
        #expect(try store.damagedSettings() == ["settings"])
        #expect(try store.ordered().places.map(\.displayName) == ["Seoul"])
        try store.setSort(PlaceSort(key: .name, descending: true))
        #expect(try store.settings().sort == PlaceSort(key: .name, descending: true))
        #expect(try store.damagedSettings().isEmpty)
    }

    @Test func aFailingMigrationLeavesTheDatabaseAsItWas() throws {
        let path = folder.path("failing.sqlite")
        _ = try PlaceStore.open(path: path)
        let broken = SchemaMigration(fileName: "9001_broken", sql: "CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);")
        let queue = try DatabaseQueue(path: path)
        #expect(throws: (any Error).self) {
            try queue.writeWithoutTransaction { db in
                try SchemaMigrator(migrations: SchemaMigration.embedded + [broken]).migrate(db, path: path)
            }
        }
        let (half, versions) = try queue.read { db in
            (try db.tableExists("half"), try Int.fetchAll(db, sql: "SELECT version FROM schema_migration"))
        }
        #expect(half == false)
        #expect(!versions.contains(9001))
    }

    @Test func refusesANewerDatabaseWithoutTouchingIt() throws {
        let path = folder.path("newer.sqlite")
        _ = try PlaceStore.open(path: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO schema_migration (version, name) VALUES (9999, '9999_future')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(path: path, found: 9999, known: SchemaMigration.embedded.count)) {
            try PlaceStore.open(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesAFileThatIsNotADatabase() throws {
        let path = folder.path("notes.sqlite")
        let text = Data("These are my notes, not a database. Please keep them.\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notADatabase(path: path)) { try PlaceStore.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func refusesAnotherProgramsDatabase() throws {
        let path = folder.path("other.sqlite")
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.foreignDatabase(path: path)) { try PlaceStore.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// A trigger put into a forecast database ran on every change (one deleting
    /// every other place on `add`). A database holding a trigger, a view, an index
    /// or a table its migrations did not make is refused as not forecast's, for
    /// writing and for reading, and left as it was.
    @Test(arguments: [
        "CREATE TRIGGER wipe AFTER INSERT ON place BEGIN DELETE FROM place WHERE id <> NEW.id; END",
        "CREATE TRIGGER spy AFTER UPDATE ON settings BEGIN SELECT 1; END",
        "CREATE VIEW everything AS SELECT * FROM place",
        "CREATE INDEX mine ON place (display_name)",
        "CREATE TABLE extra (x)",
    ]) func refusesADatabaseHoldingWhatForecastDidNotMake(tampering: String) throws {
        let path = folder.path("tampered.sqlite")
        let store = try PlaceStore.open(path: path)
        _ = try store.add(seoul, now: Date())
        _ = try store.add(busan, now: Date())
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: tampering) }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.foreignDatabase(path: path)) { try PlaceStore.open(path: path) }
        #expect(throws: StoreError.foreignDatabase(path: path)) { try PlaceStore.openForReading(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// The tampered file through the command line: `add` is refused, both places stay.
    @Test func addOnATamperedDatabaseDeletesNothing() async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(try await cli.run("add", "Busan").status == 0)
        let queue = try DatabaseQueue(path: cli.database)
        try await queue.write { db in
            try db.execute(sql: "CREATE TRIGGER wipe AFTER INSERT ON place BEGIN DELETE FROM place WHERE id <> NEW.id; END")
        }
        let added = try await cli.run("add", "London")
        #expect(added.status == 1 && added.stderr.contains("not one of forecast's"), "\(added.stderr)")
        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place") } == 2)
        try queue.close()
    }

    /// Another program's database with a `schema_migration` table of its own
    /// (versions 1 to 7, its own tables) is not taken for forecast's.
    @Test func aForeignSchemaMigrationTableIsNotForecasts() throws {
        let path = folder.path("claims.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: SchemaMigrator.createMigrationTable)
            for migration in SchemaMigration.embedded {
                try db.execute(sql: "INSERT INTO schema_migration (version, name) VALUES (?, ?)", arguments: [migration.version, migration.fileName])
            }
            try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.foreignDatabase(path: path)) { try PlaceStore.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // The same with forecast's application id set: its tables are still not ours.
        try DatabaseQueue(path: path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = \(SchemaMigrator.applicationID)") }
        #expect(throws: StoreError.foreignDatabase(path: path)) { try PlaceStore.open(path: path) }
    }

    /// Every database made by any earlier set of migrations is still forecast's.
    @Test func everyEarlierSchemaIsForecasts() throws {
        for count in 1...SchemaMigration.embedded.count {
            let path = folder.path("version\(count).sqlite")
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try SchemaMigrator(migrations: Array(SchemaMigration.embedded.prefix(count))).migrate(db, path: path)
            }
            try queue.close()
            #expect(try PlaceStore.open(path: path).ordered().places.isEmpty, "made by the first \(count) migrations")
        }
    }

    @Test func anEmptyFileBecomesADatabase() throws {
        let path = folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(try PlaceStore.open(path: path).ordered().places.isEmpty)
    }

    /// Several connections migrating one new file at once: each migration runs
    /// exactly once and every opener succeeds.
    @Test func concurrentFirstOpensAllSucceed() async throws {
        let path = folder.path("race.sqlite")
        let results = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    do {
                        let store = try PlaceStore.open(path: path)
                        _ = try store.ordered()
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(results.compactMap { $0 }.isEmpty, "\(results)")
        let versions = try await DatabaseQueue(path: path).read { db in
            try Int.fetchAll(db, sql: "SELECT version FROM schema_migration")
        }
        #expect(versions == SchemaMigration.embedded.map(\.version))
    }
}
