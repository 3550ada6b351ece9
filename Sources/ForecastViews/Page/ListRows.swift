import ForecastCore
import ForecastKit
import Foundation

/// A saved place as the app's list shows it, as values: its number and name,
/// its warnings' mark, its local time, the condition, the temperature and
/// today's low and high, in the temperatures' colours, and what the note says.
package struct PlaceRow: Sendable, Equatable {
    package var position: Int
    package var name: String
    package var mark: String
    package var level: WarningLevel?
    package var time: String
    package var symbol: String
    package var condition: String
    package var temperature: String
    package var colour: Frame.Colour?
    package var low: String
    package var lowColour: Frame.Colour?
    package var high: String
    package var highColour: Frame.Colour?
    package var note: String
    package var failed: Bool

    /// The rows of `places`, each zone's clock read once.
    package static func rows(
        _ places: [Place], weather: [Int64: PlaceWeather], settings: Settings, words: ViewWords, emoji: Bool, now: Date
    ) -> [PlaceRow] {
        let format = WeatherFormat(settings, words: words, emoji: emoji)
        var clocks: [String: String] = [:]
        return places.enumerated().map { offset, place in
            let w = weather[place.id]
            let report = w?.report
            let today = report?.today(now: now)
            let level = w.flatMap { $0.warnings.leading(at: now)?.level }
            let mark: String = level.map { WarningsText.mark($0, words: words, emoji: emoji) } ?? {
                switch w?.warnings {
                case .failed?: return "?"
                default: return ""
                }
            }()
            let clock = clocks[place.timeZone] ?? {
                let text = words.weekdayTime(format.reading(now, in: LocalTime.zone(place.timeZone)))
                clocks[place.timeZone] = text
                return text
            }()
            let colour = { (celsius: Double?) in TemperatureColours.colour(celsius, shownBy: format) }
            return PlaceRow(
                position: offset + 1, name: words.address(place, truncatedTo: 32), mark: mark, level: level, time: clock,
                symbol: report == nil ? "" : format.symbol(report?.current.condition, isDay: report?.current.isDay),
                condition: report == nil ? "" : format.describe(report?.current.condition),
                temperature: report == nil ? "–" : format.temperatureText(report?.current.temperature),
                colour: colour(report?.current.temperature),
                low: today.map { format.temperatureText($0.minimum) } ?? "", lowColour: colour(today?.minimum),
                high: today.map { format.temperatureText($0.maximum) } ?? "", highColour: colour(today?.maximum),
                note: ListOutput.notes(w, place: place, format: format, words: words, now: now), failed: w?.error != nil)
        }
    }
}

/// The app's list laid out: a line a place where the width holds every
/// column, else two lines a place (name, mark, temperature and today's range;
/// then local time, condition and the note), never a column lost.
package enum ListLayout {
    /// The widths the columns take in `rows`.
    struct Widths {
        var number, name, mark, time, symbol, condition, temperature, low, high: Int
    }

    /// `list`'s headers, the warnings' column's last.
    static func headers(_ words: ViewWords) -> [String] { words.listHeaders + [words.warningsColumn] }

    static func widths(_ rows: [PlaceRow], header: [String]) -> Widths {
        let widest = { (path: KeyPath<PlaceRow, String>) in rows.map { DisplayWidth.of($0[keyPath: path]) }.max() ?? 0 }
        // The warnings' column, where a place has a mark, as wide as its header too.
        let mark = widest(\.mark) == 0 ? 0 : max(widest(\.mark), DisplayWidth.of(header[header.count - 1]))
        return Widths(
            number: max(1, String(rows.count).count), name: min(32, max(DisplayWidth.of(header[1]), widest(\.name))), mark: mark,
            time: max(DisplayWidth.of(header[2]), widest(\.time)), symbol: max(2, widest(\.symbol)), condition: min(20, max(DisplayWidth.of(header[4]), widest(\.condition))),
            temperature: max(DisplayWidth.of(header[5]), widest(\.temperature)), low: widest(\.low), high: widest(\.high))
    }

    /// How the rows are laid out at a width: a line a place or two, and the columns' widths.
    /// Worked out once a frame (every row measured once), not once a row.
    package struct Plan: Sendable {
        package var twoLines: Bool
        var widths: Widths
        var width: Int
    }

    package static func plan(_ rows: [PlaceRow], width: Int, words: ViewWords) -> Plan {
        let natural = widths(rows, header: headers(words))
        let two = linesPerPlace(natural, width: width) == 2
        return Plan(twoLines: two, widths: two ? natural : fitted(natural, width: width), width: width)
    }

    /// How many lines a place takes at `width` (1 or 2).
    package static func linesPerPlace(_ rows: [PlaceRow], width: Int, words: ViewWords) -> Int {
        linesPerPlace(widths(rows, header: headers(words)), width: width)
    }

    static func linesPerPlace(_ w: Widths, width: Int) -> Int {
        let range = w.low + w.high + 1
        // Every column at its width (the name and condition at least 12 and 10), with a space between.
        let needed = w.number + 1 + min(w.name, 16) + (w.mark > 0 ? w.mark + 1 : 0) + 1 + w.time + 1 + w.symbol + 1 + min(w.condition, 12) + 1
            + w.temperature + 2 + range
        return needed <= width ? 1 : 2
    }

    /// The header's line (a line a place only), or nil.
    package static func header(_ plan: Plan, words: ViewWords) -> PlacePage.Line? {
        guard !plan.twoLines else { return nil }
        let h = headers(words)
        let w = plan.widths
        var text = DisplayWidth.pad(h[0], to: w.number, alignRight: true) + " " + DisplayWidth.pad(h[1], to: w.name + 1)
        if w.mark > 0 { text += DisplayWidth.pad(words.warningsColumn, to: w.mark + 1) }
        text += DisplayWidth.pad(h[2], to: w.time + 1) + String(repeating: " ", count: w.symbol + 1) + DisplayWidth.pad(h[4], to: w.condition + 1)
        text += DisplayWidth.pad(h[5], to: w.temperature, alignRight: true) + "  " + h[8]
        return [PlacePage.Piece(text, Frame.Look(bold: true))]
    }

    /// The widths shrunk to `width`: the condition, then the name, give way first (never below 10 and 12).
    static func fitted(_ natural: Widths, width: Int) -> Widths {
        var w = natural
        let fixed = w.number + 1 + (w.mark > 0 ? w.mark + 1 : 0) + 1 + w.time + 1 + w.symbol + 1 + 1 + w.temperature + 2 + w.low + w.high + 1
        var spare = width - fixed - w.name - w.condition
        while spare < 0, w.condition > 10 { w.condition -= 1; spare += 1 }
        while spare < 0, w.name > 12 { w.name -= 1; spare += 1 }
        return w
    }

    /// A place's lines at `width`: one or two.
    package static func lines(_ row: PlaceRow, plan: Plan) -> [PlacePage.Line] {
        typealias Piece = PlacePage.Piece
        let (two, w, width) = (plan.twoLines, plan.widths, plan.width)
        let red = Frame.Look(red: true)
        let base = row.failed ? red : .plain
        let number = Piece(DisplayWidth.pad("\(row.position)", to: w.number, alignRight: true) + " ", Frame.Look(dim: true))
        let markPiece = Piece(DisplayWidth.pad(row.mark, to: w.mark) + " ", Frame.Look(bold: true, colour: row.level.flatMap(LevelColours.warning)))
        let temperature = Piece(DisplayWidth.pad(row.temperature, to: w.temperature, alignRight: true), Frame.Look(bold: true, colour: row.colour))
        let range: [Piece] = row.low.isEmpty && row.high.isEmpty ? [Piece(DisplayWidth.pad("", to: w.low + w.high + 1))] : [
            Piece(DisplayWidth.pad(row.low, to: w.low, alignRight: true), Frame.Look(colour: row.lowColour)), Piece("/", Frame.Look(dim: true)),
            Piece(DisplayWidth.pad(row.high, to: w.high), Frame.Look(colour: row.highColour)),
        ]
        let symbol = Piece(DisplayWidth.pad(row.symbol, to: w.symbol) + " ")
        if !two {
            var line: [Piece] = [number, Piece(DisplayWidth.pad(DisplayWidth.truncate(row.name, to: w.name), to: w.name) + " ", Frame.Look(bold: true))]
            if w.mark > 0 { line.append(markPiece) }
            line.append(Piece(DisplayWidth.pad(row.time, to: w.time) + " ", Frame.Look(dim: true)))
            line.append(symbol)
            line.append(Piece(DisplayWidth.pad(DisplayWidth.truncate(row.condition, to: w.condition), to: w.condition) + " ", base))
            line.append(temperature)
            line.append(Piece("  "))
            line += range
            if !row.note.isEmpty { line.append(Piece("  " + row.note, row.failed ? red : Frame.Look(dim: true))) }
            return [line]
        }
        // Two lines: what tells the places apart and the temperature first; the rest under it.
        let indent = String(repeating: " ", count: w.number + 1)
        let rightWidth = w.temperature + 2 + w.low + w.high + 1
        let nameRoom = max(8, width - (w.number + 1) - (w.mark > 0 ? w.mark + 1 : 0) - rightWidth - 1)
        var first: [Piece] = [number, Piece(DisplayWidth.pad(DisplayWidth.truncate(row.name, to: nameRoom), to: nameRoom) + " ", Frame.Look(bold: true))]
        if w.mark > 0 { first.append(markPiece) }
        first.append(temperature)
        first.append(Piece("  "))
        first += range
        var second: [Piece] = [Piece(indent), Piece(row.time + "  ", Frame.Look(dim: true)), symbol, Piece(row.condition, base)]
        if !row.note.isEmpty { second.append(Piece("  · " + row.note, row.failed ? red : Frame.Look(dim: true))) }
        return [first, second]
    }
}
