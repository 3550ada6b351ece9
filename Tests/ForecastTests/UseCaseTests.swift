import ForecastGazetteer
import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore

/// `show`, `search` and `config` as the kit's use cases: each returns one
/// value the faces render, and writes nothing beyond what it says it does.
@Suite struct UseCaseTests {
    let world = FakeWorld()
    var http: FakeHTTPClient { world.http }
    func context() -> AppContext { world.context() }

    /// London and Seoul saved, in that order.
    func saved(_ context: AppContext) throws -> (PlaceStore, SavedPlaces) {
        let store = try PlaceStore.inMemory()
        let places = SavedPlaces(store: store, context: context)
        _ = try places.add(newPlace("London", lat: 51.5085, lon: -0.1257, geonamesID: 2643743, country: "GB", zone: "Europe/London"), labelled: false)
        _ = try places.add(newPlace("Seoul", lat: 37.566, lon: 126.9784, geonamesID: 1835848), labelled: false)
        return (store, places)
    }

    func show(_ asked: PlaceShowing.Asked, _ places: SavedPlaces?, _ context: AppContext) async throws -> PlaceShowing.Shown {
        try await PlaceShowing(context: context).show(
            asked, store: places, settings: try places?.settings() ?? Settings(), request: WeatherRequest(),
            budget: TimeBudget(10, clock: context.budgetClock))
    }

    @Test func aSavedPlaceShownBecomesTheLastViewedAndPagingGoesOnFromIt() async throws {
        let context = context()
        let (store, places) = try saved(context)
        let london = try await show(.init(place: "London", wanted: PlaceWanted(name: "London", command: "show")), places, context)
        #expect(london.saved && london.position == 1 && london.count == 2 && london.place.displayName == "London")
        #expect(london.weather.report != nil && london.outcome.failures.isEmpty && london.provider.name == WeatherProviders.default.name)
        #expect(try store.settings().lastViewedPlaceID == london.place.id)
        let next = try await show(.init(place: nil, next: true, wanted: PlaceWanted(name: "", command: "show")), places, context)
        #expect(next.position == 2 && next.place.displayName == "Seoul" && next.othersCalled == nil)
        #expect(try store.settings().lastViewedPlaceID == next.place.id)
    }

    @Test func aPlaceNotSavedIsShownAndNothingIsWritten() async throws {
        let context = context()
        let (store, places) = try saved(context)
        try places.recordViewed(try places.view(.reference("Seoul")).place)
        let before = try store.settings()
        let tokyo = try await show(.init(place: "Tokyo", wanted: PlaceWanted(name: "Tokyo", command: "show")), places, context)
        #expect(!tokyo.saved && tokyo.position == 0 && tokyo.count == 0 && tokyo.place.canonicalName == "Tokyo")
        #expect(tokyo.weather.report != nil && http.weatherCount == 1)
        #expect(try store.settings() == before, "not even the last viewed place")
        #expect(try store.ordered().places.map(\.displayName) == ["London", "Seoul"])
        // Without a database at all, the same.
        let alone = try await show(.init(place: "Tokyo", wanted: PlaceWanted(name: "Tokyo", command: "show")), nil, context)
        #expect(!alone.saved && alone.place.canonicalName == "Tokyo")
    }

    @Test func aLookupThatFindsASavedPlaceShowsTheSavedOne() async throws {
        let context = context()
        let (_, places) = try saved(context)
        let seoul = try await show(
            .init(place: "Seoul", lookup: true, wanted: PlaceWanted(name: "Seoul", country: "KR", command: "show")), places, context)
        #expect(seoul.saved && seoul.position == 2 && seoul.place.displayName == "Seoul")
    }

    @Test func anAmbiguousNameIsRefusedWithHowToChooseAndNothingIsAsked() async throws {
        let context = context()
        let (store, places) = try saved(context)
        let before = try store.settings()
        await #expect(throws: AmbiguousName.self) {
            _ = try await show(.init(place: "Springfield", wanted: PlaceWanted(name: "Springfield", command: "show")), places, context)
        }
        do {
            _ = try await show(.init(place: "Springfield", wanted: PlaceWanted(name: "Springfield", command: "show")), places, context)
        } catch let error as AmbiguousName {
            #expect(error.example == "forecast show Springfield --pick 1" && error.cities.count > 1 && !error.narrowed)
        }
        #expect(try http.count == 0 && store.settings() == before)
    }

    @Test func aSettingThatCannotWorkIsRefusedBeforeAnythingIsReadOrAsked() async throws {
        let context = context()
        let (store, places) = try saved(context)
        var request = WeatherRequest()
        request.provider = ProviderDescriptor.openWeatherMap.name
        await #expect(throws: SettingsError.missingKey(variable: "OPENWEATHER_API_KEY")) {
            _ = try await PlaceShowing(context: context).show(
                .init(place: "Tokyo", wanted: PlaceWanted(name: "Tokyo", command: "show")), store: places, settings: try places.settings(),
                request: request, budget: TimeBudget(10, clock: context.budgetClock))
        }
        #expect(try http.count == 0 && store.settings().lastViewedPlaceID == nil)
    }

    @Test func searchFindsThePlacesAndAsksTheWeatherOfEach() async throws {
        let context = context()
        let search = PlaceSearch(context: context)
        let budget = TimeBudget(10, clock: context.budgetClock)
        let found = try await search.find("  Springfield ", country: "US", limit: 5, budget: budget)
        #expect(found.query == "Springfield" && found.matches.count == 5 && !found.online)
        #expect(found.matches.allSatisfy { $0.city.countryCode == "US" })
        // (One place a request: the fake answers with one place's recorded answer.)
        var request = WeatherRequest()
        request.batchSize = 1
        let (weather, outcome) = try await search.weather(of: found, request: request, preferences: Preferences(), budget: budget)
        #expect(weather.count == 5 && weather.allSatisfy { $0.report != nil } && outcome.failures.isEmpty)
        #expect(http.weatherCount == 5 && outcome.notSaved == nil)
        await #expect(throws: InputError.self) { _ = try await search.find("\u{1B}[31m", country: nil, limit: 5, budget: budget) }
    }

    /// `search --weather` as one use case: the weather (and the settings) only when asked and something was found.
    @Test func searchWithWeatherIsOneUseCase() async throws {
        let context = context()
        let search = PlaceSearch(context: context)
        let budget = TimeBudget(10, clock: context.budgetClock)
        let reads = Calls()
        let settings = { @Sendable () throws -> Settings in
            reads.count += 1
            return Settings()
        }
        let plain = try await search.search("Springfield", country: "US", limit: 5, budget: budget, weather: nil, settings: settings)
        #expect(plain.found.matches.count == 5 && plain.weather == nil && plain.outcome == nil && plain.settings == nil)
        #expect(reads.count == 0 && http.weatherCount == 0, "no weather asked: the settings are not read, nothing is fetched")
        var request = WeatherRequest()
        request.batchSize = 1
        let searched = try await search.search("Springfield", country: "US", limit: 5, budget: budget, weather: request, settings: settings)
        #expect(searched.found.matches.count == 5 && searched.weather?.count == 5 && searched.weather?.allSatisfy { $0.report != nil } == true)
        #expect(searched.outcome?.failures.isEmpty == true && searched.settings != nil && reads.count == 1 && http.weatherCount == 5)
    }

    /// `add` as one use case: the place worked out before the saved places are
    /// opened (a failed lookup opens nothing), saved or relabelled, with the
    /// saved places that now share its name.
    @Test func addWorksThePlaceOutThenSavesIt() async throws {
        let context = context()
        let store = try PlaceStore.inMemory()
        let places = SavedPlaces(store: store, context: context)
        let opens = Calls()
        let open = { @Sendable () throws -> SavedPlaces in
            opens.count += 1
            return places
        }
        let adding = PlaceAdding(context: context)
        func add(_ name: String, label: String? = nil, pick: Int? = nil) async throws -> PlaceAdding.Added {
            try await adding.add(
                .wanted(PlaceWanted(name: name, label: label, pick: pick, command: "add")), language: .en, timeout: 10, open: open)
        }
        await #expect(throws: AmbiguousName.self) { _ = try await add("Springfield") }
        await #expect(throws: InputError.self) { _ = try await add("Seoul", label: "\u{1B}[31m") }
        #expect(opens.count == 0, "nothing is opened for a place that is not worked out")
        let seoul = try await add("Seoul")
        guard case .added(let saved) = seoul.added else { throw Failed("\(seoul.added)") }
        #expect(saved.displayName == "Seoul" && seoul.named == saved && seoul.namesakes.isEmpty && seoul.othersCalled == nil && opens.count == 1)
        let again = try await add("Seoul")
        guard case .alreadySaved = again.added else { throw Failed("\(again.added)") }
        #expect(again.named == nil && again.namesakes.isEmpty)
        let busan = try await add("Busan", label: "Seoul")
        guard case .added(let labelled) = busan.added else { throw Failed("\(busan.added)") }
        #expect(labelled.displayName == "Seoul" && busan.namesakes.count == 2, "both Seouls: \(busan.namesakes)")
        let relabelled = try await add("Seoul", label: "Home")
        guard case .relabelled(_, let after) = relabelled.added else { throw Failed("\(relabelled.added)") }
        #expect(after.displayName == "Home" && relabelled.named == after)
        #expect(try store.ordered().places.map(\.displayName) == ["Home", "Seoul"])
        // (The fake world has no local time zone: `--here` finds nothing, and opens nothing.)
        await #expect(throws: PlaceLookupError.self) { _ = try await adding.add(.here(label: nil), language: .en, timeout: 10, open: open) }
        #expect(opens.count == 4)
    }

    @Test func aConfigChangeIsCheckedBeforeTheDatabaseIsOpened() throws {
        let store = try PlaceStore.inMemory()
        let places = SavedPlaces(store: store, context: context())
        var opened = 0
        let open = { () throws -> SavedPlaces in
            opened += 1
            return places
        }
        #expect(throws: ConfigError.self) { _ = try Configuration.change("ttl", to: "-5", environment: [:], open: open) }
        #expect(throws: ConfigError.self) { _ = try Configuration.change("nonsense", to: "1", environment: [:], open: open) }
        #expect(opened == 0)
        let ttl = try Configuration.change("ttl", to: "30", environment: [:], open: open)
        #expect(opened == 1 && ttl.changed == .ttl && !ttl.unset && ttl.entries.map(\.key) == [.ttl] && ttl.needsKey == nil)
        #expect(try store.settings().preferences.ttlMinutes == 30)
        let alerts = try Configuration.change("alerts", to: "openweathermap", environment: [:], open: open)
        #expect(alerts.needsKey?.source == "openweathermap" && alerts.needsKey?.variable == "OPENWEATHER_API_KEY")
        #expect(try Configuration.change("alerts", to: "openweathermap", environment: ["OPENWEATHER_API_KEY": "k"], open: open).needsKey == nil)
        let forgotten = try Configuration.change("ttl", to: nil, environment: [:], open: open)
        #expect(try forgotten.unset && store.settings().preferences.ttlMinutes == nil)
        let all = try Configuration.show(nil, settings: try store.settings(), environment: [:])
        #expect(all.entries.map(\.key) == ConfigKey.allCases && all.changed == nil)
    }
}

/// How many times a closure given to a use case was called.
final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

struct Failed: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
