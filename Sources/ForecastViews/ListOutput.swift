import ForecastCore
import ForecastKit
import Foundation

/// The saved places in order, with their weather: `list`'s one output.
package struct ListOutput: ReportOutput {
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
        let locations = entries.map { position, place in
            LocationItem(place, position: position, weather: weather[place.id], format: format, now: now)
        }
        try container.encode(locations, forKey: .locations)
        try container.encode(sort, forKey: .sort)
        try container.encode(units, forKey: .units)
        if showsWeather { try container.encodeIfPresent(source, forKey: .source) }
    }

    private var showsWeather: Bool { entries.contains { weather[$0.place.id]?.report != nil } }

    package init(
        settings: Settings, ordered: [Place], weather: [Int64: PlaceWeather], words: Words, emoji: Bool, now: Date, source: SourceItem? = nil
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

    package func rows(words: Words, format: WeatherFormat?) -> [ReportRow] {
        let format = format.map { var fixed = $0; fixed.emoji = self.format.emoji; return fixed } ?? self.format
        return entries.map { position, place in
            ReportRow(place: place, position: position, weather: weather[place.id], format: format, words: words, now: now)
        }
    }

    package func text(_ style: TextStyle) -> [String] {
        let out = style
        let words = style.words
        guard !entries.isEmpty else { return filtered ? [] : [words.nothingSavedYet] }
        var table = TextTable(
            headers: words.listHeaders,
            alignments: [.right, .left, .left, .left, .left, .right, .right, .right, .right, .right, .left])
        // A thousand places share a handful of time zones: each zone's clock is read once.
        var clocks: [String: String] = [:]
        for (position, place) in entries {
            let w = weather[place.id]
            let report = w?.report
            let today = report?.today(now: now)
            table.append([
                "\(position)", words.address(place, truncatedTo: 24),
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
                Self.note(w, words: words, now: now),
            ])
        }
        // On a narrow terminal the note shrinks first, then the columns that tell
        // the places apart least give way; between equals Feels, Local time,
        // Today, Humidity, Rain and the weather's words, in that order.
        var lines = table.fitted(width: out.columns, flexible: 10, dropOrder: [6, 2, 8, 7, 9, 4], ignoring: [0], placement: out.placement())
        lines[0] = out.bold(lines[0])
        lines = lines.enumerated().map { index, line in
            index > 0 && weather[entries[index - 1].place.id]?.error != nil ? out.red(line) : line
        }
        if showsWeather, let source { lines.append(out.dim(words.weatherCredit(source, air: false))) }
        return lines
    }

    /// What the last column says: why there is no fresh weather.
    package static func note(_ weather: PlaceWeather?, words: Words, now: Date) -> String {
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
