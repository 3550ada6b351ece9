import Foundation
import ForecastCore
import GRDB

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// The one access point to the database: saved places and settings.
///
/// Every change is one IMMEDIATE transaction that reads what it needs and
/// writes, so a failed command changes nothing and two processes at once
/// both succeed (one waits for the other, up to `busyTimeout`).
public final class PlaceStore: Sendable {
    public let path: String
    /// The database open now, and which file it is (see `connection()`).
    private let opened: Opened

    /// The connection open now (nil once its file was found replaced). Internal, not
    /// private: tests reach an in-memory database's schema through it.
    var queue: DatabaseQueue? { opened.lock.withLock { opened.current?.queue } }

    static let busyTimeout: TimeInterval = 10

    /// Opens (creating if needed) the database at `path` and brings its schema up
    /// to date. Refuses, without writing a byte, files that are not SQLite, SQLite
    /// databases that are not forecast's, and databases from a newer forecast.
    public static func open(path: String) throws(StoreError) -> PlaceStore {
        try refuseNonSQLite(at: path)
        // What is there before: a new database that cannot be made leaves nothing behind.
        let made = Leftovers(path: path)
        // A plain file name ("t1.db") lives in the current folder, which exists.
        let folder = FilePath.folder(of: path)
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create its folder")
            }
        }
        do {
            return try openWritable(path: path)
        } catch {
            // A new database that could not be made (a full disk): what this open made goes,
            // and the reason is said, not a read-only file that "needs upgrading".
            if made.isNew {
                switch error {
                case .diskFull, .cannotOpen, .failed: made.remove()
                default: break  // another forecast's file now, or another program's: not ours to remove
                }
                throw error
            }
            // A database that can be read but not written (a read-only file or
            // folder, a full disk where SQLite cannot make its -shm file) still
            // serves every command that only reads; a write then fails, saying so.
            let reason: String
            switch error {
            case .cannotOpen(_, let why): reason = why
            case .diskFull: reason = "database or disk is full"  // as SQLite says it
            default: throw error
            }
            guard FileManager.default.isReadableFile(atPath: path) else { throw error }
            do {
                return try openReadOnly(path: path, immutable: false, because: reason, reopen: { path throws(StoreError) in try open(path: path) })
            } catch {
                // WAL needs its -shm file even to read, unless SQLite is told the file cannot change.
                if let store = try? openReadOnly(path: path, immutable: true, because: reason, reopen: { path throws(StoreError) in try open(path: path) }) { return store }
                throw error
            }
        }
    }

    /// Opens an existing, current database to read only: nothing is created,
    /// migrated or switched to WAL (what the shell's completion reads). An
    /// older database, or anything that is not forecast's, is refused.
    public static func openForReading(path: String) throws(StoreError) -> PlaceStore {
        try refuseNonSQLite(at: path)
        do {
            return try openReadOnly(path: path, immutable: false, because: "opened to read only", reopen: { path throws(StoreError) in try openForReading(path: path) })
        } catch {
            if let store = try? openReadOnly(path: path, immutable: true, because: "opened to read only", reopen: { path throws(StoreError) in try openForReading(path: path) }) { return store }
            throw error
        }
    }

    /// Opens read-only; `immutable` also skips locking and the -wal/-shm files
    /// (what a still-open writer has not checkpointed is not seen).
    private static func openReadOnly(
        path: String, immutable: Bool, because reason: String, reopen: @escaping @Sendable (String) throws(StoreError) -> PlaceStore
    ) throws(StoreError) -> PlaceStore {
        let (config, busy) = configuration(readonly: true)
        let migrator = SchemaMigrator(migrations: SchemaMigration.embedded)
        do {
            let queue = try DatabaseQueue(path: immutable ? uri(path, query: "immutable=1") : path, configuration: config)
            let current = try queue.read { db in
                try migrator.check(db, path: path)
                return try migrator.isCurrent(db)
            }
            guard current else { throw StoreError.cannotOpen(path: path, reason: "it is read-only and needs upgrading by this forecast") }
            return PlaceStore(path: path, Connection(queue: queue, busy: busy, readOnlyBecause: reason, path: path), reopen: reopen)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        } catch {
            throw .failed(Self.describe(error))
        }
    }

    /// A connection's settings: its busy wait answers to the deadline of each write.
    private static func configuration(readonly: Bool) -> (Configuration, BusyWait) {
        var config = Configuration()
        config.readonly = readonly
        let busy = BusyWait()
        config.busyMode = .callback(busy.shouldRetry)
        config.label = "forecast"
        return (config, busy)
    }

    /// `path` as an SQLite URI filename, with the characters URIs reserve escaped.
    static func uri(_ path: String, query: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:" + escaped + "?" + query
    }

    private static func openWritable(path: String) throws(StoreError) -> PlaceStore {
        let migrator = SchemaMigrator(migrations: SchemaMigration.embedded)
        do {
            let (config, busy) = configuration(readonly: false)
            let queue = try DatabaseQueue(path: path, configuration: config)
            try retryingWhileBusy {
                // Check before anything writes (even switching to WAL writes the header).
                let current = try queue.read { db in
                    try migrator.check(db, path: path)
                    return try migrator.isCurrent(db)
                }
                if !current {
                    try queue.writeWithoutTransaction { db in
                        try db.execute(sql: "PRAGMA journal_mode = WAL")
                        try migrator.migrate(db, path: path)
                    }
                }
            }
            return PlaceStore(path: path, Connection(queue: queue, busy: busy, readOnlyBecause: nil, path: path), reopen: { path throws(StoreError) in
                try open(path: path)
            })
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw .notADatabase(path: path)
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_FULL || (error.resultCode == .SQLITE_IOERR && Self.hasNoRoom(besides: path)) {
            // SQLite says SQLITE_FULL where a write found no space, but "disk I/O error" where
            // its -shm file could not grow: a disk with no room left is the reason either way.
            throw .diskFull(path: path)
        } catch let error as DatabaseError
            where [.SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_PERM].contains(error.resultCode) {
            throw .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        } catch {
            throw .failed(Self.describe(error))
        }
    }

    /// Whether the disk holding `path` has no room left for a database to grow
    /// (less than SQLite's 32 KiB -shm file and a page or two of its -wal).
    static func hasNoRoom(besides path: String) -> Bool {
        let folder = FilePath.folder(of: path)
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024
    }

    /// A database in memory with the real schema, for tests of the layers above
    /// (as GRDB's demo apps pass `DatabaseQueue()` to their `AppDatabase`).
    public static func inMemory() throws -> PlaceStore {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: SchemaMigration.embedded).migrate(db, path: ":memory:")
        }
        return PlaceStore(path: ":memory:", Connection(queue: queue, busy: BusyWait(), readOnlyBecause: nil, path: nil), reopen: nil)
    }

    private init(path: String, _ connection: Connection, reopen: (@Sendable (String) throws(StoreError) -> PlaceStore)?) {
        self.path = path
        opened = Opened(connection, reopen: reopen)
    }

    /// Whether the file at the path is no longer the one opened: replaced (a
    /// restore or a sync tool moved another file there) or deleted. Only looks.
    public var fileChanged: Bool {
        opened.lock.withLock { opened.current.map { $0.identity != nil && FileIdentity(path) != $0.identity } ?? true }
    }

    /// The connection to use, checked first: a file replaced or deleted under
    /// it is not written through it (the write would go to a file no one sees,
    /// or its journal would be mixed with the new file by anyone opening the
    /// path). The connection is closed (SQLite checkpoints into the old file and
    /// removes the journals, which are the old file's), the operation is
    /// refused as `.replaced`, and the next one opens the file now at the path.
    private func connection() throws(StoreError) -> Connection {
        opened.lock.lock()
        defer { opened.lock.unlock() }
        if let current = opened.current {
            guard let identity = current.identity, FileIdentity(path) != identity else { return current }
            opened.current = nil
            // SQLite neither checkpoints nor removes the log of a file that has moved, and the log is
            // named after the path: whoever opens the path next would read it into the file now there.
            // So its pages go into the old file (through the descriptor still open on it), the log is
            // emptied, and only then is the connection closed.
            _ = try? current.queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try? current.queue.close()
            throw .replaced(path: path)
        }
        guard let reopen = opened.reopen else { throw .failed("the database is closed") }
        let store = try reopen(path)
        guard let fresh = store.opened.lock.withLock({ store.opened.current }) else { throw .failed("the database is closed") }
        opened.current = fresh
        return fresh
    }

    /// Setting up a new file races with other processes doing the same, and a few
    /// steps of that (changing the journal mode) answer SQLITE_BUSY without
    /// waiting on the busy handler. Each step is safe to repeat, so repeat it.
    private static func retryingWhileBusy(_ step: () throws -> Void) throws {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try step()
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && Date() < deadline {
                usleep(useconds_t.random(in: 5_000...25_000))
            }
        }
    }

    /// SQLite itself would say SQLITE_NOTADB too, but only once it reads; this
    /// answers before any connection exists.
    private static func refuseNonSQLite(at path: String) throws(StoreError) {
        // Look before opening: opening a FIFO for reading would block forever.
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .cannotOpen(path: path, reason: "it is a folder")
        case S_IFIFO: throw .cannotOpen(path: path, reason: "it is a named pipe, not a file")
        case S_IFCHR, S_IFBLK: throw .cannotOpen(path: path, reason: "it is a device, not a file")
        case S_IFSOCK: throw .cannotOpen(path: path, reason: "it is a socket, not a file")
        default: throw .cannotOpen(path: path, reason: "it is not a regular file")
        }
        // SQLite opens these beside the database by name (beside a symbolic
        // link's target, when the database is one): a named pipe there would
        // block every command, Ctrl-C included.
        var names = [path]
        if let resolved = realpath(path, nil) {
            names.append(String(cString: resolved))
            free(resolved)
        }
        for name in names {
            for suffix in ["-journal", "-wal", "-shm"] {
                var beside = stat()
                guard lstat(name + suffix, &beside) == 0 else { continue }
                if beside.st_mode & S_IFMT != S_IFREG {
                    throw .cannotOpen(path: path, reason: "its \(suffix.dropFirst()) file beside it (name\(suffix)) is not a regular file")
                }
            }
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: "it cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if !header.isEmpty && header != Data("SQLite format 3\0".utf8) { throw .notADatabase(path: path) }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let connection = try connection()
        do { return try connection.queue.read(body) } catch { throw Self.wrap(error) }
    }

    /// One IMMEDIATE transaction. While another process writes, it waits up to
    /// `busyTimeout`, or until `deadline` when that is sooner (a refresh's time
    /// budget covers waiting for the database too); then fails as `busy`.
    func write<T>(until deadline: ContinuousClock.Instant? = nil, _ body: (Database) throws -> T) throws -> T {
        let connection = try connection()
        let (busy, readOnlyBecause) = (connection.busy, connection.readOnlyBecause)
        do {
            return try connection.queue.writeWithoutTransaction { db in
                busy.begin(until: deadline)
                defer { busy.end() }
                var result: T?
                try db.inTransaction(.immediate) {
                    // A settings row deleted by hand comes back with the defaults on the
                    // next write (reads use the defaults meanwhile, saying so).
                    try db.execute(sql: "INSERT OR IGNORE INTO settings (id) VALUES (1)")
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StoreError.failed("the transaction returned nothing") }
                return result
            }
        } catch let error as DatabaseError where readOnlyBecause != nil && error.resultCode == .SQLITE_READONLY {
            // Say why it could not be written ("database or disk is full"), not only that it was read-only.
            throw StoreError.cannotWrite(path: path, reason: readOnlyBecause ?? "")
        } catch {
            throw Self.wrap(error)
        }
    }

    private static func wrap(_ error: any Error) -> any Error {
        if error is InputError || error is StoreError { return error }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            return StoreError.busy
        }
        return StoreError.failed(describe(error))
    }

    // MARK: - Reading

    public func settings() throws -> Settings {
        try read(Self.settings)
    }

    /// The saved places in the order `list` shows them, with the settings that ordered them.
    public func ordered() throws -> (settings: Settings, places: [Place]) {
        let read = try orderedWithDamage()
        return (read.settings, read.places)
    }

    /// The same, with what cannot be read (rows left out, settings columns
    /// not understood), in one reading of the places: a list of a thousand
    /// reads them once, not once for the list and again for the warnings.
    public func orderedWithDamage() throws -> (settings: Settings, places: [Place], damage: StoreDamage) {
        try read { db in
            let (settings, damagedSettings) = try Self.savedSettings(db)
            let (valid, damaged) = try Self.places(db)
            return (settings, try Self.ordered(db, settings, valid), StoreDamage(places: damaged, settings: damagedSettings))
        }
    }

    /// The saved settings that cannot be used (their columns): each is its
    /// default until it is set again, so a command can say so.
    public func damagedSettings() throws -> [String] {
        try read { db in try Self.savedSettings(db).damaged }
    }

    /// The saved rows that cannot be read, so that a command can say so and
    /// `remove --damaged` can take them away.
    public func damagedPlaces() throws -> [DamagedPlace] {
        try read { db in try Self.places(db).damaged }
    }

    // MARK: - Changing

    /// Removes the rows that cannot be read, and nothing else.
    public func removeDamaged() throws -> [DamagedPlace] {
        try write { db in
            let damaged = try Self.places(db).damaged
            _ = try PlaceRecord.deleteAll(db, keys: damaged.map(\.id))
            let remaining = try Self.places(db).valid
            try Self.renumber(db, remaining)
            return damaged
        }
    }

    /// A report kept from an earlier fetch.
    public struct CachedWeather: Sendable {
        public var report: WeatherReport
        public var provider: String
        public var fetchedAt: Date

        /// How old the copy is; one fetched "in the future" (a clock set back,
        /// or a database written by hand) counts as too old to trust, so it is fetched again.
        public func age(now: Date) -> TimeInterval {
            let age = now.timeIntervalSince(fetchedAt)
            return age < -300 ? .infinity : age
        }
    }

    public enum AddOutcome: Equatable, Sendable {
        case added(Place)
        case alreadySaved(Place)
    }

    /// Saves `new` at the end of the manual order, unless it is saved already.
    public func add(_ new: NewPlace, now: Date) throws -> AddOutcome {
        try write { db in
            let (saved, damaged) = try Self.places(db)
            if let existing = saved.first(where: new.isSame(as:)) { return .alreadySaved(existing) }
            if let id = new.geonamesID, let row = damaged.first(where: { $0.geonamesID == id }) { throw StoreError.damagedInTheWay(row) }
            var numbers = PlaceReference.NextNumbers(saved)
            return .added(try PlaceRecord.insert(new, position: try Self.nextPosition(db, after: saved), addedAt: now, numbers: &numbers, db))
        }
    }

    /// Saves `new` again where a place removed a moment ago stood in the
    /// manual order (`z` in the app): before every place whose position was
    /// after `position`, in one transaction; the sort is left as it is. A place
    /// saved again meanwhile is left where it is.
    public func restore(_ new: NewPlace, at position: Int, now: Date) throws -> AddOutcome {
        try write { db in
            let (saved, damaged) = try Self.places(db)
            if let existing = saved.first(where: new.isSame(as:)) { return .alreadySaved(existing) }
            if let id = new.geonamesID, let row = damaged.first(where: { $0.geonamesID == id }) { throw StoreError.damagedInTheWay(row) }
            var numbers = PlaceReference.NextNumbers(saved)
            var place = try PlaceRecord.insert(new, position: try Self.nextPosition(db, after: saved), addedAt: now, numbers: &numbers, db)
            var ordered = saved.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
            let index = ordered.filter { $0.position < position }.count
            ordered.insert(place, at: index)
            try Self.renumber(db, ordered)
            place.position = index + 1
            return .added(place)
        }
    }

    public typealias ImportResult = ForecastCore.ImportResult

    /// Imports `places` in one transaction: with `replace`, instead of every
    /// saved place; otherwise after them, skipping those saved already. The
    /// settings are kept when the list is replaced or was empty (a new machine);
    /// otherwise the ones here stay. `dryRun` works it all out and writes nothing.
    public func importPlaces(
        _ places: [NewPlace], settings: Settings?, replace: Bool, dryRun: Bool, now: Date
    ) throws -> ImportResult {
        // Worked out before the write lock is taken (the list as it stands, and
        // what to add to it), so that other processes wait only for the writing.
        let (planned, version) = try read { db in (try Self.plan(places, in: db, replace: replace), try Self.placesVersion(db)) }
        if dryRun {
            var position = replace ? 0 : (planned.saved.map(\.position).max() ?? 0)
            let added = planned.add.map { new in
                position += 1
                return new.saved(id: 0, position: position, addedAt: now)
            }
            return ImportResult(
                added: added, skipped: planned.skipped, removed: replace ? planned.saved.count : 0,
                settingsApplied: settings != nil && (replace || planned.saved.isEmpty))
        }
        return try write { db in
            // Another process may have changed the list meanwhile: then plan again, now.
            let (saved, add, skipped) = try Self.placesVersion(db) == version ? planned : Self.plan(places, in: db, replace: replace)
            let applySettings = settings != nil && (replace || saved.isEmpty)
            if replace { _ = try PlaceRecord.deleteAll(db) }
            var position = replace ? 0 : try Self.nextPosition(db, after: saved) - 1
            var added: [Place] = []
            added.reserveCapacity(add.count)
            var numbers = PlaceReference.NextNumbers(replace ? [] : saved)
            for place in add {
                position += 1
                added.append(try PlaceRecord.insert(place, position: position, addedAt: now, numbers: &numbers, db))
            }
            if applySettings, let settings {
                try Self.write(settings.preferences, temperature: settings.temperatureUnit, wind: settings.windUnit, db)
                try Self.writeMeasures(settings.measures, db)
                try db.execute(
                    sql: "UPDATE settings SET sort_key = ?, sort_descending = ?",
                    arguments: [settings.sort.key, settings.sort.descending])
            }
            if replace { try db.execute(sql: "UPDATE settings SET last_viewed_place_id = NULL") }
            return ImportResult(added: added, skipped: skipped, removed: replace ? saved.count : 0, settingsApplied: applySettings)
        }
    }

    /// What an import of `places` adds to the list as it stands in `db`: those
    /// not saved already (with `replace`, all of them), skipping too those whose
    /// GeoNames id a damaged row holds (saving them again would collide with it).
    private static func plan(
        _ places: [NewPlace], in db: Database, replace: Bool
    ) throws -> (saved: [Place], add: [NewPlace], skipped: Int) {
        let (valid, damaged) = try Self.places(db)
        var (add, skipped) = PlaceImport.plan(places, saved: replace ? [] : valid)
        let damagedIDs = replace ? [] : Set(damaged.compactMap(\.geonamesID))
        if !damagedIDs.isEmpty {
            let before = add.count
            add.removeAll { $0.geonamesID.map(damagedIDs.contains) ?? false }
            skipped += before - add.count
        }
        return (valid, add, skipped)
    }

    /// What changes whenever the saved places do: their count, highest id and
    /// positions (so an import planned outside the lock knows when to plan again).
    private static func placesVersion(_ db: Database) throws -> [Double] {
        let sql = "SELECT count(*) AS n, total(id) AS ids, total(position) AS positions, max(id) AS last FROM place"
        guard let row = try Row.fetchOne(db, sql: sql) else { return [] }
        return ["n", "ids", "positions", "last"].map { SavedRow.number(row, $0) ?? 0 }
    }

    /// Chooses places from the list as it is shown (`choose` sees it in order,
    /// inside the same transaction) and the store does the rest. Whoever chooses
    /// may throw: then nothing is written.
    public typealias Chooser<Chosen> = (_ ordered: [Place]) throws -> Chosen

    /// Removes the places `choose` picks, all or none. If the last-viewed place
    /// goes, the first remaining place becomes the last viewed.
    public func remove(choosing choose: Chooser<[Place]>) throws -> [Place] {
        try write { db in
            let settings = try Self.settings(db)
            let ordered = try Self.ordered(db, settings)
            let targets = try choose(ordered)
            let ids = Set(targets.map(\.id))
            _ = try PlaceRecord.deleteAll(db, keys: Array(ids))
            let remaining = ordered.filter { !ids.contains($0.id) }
            try Self.renumber(db, remaining.sorted { $0.position < $1.position })
            if let last = settings.lastViewedPlaceID, ids.contains(last) {
                try db.execute(sql: "UPDATE settings SET last_viewed_place_id = ?", arguments: [remaining.first?.id])
            }
            return targets
        }
    }

    /// Gives the place `choose` picks the label `label` (a `PlaceName` already
    /// checked). Returns the place as it was and as it is now.
    public func rename(choosing choose: Chooser<Place>, to label: String) throws -> (before: Place, after: Place) {
        try write { db in
            let ordered = try Self.ordered(db, try Self.settings(db))
            let place = try choose(ordered)
            return (place, try Self.relabel(place, to: label, among: ordered, db))
        }
    }

    /// Relabels an already saved place by id (`add --as` on a place saved before).
    public func relabel(_ place: Place, to label: String) throws -> Place {
        try write { db in try Self.relabel(place, to: label, among: try Self.places(db).valid, db) }
    }

    /// `place` under `label`: under a label of other places, it is numbered
    /// after them (`Name#N`); under its own label in other letters, it keeps its number.
    private static func relabel(_ place: Place, to label: String, among saved: [Place], _ db: Database) throws -> Place {
        var renamed = place
        renamed.displayName = label
        let others = saved.filter { $0.id != place.id }
        if SearchKey.fold(label) != SearchKey.fold(place.displayName) || place.namesake == nil {
            var numbers = PlaceReference.NextNumbers(others)
            let (number, shared) = numbers.take(label)
            renamed.namesake = number
            renamed.hasNamesakes = shared
        }
        try db.execute(
            sql: "UPDATE place SET display_name = ?, namesake = ? WHERE id = ?", arguments: [label, renamed.namesake, place.id])
        return renamed
    }

    /// Moves a place to `position` (1-based, as `list` shows it). The order on
    /// screen becomes the manual order and the sort switches to `custom`.
    @discardableResult
    public func move(choosing choose: Chooser<Place>, to position: Int) throws -> Place {
        try move(choosing: choose, toPositionIn: { _ in position })
    }

    /// Moves a place to the position `position` gives from the order on
    /// screen (read in the same transaction: a step up or down from where it is).
    @discardableResult
    public func move(choosing choose: Chooser<Place>, toPositionIn position: Chooser<Int>) throws -> Place {
        try write { db in
            var ordered = try Self.ordered(db, try Self.settings(db))
            let place = try choose(ordered)
            let position = try position(ordered)
            guard (1...ordered.count).contains(position) else {
                throw InputError.positionOutOfRange(position, count: ordered.count)
            }
            ordered.removeAll { $0.id == place.id }
            ordered.insert(place, at: position - 1)
            try Self.renumber(db, ordered)
            try db.execute(sql: "UPDATE settings SET sort_key = 'custom', sort_descending = 0")
            return place
        }
    }

    /// Puts the saved places in the order of `ids` (the app's moves, however
    /// many, in one write): places not named keep their order after them, ids no
    /// longer saved are skipped, and your own order becomes the sort, as a move makes it.
    public func reorder(_ ids: [Int64]) throws {
        try write { db in
            var own = try Self.settings(db)
            own.sort = PlaceSort(key: .custom)
            let places = try Self.ordered(db, own)
            var rank: [Int64: Int] = [:]
            for (index, id) in ids.enumerated() where rank[id] == nil { rank[id] = index }
            let named = places.filter { rank[$0.id] != nil }.sorted { (rank[$0.id] ?? 0) < (rank[$1.id] ?? 0) }
            try Self.renumber(db, named + places.filter { rank[$0.id] == nil })
            try db.execute(sql: "UPDATE settings SET sort_key = 'custom', sort_descending = 0")
        }
    }

    public func setSort(_ order: PlaceSort) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE settings SET sort_key = ?, sort_descending = ?",
                arguments: [order.key, order.descending])
        }
    }

    public func setTemperatureUnit(_ unit: TemperatureUnit) throws {
        try write { db in try db.execute(sql: "UPDATE settings SET temperature_unit = ?", arguments: [unit]) }
    }

    public func setWindUnit(_ unit: WindUnit) throws {
        try write { db in try db.execute(sql: "UPDATE settings SET wind_unit = ?", arguments: [unit]) }
    }

    /// Stores `preferences` and the units, all in one transaction; returns the settings now in force.
    public func setPreferences(_ preferences: Preferences, temperature: TemperatureUnit, wind: WindUnit) throws -> Settings {
        try write { db in
            try Self.write(preferences, temperature: temperature, wind: wind, db)
            return try Self.settings(db)
        }
    }

    private static func write(_ preferences: Preferences, temperature: TemperatureUnit, wind: WindUnit, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE settings SET provider = ?, language = ?, ttl_minutes = ?, concurrency = ?, default_format = ?,
                    temperature_unit = ?, wind_unit = ?, alert_sources = ?, air_scale = ?
                """,
            arguments: [
                preferences.provider, preferences.language, preferences.ttlMinutes, preferences.concurrency,
                preferences.format, temperature, wind, preferences.alertSources, preferences.airScale?.rawValue,
            ])
    }

    /// Sets whichever units are given, any or none, in one transaction;
    /// returns the units now in force.
    public func setUnits(_ change: UnitChange) throws -> Settings {
        try write { db in
            let columns: [(String, (any DatabaseValueConvertible)?)] = [
                ("temperature_unit", change.temperature), ("wind_unit", change.wind),
                ("precipitation_unit", change.precipitation?.rawValue), ("distance_unit", change.distance?.rawValue),
                ("pressure_unit", change.pressure?.rawValue), ("clock", change.clock?.rawValue),
            ]
            for case let (column, value?) in columns {
                try db.execute(sql: "UPDATE settings SET \(column) = ?", arguments: [value])
            }
            return try Self.settings(db)
        }
    }

    /// Writes every unit of `settings` (an import's).
    private static func writeMeasures(_ measures: MeasureUnits, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE settings SET precipitation_unit = ?, distance_unit = ?, pressure_unit = ?, clock = ?",
            arguments: [measures.precipitation.rawValue, measures.distance.rawValue, measures.pressure.rawValue, measures.clock.rawValue])
    }

    // MARK: - Weather cache

    /// The latest summary (current conditions and the first days, no hourly
    /// data) per place for `provider`: what `list` needs, cheap to read for
    /// thousands of places. An entry that no longer decodes or validates is absent.
    public func cachedSummaries(provider: String, now: Date) throws -> [Int64: CachedWeather] {
        let rows: [(id: Int64, fetchedAt: Double, stored: StoredReport)] = try read { db in
            var rows: [(id: Int64, fetchedAt: Double, stored: StoredReport)] = []
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT place_id, fetched_at, report, packed FROM weather_summary WHERE provider = ?", arguments: [provider])
            while let row = try cursor.next() {
                guard let id = SavedRow.integer(row, "place_id"), let fetchedAt = SavedRow.number(row, "fetched_at"),
                      let stored = SavedRow.storedReport(row) else { continue }
                rows.append((id, fetchedAt, stored))
            }
            return rows
        }
        return Self.decodeSummaries(rows, provider: provider, now: now)
    }

    /// Decoding and validating is most of reading a thousand summaries: done
    /// on every core, after the database is let go.
    static func decodeSummaries(
        _ rows: [(id: Int64, fetchedAt: Double, stored: StoredReport)], provider: String, now: Date
    ) -> [Int64: CachedWeather] {
        let pieces = rows.count < 64 ? 1 : max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let size = (rows.count + pieces - 1) / max(1, pieces)
        let decoded = DecodedSummaries(capacity: rows.count)
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            var part: [Int64: CachedWeather] = [:]
            part.reserveCapacity(size)
            for row in rows[min(rows.count, piece * size)..<min(rows.count, (piece + 1) * size)] {
                if let entry = cached(row.stored, fetchedAt: row.fetchedAt, provider: provider, now: now) { part[row.id] = entry }
            }
            decoded.add(part)
        }
        return decoded.all
    }

    /// The latest full report (hours and days) for one place from `provider`.
    public func cachedReport(placeID: Int64, provider: String, now: Date) throws -> CachedWeather? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT fetched_at, report, packed FROM weather_cache WHERE place_id = ? AND provider = ?",
                arguments: [placeID, provider]
            ).flatMap { Self.cached($0, provider: provider, now: now) }
        }
    }

    /// Whether any weather is cached at all (for any provider).
    public func hasWeather() throws -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM weather_summary)") ?? false }
    }

    /// Keeps these reports as the latest for `provider`, in one transaction: a
    /// summary of each always, and the report itself when it is a full one.
    /// Places removed meanwhile (by another process) are skipped.
    public func saveWeather(
        _ reports: [Int64: WeatherReport], provider: String, fetchedAt: Date, full: Bool, until deadline: ContinuousClock.Instant? = nil
    ) throws {
        guard !reports.isEmpty else { return }
        let rows = reports.map { id, report in
            (id, report.current, Data(PackedReport.pack(report.summary)), full ? Data(PackedReport.pack(report)) : nil)
        }
        try write(until: deadline) { db in
            for (id, current, summary, report) in rows {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO weather_summary (place_id, provider, fetched_at, temperature, humidity, packed)
                        SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM place WHERE id = ?)
                        """,
                    arguments: [id, provider, fetchedAt.timeIntervalSince1970, current.temperature, current.humidity, summary, id])
                guard let report else { continue }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO weather_cache (place_id, provider, fetched_at, packed)
                        SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM place WHERE id = ?)
                        """,
                    arguments: [id, provider, fetchedAt.timeIntervalSince1970, report, id])
            }
        }
    }

    // MARK: - Rate limit

    /// Takes `calls` from `service`'s token bucket, shared by every process
    /// using this database: it holds `capacity` calls and refills at
    /// `callsPerMinute` (default: `capacity` a minute). Returns the seconds
    /// until the last of these calls may be made.
    public func takeRateTokens(
        _ calls: Double, service: String, capacity: Double, callsPerMinute: Double? = nil, now: Date,
        until deadline: ContinuousClock.Instant? = nil
    ) throws -> TimeInterval {
        // Refills at `callsPerMinute` (by default a minute fills it).
        let perSecond = max(1, callsPerMinute ?? capacity) / 60
        return try write(until: deadline) { db in
            var tokens = try Self.rateTokens(db, service: service, capacity: capacity, perSecond: perSecond, now: now)
            tokens -= calls
            try db.execute(
                sql: "INSERT OR REPLACE INTO rate_bucket (service, tokens, updated_at) VALUES (?, ?, ?)",
                arguments: [service, tokens, now.timeIntervalSince1970])
            return tokens < 0 ? -tokens / perSecond : 0
        }
    }

    /// The calls `service`'s bucket holds now, taking none: what a run may
    /// spend without waiting (the normals, which can wait for the next run).
    public func rateTokens(service: String, capacity: Double, callsPerMinute: Double? = nil, now: Date) throws -> Double {
        let perSecond = max(1, callsPerMinute ?? capacity) / 60
        return try read { db in try Self.rateTokens(db, service: service, capacity: capacity, perSecond: perSecond, now: now) }
    }

    /// The calls a bucket holds at `now`: what it held, refilled since.
    static func rateTokens(_ db: Database, service: String, capacity: Double, perSecond: Double, now: Date) throws -> Double {
        let row = try Row.fetchOne(db, sql: "SELECT tokens, updated_at FROM rate_bucket WHERE service = ?", arguments: [service])
        // Whatever the row holds ('lots', NaN, a blob), only finite numbers count; else the bucket starts full.
        // So does a bucket no run leaves (more than an hour of calls owed: -1e308 held every
        // refresh for the hour the old clamp allowed), or one updated in the future.
        guard let row, let stored = SavedRow.number(row, "tokens"), let at = SavedRow.number(row, "updated_at"),
              stored >= -perSecond * 3600, at <= now.timeIntervalSince1970 + 60 else { return capacity }
        let elapsed = max(0, now.timeIntervalSince1970 - at)
        return min(capacity, stored + elapsed * perSecond)
    }

    /// Remembers `placeID` as the last viewed place (if it is still saved).
    public func recordViewed(_ placeID: Int64) throws {
        // A convenience, never worth a long wait: another process's write lock is waited for a second at most.
        try write(until: .now + .seconds(1)) { db in
            try db.execute(
                sql: "UPDATE settings SET last_viewed_place_id = ? WHERE EXISTS (SELECT 1 FROM place WHERE id = ?)",
                arguments: [placeID, placeID])
        }
    }

    // MARK: - Shared steps

    private static func settings(_ db: Database) throws -> Settings {
        try savedSettings(db).settings
    }

    private static func savedSettings(_ db: Database) throws -> (settings: Settings, damaged: [String]) {
        // Missing (deleted by hand): the defaults, named as damaged until a write puts the row back.
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM settings WHERE id = 1") else { return (Settings(), ["settings"]) }
        return SavedRow.settings(row)
    }

    /// The order `list` shows. Temperature and humidity come from the newest
    /// cached summary of any provider, so positions mean the same to every command.
    private static func ordered(_ db: Database, _ settings: Settings, _ valid: [Place]? = nil) throws -> [Place] {
        let places = try valid ?? Self.places(db).valid
        guard settings.sort.key.needsWeather else { return PlaceOrdering.sorted(places, by: settings.sort) }
        let column = settings.sort.key == .temperature ? "temperature" : "humidity"
        var latest: [Int64: Double] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT place_id, \(column) AS value FROM weather_summary ORDER BY fetched_at")
        while let row = try rows.next() {
            guard let id = SavedRow.integer(row, "place_id") else { continue }
            // Only plausible values sort: the cache may hold what an older forecast accepted, or anything at all.
            let range = settings.sort.key == .temperature ? WeatherBounds.temperature : WeatherBounds.percent
            latest[id] = SavedRow.number(row, "value").flatMap { range.contains($0) ? $0 : nil }
        }
        return PlaceOrdering.sorted(places, by: settings.sort) { latest[$0.id] }
    }

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()

    /// A cache row as a report, if it still decodes and every value in it is
    /// plausible: an entry an older forecast stored is never trusted blindly.
    private static func cached(_ row: Row, provider: String, now: Date) -> CachedWeather? {
        guard let stored = SavedRow.storedReport(row), let fetchedAt = SavedRow.number(row, "fetched_at") else { return nil }
        return cached(stored, fetchedAt: fetchedAt, provider: provider, now: now)
    }

    private static func cached(_ stored: StoredReport, fetchedAt: Double, provider: String, now: Date) -> CachedWeather? {
        let report: WeatherReport?
        switch stored {
        case .packed(let bytes):
            report = bytes.count <= maximumCachedReport ? try? PackedReport.unpack(bytes) : nil
        case .json(let json):
            report = json.utf8.count <= maximumCachedReport ? try? decoder.decode(WeatherReport.self, from: Data(json.utf8)) : nil
        }
        guard let valid = try? report?.validated(now: now) else { return nil }
        return CachedWeather(report: valid, provider: provider, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
    }

    /// Far more than any report forecast writes (about 40 KB): a larger one was not written by it.
    static let maximumCachedReport = 4 << 20

    /// Every saved place in the manual order, and the rows that cannot be read.
    private static func places(_ db: Database) throws -> (valid: [Place], damaged: [DamagedPlace]) {
        var valid: [Place] = [], damaged: [DamagedPlace] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM place ORDER BY position, id")
        while let row = try rows.next() {
            switch SavedRow.place(row) {
            case .success(let place): valid.append(place)
            case .failure(let problem): damaged.append(problem)
            }
        }
        return (PlaceReference.numbered(valid), damaged)
    }

    /// The position after the last one; if that would overflow (a position
    /// written by something else), the list is renumbered 1...n first.
    private static func nextPosition(_ db: Database, after saved: [Place]) throws -> Int {
        let last = saved.map(\.position).max() ?? 0
        if last >= 0, last < Int(Int32.max) { return last + 1 }
        try renumber(db, saved.sorted { ($0.position, $0.id) < ($1.position, $1.id) }, force: true)
        return saved.count + 1
    }

    /// Writes positions 1...n in the given order, touching only rows that change.
    private static func renumber(_ db: Database, _ places: [Place], force: Bool = false) throws {
        for (offset, place) in places.enumerated() where force || place.position != offset + 1 {
            try db.execute(sql: "UPDATE place SET position = ? WHERE id = ?", arguments: [offset + 1, place.id])
        }
    }
}

/// How long a connection waits for another process's write lock: up to
/// `PlaceStore.busyTimeout` from when the wait began, or the deadline of the
/// write under way if sooner. SQLite asks `shouldRetry` each time it finds the
/// database locked; it sleeps a little and says whether to try again.
final class BusyWait: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: ContinuousClock.Instant?
    private var waitStarted: ContinuousClock.Instant?

    func begin(until deadline: ContinuousClock.Instant?) { lock.withLock { self.deadline = deadline } }
    func end() { lock.withLock { deadline = nil } }

    func shouldRetry(_ tries: Int) -> Bool {
        let now = ContinuousClock.now
        let limit: ContinuousClock.Instant = lock.withLock {
            if tries == 0 || waitStarted == nil { waitStarted = now }
            let timeout = (waitStarted ?? now) + .milliseconds(Int(PlaceStore.busyTimeout * 1000))
            return deadline.map { min($0, timeout) } ?? timeout
        }
        guard now < limit else { return false }
        let nap = min(limit - now, .milliseconds(tries < 10 ? 2 : 20))
        let (seconds, attoseconds) = nap.components
        usleep(useconds_t(max(0, min(Int64(1_000_000), seconds * 1_000_000 + attoseconds / 1_000_000_000_000))))
        return true
    }
}

/// What the decoding pieces found, gathered under a lock.
private final class DecodedSummaries: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [Int64: PlaceStore.CachedWeather] = [:]
    init(capacity: Int) { found.reserveCapacity(capacity) }
    func add(_ part: [Int64: PlaceStore.CachedWeather]) { lock.withLock { found.merge(part) { $1 } } }
    var all: [Int64: PlaceStore.CachedWeather] { lock.withLock { found } }
}

/// What a first open of a database may make, noted before it: the file, its
/// journals and the folders above it that do not exist yet. When the new
/// database cannot be made (a full disk), `remove` takes away what the open
/// made and nothing else: a file or folder that was there stays.
struct Leftovers {
    let path: String
    /// The database's own file and journals that were not there.
    private let missingFiles: [String]
    /// The folders that were not there, deepest first.
    private let missingFolders: [String]

    init(path: String) {
        self.path = path
        var info = stat()
        missingFiles = ["", "-wal", "-shm", "-journal"].map { path + $0 }.filter { lstat($0, &info) != 0 && errno == ENOENT }
        var folders: [String] = []
        var folder = FilePath.folder(of: path)
        while !folder.isEmpty, folder != "/", folder != ".", lstat(folder, &info) != 0, errno == ENOENT {
            folders.append(folder)
            folder = FilePath.folder(of: folder)
        }
        missingFolders = folders
    }

    /// Whether the database itself was not there.
    var isNew: Bool { missingFiles.first == path }

    func remove() {
        var info = stat()
        for file in missingFiles where lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG { unlink(file) }
        for folder in missingFolders { rmdir(folder) }  // only when empty
    }
}

/// A file as the system knows it: device and inode, whatever the path says.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The file at `path` now (a symbolic link's target), or nil if there is none.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// One open database: its connection, how it waits, and which file it is.
final class Connection: Sendable {
    let queue: DatabaseQueue
    let busy: BusyWait
    /// Why the database was opened read-only (it could not be opened for writing), if it was.
    let readOnlyBecause: String?
    /// The file opened (nil in memory).
    let identity: FileIdentity?

    init(queue: DatabaseQueue, busy: BusyWait, readOnlyBecause: String?, path: String?) {
        self.queue = queue
        self.busy = busy
        self.readOnlyBecause = readOnlyBecause
        identity = path.flatMap(FileIdentity.init)
    }
}

/// The connection open now (nil once its file was found replaced), and how to open the path again.
final class Opened: @unchecked Sendable {
    let lock = NSLock()
    var current: Connection?  // guarded by lock
    let reopen: (@Sendable (String) throws(StoreError) -> PlaceStore)?

    init(_ connection: Connection, reopen: (@Sendable (String) throws(StoreError) -> PlaceStore)?) {
        current = connection
        self.reopen = reopen
    }
}
