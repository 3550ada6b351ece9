import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

struct SearchCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Look places up in the gazetteer without saving them.",
        discussion: HelpText.flowing("""
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
            """)
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

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds the online lookup and, with --weather, the whole fetch may take together.", valueName: "seconds"))
    var timeout: Double = 10

    func check() throws {
        try TimeBudget.check(timeout)
        guard (1...100).contains(limit) else { throw UsageFailure(.limit(limit)) }
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        let query = try PlaceName(name.joined(separator: " "), what: .searchText).value
        let budget = TimeBudget(timeout)
        let (matches, online) = try await PlaceFinder(context: context.app).search(query, country: country, limit: limit, timeout: budget.left)
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
        request.budgetEnds = budget.ends
        request.language = context.words.language.rawValue
        // The settings are read, never written: search changes nothing.
        let settings = try context.settings(of: store.openExisting(in: context))
        let (outcome, _) = try await WeatherSession.unsavedWeather(
            for: matches.map { finder.draft($0.city, label: nil) }, detail: .summary, options: request,
            preferences: settings.preferences, in: context)
        let format = WeatherFormat(settings, words: context.words, emoji: context.emoji)
        let found = SearchOutput(
            query: query, matches: matches, online: online,
            weather: matches.indices.map { outcome.weather[Int64($0)] ?? PlaceWeather() }, format: format, now: context.app.clock())
        try context.render(found, as: output.format)
        try WeatherSession.finish(outcome, places: matches.count, in: context)
    }

}
