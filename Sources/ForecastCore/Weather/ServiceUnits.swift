/// Converts the values a service sends, in whatever unit its `*_units` block
/// names, to the fixed units of `WeatherReport`.
public enum ServiceUnits {
    public static func celsius(_ value: Double, unit: String?) -> Double {
        switch unit {
        case "°F", "F", "fahrenheit": (value - 32) * 5 / 9
        case "K", "kelvin": value - 273.15
        default: value
        }
    }

    public static func metresPerSecond(_ value: Double, unit: String?) -> Double {
        switch unit {
        case "km/h", "kmh": value / 3.6
        case "mp/h", "mph": value * 0.44704
        case "kn", "knots": value * 0.514444
        default: value  // m/s
        }
    }

    public static func millimetres(_ value: Double, unit: String?) -> Double {
        unit == "inch" ? value * 25.4 : value
    }

    public static func metres(_ value: Double, unit: String?) -> Double {
        unit == "ft" ? value * 0.3048 : value
    }
}
