import ForecastCore
import Foundation
import GRDB

extension PlaceStore {
    /// A source's answer kept for a place.
    public struct CachedSourceAnswer: Sendable, Hashable {
        public var source: String
        public var fetchedAt: Date
        /// No request for this place before this.
        public var notBefore: Date?
        public var answer: SourceAnswer

        public init(source: String, fetchedAt: Date, notBefore: Date?, answer: SourceAnswer) {
            self.source = source
            self.fetchedAt = fetchedAt
            self.notBefore = notBefore
            self.answer = answer
        }

        public func age(now: Date) -> TimeInterval { max(0, now.timeIntervalSince(fetchedAt)) }
    }

    /// The normals' source, whose days are kept in `normal_day`: its row says
    /// when they were asked; what they are is the table's, whatever the row holds.
    static let normalsSource = "open-meteo-normals"

    /// Far more than any answer forecast writes (50 warnings of a few KB).
    static let maximumSourceAnswer = 1 << 20

    /// Every source answer kept, by place and source. An entry that no longer
    /// decodes or holds an implausible value (a database edited by hand, an
    /// older forecast's) is absent, as if never fetched. `outlines`: the answers'
    /// outlines where kept (`SourceOutline`: warnings without their texts, the
    /// next hours whole), which a list reads in a fraction of the time.
    /// `places`: only theirs (a `show` of one place reads one place's). The
    /// normals are those of `normal_day` for the days a place's today may be
    /// now (`ClimateNormals.daysNear`; a year's are kept, a command needs today's).
    /// `wholeBytes`: the most bytes of whole answers read; once they are read,
    /// the rest are read from their outlines (a warning without its texts),
    /// where they have one: what 1,000 places' answers of a megabyte each cost
    /// is then that many bytes, not a gigabyte.
    public func cachedSourceAnswers(
        now: Date, outlines: Bool = false, places: [Int64]? = nil, wholeBytes: Int = .max
    ) throws -> [Int64: [String: CachedSourceAnswer]] {
        // The normals' answers are never read: theirs are `normal_day`'s (below).
        let answer = outlines
            ? "coalesce(outline, answer) AS answer, outline IS NOT NULL AS outlined, NULL AS outline"
            : "CASE WHEN source = '\(Self.normalsSource)' THEN '' ELSE answer END AS answer, 0 AS outlined, outline"
        // A few places by their ids; a long list reads every row (as many as it shows).
        let only = places.flatMap { ids in ids.count <= Self.byIDsAtOnce ? ids : nil }
        let filter = only.map { " WHERE place_id IN (" + Array(repeating: "?", count: $0.count).joined(separator: ",") + ")" } ?? ""
        let near = ClimateNormals.daysNear(now).sorted()
        var normals: [Int64: [DayNormal]] = [:]
        let rows: [(Int64, String, Double, Double?, String, Bool)] = try read { db in
            let days = try Row.fetchCursor(
                db, sql: "SELECT place_id, day, low, high, count FROM normal_day WHERE day IN (?, ?, ?)"
                    + (only.map { " AND place_id IN (" + Array(repeating: "?", count: $0.count).joined(separator: ",") + ")" } ?? ""),
                arguments: StatementArguments(near.map { $0 as (any DatabaseValueConvertible) } + (only ?? []).map { $0 as (any DatabaseValueConvertible) }))
            while let row = try days.next() {
                guard let id = SavedRow.integer(row, "place_id"), let day = SavedRow.text(row, "day"), let low = SavedRow.number(row, "low"),
                      let high = SavedRow.number(row, "high"), let count = SavedRow.integer(row, "count"),
                      let normal = try? ClimateNormals(days: [DayNormal(day: day, low: low, high: high, count: Int(count))]).validated().days.first
                else { continue }
                normals[id, default: []].append(normal)
            }
            var rows: [(Int64, String, Double, Double?, String, Bool)] = []
            var left = wholeBytes
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT place_id, source, fetched_at, not_before, \(answer) FROM source_answer" + filter,
                arguments: StatementArguments(only ?? []))
            while let row = try cursor.next() {
                guard let id = SavedRow.integer(row, "place_id"), let source = SavedRow.text(row, "source"),
                      let fetchedAt = SavedRow.number(row, "fetched_at"), source.utf8.count <= 40 else { continue }
                // Whole while the bytes last; past them, one answer at a time is read and let go for its outline.
                let read = SavedRow.text(row, "answer")
                let whole = read.flatMap { $0.utf8.count <= left ? $0 : nil }
                let outline = whole == nil ? SavedRow.text(row, "outline") : nil
                guard let text = whole ?? outline, text.utf8.count <= Self.maximumSourceAnswer else { continue }
                if whole != nil && !outlines { left -= text.utf8.count }
                rows.append((id, source, fetchedAt, SavedRow.number(row, "not_before"), text, outline != nil || SavedRow.integer(row, "outlined") == 1))
            }
            return rows
        }
        let kept = normals
        // Decoding and checking is most of the work: done on every core, after the database is let go.
        let pieces = rows.count < 32 ? 1 : max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let size = (rows.count + pieces - 1) / max(1, pieces)
        let collected = Collected()
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            var part: [(Int64, CachedSourceAnswer)] = []
            for (id, source, fetchedAt, notBefore, text, outlined) in rows[min(rows.count, piece * size)..<min(rows.count, (piece + 1) * size)] {
                // The normals kept are the table's (every month fetched); the row says when they were asked,
                // and its answer is never decoded (2.5 KB of JSON a place, read for nothing: 60 ms of 1,000 places' first frame).
                let read = source == Self.normalsSource ? .normals(ClimateNormals(days: kept[id] ?? []))
                    : outlined ? SourceOutline.decode(text) : try? decoder.decode(SourceAnswer.self, from: Data(text.utf8))
                guard let answer = read, let valid = Self.validated(answer, now: now) else { continue }
                part.append((id, CachedSourceAnswer(
                    source: source, fetchedAt: Date(timeIntervalSince1970: fetchedAt),
                    notBefore: notBefore.map(Date.init(timeIntervalSince1970:)), answer: valid)))
            }
            collected.add(part)
        }
        return collected.all
    }

    /// What the pieces of `cachedSourceAnswers` found (macOS 13 has no `Mutex`).
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [Int64: [String: CachedSourceAnswer]] = [:]
        func add(_ part: [(Int64, CachedSourceAnswer)]) { lock.withLock { for (id, answer) in part { found[id, default: [:]][answer.source] = answer } } }
        var all: [Int64: [String: CachedSourceAnswer]] { lock.withLock { found } }
    }

    /// An answer read back from the database, checked as one from a service is.
    static func validated(_ answer: SourceAnswer, now: Date) -> SourceAnswer? {
        switch answer {
        case .warnings(let warnings):
            guard warnings.count <= WeatherWarning.Limit.count else { return nil }
            let bounded = warnings.compactMap { $0.bounded(now: now) }
            return bounded.count == warnings.count ? .warnings(bounded) : nil
        case .nextHours(var steps):
            // Its name is shown in JSON: read back from a file anyone could edit, cleaned.
            steps.source = SafeText.clean(steps.source, maxLength: 40)
            return (try? steps.validated(now: now)).map(SourceAnswer.nextHours)
        case .air(let air):
            return (try? air.validate("air", now: now)).map { .air(air) }
        case .normals(let normals):
            return (try? normals.validated()).map(SourceAnswer.normals)
        case .outside:
            return .outside
        case .failed(let error):
            // Read back from a file anyone could edit: said as a message, cleaned and bounded.
            let clean = { (text: String) in SafeText.clean(text, maxLength: 300) }
            return .failed(WeatherError(error.kind, clean(error.message), detail: error.detail?.mapText(clean)))
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    /// Remembers that these sources failed for these places: no request before
    /// `notBefore`. A place with an answer kept keeps it (shown with its age);
    /// one without keeps the failure, said until then.
    public func noteSourceFailures(
        _ failures: [Int64: [String: WeatherError]], fetchedAt: Date, notBefore: [String: Date], until deadline: ContinuousClock.Instant? = nil
    ) throws {
        let rows = failures.flatMap { id, bySource in
            bySource.compactMap { source, error -> (Int64, String, Double, String)? in
                guard let until = notBefore[source], let data = try? Self.encoder.encode(SourceAnswer.failed(error)) else { return nil }
                return (id, source, until.timeIntervalSince1970, String(decoding: data, as: UTF8.self))
            }
        }
        guard !rows.isEmpty else { return }
        try write(until: deadline) { db in
            for (id, source, until, failed) in rows {
                try db.execute(
                    sql: """
                        INSERT INTO source_answer (place_id, source, fetched_at, not_before, answer)
                        SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM place WHERE id = ?)
                        ON CONFLICT (place_id, source) DO UPDATE SET not_before = max(coalesce(not_before, 0), excluded.not_before)
                        """,
                    arguments: [id, source, fetchedAt.timeIntervalSince1970, until, failed, id])
            }
        }
    }

    /// Chooses, of `candidates` (places without today's normal, in list
    /// order), the first `most` that no process is asking or has failed for
    /// (no `not_before` to come), as many as `service`'s shared bucket holds
    /// `callsPerPlace` for, and in the same write takes their calls and marks
    /// them asked until `claimFor` from now: two processes never ask the same
    /// places, and none owes the bucket. A success clears the mark; a failure
    /// replaces it with its hour; a process that dies leaves it to run out.
    public func claimNormals(
        _ candidates: [Int64], most: Int, callsPerPlace: Double, source: String, service: String, capacity: Double,
        callsPerMinute: Double? = nil, now: Date, claimFor: TimeInterval, until deadline: ContinuousClock.Instant? = nil
    ) throws -> [Int64] {
        guard most > 0, !candidates.isEmpty, callsPerPlace.isFinite, callsPerPlace > 0, claimFor.isFinite else { return [] }
        let perSecond = max(1, callsPerMinute ?? capacity) / 60
        guard let none = try? Self.encoder.encode(SourceAnswer.normals(ClimateNormals(days: []))) else { return [] }
        let placeholder = String(decoding: none, as: UTF8.self)
        return try write(until: deadline) { db in
            let at = now.timeIntervalSince1970
            var free: [Int64] = []
            for id in candidates where free.count < most {
                let notBefore = try Double.fetchOne(
                    db, sql: "SELECT not_before FROM source_answer WHERE place_id = ? AND source = ?", arguments: [id, source])
                // Being asked by another process, or failed within the hour: left alone (a time past any life is none).
                if let notBefore, notBefore.isFinite, notBefore > at, notBefore - at <= AnswerValidity.longestLife { continue }
                free.append(id)
            }
            let held = try Self.rateTokens(db, service: service, capacity: capacity, perSecond: perSecond, now: now)
            let places = Int(min(Double(free.count), (max(0, held) / callsPerPlace).rounded(.down)))
            guard places > 0 else { return [] }
            let chosen = Array(free.prefix(places))
            try db.execute(
                sql: "INSERT OR REPLACE INTO rate_bucket (service, tokens, updated_at) VALUES (?, ?, ?)",
                arguments: [service, held - Double(places) * callsPerPlace, at])
            for id in chosen {
                try db.execute(
                    sql: """
                        INSERT INTO source_answer (place_id, source, fetched_at, not_before, answer, outline)
                        SELECT ?, ?, ?, ?, ?, 'normals' WHERE EXISTS (SELECT 1 FROM place WHERE id = ?)
                        ON CONFLICT (place_id, source) DO UPDATE SET not_before = excluded.not_before
                        """,
                    arguments: [id, source, at, at + claimFor, placeholder, id])
            }
            return chosen
        }
    }

    /// `answer` as it is kept, and its JSON: whole where that fits in
    /// `maximumSourceAnswer`; else (50 warnings with every text at its bound
    /// in a script of 3 or 4 bytes a character) the warnings with their long
    /// texts cut shorter and shorter until they fit, so that what was
    /// checked is kept (and the source not asked again before its terms
    /// allow: MetAlerts' ten minutes a place). Nil only for what cannot be written.
    static func keepable(_ answer: SourceAnswer) -> (SourceAnswer, String)? {
        let encode = { (answer: SourceAnswer) -> String? in
            guard let data = try? Self.encoder.encode(answer), data.count <= Self.maximumSourceAnswer else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        if let whole = encode(answer) { return (answer, whole) }
        guard case .warnings(let warnings) = answer else { return nil }
        for limit in [1000, 300, 80, 0] {
            let cut = SourceAnswer.warnings(warnings.map { $0.cut(textsTo: limit) })
            if let text = encode(cut) { return (cut, text) }
        }
        return nil
    }

    /// Keeps these answers as the latest of their sources, in one transaction.
    /// Places removed meanwhile (by another process) are skipped. Normals go
    /// into `normal_day`, beside the days of the months kept before; their
    /// row here keeps the month fetched (its outline none: lists read the table).
    public func saveSourceAnswers(
        _ answers: [Int64: [String: SourceResult]], fetchedAt: Date, until deadline: ContinuousClock.Instant? = nil
    ) throws {
        let rows = answers.flatMap { id, bySource in bySource.map { source, result in (id, source, result) } }
        guard !rows.isEmpty else { return }
        try write(until: deadline) { db in
            for (id, source, result) in rows {
                // Kept whatever its size (a large one with its texts cut): its terms' wait is kept with it.
                guard let (kept, answer) = Self.keepable(result.answer) else { continue }
                var outline = SourceOutline.encode(kept)
                if case .normals(let new) = kept {
                    for normal in new.days {
                        try db.execute(
                            sql: "INSERT OR REPLACE INTO normal_day (place_id, day, low, high, count) SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM place WHERE id = ?)",
                            arguments: [id, normal.day, normal.low, normal.high, normal.count, id])
                    }
                    outline = "normals"
                }
                let notBefore = result.notBefore?.timeIntervalSince1970
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO source_answer (place_id, source, fetched_at, not_before, answer, outline)
                        SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM place WHERE id = ?)
                        """,
                    arguments: [id, source, fetchedAt.timeIntervalSince1970, notBefore, answer, outline, id])
            }
        }
    }
}
