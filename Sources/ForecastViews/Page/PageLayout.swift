import ForecastCore
import Foundation

/// Lays a `PlacePage` out in a window: the head (the temperature set large
/// from 30 rows), the banner, the hours' strip as wide as the window (in a
/// window with rows to spare, band under band and then a chart of the hours),
/// the days with their bars, and the cards in as many columns as the width
/// holds (beside the days from 120 columns). A pure function of the page, the
/// window's size and where the strip and the days' selection are: the app's
/// detail and `show` on a terminal draw the same frame.
package enum PageLayout {
    /// Where the page is: the strip's first cell, the day selected (nil: the days have no focus).
    package struct Position: Equatable, Sendable {
        package var stripOffset = 0
        package var selectedDay: Int?
        package init(stripOffset: Int = 0, selectedDay: Int? = nil) {
            self.stripOffset = stripOffset
            self.selectedDay = selectedDay
        }
    }

    /// From this many rows the current temperature is a figure of block characters.
    package static let figureFrom = 30
    /// From this many columns the cards stand beside the days.
    package static let cardsBesideFrom = 120
    /// The rows of a window the page does not get: the app's title, status and keys lines
    /// (`show` keeps two, for its prompt): a tall window's spare rows are the rest.
    static let windowChrome = 3
    /// The fewest cells a band of the strip below the first is drawn for.
    static let leastBand = 6
    /// How tall the hours' chart is, where a window has the rows for it.
    static let chartRows = 3...12
    /// The chances of rain's colour (the strip's, the days', the next hours' bar).
    package static let rain = Frame.Colour(red: 80, green: 160, blue: 255, basic: 36)
    /// The widest the days' column gets when the cards stand beside it.
    static let daysColumn = 56
    /// A card's width at least.
    static let cardWidth = 18

    /// The page drawn `width` columns wide for a window `height` rows tall
    /// (which decides the figure and the gaps), as tall as it is: the caller
    /// shows what fits and scrolls the rest. `rows`: where each part begins.
    package static func render(
        _ page: PlacePage, width: Int, height: Int, position: Position = Position(), words: ViewWords, keys: Bool = true
    ) -> Drawn {
        var canvas = Frame(width: max(0, width), height: 400)
        guard width >= 20 else { return Drawn(frame: Frame(width: max(0, width), height: 0), parts: [:], cuts: []) }
        // Rows after which the page can be cut cleanly (`show` on a short terminal): the end of a part, of a day, of a row of cards.
        var cuts: [Int] = []
        let gap = height >= 24 ? 1 : 0
        var row = 0
        var parts: [Part: Int] = [:]
        let inner = width - 2  // a column of margin each side

        // The head.
        parts[.head] = row
        row = head(&canvas, page.head, row: row, width: inner, figure: height >= figureFrom && page.head.figure != nil)
        for note in page.notes { row = line(&canvas, note, row: row, column: 1, width: inner, wrap: true) }
        cuts.append(row)
        row += gap

        // The banner.
        if !page.banner.isEmpty {
            parts[.banner] = row
            if var warning = page.banner.warning {
                if page.banner.more > 0 { warning.append(.init("  +\(page.banner.more)", Frame.Look(dim: true))) }
                row = line(&canvas, warning, row: row, column: 1, width: inner, wrap: true, maxLines: 2)
            }
            if let next = page.banner.nextHours { row = line(&canvas, next, row: row, column: 1, width: inner, wrap: true, maxLines: 2) }
            cuts.append(row)
            row += gap
        }
        // Today in context (against yesterday, against the usual) under them where the window is tall.
        if height >= figureFrom, !page.head.context.isEmpty {
            for sentence in page.head.context { row = line(&canvas, [.init(sentence, Frame.Look(dim: true))], row: row, column: 1, width: inner, wrap: true) }
            cuts.append(row)
            row += gap
        }

        // The hours: their rows are kept here and the strip is drawn last, when the rows the
        // window has left under the page are known (a tall window gets more of it, band under band).
        let hoursAt: Int? = page.hours.isEmpty ? nil : row
        // The chances' row wherever the strip has one, scrolled or not (the days below never jump).
        let stripRows = page.hours.contains { !$0.chance.isEmpty } ? 4 : 3
        if !page.hours.isEmpty {
            parts[.hours] = row
            row += 1 + stripRows
            cuts.append(row)
            row += gap
        }

        // The days, and beside them (from 120 columns) the cards.
        let beside = width >= cardsBesideFrom && !page.cards.isEmpty && !page.days.isEmpty
        let daysWidth = beside ? min(daysColumn, inner) : inner
        var below = row
        if !page.days.isEmpty {
            parts[.days] = row
            canvas.put(words.pageDaysHeading(page.days.count), row: row, column: 1, look: Frame.Look(bold: true))
            for (index, day) in page.days.enumerated() {
                dayRow(&canvas, day, week: page.week, row: row + 1 + index, width: daysWidth, selected: position.selectedDay == index, ascii: page.ascii)
                if !beside { cuts.append(row + 2 + index) }
            }
            below = row + 1 + page.days.count
        }
        if beside {
            parts[.cards] = row
            let end = cards(&canvas, page.cards, row: row, column: daysWidth + 4, width: width - daysWidth - 5, balanced: true)
            row = max(below, end)
            cuts.append(row)
            row += gap
        } else {
            row = below + (page.days.isEmpty ? 0 : gap)
        }
        if height < figureFrom, !page.head.context.isEmpty {
            for sentence in page.head.context { row = line(&canvas, [.init(sentence, Frame.Look(dim: true))], row: row, column: 1, width: inner, wrap: true) }
            cuts.append(row)
            row += gap
        }
        if !beside, !page.cards.isEmpty {
            parts[.cards] = row
            row = cards(&canvas, page.cards, row: row, column: 1, width: inner, cuts: &cuts) + gap
        }
        if !page.credits.isEmpty {
            parts[.credits] = row
            for credit in page.credits { row = line(&canvas, [.init(credit, Frame.Look(dim: true))], row: row, column: 1, width: inner, wrap: true) }
        }
        cuts.append(row)
        var limit = 0
        if let at = hoursAt {
            // More bands of the strip in the rows the window shows under the page, up to every hour it has.
            let end = at + 1 + stripRows
            let free = height - windowChrome - row
            let starts = bandStarts(cellWidths(page.hours), from: 0, width: inner)
            var extra = max(0, min(starts.count - 1, free / (stripRows + 1)))
            // A last band of a few hours is not worth its rows (`]` shows them): the chart gets them.
            if extra > 0, extra + 1 == starts.count, page.hours.count - starts[extra] < leastBand { extra -= 1 }
            // Then the hours' chart in what is left: a blank line, its heading, its rows, the chances' row
            // where the strip has one, the hours' row.
            let rain = stripRows == 4
            let around = rain ? 4 : 3
            // Two rows a degree shown at most: a day that wavers by two degrees is no mountain.
            let known = page.hours.compactMap(\.celsius)
            let degree = page.head.unit == TemperatureUnit.fahrenheit.symbol ? 5.0 / 9 : 1
            let span = ((known.max() ?? 0) - (known.min() ?? 0)) / degree
            let tall = min(chartRows.upperBound, free - extra * (stripRows + 1) - around, max(chartRows.lowerBound, Int((2 * span).rounded()) + 1))
            let chartRows = chartRows.contains(tall) && known.count >= 2 ? tall : 0
            let inserted = extra * (stripRows + 1) + (chartRows > 0 ? around + chartRows : 0)
            if inserted > 0 {
                canvas.insertRows(inserted, at: end)
                for (part, start) in parts where start > at { parts[part] = start + inserted }
                cuts = cuts.map { $0 > end ? $0 + inserted : $0 }
                row += inserted
            }
            // Scrolled no further than where the last hour stands at the right edge of the last band.
            limit = stripLimit(page.hours, width: inner, bands: 1 + extra)
            let offset = min(max(0, position.stripOffset), limit)
            var shown = 0
            for band in 0...extra {
                let top = at + 1 + band * (stripRows + 1)
                shown += strip(&canvas, page.hours, from: offset + shown, row: top, width: inner)
                if band > 0 { cuts.append(top + stripRows) }
            }
            if chartRows > 0 {
                let top = at + 1 + (extra + 1) * (stripRows + 1)
                parts[.chart] = top
                canvas.put(words.pageChartHeading(rain: rain), row: top, column: 1, look: Frame.Look(bold: true))
                cuts.append(chart(&canvas, page.hours, row: top + 1, width: inner, rows: chartRows, rain: rain, ascii: page.ascii))
            }
            let heading = words.pageHoursHeading
            canvas.put(heading, row: at, column: 1, look: Frame.Look(bold: true))
            // Which part of the strip is shown, and that [ and ] scroll it.
            if keys, shown < page.hours.count || offset > 0 {
                let mark = (offset > 0 ? "‹ " : "  ") + "[ ]" + (offset + shown < page.hours.count ? " ›" : "  ")
                canvas.put(mark, row: at, column: max(DisplayWidth.of(heading) + 3, width - 1 - DisplayWidth.of(mark)), look: Frame.Look(dim: true))
            }
        }
        return Drawn(
            frame: canvas.cropped(rows: min(row, canvas.height)), parts: parts, cuts: cuts.sorted().filter { $0 <= row }, stripLimit: limit)
    }

    package enum Part: Hashable, Sendable { case head, banner, hours, chart, days, cards, credits }

    package struct Drawn: Sendable {
        package var frame: Frame
        /// The row each part begins on.
        package var parts: [Part: Int]
        /// The rows after which the page can be cut cleanly, in order.
        package var cuts: [Int]
        /// The furthest the strip scrolls in the bands drawn (`[` then acts at once).
        package var stripLimit = 0
    }

    // MARK: - Parts

    static func head(_ canvas: inout Frame, _ head: PlacePage.Head, row: Int, width: Int, figure: Bool) -> Int {
        var row = row
        // The name, what tells it apart, and the local time at the right (under it where there is no room).
        let time = head.localTime
        let timeWidth = DisplayWidth.of(time)
        let nameEnd = canvas.put(DisplayWidth.truncate(head.name, to: width), row: row, column: 1, look: Frame.Look(bold: true))
        let asideRoom = width + 1 - nameEnd - 2 - timeWidth - 2
        if asideRoom >= 8 {
            canvas.put(DisplayWidth.truncate(head.aside, to: asideRoom), row: row, column: nameEnd + 2, look: Frame.Look(dim: true))
            canvas.put(time, row: row, column: width + 1 - timeWidth, look: Frame.Look(dim: true))
            row += 1
        } else {
            row += 1
            canvas.put(DisplayWidth.truncate(head.aside, to: max(0, width - timeWidth - 2)), row: row, column: 1, look: Frame.Look(dim: true))
            canvas.put(time, row: row, column: max(1, width + 1 - timeWidth), look: Frame.Look(dim: true))
            row += 1
        }
        guard head.temperature != nil || head.condition != nil else { return row }
        let temperature = head.temperature ?? "–"
        if figure, let value = head.figure {
            // Kelvin has no degree sign (the unit beside says K).
            let big = BigFigure.lines(head.unit == TemperatureUnit.kelvin.symbol ? "\(value)" : "\(value)°")
            let look = Frame.Look(bold: true, colour: head.colour)
            for (offset, text) in big.enumerated() { canvas.put(text, row: row + offset, column: 2, look: look) }
            let column = 2 + (big.map { DisplayWidth.of($0) }.max() ?? 0) + 3
            let room = width + 1 - column
            var side: [PlacePage.Line] = [[.init(temperature, Frame.Look(bold: true, colour: head.colour))]]
            side.append([.init(head.symbol.isEmpty ? "" : head.symbol + " "), .init(head.condition ?? "–", Frame.Look(bold: true))])
            if let feels = head.feelsLike { side.append([.init(feels)]) }
            if let highLow = head.highLow { side.append(highLow) }
            if let age = head.age { side.append([.init(age, Frame.Look(dim: true))]) }
            for (offset, pieces) in side.prefix(big.count).enumerated() {
                _ = line(&canvas, pieces, row: row + offset, column: column, width: room, wrap: false)
            }
            return row + big.count
        }
        var pieces: PlacePage.Line = []
        if !head.symbol.trimmingCharacters(in: .whitespaces).isEmpty { pieces.append(.init(head.symbol + " ")) }
        pieces.append(.init(temperature, Frame.Look(bold: true, colour: head.colour)))
        pieces.append(.init("  " + (head.condition ?? "–")))
        if let feels = head.feelsLike { pieces.append(.init("  " + feels, Frame.Look(dim: true))) }
        if let highLow = head.highLow { pieces.append(.init("  ")); pieces += highLow }
        if let age = head.age { pieces.append(.init("  ·\u{A0}" + age, Frame.Look(dim: true))) }
        return line(&canvas, pieces, row: row, column: 1, width: width, wrap: true, maxLines: 2)
    }

    /// A band of the strip from cell `offset`: as many cells as fit in `width`. Returns how many were drawn.
    static func strip(_ canvas: inout Frame, _ cells: [PlacePage.HourCell], from offset: Int, row: Int, width: Int) -> Int {
        let widths = cellWidths(cells)
        var column = 1
        var drawn = 0
        for (index, cell) in cells.enumerated().dropFirst(offset) {
            let size = widths[index]
            guard column + size - 1 <= width + 1 else { break }
            let sun = cell.kind != .hour
            let dim = Frame.Look(dim: true)
            canvas.put(cell.label, row: row, column: column, look: sun ? dim : Frame.Look(bold: drawn == 0 && offset == 0))
            canvas.put(cell.symbol, row: row + 1, column: column)
            canvas.put(cell.temperature, row: row + 2, column: column, look: sun ? dim : Frame.Look(bold: true, colour: cell.colour))
            if !cell.chance.isEmpty {
                canvas.put(cell.chance, row: row + 3, column: column, look: Frame.Look(colour: rain))
            }
            column += size
            drawn += 1
        }
        return drawn
    }

    /// The hours' temperatures as a line `rows` tall (Braille dots, two across and four down a cell;
    /// in ASCII a star a cell) in the temperatures' colours, the highest and the lowest beside it as the
    /// strip shows them; under it the chances of rain (where the strip shows any, in its blue, a full
    /// cell for 100 %) and the hours at six-hour steps. Returns the row after.
    static func chart(_ canvas: inout Frame, _ cells: [PlacePage.HourCell], row: Int, width: Int, rows: Int, rain: Bool, ascii: Bool) -> Int {
        let hours = cells.filter { $0.kind == .hour }
        let known = hours.compactMap(\.celsius)
        guard hours.count >= 2, let low = known.min(), let high = known.max() else { return row }
        let top = hours.first { $0.celsius == high }?.temperature ?? ""
        let bottom = hours.first { $0.celsius == low }?.temperature ?? ""
        let labels = max(DisplayWidth.of(top), DisplayWidth.of(bottom))
        let left = 1 + labels + 2  // the labels, a space, the axis
        let plot = width + 1 - left
        guard plot >= 2 else { return row }
        // A value at a column of the plot (a fraction of one: a dot's): between the two hours it falls between, in proportion.
        func value(_ x: Double, _ of: (PlacePage.HourCell) -> Double?) -> Double? {
            let t = min(Double(hours.count - 1), max(0, x * Double(hours.count - 1) / Double(plot - 1)))
            let index = min(hours.count - 2, Int(t))
            let share = t - Double(index)
            guard let a = of(hours[index]), let b = of(hours[index + 1]) else { return of(hours[share < 0.5 ? index : index + 1]) }
            return a + (b - a) * share
        }
        // The dots: `across` a cell, `down` a cell; each dot column's height, joined to the one before.
        let (across, down) = ascii ? (1, 1) : (2, 4)
        let dots = (0..<plot * across).map { value(Double($0) / Double(across), \.celsius) }
        let height = rows * down
        let y = { (celsius: Double) in high > low ? Int(((high - celsius) / (high - low) * Double(height - 1)).rounded()) : height / 2 }
        var marks = Array(repeating: Array(repeating: UInt32(0), count: plot), count: rows)
        var previous: Int?
        for (index, celsius) in dots.enumerated() {
            guard let celsius else { previous = nil; continue }
            let at = y(celsius)
            for dot in min(at, previous ?? at)...max(at, previous ?? at) {
                // Braille's dots: 1 2 3 7 down the left, 4 5 6 8 down the right.
                let bit: UInt32 = ascii ? 1 : [[0, 1, 2, 6], [3, 4, 5, 7]][index % across][dot % down]
                marks[dot / down][index / across] |= ascii ? (dot == at ? 2 : 1) : 1 << bit
            }
            previous = at
        }
        for line in 0..<rows {
            for x in 0..<plot where marks[line][x] != 0 {
                let glyph = ascii ? (marks[line][x] & 2 != 0 ? "*" : "|") : String(UnicodeScalar(0x2800 + marks[line][x]).map(Character.init) ?? " ")
                let look = Frame.Look(colour: TemperatureColours.colour(celsius: value(Double(x) + 0.5, \.celsius)))
                canvas.put(glyph, row: row + line, column: left + x, look: look)
            }
        }
        let dim = Frame.Look(dim: true)
        for line in 0..<rows {
            canvas.put(ascii ? "|" : line == 0 || line == rows - 1 ? "┤" : "│", row: row + line, column: left - 1, look: dim)
        }
        canvas.put(DisplayWidth.pad(top, to: labels, alignRight: true), row: row, column: 1, look: dim)
        canvas.put(DisplayWidth.pad(bottom, to: labels, alignRight: true), row: row + rows - 1, column: 1, look: dim)
        var next = row + rows
        if rain {
            let blocks = ascii ? ["_", "_", ".", ".", ":", ":", "#", "#"] : ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
            for x in 0..<plot {
                guard let chance = value(Double(x), { $0.chancePercent.map(Double.init) }), chance >= Double(PlacePage.shownChance) else { continue }
                canvas.put(blocks[max(0, min(7, Int((chance / 100 * 8).rounded()) - 1))], row: next, column: left + x, look: Frame.Look(colour: Self.rain))
            }
            next += 1
        }
        // The hours at six-hour steps (midnight by its day's name), from now, where their labels do not meet.
        var free = left
        for (index, cell) in hours.enumerated() where index == 0 || cell.hour % 6 == 0 {
            let at = left + Int((Double(index) * Double(plot - 1) / Double(hours.count - 1)).rounded())
            let size = DisplayWidth.of(cell.label)
            guard at >= free, at + size - 1 <= width else { continue }
            canvas.put(cell.label, row: next, column: at, look: dim)
            free = at + size + 1
        }
        return next + 1
    }

    /// The width a strip's cells take (the hours' all as wide as the widest).
    static func cellWidths(_ cells: [PlacePage.HourCell]) -> [Int] {
        let hourWidth = max(4, cells.filter { $0.kind == .hour }.map { max(DisplayWidth.of($0.label), DisplayWidth.of($0.temperature), DisplayWidth.of($0.chance)) }.max() ?? 4) + 2
        return cells.map { $0.kind == .hour ? hourWidth : max(DisplayWidth.of($0.label), DisplayWidth.of($0.temperature)) + 2 }
    }

    /// The furthest the strip scrolls in `bands` bands of `width`: the first cell from which the rest fit.
    package static func stripLimit(_ cells: [PlacePage.HourCell], width: Int, bands: Int = 1) -> Int {
        let widths = cellWidths(cells)
        var first = widths.count
        while first > 0, bandStarts(widths, from: first - 1, width: width).count <= bands { first -= 1 }
        return min(first, max(0, widths.count - 1))
    }

    /// The cell each band of `width` begins with, the cells of these widths laid from the one at
    /// `offset` on as `strip` lays them.
    static func bandStarts(_ widths: [Int], from offset: Int, width: Int) -> [Int] {
        var starts: [Int] = []
        var column = width + 2  // past the edge: the first cell begins a band
        for (index, size) in widths.enumerated().dropFirst(offset) {
            if column + size - 1 > width + 1 {
                starts.append(index)
                column = 1
            }
            column += size
        }
        return starts
    }

    /// A day's row: its name, symbol, chance of rain, low, its bar within the week's range, high.
    static func dayRow(_ canvas: inout Frame, _ day: PlacePage.DayRow, week: ClosedRange<Double>?, row: Int, width: Int, selected: Bool, ascii: Bool) {
        let base = selected ? Frame.Look(reverse: true) : Frame.Look.plain
        var look = base
        let labelWidth = 6, chanceWidth = 5, valueWidth = 6
        var column = 1
        if selected { canvas.put("›", row: row, column: 0, look: base) }
        look.bold = true
        canvas.put(DisplayWidth.pad(DisplayWidth.truncate(day.label, to: labelWidth), to: labelWidth), row: row, column: column, look: look)
        column += labelWidth + 1
        canvas.put(DisplayWidth.pad(day.symbol, to: 2), row: row, column: column, look: base)
        column += 3
        var chance = base
        chance.colour = rain
        canvas.put(DisplayWidth.pad(day.chance, to: chanceWidth - 1, alignRight: true), row: row, column: column, look: chance)
        column += chanceWidth + 1
        var low = base
        low.colour = TemperatureColours.colour(celsius: day.lowCelsius)
        canvas.put(DisplayWidth.pad(day.low, to: valueWidth, alignRight: true), row: row, column: column, look: low)
        column += valueWidth + 1
        let barWidth = max(0, min(36, width + 1 - column - valueWidth - 1))
        if barWidth >= 4 { bar(&canvas, day, week: week, row: row, column: column, width: barWidth, base: base, ascii: ascii) }
        column += barWidth + 1
        var high = base
        high.colour = TemperatureColours.colour(celsius: day.highCelsius)
        high.bold = true
        canvas.put(DisplayWidth.pad(day.high, to: valueWidth, alignRight: true), row: row, column: column, look: high)
        if selected { canvas.fill(row: row, from: 0, look: base) }
    }

    /// The bar: the week's range as a thin track, the day's range in it as a
    /// thick line in the temperatures' colours, and today's dot for now.
    static func bar(
        _ canvas: inout Frame, _ day: PlacePage.DayRow, week: ClosedRange<Double>?, row: Int, column: Int, width: Int, base: Frame.Look, ascii: Bool
    ) {
        var track = base
        track.dim = true
        let (thin, thick, dot, none) = ascii ? ("-", "=", "o", ".") : ("─", "━", "●", "·")
        guard let week, let low = day.lowCelsius ?? day.highCelsius, let high = day.highCelsius ?? day.lowCelsius else {
            canvas.put(String(repeating: none, count: width), row: row, column: column, look: track)
            return
        }
        let span = max(week.upperBound - week.lowerBound, 1)
        let cell = { (celsius: Double) -> Int in
            min(width - 1, max(0, Int(((celsius - week.lowerBound) / span * Double(width - 1)).rounded())))
        }
        let (from, to) = (cell(min(low, high)), cell(max(low, high)))
        for index in 0..<width {
            if index >= from && index <= to {
                var fill = base
                // The colour of the temperature at this point of the bar.
                fill.colour = TemperatureColours.colour(celsius: week.lowerBound + span * Double(index) / Double(max(1, width - 1)))
                canvas.put(thick, row: row, column: column + index, look: fill)
            } else {
                canvas.put(thin, row: row, column: column + index, look: track)
            }
        }
        if let now = day.nowCelsius {
            var mark = base
            mark.bold = true
            canvas.put(dot, row: row, column: column + cell(now), look: mark)
        }
    }

    /// The cards in as many columns as `width` holds; returns the row after the last. `balanced`: in
    /// as few columns as keep the rows, so that they are evenly filled (beside the days at 200
    /// columns, nine cards in rows of five and four, not seven and two) and the cards wider.
    static func cards(_ canvas: inout Frame, _ cards: [PlacePage.Card], row: Int, column: Int, width: Int, balanced: Bool) -> Int {
        var cuts: [Int] = []
        return self.cards(&canvas, cards, row: row, column: column, width: width, balanced: balanced, cuts: &cuts)
    }

    static func cards(
        _ canvas: inout Frame, _ cards: [PlacePage.Card], row: Int, column: Int, width: Int, balanced: Bool = false, cuts: inout [Int]
    ) -> Int {
        guard width >= 12, !cards.isEmpty else { return row }
        let most = max(1, min(cards.count, (width + 2) / (cardWidth + 2)))
        let rows = (cards.count + most - 1) / most
        let columns = balanced ? (cards.count + rows - 1) / rows : most
        let cardWidth = (width - 2 * (columns - 1)) / columns
        var row = row
        for start in stride(from: 0, to: cards.count, by: columns) {
            var tallest = 0
            for (offset, card) in cards[start..<min(cards.count, start + columns)].enumerated() {
                let left = column + offset * (cardWidth + 2)
                var at = row
                canvas.put(DisplayWidth.truncate(card.title, to: cardWidth), row: at, column: left, look: Frame.Look(dim: true))
                at += 1
                at = line(&canvas, card.value, row: at, column: left, width: cardWidth, wrap: true, maxLines: 2)
                for detail in card.details {
                    at = line(&canvas, [.init(detail)], row: at, column: left, width: cardWidth, wrap: true, maxLines: 2)
                }
                tallest = max(tallest, at - row)
            }
            row += tallest + 1
            cuts.append(row - 1)
        }
        return row - 1
    }

    /// Pieces in a line from `column`, at most `width` wide: wrapped at spaces onto
    /// the next lines (at most `maxLines`, the last cut with "…"), or cut. Returns the row after.
    @discardableResult
    package static func line(_ canvas: inout Frame, _ pieces: PlacePage.Line, row: Int, column: Int, width: Int, wrap: Bool, maxLines: Int = 6) -> Int {
        guard width > 0 else { return row }
        // What fits whole is put piece by piece (most lines: a list's rows, a card's value).
        if pieces.reduce(0, { $0 + DisplayWidth.of($1.text) }) <= width {
            var at = column
            for piece in pieces { at = canvas.put(piece.text, row: row, column: at, look: piece.look, limit: column + width - at) }
            return row + 1
        }
        // Words with their looks, then laid word by word.
        var words: [(text: String, look: Frame.Look)] = []
        for piece in pieces {
            var current = ""
            for character in piece.text {
                current.append(character)
                // A line breaks at a space, and between characters of kanji and kana (which have no spaces).
                if character == " " || DisplayWidth.breaksBetweenCharacters(String(character)) {
                    words.append((current, piece.look))
                    current = ""
                }
            }
            if !current.isEmpty { words.append((current, piece.look)) }
        }
        var at = column
        var line = 0
        var row = row
        for (index, word) in words.enumerated() {
            let size = DisplayWidth.of(word.text)
            // A word's width without the space that ends it (a word is split after each space).
            let blank = word.text.allSatisfy { $0 == " " }
            let trimmed = blank ? 0 : size - (word.text.last == " " ? 1 : 0)
            if at + trimmed > column + width {
                if wrap, line + 1 < maxLines, at > column {
                    line += 1
                    row += 1
                    at = column
                    if blank { continue }
                }
                // A word wider than a whole line (an event of one 200-letter word) is cut with "…" where
                // it starts a line, so what follows it (the warning's window, "+2") still shows.
                if at == column, trimmed > width {
                    canvas.put(DisplayWidth.truncate(word.text, to: width), row: row, column: at, look: word.look)
                    guard wrap, line + 1 < maxLines else { return row + 1 }
                    line += 1
                    row += 1
                    continue
                }
                if at + trimmed > column + width {
                    // No room: cut here with "…", within the width.
                    let room = column + width - at
                    if room > 0 {
                        let rest = words[index...].map(\.text).joined()
                        canvas.put(DisplayWidth.truncate(rest, to: room), row: row, column: at, look: word.look)
                    }
                    return row + 1
                }
            }
            at = canvas.put(word.text, row: row, column: at, look: word.look, limit: column + width - at)
        }
        return row + 1
    }
}

/// The current temperature as a figure five rows tall, of block characters.
package enum BigFigure {
    static let glyphs: [Character: [String]] = [
        "0": ["███", "█ █", "█ █", "█ █", "███"],
        "1": ["▀█ ", " █ ", " █ ", " █ ", "▄█▄"],
        "2": ["███", "  █", "███", "█  ", "███"],
        "3": ["███", "  █", " ██", "  █", "███"],
        "4": ["█ █", "█ █", "███", "  █", "  █"],
        "5": ["███", "█  ", "███", "  █", "███"],
        "6": ["███", "█  ", "███", "█ █", "███"],
        "7": ["███", "  █", "  █", "  █", "  █"],
        "8": ["███", "█ █", "███", "█ █", "███"],
        "9": ["███", "█ █", "███", "  █", "███"],
        "-": ["   ", "   ", "███", "   ", "   "],
        "°": ["█▀█", "▀▀▀", "   ", "   ", "   "],
    ]

    /// The five rows of `text` (digits, minus, degree sign; anything else left out).
    package static func lines(_ text: String) -> [String] {
        let glyphs = text.compactMap { Self.glyphs[$0] }
        return (0..<5).map { row in glyphs.map { $0[row] }.joined(separator: " ") }
    }
}
