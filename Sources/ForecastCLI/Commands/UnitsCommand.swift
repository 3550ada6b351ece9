import ArgumentParser
import ForecastCore
import ForecastViews

extension WindUnit: ExpressibleByArgument {}

extension TemperatureUnit: ExpressibleByArgument {
    public static var allValueStrings: [String] { ["celsius", "fahrenheit", "kelvin", "c", "f", "k"] }
}

struct UnitsCommand: ForecastCommand {
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
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        if unit == nil && wind == nil {
            let settings = try store.openExisting(in: context)?.settings() ?? Settings()
            let units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit)
            try context.render(UnitsShown(units: units, changed: []), as: output.format)
            return
        }
        let settings = try store.open(in: context).setUnits(temperature: unit, wind: wind)
        let units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit)
        let changed = (unit == nil ? [] : ["temperature"]) + (wind == nil ? [] : ["wind"])
        try context.render(UnitsShown(units: units, changed: changed), as: output.format)
    }
}
