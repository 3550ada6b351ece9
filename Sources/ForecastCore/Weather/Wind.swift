/// The unit wind speeds are shown in. Stored values are always m/s.
public enum WindUnit: String, CaseIterable, Codable, Sendable {
    /// Metres a second, kilometres an hour, miles an hour, knots, and the Beaufort force (0–12).
    case ms, kmh, mph, kn, bft

    public var symbol: String {
        switch self {
        case .ms: "m/s"
        case .kmh: "km/h"
        case .mph: "mph"
        case .kn: "kn"
        case .bft: "Bft"
        }
    }

    public func convert(metresPerSecond speed: Double) -> Double {
        switch self {
        case .ms: speed
        case .kmh: speed * 3.6
        case .mph: speed / 0.44704
        case .kn: speed * 3600 / 1852
        case .bft: Double(Self.beaufort(metresPerSecond: speed))
        }
    }

    /// The Beaufort force of a mean wind speed: the WMO's upper bounds in m/s
    /// (0.2, 1.5, 3.3, 5.4, 7.9, 10.7, 13.8, 17.1, 20.7, 24.4, 28.4, 32.6),
    /// as the tenths the services give are rounded; 12 above.
    public static func beaufort(metresPerSecond speed: Double) -> Int {
        let bounds = [0.3, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7]
        return bounds.firstIndex { speed < $0 } ?? 12
    }
}

/// The 16 points of the compass.
public enum CompassPoint: String, CaseIterable, Sendable, Codable {
    case n = "N", nne = "NNE", ne = "NE", ene = "ENE", e = "E", ese = "ESE", se = "SE", sse = "SSE"
    case s = "S", ssw = "SSW", sw = "SW", wsw = "WSW", w = "W", wnw = "WNW", nw = "NW", nnw = "NNW"

    /// The point a wind direction in degrees (where it blows from, 0 = north,
    /// clockwise) falls in; each point covers 22.5°, centred on it.
    public init(degrees: Double) {
        let finite = degrees.isFinite ? degrees : 0
        let normalised = (finite.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let index = (SafeNumber.rounded(normalised / 22.5) ?? 0) % 16
        self = Self.allCases[index]
    }
}
