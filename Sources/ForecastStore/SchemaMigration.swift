import ForecastCore
import Foundation
import GRDB

/// One migrations/NNNN_name.sql file, compiled into the binary by the
/// EmbedMigrations build plugin (see `SchemaMigration.embedded`).
struct SchemaMigration: Sendable {
    let fileName: String
    let sql: String

    /// The NNNN prefix.
    var version: Int { Int(fileName.prefix { $0.isNumber }) ?? 0 }
}

/// Applies migrations in order, each in its own IMMEDIATE transaction that also
/// re-reads what is applied: two processes opening a new database at once
/// cannot both run the same migration.
struct SchemaMigrator: Sendable {
    static let applicationID = 1_718_579_059  // 'fcst', set by 0001

    let migrations: [SchemaMigration]

    var latestVersion: Int { migrations.map(\.version).max() ?? 0 }

    /// The versions recorded as applied (empty for a new database).
    func appliedVersions(_ db: Database) throws -> [Int] {
        // Asked of SQLite, not GRDB's schema cache: another process may have
        // created the table since this connection last looked.
        let exists = try Bool.fetchOne(
            db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'") ?? false
        guard exists else { return [] }
        return try Int.fetchAll(db, sql: "SELECT version FROM schema_migration ORDER BY version")
    }

    /// Refuses databases that are not forecast's or are newer than this binary.
    /// Reads only.
    ///
    /// A database of forecast's holds exactly the tables and indexes its migrations
    /// made, and nothing else: a trigger, a view or a table put there by someone else
    /// would run on every change (a trigger deleting the other places on `add`), so a
    /// file holding one is refused as not forecast's, as is one claiming forecast's
    /// versions in a `schema_migration` table of its own.
    func check(_ db: Database, path: String) throws {
        let applied = try appliedVersions(db)
        let appID = try Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applied.isEmpty {
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
            if tables > 0 || (appID != 0 && appID != Self.applicationID) { throw StoreError.foreignDatabase(path: path) }
            return
        }
        if let newest = applied.last, newest > latestVersion {
            throw StoreError.newerSchema(path: path, found: newest, known: latestVersion)
        }
        // Every version up to the newest, each once (a gap is nothing this migrator made).
        let known = migrations.map(\.version).sorted()
        guard appID == Self.applicationID, applied == known.filter({ $0 <= (applied.last ?? 0) }) else {
            throw StoreError.foreignDatabase(path: path)
        }
        guard try SchemaObject.all(in: db) == SchemaShapes.shared.objects(after: applied, of: migrations) else {
            throw StoreError.foreignDatabase(path: path)
        }
    }

    /// The table that records which migrations are applied.
    static let createMigrationTable = """
        CREATE TABLE IF NOT EXISTS schema_migration (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        )
        """

    func isCurrent(_ db: Database) throws -> Bool {
        Set(try appliedVersions(db)).isSuperset(of: migrations.map(\.version))
    }

    func migrate(_ db: Database, path: String) throws {
        for migration in migrations.sorted(by: { $0.version < $1.version }) {
            try db.inTransaction(.immediate) {
                try check(db, path: path)
                try db.execute(sql: Self.createMigrationTable)
                if try appliedVersions(db).contains(migration.version) { return .rollback }
                try db.execute(sql: migration.sql)
                try db.execute(
                    sql: "INSERT INTO schema_migration (version, name) VALUES (?, ?)",
                    arguments: [migration.version, migration.fileName])
                return .commit
            }
        }
    }
}

/// One entry of a database's schema, as `sqlite_master` lists it.
struct SchemaObject: Hashable, Sendable {
    var type: String
    var name: String
    var table: String

    /// Every object of `db`'s main schema but SQLite's own (the indexes it makes
    /// for UNIQUE and PRIMARY KEY, sqlite_sequence, ANALYZE's statistics).
    static func all(in db: Database) throws -> Set<SchemaObject> {
        let rows = try Row.fetchAll(db, sql: """
            SELECT type, name, tbl_name FROM sqlite_master
            WHERE NOT (type = 'index' AND name LIKE 'sqlite_autoindex_%')
              AND NOT (type = 'table' AND (name = 'sqlite_sequence' OR name LIKE 'sqlite_stat%'))
            """)
        return Set(rows.map { SchemaObject(type: $0[0] ?? "", name: $0[1] ?? "", table: $0[2] ?? "") })
    }
}

/// What forecast's migrations make, found by applying them to a database in
/// memory (the same SQLite that will read the file): the schema's objects after
/// each version. Worked out once per list of migrations in a process.
final class SchemaShapes: @unchecked Sendable {
    static let shared = SchemaShapes()
    private let lock = NSLock()
    private var cache: [[String]: [[Int]: Set<SchemaObject>]] = [:]  // guarded by lock

    /// The objects a database holds once `applied` (the first versions of `migrations`) are applied.
    func objects(after applied: [Int], of migrations: [SchemaMigration]) throws -> Set<SchemaObject> {
        let key = migrations.map(\.fileName)
        if let known = lock.withLock({ cache[key] }) { return known[applied] ?? [] }
        let shapes = try Self.shapes(of: migrations)
        lock.withLock { cache[key] = shapes }
        return shapes[applied] ?? []
    }

    private static func shapes(of migrations: [SchemaMigration]) throws -> [[Int]: Set<SchemaObject>] {
        let queue = try DatabaseQueue()
        var shapes: [[Int]: Set<SchemaObject>] = [:]
        var applied: [Int] = []
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: SchemaMigrator.createMigrationTable)
            for migration in migrations.sorted(by: { $0.version < $1.version }) {
                // A migration that fails here fails on any file too: no database is at its version.
                do { try db.execute(sql: migration.sql) } catch { break }
                applied.append(migration.version)
                shapes[applied] = try SchemaObject.all(in: db)
            }
        }
        return shapes
    }
}
