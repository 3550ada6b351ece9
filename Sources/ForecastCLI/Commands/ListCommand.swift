import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation

struct ListCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the saved places and their weather, in the current sort order.",
        discussion: """
            Weather younger than the TTL (10 minutes) comes from the cache without
            any request; the rest is fetched for all places at once. A place whose
            fetch fails shows why (network, timeout, rateLimited, unauthorized,
            notFound, badResponse, provider), with its last known weather marked
            stale, and the others are still shown. The numbers in the first column
            are what remove, move and show accept.

            --timeout is the budget for the whole refresh: every request, retry
            and wait fits in it, so a service that never answers costs that long
            and no longer.

            --where keeps the places whose weather matches, for cron and scripts:
            comparisons of a report field (temp, feels, humidity, wind, pressure,
            clouds, low, high, rain, uv, aqi, eaqi, pm25, pm10, latitude, longitude,
            position) with <, <=, >, >=, = or !=, joined by and/or, with not and
            parentheses. Numbers are in your units. A place without the value never
            matches. The places keep their numbers.

            Exit status: 0 all fine; 1 --where matched no place (nothing is printed);
            2 some places' weather could not be fetched; 3 the weather was shown but
            could not be saved; 130 interrupted.

            Examples:
              $ forecast list
              $ forecast list --refresh
              $ forecast list --offline --format json
              $ forecast list --offline --format csv > weather.csv
              $ forecast list --format line --template '{name} {symbol} {temp} {humidity}%'
              $ forecast list --where 'rain>=60 or aqi>100' --format line && notify-send umbrella
              $ forecast list --where 'temp<0 and not wind>10'
              $ OPENWEATHER_API_KEY=… forecast list --provider openweathermap
            """
    )

    @Option(name: .customLong("where"), help: ArgumentHelp("Only the places whose weather matches, e.g. 'rain>=60 and temp<5'.", valueName: "expression"))
    var filter: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: ReportFormatOption
    @OptionGroup var weatherOptions: WeatherOptions
    @OptionGroup var language: LanguageOption

    func validate() throws {
        if let filter { _ = try Self.parse(filter) }
    }

    /// The --where expression, or a usage error pointing at the bad token.
    static func parse(_ text: String) throws -> FilterExpression {
        do {
            return try FilterExpression.parse(text, fields: Set(ReportField.allCases.filter(\.isNumeric).map(\.rawValue)))
        } catch {
            throw ValidationError(Words.parsing.filterProblem(text, error))
        }
    }

    func run(_ context: CommandContext) async throws {
        guard let store = try self.store.openExisting(in: context) else {
            // Nothing saved anywhere yet; a command that only reads creates no file.
            return try context.render(
                ListOutput(
                    settings: Settings(), ordered: [], weather: [:], korean: context.words.korean, emoji: context.emoji,
                    now: context.app.clock()),
                as: output)
        }
        try StoreOptions.warnAboutDamaged(store, in: context)
        let (settings, ordered, outcome, weatherSettings) = try await WeatherSession.list(store, options: weatherOptions, in: context)
        var list = ListOutput(
            settings: settings, ordered: ordered, weather: outcome.weather, korean: weatherSettings.korean, emoji: context.emoji,
            now: context.app.clock(),
            source: SourceItem(weatherSettings.descriptor))
        if let filter { list.keep(try Self.parse(filter), words: context.words) }
        try context.render(list, as: output)
        try WeatherSession.finish(outcome, places: ordered.count, in: context)
        // Like grep: nothing matched is its own status, after any failure is said.
        if filter != nil && list.entries.isEmpty { throw CommandFailure(message: "", status: ExitStatus.failure) }
    }
}

/// The saved places in order, with their weather: `list`'s one output.
struct ListOutput: ReportOutput {
    var sort: SortItem
    var units: UnitsItem
    /// The places shown, with their numbers in the whole list.
    private(set) var entries: [(position: Int, place: Place)]
    private var filtered = false
    private let weather: [Int64: PlaceWeather]
    private let format: WeatherFormat
    private let now: Date
    /// Whose weather it is: said when any place has some.
    private let source: SourceItem?

    enum CodingKeys: CodingKey { case locations, sort, units, source }

    /// The JSON's locations are made only when JSON is asked for: a table of
    /// 5,000 places need not format 10,000 times it never prints.
    func encode(to encoder: any Encoder) throws {
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

    init(
        settings: Settings, ordered: [Place], weather: [Int64: PlaceWeather], korean: Bool, emoji: Bool, now: Date, source: SourceItem? = nil
    ) {
        self.source = source
        format = WeatherFormat(temperatureUnit: settings.temperatureUnit, windUnit: settings.windUnit, korean: korean, emoji: emoji)
        entries = ordered.enumerated().map { ($0.offset + 1, $0.element) }
        self.now = now
        self.weather = weather
        sort = SortItem(settings.sort)
        units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit)
    }

    /// Keeps only the places `filter` matches, by the numbers a report shows.
    mutating func keep(_ filter: FilterExpression, words: Words) {
        filtered = true
        entries = entries.filter { position, place in
            let row = ReportRow(place: place, position: position, weather: weather[place.id], format: format, words: words, now: now)
            return filter.matches { name in ReportField(rawValue: name).flatMap { row.bare[$0] }.flatMap(Double.init) }
        }
    }

    func rows(in context: CommandContext) -> [ReportRow] {
        entries.map { position, place in
            ReportRow(place: place, position: position, weather: weather[place.id], format: format, words: context.words, now: now)
        }
    }

    func text(in context: CommandContext) -> [String] {
        let out = context.stdout
        let words = context.words
        guard !entries.isEmpty else { return filtered ? [] : [words.nothingSavedYet] }
        var table = TextTable(
            headers: words.listHeaders,
            alignments: [.right, .left, .left, .left, .left, .right, .right, .right, .right, .right, .left])
        for (position, place) in entries {
            let w = weather[place.id]
            let report = w?.report
            let today = report?.today(now: now)
            table.append([
                "\(position)", DisplayWidth.truncate(words.name(place), to: 24),
                words.weekdayTime(LocalTime.reading(now, in: LocalTime.zone(place.timeZone))),
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
        // On a narrow terminal the note shrinks first, then Feels, Local time,
        // Today, Humidity, Rain and the weather's words give way, in that order.
        var lines = table.fitted(width: out.columns, flexible: 10, dropOrder: [6, 2, 8, 7, 9, 4])
        lines[0] = out.bold(lines[0])
        lines = lines.enumerated().map { index, line in
            index > 0 && weather[entries[index - 1].place.id]?.error != nil ? out.red(line) : line
        }
        if showsWeather, let source { lines.append(out.dim(words.weatherCredit(source, air: false))) }
        return lines
    }

    /// What the last column says: why there is no fresh weather.
    static func note(_ weather: PlaceWeather?, words: Words, now: Date) -> String {
        guard let weather else { return "" }
        let age = weather.fetchedAt.map { words.age($0, now: now) }
        switch (weather.error, weather.stale) {
        case (let error?, _) where error.kind == .cancelled: return words.interrupted(age)
        case (let error?, _): return words.weatherError(error) + (age.map { " (\($0))" } ?? "")
        case (nil, true): return words.stale(age)
        case (nil, false): return weather.report == nil ? words.noWeatherYet : ""
        }
    }
}
