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
        abstract: "Look places up, built in and online, without saving them.",
        discussion: HelpText.flowing("""
            Exact names come before names that only start with the query, then
            larger places first. Case, accents and width are ignored. When no
            built-in city has the name, the online geocoder is asked too (its
            places of that name come first).

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

    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds the online lookup and, with --weather, the whole fetch may take together.", valueName: "seconds"))
    var typedTimeout: String = "10"
    var timeout: Double { DecimalOption.read(typedTimeout) }

    func check() throws {
        try DecimalOption.check(typedTimeout, "--timeout")
        try TimeBudget.check(timeout)
        guard (1...100).contains(limit) else { throw UsageFailure(.limit(limit)) }
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        let search = PlaceSearch(context: context.app)
        let budget = TimeBudget(timeout, clock: context.app.budgetClock)
        let request = weather ? weatherRequest(language: context.words.language) : nil
        let searched = try await WeatherSession.interruptible(in: context, cancelled: { $0.outcome?.cancelled = true }) {
            [country, limit, name, store] events in
            // The settings are read, never written: search changes nothing.
            try await search.search(
                name.joined(separator: " "), country: country, limit: limit, budget: budget, weather: request,
                settings: { try context.settings(of: store.openExisting(in: context)) }, events: events)
        }
        let found = searched.found
        // Both were asked (the built-in gazetteer, then the online service): not found, in every format (4).
        guard !found.matches.isEmpty else {
            throw CommandFailure(
                message: context.words.searchFoundNothing(found.query), status: ExitStatus.notFound,
                english: Language.en.words(context.app.gazetteer).searchFoundNothing(found.query))
        }
        if output.format == .table, found.online { context.stderr.line(context.words.foundOnline) }
        guard let weather = searched.weather, let outcome = searched.outcome, let settings = searched.settings else {
            return try context.render(SearchOutput(query: found.query, matches: found.matches, online: found.onlineIDs, now: context.app.clock()), as: output.format)
        }
        let format = WeatherFormat(settings, words: context.words, emoji: context.emoji)
        try context.render(
            SearchOutput(query: found.query, matches: found.matches, online: found.onlineIDs, weather: weather, format: format, now: context.app.clock()),
            as: output.format)
        try WeatherSession.finish(outcome, places: found.matches.count, kept: false, in: context)
    }

    /// The weather as --weather asks it.
    func weatherRequest(language: Language) -> WeatherRequest {
        var request = WeatherRequest()
        request.provider = provider
        request.timeout = timeout
        request.language = language.rawValue
        return request
    }
}
