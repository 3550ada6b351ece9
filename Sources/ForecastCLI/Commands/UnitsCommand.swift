import ArgumentParser
import ForecastCore

extension WindUnit: ExpressibleByArgument {}

extension TemperatureUnit: ExpressibleByArgument {
    public static var allValueStrings: [String] { ["celsius", "fahrenheit", "kelvin", "c", "f", "k"] }
}

struct UnitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Show or set the temperature and wind units.",
        discussion: """
            Both are kept for later runs. Weather is stored in °C and m/s and
            converted only for display.

            Examples:
              $ forecast units             # shows the current units
              $ forecast units fahrenheit
              $ forecast units c --wind kmh
              $ forecast units --wind mph
            """
    )

    @Argument(help: "celsius, fahrenheit or kelvin (or c, f, k).")
    var unit: TemperatureUnit?

    @Option(name: .long, help: "Wind speed unit: ms, kmh or mph.")
    var wind: WindUnit?

    @OptionGroup var store: StoreOptions

    func run() async throws {
        if unit == nil && wind == nil {
            let settings = try store.openExisting()?.settings() ?? Settings()
            Terminal.standardOutput.line("Temperatures are shown in \(settings.temperatureUnit.rawValue) (\(settings.temperatureUnit.symbol)).")
            Terminal.standardOutput.line("Wind speeds are shown in \(settings.windUnit.symbol).")
            return
        }
        let store = try store.open()
        if let unit {
            try store.setTemperatureUnit(unit)
            Terminal.standardOutput.line("Temperatures are now shown in \(unit.rawValue) (\(unit.symbol)).")
        }
        if let wind {
            try store.setWindUnit(wind)
            Terminal.standardOutput.line("Wind speeds are now shown in \(wind.symbol).")
        }
    }
}
