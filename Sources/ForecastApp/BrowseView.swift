import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastViews
import Foundation

/// The pure view of `forecast browse`: a state and a window's size to a
/// frame. The list, the detail and the candidates are the same rendered
/// lines `list`, `show` and `search` print (same values, same renderers, same
/// words), placed cell by cell; around them a title bar, a status line and
/// the screen's keys.
package enum BrowseView {
    /// The smallest window the app draws in; below it, a message says so.
    package static let smallest = (width: 60, height: 20)

    /// The list's rendered lines, kept while what they show is the same (the
    /// places in order, their weather, the units, the width, the language, the
    /// minute): moving the selection or changing the title draws no table again.
    /// It changes no frame, only how often the same lines are made.
    package final class Memo: @unchecked Sendable {
        struct Key: Equatable {
            /// The places, in any order: a sort reorders the rows it keeps (their numbers follow).
            var places: Set<Int64>
            var weather: Int
            var units: String
            var width: Int
            var language: Language
            var emoji: Bool
            var minute: Int
        }
        private let lock = NSLock()
        private var key: Key?
        private var kept: ([Int64: PlaceRow], ListLayout.Plan)?

        package init() {}

        /// The rows by place and their plan, made again only when what they show changed.
        func rows(for key: Key, _ make: () -> ([Int64: PlaceRow], ListLayout.Plan)) -> ([Int64: PlaceRow], ListLayout.Plan) {
            lock.withLock {
                if key != self.key || kept == nil {
                    kept = make()
                    self.key = key
                }
                return kept ?? make()
            }
        }
    }

    package static func frame(_ state: BrowseState, width: Int, height: Int, words: AppFaceWords, emoji: Bool, memo: Memo? = nil) -> Frame {
        render(state, width: width, height: height, words: words, emoji: emoji, memo: memo).frame
    }

    /// The page of the place on screen (a saved place's detail, or the candidate found), as values.
    package static func page(for state: BrowseState, words: AppFaceWords? = nil, emoji: Bool = true) -> PlacePage? {
        let words = words ?? English(gazetteer: .bundled)
        let format = WeatherFormat(state.settings, words: words, emoji: emoji)
        switch state.screen {
        case .detail(let index):
            guard state.places.indices.contains(index) else { return nil }
            let place = state.places[index]
            let shown = shown(place, state)
            return PlacePage(
                place: place, weather: shown.weather, settings: state.settings, format: format, now: state.now, position: index + 1,
                count: state.places.count, source: state.source, fetching: shown.fetching, summaryOnly: shown.summaryOnly)
        case .found:
            guard let found = state.found else { return nil }
            return PlacePage(
                place: place(found.city, now: state.now), weather: found.weather ?? PlaceWeather(), settings: state.settings, format: format,
                now: state.now, position: 0, count: state.places.count, saved: false, source: state.source, fetching: found.weather == nil)
        default:
            return nil
        }
    }

    /// The frame, how far its page (or the warning open over it) can scroll (its
    /// lines beyond the window's body; 0 off a page) and which rows a click opens,
    /// as drawn: what `scrollLimit` and `clickTargets` compute for the update without drawing.
    package static func render(
        _ state: BrowseState, width: Int, height: Int, words: AppFaceWords, emoji: Bool, memo: Memo? = nil
    ) -> (frame: Frame, scrollLimit: Int, clicks: [Int: BrowseState.ClickTarget]) {
        var frame = Frame(width: width, height: height)
        var scrollLimit = 0
        var clicks: [Int: BrowseState.ClickTarget] = [:]
        guard width >= smallest.width, height >= smallest.height else {
            for (row, line) in wrap(words.browseTooSmall(width: width, height: height, needs: smallest), width: max(1, width)).enumerated() {
                frame.put(line, row: row, column: 0, limit: width)
            }
            return (frame, 0, [:])
        }
        let body = 1..<(height - 2)
        // One column is kept free at the right for the marks that say more is above or below.
        let style = TextStyle(words: words, columns: width - 3, usesColour: true, emoji: emoji)
        switch state.screen {
        case _ where state.reading != nil:
            scrollLimit = warning(&frame, state, body: body, style: style, words: words)
        case .list:
            title(&frame, words.browseListTitle(state.places.count, sort: state.sort, unit: state.unit.symbol), right: nil)
            clicks = list(&frame, state, body: body, style: style, words: words, memo: memo)
        case .detail(let index):
            // The name is the page's first line: the bar says where the page is.
            title(&frame, nil, right: "\(index + 1) / \(state.places.count)")
            if let page = page(for: state, words: words, emoji: emoji) {
                if let day = state.openDay {
                    scrollLimit = dayHours(&frame, page, day: day, scroll: state.dayScroll, body: body, words: words)
                } else {
                    (scrollLimit, clicks) = drawPage(&frame, page, state, body: body, words: words)
                }
            }
        case .search:
            title(&frame, words.browseSearchTitle, right: nil)
            search(&frame, state, body: body, style: style, words: words)
        case .found:
            title(&frame, words.browseNotSavedTitle, right: state.found?.savedAs == nil ? words.browseAddHint : nil)
            if let page = page(for: state, words: words, emoji: emoji) {
                (scrollLimit, _) = drawPage(&frame, page, state, body: body, words: words)
            }
        }
        status(&frame, state, row: height - 2, words: words)
        frame.put(keys(keyLine(state, words: words), width: width - 2), row: height - 1, column: 1, look: Frame.Look(dim: true), limit: width - 2)
        if state.unitsMenu != nil { unitsMenu(&frame, state, words: words) }
        if state.showsHelp {
            scrollLimit = help(&frame, state.screen, warned: hasWarnings(state), reading: state.reading != nil, scroll: state.helpScroll, words: words)
        }
        return (frame, scrollLimit, clicks)
    }

    /// The furthest the page's strip scrolls as the window draws it (a tall window's shows more
    /// of it, band under band): 0 off a page.
    package static func stripLimit(_ state: BrowseState, width: Int, height: Int, words: AppFaceWords, emoji: Bool) -> Int {
        guard let page = page(for: state, words: words, emoji: emoji) else { return 0 }
        return PageLayout.render(page, width: width, height: height, position: state.page, words: words).stripLimit
    }

    /// A place's page in the body, from `state.scroll`: returns how far it can scroll and which rows are days.
    static func drawPage(
        _ frame: inout Frame, _ page: PlacePage, _ state: BrowseState, body: Range<Int>, words: AppFaceWords
    ) -> (Int, [Int: BrowseState.ClickTarget]) {
        // The page's right margin is the column of the scroll marks.
        let drawn = PageLayout.render(page, width: frame.width, height: frame.height, position: state.page, words: words)
        let limit = max(0, drawn.frame.height - body.count)
        let top = max(0, min(state.scroll, limit))
        frame.place(drawn.frame, from: top, rows: body.count, at: body.lowerBound, column: 0)
        let dim = Frame.Look(dim: true)
        if top > 0 { frame.put("↑", row: body.lowerBound, column: frame.width - 1, look: dim) }
        if top + body.count < drawn.frame.height { frame.put("↓", row: body.upperBound - 1, column: frame.width - 1, look: dim) }
        var clicks: [Int: BrowseState.ClickTarget] = [:]
        if let days = drawn.parts[.days] {
            for index in page.days.indices {
                let row = body.lowerBound + days + 1 + index - top
                if body.contains(row) { clicks[row] = .day(index) }
            }
        }
        return (limit, clicks)
    }

    /// A day's hours over the page: a row an hour (time, symbol, temperature, chance, wind), scrolled.
    static func dayHours(_ frame: inout Frame, _ page: PlacePage, day: Int, scroll: Int, body: Range<Int>, words: AppFaceWords) -> Int {
        guard page.days.indices.contains(day) else { return 0 }
        let row = page.days[day]
        let title = words.pageDayHours(CivilDate(iso: row.date).map(words.day) ?? row.label)
        frame.put(title, row: body.lowerBound, column: 1, look: Frame.Look(bold: true), limit: frame.width - 3)
        let cells = page.hours(ofDay: day)
        guard !cells.isEmpty else {
            for (offset, line) in wrap(words.pageNoHoursThatDay(last: page.lastHour), width: frame.width - 4).enumerated() {
                frame.put(line, row: body.lowerBound + 2 + offset, column: 2, look: Frame.Look(dim: true), limit: frame.width - 4)
            }
            return 0
        }
        let rows = body.count - 2
        let limit = max(0, cells.count - rows)
        let top = max(0, min(scroll, limit))
        let labelWidth = cells.map { DisplayWidth.of($0.clock) }.max() ?? 5
        for (offset, cell) in cells.dropFirst(top).prefix(rows).enumerated() {
            let line = body.lowerBound + 2 + offset
            let sun = cell.kind != .hour
            var column = frame.put(DisplayWidth.pad(cell.clock, to: labelWidth), row: line, column: 2, look: sun ? Frame.Look(dim: true) : .plain) + 2
            column = frame.put(DisplayWidth.pad(cell.symbol, to: 2), row: line, column: column) + 2
            column = frame.put(
                DisplayWidth.pad(cell.temperature, to: 6, alignRight: !sun), row: line, column: column,
                look: sun ? Frame.Look(dim: true) : Frame.Look(bold: true, colour: cell.colour)) + 2
            frame.put(cell.chance, row: line, column: column, look: Frame.Look(colour: PageLayout.rain))
        }
        let dim = Frame.Look(dim: true)
        if top > 0 { frame.put("↑", row: body.lowerBound + 2, column: frame.width - 1, look: dim) }
        if top + rows < cells.count { frame.put("↓", row: body.upperBound - 1, column: frame.width - 1, look: dim) }
        return limit
    }

    /// `U`: the units, a row each, the chosen one reversed, in a box over the screen.
    static func unitsMenu(_ frame: inout Frame, _ state: BrowseState, words: AppFaceWords) {
        let settings = state.settings
        let value = { (row: UnitsMenuRow) -> String in
            switch row {
            case .temperature: settings.temperatureUnit.symbol
            case .wind: settings.windUnit.symbol
            case .precipitation: settings.measures.precipitation.symbol
            case .distance: settings.measures.distance.symbol
            case .pressure: settings.measures.pressure.symbol
            case .clock: settings.measures.clock.rawValue
            }
        }
        let labels = UnitsMenuRow.allCases.map { words.unitsRow($0) }
        let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 10
        var lines: [(String, Frame.Look)] = [(words.unitsTitle, Frame.Look(bold: true))]
        for (index, row) in UnitsMenuRow.allCases.enumerated() {
            let text = DisplayWidth.pad(labels[index], to: labelWidth) + "  ‹ " + DisplayWidth.pad(value(row), to: 5) + " ›"
            lines.append((text, state.unitsMenu == row ? Frame.Look(reverse: true) : .plain))
        }
        lines.append(("", .plain))
        lines.append((words.unitsKeys, Frame.Look(dim: true)))
        box(&frame, lines)
    }

    /// Lines in a box in the middle of the frame, over what is there.
    static func box(_ frame: inout Frame, _ lines: [(String, Frame.Look)], width: Int? = nil) {
        let inner = min(frame.width - 6, (width ?? lines.map { DisplayWidth.of($0.0) }.max() ?? 0) + 2)
        let height = min(frame.height - 2, lines.count + 2)
        let left = max(0, (frame.width - inner - 2) / 2)
        let top = max(0, (frame.height - height) / 2)
        for row in top..<(top + height) {
            for column in left..<(left + inner + 2) { frame.put(" ", row: row, column: column) }
        }
        frame.put("┌" + String(repeating: "─", count: inner) + "┐", row: top, column: left)
        for row in (top + 1)..<(top + height - 1) {
            frame.put("│", row: row, column: left)
            frame.put("│", row: row, column: left + inner + 1)
        }
        frame.put("└" + String(repeating: "─", count: inner) + "┘", row: top + height - 1, column: left)
        for (offset, line) in lines.prefix(height - 2).enumerated() {
            frame.put(line.0, row: top + 1 + offset, column: left + 2, look: line.1, limit: inner - 1)
        }
    }

    // MARK: - Parts

    static func title(_ frame: inout Frame, _ text: String?, right: String?) {
        let bar = Frame.Look(bold: true, reverse: true)
        let end = frame.put(" forecast" + (text.map { " · " + $0 } ?? ""), row: 0, column: 0, look: bar)
        if let right {
            let width = DisplayWidth.of(right)
            let column = max(end + 2, frame.width - width - 1)
            frame.put(right, row: 0, column: column, look: bar)
        }
        frame.fill(row: 0, look: bar)
    }

    /// The list: a line a place where every column fits, else two (`ListLayout`); returns which rows open which place.
    static func list(
        _ frame: inout Frame, _ state: BrowseState, body: Range<Int>, style: TextStyle, words: AppFaceWords, memo: Memo?
    ) -> [Int: BrowseState.ClickTarget] {
        let width = frame.width - 3
        let make = { () -> ([Int64: PlaceRow], ListLayout.Plan) in
            let rows = PlaceRow.rows(state.places, weather: state.weather, settings: state.settings, words: words, emoji: style.emoji, now: state.now)
            let byPlace = Dictionary(zip(state.places.map(\.id), rows), uniquingKeysWith: { first, _ in first })
            return (byPlace, ListLayout.plan(rows, width: width, words: words))
        }
        let key = Memo.Key(
            places: Set(state.places.map(\.id)), weather: state.weatherRevision,
            units: "\(state.settings.temperatureUnit) \(state.settings.windUnit) \(state.settings.measures)", width: frame.width,
            language: style.words.language, emoji: style.emoji,
            minute: Int((state.now.timeIntervalSince1970 / 60).rounded(.down)))
        let (byPlace, plan) = memo.map { $0.rows(for: key, make) } ?? make()
        // In the order shown, numbered as shown (the rows kept across a sort): only the rows on screen.
        let row = { (index: Int) -> PlaceRow? in
            guard state.places.indices.contains(index), var row = byPlace[state.places[index].id] else { return nil }
            row.position = index + 1
            return row
        }
        let count = state.places.count
        guard count > 0 else {
            for (offset, line) in wrap(words.browseEmptyList, width: frame.width - 2).enumerated() {
                frame.put(line, row: body.lowerBound + 1 + offset, column: 1)
            }
            return [:]
        }
        let per = plan.twoLines ? 2 : 1
        var first = body.lowerBound
        if let header = ListLayout.header(plan, words: words) {
            PageLayout.line(&frame, header, row: first, column: 2, width: width, wrap: false)
            first += 1
        }
        let capacity = max(1, (body.upperBound - first) / per)
        let top = state.selected < capacity ? 0 : state.selected - capacity + 1
        var clicks: [Int: BrowseState.ClickTarget] = [:]
        for (offset, index) in (top..<min(count, top + capacity)).enumerated() {
            guard let shown = row(index) else { continue }
            let row = first + offset * per
            let selected = index == state.selected
            let look = selected ? Frame.Look(reverse: true) : .plain
            for (line, pieces) in ListLayout.lines(shown, plan: plan).enumerated() {
                // The selected row reversed as one bar: its colours and dimness give way (the texts say the same).
                let pieces = selected ? pieces.map { PlacePage.Piece($0.text, Frame.Look(bold: $0.look.bold, reverse: true)) } : pieces
                PageLayout.line(&frame, pieces, row: row + line, column: 2, width: width, wrap: false)
                if selected { frame.fill(row: row + line, look: look) }
                clicks[row + line] = .place(index)
            }
            if selected { frame.put("›", row: row, column: 0, look: look) }
        }
        let dim = Frame.Look(dim: true)
        if top > 0 { frame.put("↑", row: first, column: frame.width - 1, look: dim) }
        if top + capacity < count { frame.put("↓", row: body.upperBound - 1, column: frame.width - 1, look: dim) }
        return clicks
    }

    /// `w`: the warning's whole text over the screen, scrolled; the title says
    /// whose it is and which of the place's warnings. Returns how far it can scroll.
    static func warning(_ frame: inout Frame, _ state: BrowseState, body: Range<Int>, style: TextStyle, words: AppFaceWords) -> Int {
        guard let reading = state.reading else { return 0 }
        let warnings = state.warnings(of: reading.placeID)
        let shown: Place? = if let id = reading.placeID { state.places.first { $0.id == id } }
            else { state.found.map { place($0.city, now: state.now) } }
        let index = min(reading.index, max(0, warnings.count - 1))
        title(
            &frame, words.warningsHeading + (shown.map { " · " + words.address($0) } ?? ""),
            right: warnings.count > 1 ? "\(index + 1) / \(warnings.count)" : nil)
        // Its warnings ended while it was open (a refresh): said, until Esc.
        guard let shown, warnings.indices.contains(index) else {
            frame.put(words.noWarningsInForce, row: body.lowerBound + 1, column: 2)
            return 0
        }
        let format = WeatherFormat(state.settings, words: words, emoji: style.emoji)
        let text = WarningText(warnings[index], zone: LocalTime.zone(shown.timeZone), format: format, now: state.now)
        return detail(&frame, lines: text.lines(style), scroll: reading.scroll, body: body)
    }

    /// Whether the place on screen (the list's selected one) has warnings `w` would open.
    static func hasWarnings(_ state: BrowseState) -> Bool {
        state.warningsPlace.map { !state.warnings(of: $0).isEmpty } ?? false
    }

    /// The keys line: the screen's keys, with `w` among the first where the place shown has warnings.
    static func keyLine(_ state: BrowseState, words: AppFaceWords) -> String {
        if state.reading != nil { return words.browseWarningKeys }
        if state.unitsMenu != nil { return words.unitsKeys }
        if state.openDay != nil { return words.pageDayHoursKeys }
        if state.page.selectedDay != nil, case .detail = state.screen { return words.pageKeysDays }
        let keys = words.keys(for: state.screen)
        guard hasWarnings(state) else { return keys }
        var items = keys.components(separatedBy: "  ")
        items.insert(words.warningKeyHint, at: min(2, items.count))
        return items.joined(separator: "  ")
    }

    /// What a page shows: its weather, whether that is on its way, whether it is only the list's summary.
    struct Page {
        var weather: PlaceWeather
        var fetching = false
        var summaryOnly = false
    }

    /// A saved place's page: the full report when one was read (the update keeps
    /// it agreeing with the list on a failed refresh); else the list's summary,
    /// saying why the hours and days are missing (being fetched, not cached, or
    /// their fetch failed: then why); else that its weather is on its way.
    static func shown(_ place: Place, _ state: BrowseState) -> Page {
        let full = state.details[place.id]
        // The latest on its way: the page says so beside what it shows. A refresh of the
        // list that failed since the page's report was read is said on the page too, as its row says it.
        if var full, full.report != nil {
            // (A page fetched since makes its row its own, error and all: `Browse.update`.)
            if full.error == nil, let failed = state.weather[place.id]?.error {
                full.error = failed
                full.stale = true
            }
            return Page(weather: full, fetching: state.detailFetching == place.id)
        }
        let error = full?.error
        // Nothing failed and something is still to come: the full report (and, if none is cached, all of it).
        let fetching = !state.offline && error == nil
        guard var summary = state.weather[place.id], summary.report != nil else {
            var none = full ?? state.weather[place.id] ?? PlaceWeather()
            none.error = none.error ?? error
            return Page(weather: none, fetching: fetching && none.error == nil)
        }
        if let error {
            summary.error = error
            summary.stale = true
        }
        return Page(weather: summary, fetching: fetching && summary.error == nil, summaryOnly: true)
    }

    static func place(_ city: City, now: Date) -> Place {
        Place(
            id: 0, displayName: city.name, canonicalName: city.name, countryCode: city.countryCode, admin1: city.admin1,
            coordinate: city.coordinate, timeZone: city.timeZone, geonamesID: city.geonamesID, position: 0, addedAt: now)
    }

    /// Draws a page from `scroll`; returns how far it can scroll.
    @discardableResult
    static func detail(_ frame: inout Frame, lines: [String], scroll: Int, body: Range<Int>) -> Int {
        let limit = max(0, lines.count - body.count)
        let top = max(0, min(scroll, limit))
        for (offset, line) in lines.dropFirst(top).prefix(body.count).enumerated() {
            frame.put(styled: line, row: body.lowerBound + offset, column: 1)
        }
        // Where the page is: more above, more below (in the column kept free for it).
        let dim = Frame.Look(dim: true)
        if top > 0 { frame.put("↑", row: body.lowerBound, column: frame.width - 1, look: dim) }
        if top + body.count < lines.count { frame.put("↓", row: body.upperBound - 1, column: frame.width - 1, look: dim) }
        return limit
    }

    static func search(_ frame: inout Frame, _ state: BrowseState, body: Range<Int>, style: TextStyle, words: AppFaceWords) {
        let prompt = frame.put(words.browseSearchPrompt, row: body.lowerBound, column: 1, look: Frame.Look(bold: true))
        // A query longer than the line shows its end, where the typing is.
        var typed = state.search.query
        let room = frame.width - prompt - 3
        if DisplayWidth.of(typed) > room {
            while DisplayWidth.of(typed) > room - 1, !typed.isEmpty { typed.removeFirst() }
            typed = "…" + typed
        }
        let end = frame.put(typed, row: body.lowerBound, column: prompt)
        frame.put("▏", row: body.lowerBound, column: end)
        let query = state.search.query.trimmingCharacters(in: .whitespaces)
        let note: String? =
            if state.search.asking { words.browseAsking }
            else if let problem = state.search.problem { problem }
            else if query.isEmpty { state.places.isEmpty ? words.browseEmptyHint : words.browseSearchHint }
            else if state.search.candidates.isEmpty { words.browseNothingOffline(query, suggestion: state.search.suggestion) }
            else if state.search.online { words.foundOnline }
            else { nil }
        var row = body.lowerBound + 2
        if let note {
            for line in wrap(note, width: frame.width - 2) {
                frame.put(line, row: row, column: 1, look: Frame.Look(dim: true))
                row += 1
            }
            row += 1
        }
        guard !state.search.candidates.isEmpty else { return }
        let lines = SearchOutput.table(state.search.candidates, width: frame.width - 2, words: words, typed: state.search.query)
        frame.put(lines[0], row: row, column: 2, look: Frame.Look(bold: true))
        let rows = body.upperBound - row - 1
        guard rows > 0 else { return }
        let selected = state.search.selected
        let top = selected < rows ? 0 : selected - rows + 1
        for (offset, index) in (top..<min(state.search.candidates.count, top + rows)).enumerated() {
            let line = row + 1 + offset
            let look = index == selected ? Frame.Look(reverse: true) : .plain
            if index == selected { frame.put("›", row: line, column: 0, look: look) }
            frame.put(lines[index + 1], row: line, column: 2, look: look)
            if index == selected { frame.fill(row: line, look: look) }
        }
    }

    /// The status line: a removal to confirm, else what happened last, what is
    /// being fetched, and how old the weather on screen is.
    static func status(_ frame: inout Frame, _ state: BrowseState, row: Int, words: AppFaceWords) {
        if let id = state.confirmingRemoval, let place = state.places.first(where: { $0.id == id }) {
            frame.put(" " + words.browseConfirmRemoval(words.address(place)), row: row, column: 0, look: Frame.Look(bold: true, red: true))
            return
        }
        var left: [(String, Frame.Look)] = []
        if let fetching = state.status.fetching {
            left.append((words.fetching(fetching.done, fetching.total), Frame.Look(bold: true)))
        }
        switch state.status.message {
        case .writeFailed(let reason)?: left.append((words.browseWriteFailed(reason), Frame.Look(red: true)))
        case .added(let place)?: left.append((words.saved(place), .plain))
        case .alreadySaved(let place)?: left.append((words.alreadySaved(place), .plain))
        case .removed(let place)?: left.append((words.removed(place), .plain))
        case .failed(let errors, let count)?: left.append((words.failedSummary(errors, of: count), Frame.Look(red: true)))
        case .weatherNotKept(let reason)?: left.append((reason, Frame.Look(red: true)))
        case .ownOrderShown?: left.append((words.browseOwnOrderShown, Frame.Look(bold: true)))
        case .databaseReplaced(let reason)?: left.append((reason, Frame.Look(red: true)))
        case .removedUndoable(let place)?: left.append((words.removedUndoable(place), Frame.Look(bold: true)))
        case .restored(let place)?: left.append((words.restored(place), .plain))
        case nil: break
        }
        // How old the list's weather is (its oldest); a page says its own under its conditions.
        let shown: [PlaceWeather] = switch state.screen {
        case .detail, .found: []
        default: state.places.compactMap { state.weather[$0.id] }
        }
        let age = shown.compactMap(\.fetchedAt).min().map { words.age($0, now: state.now) }
        // What happened goes first; the age only where it fits beside it.
        let said = left.reduce(0) { $0 + DisplayWidth.of($1.0) + 2 }
        let ageWidth = age.map { DisplayWidth.of($0) + 2 } ?? 0
        let room = said + ageWidth < frame.width ? frame.width - ageWidth - 1 : frame.width - 1
        var column = 1
        for (text, look) in left where column < room {
            column = frame.put(DisplayWidth.truncate(text, to: room - column), row: row, column: column, look: look) + 2
        }
        if let age, said + ageWidth < frame.width {
            frame.put(age, row: row, column: frame.width - ageWidth + 1, look: Frame.Look(dim: true))
        }
    }

    /// `warned`: the place shown has warnings (`w` is said); `reading`: a warning is open (its keys are said).
    /// The help: every screen's keys, this screen's first, `w` and the warning's keys among them;
    /// in a box over the screen, scrolled by ↑ and ↓ where the window is too short for all of it.
    /// Returns how far it can scroll.
    @discardableResult
    static func help(
        _ frame: inout Frame, _ screen: BrowseState.Screen, warned: Bool = false, reading: Bool = false, scroll: Int = 0, words: AppFaceWords
    ) -> Int {
        var sections = words.browseHelp
        // `w` on the list and the page, and the warning's own keys before the ones that work everywhere.
        for index in 0..<min(2, sections.count) { sections[index].keys.insert(words.browseWarningHelpKey, at: min(2, sections[index].keys.count)) }
        sections.insert(words.browseWarningHelp, at: max(0, sections.count - 1))
        let current: Int = switch screen {
        case _ where reading: sections.count - 2
        case .list: 0
        case .detail: 1
        case .search, .found: 2
        }
        // This screen's keys first, then the others in their order.
        let ordered = [sections[current]] + sections.enumerated().filter { $0.offset != current }.map(\.element)
        var lines: [(String, Frame.Look)] = []
        for section in ordered {
            if !lines.isEmpty { lines.append(("", .plain)) }
            lines.append((section.title, Frame.Look(bold: true)))
            let keyWidth = section.keys.map { DisplayWidth.of($0.key) }.max() ?? 0
            let room = max(10, frame.width - 10 - keyWidth - 4)
            for entry in section.keys {
                for (index, part) in wrap(entry.does, width: room).enumerated() {
                    let key = index == 0 ? entry.key : ""
                    lines.append(("  " + DisplayWidth.pad(key, to: keyWidth) + "  " + part, .plain))
                }
            }
        }
        // The box holds the window's height less its borders and a row above and below; what closes it always shows.
        let capacity = max(1, frame.height - 4 - 2)
        let limit = max(0, lines.count - capacity)
        let top = min(max(0, scroll), limit)
        var shown = Array(lines.dropFirst(top).prefix(capacity))
        if limit > 0 {
            // Where the help is, in its own words: more above, more below.
            if top > 0 { shown[0] = ("↑", Frame.Look(dim: true)) }
            if top < limit { shown[shown.count - 1] = ("↓ " + words.helpScrollHint, Frame.Look(dim: true)) }
        }
        shown.append(("", .plain))
        shown.append((words.browseHelpClose, Frame.Look(dim: true)))
        // As wide as its widest line anywhere: the box keeps its size while it scrolls.
        box(&frame, shown, width: (lines + shown).map { DisplayWidth.of($0.0) }.max() ?? 0)
        return limit
    }

    /// A screen's keys, most needed first, in `width`: on a narrow window the
    /// last give way (`?` shows them all).
    static func keys(_ text: String, width: Int) -> String {
        var items = text.components(separatedBy: "  ")
        while DisplayWidth.of(items.joined(separator: "  ")) > width, items.count > 1 {
            items.removeLast()
        }
        return items.joined(separator: "  ")
    }

    /// `text` in lines of at most `width` columns (`DisplayWidth.wrap`).
    package static func wrap(_ text: String, width: Int) -> [String] { DisplayWidth.wrap(text, width: width) }
}

extension AppWords {
    /// The keys of a screen, for its last line.
    func keys(for screen: BrowseState.Screen) -> String {
        switch screen {
        case .list: browseListKeys
        case .detail: browseDetailKeys
        case .search: browseSearchKeys
        case .found: browseFoundKeys
        }
    }
}
