import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastStore

@Suite struct LocationStoreTests {
    let folder = TemporaryFolder()

    func store(_ places: NewPlace...) throws -> LocationStore {
        let store = try LocationStore.open(path: folder.path("db/forecast.sqlite"))
        for place in places { _ = try store.add(place) }
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
        let again = try store.add(seoul)
        guard case .alreadySaved(let existing) = again else { Issue.record("added twice"); return }
        #expect(existing.displayName == "Seoul")
        let byCoordinates = newPlace("Home", lat: 37.575, lon: 126.9784, geonamesID: nil)  // 1 km from Seoul's point
        guard case .added = try store.add(byCoordinates) else { Issue.record(); return }
        guard case .alreadySaved = try store.add(newPlace("Home 2", lat: 37.57505, lon: 126.97845, geonamesID: nil)) else {
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
        let reopened = try LocationStore.open(path: first.path)
        #expect(try reopened.settings().sort == PlaceSort(key: .name, descending: true))
        #expect(try reopened.settings().temperatureUnit == .fahrenheit)
        #expect(try reopened.ordered().places.map(\.displayName) == ["Seoul", "Busan"])
    }

    @Test func removesByPositionAsShownAndRenumbers() throws {
        let store = try store(seoul, busan, daegu, almaty)
        try store.setSort(PlaceSort(key: .name))  // Almaty, Busan, Daegu, Seoul
        let removed = try store.remove(["1", "seoul"])
        #expect(removed.map(\.displayName) == ["Almaty", "Seoul"])
        try store.setSort(.custom)
        let left = try store.ordered().places
        #expect(left.map(\.displayName) == ["Busan", "Daegu"])
        #expect(left.map(\.position) == [1, 2])
    }

    @Test func oneBadReferenceRemovesNothing() throws {
        let store = try store(seoul, busan)
        #expect(throws: InputError.self) { try store.remove(["1", "Tokyo"]) }
        #expect(throws: InputError.self) { try store.remove(["9"]) }
        #expect(try store.ordered().places.count == 2)
    }

    @Test func removingTheLastViewedMakesTheFirstLastViewed() throws {
        let store = try store(seoul, busan, daegu)
        _ = try store.view(.reference("Daegu"))
        _ = try store.remove(["Daegu"])
        #expect(try store.settings().lastViewedPlaceID == (try store.ordered().places.first?.id))
        _ = try store.remove(["1", "2"])
        #expect(try store.settings().lastViewedPlaceID == nil)
    }

    @Test func movingMakesTheShownOrderCustom() throws {
        let store = try store(seoul, busan, daegu, almaty)
        try store.setSort(PlaceSort(key: .name))  // Almaty, Busan, Daegu, Seoul
        try store.move("Seoul", to: 1)
        let (settings, places) = try store.ordered()
        #expect(settings.sort == .custom)
        #expect(places.map(\.displayName) == ["Seoul", "Almaty", "Busan", "Daegu"])
        #expect(places.map(\.position) == [1, 2, 3, 4])
        #expect(throws: InputError.self) { try store.move("Seoul", to: 5) }
        #expect(throws: InputError.self) { try store.move("Seoul", to: 0) }
        #expect(try store.ordered().places.map(\.displayName) == ["Seoul", "Almaty", "Busan", "Daegu"])
    }

    @Test func viewingRemembersAndPagesWithWrapAround() throws {
        let store = try store(seoul, busan, daegu)
        #expect(try store.view(.lastViewed).place.displayName == "Seoul")
        #expect(try store.view(.next).place.displayName == "Busan")
        #expect(try store.view(.next).place.displayName == "Daegu")
        #expect(try store.view(.next).place.displayName == "Seoul")
        #expect(try store.view(.previous).place.displayName == "Daegu")
        let reopened = try LocationStore.open(path: store.path)
        #expect(try reopened.view(.lastViewed).place.displayName == "Daegu")
        try reopened.setSort(PlaceSort(key: .name))  // Busan, Daegu, Seoul
        #expect(try reopened.view(.next).place.displayName == "Seoul")
    }

    @Test func viewingWithNoPlacesIsAnError() throws {
        let store = try store()
        #expect(throws: InputError.self) { try store.view(.lastViewed) }
    }
}

@Suite struct DatabaseLocationTests {
    @Test func prefersFlagThenVariableThenXDG() {
        #expect(DatabaseLocation.resolve(explicit: "/a.db", environment: ["FORECAST_DB": "/b.db"], home: "/h") == "/a.db")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: ["FORECAST_DB": "~/b.db"], home: "/h") == "/h/b.db")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/x"], home: "/h") == "/x/forecast/forecast.sqlite")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "rel"], home: "/h") == "/h/.local/share/forecast/forecast.sqlite")
        #expect(DatabaseLocation.resolve(explicit: nil, environment: [:], home: "/h") == "/h/.local/share/forecast/forecast.sqlite")
    }
}
