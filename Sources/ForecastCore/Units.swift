/// The units of the quantities besides temperature and wind, each chosen on
/// its own (`forecast units --pressure inHg`) or by a system (`units imperial`).
/// Stored values are always SI-like (mm, m, hPa); these convert for display.
public struct MeasureUnits: Hashable, Sendable, Codable {
    public var precipitation: PrecipitationUnit
    public var distance: DistanceUnit
    public var pressure: PressureUnit
    public var clock: ClockStyle

    public init(precipitation: PrecipitationUnit = .mm, distance: DistanceUnit = .km, pressure: PressureUnit = .hPa, clock: ClockStyle = .h24) {
        self.precipitation = precipitation
        self.distance = distance
        self.pressure = pressure
        self.clock = clock
    }

    public static let metric = MeasureUnits()
}

/// A whole set of units at once.
public enum UnitSystem: String, CaseIterable, Sendable {
    case metric, imperial

    public var temperature: TemperatureUnit { self == .metric ? .celsius : .fahrenheit }
    public var wind: WindUnit { self == .metric ? .kmh : .mph }
    public var measures: MeasureUnits {
        self == .metric ? .metric : MeasureUnits(precipitation: .inch, distance: .mi, pressure: .inHg, clock: .h12)
    }
}

public enum PrecipitationUnit: String, CaseIterable, Codable, Sendable {
    case mm, inch = "in"

    public var symbol: String { rawValue }

    public func convert(millimetres: Double) -> Double { self == .mm ? millimetres : millimetres / 25.4 }
    /// Decimals shown: 1.5 mm, 0.06 in.
    public var decimals: Int { self == .mm ? 1 : 2 }
}

public enum DistanceUnit: String, CaseIterable, Codable, Sendable {
    case km, mi

    public var symbol: String { rawValue }

    public func convert(metres: Double) -> Double { self == .km ? metres / 1000 : metres / 1609.344 }
}

public enum PressureUnit: String, CaseIterable, Codable, Sendable {
    case hPa, inHg, mmHg

    public var symbol: String { rawValue }

    public func convert(hectopascals: Double) -> Double {
        switch self {
        case .hPa: hectopascals
        case .inHg: hectopascals / 33.8639
        case .mmHg: hectopascals / 1.33322
        }
    }

    /// Decimals shown: 1014 hPa, 29.94 inHg, 761 mmHg.
    public var decimals: Int { self == .inHg ? 2 : 0 }
}

/// How times of day read: 14:05, or 2:05 PM.
public enum ClockStyle: String, CaseIterable, Codable, Sendable {
    case h24 = "24h", h12 = "12h"
}

/// Which units to change: nil leaves one as it is.
public struct UnitChange: Sendable {
    public var temperature: TemperatureUnit?
    public var wind: WindUnit?
    public var precipitation: PrecipitationUnit?
    public var distance: DistanceUnit?
    public var pressure: PressureUnit?
    public var clock: ClockStyle?

    public init(
        temperature: TemperatureUnit? = nil, wind: WindUnit? = nil, precipitation: PrecipitationUnit? = nil,
        distance: DistanceUnit? = nil, pressure: PressureUnit? = nil, clock: ClockStyle? = nil
    ) {
        self.temperature = temperature
        self.wind = wind
        self.precipitation = precipitation
        self.distance = distance
        self.pressure = pressure
        self.clock = clock
    }

    /// Every unit of `system`.
    public init(_ system: UnitSystem) {
        let measures = system.measures
        self.init(
            temperature: system.temperature, wind: system.wind, precipitation: measures.precipitation, distance: measures.distance,
            pressure: measures.pressure, clock: measures.clock)
    }

    public var isEmpty: Bool {
        temperature == nil && wind == nil && precipitation == nil && distance == nil && pressure == nil && clock == nil
    }
}
