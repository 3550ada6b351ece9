import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation

struct ListCommand: AsyncParsableCommand {
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

            Exit status: 0 all fine; 2 some places' weather could not be fetched;
            3 the weather was shown but could not be saved; 130 interrupted.

            Examples:
              $ forecast list
              $ forecast list --refresh
              $ forecast list --offline --format json
              $ forecast list --offline --format csv > weather.csv
              $ forecast list --format line --template '{name} {symbol} {temp} {humidity}%'
              $ OPENWEATHER_API_KEY=… forecast list --provider openweathermap
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: ReportFormatOption
    @OptionGroup var weatherOptions: WeatherOptions
    @OptionGroup var language: LanguageOption

    func run() async throws {
        let context = CommandContext.current
        guard let store = try self.store.openExisting() else {
            // Nothing saved anywhere yet; a command that only reads creates no file.
            return try context.render(
                ListOutput(settings: Settings(), ordered: [], weather: [:], korean: context.words.korean, now: context.app.clock()),
                as: output)
        }
        let before = try store.ordered()
        let (outcome, weatherSettings) = try await WeatherSession.weather(
            for: before.places, detail: .summary, options: weatherOptions, store: store)
        // Ordered again when a temperature or humidity sort may change with what just arrived.
        let (settings, ordered) = outcome.fetchedAny && before.settings.sort.key.needsWeather ? try store.ordered() : before
        try context.render(
            ListOutput(
                settings: settings, ordered: ordered, weather: outcome.weather, korean: weatherSettings.korean,
                now: context.app.clock()),
            as: output)
        try WeatherSession.finish(outcome, places: ordered.count)
    }
}

/// The saved places in order, with their weather: `list`'s one output.
struct ListOutput: ReportOutput {
    var locations: [LocationItem]
    var sort: SortItem
    var units: UnitsItem
    private let places: [Place]
    private let weather: [Int64: PlaceWeather]
    private let format: WeatherFormat

    enum CodingKeys: CodingKey { case locations, sort, units }

    init(settings: Settings, ordered: [Place], weather: [Int64: PlaceWeather], korean: Bool, now: Date) {
        format = WeatherFormat(temperatureUnit: settings.temperatureUnit, windUnit: settings.windUnit, korean: korean)
        places = ordered
        self.weather = weather
        locations = ordered.enumerated().map { [format] index, place in
            LocationItem(place, position: index + 1, weather: weather[place.id], format: format, now: now)
        }
        sort = SortItem(settings.sort)
        units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit)
    }

    func rows(in context: CommandContext) -> [ReportRow] {
        let now = context.app.clock()
        return places.enumerated().map { index, place in
            ReportRow(place: place, position: index + 1, weather: weather[place.id], format: format, words: context.words, now: now)
        }
    }

    func text(in context: CommandContext) -> [String] {
        let out = context.stdout
        let words = context.words
        guard !places.isEmpty else { return [words.nothingSavedYet] }
        var table = TextTable(
            headers: words.listHeaders,
            alignments: [.right, .left, .left, .left, .left, .right, .right, .right, .right, .right, .left])
        let now = context.app.clock()
        for (index, place) in places.enumerated() {
            let w = weather[place.id]
            let report = w?.report
            let today = report?.today(now: now)
            table.append([
                "\(index + 1)", DisplayWidth.truncate(words.name(place), to: 24),
                words.weekdayTime(LocalTime.reading(now, in: LocalTime.zone(place.timeZone))),
                format.symbol(report?.current.condition),
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
        return lines.enumerated().map { index, line in
            index > 0 && weather[places[index - 1].id]?.error != nil ? out.red(line) : line
        }
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
