import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastViews

/// What `show` prints of a place shown, chosen by the views (`ShowScreen`):
/// the page on a terminal showing the table, the listing anywhere else, and
/// --brief's cut to the window, as pure functions of the value and the terminal.
@Suite struct ShowScreenTests {
    static let words = Language.en.words(Gazetteer.bundled)

    static func shown() throws -> PlaceShowing.Shown {
        let now = BrowseViewTests.now
        return PlaceShowing.Shown(
            place: try BrowseViewTests.place(1, "Seoul"), position: 1, count: 3,
            weather: PlaceWeather(report: BrowseViewTests.report(4), fetchedAt: now.addingTimeInterval(-120)), settings: Settings(),
            provider: .openMeteo, outcome: WeatherOutcome(weather: [:], cancelled: false, fetchedAny: true),
            damage: StoreDamage(places: [], settings: []), othersCalled: nil, now: now)
    }

    static func terminal(_ rows: Int?, _ columns: Int?, table: Bool = true) -> ShowScreen.Terminal {
        ShowScreen.Terminal(rows: rows, columns: columns, table: table, depth: .none, dumb: false)
    }

    static func style(_ columns: Int?) -> CommandStyle {
        CommandStyle(words: words, columns: columns, usesColour: columns != nil, emoji: true, placesByCursor: columns != nil)
    }

    static func screen(_ asked: ShowScreen.Asked, _ terminal: ShowScreen.Terminal) throws -> ShowScreen {
        ShowScreen.of(try shown(), asked: asked, typed: nil, terminal: terminal, style: style(terminal.columns))
    }

    @Test func aTerminalShowingTheTableGetsTheWholePage() throws {
        guard case .page(let lines) = try Self.screen(ShowScreen.Asked(), Self.terminal(24, 80)) else {
            Issue.record("a terminal of 80×24 gets the page")
            return
        }
        #expect(lines.count > 22, "the whole page, as it scrolls: \(lines.count) lines")
        #expect(!lines.contains { $0.contains(Self.words.showMore) })
    }

    @Test func briefCutsThePageToTheWindowAndSaysHowToSeeTheRest() throws {
        for rows in [34, 24, 12] {
            guard case .page(let lines) = try Self.screen(ShowScreen.Asked(brief: true), Self.terminal(rows, 80)) else {
                Issue.record("\(rows): the page")
                continue
            }
            #expect(lines.count <= rows - 2, "\(rows): \(lines.count) lines")
            #expect(lines.last?.contains(Self.words.showMore) == true, "\(rows): \(lines.last ?? "")")
        }
    }

    @Test func aPipeJSONASpanOrASmallTerminalGetTheListing() throws {
        let cases: [(ShowScreen.Asked, ShowScreen.Terminal, String)] = [
            (ShowScreen.Asked(), Self.terminal(nil, nil), "a pipe"),
            (ShowScreen.Asked(), Self.terminal(24, 80, table: false), "JSON or a report format"),
            (ShowScreen.Asked(hours: 2), Self.terminal(24, 80), "--hours"),
            (ShowScreen.Asked(full: true), Self.terminal(24, 80), "--full"),
            (ShowScreen.Asked(), Self.terminal(9, 80), "fewer rows than the page's least"),
            (ShowScreen.Asked(), Self.terminal(24, 39), "fewer columns than the page's least"),
        ]
        for (asked, terminal, what) in cases {
            guard case .listing(let listing) = try Self.screen(asked, terminal) else {
                Issue.record("\(what): the listing")
                continue
            }
            #expect(!listing.shortened, "\(what): never cut")
        }
    }

    /// On a terminal too small for the page, --brief shortens the listing to
    /// the rows, as they are shown: measured without the colours' escapes.
    @Test func briefShortensTheListingToTheRows() throws {
        func rows(_ listing: ShowOutput) -> Int {
            listing.text(Self.style(30)).reduce(0) { $0 + max(1, (DisplayWidth.of($1.replacing(/\x1B\[[0-9;]*[A-Za-z]/, with: "")) + 29) / 30) }
        }
        guard case .listing(let whole) = try Self.screen(ShowScreen.Asked(brief: true), Self.terminal(500, 30)) else {
            Issue.record("a narrow terminal gets the listing")
            return
        }
        #expect(!whole.shortened, "500 rows hold it all")
        // A window between the whole listing and the least of it.
        let shown = try Self.shown()
        var least = ShowOutput(
            place: shown.place, position: 1, count: 3, weather: shown.weather, settings: shown.settings,
            format: WeatherFormat(shown.settings, words: Self.words, emoji: true), now: shown.now, span: ShowOutput.Span.compact[ShowOutput.Span.compact.count - 1])
        least.shortened = true
        let window = (rows(whole) + rows(least)) / 2 + 2
        guard case .listing(let cut) = try Self.screen(ShowScreen.Asked(brief: true), Self.terminal(window, 30)) else {
            Issue.record("a narrow terminal gets the listing")
            return
        }
        #expect(cut.shortened && rows(cut) <= window - 2, "\(rows(cut)) rows in a window of \(window)")
        #expect(cut.text(Self.style(30)).last?.contains(Self.words.showMore) == true)
    }
}
