import ForecastCore
import ForecastProviders
import ForecastStore
import Foundation

extension WarningStatus {
    /// The warnings in force at `now` (kept ones that ended since are gone),
    /// most severe first; nil when nobody could say (no source covers the
    /// place, nothing checked yet, or this run's check failed with nothing kept).
    public func inForce(at now: Date) -> [WeatherWarning]? {
        switch self {
        case .noSource, .unknown, .failed(_, nil, _): nil
        case .checked, .failed: Warnings.ordered(warnings.filter { !$0.isOver(at: now) }, now: now)
        }
    }

    /// The warning that leads at `now` (`Warnings.ordered`), if any is known.
    public func leading(at now: Date) -> WeatherWarning? {
        inForce(at: now)?.first
    }

    /// The leading warning's level at `now` (0: none), what `--where alert`
    /// compares; nil where it is not known.
    public func leadingLevel(at now: Date) -> Int? {
        inForce(at: now).map { $0.first?.level.rawValue ?? 0 }
    }

    /// When what is shown was checked, if it was.
    public var checkedAt: Date? {
        switch self {
        case .checked(_, let at, _): at
        case .failed(_, _, let at): at
        case .noSource, .unknown: nil
        }
    }
}

/// Every saved place's official warnings, for `forecast alerts`: each place's
/// status in the list's order, and every warning in force, most severe first.
public struct WarningsListing: Sendable {
    /// One saved place and what its warnings come to.
    public struct Entry: Sendable {
        /// Its number in the list (what show and remove take).
        public var position: Int
        public var place: Place
        public var status: WarningStatus
    }

    /// One warning in force at one place.
    public struct Alert: Sendable {
        public var position: Int
        public var place: Place
        public var warning: WeatherWarning
        /// When it was checked, for a warning kept from an earlier run.
        public var checkedAt: Date?
    }

    public var settings: Settings
    public var entries: [Entry]
    /// Most severe first; of equals, the one that starts first, then the list's order.
    public var alerts: [Alert]
    public var outcome: WeatherOutcome
    /// What could not be read when the list was.
    public var damage = StoreDamage()

    public init(settings: Settings, places: [Place], outcome: WeatherOutcome, now: Date, damage: StoreDamage = StoreDamage()) {
        self.settings = settings
        self.outcome = outcome
        self.damage = damage
        entries = places.enumerated().map { index, place in
            Entry(position: index + 1, place: place, status: outcome.weather[place.id]?.warnings ?? .unknown)
        }
        alerts = entries.flatMap { entry in
            (entry.status.inForce(at: now) ?? []).map { Alert(position: entry.position, place: entry.place, warning: $0, checkedAt: entry.status.checkedAt) }
        }
        .sorted { a, b in
            // The order every face shows warnings in (`Warnings.ordered`), then the list's.
            let (rankA, rankB) = (Warnings.Rank(a.warning, now: now), Warnings.Rank(b.warning, now: now))
            if rankA != rankB { return rankA < rankB }
            if a.position != b.position { return a.position < b.position }
            return (a.warning.event, a.warning.id) < (b.warning.event, b.warning.id)
        }
    }

    /// The places no warning source covers, by country code in the list's order.
    public var withoutSource: [(countryCode: String, places: [Place])] { grouped { if case .noSource = $0 { true } else { false } } }

    /// The places whose warnings are not known yet (`--offline` with nothing kept).
    public var notChecked: [Place] { entries.filter { if case .unknown = $0.status { true } else { false } }.map(\.place) }

    /// The places whose check failed in this run, with why (the first reason of each kind).
    public var failed: [(error: WeatherError, places: [Place])] {
        var groups: [(error: WeatherError, places: [Place])] = []
        for entry in entries {
            guard case .failed(let error, _, _) = entry.status else { continue }
            if let index = groups.firstIndex(where: { $0.error.kind == error.kind }) {
                groups[index].places.append(entry.place)
            } else {
                groups.append((error, [entry.place]))
            }
        }
        return groups
    }

    private func grouped(_ matching: (WarningStatus) -> Bool) -> [(countryCode: String, places: [Place])] {
        var groups: [(countryCode: String, places: [Place])] = []
        for entry in entries where matching(entry.status) {
            if let index = groups.firstIndex(where: { $0.countryCode == entry.place.countryCode }) {
                groups[index].places.append(entry.place)
            } else {
                groups.append((entry.place.countryCode, [entry.place]))
            }
        }
        return groups
    }
}

extension SavedPlaces {
    /// The official warnings of every saved place: asked of the sources that
    /// cover each (within their terms, as a refresh of the list would), kept
    /// ones where none is due; the weather is neither fetched nor changed.
    public func warnings(settings: WeatherSettings, events: (@Sendable (RefreshEvent) -> Void)? = nil) async throws -> WarningsListing {
        let listed = try store.orderedWithDamage()
        let outcome = try await WeatherLookup(context: context, store: store).weather(
            for: listed.places, detail: .summary, settings: settings, events: events, scope: .warnings)
        return WarningsListing(
            settings: listed.settings, places: listed.places, outcome: outcome, now: context.clock(), damage: listed.damage)
    }
}
