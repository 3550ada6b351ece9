import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCore
@testable import ForecastKit

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

    /// 1 MiB of `s` typed queued a write and a list reload a key (510 MB, busy
    /// after 90 s). Keys' writes coalesce: while one is in flight every key only
    /// marks what changed; the state holds the last key's choice, which the next
    /// write writes. One write in flight, one pending batch, whatever the flood.
    /// (A flood of 2^14 keys shows it as well as 2^20 did, which took 50 s of CPU
    /// in a debug build: a queue that grew would hold thousands of writes either way.)
    @Test func aFloodOfKeysQueuesOneWriteInFlightAndOnePending() throws {
        var state = BrowseState(places: try places(["Seoul", "Busan", "Daegu", "Jeju"]))
        var queue = WriteQueue()
        var started: [WriteQueue.Batch] = []
        func press(_ key: Key) {
            for effect in Browse.update(&state, key) where queue.ask(effect) {
                if let batch = queue.start() { started.append(batch) }
            }
        }
        let presses = 1 << 14
        for _ in 0..<presses { press(.character("s")) }
        #expect(started == [WriteQueue.Batch(sort: true)], "the first key's write starts; none other while it is in flight")
        #expect(queue.pending == WriteQueue.Batch(sort: true), "the rest is one mark, not a million writes")
        #expect(state.sort == PlaceSort(key: Browse.sortCycle[presses % Browse.sortCycle.count]), "the state has the last key's sort")
        for _ in 0..<1000 { press(.character("u")) }  // 1000 = 3 × 333 + 1: °C → °F
        #expect(state.unit == .fahrenheit && queue.pending == WriteQueue.Batch(sort: true, unit: true))
        // The first write ends: the pending batch is written, once; then nothing is left.
        queue.finished()
        #expect(queue.start() == WriteQueue.Batch(sort: true, unit: true))
        #expect(queue.start() == nil, "one in flight at a time")
        queue.finished()
        #expect(queue.isIdle && queue.start() == nil)

        // Moves in your own order, and paging: your order as the state has it, the page viewed last.
        _ = Browse.update(&state, .reloaded(settings: Settings(), places: state.places))
        for step in 0..<3_000 { press(.character(step % 3 == 0 ? "K" : "J")) }
        _ = Browse.update(&state, .enter)
        for _ in 0..<3_001 { press(.character("l")) }
        #expect(started.count == 2 && started.last == WriteQueue.Batch(order: true), "\(started)")
        #expect(queue.pending == WriteQueue.Batch(order: true, viewed: state.detailPlace?.id), "\(queue.pending)")
        #expect(state.detailPlace != nil)
    }

    /// A removal asked twice (d y, d y on a list not yet read again) is one removal; each is written.
    @Test func removalsAndAdditionsAreEachWritten() throws {
        var queue = WriteQueue()
        #expect(queue.ask(.remove(3)) && queue.ask(.remove(3)) && queue.ask(.remove(4)))
        #expect(!queue.ask(.refresh(force: true)) && !queue.ask(.quit), "what writes nothing is not the queue's")
        #expect(queue.start()?.removals == [3, 4])
        #expect(queue.start() == nil)
    }

    /// The database file replaced under the app: nothing of the old file stays on
    /// screen (its ids are other places in the new one), the new list is shown
    /// and why, and its weather is fetched.
    @Test func aReplacedDatabaseLeavesNothingOfTheOldFileOnScreen() throws {
        var state = BrowseState(places: try places(["Seoul", "Busan", "Daegu"]))
        state.weather = [1: PlaceWeather(fetchedAt: Date()), 2: PlaceWeather(fetchedAt: Date())]
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .enter)
        state.details[2] = PlaceWeather(fetchedAt: Date())
        _ = Browse.update(&state, .character("d"))
        let restored = try places(["Tokyo"])
        let effects = Browse.update(&state, .databaseReplaced(message: "replaced", settings: Settings(), places: restored, weather: [:]))
        #expect(effects == [.refresh(force: false)])
        #expect(state.places.map(\.displayName) == ["Tokyo"] && state.weather.isEmpty && state.details.isEmpty)
        #expect(state.screen == .list && state.selected == 0 && state.confirmingRemoval == nil)
        guard case .databaseReplaced("replaced")? = state.status.message else {
            Issue.record("the status line says why: \(String(describing: state.status.message))")
            return
        }
    }
}
