/// Numbers as every output gives them (the table's text, JSON, CSV, the
/// `--where` filter): in the user's units, to a tenth. One rule, so that a
/// filter keeps exactly what the outputs show.
public enum ShownNumber {
    /// Millimetres, hPa, percentages, indices: to a tenth.
    public static func tenth(_ value: Double?) -> Double? {
        value.map { SafeNumber.rounded($0, places: 1) }
    }

    public static func temperature(_ celsius: Double?, in unit: TemperatureUnit) -> Double? {
        tenth(celsius.map(unit.convert(celsius:)))
    }

    public static func wind(_ metresPerSecond: Double?, in unit: WindUnit) -> Double? {
        tenth(metresPerSecond.map(unit.convert(metresPerSecond:)))
    }
}
