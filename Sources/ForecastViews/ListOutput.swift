import ForecastCore
import ForecastKit
import Foundation

/// The saved places in order, with their weather: `list`'s one output.
package struct ListOutput: ReportOutput, StreamedJSON {
    package var sort: SortItem
    package var units: UnitsItem
    /// The places shown, with their numbers in the whole list.
    package private(set) var entries: [(position: Int, place: Place)]
    private var filtered = false
    private let weather: [Int64: PlaceWeather]
    private let format: WeatherFormat
    private let now: Date
    /// Whose weather it is: said when any place has some.
    private let source: SourceItem?

    package enum CodingKeys: CodingKey { case locations, sort, units, source }

    /// The JSON's locations are made only when JSON is asked for: a table of
    /// 5,000 places need not format 10,000 times it never prints.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let marker = locationsMarker {
            try container.encode([marker], forKey: .locations)
        } else {
            try container.encode(Array(locations), forKey: .locations)
        }
        try container.encode(sort, forKey: .sort)
        try container.encode(units, forKey: .units)
        if showsWeather { try container.encodeIfPresent(source, forKey: .source) }
    }

    /// Each place's JSON, made when asked for.
    private var locations: some Sequence<LocationItem> {
        entries.lazy.map { [weather, format, now] position, place in
            LocationItem(place, position: position, weather: weather[place.id], format: format, now: now)
        }
    }

    /// Where the locations go when they are written one at a time (`writeJSON`).
    private var locationsMarker: String?

    /// The JSON as its encoding reads, written a place at a time.
    package func writeJSON(_ write: (String) -> Void) throws {
        guard !entries.isEmpty else { return write(try JSONOutput.render(self)) }
        var head = self
        // The rest holds no place's text, so nothing but the marker reads as the marker.
        head.locationsMarker = "(the locations)"
        try JSONOutput.stream(head, marker: "(the locations)", elements: locations, write: write)
    }

    private var showsWeather: Bool { entries.contains { weather[$0.place.id]?.report != nil } }

    package init(
        settings: Settings, ordered: [Place], weather: [Int64: PlaceWeather], words: CommandFaceWords, emoji: Bool, now: Date, source: SourceItem? = nil
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
        return entries[range.clamped(to: entries.indices)].map { position, place in
            ReportRow(place: place, position: position, weather: weather[place.id], format: format, words: words, now: now)
        }
    }

    package func text(_ style: CommandStyle) -> [String] {
        let out = style
        let words = style.words
        guard !entries.isEmpty else { return filtered ? [] : [words.nothingSavedYet] }
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
        for (position, place) in entries {
            let w = weather[place.id]
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
        // Where the notes as said do not fit, they say less ("snow 18:20", not "snow in 42 …"), before anything is cut.
        if let columns = out.columns, table.fitted(width: nil, placement: out.placement()).contains(where: { DisplayWidth.of($0) > columns }) {
            for index in table.rows.indices where index < shortNotes.count { table.rows[index][11] = shortNotes[index] }
        }
        // On a narrow terminal the note shrinks first, then the columns that tell
        // the places apart least give way; between equals Feels, Local time,
        // Today, Humidity, Rain and the weather's words, in that order. The
        // warnings' column is never dropped, and is left out when no place has one
        // (a place no source covers then shows no mark either way).
        var lines = table.fitted(
            width: out.columns, flexible: 11, dropOrder: [7, 3, 9, 8, 10, 5], ignoring: [0], placement: out.placement(),
            leaving: levels.contains { $0 != nil } ? [] : [Self.warningsColumn])
        lines[0] = out.bold(lines[0])
        lines = lines.enumerated().map { index, line in
            guard index > 0 else { return line }
            let failed = weather[entries[index - 1].place.id]?.error != nil
            var line = failed ? out.red(line) : line
            // The mark in its level's colour (the table measured it plain), after the name.
            if let level = levels[index - 1], out.usesColour {
                let mark = WarningsText.mark(level, words: words, emoji: out.emoji)
                let name = words.address(entries[index - 1].place, truncatedTo: 24)
                let after = line.range(of: name)?.upperBound ?? line.startIndex
                if let range = line.range(of: mark, range: after..<line.endIndex) {
                    line.replaceSubrange(range, with: out.warning(mark, level: level) + (failed ? "\u{1B}[31m" : ""))
                }
            }
            return line
        }
        if showsWeather, let source {
            lines.append(out.dim(words.weatherCredits(source, nextHours: nil, air: false, normals: false).joined(separator: words.creditSeparator)))
        }
        return lines
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
