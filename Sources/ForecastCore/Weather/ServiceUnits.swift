import Foundation
/// Converts the values a service sends, in whatever unit its `*_units` block
/// names, to the fixed units of `WeatherReport`. No unit named is the service's
/// default (°C, m/s, mm, m); a unit this does not know gives NaN, which
/// validation refuses as a bad answer (a value in furlongs is not read as m/s).
public enum ServiceUnits {
    public static func celsius(_ value: Double, unit: String?) -> Double {
        switch unit {
        case nil, "°C", "C", "celsius": value
        case "°F", "F", "fahrenheit": (value - 32) * 5 / 9
        case "K", "kelvin": value - 273.15
        default: .nan
        }
    }

    public static func metresPerSecond(_ value: Double, unit: String?) -> Double {
        switch unit {
        case nil, "m/s", "ms": value
        case "km/h", "kmh": value / 3.6
        case "mp/h", "mph": value * 0.44704
        case "kn", "knots": value * 1852 / 3600
        default: .nan
        }
    }

    public static func millimetres(_ value: Double, unit: String?) -> Double {
        switch unit {
        case nil, "mm": value
        case "inch": value * 25.4
        default: .nan
        }
    }

    public static func metres(_ value: Double, unit: String?) -> Double {
        switch unit {
        case nil, "m": value
        case "ft": value * 0.3048
        default: .nan
        }
    }
}

/// The temperature the air feels like, for services that do not say: the
/// Australian Bureau of Meteorology's apparent temperature (Steadman 1994),
/// which Open-Meteo's `apparent_temperature` also follows, from the air
/// temperature (°C), the relative humidity (%) and the wind (m/s). Nil when
/// any of them is missing or not finite.
public enum ApparentTemperature {
    public static func celsius(temperature: Double?, humidity: Double?, wind: Double?) -> Double? {
        guard let temperature, let humidity, let wind, temperature.isFinite, humidity.isFinite, wind.isFinite else { return nil }
        let t = min(max(temperature, -100), 70), rh = min(max(humidity, 0), 100), speed = min(max(wind, 0), 150)
        // Water vapour pressure, hPa.
        let vapour = rh / 100 * 6.105 * exp(17.27 * t / (237.7 + t))
        return t + 0.33 * vapour - 0.70 * speed - 4.00
    }
}
