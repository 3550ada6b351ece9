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
    @OptionGroup var language: LanguageOption

    func run() async throws {
        if unit == nil && wind == nil {
            let settings = try store.openExisting()?.settings() ?? Settings()
            Terminal.standardOutput.line(Words.current.temperaturesShown(in: settings.temperatureUnit, now: false))
            Terminal.standardOutput.line(Words.current.windShown(in: settings.windUnit, now: false))
            return
        }
        let store = try store.open()
        if let unit {
            try store.setTemperatureUnit(unit)
            Terminal.standardOutput.line(Words.current.temperaturesShown(in: unit, now: true))
        }
        if let wind {
            try store.setWindUnit(wind)
            Terminal.standardOutput.line(Words.current.windShown(in: wind, now: true))
        }
    }
}
