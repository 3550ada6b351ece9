/// What a weather condition is made of, whichever service said it: the
/// closed list of parts every language words. A service's codes (WMO 4677,
/// OpenWeatherMap's ids, MET Norway's symbol names) are read into parts here,
/// once; a language never sees a code, so a new service's drizzle, haze, dust
/// or smoke has words in every language without touching a catalog.
public struct ConditionParts: Hashable, Sendable {
    /// How much of the sky is cloud, when nothing else is going on.
    public enum Sky: String, Sendable, CaseIterable { case clear, mainlyClear, partlyCloudy, cloudy }
    /// What hides the view.
    public enum Veil: String, Sendable, CaseIterable { case fog, rimeFog, mist, haze, smoke, dust, sand, ash }
    /// What falls.
    public enum Falling: String, Sendable, CaseIterable { case drizzle, rain, sleet, snow, snowGrains }
    /// Wind that is the weather itself.
    public enum Wind: String, Sendable, CaseIterable { case squall, tornado }

    public var sky: Sky?
    public var veil: Veil?
    public var falling: Falling?
    /// How hard it falls, or how strong the storm is; nil where the service does not say.
    public var intensity: WeatherCondition.Intensity?
    /// Freezing on contact (freezing rain, freezing drizzle).
    public var freezing = false
    public var showers = false
    public var thunder = false
    public var hail = false
    public var wind: Wind?
    /// A condition forecast does not know, by the name (or code) the service gave.
    public var unknown: String?

    public init(sky: Sky? = nil, veil: Veil? = nil, falling: Falling? = nil, intensity: WeatherCondition.Intensity? = nil,
                freezing: Bool = false, showers: Bool = false, thunder: Bool = false, hail: Bool = false,
                wind: Wind? = nil, unknown: String? = nil) {
        (self.sky, self.veil, self.falling, self.intensity) = (sky, veil, falling, intensity)
        (self.freezing, self.showers, self.thunder, self.hail, self.wind, self.unknown) = (freezing, showers, thunder, hail, wind, unknown)
    }

    /// Something falls, or thunder: the parts a language words as precipitation.
    public var isPrecipitation: Bool { falling != nil || thunder || hail }

    // MARK: - Services' codes, read into parts

    /// WMO 4677 as Open-Meteo's `weather_code` gives it.
    public static func wmo(_ code: Int) -> ConditionParts {
        switch code {
        case 0: ConditionParts(sky: .clear)
        case 1: ConditionParts(sky: .mainlyClear)
        case 2: ConditionParts(sky: .partlyCloudy)
        case 3: ConditionParts(sky: .cloudy)
        case 45: ConditionParts(veil: .fog)
        case 48: ConditionParts(veil: .rimeFog)
        case 51, 53, 55: ConditionParts(falling: .drizzle, intensity: strength(code, 51, 53))
        case 56, 57: ConditionParts(falling: .drizzle, intensity: code == 56 ? .light : .heavy, freezing: true)
        case 61, 63, 65: ConditionParts(falling: .rain, intensity: strength(code, 61, 63))
        case 66, 67: ConditionParts(falling: .rain, intensity: code == 66 ? .light : .heavy, freezing: true)
        case 71, 73, 75: ConditionParts(falling: .snow, intensity: strength(code, 71, 73))
        case 77: ConditionParts(falling: .snowGrains)
        case 80, 81, 82: ConditionParts(falling: .rain, intensity: strength(code, 80, 81), showers: true)
        case 85, 86: ConditionParts(falling: .snow, intensity: code == 85 ? .light : .heavy, showers: true)
        case 95: ConditionParts(thunder: true)
        case 96, 99: ConditionParts(intensity: code == 96 ? .light : .heavy, thunder: true, hail: true)
        default: ConditionParts(unknown: "WMO \(code)")
        }
    }

    /// OpenWeatherMap's condition ids (`weather[].id`).
    public static func openWeatherMap(_ id: Int) -> ConditionParts {
        switch id {
        case 200, 201, 202, 230, 231, 232:
            ConditionParts(falling: id >= 230 ? .drizzle : .rain, intensity: strength(id % 10, 0, 1), thunder: true)
        case 210, 211, 212, 221: ConditionParts(intensity: id == 210 ? .light : id == 212 ? .heavy : nil, thunder: true)
        case 300, 301, 302, 310, 311, 312, 313, 314, 321:
            ConditionParts(falling: .drizzle, intensity: [300, 310].contains(id) ? .light : [302, 312, 314].contains(id) ? .heavy : nil,
                           showers: [313, 314, 321].contains(id))
        case 500, 501, 502, 503, 504: ConditionParts(falling: .rain, intensity: strength(min(id, 502), 500, 501))
        case 511: ConditionParts(falling: .rain, freezing: true)
        case 520, 521, 522, 531: ConditionParts(falling: .rain, intensity: id == 520 ? .light : id == 522 ? .heavy : nil, showers: true)
        case 600, 601, 602: ConditionParts(falling: .snow, intensity: strength(id, 600, 601))
        case 611: ConditionParts(falling: .sleet)
        case 612, 613: ConditionParts(falling: .sleet, intensity: id == 612 ? .light : nil, showers: true)
        case 615, 616: ConditionParts(falling: .sleet, intensity: id == 615 ? .light : nil)
        case 620, 621, 622: ConditionParts(falling: .snow, intensity: strength(id, 620, 621), showers: true)
        case 701: ConditionParts(veil: .mist)
        case 711: ConditionParts(veil: .smoke)
        case 721: ConditionParts(veil: .haze)
        case 731, 761: ConditionParts(veil: .dust)
        case 741: ConditionParts(veil: .fog)
        case 751: ConditionParts(veil: .sand)
        case 762: ConditionParts(veil: .ash)
        case 771: ConditionParts(wind: .squall)
        case 781: ConditionParts(wind: .tornado)
        case 800: ConditionParts(sky: .clear)
        case 801: ConditionParts(sky: .mainlyClear)
        case 802: ConditionParts(sky: .partlyCloudy)
        case 803, 804: ConditionParts(sky: .cloudy)
        default: ConditionParts(unknown: "OpenWeatherMap \(id)")
        }
    }

    /// Light, moderate or heavy for the codes `light`, `moderate` and the one after.
    private static func strength(_ code: Int, _ light: Int, _ moderate: Int) -> WeatherCondition.Intensity {
        code == light ? .light : code == moderate ? .moderate : .heavy
    }
}

extension WeatherCondition {
    /// What it is made of, read from what the service said.
    public var parts: ConditionParts {
        switch said {
        case .wmo(let code): return .wmo(code)
        case .openWeatherMap(let id): return .openWeatherMap(id)
        case .sky(let kind):
            switch kind {
            case .clear: return ConditionParts(sky: .clear)
            case .mainlyClear: return ConditionParts(sky: .mainlyClear)
            case .partlyCloudy: return ConditionParts(sky: .partlyCloudy)
            case .cloudy: return ConditionParts(sky: .cloudy)
            case .fog: return ConditionParts(veil: .fog)
            default: return ConditionParts(unknown: kind.rawValue)
            }
        case .falling(let what, let intensity, let showers, let thunder):
            let falling: ConditionParts.Falling = switch what {
            case .rain: .rain
            case .sleet: .sleet
            case .snow: .snow
            }
            return ConditionParts(falling: falling, intensity: intensity, showers: showers, thunder: thunder)
        case .unknown(let name): return ConditionParts(unknown: name)
        }
    }
}
