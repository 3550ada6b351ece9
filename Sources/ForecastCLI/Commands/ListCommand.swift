import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation
import ForecastViews

struct ListCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the saved places and their weather, in the current sort order.",
        discussion: HelpText.flowing("""
            Weather younger than the TTL (10 minutes) comes from the cache without
            any request; the rest is fetched for all places at once. A place whose
            fetch fails shows why (a network error, a timeout, a refused key…;
            JSON's error.kind: network, timeout, rateLimited, unauthorized,
            notFound, badResponse, provider), with its last known weather marked
            stale, and the others are still shown. The numbers in the first column
            are what remove, move and show accept.

            --timeout is the budget for the whole refresh: every request, retry
            and wait fits in it, so a service that never answers costs that long
            and no longer.

            A place with an official warning in force is marked with its highest
            level (⚠ orange; !2 orange with FORECAST_ASCII); blank: none in force;
            –: no warning source covers it; ?: it could not be checked. The last column says
            when precipitation starts or stops within two hours ("rain in 20 min",
            "dry from 15:30"). 'forecast alerts' shows the warnings whole.

            --where keeps the places whose weather matches, for cron and scripts:
            comparisons of a report field (temp, feels, humidity, wind, pressure,
            clouds, low, high, rain, uv, aqi, eaqi, pm25, pm10, latitude, longitude,
            position, alert, rain_next, daylight, moon, vs_yesterday, vs_normal) with <, <=, >, >=, = or !=, joined by and/or,
            with not and parentheses. Numbers are in your units. alert is the highest
            official warning level in force (0 none, 1 minor/yellow, 2 moderate/orange,
            3 severe/red, 4 extreme), absent where no warning source covers the place;
            rain_next is the minutes until precipitation starts (0: now), absent when
            none is expected in two hours; daylight is today's sunrise to sunset in
            minutes, moon the moon's lit part in %, both computed for the place;
            vs_yesterday is today's high less yesterday's, vs_normal less the normal
            high of the date (1991-2020). A place without the value never matches.
            The places keep their numbers.

            Exit status: 0 all fine; 1 --where matched no place (nothing is printed);
            2 some places' weather could not be fetched; 3 the weather was shown but
            could not be saved; 130 interrupted.

            Examples:
              $ forecast list
              $ forecast list --refresh
              $ forecast list --offline --format json
              $ forecast list --offline --format csv > weather.csv
              $ forecast list --format line --template '{name} {symbol} {temp} {humidity}%'
              $ forecast list --where 'rain>=60' --format line && notify-send umbrella
              $ forecast list --where 'temp<0 and not wind>10'
              $ forecast list --where 'alert>=2' --format line && notify-send warning
              $ forecast list --where 'rain_next<=30' --template '{name} {rain_next}'
              $ OPENWEATHER_API_KEY=… forecast list --provider openweathermap
            """),
        aliases: ["ls"]
    )

    @Option(name: .customLong("where"), help: ArgumentHelp("Only the places whose weather matches, e.g. 'rain>=60 and temp<5'.", valueName: "expression"))
    var filter: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: ReportFormatOption
    @OptionGroup var weatherOptions: WeatherOptions
    @OptionGroup var language: LanguageOption

    func check() throws {
        try output.check()
        try weatherOptions.check()
        if let filter { _ = try Self.parse(filter) }
    }

    /// The --where expression, or a usage error pointing at the bad token.
    static func parse(_ text: String) throws -> FilterExpression {
        do {
            return try FilterExpression.parse(text, fields: WeatherField.comparedNames)
        } catch {
            throw UsageFailure { $0.filterProblem(text, error) }
        }
    }

    func run(_ context: CommandContext) async throws {
        guard let store = try self.store.openExisting(in: context) else {
            // Nothing saved anywhere yet; a command that only reads creates no file.
            return try context.render(
                ListOutput(
                    settings: Settings(), ordered: [], weather: [:], words: context.words, emoji: context.emoji,
                    now: context.app.clock()),
                as: output)
        }
        // Only JSON says the warnings' texts: every other format reads their outlines.
        let json = try output.resolved(in: context) == .json
        let (listed, weatherSettings) = try await WeatherSession.list(store, options: weatherOptions, warningTexts: json, in: context)
        StoreOptions.warn(about: listed.damage, in: context)
        let now = context.app.clock()
        // The weather is read a page of places at a time as the list is written.
        let reader = WeatherPageReader(listed)
        var list = ListOutput(
            settings: listed.settings, ordered: listed.places, reading: reader, words: context.words,
            emoji: context.emoji, now: now, source: SourceItem(weatherSettings.descriptor))
        if let filter { list.keep(only: try listed.matching(try Self.parse(filter), now: now)) }
        try context.render(list, as: output)
        try reader.check()
        try WeatherSession.finish(listed.outcome, places: listed.places.count, in: context)
        // Like grep: nothing matched is its own status, after any failure is said.
        if filter != nil && list.entries.isEmpty { throw CommandFailure(message: "", status: ExitStatus.failure) }
    }
}
