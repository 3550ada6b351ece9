import ArgumentParser
import ForecastCore

extension TemperatureUnit: ExpressibleByArgument {
    public static var allValueStrings: [String] { ["celsius", "fahrenheit", "kelvin", "c", "f", "k"] }
}

struct UnitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Show or set the temperature unit.",
        discussion: """
            Examples:
              $ forecast units             # shows the current unit
              $ forecast units fahrenheit
              $ forecast units c
            """
    )

    @Argument(help: "celsius, fahrenheit or kelvin (or c, f, k).")
    var unit: TemperatureUnit?

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let store = try store.open()
        if let unit {
            try store.setTemperatureUnit(unit)
            Terminal.standardOutput.line("Temperatures are now shown in \(unit.rawValue) (\(unit.symbol)).")
        } else {
            let unit = try store.settings().temperatureUnit
            Terminal.standardOutput.line("Temperatures are shown in \(unit.rawValue) (\(unit.symbol)).")
        }
    }
}
