import ForecastCore
import Foundation

/// What the app's keys changed since its last write, written together by
/// `SavedPlaces.apply`: the settings and your own order as they are now (the
/// last key's), the places removed, put back and added, and the place viewed last.
public struct PlaceChanges: Sendable {
    public var sort: PlaceSort?
    public var units: UnitChange?
    /// Your own order: every saved place's id, first to last.
    public var order: [Int64]?
    public var removals: [Int64]
    /// Places removed a moment ago, put back where each was in your own order (`z`).
    public var restorations: [Place]
    public var additions: [NewPlace]
    /// The place viewed last: recorded, and its page's cached full report read.
    public var viewed: Place?

    public init(
        sort: PlaceSort? = nil, units: UnitChange? = nil, order: [Int64]? = nil, removals: [Int64] = [], restorations: [Place] = [],
        additions: [NewPlace] = [], viewed: Place? = nil
    ) {
        self.sort = sort
        self.units = units
        self.order = order
        self.removals = removals
        self.restorations = restorations
        self.additions = additions
        self.viewed = viewed
    }

    /// Whether the list is other once they are written (the place viewed last changes no list).
    public var changesTheList: Bool {
        sort != nil || units != nil || order != nil || !removals.isEmpty || !restorations.isEmpty || !additions.isEmpty
    }

    /// What writing them did: one value, for the app to take as one event.
    public struct Written: Sendable {
        /// The places removed (one already gone is not among them).
        public var removed: [Place] = []
        public var restored: [Place] = []
        public var added: [SavedPlaces.Added] = []
        /// The place viewed last, and its page's full report as cached (nil: none is).
        public var viewed: Place?
        public var viewedWeather: PlaceWeather?
        /// The first write that failed; the others were tried all the same, unless
        /// the database file was found replaced (its ids are the old file's): then nothing more was.
        public var failure: (any Error)?
        /// Whether the list is to be read again: it changed, or a write failed (and the database has what it has).
        public var listChanged = false

        public init() {}

        /// The database file was found replaced (or deleted) while they were written.
        public var replaced: Bool {
            if case .replaced? = failure as? StoreError { true } else { false }
        }
    }
}

extension SavedPlaces {
    /// Writes `changes` through the use cases the commands use, each on its own
    /// (one that fails leaves the others written), in the order the keys make
    /// sense of them: the settings, your own order, the removals, the places put
    /// back, the additions, the place viewed last and its page's cached report
    /// (`cached`: the settings to read it with, offline).
    public func apply(_ changes: PlaceChanges, cached: WeatherSettings) async -> PlaceChanges.Written {
        var written = PlaceChanges.Written()
        func attempt(_ work: () throws -> Void) {
            guard !written.replaced else { return }
            do { try work() } catch { written.failure = written.failure ?? error }
        }
        if let sort = changes.sort { attempt { try setSort(sort) } }
        if let units = changes.units { attempt { _ = try setUnits(units) } }
        if let order = changes.order { attempt { try reorder(order) } }
        for id in changes.removals {
            attempt { if let place = try remove(id: id) { written.removed.append(place) } }
        }
        for place in changes.restorations {
            attempt { written.restored.append(try restore(place)) }
        }
        for draft in changes.additions {
            attempt { written.added.append(try add(draft, labelled: false)) }
        }
        if let viewed = changes.viewed, !written.replaced {
            attempt { try recordViewed(viewed) }
            written.viewed = viewed
            var offline = cached
            offline.offline = true
            written.viewedWeather = try? await weather(for: [viewed], detail: .full, settings: offline).weather[viewed.id]
        }
        written.listChanged = changes.changesTheList || written.failure != nil
        return written
    }
}
