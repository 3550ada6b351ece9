import ArgumentParser
import ForecastCore
import ForecastKit
import ForecastViews

struct RenameCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a saved place the name you want to see.",
        discussion: HelpText.flowing("""
            Only the label changes: the place, its position and its weather stay.
            `forecast add NAME --as LABEL` on a place already saved does the same.

            Examples:
              $ forecast rename Seoul 집
              $ forecast rename 2 "Mom's place"
            """)
    )

    @Argument(help: "The place: its number, name or the start of its name.", completion: Completions.savedPlaces)
    var place: String

    @Argument(help: "The new label.")
    var label: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        let label = try PlaceName(label, what: .label).value
        let places = try store.openSaved(in: context)
        let (before, after) = try places.rename(place, to: label)
        try context.render(PlacesChanged(.renamed, before: [before], after: [after]), as: output.format)
        if SearchKey.fold(before.displayName) != SearchKey.fold(after.displayName) { try context.noteNamesakes(of: after, in: places) }
    }
}
