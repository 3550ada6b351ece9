import ArgumentParser
import ForecastCore
import ForecastViews

extension WindUnit: ExpressibleByArgument {}
extension PrecipitationUnit: ExpressibleByArgument {}
extension DistanceUnit: ExpressibleByArgument {}
extension PressureUnit: ExpressibleByArgument {
    public init?(argument: String) {
        guard let unit = Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else { return nil }
        self = unit
    }
}
extension ClockStyle: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "24h", "24": self = .h24
        case "12h", "12": self = .h12
        default: return nil
        }
    }
}

extension TemperatureUnit: ExpressibleByArgument {
    public static var allValueStrings: [String] { ["celsius", "fahrenheit", "kelvin", "c", "f", "k"] }
}

/// `units`' argument: a temperature unit, or a whole system.
enum UnitsChoice: ExpressibleByArgument {
    case temperature(TemperatureUnit)
    case system(UnitSystem)

    init?(argument: String) {
        if let system = UnitSystem(rawValue: argument.lowercased()) {
            self = .system(system)
        } else if let unit = TemperatureUnit(argument: argument) {
            self = .temperature(unit)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { UnitSystem.allCases.map(\.rawValue) + TemperatureUnit.allValueStrings }
}

struct UnitsCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Show or set the units: temperature, wind, precipitation, distance, pressure and the clock.",
        discussion: HelpText.flowing("""
            Every choice is kept for later runs. Weather is stored in °C, m/s, mm,
            metres and hPa and converted only for display. metric is °C, km/h, mm,
            km, hPa and a 24-hour clock; imperial is °F, mph, in, mi, inHg and a
            12-hour clock. CSV and TSV never change with these (see the user
            guide, docs/guide.md, "Reports for scripts"); JSON gives temperature and wind in your units and the
            rest as stored, and its "units" says which.

            Examples:
              $ forecast units             # shows the current units
              $ forecast units imperial
              $ forecast units fahrenheit
              $ forecast units c --wind kn --pressure mmHg
              $ forecast units --wind bft --clock 12h
            """)
    )

    @Argument(help: "metric or imperial; or a temperature unit: celsius, fahrenheit or kelvin (c, f, k).", completion: .list(UnitsChoice.allValueStrings))
    var unit: UnitsChoice?

    @Option(name: .long, help: "Wind speed: ms, kmh, mph, kn (knots) or bft (Beaufort).")
    var wind: WindUnit?

    @Option(name: .long, help: "Precipitation: mm or in.")
    var precipitation: PrecipitationUnit?

    @Option(name: .long, help: "Distance (visibility): km or mi.")
    var distance: DistanceUnit?

    @Option(name: .long, help: "Pressure: hPa, inHg or mmHg.")
    var pressure: PressureUnit?

    @Option(name: .long, help: "Times of day: 24h or 12h.")
    var clock: ClockStyle?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    /// What the command line asks to change: a system first, then each unit named.
    var change: UnitChange {
        var change = UnitChange()
        switch unit {
        case .system(let system)?: change = UnitChange(system)
        case .temperature(let temperature)?: change.temperature = temperature
        case nil: break
        }
        if let wind { change.wind = wind }
        if let precipitation { change.precipitation = precipitation }
        if let distance { change.distance = distance }
        if let pressure { change.pressure = pressure }
        if let clock { change.clock = clock }
        return change
    }

    func run(_ context: CommandContext) async throws {
        let change = change
        let settings = change.isEmpty
            ? try context.settings(of: store.openExisting(in: context))
            : try store.open(in: context).setUnits(change)
        let units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit, measures: settings.measures)
        let changed = [
            ("temperature", change.temperature != nil), ("wind", change.wind != nil), ("precipitation", change.precipitation != nil),
            ("distance", change.distance != nil), ("pressure", change.pressure != nil), ("clock", change.clock != nil),
        ].filter(\.1).map(\.0)
        try context.render(UnitsShown(units: units, measures: settings.measures, changed: changed), as: output.format)
    }
}
