import Foundation

/// The dew point from the temperature and the relative humidity (Magnus's
/// formula with Sonntag's constants, within 0.1 °C of the tables from −45 to
/// 60 °C): what the page's humidity card says beside the percentage.
public enum DewPoint {
    /// °C; nil where either is unknown, not finite, or the humidity is not in (0, 100].
    public static func celsius(temperature: Double?, humidity: Double?) -> Double? {
        guard let t = temperature, let rh = humidity, t.isFinite, rh.isFinite, rh > 0, rh <= 100, t > -90, t < 70 else { return nil }
        let b = 17.62, c = 243.12
        let gamma = log(rh / 100) + b * t / (c + t)
        guard b - gamma != 0 else { return nil }
        let dew = c * gamma / (b - gamma)
        return dew.isFinite ? dew : nil
    }
}
