import Foundation
import ForecastCore
import GRDB

/// The settings row: sort order, units, preferences, the last viewed place.
extension PlaceStore {
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

    static func write(_ preferences: Preferences, temperature: TemperatureUnit, wind: WindUnit, _ db: Database) throws {
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
    static func writeMeasures(_ measures: MeasureUnits, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE settings SET precipitation_unit = ?, distance_unit = ?, pressure_unit = ?, clock = ?",
            arguments: [measures.precipitation.rawValue, measures.distance.rawValue, measures.pressure.rawValue, measures.clock.rawValue])
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
}
