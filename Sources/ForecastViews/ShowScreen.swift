import ForecastCore
import ForecastKit
import Foundation

/// What `forecast show` prints of a place shown, chosen from what was asked
/// and where it goes: on a terminal showing the table, the page the app shows
/// (`PageLayout`: the head, the banner, the hours' strip, the days' bars, the
/// cards), the whole of it fitted to the width (it scrolls), or with --brief
/// what fits in the window; anywhere else (a pipe, JSON, the report formats,
/// --hours, --days, --full, a terminal smaller than `pageFrom`) the listing,
/// which --brief on a terminal shortens to its height.
package enum ShowScreen {
    /// The page's lines, drawn for the terminal.
    case page([String])
    /// The listing, for whatever format was asked.
    case listing(ShowOutput)

    /// How much was asked for: --days, --hours, --full, --brief.
    package struct Asked: Sendable, Equatable {
        package var days: Int?
        package var hours: Int?
        package var full: Bool
        package var brief: Bool

        package init(days: Int? = nil, hours: Int? = nil, full: Bool = false, brief: Bool = false) {
            self.days = days
            self.hours = hours
            self.full = full
            self.brief = brief
        }

        /// The listing's span: the default, --full's, or the days and hours given.
        var span: ShowOutput.Span {
            let base = full ? ShowOutput.Span.full : ShowOutput.Span()
            return ShowOutput.Span(days: days ?? base.days, hours: hours ?? base.hours)
        }

        /// Whether the span is the command's to choose (none of --full, --days, --hours).
        var spanChosen: Bool { full || days != nil || hours != nil }
    }

    /// Where it is printed.
    package struct Terminal: Sendable, Equatable {
        /// The window's size; nil off a terminal.
        package var rows: Int?
        package var columns: Int?
        /// Whether the table is asked for (not JSON nor a report format).
        package var table: Bool
        package var depth: ColourDepth
        /// `TERM=dumb`: plain text, cells placed by spaces.
        package var dumb: Bool

        package init(rows: Int?, columns: Int?, table: Bool, depth: ColourDepth, dumb: Bool) {
            self.rows = rows
            self.columns = columns
            self.table = table
            self.depth = depth
            self.dumb = dumb
        }
    }

    /// The smallest terminal the page is drawn in (a smaller one gets the listing, which folds to any width).
    package static let pageFrom = (columns: 40, rows: 10)

    /// What to print of `shown`: `typed` the name as the user typed it (its
    /// other language's name is said beside), `style` the listing's.
    package static func of(_ shown: PlaceShowing.Shown, asked: Asked, typed: String?, terminal: Terminal, style: CommandStyle) -> ShowScreen {
        let format = WeatherFormat(shown.settings, words: style.words, emoji: style.emoji)
        let source = SourceItem(shown.provider)
        if !asked.spanChosen, terminal.table, let rows = terminal.rows, let columns = terminal.columns,
            columns >= pageFrom.columns, rows >= pageFrom.rows
        {
            let page = PlacePage(
                place: shown.place, weather: shown.weather, settings: shown.settings, format: format, now: shown.now,
                position: shown.position, count: shown.count, saved: shown.saved, source: source, typed: typed)
            return .page(lines(of: page, rows: rows, columns: columns, brief: asked.brief, terminal: terminal, words: style.words))
        }
        let listing = { (span: ShowOutput.Span) in
            ShowOutput(
                place: shown.place, position: shown.position, count: shown.count, weather: shown.weather, settings: shown.settings,
                format: format, now: shown.now, span: span, saved: shown.saved, source: source, typed: typed)
        }
        guard asked.brief, !asked.spanChosen, terminal.table, let rows = terminal.rows else { return .listing(listing(asked.span)) }
        return .listing(fitted(listing, rows: rows, style: style))
    }

    /// The page drawn for a terminal `columns` wide and `rows` tall: the whole
    /// page, as it scrolls; with `brief` what fits above the prompt, cut where
    /// a part begins (the cards, the credits), with how to see the rest.
    static func lines(of page: PlacePage, rows: Int, columns: Int, brief: Bool, terminal: Terminal, words: CommandFaceWords) -> [String] {
        let drawn = PageLayout.render(page, width: columns, height: rows, words: words, keys: false)
        // NO_COLOR keeps bold, dim and reverse; a dumb terminal gets plain text.
        var lines = drawn.frame.printed(depth: terminal.depth, attributes: !terminal.dumb, placesByCursor: !terminal.dumb)
        let room = rows - 2
        guard brief, lines.count > room else { return lines }
        let cut = drawn.cuts.filter { $0 > 0 && $0 <= room - 1 }.max() ?? max(1, room - 1)
        lines = Array(lines.prefix(max(1, cut)))
        while lines.last?.isEmpty == true { lines.removeLast() }
        let note = DisplayWidth.truncate(" " + words.showMore, to: columns - 1)
        lines.append(terminal.depth == .none ? note : "\u{1B}[2m" + note + "\u{1B}[0m")
        return lines
    }

    /// The listing `listing` makes of a span, in the largest span whose text
    /// fits in `rows` less two (the prompt's); said to be shortened when cut.
    static func fitted(_ listing: (ShowOutput.Span) -> ShowOutput, rows: Int, style: CommandStyle) -> ShowOutput {
        let asked = ShowOutput.Span()
        // Measured as plain text (no colour, cells placed by spaces): each line's width is what the
        // terminal shows, and a line wider than it takes two rows or more.
        var plain = style
        plain.text.usesColour = false
        plain.text.placesByCursor = false
        let columns = max(1, style.columns ?? 80)
        func fits(_ span: ShowOutput.Span) -> Bool {
            var shown = listing(span)
            shown.shortened = span != asked
            return shown.text(plain).reduce(0) { $0 + max(1, (DisplayWidth.of($1) + columns - 1) / columns) } <= rows - 2
        }
        guard !fits(asked) else { return listing(asked) }
        let compact = ShowOutput.Span.compact
        var shown = listing(compact.first { fits($0) } ?? compact[compact.count - 1])
        shown.shortened = true
        return shown
    }
}
