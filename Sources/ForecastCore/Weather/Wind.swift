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

    /// The Beaufort force of a mean wind speed, by the WMO's table in m/s to
    /// a tenth (force 3 is 3.4–5.4 m/s): the speed is first rounded to the
    /// tenth JSON shows (`ShownNumber`), so 3.38 m/s, shown as 3.4, is force
    /// 3, never 2. 12 from 32.7 m/s.
    public static func beaufort(metresPerSecond speed: Double) -> Int {
        // Each force's lowest speed, in tenths of m/s.
        let lowest: [Int64] = [3, 16, 34, 55, 80, 108, 139, 172, 208, 245, 285, 327]
        guard let tenths = ShownNumber.units(speed, places: 1) else { return speed > 0 ? 12 : 0 }
        return lowest.firstIndex { tenths < $0 } ?? 12
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
