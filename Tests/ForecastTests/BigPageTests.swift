import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastViews

/// A place's page in a big window (issue 38, item 7: "at 200×60 the lower half
/// of the page is empty"): the rows the window has under the page go to more of
/// the strip, band under band, then to a chart of the hours, while 80×24 and
/// 120×40 keep the page they had.
@Suite struct BigPageTests {
    /// Seoul's page, fresh, with the days' hours (two days of them, with chances of rain).
    static func state() throws -> BrowseState {
        var state = try BrowseViewTests.state()
        state.screen = .detail(0)
        state.details[1] = state.weather[1]
        return state
    }

    /// The body's lines (the title, status and keys lines left out).
    static func body(_ state: BrowseState, _ width: Int, _ height: Int, _ words: AppFaceWords, emoji: Bool = true) -> [String] {
        Array(BrowseView.frame(state, width: width, height: height, words: words, emoji: emoji).lines.dropFirst().dropLast(2))
    }

    /// The labels the strip shows, band after band (each band: labels, symbols, temperatures, chances, a blank line).
    static func stripLabels(_ lines: [String], words: AppFaceWords, days: Int) throws -> [Substring] {
        let hours = try #require(lines.firstIndex { $0.hasPrefix(" " + words.pageHoursHeading) })
        // To the chart, or the days.
        let end = lines.firstIndex { line in
            [words.pageChartHeading(rain: true), words.pageChartHeading(rain: false)].contains(line.trimmingCharacters(in: .whitespaces))
                || line.hasPrefix(" " + words.pageDaysHeading(days))
        } ?? lines.count
        return stride(from: hours + 1, to: end, by: 5).flatMap { lines[$0].split(separator: " ") }
    }

    /// At 200×60 every hour of the strip is on screen, in two bands, and nothing scrolls;
    /// at 80×24 the strip is one band, as before, scrolled by [ and ]; at 120×40 it gets
    /// the rows this page leaves free (another's banner may leave none).
    @Test(arguments: [Language.en, .ko]) func aTallWindowShowsTheWholeStrip(_ language: Language) throws {
        let words = language.words(.bundled)
        let state = try Self.state()
        let page = try #require(BrowseView.page(for: state, words: words))
        let all = page.hours.flatMap { $0.label.split(separator: " ") }
        let (frame, limit, _) = BrowseView.render(state, width: 200, height: 60, words: words, emoji: true)
        let lines = Array(frame.lines.dropFirst().dropLast(2))
        #expect(try Self.stripLabels(lines, words: words, days: page.days.count) == all, "\(lines.joined(separator: "\n"))")
        #expect(limit == 0, "and everything else on the one screen")
        #expect(!lines.joined().contains("[ ]"), "nothing to scroll")
        let small = try Self.stripLabels(Self.body(state, 80, 24, words), words: words, days: page.days.count)
        #expect(small.count < all.count / 2 && small == Array(all.prefix(small.count)), "one band at 80×24")
        let middle = try Self.stripLabels(Self.body(state, 120, 40, words), words: words, days: page.days.count)
        #expect(middle.count > small.count && middle == Array(all.prefix(middle.count)), "the strip in order at 120×40")
    }

    /// [ and ] scroll the bands together, no further than where the last hour is on screen: at 200×60
    /// nowhere (`[` acts at once), at 80×24 as one band scrolls.
    @Test func theBandsScrollNoFurtherThanTheLastHour() throws {
        let words = Language.en.words(.bundled)
        var state = try Self.state()
        let page = try #require(BrowseView.page(for: state, words: words))
        #expect(BrowseView.stripLimit(state, width: 200, height: 60, words: words, emoji: true) == 0)
        #expect(BrowseView.stripLimit(state, width: 80, height: 24, words: words, emoji: true) == PageLayout.stripLimit(page.hours, width: 78))
        // A window too short for every hour in two bands scrolls them as one strip.
        let two = PageLayout.stripLimit(page.hours, width: 78, bands: 2)
        #expect(two > 0 && two < PageLayout.stripLimit(page.hours, width: 78))
        #expect(PageLayout.bandStarts(PageLayout.cellWidths(page.hours), from: two, width: 78).count == 2)
        #expect(PageLayout.bandStarts(PageLayout.cellWidths(page.hours), from: two - 1, width: 78).count == 3)
        state.page.stripOffset = 30
        let scrolled = Self.body(state, 200, 60, words).joined(separator: "\n")
        #expect(scrolled.contains(" " + words.pageNow + " "), "at 200×60 the strip starts now whatever the offset:\n\(scrolled)")
    }

    /// The rows left under the strip at 200×60 hold a chart of the hours: their temperatures as a line
    /// between the highest and the lowest the strip shows, the chances of rain under it, the hours
    /// at six-hour steps; in ASCII without emoji. Not at 80×24 or 120×40, whose rows the page fills.
    @Test(arguments: [Language.en, .ko]) func aTallWindowChartsTheHours(_ language: Language) throws {
        let words = language.words(.bundled)
        let state = try Self.state()
        let page = try #require(BrowseView.page(for: state, words: words))
        let heading = " " + words.pageChartHeading(rain: true)
        let hours = page.hours.filter { $0.kind == .hour }
        let highest = try #require(hours.max { ($0.celsius ?? -999) < ($1.celsius ?? -999) }?.temperature)
        let lowest = try #require(hours.min { ($0.celsius ?? 999) < ($1.celsius ?? 999) }?.temperature)
        for emoji in [true, false] {
            let (frame, limit, _) = BrowseView.render(state, width: 200, height: 60, words: words, emoji: emoji)
            let lines = Array(frame.lines.dropFirst().dropLast(2))
            let text = lines.joined(separator: "\n")
            let top = try #require(lines.firstIndex { $0.hasPrefix(heading) }, "\(text)")
            #expect(lines.firstIndex { $0.hasPrefix(" " + words.pageHoursHeading) }! < top, "under the strip")
            let days = try #require(lines.firstIndex { $0.hasPrefix(" " + words.pageDaysHeading(page.days.count)) })
            let chart = Array(lines[(top + 1)..<days])
            #expect(chart[0].hasPrefix(" " + highest + " ┤") || chart[0].hasPrefix(" " + highest + " |"), "\(chart[0])")
            let axis = try #require(chart.lastIndex { $0.contains(lowest + " ┤") || $0.contains(lowest + " |") })
            #expect(axis >= PageLayout.chartRows.lowerBound - 1, "\(text)")
            // Under the line: the chances (a block for each column from 10 %), then the hours.
            #expect(chart[axis + 1].contains(emoji ? "▂" : "_") && !chart[axis + 1].contains("%"), "\(chart[axis + 1])")
            #expect(chart[axis + 2].hasPrefix(String(repeating: " ", count: 6) + words.pageNow), "\(chart[axis + 2])")
            let dots = chart.prefix(axis + 1).joined()
            if emoji {
                #expect(dots.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "a line of Braille dots")
            } else {
                #expect(dots.contains("*") && !dots.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }, "\(dots)")
            }
            #expect(limit == 0, "and the page still on one screen")
            // The line in the temperatures' colours.
            let row = 1 + top + 1
            let coloured = (0..<frame.width).filter { frame[row, $0].text != " " && frame[row, $0].look.colour != nil }
            #expect(!coloured.isEmpty)
        }
        for (width, height) in [(80, 24), (120, 40)] {
            #expect(!Self.body(state, width, height, words).contains { $0.hasPrefix(heading) }, "no chart at \(width)×\(height)")
        }
        // Two rows a degree at most: hours that waver between 4° and 6° get five rows, not twelve.
        var flat = state
        var weather = try #require(flat.weather[1])
        let hourly = weather.report?.hourly ?? []
        weather.report?.hourly = hourly.enumerated().map { var hour = $0.element; hour.temperature = 4 + Double($0.offset % 3); return hour }
        flat.weather[1] = weather
        flat.details[1] = weather
        let lines = Self.body(flat, 200, 60, words)
        let top = try #require(lines.firstIndex { $0.hasPrefix(heading) })
        #expect(lines[top + 1].hasPrefix(" 6° ┤") && lines[top + 5].hasPrefix(" 4° ┤"), "\(lines.joined(separator: "\n"))")
    }

    /// `show` on a 200×60 terminal prints the page as the app's window has it, chart and all, in the
    /// window above the prompt; without colour under NO_COLOR, without escapes on a dumb terminal.
    @Test func showOnABigTerminalIsTheBigPage() async throws {
        var cli = try await PageTests.london(onATerminal: 200, 60)
        let words = Language.en.words(.bundled)
        let page = PageTests.drawn(await cli.run("show", "London").stdout).components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(page.count <= 58 && page.contains { $0.hasPrefix(" " + words.pageChartHeading(rain: true)) || $0.hasPrefix(" " + words.pageChartHeading(rain: false)) },
                "\(page.joined(separator: "\n"))")
        #expect(page.allSatisfy { DisplayWidth.of($0) <= 200 })
        cli.environment["NO_COLOR"] = "1"
        let none = await cli.run("show", "London").stdout
        #expect(!none.contains("38;") && none.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        cli.environment["NO_COLOR"] = nil
        cli.environment["TERM"] = "dumb"
        #expect(!(await cli.run("show", "London").stdout.contains("\u{1B}")))
    }

    /// Beside the days the cards fill their rows evenly: nine at 200 columns in rows of five and four
    /// (not seven and two), each the wider; at 120 columns in three rows of three, as before.
    @Test func theCardsBesideTheDaysFillTheirRowsEvenly() throws {
        let words = Language.en.words(.bundled)
        var page = try #require(BrowseView.page(for: try Self.state(), words: words))
        page.cards = (1...9).map { PlacePage.Card(title: "CARD\($0)", value: [.init("value of card \($0), wide")], details: ["detail"]) }
        for (width, rows) in [(200, [1...5, 6...9]), (160, [1...5, 6...9]), (120, [1...3, 4...6, 7...9])] {
            let drawn = PageLayout.render(page, width: width, height: 60, words: words)
            let lines = drawn.frame.lines.filter { $0.contains("CARD") }
            #expect(lines.map { $0.split(separator: " ").filter { $0.hasPrefix("CARD") }.map { String($0.dropFirst(4)) } }
                    == rows.map { $0.map(String.init) }, "\(width) columns:\n\(lines.joined(separator: "\n"))")
            #expect(try #require(lines.first).hasPrefix(" " + words.pageDaysHeading(page.days.count)), "beside the days")
        }
        let wide = PageLayout.render(page, width: 200, height: 60, words: words).frame.lines.joined()
        #expect(wide.contains("value of card 1, wide"), "a card 26 columns wide holds its value on one line")
    }

    /// Ten days (Open-Meteo is asked for them now, as MET Norway gives them): a 200×60 window holds
    /// them all with the rest of the page; 80×24 still shows the head, the strip and the first seven
    /// without scrolling, and 120×40 everything.
    @Test(arguments: [Language.en, .ko]) func tenDaysFitTheBigWindow(_ language: Language) throws {
        let words = language.words(.bundled)
        var state = try Self.state()
        var weather = try #require(state.weather[1])
        weather.report?.daily = (0..<10).map { day in
            DailyForecast(date: "2026-11-\(18 + day)", minimum: Double(day) - 3, maximum: Double(day) + 6, condition: .wmo(3), precipitationProbability: 40)
        }
        state.weather[1] = weather
        state.details[1] = weather
        let page = try #require(BrowseView.page(for: state, words: words))
        #expect(page.days.count == 10)
        for (width, height, shown) in [(200, 60, 10), (120, 40, 10), (80, 24, 7)] {
            let (frame, limit, _) = BrowseView.render(state, width: width, height: height, words: words, emoji: true)
            let lines = Array(frame.lines.dropFirst().dropLast(2))
            #expect(lines.contains { $0.hasPrefix(" " + words.pageDaysHeading(10)) })
            for day in page.days.prefix(shown) {
                #expect(lines.contains { $0.hasPrefix(" " + day.label) }, "\(day.label) at \(width)×\(height)\n\(lines.joined(separator: "\n"))")
            }
            #expect(lines.contains { $0.hasPrefix(" " + words.pageHoursHeading) })
            if width >= 120 { #expect(limit == 0, "everything on one screen at \(width)×\(height)") }
        }
    }

    /// Every size from 80×24 to 250×80 in both languages, with and without emoji: nothing past an edge,
    /// every line as wide as the window at most, and the page in the window's rows where they are enough.
    @Test(arguments: [Language.en, .ko]) func bigWindowsStayInside(_ language: Language) throws {
        let words = language.words(.bundled)
        for (name, state) in try PageTests.variants() {
            for (width, height) in [(160, 50), (200, 60), (250, 80), (200, 44), (140, 60)] {
                for emoji in [true, false] {
                    let (frame, _, _) = BrowseView.render(state, width: width, height: height, words: words, emoji: emoji)
                    #expect(!frame.overflowed, "\(name) at \(width)×\(height):\n\(frame.lines.joined(separator: "\n"))")
                    #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(name) at \(width)×\(height)")
                }
            }
        }
    }
}
