import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation
import ForecastViews

struct ReportCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML report of every saved place's weather.",
        discussion: HelpText.flowing("""
            A summary table, then for each place its current conditions, a chart of
            the next 48 hours' temperature and chance of rain, and the coming days'
            lows and highs, in your units and language. The file has no scripts,
            fonts or other files to fetch: it works offline and can be mailed.
            Weather is fetched as 'show' fetches it (the full forecast, from the cache
            while it is fresh). An empty list is an error, and no file is written.

            Exit status as for list: 2 when some places' weather could not be fetched
            (the report is still written, saying which).

            Examples:
              $ forecast report -o weather.html
              $ forecast report --lang ko -o 날씨.html
              $ forecast report --offline > weather.html
            """)
    )

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var output: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var weatherOptions: WeatherOptions
    @OptionGroup var language: LanguageOption

    func check() throws { try weatherOptions.check() }

    func run(_ context: CommandContext) async throws {
        // Where it goes is checked first: a path that cannot be written fails before any fetch.
        let target = try FileOutput.checkedTarget(output, database: store.path(in: context), in: context)
        // Nothing saved: say so, and write nothing (not an empty report).
        guard let database = try store.openExisting(in: context) else { throw InputError.nothingSaved }
        try StoreOptions.warnAboutDamaged(database, in: context)
        let (listed, weatherSettings) = try await WeatherSession.list(database, options: weatherOptions, detail: .full, in: context)
        guard !listed.places.isEmpty else { throw InputError.nothingSaved }
        // Written as it is made: the rows from the places' summaries, the sections from their whole reports, a page at a time.
        let rows = WeatherPageReader(listed.summaries), sections = WeatherPageReader(listed)
        try FileOutput.write(to: target, named: output ?? "-", in: context) { write in
            HTMLReport.write(
                places: listed.places, rows: rows, sections: sections, format: WeatherFormat(listed.settings, words: context.words, emoji: context.emoji),
                words: context.words, source: SourceItem(weatherSettings.descriptor), now: context.app.clock(), write)
            // A page that could not be read: the file is left as it was.
            return rows.isWhole && sections.isWhole
        }
        try rows.check()
        try sections.check()
        let ordered = listed.places, outcome = listed.outcome
        if let output, target != .standardOutput { context.stderr.line(context.words.reportWritten(ordered.count, to: output)) }
        try WeatherSession.finish(outcome, places: ordered.count, in: context)
    }
}
