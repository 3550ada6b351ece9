import Foundation
import ForecastCore
import GRDB

/// The saved places: reading them in order, adding, importing, removing,
/// renaming and moving them, each change one transaction.
extension PlaceStore {
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
    static func plan(
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
    static func placesVersion(_ db: Database) throws -> [Double] {
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
    static func relabel(_ place: Place, to label: String, among saved: [Place], _ db: Database) throws -> Place {
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
}
