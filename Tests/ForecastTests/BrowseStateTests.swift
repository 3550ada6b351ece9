import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastViews

/// The app's state as values: the window and the clock arrive as events, the
/// update keeps what scrolls within what the window draws and says what a click
/// means, one thing is open over the screen at a time, and the keys' writes come
/// back as one value of one use case.
@Suite struct BrowseStateTests {
    static let words = Language.en.words(.bundled)

    static func window(_ width: Int, _ height: Int) -> BrowseState.Window {
        BrowseState.Window(width: width, height: height, words: words, emoji: true)
    }

    /// Seoul's page, its full report read.
    static func page() throws -> BrowseState {
        var state = try BrowseViewTests.state()
        state.screen = .detail(0)
        state.details[1] = state.weather[1]
        return state
    }

    // MARK: - The window

    /// A resize is an event: the page's scroll stops at the last line the new window
    /// shows, so ↑ moves at once; no drawing writes it back.
    @Test func aResizeKeepsTheScrollWithinTheWindow() throws {
        var state = try Self.page()
        _ = Browse.update(&state, .end)
        #expect(state.scroll > 1000, "no window yet: nothing is limited")
        _ = Browse.update(&state, .resized(Self.window(60, 20)))
        let small = BrowseView.render(state, width: 60, height: 20, words: Self.words, emoji: true).scrollLimit
        #expect(small > 0 && state.scroll == small)
        _ = Browse.update(&state, .up)
        #expect(state.scroll == small - 1, "↑ moves at once")
        _ = Browse.update(&state, .end)
        _ = Browse.update(&state, .resized(Self.window(120, 40)))
        let large = BrowseView.render(state, width: 120, height: 40, words: Self.words, emoji: true).scrollLimit
        #expect(large < small && state.scroll == large, "a taller window shows more: it scrolls less")
    }

    /// In a window, every scroll stops where its frame ends, in the update: a day's hours, a
    /// warning's text, the help, the hours' strip; and `scrollLimit` is the frame's own.
    @Test func everyScrollStopsWhereItsFrameEnds() throws {
        var state = try Self.page()
        _ = Browse.update(&state, .resized(Self.window(60, 20)))
        _ = Browse.update(&state, .tab)
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .enter)
        _ = Browse.update(&state, .end)
        let hours = BrowseView.render(state, width: 60, height: 20, words: Self.words, emoji: true).scrollLimit
        #expect(state.openDay == 1 && hours > 0 && state.dayScroll == hours, "a whole day's hours")
        _ = Browse.update(&state, .escape)
        _ = Browse.update(&state, .tab)
        for _ in 0..<10 { _ = Browse.update(&state, .character("]")) }
        let strip = BrowseView.stripLimit(state, width: 60, height: 20, words: Self.words, emoji: true)
        #expect(strip > 0 && state.page.stripOffset == strip, "`[` acts at once")
        _ = Browse.update(&state, .character("?"))
        for _ in 0..<20 { _ = Browse.update(&state, .pageDown) }
        let help = BrowseView.render(state, width: 60, height: 20, words: Self.words, emoji: true).scrollLimit
        #expect(state.helpScroll == help && help == BrowseView.scrollLimit(state, in: Self.window(60, 20)))

        var warned = try BrowseWarningsTests.state()
        warned.screen = .detail(1)
        _ = Browse.update(&warned, .resized(Self.window(60, 20)))
        _ = Browse.update(&warned, .character("w"))
        _ = Browse.update(&warned, .end)
        let text = BrowseView.render(warned, width: 60, height: 20, words: Self.words, emoji: true).scrollLimit
        #expect(text > 0 && warned.reading?.scroll == text)
        _ = Browse.update(&warned, .resized(Self.window(59, 20)))
        #expect(warned.reading?.scroll == 0, "below the smallest window nothing scrolls")
    }

    /// A click means what the window shows on that row, computed by the update from the state:
    /// a place of the list, a day of the page.
    @Test func aClickMeansWhatTheWindowShows() throws {
        var state = try BrowseViewTests.state()
        #expect(Browse.update(&state, .click(row: 3, column: 4)).isEmpty && state.screen == .list, "no window: a click means nothing")
        _ = Browse.update(&state, .resized(Self.window(120, 40)))
        let rows = BrowseView.clickTargets(state, in: Self.window(120, 40))
        #expect(rows == BrowseView.render(state, width: 120, height: 40, words: Self.words, emoji: true).clicks)
        let row = try #require(rows.first { $0.value == .place(3) }?.key)
        #expect(Browse.update(&state, .click(row: row, column: 4)) == [.recordViewed(4)] && state.screen == .detail(3))
    }

    // MARK: - The clock

    /// Every event comes with its time: the rows that arrive are as old as the event says.
    @Test func eventsCarryTheirTime() throws {
        var state = try BrowseViewTests.state()
        let later = BrowseViewTests.now.addingTimeInterval(600)
        _ = Browse.update(&state, .arrived([1: BrowseViewTests.report(20)]), at: later)
        #expect(state.now == later && state.weather[1]?.fetchedAt == later)
        _ = Browse.update(&state, .key(.down))
        #expect(state.now == later, "without a time, the clock stays where it was")
    }

    /// The minute's tick moves the clock on; offline, it fetches nothing (the update says so, not the driver).
    @Test func anOfflineTickMovesTheClockAndFetchesNothing() throws {
        var state = try BrowseViewTests.state()
        let later = BrowseViewTests.now.addingTimeInterval(60)
        #expect(Browse.update(&state, .tick(later)) == [.refresh(force: false)] && state.now == later)
        state.offline = true
        let after = later.addingTimeInterval(60)
        #expect(Browse.update(&state, .tick(after)).isEmpty && state.now == after)
    }

    /// The search's candidates (the gazetteer, answered at once) go through the driver's one
    /// door for events, as every event does: at the clock's time, their effects run. (They were
    /// handed to the update behind it, the clock left as it was and what it returned dropped.)
    @Test func theSearchsCandidatesAreAnEventLikeAnyOther() throws {
        let context = FakeWorld().context()
        let terminal = try VirtualTerminal(width: 80, height: 24)
        defer { terminal.close() }
        let screen = try #require(TerminalScreen(input: terminal.device, output: terminal.device))
        let settings = try WeatherSettings.resolve(WeatherRequest(), environment: context.environment, preferences: Preferences())
        let app = BrowseApp(
            places: try SavedPlaces.inMemory(context: context), context: context,
            options: BrowseOptions(words: Self.words, emoji: true, depth: .none, takesSignals: false), screen: screen, weatherSettings: settings)
        app.state.screen = .search
        app.state.search.query = "Seoul"
        app.perform(.searchOffline("Seoul"))
        #expect(app.state.search.candidates.first?.name == "Seoul")
        #expect(app.state.now == context.clock(), "the answer came at the clock's time")
    }

    // MARK: - What is open

    /// One thing is open at a time, the help over it: the help gives back what it was over.
    @Test func theHelpIsOverWhatIsOpen() throws {
        var state = try BrowseWarningsTests.state()
        state.selected = 1
        _ = Browse.update(&state, .character("w"))
        let reading = try #require(state.reading)
        _ = Browse.update(&state, .character("?"))
        #expect(state.overlay == .help(scroll: 0, over: .reading(reading)))
        _ = Browse.update(&state, .character("x"))
        #expect(state.overlay == .reading(reading))
        _ = Browse.update(&state, .escape)
        _ = Browse.update(&state, .character("U"))
        #expect(state.overlay == .unitsMenu(.temperature) && state.reading == nil)
        _ = Browse.update(&state, .escape)
        _ = Browse.update(&state, .character("d"))
        #expect(state.overlay == .confirmingRemoval(1))
        _ = Browse.update(&state, .character("?"))
        // The place goes while the help is over its removal: the removal closes, the help stays.
        _ = Browse.update(&state, .reloaded(settings: state.settings, places: state.places.filter { $0.id != 1 }))
        #expect(state.overlay == .help(scroll: 0, over: nil))
    }

    /// A day's hours are over their page: when the page goes (its place left the list), they
    /// go with it, and the list takes the keys again (they went to the hours no longer shown).
    @Test func aDaysHoursCloseWithTheirPage() throws {
        var state = try Self.page()
        _ = Browse.update(&state, .tab)
        _ = Browse.update(&state, .enter)
        #expect(state.openDay == 0)
        _ = Browse.update(&state, .reloaded(settings: state.settings, places: Array(state.places.dropFirst())))
        #expect(state.screen == .list && state.overlay == nil)
        _ = Browse.update(&state, .down)
        #expect(state.selected == 1, "↓ moves the list's selection")
    }

    // MARK: - The writes

    /// The keys' writes come back as one value: the update says each removal, addition and
    /// the page viewed, then what failed; a later batch that went through clears it.
    @Test func theWritesAreOneEvent() throws {
        var state = try Self.page()
        let tokyo = state.places[2]
        var written = PlaceChanges.Written()
        written.removed = [tokyo]
        written.viewed = state.places[0]
        var fresh = try #require(state.weather[1])
        fresh.report = BrowseViewTests.report(30)
        written.viewedWeather = fresh
        #expect(Browse.update(&state, .written(written, failure: nil)).isEmpty)
        #expect(state.undo == tokyo && state.weather[3] == nil && state.details[1]?.report?.current.temperature == 30)
        guard case .removedUndoable(tokyo)? = state.status.message else { Issue.record("\(String(describing: state.status.message))"); return }
        _ = Browse.update(&state, .written(PlaceChanges.Written(), failure: "disk I/O error"))
        guard case .writeFailed("disk I/O error")? = state.status.message else { Issue.record("the failure is said"); return }
        _ = Browse.update(&state, .written(PlaceChanges.Written(), failure: nil))
        #expect(state.status.message == nil, "a later batch went through: what failed before is no longer said")
        _ = Browse.update(&state, .written(PlaceChanges.Written(), failure: "disk I/O error"))
        var added = PlaceChanges.Written()
        added.added = [.added(tokyo)]
        #expect(Browse.update(&state, .written(added, failure: nil)) == [.refresh(force: false)], "its weather, for the list")
        guard case .added(tokyo)? = state.status.message else { Issue.record("what failed before is no longer said"); return }
    }
}
