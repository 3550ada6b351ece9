import ForecastCore
import ForecastKit
import Foundation

/// The saved places in order, with their weather: `list`'s one output.
package struct ListOutput: ReportOutput, StreamedJSON, StreamedText {
    package var sort: SortItem
    package var units: UnitsItem
    /// The places shown, with their numbers in the whole list.
    package private(set) var entries: [(position: Int, place: Place)]
    private var filtered = false
    /// The places' weather, read a page of entries at a time.
    private let weather: WeatherPageReader
    private let format: WeatherFormat
    private let now: Date
    /// Whose weather it is: said when any place has some.
    private let source: SourceItem?

    package enum CodingKeys: CodingKey { case locations, sort, units, source }

    /// The JSON's locations are made only when JSON is asked for: a table of
    /// 5,000 places need not format 10,000 times it never prints.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var showsWeather = self.showsWeather
        if let marker = locationsMarker {
            try container.encode([marker], forKey: .locations)
        } else {
            let seen = Seen()
            try container.encode(Array(locations(seen)), forKey: .locations)
            showsWeather = seen.any
        }
        try container.encode(sort, forKey: .sort)
        try container.encode(units, forKey: .units)
        if showsWeather { try container.encodeIfPresent(source, forKey: .source) }
    }

    /// The entries a page at a time, with their weather (read as the page is asked for).
    /// They end at a page whose weather could not be read: what follows is not shown as if it had none.
    private var pages: some Sequence<(entries: ArraySlice<(position: Int, place: Place)>, weather: [Int64: PlaceWeather])> {
        stride(from: 0, to: entries.count, by: WeatherPages.size).lazy.map { [entries, weather] start in
            let page = entries[start..<min(entries.count, start + WeatherPages.size)]
            return (page, weather.read(page.map(\.place)))
        }.prefix { [weather] _ in weather.isWhole }
    }

    /// Each place's JSON, made when asked for (a page's weather read with its first); `seen` notes any weather.
    private func locations(_ seen: Seen) -> some Sequence<LocationItem> {
        pages.lazy.flatMap { [format, now] page, weather in
            page.map { position, place in
                if weather[place.id]?.report != nil { seen.any = true }
                return LocationItem(place, position: position, weather: weather[place.id], format: format, now: now)
            }
        }
    }

    /// Whether any place shown has weather (the credit is then said), once the locations were made.
    private final class Seen: @unchecked Sendable { var any = false }

    /// Where the locations go when they are written one at a time (`writeJSON`).
    private var locationsMarker: String?
    /// With the marker: whether the places written had weather.
    private var showsWeather = false

    /// The JSON as its encoding reads, written a place at a time.
    package func writeJSON(_ write: (String) -> Void) throws {
        guard !entries.isEmpty else { return write(try JSONOutput.render(self)) }
        var head = self
        // The rest holds no place's text, so nothing but the marker reads as the marker.
        head.locationsMarker = "(the locations)"
        let seen = Seen()
        try JSONOutput.stream(head, marker: "(the locations)", elements: locations(seen), write: write) {
            // What follows the places (the credit) as they turned out.
            var tail = head
            tail.showsWeather = seen.any
            return tail
        }
    }

    package init(
        settings: Settings, ordered: [Place], weather: [Int64: PlaceWeather], words: CommandFaceWords, emoji: Bool, now: Date, source: SourceItem? = nil
    ) {
        self.init(settings: settings, ordered: ordered, reading: WeatherPageReader(weather), words: words, emoji: emoji, now: now, source: source)
    }

    /// A list whose weather is read a page at a time as it is shown (`reading`).
    package init(
        settings: Settings, ordered: [Place], reading weather: WeatherPageReader, words: CommandFaceWords, emoji: Bool, now: Date,
        source: SourceItem? = nil
    ) {
        self.source = source
        format = WeatherFormat(settings, words: words, emoji: emoji)
        entries = ordered.enumerated().map { ($0.offset + 1, $0.element) }
        self.now = now
        self.weather = weather
        sort = SortItem(settings.sort)
        units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit)
    }

    /// Keeps only the places `filter` matches, by the numbers a report shows.
    /// Shows only these places (what `--where` kept, with their positions in the whole list).
    package mutating func keep(only kept: [(position: Int, place: Place)]) {
        filtered = true
        entries = kept
    }

    package var rowCount: Int { entries.count }

    package func rows(_ range: Range<Int>, words: CommandFaceWords, format: WeatherFormat?) -> [ReportRow] {
        let format = format.map { var fixed = $0; fixed.emoji = self.format.emoji; fixed.airScales = self.format.airScales; return fixed } ?? self.format
        let shown = entries[range.clamped(to: entries.indices)]
        let found = weather.read(shown.map(\.place))
        // A page that could not be read ends the rows: the command then says why.
        guard weather.isWhole else { return [] }
        return shown.map { position, place in
            ReportRow(place: place, position: position, weather: found[place.id], format: format, words: words, now: now)
        }
    }

    package func text(_ style: CommandStyle) -> [String] {
        var lines: [String] = []
        writeText(style) { lines.append($0) }
        return lines
    }

    /// The table given to `write` a line at a time: its cells are all held
    /// (the columns' widths need every row), its lines never all at once.
    package func writeText(_ style: CommandStyle, _ write: (String) -> Void) {
        let out = style
        let words = style.words
        guard !entries.isEmpty else { return filtered ? () : write(words.nothingSavedYet) }
        // The warnings' column after the name: the highest level in force, marked.
        var headers = words.listHeaders
        headers.insert(words.warningsColumn, at: Self.warningsColumn)
        var table = TextTable(
            headers: headers,
            alignments: [.right, .left, .left, .left, .left, .left, .right, .right, .right, .right, .right, .left])
        // A thousand places share a handful of time zones: each zone's clock is read once.
        var clocks: [String: String] = [:]
        var levels: [WarningLevel?] = []
        var shortNotes: [String] = []
        var failed: [Bool] = []
        var showsWeather = false
        for (page, found) in pages {
            for (position, place) in page {
                let w = found[place.id]
                failed.append(w?.error != nil)
                if w?.report != nil { showsWeather = true }
                let report = w?.report
                let today = report?.today(now: now)
                let level = w.flatMap { $0.warnings.leading(at: now)?.level }
                levels.append(level)
                table.append([
                    "\(position)", words.address(place, truncatedTo: 24),
                    // None in force: blank; no one to ask or nothing known: "–" (as any value not known); not checked now: "?".
                    level.map { WarningsText.mark($0, words: words, emoji: out.emoji) } ?? {
                        switch w?.warnings {
                        case .checked?, .failed(_, _?, _)?: ""
                        case .failed?: "?"
                        default: "–"
                        }
                    }(),
                    clocks[place.timeZone] ?? {
                        let clock = words.weekdayTime(format.reading(now, in: LocalTime.zone(place.timeZone)))
                        clocks[place.timeZone] = clock
                        return clock
                    }(),
                    format.symbol(report?.current.condition, isDay: report?.current.isDay),
                    DisplayWidth.truncate(format.describe(report?.current.condition), to: 24),
                    format.temperatureText(report?.current.temperature),
                    format.temperatureText(report?.current.feelsLike),
                    format.percent(report?.current.humidity),
                    format.range(today?.minimum, today?.maximum),
                    format.percent(today?.precipitationProbability),
                    Self.notes(w, place: place, format: format, words: words, now: now),
                ])
                shortNotes.append(Self.notes(w, place: place, format: format, words: words, now: now, short: true))
            }
        }
        // Where the notes as said do not fit, they say less ("snow 18:20", not "snow in 42 …"), before anything is cut.
        if let columns = out.columns, table.measured().widest > columns {
            for index in table.rows.indices where index < shortNotes.count { table.rows[index][11] = shortNotes[index] }
        }
        // On a narrow terminal the note shrinks first, then the columns that tell
        // the places apart least give way; between equals Feels, Local time,
        // Today, Humidity, Rain and the weather's words, in that order. The
        // warnings' column is never dropped, and is left out when no place has one
        // (a place no source covers then shows no mark either way).
        // The warnings' column left out in place (100,000 rows are not copied to lose it), the columns named after it moved.
        let dropsWarnings = !levels.contains { $0 != nil }
        if dropsWarnings { table.remove(column: Self.warningsColumn) }
        let moved = { (column: Int) in dropsWarnings && column > Self.warningsColumn ? column - 1 : column }
        // A page that could not be read: no table (the command then says why), not one with places blank.
        guard weather.isWhole else { return }
        var index = 0
        table.fitting(
            width: out.columns, flexible: moved(11), dropOrder: [7, 3, 9, 8, 10, 5].map(moved), ignoring: [0], placement: out.placement()
        ).write { line in
            defer { index += 1 }
            guard index > 0 else { return write(out.bold(line)) }
            let fetchFailed = failed[index - 1]
            var line = fetchFailed ? out.red(line) : line
            // The mark in its level's colour (the table measured it plain), after the name.
            if let level = levels[index - 1], out.usesColour {
                let mark = WarningsText.mark(level, words: words, emoji: out.emoji)
                let name = words.address(entries[index - 1].place, truncatedTo: 24)
                let after = line.range(of: name)?.upperBound ?? line.startIndex
                if let range = line.range(of: mark, range: after..<line.endIndex) {
                    line.replaceSubrange(range, with: out.warning(mark, level: level) + (fetchFailed ? "\u{1B}[31m" : ""))
                }
            }
            write(line)
        }
        if showsWeather, let source {
            write(out.dim(words.weatherCredits(source, nextHours: nil, air: false, normals: false).joined(separator: words.creditSeparator)))
        }
    }

    /// The warnings' column in the list's table.
    static let warningsColumn = 2

    /// What the last column says: when precipitation starts or stops within
    /// two hours ("rain in 20 min"), that the warnings could not be checked,
    /// and why there is no fresh weather.
    static func notes(_ weather: PlaceWeather?, place: Place, format: WeatherFormat, words: ViewWords, now: Date, short: Bool = false) -> String {
        guard let weather else { return "" }
        let view = WarningsView(weather, now: now)
        var notes = [WarningsText.note(view, zone: LocalTime.zone(place.timeZone), format: format, words: words, short: short)]
        if case .failed(_, nil, _) = weather.warnings { notes.append(words.warningsFailedNote) }
        notes.append(note(weather, words: words, now: now))
        return notes.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// What the last column says: why there is no fresh weather.
    package static func note(_ weather: PlaceWeather?, words: ViewWords, now: Date) -> String {
        guard let weather else { return "" }
        let age = weather.fetchedAt.map { words.age($0, now: now) }
        switch (weather.error, weather.stale) {
        case (let error?, _) where error.kind == .cancelled: return words.interrupted(age)
        // What went wrong and how old the weather shown is first: on a narrow
        // terminal the note is cut from its end, where the service's words are.
        case (let error?, _): return words.weatherError(error, age: age)
        case (nil, true): return words.stale(age)
        case (nil, false): return weather.report == nil ? words.noWeatherYet : ""
        }
    }
}
