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
    let opened: Opened

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
                // Only then: a file refused for what it holds is refused, whatever its log would add.
                guard case .cannotOpen = error,
                      let store = try? openReadOnly(path: path, immutable: true, because: reason, reopen: { path throws(StoreError) in try open(path: path) })
                else { throw error }
                return store
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
            // Without its -shm file (a read-only folder): the file as it is, ignoring its log. Not a file
            // refused for what it holds (a tampered schema in the log would be passed over).
            guard case .cannotOpen = error,
                  let store = try? openReadOnly(path: path, immutable: true, because: "opened to read only", reopen: { path throws(StoreError) in try openForReading(path: path) })
            else { throw error }
            return store
        }
    }

    /// Opens read-only; `immutable` also skips locking and the -wal/-shm files
    /// (what a still-open writer has not checkpointed is not seen).
    static func openReadOnly(
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
    static func configuration(readonly: Bool) -> (Configuration, BusyWait) {
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

    static func openWritable(path: String) throws(StoreError) -> PlaceStore {
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
                        // No committed log lingers, as after every write (`write`).
                        _ = try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
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

    /// The connection to use, checked first. A file replaced or deleted under
    /// it is not written through it (the write would go to a file no one sees,
    /// or its journal would be mixed with the new file by anyone opening the
    /// path): the operation is refused as `.replaced`, and the next one opens
    /// the file now at the path. A file changed since this connection last
    /// used it (another process wrote, or a backup was copied over it with
    /// `cat`: the same file, other bytes) is opened again, so that nothing is
    /// read from a stale cache or written from one into it.
    ///
    /// The connection of a replaced file is closed (an open one would keep the
    /// shared index, named after the path, describing the old file to whoever
    /// opens the new one), but not checkpointed by this process: the log, also
    /// named after the path, holds nothing of its own (every write is
    /// checkpointed at once) and may, for a moment, hold another process's pages
    /// of the file now there, which closing as the last connection would copy
    /// into the old file. So the close waits (a second at most) for the log to be empty.
    func connection() throws(StoreError) -> Connection {
        opened.lock.lock()
        defer { opened.lock.unlock() }
        if let current = opened.current {
            guard let identity = current.identity else { return current }
            let now = FileIdentity(path)
            if now == identity, FileStamp(path) == current.stamp { return current }
            opened.current = nil
            guard now == identity else {
                Self.waitForEmptyLog(path)
                try? current.queue.close()
                throw .replaced(path: path)
            }
            // The same file: its log is its own, and closing checkpoints it where it belongs.
            try? current.queue.close()
        }
        guard let reopen = opened.reopen else { throw .failed("the database is closed") }
        let store = try reopen(path)
        guard let fresh = store.opened.lock.withLock({ store.opened.current }) else { throw .failed("the database is closed") }
        opened.current = fresh
        return fresh
    }

    /// Waits, a second at most, until the log beside `path` is empty or gone:
    /// a process that has just committed checkpoints at once.
    static func waitForEmptyLog(_ path: String) {
        for _ in 0..<100 {
            var info = stat()
            guard stat(path + "-wal", &info) == 0, info.st_size > 0 else { return }
            usleep(10_000)
        }
    }

    /// Setting up a new file races with other processes doing the same, and a few
    /// steps of that (changing the journal mode) answer SQLITE_BUSY without
    /// waiting on the busy handler. Each step is safe to repeat, so repeat it.
    static func retryingWhileBusy(_ step: () throws -> Void) throws {
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
    static func refuseNonSQLite(at path: String) throws(StoreError) {
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
            let written = try connection.queue.writeWithoutTransaction { db in
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
                // No committed log lingers (across a network wait, or while the app is open): a file
                // restored over this one meanwhile would be read with it by the next process to open
                // the path. Best effort: a reader of another process may hold part of it a moment more.
                if connection.identity != nil { _ = try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
                return result
            }
            // What the file is after this process's own write: a later change is someone else's.
            connection.stamp = FileStamp(path)
            return written
        } catch let error as DatabaseError where readOnlyBecause != nil && error.resultCode == .SQLITE_READONLY {
            // Say why it could not be written ("database or disk is full"), not only that it was read-only.
            throw StoreError.cannotWrite(path: path, reason: readOnlyBecause ?? "")
        } catch {
            throw Self.wrap(error)
        }
    }

    static func wrap(_ error: any Error) -> any Error {
        if error is InputError || error is StoreError { return error }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            return StoreError.busy
        }
        return StoreError.failed(describe(error))
    }

    // MARK: - Shared steps

    static func settings(_ db: Database) throws -> Settings {
        try savedSettings(db).settings
    }

    static func savedSettings(_ db: Database) throws -> (settings: Settings, damaged: [String]) {
        // Missing (deleted by hand): the defaults, named as damaged until a write puts the row back.
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM settings WHERE id = 1") else { return (Settings(), ["settings"]) }
        return SavedRow.settings(row)
    }

    /// The order `list` shows. Temperature and humidity come from the newest
    /// cached summary of any provider, so positions mean the same to every command.
    static func ordered(_ db: Database, _ settings: Settings, _ valid: [Place]? = nil) throws -> [Place] {
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
    static func cached(_ row: Row, provider: String, now: Date) -> CachedWeather? {
        guard let stored = SavedRow.storedReport(row), let fetchedAt = SavedRow.number(row, "fetched_at") else { return nil }
        return cached(stored, fetchedAt: fetchedAt, provider: provider, now: now)
    }

    static func cached(_ stored: StoredReport, fetchedAt: Double, provider: String, now: Date) -> CachedWeather? {
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
    static func places(_ db: Database) throws -> (valid: [Place], damaged: [DamagedPlace]) {
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
    static func nextPosition(_ db: Database, after saved: [Place]) throws -> Int {
        let last = saved.map(\.position).max() ?? 0
        if last >= 0, last < Int(Int32.max) { return last + 1 }
        try renumber(db, saved.sorted { ($0.position, $0.id) < ($1.position, $1.id) }, force: true)
        return saved.count + 1
    }

    /// Writes positions 1...n in the given order, touching only rows that change.
    static func renumber(_ db: Database, _ places: [Place], force: Bool = false) throws {
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
    let lock = NSLock()
    var deadline: ContinuousClock.Instant?
    var waitStarted: ContinuousClock.Instant?

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
final class DecodedSummaries: @unchecked Sendable {
    let lock = NSLock()
    var found: [Int64: PlaceStore.CachedWeather] = [:]
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
    let missingFiles: [String]
    /// The folders that were not there, deepest first.
    let missingFolders: [String]

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

/// A file's size and times of change: another process's write, or a copy
/// over it, changes them; reading does not.
struct FileStamp: Equatable, Sendable {
    let size: Int64
    let modified: Int64
    let changed: Int64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        #if os(Linux)
        modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
        #else
        modified = Int64(info.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtimespec.tv_nsec)
        changed = Int64(info.st_ctimespec.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctimespec.tv_nsec)
        #endif
    }
}

/// One open database: its connection, how it waits, and which file it is.
final class Connection: @unchecked Sendable {
    let queue: DatabaseQueue
    let busy: BusyWait
    /// Why the database was opened read-only (it could not be opened for writing), if it was.
    let readOnlyBecause: String?
    /// The file opened (nil in memory).
    let identity: FileIdentity?
    /// The file as this connection last left it (nil in memory); guarded by `lock`.
    var stamp: FileStamp? {
        get { lock.withLock { _stamp } }
        set { lock.withLock { _stamp = newValue } }
    }
    private let lock = NSLock()
    private var _stamp: FileStamp?

    init(queue: DatabaseQueue, busy: BusyWait, readOnlyBecause: String?, path: String?) {
        self.queue = queue
        self.busy = busy
        self.readOnlyBecause = readOnlyBecause
        identity = path.flatMap(FileIdentity.init)
        _stamp = path.flatMap(FileStamp.init)
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
