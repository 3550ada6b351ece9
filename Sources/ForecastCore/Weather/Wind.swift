/// The unit wind speeds are shown in. Stored values are always m/s.
public enum WindUnit: String, CaseIterable, Codable, Sendable {
    case ms, kmh, mph

    public var symbol: String {
        switch self {
        case .ms: "m/s"
        case .kmh: "km/h"
        case .mph: "mph"
        }
    }

    public func convert(metresPerSecond speed: Double) -> Double {
        switch self {
        case .ms: speed
        case .kmh: speed * 3.6
        case .mph: speed / 0.44704
        }
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
