/// The scales air quality is graded on, as the people of a country read it
/// (Apple Weather grades each place on its own country's scale):
/// - `us`: the US EPA's AQI, 0–500, six bands (`AirQuality.Category`);
/// - `eu`: the European Environment Agency's European AQI, six bands of the
///   index Open-Meteo gives as `european_aqi` (0–20 good, 20–40 fair, 40–60
///   moderate, 60–80 poor, 80–100 very poor, over 100 extremely poor);
/// - `kr`: the Korean Ministry of Environment's fine-dust grades (좋음, 보통,
///   나쁨, 매우나쁨) of PM10 (0–30, 31–80, 81–150, 151 and over, µg/m³) and
///   PM2.5 (0–15, 16–35, 36–75, 76 and over); the grade published is the worse
///   of the two.
public enum AirScale: String, Sendable, Codable, CaseIterable {
    case us, eu, kr

    /// The scale of a place's country: South Korea's own grades; the
    /// European AQI in the countries of the European Economic Area (the EU's
    /// 27, Iceland, Liechtenstein and Norway), whose agency publishes it; the
    /// US AQI elsewhere and where the country is not known.
    public static func local(countryCode: String?) -> AirScale {
        guard let code = countryCode?.uppercased() else { return .us }
        if code == "KR" { return .kr }
        return europeanEconomicArea.contains(code) ? .eu : .us
    }

    /// The EU's 27 and Iceland, Liechtenstein and Norway (ISO 3166-1 alpha-2).
    public static let europeanEconomicArea: Set<String> = [
        "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
        "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO",
    ]
}

/// What `forecast config air-scale` keeps: each place on its own country's
/// scale (`local`, the default), or one scale for every place.
public enum AirScaleChoice: String, Sendable, Codable, CaseIterable {
    case local, us, eu, kr

    /// The scale a place in `countryCode` is graded on.
    public func scale(countryCode: String?) -> AirScale {
        switch self {
        case .local: AirScale.local(countryCode: countryCode)
        case .us: .us
        case .eu: .eu
        case .kr: .kr
        }
    }
}

/// The air graded on one scale: the band's name and its rank on that scale
/// (1 the best), from the numbers as they are shown (whole µg/m³ and whole
/// indices, rounded half away from zero), so 15.5 µg/m³ of PM2.5, shown as 16,
/// is 보통 (moderate), not 좋음.
public struct AirGrade: Hashable, Sendable {
    public enum Name: String, Sendable, Codable, CaseIterable {
        // The US AQI's.
        case good, moderate, unhealthyForSensitiveGroups, unhealthy, veryUnhealthy, hazardous
        // The European AQI's (good and moderate are shared).
        case fair, poor, veryPoor, extremelyPoor
        // The Korean grades' (good and moderate are shared): 나쁨, 매우나쁨.
        case bad, veryBad
    }

    public var scale: AirScale
    public var name: Name
    /// 1 (the best) to the scale's number of bands (6, 6, 4).
    public var rank: Int
    /// The number the grade was read from, as shown: the index (US, EU), or
    /// the particulate matter that decided a Korean grade (µg/m³).
    public var value: Int
    /// For a Korean grade: which particles decided it ("pm10", "pm2_5").
    public var pollutant: String?

    public init(scale: AirScale, name: Name, rank: Int, value: Int, pollutant: String? = nil) {
        self.scale = scale
        self.name = name
        self.rank = rank
        self.value = value
        self.pollutant = pollutant
    }

    /// The air graded on `scale`; nil where the numbers that scale needs are
    /// not known (never a grade read from another scale's numbers).
    public init?(_ air: AirQuality, scale: AirScale) {
        switch scale {
        case .us:
            // The EPA's bands, as `AirQuality.Category` takes them.
            guard let value = Self.whole(air.usAQI), let name = Name(rawValue: AirQuality.Category(usAQI: Double(value)).rawValue) else {
                return nil
            }
            self.init(scale: .us, name: name, rank: (Self.usNames.firstIndex(of: name) ?? 0) + 1, value: value)
        case .eu:
            guard let value = Self.whole(air.europeanAQI) else { return nil }
            let rank = Self.rank(value, upTo: [20, 40, 60, 80, 100])
            self.init(scale: .eu, name: Self.euNames[rank - 1], rank: rank, value: value)
        case .kr:
            let pm10 = Self.whole(air.pm10).map { (Self.rank($0, upTo: [30, 80, 150]), $0, "pm10") }
            let pm2_5 = Self.whole(air.pm2_5).map { (Self.rank($0, upTo: [15, 35, 75]), $0, "pm2_5") }
            // The worse of the two; on a tie, the finer particles (what Korean reports lead with).
            guard let worst = [pm2_5, pm10].compactMap({ $0 }).max(by: { $0.0 < $1.0 }) else { return nil }
            self.init(scale: .kr, name: Self.krNames[worst.0 - 1], rank: worst.0, value: worst.1, pollutant: worst.2)
        }
    }

    /// The band of `value` (1 the best) among bands whose upper ends, inclusive, are `limits`; past the last, one more.
    static func rank(_ value: Int, upTo limits: [Int]) -> Int { (limits.firstIndex { value <= $0 } ?? limits.count) + 1 }

    /// The bands of each scale, best first.
    public static let usNames: [Name] = [.good, .moderate, .unhealthyForSensitiveGroups, .unhealthy, .veryUnhealthy, .hazardous]
    public static let euNames: [Name] = [.good, .fair, .moderate, .poor, .veryPoor, .extremelyPoor]
    public static let krNames: [Name] = [.good, .moderate, .bad, .veryBad]

    /// How many bands `scale` has.
    public static func bands(_ scale: AirScale) -> Int {
        switch scale {
        case .us: usNames.count
        case .eu: euNames.count
        case .kr: krNames.count
        }
    }

    /// The rank as a share of its scale's worst, 0…1: one colour ramp for the three scales.
    public var severity: Double { Double(rank - 1) / Double(max(1, Self.bands(scale) - 1)) }

    /// A whole number as shown (half away from zero); nil for none, a
    /// negative or an implausible value (the indices go to 500 and a little
    /// beyond, particles to a few thousand µg/m³ in a dust storm).
    public static func whole(_ value: Double?) -> Int? {
        guard let value, value.isFinite, value >= 0, value <= 100_000, let shown = ShownNumber.whole(value) else { return nil }
        return Int(shown)
    }
}
