import ArgumentParser
import ForecastCore
import ForecastKit
import ForecastViews

struct MoveCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Put a place at another position (switches the sort to custom).",
        discussion: HelpText.flowing("""
            The list as it is shown now becomes your own order, with the place moved.

            Examples:
              $ forecast move Seoul 1
              $ forecast move 4 2
              $ forecast move Tokyo last
            """)
    )

    @Argument(help: "The place: its number, name or the start of its name.", completion: Completions.savedPlaces)
    var place: String

    @Argument(help: "The new position, from 1; or first or last.")
    var position: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        let places = try store.openSaved(in: context)
        let typed = position.trimmingCharacters(in: .whitespaces).lowercased()
        let target = switch typed {
        case "first": 1
        case "last": try places.ordered().places.count
        default: Int(typed)
        }
        guard let target else { throw InputError.notANumber(.position, position) }
        let moved = try places.move(place, to: target)
        try context.render(PlacesChanged(.moved, before: [moved], position: target), as: output.format)
    }
}
