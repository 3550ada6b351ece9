import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation
import ForecastViews

/// How `alerts` prints: the formats its output has (`AlertsOutput.formats`).
enum AlertsFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, line

    var output: OutputFormat {
        switch self {
        case .table: .table
        case .json: .json
        case .csv: .csv
        case .line: .line
        }
    }
}

struct AlertsCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Show the official weather warnings in force at every saved place, most severe first.",
        discussion: HelpText.flowing("""
            One block a warning: the place, the level (minor/yellow, moderate/orange,
            severe/red, extreme), the event, when it is in force in the place's own
            time, the area, the headline, the first lines of what to do, and who
            issued it. Warnings come from the official services that cover each
            place (MET Norway for Norway, the US National Weather Service for the
            United States; OpenWeatherMap's alerts worldwide with 'forecast config
            alerts openweathermap' and OPENWEATHER_API_KEY); a note on stderr says
            which places have no warning source and which could not be checked.

            The warnings are asked as a refresh of the list asks them (within each
            service's terms: MET Norway once in 10 minutes a place); --offline shows
            those kept, with their age, never expired ones. The weather itself is
            neither fetched nor changed.

            Exit status: 0 some warning is in force; 1 none is (nothing printed but
            a sentence in the table); 2 none is shown and some place's warnings
            could not be checked; 4 nothing is saved yet; 64 a usage error; 130
            interrupted.

            Examples:
              $ forecast alerts
              $ forecast alerts --refresh
              $ forecast alerts --offline --format json
              $ forecast alerts --format csv > warnings.csv
              $ forecast alerts --format line && notify-send "weather warning"
              $ forecast alerts --lang ko
            """)
    )

    @Option(name: .long, help: "Output format: table, json, csv or line (a warning a line).")
    var format: AlertsFormat = .table

    @OptionGroup var store: StoreOptions
    @OptionGroup var weatherOptions: WeatherOptions

    func check() throws { try weatherOptions.check() }
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        let store = try self.store.openSaved(in: context)
        let (listing, _) = try await WeatherSession.warnings(store, options: weatherOptions, in: context)
        StoreOptions.warn(about: listing.damage, in: context)
        guard !listing.entries.isEmpty else { throw InputError.nothingSaved }
        let words = context.words
        let output = AlertsOutput(listing, format: WeatherFormat(listing.settings, words: words, emoji: context.emoji), now: context.app.clock())
        try context.render(output, as: format.output, template: nil)
        // Where nobody could say: a place no source covers is not "all clear".
        let note = { (text: String) in context.stderr.line("\(words.notePrefix): " + text) }
        for group in listing.withoutSource {
            note(words.noWarningSource(for: group.places.map { words.address($0) }, country: group.countryCode.isEmpty ? nil : words.countryName(group.countryCode)))
        }
        if !listing.notChecked.isEmpty { note(words.warningsNotChecked(for: listing.notChecked.map { words.address($0) })) }
        for group in listing.failed { note(words.warningsFailed(for: group.places.map { words.address($0) }, group.error)) }
        try WeatherSession.finish(listing.outcome, places: listing.entries.count, in: context)
        // Like --where: none in force is its own status, for scripts; none shown because a check failed another.
        if output.isEmpty {
            throw CommandFailure(message: "", status: listing.failed.isEmpty ? ExitStatus.failure : ExitStatus.partial)
        }
    }
}
