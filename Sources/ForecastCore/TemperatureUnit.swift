/// The unit temperatures are shown in. Stored values are always °C.
public enum TemperatureUnit: String, CaseIterable, Codable, Sendable {
    case celsius, fahrenheit, kelvin

    /// Accepts the full name or its first letter, in any case.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "celsius", "c": self = .celsius
        case "fahrenheit", "f": self = .fahrenheit
        case "kelvin", "k": self = .kelvin
        default: return nil
        }
    }

    public var symbol: String {
        switch self {
        case .celsius: "°C"
        case .fahrenheit: "°F"
        case .kelvin: "K"
        }
    }

    /// A difference of temperatures in this unit (no offset: 1 °C apart is 1.8 °F and 1 K apart).
    public func convert(celsiusDifference difference: Double) -> Double {
        self == .fahrenheit ? difference * 9 / 5 : difference
    }

    public func convert(celsius: Double) -> Double {
        switch self {
        case .celsius: celsius
        case .fahrenheit: celsius * 9 / 5 + 32
        case .kelvin: celsius + 273.15
        }
    }
}
