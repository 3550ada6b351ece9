import Foundation
import ForecastCore
import GRDB

/// Fetched weather, kept per place and provider: summaries for the list,
/// whole reports for a page.
extension PlaceStore {
    // MARK: - Weather cache

    /// The latest summary (current conditions and the first days, no hourly
    /// data) per place for `provider`: what `list` needs, cheap to read for
    /// thousands of places. An entry that no longer decodes or validates is absent.
    /// `places`: only theirs (a page of a long list; at most `byIDsAtOnce` ids are asked by id, more read every row).
    public func cachedSummaries(provider: String, now: Date, places: [Int64]? = nil) throws -> [Int64: CachedWeather] {
        let only = places.flatMap { $0.count <= Self.byIDsAtOnce ? $0 : nil }
        let filter = only.map { " AND place_id IN (" + Array(repeating: "?", count: $0.count).joined(separator: ",") + ")" } ?? ""
        return try read { db in
            // Decoded a few thousand rows at a time as they are read: 100,000 places' stored bytes are never all held.
            var decoded: [Int64: CachedWeather] = [:]
            var rows: [(id: Int64, fetchedAt: Double, stored: StoredReport)] = []
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT place_id, fetched_at, report, packed FROM weather_summary WHERE provider = ?" + filter,
                arguments: StatementArguments([provider as any DatabaseValueConvertible] + (only ?? []).map { $0 as any DatabaseValueConvertible }))
            while let row = try cursor.next() {
                guard let id = SavedRow.integer(row, "place_id"), let fetchedAt = SavedRow.number(row, "fetched_at"),
                      let stored = SavedRow.storedReport(row) else { continue }
                rows.append((id, fetchedAt, stored))
                if rows.count == Self.summariesAtOnce {
                    decoded.merge(Self.decodeSummaries(rows, provider: provider, now: now)) { first, _ in first }
                    rows.removeAll(keepingCapacity: true)
                }
            }
            decoded.merge(Self.decodeSummaries(rows, provider: provider, now: now)) { first, _ in first }
            return decoded
        }
    }

    /// How many stored summaries are read before they are decoded.
    static let summariesAtOnce = 4096

    /// The most places whose cached answers are asked for by their ids (an `IN` list); a longer list reads every row.
    public static let byIDsAtOnce = 500

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
}
