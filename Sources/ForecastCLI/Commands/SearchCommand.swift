import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

struct SearchCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Look places up in the gazetteer without saving them.",
        discussion: """
            Exact names come before names that only start with the query, then
            larger places first. Case, accents and width are ignored. Names the
            built-in gazetteer does not know are looked up online.

            --weather adds each candidate's current weather, asked for all of
            them at once (one Open-Meteo request for up to 50), and saves nothing.

            Examples:
              $ forecast search Seoul
              $ forecast search 서울
              $ forecast search sao paulo
              $ forecast search Springfield --country US --format json
              $ forecast search Springfield --weather
            """
    )

    @Argument(help: "The name or the start of it (several words are joined).")
    var name: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only places in this country (ISO code).", valueName: "CC"))
    var country: String?

    @Option(name: .long, help: ArgumentHelp("At most this many results (1-100).", valueName: "N"))
    var limit: Int = 10

    @Flag(name: .long, help: "Show each candidate's current weather too (fetched in one batch; nothing is saved).")
    var weather = false

    @Option(name: .long, help: ArgumentHelp("With --weather: \(ProviderHelp.choices) (default: $FORECAST_PROVIDER, else 'forecast config provider').", valueName: "name"))
    var provider: ProviderName?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --weather: seconds the whole fetch may take.", valueName: "seconds"))
    var timeout: Double = 10

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        let query = try PlaceName(name.joined(separator: " "), what: .searchText).value
        guard (1...100).contains(limit) else { throw ValidationError(context.words.usage(.limit(limit))) }
        let (matches, online) = try await PlaceFinder(context: context.app).search(query, country: country, limit: limit)
        if output.format == .table {
            // Both were asked: the built-in gazetteer, then the online service.
            guard !matches.isEmpty else { throw CommandFailure(message: context.words.searchFoundNothing(query), status: ExitStatus.notFound) }
            if online { context.stderr.line(context.words.foundOnline) }
        }
        guard weather, !matches.isEmpty else {
            return try context.render(SearchOutput(query: query, matches: matches, online: online, now: context.app.clock()), as: output.format)
        }
        let finder = PlaceFinder(context: context.app)
        var request = WeatherRequest()
        request.provider = provider
        request.timeout = timeout
        request.language = context.words.language.rawValue
        // The settings are read, never written: search changes nothing.
        let settings = try store.openExisting(in: context)?.settings() ?? Settings()
        let (outcome, weatherSettings) = try await WeatherSession.unsavedWeather(
            for: matches.map { finder.draft($0.city, label: nil) }, detail: .summary, options: request,
            preferences: settings.preferences, in: context)
        let format = WeatherFormat(temperatureUnit: settings.temperatureUnit, windUnit: settings.windUnit, korean: weatherSettings.korean,
            emoji: context.emoji)
        let found = SearchOutput(
            query: query, matches: matches, online: online,
            weather: matches.indices.map { outcome.weather[Int64($0)] ?? PlaceWeather() }, format: format, now: context.app.clock())
        try context.render(found, as: output.format)
        try WeatherSession.finish(outcome, places: matches.count, in: context)
    }

    /// The candidates, fitted to `width` columns (a terminal's; nil for a pipe):
    /// population, coordinates, time zone and region give way, in that order.
    /// With `weather` (one per city), the weather's symbol, words and
    /// temperature too, before the columns that give way first.
    static func table(_ cities: [City], width: Int?, words: Words, weather: [PlaceWeather]? = nil, format: WeatherFormat? = nil) -> [String] {
        let withWeather = weather != nil && format != nil
        var headers = words.candidateHeaders
        var alignments: [TextTable.Alignment] = [.right, .left, .left, .left, .left, .left, .right]
        if withWeather {
            headers.insert(contentsOf: ["", words.weatherHeader, words.temperatureHeader], at: 4)
            alignments.insert(contentsOf: [.left, .left, .right], at: 4)
        }
        var table = TextTable(headers: headers, alignments: alignments)
        for (index, city) in cities.enumerated() {
            var row = [
                "\(index + 1)", words.name(city),
                SafeText.clean(Gazetteer.bundled.regionName(country: city.countryCode, code: city.admin1) ?? city.admin1, maxLength: 100),
                "\(words.countryName(city.countryCode)) (\(city.countryCode))",
                city.coordinate.description, city.timeZone, Self.grouped(city.population),
            ]
            if let weather, let format, index < weather.count {
                let report = weather[index].report
                let condition = report.map { format.describe($0.current.condition) }
                    ?? weather[index].error.map { words.errorKind($0.kind) } ?? "–"
                row.insert(contentsOf: [format.symbol(report?.current.condition, isDay: report?.current.isDay), condition, format.temperatureText(report?.current.temperature)], at: 4)
            }
            table.append(row)
        }
        return table.fitted(width: width, dropOrder: withWeather ? [9, 7, 8, 3, 5, 2] : [6, 4, 5, 3, 2])
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { result.append(",") }
            result.append(c)
        }
        return String(result.reversed())
    }
}
