import ArgumentParser
import ForecastKit

struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Forget saved places.",
        discussion: """
            A place is its number in 'forecast list', its name or label (any case),
            or an unambiguous start of one. If any of them matches nothing, nothing
            is removed.

            Examples:
              $ forecast remove 2
              $ forecast remove seoul busan
              $ forecast remove Spring       # if only one saved name starts so
            """,
        aliases: ["rm"]
    )

    @Argument(help: ArgumentHelp("Places to remove.", valueName: "place"))
    var places: [String]

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run() async throws {
        let removed = try SavedPlaces(store: store.open(), context: CommandContext.current.app).remove(places)
        try CommandContext.current.render(PlacesChanged(.removed, before: removed), as: output.format)
    }
}
