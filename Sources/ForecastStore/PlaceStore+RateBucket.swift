import Foundation
import ForecastCore
import GRDB

/// The token bucket every process using this database shares, per service.
extension PlaceStore {
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
}
