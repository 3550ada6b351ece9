import Foundation

/// The one rule for every number a person or a script reads: converted from
/// the stored SI value, then rounded once, to the places shown, halves away
/// from zero, in decimal.
///
/// "In decimal": a converted value carries binary noise (47.3 °F is stored
/// as 8.499999999999998 °C, 12.2 °C is 285.34999999999997 K, and -0.05 °F
/// through °C and back is -0.049999999999997), which would turn a half down.
/// The value is first read to six decimals beyond those shown (at most 14
/// significant digits) — far beyond any measurement, far above the noise of a
/// conversion — and that decimal is rounded. Everything that shows a number
/// (text, JSON, CSV, `--where`, bands such as UV, Beaufort and air grades)
/// goes through this type, and `SafeNumber.fixed`/`rounded` are written on it.
public enum ShownNumber {
    /// Decimals beyond those shown, and significant digits at most, that a
    /// double is read to before it is rounded.
    static let extraDecimals = 6
    static let significantDigits = 14
    /// The largest number of units (value × 10^places) this rounds exactly.
    static let largestUnits = 9.0e15

    /// `value` to `places` decimals (0 to 9) as a signed count of units of
    /// 10^-places (8.5 at 0 places: 9; -42.65 at 1: -427), or nil when it is
    /// not finite or too large to count exactly.
    public static func units(_ value: Double, places: Int) -> Int64? {
        guard value.isFinite else { return nil }
        let places = max(0, min(places, 9))
        let scale = power(places)
        let magnitude = value.magnitude
        // Less than half a unit, however the noise lies: zero (and never -0).
        guard magnitude * scale >= 0.4 else { return 0 }
        guard magnitude * scale < largestUnits else { return nil }
        // The value read to its decimals, as digits × 10^-shift.
        let shift = min(places + extraDecimals, significantDigits - 1 - magnitude.log10Floor)
        let digits = (shift >= 0 ? magnitude * power(shift) : magnitude / power(-shift)).rounded()
        guard digits.isFinite, digits < largestUnits else { return nil }
        var units = Int64(digits)
        let drop = shift - places
        if drop > 0 {
            // At most six digits to drop.
            let divisor = Int64(power(min(drop, 18)))
            let (quotient, remainder) = units.quotientAndRemainder(dividingBy: divisor)
            units = quotient + (remainder * 2 >= divisor ? 1 : 0)
        } else if drop < 0 {
            units *= Int64(power(-drop))
        }
        return value < 0 ? -units : units
    }

    /// `value` rounded by the rule, as a number (the double nearest to the
    /// decimal: 8.5, 285.4, -42.7), or nil when not finite or too large.
    public static func rounded(_ value: Double, places: Int) -> Double? {
        guard let units = units(value, places: places) else { return nil }
        return units == 0 ? 0 : Double(units) / power(max(0, min(places, 9)))
    }

    /// `value` rounded by the rule, as text with `places` decimals and a point
    /// whatever the locale ("8.5", "-0.30", "285"); with `trim`, trailing zeros
    /// and a bare point go ("12.50" → "12.5", "3.0" → "3"). Nil when not finite
    /// or too large.
    public static func text(_ value: Double, places: Int, trim: Bool = false) -> String? {
        guard let units = units(value, places: places) else { return nil }
        let places = max(0, min(places, 9))
        let scale = Int64(power(places))
        let whole = units.magnitude / UInt64(scale)
        var text = (units < 0 ? "-" : "") + String(whole)
        guard places > 0 else { return text }
        var fraction = String(units.magnitude % UInt64(scale))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        if trim { while fraction.hasSuffix("0") { fraction.removeLast() } }
        if !fraction.isEmpty { text += "." + fraction }
        return text
    }

    /// Millimetres, hPa, µg/m³: to a tenth, as JSON, CSV and `--where` give them.
    public static func tenth(_ value: Double?) -> Double? {
        value.flatMap { rounded($0, places: 1) }
    }

    /// Percentages (humidity, clouds, chance of rain), bearings and the
    /// indices defined on whole numbers (UV, US and European AQI): whole in
    /// every output, text or machine, so that a band, `--where` and what is
    /// read all see the same number (a humidity of 49.5 is 50 everywhere).
    public static func whole(_ value: Double?) -> Double? {
        value.flatMap { rounded($0, places: 0) }
    }

    /// How far `after` is from `before` (°C) in `unit`, rounded once to
    /// `places` from the unrounded values: −3.2 °C apart is −5.76 °F, −5.8 to
    /// a tenth and −6 whole; never the difference of two rounded values (−5.7).
    public static func temperatureDifference(from before: Double?, to after: Double?, in unit: TemperatureUnit, places: Int = 1) -> Double? {
        guard let before, let after else { return nil }
        return rounded(unit.convert(celsiusDifference: after - before), places: places)
    }

    public static func temperature(_ celsius: Double?, in unit: TemperatureUnit) -> Double? {
        tenth(celsius.map(unit.convert(celsius:)))
    }

    public static func wind(_ metresPerSecond: Double?, in unit: WindUnit) -> Double? {
        tenth(metresPerSecond.map(unit.convert(metresPerSecond:)))
    }

    /// 10^n for n ≥ 0, exact up to 10^22.
    static func power(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, n) { result *= 10 }
        return result
    }
}

extension Double {
    /// ⌊log10(self)⌋ of a positive finite number, corrected where log10's own
    /// rounding lands on the wrong side of a power of ten.
    fileprivate var log10Floor: Int {
        var exponent = Int(log10(self).rounded(.down))
        let tenTo = { (n: Int) in n >= 0 ? ShownNumber.power(n) : 1 / ShownNumber.power(-n) }
        if tenTo(exponent) > self { exponent -= 1 }
        if tenTo(exponent + 1) <= self { exponent += 1 }
        return exponent
    }
}
