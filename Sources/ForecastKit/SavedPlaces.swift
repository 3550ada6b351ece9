import ForecastCore
import ForecastGazetteer
import ForecastProviders
import ForecastStore
import Foundation

/// The saved places, their settings and their cached weather: every use case
/// of a database, for every face. The list as the user points at it (by
/// position as `list` shows it, by name or label, by any gazetteer name of its
/// city, or by a prefix), paging through it from the last viewed place, adding
/// (with the relabel rule), the settings, import and export, and the weather.
/// The store behind it is the only code that touches SQLite; no face sees it.
public struct SavedPlaces: Sendable {
    let store: PlaceStore
    let context: AppContext
    let cities: PlaceReference.CityLookup
    let aliases: PlaceReference.Aliases
    let nearby: PlaceReference.Aliases

    /// The database at `path`, created and migrated when needed.
    public static func open(path: String, context: AppContext) throws -> SavedPlaces {
        SavedPlaces(store: try PlaceStore.open(path: path), context: context)
    }

    /// The database at `path` to read only: never created, migrated or changed.
    public static func openForReading(path: String, context: AppContext) throws -> SavedPlaces {
        SavedPlaces(store: try PlaceStore.openForReading(path: path), context: context)
    }

    /// An empty list in memory (a dry run into no database).
    public static func inMemory(context: AppContext) throws -> SavedPlaces {
        SavedPlaces(store: try PlaceStore.inMemory(), context: context)
    }

    init(store: PlaceStore, context: AppContext) {
        self.store = store
        self.context = context
        let gazetteer = context.gazetteer
        // What a typed name means in the gazetteer, so that "서울" finds the place saved as "Seoul".
        cities = { name in Set(gazetteer.search(name, limit: 50).filter(\.kind.isExact).map(\.city.geonamesID)) }
        // Its names in every language (서울 for Seoul).
        aliases = { place in Language.allCases.compactMap { Self.name(of: place, in: $0, gazetteer) } }
        // A place added by coordinates is named after its nearest city ("near
        // Paris", "파리 부근"): "파리" and "파리 부근" find it, after the city itself.
        nearby = { place in Language.allCases.compactMap { Self.nearbyCityName(of: place, in: $0, gazetteer) } }
    }

    /// The name a place is shown under in `language`, when the gazetteer
    /// named it (not the user): its city's, or its nearest city's for a place
    /// added by coordinates. Nil for a label the user chose, which is shown as
    /// given, and in the language the gazetteer's names are stored in.
    public static func name(of place: Place, in language: Language, _ gazetteer: Gazetteer) -> String? {
        guard language != Gazetteer.namesLanguage else { return nil }
        if place.displayName == place.canonicalName, let id = place.geonamesID { return gazetteer.cityName(id: id, in: language) }
        if place.geonamesID == nil, place.canonicalName == "near " + place.displayName {
            return gazetteer.cityName(named: place.displayName, in: language)
        }
        return nil
    }

    /// For a place added by coordinates and named after its nearest city
    /// ("near Paris"), that city's name in `language` ("파리"), which finds it.
    public static func nearbyCityName(of place: Place, in language: Language, _ gazetteer: Gazetteer) -> String? {
        guard place.geonamesID == nil, place.displayName == place.canonicalName, place.canonicalName.hasPrefix("near ") else { return nil }
        let city = String(place.canonicalName.dropFirst(5))
        return language == Gazetteer.namesLanguage ? city : gazetteer.cityName(named: city, in: language)
    }

    private func resolve(_ reference: String, in ordered: [Place]) throws -> Place {
        try PlaceReference.resolve(reference, in: ordered, cities: cities, aliases: aliases, nearby: nearby)
    }

    /// Removes every place `references` points at. All are resolved before
    /// anything is deleted: one bad reference and nothing is removed.
    public func remove(_ references: [String]) throws -> [Place] {
        try store.remove { ordered in
            var targets: [Place] = []
            for reference in references {
                let place = try resolve(reference, in: ordered)
                if !targets.contains(place) { targets.append(place) }
            }
            return targets
        }
    }

    public func rename(_ reference: String, to label: String) throws -> (before: Place, after: Place) {
        try store.rename(choosing: { try resolve(reference, in: $0) }, to: label)
    }

    /// Moves a place to `position`; the list as shown becomes the custom order.
    @discardableResult
    public func move(_ reference: String, to position: Int) throws -> Place {
        try store.move(choosing: { try resolve(reference, in: $0) }, to: position)
    }

    /// The place with this id in `ordered`, or why not (another process removed it).
    private static func place(_ id: Int64, in ordered: [Place]) throws -> Place {
        guard let place = ordered.first(where: { $0.id == id }) else { throw InputError.noSavedMatch(String(id)) }
        return place
    }

    /// Removes the place with this id (the app points at places, not at names).
    @discardableResult
    public func remove(id: Int64) throws -> Place? {
        try store.remove { [try Self.place(id, in: $0)] }.first
    }

    /// Moves the place with this id `step` places up (-1) or down (+1) in the
    /// list as shown, which becomes the custom order, as `move` does.
    @discardableResult
    public func move(id: Int64, by step: Int) throws -> Place {
        try store.move(
            choosing: { try Self.place(id, in: $0) },
            toPositionIn: { ordered in (ordered.firstIndex { $0.id == id } ?? 0) + 1 + step })
    }

    /// Puts the places in the order of `ids`, which becomes the custom order (see `PlaceStore.reorder`).
    public func reorder(_ ids: [Int64]) throws { try store.reorder(ids) }

    public enum ViewTarget: Sendable, Equatable {
        case reference(String)
        case lastViewed
        case next, previous
    }

    /// The place to show, its index and the list's length, writing nothing:
    /// with no place viewed yet that is the first; next and previous wrap around.
    /// The place `target` means, its index and the count, with what could not
    /// be read (rows left out, settings defaulted) in the same reading.
    public func view(_ target: ViewTarget) throws -> (place: Place, index: Int, count: Int, damage: StoreDamage) {
        let (settings, ordered, damage) = try store.orderedWithDamage()
        guard !ordered.isEmpty else { throw InputError.nothingSaved }
        let current = ordered.firstIndex { $0.id == settings.lastViewedPlaceID }
        let index: Int
        switch target {
        case .reference(let reference):
            let place = try resolve(reference, in: ordered)
            index = ordered.firstIndex(of: place) ?? 0
        case .lastViewed:
            index = current ?? 0
        case .next:
            index = PlaceOrdering.page(from: current, step: 1, count: ordered.count) ?? 0
        case .previous:
            index = PlaceOrdering.page(from: current, step: -1, count: ordered.count) ?? 0
        }
        return (ordered[index], index, ordered.count, damage)
    }

    /// Whether a reference no saved place answers to may mean a place
    /// elsewhere (a name for the gazetteer), after `error` from `view`: a
    /// number is a position in the list, never a name.
    public static func looksUpElsewhere(_ reference: String, after error: InputError) -> Bool {
        let typed = reference.trimmingCharacters(in: .whitespaces)
        return Int(typed) == nil && (error == .noSavedMatch(typed) || error == .nothingSaved)
    }

    /// The saved place `draft` is (the same city, or the same coordinates), if any, with its index and the list's length.
    public func saved(_ draft: NewPlace) throws -> (place: Place, index: Int, count: Int)? {
        let ordered = try store.ordered().places
        return ordered.firstIndex(where: draft.isSame(as:)).map { (ordered[$0], $0, ordered.count) }
    }

    /// Remembers a place as the last viewed, once it has been shown.
    public func recordViewed(_ place: Place) throws(StoreError) {
        do { try store.recordViewed(place.id) } catch { throw StoreError.wrapping(error) }
    }

    // MARK: - Reading

    public func settings() throws -> Settings { try store.settings() }

    /// Whether the database file at the path is no longer the one opened (replaced or
    /// deleted): the next read or write then says so, and the one after uses the file there.
    public var fileChanged: Bool { store.fileChanged }

    /// The saved places called what `place` is called (itself included), in the
    /// order shown, as errors and `Name#N` name them; empty when it is the only one.
    public func namesakes(of place: Place) throws -> [InputError.Match] {
        let found = PlaceReference.namesakes(of: place, in: try store.ordered().places)
        return found.map { entry in InputError.Match(entry.place, position: entry.position, number: entry.place.namesake) }
    }

    /// The settings and the places in the order they are shown.
    public func ordered() throws -> (settings: Settings, places: [Place]) { try store.ordered() }

    /// Rows that cannot be read (left out of everything shown), and settings
    /// columns that were not understood (their defaults are used).
    public func damage() throws -> StoreDamage {
        StoreDamage(places: try store.damagedPlaces(), settings: try store.damagedSettings())
    }

    public func removeDamaged() throws -> [DamagedPlace] { try store.removeDamaged() }

    /// Whether any weather is cached (a sort by weather has something to sort by).
    public func hasWeather() throws -> Bool { try store.hasWeather() }

    // MARK: - Adding

    /// What adding a place did.
    public enum Added: Equatable, Sendable {
        case added(Place)
        /// It was saved already, under another name; it now has the one asked for.
        case relabelled(before: Place, after: Place)
        case alreadySaved(Place)
    }

    /// Saves `draft` at the end of the list. A place saved already stays where it
    /// is; given a label of its own (`add 서울 --as 집` with Seoul saved), it
    /// takes that name.
    public func add(_ draft: NewPlace, labelled: Bool) throws -> Added {
        switch try store.add(draft, now: context.clock()) {
        case .added(let place):
            return .added(place)
        case .alreadySaved(let place) where labelled && draft.displayName != place.displayName:
            return .relabelled(before: place, after: try store.relabel(place, to: draft.displayName))
        case .alreadySaved(let place):
            return .alreadySaved(place)
        }
    }

    /// Saves a place removed a moment ago again, where it stood in your own
    /// order (the app's `z`); one saved again meanwhile stays where it is.
    public func restore(_ place: Place) throws -> Place {
        let new = NewPlace(
            displayName: place.displayName, canonicalName: place.canonicalName, countryCode: place.countryCode, admin1: place.admin1,
            coordinate: place.coordinate, timeZone: place.timeZone, geonamesID: place.geonamesID)
        switch try store.restore(new, at: place.position, now: context.clock()) {
        case .added(let back), .alreadySaved(let back): return back
        }
    }

    // MARK: - Settings

    public func setSort(_ order: PlaceSort) throws { try store.setSort(order) }

    public func setUnits(_ change: UnitChange) throws -> Settings { try store.setUnits(change) }

    public func setPreferences(_ preferences: Preferences, temperature: TemperatureUnit, wind: WindUnit) throws -> Settings {
        try store.setPreferences(preferences, temperature: temperature, wind: wind)
    }

    // MARK: - Export and import

    public func export() throws -> PlaceExport { try PlaceTransfer.export(store) }

    /// Imports in one transaction (see `PlaceTransfer.load`).
    public func importPlaces(_ places: [NewPlace], settings: Settings?, replace: Bool, dryRun: Bool) throws -> ImportResult {
        try PlaceTransfer.load(places, settings: settings, into: store, replace: replace, dryRun: dryRun, now: context.clock())
    }

    // MARK: - Weather

    /// The weather of `places`, from the cache or the provider (see `WeatherLookup`).
    public func weather(
        for places: [Place], detail: ReportDetail, settings: WeatherSettings, events: (@Sendable (RefreshEvent) -> Void)? = nil,
        arrived: (@Sendable ([Int64: WeatherReport]) -> Void)? = nil
    ) async throws -> WeatherOutcome {
        try await WeatherLookup(context: context, store: store).weather(
            for: places, detail: detail, settings: settings, events: events, arrived: arrived)
    }

    /// The list with its weather, ordered again when a sort by temperature or
    /// humidity may have changed with what arrived.
    /// `warningTexts`: whether the warnings' texts are wanted (JSON), or only
    /// their levels and times (a table, a line, CSV, --where).
    public func listWithWeather(
        settings: WeatherSettings, warningTexts: Bool = true, events: (@Sendable (RefreshEvent) -> Void)? = nil,
        arrived: (@Sendable ([Int64: WeatherReport]) -> Void)? = nil
    ) async throws -> Listed {
        var listed = try await listPaged(settings: settings, warningTexts: warningTexts, events: events, arrived: arrived)
        listed.outcome.weather = try listed.weather(for: listed.places)
        listed.pages = nil
        return listed
    }

    /// The list with its weather to be read a page at a time (`Listed.pages`):
    /// what is due is asked and kept, and the outcome holds this run's answers
    /// only. For a long list shown as it is read (`list`).
    /// `detail`: `.full` for every place's whole report (`report`'s sections).
    public func listPaged(
        settings: WeatherSettings, detail: ReportDetail = .summary, warningTexts: Bool = true,
        events: (@Sendable (RefreshEvent) -> Void)? = nil, arrived: (@Sendable ([Int64: WeatherReport]) -> Void)? = nil
    ) async throws -> Listed {
        let before = try store.orderedWithDamage()
        let (outcome, pages) = try await WeatherLookup(context: context, store: store).refresh(
            before.places, detail: detail, settings: settings, events: events, arrived: arrived, warningTexts: warningTexts)
        let (settings, places) = outcome.fetchedAny && before.settings.sort.key.needsWeather ? try ordered() : (before.settings, before.places)
        return Listed(settings: settings, places: places, outcome: outcome, pages: pages, damage: before.damage)
    }

    /// The list as shown: its settings, its places in order, their weather.
    public struct Listed: Sendable {
        public var settings: Settings
        public var places: [Place]
        /// This run's answers; every place's weather too when listed by `listWithWeather`.
        public var outcome: WeatherOutcome
        /// Every place's weather, read a page at a time (nil: the outcome holds it).
        public var pages: WeatherPages?
        /// What could not be read when the list was: rows left out, settings columns defaulted.
        public var damage = StoreDamage()

        public init(settings: Settings, places: [Place], outcome: WeatherOutcome, pages: WeatherPages? = nil, damage: StoreDamage = StoreDamage()) {
            self.settings = settings
            self.places = places
            self.outcome = outcome
            self.pages = pages
            self.damage = damage
        }

        /// The same list with its places' summaries to be read (no hours: a table's row needs none), not their whole reports.
        public var summaries: Listed {
            var listed = self
            listed.pages = pages?.summaries
            return listed
        }

        /// The weather of `places` (some of the list's): read from the kept pages, or the outcome's.
        public func weather(for places: some Collection<Place>) throws -> [Int64: PlaceWeather] {
            if let pages { return try pages.weather(for: places) }
            return places.reduce(into: [:]) { found, place in found[place.id] = outcome.weather[place.id] }
        }
    }
}
