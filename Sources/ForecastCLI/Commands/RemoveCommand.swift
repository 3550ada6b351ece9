import ArgumentParser
import ForecastKit
import ForecastViews

struct RemoveCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Forget saved places.",
        discussion: HelpText.flowing("""
            A place is its number in 'forecast list', its name or label (any case),
            or an unambiguous start of one. If any of them matches nothing, nothing
            is removed.

            Examples:
              $ forecast remove 2
              $ forecast remove seoul busan
              $ forecast remove Spring       # if only one saved name starts so
              $ forecast remove --damaged    # rows another program broke
            """),
        aliases: ["rm"]
    )

    @Argument(help: ArgumentHelp("Places to remove.", valueName: "place"), completion: Completions.savedPlaces)
    var places: [String] = []

    @Flag(name: .long, help: "Remove the saved rows that cannot be read (list names them), and nothing else.")
    var damaged = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func check() throws {
        if places.isEmpty == !damaged { throw UsageFailure(.removeWhat) }
    }

    func run(_ context: CommandContext) async throws {
        if damaged {
            let database = try store.openSaved(in: context)
            return context.stdout.line(context.words.removedDamaged(try database.removeDamaged().count))
        }
        let removed = try store.openSaved(in: context).remove(places)
        try context.render(PlacesChanged(.removed, before: removed), as: output.format)
    }
}
