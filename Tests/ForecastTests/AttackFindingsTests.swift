import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastStore

/// What an attack on the packed cache, the settings and the files beside the
/// database found, each held here.
@Suite struct AttackFindingsTests {
    let folder = TemporaryFolder()

    /// One "character" can be megabytes (a letter under 600,000 accents): a
    /// cleaned text is bounded in scalars too, keeping whole characters.
    @Test func aCharacterOfAMillionScalarsIsBounded() {
        let zalgo = "z" + String(repeating: "\u{301}", count: 600_000)
        let cleaned = SafeText.clean(zalgo, maxLength: 40)
        #expect(cleaned.unicodeScalars.count <= 160 && cleaned.hasSuffix("…"))
        let condition = WeatherCondition.unknown("rain" + zalgo)
        #expect(condition.code.unicodeScalars.count <= 4 * 40 + 8, "the condition kept in the cache is bounded")
        let family = String(repeating: "👨\u{200D}", count: 10_000) + "👩"
        #expect(SafeText.clean(family, maxLength: 80).unicodeScalars.count <= 320)
        // Honest text is cut as before: by characters.
        #expect(SafeText.clean(String(repeating: "서울", count: 100), maxLength: 10) == "서울서울서울서울서…")
    }

    /// SQLite opens its journal beside the database by name: a named pipe there
    /// would block every command, Ctrl-C included. Refused before opening.
    @Test(.timeLimit(.minutes(1))) func aPipeBesideTheDatabaseIsRefused() throws {
        let path = folder.path("w.sqlite")
        _ = try PlaceStore.open(path: path)
        for suffix in ["-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
            #expect(mkfifo(path + suffix, 0o600) == 0)
            #expect { try PlaceStore.open(path: path) } throws: { error in
                guard case .cannotOpen(_, let reason) = error as? StoreError else { return false }
                return reason.contains(suffix)
            }
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        _ = try PlaceStore.open(path: path)
        // Beside a symbolic link's target too, where SQLite looks when the database is a link.
        try FileManager.default.createDirectory(atPath: folder.path("real"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: folder.path("real/r.sqlite"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.sqlite"), withDestinationPath: folder.path("real/r.sqlite"))
        #expect(mkfifo(folder.path("real/r.sqlite-journal"), 0o600) == 0)
        #expect(throws: StoreError.self) { try PlaceStore.open(path: folder.path("link.sqlite")) }
    }

    /// What was typed is echoed quoted, bounded in scalars like cleaned text;
    /// names kept are cut to what their column holds in code points.
    @Test func echoesAndStoredNamesAreBoundedInScalars() async throws {
        let huge = "e" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(SafeText.quoted(huge).unicodeScalars.count <= 321)
        #expect(SafeText.quoted("\u{1}" + huge).hasPrefix("\\u{1}"))
        let config = try await CLI().run("config", "language", "x" + String(repeating: "\u{301}", count: 60_000))
        #expect(config.status != 0 && config.stderr.utf8.count < 2_000, "\(config.stderr.utf8.count) bytes")
        // Bangkok's full Thai name is 144 code points: stored, it is cut to the column's 100.
        let thai = String(repeating: "\u{0E01}\u{0E34}", count: 72)
        let stored = SafeText.storable(thai, maxLength: 100)
        #expect(stored.unicodeScalars.count <= 100 && stored.hasSuffix("…") && stored.count <= 100)
        #expect(SafeText.storable("Seoul", maxLength: 100) == "Seoul")
    }

    /// Help and the version never open the database: an empty file stays empty.
    @Test func helpAndTheVersionTouchNoDatabase() async throws {
        var cli = CLI()
        let empty = folder.path("empty.db")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        cli.environment["FORECAST_DB"] = empty
        for arguments in [["--version", "--db", empty], ["--help", "--db", empty], ["help", "list"], ["list", "-h", "--db", empty],
                          ["--db", empty, "help", "list"], ["--db=\(empty)", "help"], ["--lang", "en", "help"],
                          ["--generate-completion-script", "bash"]] {
            let status = try await cli.run(arguments).status
            #expect(status == 0, "\(arguments): \(status)")
            #expect((try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int) == 0, "\(arguments)")
        }
    }

    /// A copy "fetched" in the future (a clock set back, a database edited) is
    /// not trusted as fresh for ever: it is due at once.
    @Test func weatherFromTheFutureIsDue() {
        let now = Date(timeIntervalSince1970: 1_768_798_800)
        let report = WeatherReport(observedAt: now, utcOffsetSeconds: 0, timeZone: nil, current: CurrentConditions(), hourly: [], daily: [])
        let future = PlaceStore.CachedWeather(report: report, provider: "open-meteo", fetchedAt: now.addingTimeInterval(86_400 * 300))
        #expect(future.age(now: now) == .infinity)
        let skewed = PlaceStore.CachedWeather(report: report, provider: "open-meteo", fetchedAt: now.addingTimeInterval(60))
        #expect(skewed.age(now: now) == -60, "a minute of clock skew is not distrust")
    }

    /// FORECAST_LANG is a code, or a code with a locale's region and encoding;
    /// nothing else passes for one (it was read by its first two letters).
    @Test func theLanguageVariableIsACodeOrALocale() async throws {
        for good in ["ko", "KO", "kr", "ko_KR.UTF-8", "en-GB", "en_US.utf8@euro"] { #expect(Language(setting: good) != nil, "\(good)") }
        for bad in ["korean", "english", "ko\n", "ko\u{1B}[2J", "kr\u{202E}", "xx", "k", "ko KR"] { #expect(Language(setting: bad) == nil, "\(bad.debugDescription)") }
        var cli = CLI()
        cli.environment["FORECAST_LANG"] = "ko\n"
        let refused = try await cli.run("list", "--offline")
        #expect(refused.status == 1 && refused.stderr.contains("'ko\\u{A}'"), "\(refused.stderr)")
        // config names what was typed with its control characters shown, not dropped.
        let config = try await CLI().run("config", "language", "ko\n")
        #expect(config.status != 0 && config.stderr.contains("'ko\\u{A}'"), "\(config.stderr)")
    }
}
