import Foundation
import GRDB
import Testing
@testable import ForecastCore
@testable import ForecastStore

/// A backup restored while a command or the app holds the database open
/// (issue 38, item 14): `mv backup "$FORECAST_DB"` during a refresh, then
/// another `forecast add`, left "database disk image is malformed"; `cat
/// backup > "$FORECAST_DB"` corrupted it too. No committed log lingers after
/// a write, and a file changed or replaced under a connection is noticed
/// before anything is written through it.
@Suite struct RestoredBackupTests {
    let folder = TemporaryFolder()
    var path: String { folder.path("forecast.sqlite") }

    func integrity(_ path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }

    func names(_ store: PlaceStore) throws -> [String] { try store.ordered().places.map(\.displayName) }

    static let tokyo = newPlace("Tokyo", lat: 35.6895, lon: 139.69171, geonamesID: 1850147, country: "JP", zone: "Asia/Tokyo")

    @Test func aBackupMovedInWhileOpenIsNeverMixedWithItsLog() throws {
        let held = try PlaceStore.open(path: path)   // the refresh, or the app, holding it open
        _ = try held.add(seoul, now: Date())
        try FileManager.default.copyItem(atPath: path, toPath: folder.path("backup.sqlite"))
        _ = try held.add(busan, now: Date())         // written before the network wait
        // The file it holds grows well past the backup (a page count of its own in the shared index).
        for index in 0..<300 { _ = try held.add(newPlace("Place \(index) " + String(repeating: "x", count: 80), lat: Double(index % 90), lon: 10, geonamesID: nil), now: Date()) }
        #expect((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0 == 0, "no committed log lingers")

        // The user restores the backup; another command adds a place.
        #expect(rename(folder.path("backup.sqlite"), path) == 0)
        let other = try PlaceStore.open(path: path)
        _ = try other.add(Self.tokyo, now: Date())
        #expect(try names(other) == ["Seoul", "Tokyo"])
        #expect(try integrity(path) == "ok")

        // The command that held the old file open writes nothing through it, and says so; the next one reads the file there.
        #expect(throws: StoreError.replaced(path: path)) { try held.add(Self.tokyo, now: Date()) }
        #expect(try names(held) == ["Seoul", "Tokyo"])
        _ = try held.add(busan, now: Date())
        #expect(try names(other) == ["Seoul", "Tokyo", "Busan"])
        #expect(try integrity(path) == "ok")
    }

    @Test func aBackupCopiedOverWhileOpenIsReadAgainBeforeAnyWrite() throws {
        let held = try PlaceStore.open(path: path)
        _ = try held.add(seoul, now: Date())
        let backup = try Data(contentsOf: URL(fileURLWithPath: path))
        for index in 0..<20 { _ = try held.add(newPlace("Place \(index)", lat: Double(index), lon: 10, geonamesID: nil), now: Date()) }

        // `cat backup > "$FORECAST_DB"`: the same file, the backup's bytes.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: backup)
        try handle.close()

        _ = try held.add(busan, now: Date())
        #expect(try names(held) == ["Seoul", "Busan"], "the backup's places and the one added since")
        #expect(try integrity(path) == "ok")
        let other = try PlaceStore.open(path: path)
        #expect(try names(other) == ["Seoul", "Busan"])
    }
}

/// Large warning answers are kept (issue 38, item 16): over the kept-answer
/// bound they were dropped, so MetAlerts was asked again by every command
/// (40 requests for 10 places in a minute, against its ten minutes a place)
/// and `show --offline` said "Warnings not checked yet" with 50 in force.
@Suite struct LargeWarningAnswerTests {
    let folder = TemporaryFolder()

    @Test func fiftyWarningsAtTheirBoundsAreKeptWithTheirTextsCutAndTheirWait() throws {
        let store = try PlaceStore.open(path: folder.path("forecast.sqlite"))
        guard case .added(let place) = try store.add(seoul, now: Date()) else { Issue.record("not added"); return }
        let now = Date()
        // Four bytes a character: 50 × (4,000 + 2,000 + 400 + 600) characters is 1.4 MB of JSON.
        let long = { (count: Int) in String(repeating: "🌀", count: count) }
        let warnings = (0..<50).map { index in
            WeatherWarning(
                source: "met-alerts", id: "id-\(index)", event: "Storm \(index)", level: .moderate, onset: now, ends: now.addingTimeInterval(3600),
                headline: long(400), description: long(4000), instruction: long(2000), area: long(600))
        }
        let answer = SourceAnswer.warnings(warnings)
        #expect(((try? PlaceStore.encoder.encode(answer).count) ?? 0) > PlaceStore.maximumSourceAnswer, "too large to keep whole")
        let wait = now.addingTimeInterval(600)
        try store.saveSourceAnswers([place.id: ["met-alerts": SourceResult(answer, notBefore: wait)]], fetchedAt: now)

        let kept = try #require(try store.cachedSourceAnswers(now: now)[place.id]?["met-alerts"])
        #expect(kept.notBefore.map { abs($0.timeIntervalSince(wait)) < 0.001 } == true, "the terms' wait is kept")
        guard case .warnings(let read) = kept.answer else { Issue.record("\(kept.answer)"); return }
        #expect(read.map(\.id) == warnings.map(\.id) && read.map(\.event) == warnings.map(\.event), "every warning, its event whole")
        #expect(read.allSatisfy { ($0.description?.count ?? 0) <= 1000 && $0.description?.hasSuffix("…") == true })
        // Small answers are kept whole.
        let small = SourceAnswer.warnings([warnings[0].cut(textsTo: 50)])
        #expect(PlaceStore.keepable(small)?.0 == small)
    }
}
