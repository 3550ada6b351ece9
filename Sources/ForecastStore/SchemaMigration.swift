import ForecastCore
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
    func check(_ db: Database, path: String) throws {
        let applied = try appliedVersions(db)
        if applied.isEmpty {
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
            let appID = try Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            if tables > 0 || (appID != 0 && appID != Self.applicationID) { throw StoreError.foreignDatabase(path: path) }
        }
        if let newest = applied.last, newest > latestVersion {
            throw StoreError.newerSchema(path: path, found: newest, known: latestVersion)
        }
    }

    func isCurrent(_ db: Database) throws -> Bool {
        Set(try appliedVersions(db)).isSuperset(of: migrations.map(\.version))
    }

    func migrate(_ db: Database, path: String) throws {
        for migration in migrations.sorted(by: { $0.version < $1.version }) {
            try db.inTransaction(.immediate) {
                try check(db, path: path)
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS schema_migration (
                        version    INTEGER PRIMARY KEY,
                        name       TEXT NOT NULL,
                        applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    )
                    """)
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
