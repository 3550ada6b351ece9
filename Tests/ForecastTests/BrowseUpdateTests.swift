import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCore

/// `forecast browse`'s keys, screen by screen, as the pure update sees them:
/// the state after each key and what it asks of the world.
@Suite struct BrowseUpdateTests {
    func places(_ names: [String]) throws -> [Place] {
        let seoul = try Coordinate(latitude: 37.5, longitude: 127)
        return names.enumerated().map { index, name in
            Place(id: Int64(index + 1), displayName: name, canonicalName: name, countryCode: "KR", admin1: "", coordinate: seoul,
                  timeZone: "Asia/Seoul", geonamesID: nil, position: index + 1, addedAt: Date(timeIntervalSince1970: 0))
        }
    }

    @Test func theListSelectsSortsCyclesUnitsAndMovesInTheUsersOwnOrder() throws {
        var state = BrowseState(places: try places(["Seoul", "Busan", "Daegu"]))
        #expect(Browse.update(&state, .down).isEmpty && state.selected == 1)
        _ = Browse.update(&state, .character("j"))
        _ = Browse.update(&state, .character("j"))
        #expect(state.selected == 2, "the selection stops at the last place")
        _ = Browse.update(&state, .up)
        #expect(Browse.update(&state, .character("s")) == [.setSort(PlaceSort(key: .name))])
        #expect(Browse.update(&state, .character("S")) == [.setSort(PlaceSort(key: .name, descending: true))])
        #expect(Browse.update(&state, .character("s")) == [.setSort(PlaceSort(key: .temperature))])
        _ = Browse.update(&state, .character("s"))
        #expect(Browse.update(&state, .character("s")) == [.setSort(PlaceSort(key: .custom))], "custom → name → temperature → humidity → custom")
        #expect(Browse.update(&state, .character("S")).isEmpty, "the user's own order has no direction")
        #expect(Browse.update(&state, .character("u")) == [.setUnit(.fahrenheit)])
        _ = Browse.update(&state, .character("u"))
        #expect(Browse.update(&state, .character("u")) == [.setUnit(.celsius)], "°C → °F → K → °C")
        // Sorted by name, K first shows your own order, unchanged (a sort is never turned into it silently).
        state.sort = PlaceSort(key: .name)
        #expect(Browse.update(&state, .character("K")) == [.setSort(PlaceSort(key: .custom))])
        #expect(state.sort.key == .custom && state.places.map(\.displayName) == ["Seoul", "Busan", "Daegu"])
        if case .ownOrderShown? = state.status.message {} else { Issue.record("the status line says why nothing moved") }
        // Then K moves Busan (selected, second) up: the list shows it first at once.
        #expect(Browse.update(&state, .character("K")) == [.move(2, by: -1)])
        #expect(state.places.map(\.displayName) == ["Busan", "Seoul", "Daegu"] && state.selected == 0 && state.status.message == nil)
        #expect(Browse.update(&state, .character("K")).isEmpty, "nothing above the first")
    }

    @Test func removalWaitsForYAndAnyOtherKeyCancelsIt() throws {
        var state = BrowseState(places: try places(["Seoul", "Busan"]))
        #expect(Browse.update(&state, .character("d")).isEmpty && state.confirmingRemoval == 1)
        #expect(Browse.update(&state, .character("n")).isEmpty && state.confirmingRemoval == nil)
        _ = Browse.update(&state, .character("d"))
        #expect(Browse.update(&state, .character("y")) == [.remove(1)])
        var empty = BrowseState()
        #expect(Browse.update(&empty, .character("d")).isEmpty && empty.confirmingRemoval == nil)
    }

    /// The detail pages through the places, wrapping around like the apps'
    /// swipe, and each page shown is remembered as the last viewed.
    @Test func theDetailPagesWithWrapAroundAndRemembersEachPlace() throws {
        var state = BrowseState(places: try places(["Seoul", "Busan", "Daegu"]))
        #expect(Browse.update(&state, .enter) == [.recordViewed(1)] && state.screen == .detail(0))
        #expect(Browse.update(&state, .left) == [.recordViewed(3)] && state.screen == .detail(2))
        #expect(Browse.update(&state, .character("l")) == [.recordViewed(1)] && state.screen == .detail(0))
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .down)
        #expect(state.scroll == 2)
        _ = Browse.update(&state, .right)
        #expect(state.scroll == 0 && state.selected == 1, "a new page starts at its top, and the list follows")
        #expect(Browse.update(&state, .escape).isEmpty && state.screen == .list)
    }

    @Test func helpQuitAndSearchKeys() throws {
        var state = BrowseState(places: try places(["Seoul"]))
        _ = Browse.update(&state, .character("?"))
        #expect(state.showsHelp)
        #expect(Browse.update(&state, .character("s")).isEmpty && !state.showsHelp && state.sort.key == .custom, "a key closes the help, and only that")
        _ = Browse.update(&state, .character("/"))
        #expect(state.screen == .search)
        #expect(Browse.update(&state, .character("q")) == [.searchOffline("q")] && !state.quitting, "q is a letter to search for")
        _ = Browse.update(&state, .escape)
        #expect(Browse.update(&state, .interrupt) == [.quit] && state.quitting)
        var other = BrowseState()
        #expect(Browse.update(&other, .character("q")) == [.quit])
    }
}
