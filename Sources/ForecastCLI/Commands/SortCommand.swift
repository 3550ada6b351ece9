import ArgumentParser
import ForecastCore

extension SortKey: ExpressibleByArgument {}

struct SortCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: "Show or set the order of the saved places.",
        discussion: """
            name, temperature or humidity sort on that; custom is your own order
            (see 'forecast move'). The choice is kept for later runs.

            Examples:
              $ forecast sort                      # shows the current order
              $ forecast sort name
              $ forecast sort temperature --descending
              $ forecast sort custom
            """
    )

    @Argument(help: "name, temperature, humidity or custom.")
    var key: SortKey?

    @Flag(name: .long, help: "Largest (or last in the alphabet) first.")
    var descending = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if key == nil && descending { throw ValidationError("--descending needs a sort key, e.g. 'forecast sort name --descending'") }
    }

    func run() async throws {
        let store = try store.open()
        guard let key else {
            Terminal.standardOutput.line("Sorted by \(try store.settings().sort.description).")
            return
        }
        let order = PlaceSort(key: key, descending: descending)
        try store.setSort(order)
        Terminal.standardOutput.line("Sorted by \(order.description).")
        if key.needsWeather, try !store.hasWeather() {
            Terminal.standardError.line("Note: until weather has been fetched, places are listed by name.")
        }
    }
}
