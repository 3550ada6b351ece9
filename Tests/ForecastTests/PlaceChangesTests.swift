import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastStore

/// The app's keys' writes as one use case of the kit (`SavedPlaces.apply`), on an
/// in-memory store: one value says what was written.
@Suite struct PlaceChangesTests {
    let world = FakeWorld()

    @Test func theWritesAreOneUseCase() async throws {
        let context = world.context()
        let store = try PlaceStore.inMemory()
        let places = SavedPlaces(store: store, context: context)
        guard case .added(let london) = try places.add(
            newPlace("London", lat: 51.5085, lon: -0.1257, geonamesID: 2643743, country: "GB", zone: "Europe/London"), labelled: false),
            case .added(let seoul) = try places.add(newPlace("Seoul", lat: 37.566, lon: 126.9784, geonamesID: 1835848), labelled: false),
            case .added(let busan) = try places.add(newPlace("Busan", lat: 35.1028, lon: 129.0403, geonamesID: 1838524), labelled: false)
        else { Issue.record("three places saved"); return }
        var cached = try WeatherSettings.resolve(WeatherRequest(), environment: context.environment, preferences: Preferences())
        cached.offline = true
        let changes = PlaceChanges(
            units: UnitChange(temperature: .fahrenheit), order: [seoul.id, london.id, busan.id], removals: [busan.id, 999],
            additions: [newPlace("Tokyo", lat: 35.6895, lon: 139.6917, geonamesID: 1850147, zone: "Asia/Tokyo"),
                        newPlace("Seoul", lat: 37.566, lon: 126.9784, geonamesID: 1835848)],
            viewed: seoul)
        let written = await places.apply(changes, cached: cached)
        // The one that failed (999 is no place) is said; the others were written all the same.
        #expect(written.failure as? InputError == .noSavedMatch("999") && written.listChanged && !written.replaced)
        #expect(written.removed.map(\.id) == [busan.id])
        guard written.added.count == 2, case .alreadySaved(let again) = written.added[1] else { Issue.record("\(written.added)"); return }
        #expect(again.id == seoul.id, "Seoul was saved already")
        guard case .added(let tokyo)? = written.added.first else { Issue.record("Tokyo added"); return }
        #expect(written.viewed == seoul && written.viewedWeather?.report == nil, "nothing cached: no report")
        let (settings, ordered) = try places.ordered()
        #expect(ordered.map(\.id) == [seoul.id, london.id, tokyo.id])
        #expect(settings.temperatureUnit == .fahrenheit && settings.lastViewedPlaceID == seoul.id)

        // A removal and a place put back: the list is to be read again; the place viewed alone changes none.
        let back = await places.apply(PlaceChanges(restorations: [busan]), cached: cached)
        #expect(back.restored.map(\.geonamesID) == [busan.geonamesID] && back.listChanged && back.failure == nil)
        #expect(!(await places.apply(PlaceChanges(viewed: london), cached: cached)).listChanged)
    }
}
