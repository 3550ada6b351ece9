import ArgumentParser
import ForecastCore
import ForecastViews

extension SortKey: ExpressibleByArgument {
    /// The keys as named, and `temp`, the field's name in --where and templates.
    public init?(argument: String) {
        self.init(rawValue: argument == "temp" ? "temperature" : argument)
    }
}

struct SortCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: "Show or set the order of the saved places.",
        discussion: HelpText.flowing("""
            name, temperature or humidity sort on that; custom is your own order
            (see 'forecast move'). The choice is kept for later runs.

            Examples:
              $ forecast sort                      # shows the current order
              $ forecast sort name
              $ forecast sort temperature --descending
              $ forecast sort custom
            """)
    )

    @Argument(help: "name, temperature (or temp), humidity or custom.")
    var key: SortKey?

    @Flag(name: [.long, .customLong("desc")], help: "Largest (or last in the alphabet) first.")
    var descending = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func check() throws {
        if key == nil && descending { throw UsageFailure(.descendingNeedsKey) }
    }

    func run(_ context: CommandContext) async throws {
        guard let key else {
            let settings = try context.settings(of: store.openExisting(in: context))
            try context.render(SortShown(settings.sort, changed: false), as: output.format)
            return
        }
        let store = try store.open(in: context)
        let order = PlaceSort(key: key, descending: descending)
        try store.setSort(order)
        try context.render(SortShown(order, changed: true), as: output.format)
        if key.needsWeather, try !store.hasWeather() {
            context.stderr.line("\(context.words.notePrefix): \(context.words.sortedByNameUntilWeather)")
        }
    }
}
