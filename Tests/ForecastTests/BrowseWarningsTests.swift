import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastViews

/// Warnings in `forecast browse`: the list marks the places that have some
/// (`list`'s mark, in the level's colour), `w` opens a warning's whole text
/// over the screen, and the keys line says so. Pure: states to frames, keys to states.
@Suite struct BrowseWarningsTests {
    static let sizes = [(60, 20), (80, 24), (120, 40)]

    /// Phoenix (NWS's two recorded warnings: severe and minor), Seoul (no source), Trondheim (all clear).
    static func state() throws -> BrowseState {
        let now = RecordedWarnings.phoenixNow
        let phoenix = try RecordedWarnings.place(1, "Phoenix", now: now)
        var state = BrowseState(places: [try RecordedWarnings.place(2, "Seoul", now: now), phoenix, try RecordedWarnings.place(3, "Trondheim", now: now)])
        state.now = now
        var warned = RecordedWarnings.weather(try RecordedWarnings.phoenix(phoenix), now: now)
        warned.report = BrowseViewTests.report(38)
        warned.fetchedAt = now.addingTimeInterval(-60)
        var seoul = PlaceWeather(report: BrowseViewTests.report(4), fetchedAt: now.addingTimeInterval(-60))
        seoul.warnings = .noSource
        var clear = RecordedWarnings.weather([], now: now, source: "met-alerts")
        clear.report = BrowseViewTests.report(12)
        clear.fetchedAt = now.addingTimeInterval(-60)
        // Trondheim's recorded nowcast, moved to this moment: rain from 40 minutes on.
        let nowcast = try RecordedWarnings.trondheim(try RecordedWarnings.place(3, "Trondheim", now: now))
        let moved = now.timeIntervalSince(RecordedWarnings.trondheimNow)
        clear.nextHours = NextHours(
            source: nowcast.source, kind: nowcast.kind,
            steps: nowcast.steps.map { NextHours.Step(start: $0.start.addingTimeInterval(moved), minutes: $0.minutes, rate: $0.rate) })
        state.weather = [1: warned, 2: seoul, 3: clear]
        return state
    }

    func frame(_ state: BrowseState, _ size: (Int, Int), _ language: Language = .en, emoji: Bool = true) -> Frame {
        BrowseView.frame(state, width: size.0, height: size.1, words: language.words(.bundled), emoji: emoji)
    }

    func row(_ frame: Frame, containing text: String) -> Int? { frame.lines.firstIndex { $0.contains(text) } }

    /// The column of the first cell holding `text` in `row`, counted in cells (Hangul takes two).
    func column(of text: String, in frame: Frame, row: Int) -> Int? {
        (0..<frame.width).first { frame[row, $0].text == text }
    }

    /// The list is `list`'s table, its warnings' column included: the mark's colour reaches the cells.
    @Test(arguments: [Language.en, .ko]) func theListMarksThePlacesWithWarningsInTheirLevelsColour(_ language: Language) throws {
        let words = language.words(.bundled)
        let state = try Self.state()
        for size in Self.sizes {
            let drawn = frame(state, size, language)
            let phoenix = try #require(row(drawn, containing: words.name(state.places[1])), "at \(size)")
            #expect(drawn.lines[phoenix].contains("⚠ " + words.warningLevelShort(.severe)), "at \(size): \(drawn.lines[phoenix])")
            let mark = try #require(column(of: "⚠", in: drawn, row: phoenix))
            #expect(drawn[phoenix, mark].look.colour == LevelColours.warning(.severe) && drawn[phoenix, mark].look.bold, "severe is red, at \(size)")
            for other in [state.places[0], state.places[2]] {
                #expect(try !drawn.lines[#require(row(drawn, containing: words.name(other)))].contains("⚠"), "\(other.displayName) has none")
            }
            // The column's header where a place takes a line (two lines a place have no header).
            #expect(drawn.lines.contains { $0.contains(words.warningsColumn) } || drawn.lines[1].hasPrefix("›"), "the column's header at \(size)")
            #expect(drawn.lines.allSatisfy { DisplayWidth.of($0) <= size.0 })
            // The keys say `w` when the selected place has warnings, and not otherwise.
            #expect(!drawn.lines[size.1 - 1].contains(words.warningKeyHint))
        }
        var selected = state
        _ = Browse.update(&selected, .down)
        #expect(frame(selected, (80, 24), language).lines[23].contains(words.warningKeyHint))
        // NO_COLOR: the level is in words already; no colour reaches the terminal.
        let drawn = frame(state, (80, 24), language)
        let plain = drawn.output(from: nil, colour: false)
        #expect(drawn.lines.contains { $0.contains(words.warningLevelShort(.severe)) } && !plain.contains(";31m") && !plain.contains("38;5"))
        // FORECAST_ASCII: "!3 red", the level's number as `--where alert` compares it.
        let ascii = frame(state, (80, 24), language, emoji: false)
        #expect(ascii.lines.contains { $0.contains("!3 " + words.warningLevelShort(.severe)) } && !ascii.lines.joined().contains("⚠"))
    }

    /// `w` opens the selected place's first (most severe) warning whole; ←/→ and Tab
    /// step through its warnings, wrapping; ↑/↓ scroll; Esc, q or w close it; Ctrl-C still quits.
    @Test func wOpensTheWarningsWholeText() throws {
        var state = try Self.state()
        #expect(Browse.update(&state, .character("w")).isEmpty && state.reading == nil, "Seoul has none: nothing opens")
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .character("w"))
        #expect(state.reading == BrowseState.Reading(placeID: 1))
        for size in Self.sizes {
            let lines = frame(state, size).lines
            #expect(lines[0].contains("forecast · Warnings · Phoenix") && lines[0].hasSuffix("1 / 2 "), "\(lines[0])")
            #expect(lines[1].hasPrefix(" ⚠ severe (red) · Excessive Heat Warning"), "\(lines[1])")
            #expect(lines[2].contains("from Fri 19 Jul 10:00 until Sat 20 Jul 20:00"))
            #expect(lines[size.1 - 1].contains("Esc close"))
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= size.0 })
        }
        // The whole text, scrolled: what to do, the source's own words, who issued it.
        var whole: [String] = []
        for _ in 0..<40 {
            let lines = frame(state, (80, 24)).lines
            whole += lines[1..<22]
            _ = Browse.update(&state, .pageDown)
        }
        let text = whole.joined(separator: "\n")
        #expect(text.contains("What to do") && text.contains("Severity: Severe · Certainty: Likely · Urgency: Expected"))
        #expect(text.contains("Issued by NWS Phoenix AZ · US National Weather Service (public domain)"))
        #expect(text.contains("Take extra precautions if you work or spend time outside."))

        _ = Browse.update(&state, .right)
        #expect(state.reading == BrowseState.Reading(placeID: 1, index: 1, scroll: 0), "the next warning, from its top")
        #expect(frame(state, (80, 24)).lines[1].contains("severity unknown · Air Quality Alert"))
        _ = Browse.update(&state, .tab)
        #expect(state.reading?.index == 0, "Tab wraps around")
        _ = Browse.update(&state, .backTab)
        #expect(state.reading?.index == 1)
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .up)
        #expect(state.reading?.scroll == 1)

        #expect(Browse.update(&state, .character("q")).isEmpty && state.reading == nil && !state.quitting, "q closes the warning")
        #expect(state.screen == .list && state.selected == 1)
        _ = Browse.update(&state, .character("w"))
        _ = Browse.update(&state, .escape)
        #expect(state.reading == nil && state.screen == .list)
        _ = Browse.update(&state, .character("w"))
        #expect(Browse.update(&state, .interrupt) == [.quit])
    }

    /// A place's page opens with its warnings, compact (level, event, window; the
    /// source credited once), and the next two hours; `w` opens a warning whole.
    @Test func thePageOpensWithTheWarningsAndTheNextTwoHours() throws {
        var state = try Self.state()
        state.screen = .detail(1)
        for size in Self.sizes {
            let lines = frame(state, size).lines
            // The banner under the head: the warning that leads (the heat warning, severe, begins within
            // the day: it leads the air quality alert in force, whose severity is unknown), when, how many more.
            let banner = try #require(lines.firstIndex { $0.contains("⚠ severe (red) · Excessive Heat Warning") }, "at \(size): \(lines.joined(separator: "\n"))")
            let hours = try #require(lines.firstIndex { $0.hasPrefix(" Hours") })
            #expect(banner < hours && banner <= 9, "under the head, before the hours, at \(size)")
            let text = lines[banner...].prefix(2).joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(text.contains("until") && text.contains("+1"), "\(text)")
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= size.0 })
            #expect(!lines.contains { $0.contains("An Excessive Heat Warning means") }, "the instruction is w's")
        }
        state.screen = .detail(2)
        let trondheim = frame(state, (80, 24)).lines
        // (In Trondheim's time; the sentence goes under the strip where the line would be wider than the window.)
        let next = try #require(trondheim.firstIndex { $0.contains("▁▁▂▂▃▃▃▅") }, "\(trondheim.joined(separator: "\n"))")
        #expect(trondheim[next...].prefix(2).joined(separator: " ").contains("Light rain starting around 17:40, heavier from"), "\(trondheim[next])")
        #expect(next <= 5, "the next two hours under the head")
    }

    /// On a place's page `w` opens its warnings; closing returns to the page where it was.
    @Test func fromTheDetailPage() throws {
        var state = try Self.state()
        state.screen = .detail(1)
        state.scroll = 3
        #expect(frame(state, (80, 24)).lines[23].contains("w warning"))
        _ = Browse.update(&state, .character("w"))
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .character("w"))
        #expect(state.reading == nil && state.screen == .detail(1) && state.scroll == 3)
        // A place whose warnings ended while it was open says so, until closed.
        _ = Browse.update(&state, .character("w"))
        let now = state.now
        state.weather[1]?.warnings = .checked([], checkedAt: now, sources: ["nws-alerts"])
        #expect(frame(state, (80, 24)).lines.contains { $0.contains("No official warnings in force.") })
        // Removed while open: closed.
        let phoenix = state.places[1]
        _ = Browse.update(&state, .removed(phoenix))
        #expect(state.reading == nil)
    }

    /// A place found by the search and not saved has its warnings too: `w` opens them, titled with its name.
    @Test func anUnsavedPlacesWarnings() throws {
        var state = try Self.state()
        let city = try #require(Gazetteer.bundled.search("Phoenix", limit: 1).first?.city)
        state.found = BrowseState.Found(city: city, weather: state.weather[1])
        state.screen = .found
        #expect(frame(state, (80, 24)).lines.contains { $0.contains("⚠ severe (red) · Excessive Heat Warning") })
        // `w` opens the warning the banner shows: the one that leads, the first.
        _ = Browse.update(&state, .character("w"))
        #expect(state.reading == BrowseState.Reading(placeID: nil, index: 0))
        let lines = frame(state, (80, 24)).lines
        #expect(lines[0].contains("Warnings · Phoenix") && lines[0].contains("1 / 2") && lines[1].contains("Excessive Heat Warning"), "\(lines[0])")
        _ = Browse.update(&state, .escape)
        #expect(state.reading == nil && state.screen == .found)
    }

    /// The help says `w`; in a warning, it says the warning's keys.
    @Test(arguments: [Language.en, .ko]) func theHelpSaysW(_ language: Language) throws {
        let words = language.words(.bundled)
        var state = try Self.state()
        _ = Browse.update(&state, .character("?"))
        // Every key is in the help, `w` too (the first lines: the list's keys come first on the list).
        for size in Self.sizes {
            #expect(frame(state, size, language).lines.contains { $0.contains(words.browseWarningHelpKey.does) }, "at \(size)")
        }
        _ = Browse.update(&state, .character("x"))
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .character("?"))
        for size in Self.sizes {
            let lines = frame(state, size, language).lines
            #expect(lines.contains { $0.contains(words.browseWarningHelpKey.does) }, "at \(size)")
            #expect(lines.contains { $0.contains(words.browseHelpClose) }, "what closes it always shows, at \(size)")
        }
        _ = Browse.update(&state, .character("x"))
        _ = Browse.update(&state, .character("w"))
        _ = Browse.update(&state, .character("?"))
        for size in Self.sizes {
            let lines = frame(state, size, language).lines
            #expect(lines.contains { $0.contains(words.browseWarningHelp.keys[0].does) }, "at \(size)")
        }
        _ = Browse.update(&state, .character("x"))
        #expect(state.reading != nil, "a key closes the help, not the warning")
    }

    /// The list's marks come with the refresh's whole answer: a report arriving
    /// before it, or a page fetched since, keeps the row's warnings and next hours.
    @Test func rowsKeepTheirWarningsAsReportsArrive() throws {
        var state = try Self.state()
        let before = state.weather[1]?.warnings
        _ = Browse.update(&state, .arrived([1: BrowseViewTests.report(40)]))
        #expect(state.weather[1]?.warnings == before && state.weather[1]?.report?.current.temperature == 40)
        var page = try #require(state.weather[1])
        page.fetchedAt = state.now
        page.report = BrowseViewTests.report(41)
        page.warnings = .checked([try #require(before?.warnings.last)], checkedAt: state.now, sources: ["nws-alerts"])
        _ = Browse.update(&state, .detailWeather(1, page, fetched: true))
        #expect(state.weather[1]?.warnings == page.warnings, "the row agrees with the page")
        #expect(state.warnings(of: 1).map(\.event) == ["Air Quality Alert"])
        let drawn = frame(state, (80, 24))
        let line = try #require(row(drawn, containing: "Phoenix"))
        let mark = try #require(column(of: "⚠", in: drawn, row: line))
        #expect(drawn[line, mark].look.colour == LevelColours.warning(.unknown) && !drawn[line, mark].look.red, "a severity unknown is grey")
    }
}
