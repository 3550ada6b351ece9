import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore
@testable import ForecastViews

/// The page a place gets (`PlacePage`, `PageLayout`): pure frames at every
/// size the issue names, in English and Korean, with warnings, the next hours,
/// air, a failed place, a stale one, a provider without UV or without hours;
/// the keys that move about it; the colours; the list's rows.
@Suite struct PageTests {
    static let sizes = [(60, 20), (80, 24), (120, 40), (200, 60)]

    /// The variants of a page the issue lists, as (name, state with the page open).
    static func variants() throws -> [(String, BrowseState)] {
        var out: [(String, BrowseState)] = []
        // Phoenix with two warnings in force (its report has air too), Trondheim with a nowcast.
        let warned = try BrowseWarningsTests.state()
        var phoenix = warned
        phoenix.screen = .detail(1)
        if var weather = phoenix.weather[2] {
            weather.report?.airQuality = AirQuality(usAQI: 57, pm2_5: 14, pm10: 30)
            phoenix.weather[2] = weather
        }
        out.append(("warnings and air", phoenix))
        var trondheim = warned
        trondheim.screen = .detail(2)
        out.append(("nowcast", trondheim))
        // Seoul fresh, Busan failed with its weather stale, Tokyo stale, London with nothing at all.
        let plain = try BrowseViewTests.state()
        for (name, index) in [("fresh", 0), ("failed and stale", 1), ("stale", 2), ("no weather", 3)] {
            var state = plain
            state.screen = .detail(index)
            out.append((name, state))
        }
        // A provider without UV, and one without hours.
        var noUV = plain
        noUV.screen = .detail(0)
        if var weather = noUV.weather[1], var report = weather.report {
            report.daily = report.daily.map { var day = $0; day.uvIndexMax = nil; return day }
            weather.report = report
            noUV.weather[1] = weather
        }
        out.append(("no UV", noUV))
        var noHours = noUV
        if var weather = noHours.weather[1], var report = weather.report {
            report.hourly = []
            weather.report = report
            noHours.weather[1] = weather
        }
        out.append(("no hours", noHours))
        return out
    }

    /// The body's rows (the title, status and keys lines left out).
    func body(_ frame: Frame) -> [String] { Array(frame.lines.dropFirst().dropLast(2)) }

    /// Every frame at every size holds nothing past its edge, and every line of it fits.
    @Test(arguments: [Language.en, .ko]) func everyFrameAtEverySizeStaysInside(_ language: Language) throws {
        let words = language.words(.bundled)
        for (name, state) in try Self.variants() {
            for size in Self.sizes {
                for emoji in [true, false] {
                    let (frame, _, _) = BrowseView.render(state, width: size.0, height: size.1, words: words, emoji: emoji)
                    #expect(!frame.overflowed, "\(name) at \(size), emoji \(emoji):\n\(frame.lines.joined(separator: "\n"))")
                    #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= size.0 }, "\(name) at \(size)")
                    #expect(frame.lines.count == size.1)
                    // The list behind it too, and the page scrolled to its end.
                    var list = state
                    list.screen = .list
                    #expect(!BrowseView.frame(list, width: size.0, height: size.1, words: words, emoji: emoji).overflowed, "the list, \(name) at \(size)")
                    var end = state
                    end.scroll = Int.max / 2
                    #expect(!BrowseView.frame(end, width: size.0, height: size.1, words: words, emoji: emoji).overflowed, "the end, \(name) at \(size)")
                }
            }
        }
    }

    /// At 60×20 the head, the banner, a 6-hour strip and today plus two days fit without scrolling;
    /// at 80×24 seven days; at 120×40 and larger the cards beside the days and everything on one screen.
    @Test(arguments: [Language.en, .ko]) func whatEachSizeHoldsWithoutScrolling(_ language: Language) throws {
        let words = language.words(.bundled)
        for (name, state) in try Self.variants() where name != "no weather" {
            let page = try #require(BrowseView.page(for: state, words: words))
            for size in Self.sizes {
                let (frame, limit, _) = BrowseView.render(state, width: size.0, height: size.1, words: words, emoji: true)
                let lines = body(frame)
                let text = lines.joined(separator: "\n")
                #expect(lines.first?.contains(String(page.head.name.prefix(4))) == true, "\(name) at \(size): the head first")
                if let temperature = page.head.temperature { #expect(text.contains(temperature), "\(name) at \(size)") }
                if let warning = page.banner.warning?.map(\.text).joined() {
                    #expect(text.contains(String(warning.prefix(20))), "\(name) at \(size): the banner")
                }
                if !page.hours.isEmpty {
                    #expect(lines.contains { $0.hasPrefix(" " + words.pageHoursHeading) }, "\(name) at \(size): the strip")
                    let hours = try #require(lines.firstIndex { $0.hasPrefix(" " + words.pageHoursHeading) })
                    // Six hours or more in the strip (its first row: the labels).
                    let labels = lines[hours + 1].split(separator: " ").count
                    #expect(labels >= 6, "\(name) at \(size): \(lines[hours + 1])")
                }
                let days = page.days.count
                let needed = size.0 >= 80 && size.1 >= 24 ? min(7, days) : min(3, days)
                for day in page.days.prefix(needed) {
                    #expect(lines.contains { $0.hasPrefix(" " + day.label) || $0.hasPrefix("›" + day.label) }, "\(name) at \(size): \(day.label)\n\(text)")
                }
                if size.0 >= 120 && size.1 >= 40 {
                    #expect(limit == 0, "\(name) at \(size): everything on one screen\n\(text)")
                    if !page.cards.isEmpty, let days = lines.firstIndex(where: { $0.hasPrefix(" " + words.pageDaysHeading(page.days.count)) }) {
                        #expect(lines[days].contains(page.cards[0].title), "the cards beside the days at \(size)")
                    }
                }
            }
        }
    }

    /// The figure of block characters from 30 rows; the plain number below.
    @Test func theTemperatureIsSetLargeFromThirtyRows() throws {
        var state = try BrowseViewTests.state()
        state.screen = .detail(0)
        let words = Language.en.words(.bundled)
        let tall = BrowseView.frame(state, width: 80, height: 30, words: words, emoji: true).lines
        let short = BrowseView.frame(state, width: 80, height: 29, words: words, emoji: true).lines
        #expect(tall.contains { $0.contains("███") } && !short.contains { $0.contains("███") })
        #expect(BigFigure.lines("-12°") == [
            "        ▀█  ███ █▀█", "         █    █ ▀▀▀", "███      █  ███    ", "         █  █      ", "        ▄█▄ ███    ",
        ].map { String($0) } || BigFigure.lines("-12°").count == 5)
        #expect(BigFigure.lines("4°").allSatisfy { DisplayWidth.of($0) == 7 }, "every row as wide")
        #expect(BigFigure.lines("x\u{1B}[31m").allSatisfy { $0.isEmpty || !$0.contains("\u{1B}") }, "nothing but the glyphs")
    }

    /// Days: a bar within the week's range, today's with a dot for now; a day's hours open on Enter.
    @Test func daysHaveBarsAndOpenTheirHours() throws {
        var state = try BrowseViewTests.state()
        state.screen = .detail(0)
        state.details[1] = state.weather[1]
        let words = Language.en.words(.bundled)
        let lines = BrowseView.frame(state, width: 80, height: 24, words: words, emoji: true).lines
        let today = try #require(lines.first { $0.hasPrefix(" " + words.pageToday) })
        #expect(today.contains("●") && today.contains("━"), "\(today)")
        #expect(lines.filter { $0.contains("●") }.count == 1, "the dot on today's bar only")
        // Tab gives the days the focus; ↓ chooses; Enter opens; ← → step; Esc closes, then leaves the days.
        _ = Browse.update(&state, .tab)
        #expect(state.page.selectedDay == 0)
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .enter)
        #expect(state.openDay == 1)
        let hours = BrowseView.frame(state, width: 80, height: 24, words: words, emoji: true).lines
        #expect(hours[1].contains(words.pageDayHours(words.day(try #require(CivilDate(iso: "2026-11-19"))))), "\(hours[1])")
        #expect(hours.contains { $0.contains("00:06") }, "a day's hours in full times: \(hours.joined(separator: "\n"))")
        #expect(hours[23].contains(words.pageDayHoursKeys.prefix(8)))
        _ = Browse.update(&state, .right)
        #expect(state.openDay == 2 && state.page.selectedDay == 2)
        _ = Browse.update(&state, .escape)
        #expect(state.openDay == nil && state.page.selectedDay == 2 && state.screen == .detail(0))
        _ = Browse.update(&state, .escape)
        #expect(state.page.selectedDay == nil && state.screen == .detail(0), "Esc gives the focus back first")
        // A click on a day's row opens it (the frame says which rows are days; the update, in the window the frame is drawn in).
        let (_, _, clicks) = BrowseView.render(state, width: 80, height: 24, words: words, emoji: true)
        let row = try #require(clicks.first { $0.value == .day(3) }?.key)
        _ = Browse.update(&state, .resized(BrowseState.Window(width: 80, height: 24, words: words, emoji: true)))
        _ = Browse.update(&state, .click(row: row, column: 10))
        #expect(state.openDay == 3)
    }

    /// Space, End, G, Home and g scroll the page; ↑ ↓ scroll it without the days' focus.
    @Test func thePageScrollsWithEveryKeyItSays() throws {
        var state = try BrowseViewTests.state()
        state.screen = .detail(0)
        state.details[1] = state.weather[1]
        _ = Browse.update(&state, .character(" "))
        #expect(state.scroll == 10)
        _ = Browse.update(&state, .end)
        #expect(state.scroll > 1000, "the driver stops it at the last line")
        _ = Browse.update(&state, .character("g"))
        #expect(state.scroll == 0)
        _ = Browse.update(&state, .character("G"))
        let limit = BrowseView.render(state, width: 60, height: 20, words: Language.en.words(.bundled), emoji: true).scrollLimit
        #expect(limit > 0)
        _ = Browse.update(&state, .home)
        _ = Browse.update(&state, .wheelDown)
        #expect(state.scroll == 3)
    }

    /// `U`: the units, changed in place and written as one; `u` still cycles the temperature.
    @Test func theUnitsMenu() throws {
        var state = try BrowseViewTests.state()
        _ = Browse.update(&state, .character("U"))
        #expect(state.unitsMenu == .temperature)
        let words = Language.ko.words(.bundled)
        let menu = BrowseView.frame(state, width: 60, height: 20, words: words, emoji: true).lines.joined(separator: "\n")
        #expect(menu.contains(words.unitsTitle) && menu.contains(words.unitsRow(.pressure)) && menu.contains("hPa"), "\(menu)")
        _ = Browse.update(&state, .down)
        #expect(Browse.update(&state, .right) == [.setUnit(.celsius)] && state.settings.windUnit == .kmh)
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .enter)
        #expect(state.settings.measures.pressure == .inHg)
        _ = Browse.update(&state, .left)
        #expect(state.settings.measures.pressure == .hPa, "← goes back")
        _ = Browse.update(&state, .escape)
        #expect(state.unitsMenu == nil && state.screen == .list)
        // Written as the state has it when the write starts: every unit at once.
        var queue = WriteQueue()
        queue.ask(.setUnit(.celsius))
        #expect(queue.start()?.unit == true)
    }

    /// A removal can be undone with `z` until the next change, and the status line says so.
    @Test func zUndoesTheLastRemoval() throws {
        var state = try BrowseViewTests.state()
        let busan = state.places[1]
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .character("d"))
        #expect(Browse.update(&state, .character("y")) == [.remove(busan.id)])
        _ = Browse.update(&state, .removed(busan))
        let words = Language.en.words(.bundled)
        let frame = BrowseView.frame(state, width: 80, height: 24, words: words, emoji: true)
        #expect(frame.lines[22].contains(words.removedUndoable(busan)), "\(frame.lines[22])")
        #expect(Browse.update(&state, .character("z")) == [.restore(busan)])
        #expect(Browse.update(&state, .character("z")).isEmpty, "once")
        _ = Browse.update(&state, .removed(busan))
        _ = Browse.update(&state, .character("s"))  // a change: the sort
        #expect(Browse.update(&state, .character("z")).isEmpty, "not after the next change")
        var queue = WriteQueue()
        queue.ask(.restore(busan))
        #expect(queue.start()?.restorations == [busan])
    }

    /// The store puts a place back where it stood in your own order, the sort left as it was.
    @Test func aRestoredPlaceIsBackWhereItWas() throws {
        let folder = TemporaryFolder()
        let store = try PlaceStore.open(path: folder.path("forecast.sqlite"))
        let tokyo = newPlace("Tokyo", lat: 35.69, lon: 139.69, geonamesID: 1850147, country: "JP", zone: "Asia/Tokyo")
        for place in [seoul, newPlace("Busan", lat: 35.1, lon: 129.04, geonamesID: 1838524), tokyo] { _ = try store.add(place, now: Date()) }
        try store.setSort(PlaceSort(key: .name))
        let busan = try #require(try store.ordered().places.first { $0.displayName == "Busan" })
        _ = try store.remove { places in places.filter { $0.id == busan.id } }
        let new = NewPlace(
            displayName: busan.displayName, canonicalName: busan.canonicalName, countryCode: busan.countryCode, admin1: busan.admin1,
            coordinate: busan.coordinate, timeZone: busan.timeZone, geonamesID: busan.geonamesID)
        guard case .added(let back) = try store.restore(new, at: busan.position, now: Date()) else { Issue.record("not added"); return }
        #expect(back.position == 2)
        #expect(try store.settings().sort == PlaceSort(key: .name), "the sort stays")
        let manual = try store.ordered().places.sorted { $0.position < $1.position }.map(\.displayName)
        #expect(manual == ["Seoul", "Busan", "Tokyo"])
        guard case .alreadySaved = try store.restore(new, at: 1, now: Date()) else { Issue.record("saved twice"); return }
    }

    /// The mouse: SGR reports of the wheel and the left button; anything else is nothing.
    @Test func mouseReportsAreKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(Array("\u{1B}[<64;10;5M\u{1B}[<65;10;5M".utf8)) == [.wheelUp, .wheelDown])
        #expect(decoder.keys(Array("\u{1B}[<0;3;4M\u{1B}[<0;3;4m".utf8)) == [.click(row: 3, column: 2)], "the release is nothing")
        #expect(decoder.keys(Array("\u{1B}[<2;3;4M\u{1B}[<32;3;4M\u{1B}[<0;9999999;1M\u{1B}[<0;0;1M\u{1B}[<0;1M".utf8)).isEmpty)
        #expect(decoder.keys(Array("\u{1B}[<0;3".utf8)).isEmpty && decoder.keys(Array(";4Mq".utf8)) == [.click(row: 3, column: 2), .character("q")])
        // Turned on with the screen and off on every way out.
        #expect(TerminalScreen.restore.contains("\u{1B}[?1000l") && TerminalScreen.restore.contains("\u{1B}[?1006l"))
        var state = BrowseState(places: [])
        #expect(Browse.update(&state, .click(row: 5, column: 5)).isEmpty, "a click on nothing does nothing")
    }

    /// A click on a list row opens its place; the wheel moves the selection.
    @Test func aClickOpensAPlace() throws {
        var state = try BrowseViewTests.state()
        let words = Language.en.words(.bundled)
        for size in [(60, 20), (120, 40)] {
            var clicked = state
            let (_, _, clicks) = BrowseView.render(clicked, width: size.0, height: size.1, words: words, emoji: true)
            _ = Browse.update(&clicked, .resized(BrowseState.Window(width: size.0, height: size.1, words: words, emoji: true)))
            let row = try #require(clicks.first { $0.value == .place(2) }?.key)
            #expect(Browse.update(&clicked, .click(row: row, column: 4)) == [.recordViewed(3)])
            #expect(clicked.screen == .detail(2), "at \(size)")
        }
        _ = Browse.update(&state, .wheelDown)
        #expect(state.selected == 3)
    }

    /// The list shows local time, symbol, condition, temperature and today's low and high at every
    /// width from 60 columns: two lines a place where one would lose a column.
    @Test(arguments: [Language.en, .ko]) func theListKeepsEveryColumnAtEveryWidth(_ language: Language) throws {
        let words = language.words(.bundled)
        let state = try BrowseViewTests.state()
        let rows = PlaceRow.rows(state.places, weather: state.weather, settings: state.settings, words: words, emoji: true, now: state.now)
        for width in [60, 70, 80, 100, 120] {
            let text = BrowseView.frame(state, width: width, height: 24, words: words, emoji: true).lines.joined(separator: "\n")
            for row in rows where !row.condition.isEmpty {
                for part in [row.time, row.condition, row.temperature, row.low, row.high] {
                    #expect(text.contains(part), "\(part) at \(width):\n\(text)")
                }
            }
        }
        #expect(ListLayout.linesPerPlace(rows, width: 30, words: words) == 2 && ListLayout.linesPerPlace(rows, width: 117, words: words) == 1, "\(ListLayout.widths(rows, header: ListLayout.headers(words)))")
    }

    /// One continuous scale, cold blue to hot red, read from the number shown.
    @Test func temperatureColours() throws {
        let cold = try #require(TemperatureColours.colour(celsius: -10))
        let mild = try #require(TemperatureColours.colour(celsius: 15))
        let hot = try #require(TemperatureColours.colour(celsius: 36))
        #expect(cold.blue > cold.red && mild.green > mild.red && mild.green > mild.blue && hot.red > hot.blue && hot.red > hot.green)
        // Continuous: a tenth of a degree never jumps.
        var previous = try #require(TemperatureColours.colour(celsius: -40))
        for step in -400...500 {
            let colour = try #require(TemperatureColours.colour(celsius: Double(step) / 10))
            #expect(abs(Int(colour.red) - Int(previous.red)) <= 2 && abs(Int(colour.green) - Int(previous.green)) <= 2
                && abs(Int(colour.blue) - Int(previous.blue)) <= 2, "at \(Double(step) / 10)")
            previous = colour
        }
        #expect(TemperatureColours.colour(celsius: .nan) == nil && TemperatureColours.colour(celsius: .infinity) == nil)
        // Read from what is shown: 19.6 and 20.4 °C are both "20°C", one colour; in °F, 68 and 69 are two.
        let words = Language.en.words(.bundled)
        let celsius = WeatherFormat(Settings(), words: words, emoji: true)
        #expect(TemperatureColours.colour(19.6, shownBy: celsius) == TemperatureColours.colour(20.4, shownBy: celsius))
        var settings = Settings()
        settings.temperatureUnit = .fahrenheit
        let fahrenheit = WeatherFormat(settings, words: words, emoji: true)
        #expect(TemperatureColours.shownCelsius(20, format: fahrenheit) == 20, "68 °F")
        #expect(TemperatureColours.css(try #require(TemperatureColours.colour(celsius: -30))) == "#7850dc")
    }

    /// 24-bit where the terminal says so, else 256, else 16; none with NO_COLOR, TERM=dumb, off a terminal.
    @Test func colourDepths() {
        #expect(ColourDepth.of(["TERM": "xterm-256color", "COLORTERM": "truecolor"], terminal: true) == .full)
        #expect(ColourDepth.of(["TERM": "xterm", "COLORTERM": "24bit"], terminal: true) == .full)
        #expect(ColourDepth.of(["TERM": "tmux-256color"], terminal: true) == .palette)
        #expect(ColourDepth.of(["TERM": "xterm"], terminal: true) == .basic)
        #expect(ColourDepth.of(["TERM": "xterm-256color", "NO_COLOR": ""], terminal: true) == .none)
        #expect(ColourDepth.of(["TERM": "dumb", "COLORTERM": "truecolor"], terminal: true) == .none)
        #expect(ColourDepth.of(["TERM": "xterm-256color"], terminal: false) == .none)
        // Without colour a frame keeps bold, dim and reverse, and says levels in words.
        var frame = Frame(width: 30, height: 1)
        frame.put("⚠ severe (red)", row: 0, column: 0, look: Frame.Look(bold: true, reverse: true, colour: LevelColours.warning(.severe)))
        let plain = frame.output(from: nil, depth: .none)
        #expect(plain.contains("\u{1B}[0;1;7m") && !plain.contains("38;") && !plain.contains(";31m") && plain.contains("severe (red)"))
        let printed = frame.printed(depth: .none)
        #expect(printed == ["\u{1B}[0;1;7m⚠ severe (red)\u{1B}[0m"], "\(printed)")
        #expect(frame.printed(depth: .none, attributes: false) == ["⚠ severe (red)"])
        #expect(Frame.Colour(red: 230, green: 30, blue: 30).basic == 31 && [34, 94].contains(Frame.Colour(red: 60, green: 110, blue: 235).basic))
    }

    /// `show` on a terminal draws the same page; NO_COLOR leaves no colour in it, a pipe gets the listing.
    @Test func showOnATerminalIsThePage() async throws {
        var cli = try await Self.london(onATerminal: 80, 24)
        let page = await cli.run("show", "London")
        // Placed by cursor moves after each emoji (tmux draws some in one cell): the columns line up either way.
        #expect(page.stdout.contains("G"))
        let plain = Self.drawn(page.stdout)
        #expect(plain.contains(" Hours") && plain.contains("-day forecast") && plain.contains(" Now "), "\(plain)")
        #expect(page.stdout.contains("38;5;"), "256 colours where TERM says so")
        #expect(plain.components(separatedBy: "\n").allSatisfy { DisplayWidth.of($0) <= 80 })
        cli.environment["NO_COLOR"] = "1"
        let none = await cli.run("show", "London")
        #expect(!none.stdout.contains("38;") && none.stdout.contains("\u{1B}[0;1m"), "bold stays without colour")
        cli.environment["NO_COLOR"] = nil
        cli.environment["TERM"] = "dumb"
        let dumb = await cli.run("show", "London")
        #expect(!dumb.stdout.contains("\u{1B}") && !dumb.stdout.contains("━"), "a dumb terminal: plain text, ASCII bars")
        cli.environment["TERM"] = "xterm-256color"
        cli.environment["NO_COLOR"] = nil
        let full = await cli.run("show", "London", "--full")
        #expect(full.stdout.contains("Next 43 hours"), "--full keeps the listing")
    }

    /// The strip scrolls no further than where its last hour meets the right edge; kelvin keeps its K;
    /// midnight is the new day's name.
    @Test func theStripEndsAtItsLastHour() throws {
        var state = try BrowseViewTests.state()
        state.screen = .detail(0)
        state.details[1] = state.weather[1]
        let words = Language.en.words(.bundled)
        let page = try #require(BrowseView.page(for: state, words: words))
        let limit = PageLayout.stripLimit(page.hours, width: 78)
        #expect(limit > 0 && limit < page.hours.count - 5, "the last screen of the strip is full")
        state.page.stripOffset = 1000
        let end = BrowseView.frame(state, width: 80, height: 24, words: words, emoji: true).lines
        let labels = try #require(end.firstIndex { $0.hasPrefix(" " + words.pageHoursHeading) }).advanced(by: 1)
        #expect(end[labels].split(separator: " ").count >= 10, "\(end[labels])")
        #expect(page.hours.contains { $0.label == words.weekday(try! #require(CivilDate(iso: "2026-11-19"))) }, "midnight named")
        state.settings.temperatureUnit = .kelvin
        let kelvin = try #require(BrowseView.page(for: state, words: words))
        #expect(kelvin.hours.filter { $0.kind == .hour }.allSatisfy { $0.temperature.hasSuffix("K") && !$0.temperature.contains("°") })
        var tall = state
        tall.page.stripOffset = 0
        #expect(!BrowseView.frame(tall, width: 80, height: 30, words: words, emoji: true).lines.joined().contains("█▀█"), "no degree sign for K")
    }

    /// A warning's event of one word wider than the line is cut with "…" and its window still shows.
    @Test func anEventWiderThanTheLineKeepsItsWindow() throws {
        var canvas = Frame(width: 40, height: 4)
        let pieces: PlacePage.Line = [.init("⚠ minor (yellow) · "), .init(String(repeating: "Ｗ", count: 45) + " · until Fri 27 Nov 18:00  +2")]
        _ = PageLayout.line(&canvas, pieces, row: 0, column: 1, width: 38, wrap: true, maxLines: 3)
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains("…") && text.contains("until Fri 27 Nov 18:00") && text.contains("+2"), "\(text)")
        #expect(!canvas.overflowed)
    }

    /// The help scrolls where the window is too short for every key; `?` opens it at its top.
    @Test func theHelpScrolls() throws {
        var state = try BrowseViewTests.state()
        let words = Language.en.words(.bundled)
        _ = Browse.update(&state, .character("?"))
        let (first, limit, _) = BrowseView.render(state, width: 60, height: 20, words: words, emoji: true)
        #expect(limit > 0 && first.lines.contains { $0.contains(words.helpScrollHint) })
        for _ in 0..<100 { _ = Browse.update(&state, .down) }
        #expect(state.showsHelp, "↓ scrolls the help, it does not close it")
        _ = Browse.update(&state, .resized(BrowseState.Window(width: 60, height: 20, words: words, emoji: true)))
        #expect(state.helpScroll == limit, "the window stops it at its last line")
        let last = BrowseView.frame(state, width: 60, height: 20, words: words, emoji: true).lines.joined(separator: "\n")
        #expect(last.contains("Ctrl-C") && last.contains(words.browseHelpClose), "\(last)")
        _ = Browse.update(&state, .character("x"))
        #expect(!state.showsHelp)
        // The box keeps its size while it scrolls (it was as wide as the lines on screen).
        _ = Browse.update(&state, .character("?"))
        let corner = { (state: BrowseState) in
            BrowseView.frame(state, width: 120, height: 40, words: words, emoji: true).lines.first { $0.contains("┌") }?.firstIndex(of: "┌")
        }
        let opened = corner(state)
        for _ in 0..<30 {
            _ = Browse.update(&state, .down)
            #expect(corner(state) == opened)
        }
        #expect(words.browseHelp.flatMap(\.keys).contains { $0.key == "Ctrl-U" }, "every key in the help")
    }

    /// `z` puts the place back and selects it once the list is read again.
    @Test func theRestoredPlaceIsSelected() throws {
        var state = try BrowseViewTests.state()
        let busan = state.places[1]
        _ = Browse.update(&state, .removed(busan))
        _ = Browse.update(&state, .reloaded(settings: state.settings, places: state.places.filter { $0.id != busan.id }))
        _ = Browse.update(&state, .restored(busan))
        _ = Browse.update(&state, .reloaded(settings: state.settings, places: state.places.filter { $0.id != busan.id } + [busan]))
        #expect(state.selected == 3 && state.places[state.selected].id == busan.id)
    }

    /// London saved, with two days of hours, and `show` on a terminal of that size that has 256 colours.
    static func london(onATerminal columns: Int, _ rows: Int) async throws -> InProcessCLI {
        let body = try Fixture.londonWithHours()
        var cli = try InProcessCLI(answer: { _ in HTTPResponse(status: 200, body: body) })
        #expect(await cli.run("add", "London").status == 0)
        cli.columns = columns
        cli.rows = rows
        cli.environment["TERM"] = "xterm-256color"
        return cli
    }

    /// Printed lines as a terminal shows them: colours dropped, each cursor move (CHA) to its column.
    static func drawn(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line -> String in
            var cells: [Character] = []
            var rest = Substring(line)
            while !rest.isEmpty {
                if let match = rest.prefixMatch(of: /\x1B\[([0-9;]*)([A-Za-z])/) {
                    if match.output.2 == "G", let column = Int(match.output.1) {
                        while cells.count < column - 1 { cells.append(" ") }
                        if cells.count > column - 1 { cells.removeLast(cells.count - column + 1) }
                    }
                    rest = rest[match.range.upperBound...]
                    continue
                }
                let character = rest.removeFirst()
                cells.append(character)
                if DisplayWidth.of(String(character)) == 2 { cells.append("\u{0}") }
            }
            return String(cells.filter { $0 != "\u{0}" })
        }.joined(separator: "\n")
    }

    /// `show` on terminals too small for the page gets the listing; it never traps (a 2-row terminal did).
    @Test func showOnATinyTerminalGetsTheListing() async throws {
        var cli = try InProcessCLI(answer: { _ in HTTPResponse(status: 200, body: Fixture.data("openmeteo_current_plus_daily_london_2026.json")) })
        #expect(await cli.run("add", "London").status == 0)
        for (columns, rows) in [(80, 1), (80, 2), (80, 3), (19, 30), (30, 12), (39, 40)] {
            cli.columns = columns
            cli.rows = rows
            let shown = await cli.run("show", "London")
            #expect(shown.status == 0 && !shown.stdout.isEmpty, "\(columns)x\(rows): \(shown.stdout)")
        }
        cli.columns = 40
        cli.rows = 10
        let small = await cli.run("show", "London")
        #expect(Self.drawn(small.stdout).components(separatedBy: "\n").allSatisfy { DisplayWidth.of($0) <= 40 }, "\(small.stdout)")
    }

    /// The pressure's 3-hour tendency: over the last three hours where the hours reach back, else the next three;
    /// more than 1 hPa is rising or falling; shown on the card with its arrow and in words.
    @Test func pressureTendency() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        func report(_ pressures: [(Double, Double?)], current: Double? = 1010) -> WeatherReport {
            WeatherReport(
                observedAt: now, utcOffsetSeconds: 0, timeZone: "UTC", current: CurrentConditions(pressure: current),
                hourly: pressures.map { HourlyForecast(time: now.addingTimeInterval($0.0 * 3600), pressure: $0.1) }, daily: [])
        }
        let past = try #require(PressureTendency(report([(-3, 1006), (0, 1010), (3, 1009)]), now: now))
        #expect(past.trend == .rising && past.past && abs(past.change - 4) < 1e-9)
        let next = try #require(PressureTendency(report([(0, 1010), (1, 1009), (3, 1007.5)]), now: now))
        #expect(next.trend == .falling && !next.past)
        #expect(PressureTendency(report([(0, 1010), (3, 1010.9)]), now: now)?.trend == .steady)
        #expect(PressureTendency(report([(0, 1010), (3, 1011.1)]), now: now)?.trend == .rising)
        #expect(PressureTendency(report([(0, nil), (3, nil)]), now: now) == nil, "no pressure by the hour: no tendency")
        #expect(PressureTendency(report([(0, 1010), (6, 1000)]), now: now) == nil, "nothing near three hours off")
        #expect(PressureTendency(report([(-3, .nan), (3, 1012)], current: 1010), now: now)?.past == false, "a NaN is no step")
        #expect(PressureTendency(report([(-3, 850), (0, 1090), (3, 850)], current: 1090), now: now) == nil, "240 hPa in 3 h is no weather")
        #expect(PressureTendency(report([(-3, 1000), (0, 1030)], current: 1012), now: now)?.change == 12, "from the pressure shown")
        // On the card: the arrow after the number, the words under it.
        var state = try BrowseViewTests.state()
        state.screen = .detail(0)
        var weather = try #require(state.weather[1])
        weather.report?.hourly = (0..<6).map { HourlyForecast(time: BrowseViewTests.now.addingTimeInterval(Double($0) * 3600), temperature: 4, pressure: 1015 - Double($0)) }
        state.weather[1] = weather
        let words = Language.en.words(.bundled)
        let page = try #require(BrowseView.page(for: state, words: words))
        let card = try #require(page.cards.first { $0.title == words.cardPressure })
        #expect(card.value.map(\.text).joined() == "1015 hPa ↓" && card.details == ["Falling over the next 3 h"], "\(card)")
    }

    /// The dew point from the temperature and humidity (Magnus–Sonntag), and none from nonsense.
    @Test func dewPoint() throws {
        let dew = try #require(DewPoint.celsius(temperature: 20, humidity: 50))
        #expect(abs(dew - 9.26) < 0.05, "\(dew)")
        #expect(abs(try #require(DewPoint.celsius(temperature: 10, humidity: 100)) - 10) < 0.001)
        for (t, h) in [(20.0, 0.0), (20, -5), (20, 101), (.nan, 50), (20, .infinity), (500, 50)] {
            #expect(DewPoint.celsius(temperature: t, humidity: h) == nil, "\(t) \(h)")
        }
    }
}
