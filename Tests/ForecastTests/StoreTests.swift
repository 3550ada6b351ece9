import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore

@Suite struct PlaceStoreTests {
    let folder = TemporaryFolder()

    func store(_ places: NewPlace...) throws -> PlaceStore {
        let store = try PlaceStore.open(path: folder.path("db/forecast.sqlite"))
        for place in places { _ = try store.add(place, now: Date()) }
        return store
    }

    @Test func aNewDatabaseHasDefaultSettingsAndNoPlaces() throws {
        let store = try store()
        #expect(try store.settings() == Settings(temperatureUnit: .celsius, sort: .custom, lastViewedPlaceID: nil))
        #expect(try store.ordered().places.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.path("db/forecast.sqlite")))
    }

    @Test func addsAtTheEndAndNeverTwice() throws {
        let store = try store(seoul, busan)
        let again = try store.add(seoul, now: Date())
        guard case .alreadySaved(let existing) = again else { Issue.record("added twice"); return }
        #expect(existing.displayName == "Seoul")
        let byCoordinates = newPlace("Home", lat: 37.575, lon: 126.9784, geonamesID: nil)  // 1 km from Seoul's point
        guard case .added = try store.add(byCoordinates, now: Date()) else { Issue.record(); return }
        guard case .alreadySaved = try store.add(newPlace("Home 2", lat: 37.57505, lon: 126.97845, geonamesID: nil), now: Date()) else {
            Issue.record("a place 10 m away was saved again"); return
        }
        #expect(try store.ordered().places.map(\.displayName) == ["Seoul", "Busan", "Home"])
        #expect(try store.ordered().places.map(\.position) == [1, 2, 3])
    }

    @Test func storesNamesLiterally() throws {
        let tricky = newPlace(#"x'); DROP TABLE place; --"#, lat: 1, lon: 1, geonamesID: nil)
        let store = try store(tricky)
        #expect(try store.ordered().places.first?.displayName == tricky.displayName)
    }

    @Test func persistsAcrossOpens() throws {
        let first = try store(seoul, busan)
        try first.setSort(PlaceSort(key: .name, descending: true))
        try first.setTemperatureUnit(.fahrenheit)
        let reopened = try PlaceStore.open(path: first.path)
        #expect(try reopened.settings().sort == PlaceSort(key: .name, descending: true))
        #expect(try reopened.settings().temperatureUnit == .fahrenheit)
        #expect(try reopened.ordered().places.map(\.displayName) == ["Seoul", "Busan"])
    }

    @Test func removesByPositionAsShownAndRenumbers() throws {
        let store = try store(seoul, busan, daegu, almaty)
        try store.setSort(PlaceSort(key: .name))  // Almaty, Busan, Daegu, Seoul
        let removed = try store.saved.remove(["1", "seoul"])
        #expect(removed.map(\.displayName) == ["Almaty", "Seoul"])
        try store.setSort(.custom)
        let left = try store.ordered().places
        #expect(left.map(\.displayName) == ["Busan", "Daegu"])
        #expect(left.map(\.position) == [1, 2])
    }

    @Test func oneBadReferenceRemovesNothing() throws {
        let store = try store(seoul, busan)
        #expect(throws: InputError.self) { try store.saved.remove(["1", "Tokyo"]) }
        #expect(throws: InputError.self) { try store.saved.remove(["9"]) }
        #expect(try store.ordered().places.count == 2)
    }

    @Test func removingTheLastViewedMakesTheFirstLastViewed() throws {
        let store = try store(seoul, busan, daegu)
        _ = try store.view(.reference("Daegu"))
        _ = try store.saved.remove(["Daegu"])
        #expect(try store.settings().lastViewedPlaceID == (try store.ordered().places.first?.id))
        _ = try store.saved.remove(["1", "2"])
        #expect(try store.settings().lastViewedPlaceID == nil)
    }

    @Test func movingMakesTheShownOrderCustom() throws {
        let store = try store(seoul, busan, daegu, almaty)
        try store.setSort(PlaceSort(key: .name))  // Almaty, Busan, Daegu, Seoul
        try store.saved.move("Seoul", to: 1)
        let (settings, places) = try store.ordered()
        #expect(settings.sort == .custom)
        #expect(places.map(\.displayName) == ["Seoul", "Almaty", "Busan", "Daegu"])
        #expect(places.map(\.position) == [1, 2, 3, 4])
        #expect(throws: InputError.self) { try store.saved.move("Seoul", to: 5) }
        #expect(throws: InputError.self) { try store.saved.move("Seoul", to: 0) }
        #expect(try store.ordered().places.map(\.displayName) == ["Seoul", "Almaty", "Busan", "Daegu"])
    }

    /// The app's moves, however many, as one write of the order it shows: places
    /// it does not name (added meanwhile) keep their order after them, ids gone are skipped.
    @Test func reorderingWritesTheOrderShownAsYourOwn() throws {
        let store = try store(seoul, busan, daegu, almaty)
        try store.setSort(PlaceSort(key: .name, descending: true))
        let ids = Dictionary(uniqueKeysWithValues: try store.ordered().places.map { ($0.displayName, $0.id) })
        let order = ["Daegu", "Seoul"].compactMap { ids[$0] } + [9_999]
        try store.saved.reorder(order)
        let (settings, places) = try store.ordered()
        #expect(settings.sort == .custom)
        #expect(places.map(\.displayName) == ["Daegu", "Seoul", "Busan", "Almaty"])
        #expect(places.map(\.position) == [1, 2, 3, 4])
    }

    @Test func viewingRemembersAndPagesWithWrapAround() throws {
        let store = try store(seoul, busan, daegu)
        #expect(try store.view(.lastViewed).place.displayName == "Seoul")
        #expect(try store.view(.next).place.displayName == "Busan")
        #expect(try store.view(.next).place.displayName == "Daegu")
        #expect(try store.view(.next).place.displayName == "Seoul")
        #expect(try store.view(.previous).place.displayName == "Daegu")
        let reopened = try PlaceStore.open(path: store.path)
        #expect(try reopened.view(.lastViewed).place.displayName == "Daegu")
        try reopened.setSort(PlaceSort(key: .name))  // Busan, Daegu, Seoul
        #expect(try reopened.view(.next).place.displayName == "Seoul")
    }

    @Test func resolvingAViewChangesNothing() throws {
        let store = try store(seoul, busan, daegu)
        let first = try store.saved.view(.next).place
        #expect(try store.saved.view(.next).place == first, "nothing was remembered")
        #expect(try store.settings().lastViewedPlaceID == nil)
        _ = try store.view(.next)
        #expect(try store.saved.view(.next).place != first, "remembering moves the page on")
    }

    @Test func viewingWithNoPlacesIsAnError() throws {
        let store = try store()
        #expect(throws: InputError.self) { try store.view(.lastViewed) }
    }
}

extension PlaceStore {
    /// The saved-places use case over this store, with no network.
    var saved: SavedPlaces {
        SavedPlaces(store: self, context: AppContext.test(makeHTTPClient: { _ in FakeHTTPClient { _ in HTTPResponse(status: 500, body: Data()) } }, environment: [:]))
    }

    /// What `show` does: resolve the place, then (once shown) remember it.
    func view(_ target: SavedPlaces.ViewTarget) throws -> (place: Place, index: Int, count: Int) {
        let seen = try saved.view(target)
        try saved.recordViewed(seen.place)
        return (seen.place, seen.index, seen.count)
    }
}

@Suite struct DatabaseLocationTests {
    @Test func prefersFlagThenVariableThenXDG() {
        #expect(DatabaseLocation.resolve(explicit: "/a.db", environment: ["FORECAST_DB": "/b.db"], home: "/h") == "/a.db")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: ["FORECAST_DB": "~/b.db"], home: "/h") == "/h/b.db")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/x"], home: "/h") == "/x/forecast/forecast.sqlite")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "rel"], home: "/h") == "/h/.local/share/forecast/forecast.sqlite")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: [:], home: "/h") == "/h/.local/share/forecast/forecast.sqlite")
        // What SQLite reads as no file at all is a file of that name: nothing saved is lost.
        #expect(DatabaseLocation.resolve(explicit: ":memory:", environment: [:], home: "/h") == "./:memory:")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: ["FORECAST_DB": "file:x.db?mode=memory"], home: "/h") == "./file:x.db?mode=memory")
    }
}

@Suite struct WeatherCacheTests {
    let folder = TemporaryFolder()
    let reportTime = Date(timeIntervalSince1970: 1_700_000_000)

    func report(temperature: Double?, humidity: Double?) -> WeatherReport {
        WeatherReport(
            observedAt: Date(timeIntervalSince1970: 1_700_000_000), utcOffsetSeconds: 32_400, timeZone: "Asia/Seoul",
            current: CurrentConditions(temperature: temperature, humidity: humidity, condition: .wmo(3)),
            hourly: [HourlyForecast(time: Date(timeIntervalSince1970: 1_700_003_600), temperature: 1.5)],
            daily: [DailyForecast(date: "2023-11-15", minimum: -1, maximum: 4.25, condition: .wmo(61))])
    }

    @Test func keepsTheLatestReportPerPlaceAndProvider() throws {
        let store = try PlaceStore.open(path: folder.path("f.sqlite"))
        guard case .added(let a) = try store.add(seoul, now: Date()), case .added(let b) = try store.add(busan, now: Date()) else { Issue.record(); return }
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        try store.saveWeather([a.id: report(temperature: 3, humidity: 40)], provider: "open-meteo", fetchedAt: first, full: true)
        try store.saveWeather([a.id: report(temperature: 5, humidity: 41), b.id: report(temperature: 0, humidity: 0)],
                              provider: "open-meteo", fetchedAt: first.addingTimeInterval(60), full: true)
        let cache = try store.cachedSummaries(provider: "open-meteo", now: reportTime)
        #expect(cache[a.id]?.report == report(temperature: 5, humidity: 41).summary)
        #expect(cache[a.id]?.report.hourly.isEmpty == true, "a summary has no hours")
        #expect(try store.cachedReport(placeID: a.id, provider: "open-meteo", now: reportTime)?.report == report(temperature: 5, humidity: 41))
        #expect(cache[a.id]?.fetchedAt == first.addingTimeInterval(60))
        #expect(cache[b.id]?.report.current.temperature == 0)
        #expect(try store.cachedSummaries(provider: "openweathermap", now: reportTime).isEmpty)
    }

    @Test func removedPlacesTakeTheirWeatherAlong() throws {
        let store = try PlaceStore.open(path: folder.path("f.sqlite"))
        guard case .added(let a) = try store.add(seoul, now: Date()) else { Issue.record(); return }
        try store.saveWeather([a.id: report(temperature: 3, humidity: 40)], provider: "open-meteo", fetchedAt: Date(), full: true)
        _ = try store.saved.remove(["Seoul"])
        #expect(try store.cachedSummaries(provider: "open-meteo", now: reportTime).isEmpty)
        // A report for a place removed meanwhile is skipped, not an error.
        try store.saveWeather([a.id: report(temperature: 3, humidity: 40)], provider: "open-meteo", fetchedAt: Date(), full: true)
        #expect(try store.cachedSummaries(provider: "open-meteo", now: reportTime).isEmpty)
    }

    @Test func temperatureAndHumiditySortUseTheCacheWithoutDataLast() throws {
        let store = try PlaceStore.open(path: folder.path("f.sqlite"))
        var ids: [String: Int64] = [:]
        for new in [seoul, busan, daegu, almaty] {
            if case .added(let p) = try store.add(new, now: Date()) { ids[p.displayName] = p.id }
        }
        try store.saveWeather([
            ids["Seoul"]!: report(temperature: 2, humidity: 80),
            ids["Busan"]!: report(temperature: 9, humidity: 0),
            ids["Daegu"]!: report(temperature: -4, humidity: nil),
        ], provider: "open-meteo", fetchedAt: Date(), full: true)
        try store.setSort(PlaceSort(key: .temperature))
        #expect(try store.ordered().places.map(\.displayName) == ["Daegu", "Seoul", "Busan", "Almaty"])
        try store.setSort(PlaceSort(key: .temperature, descending: true))
        #expect(try store.ordered().places.map(\.displayName) == ["Busan", "Seoul", "Daegu", "Almaty"])
        try store.setSort(PlaceSort(key: .humidity))
        #expect(try store.ordered().places.map(\.displayName) == ["Busan", "Seoul", "Almaty", "Daegu"])
        // Positions mean what list shows: 1 is the driest.
        #expect(try store.saved.remove(["1"]).map(\.displayName) == ["Busan"])
    }

    @Test func windUnitPersists() throws {
        let store = try PlaceStore.open(path: folder.path("f.sqlite"))
        #expect(try store.settings().windUnit == .ms)
        try store.setWindUnit(.kmh)
        #expect(try PlaceStore.open(path: store.path).settings().windUnit == .kmh)
    }
}

extension PlaceStoreTests {
    /// A place as an online search may describe it (an id beyond what is kept,
    /// a region with an escape, a three-letter country) was saved, then found
    /// damaged when read back. What only labels it is cleaned as it is saved.
    @Test func whatIsSavedReadsBackUndamaged() throws {
        let store = try PlaceStore.inMemory()
        var place = newPlace("Far", lat: 10, lon: 10, geonamesID: 5_000_000_000, country: "KOR")
        place.admin1 = "\u{1B}[31mRed"
        place.canonicalName = "\u{7}"
        _ = try store.add(place, now: Date())
        #expect(try store.damagedPlaces().isEmpty)
        let saved = try #require(try store.ordered().places.first)
        #expect(saved.geonamesID == nil && saved.countryCode == "" && saved.admin1 == "[31mRed" && saved.canonicalName == "Far")
    }
}
