/// What the sky is doing, whichever service said it: its kind, a symbol, and
/// the service's own code, which each language's catalog puts in words.
public struct WeatherCondition: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case clear, mainlyClear, partlyCloudy, cloudy, fog, drizzle, freezingDrizzle, rain, freezingRain
        case showers, snow, snowShowers, sleet, thunderstorm, haze, dust, smoke, squall, tornado, unknown
    }

    public var kind: Kind
    /// What the service said, as it said it: `wmo:61`, `owm:500`,
    /// `parts:rain.light.showers.thunder`, `sky:clear`, `unknown:<name>`. The
    /// cache keeps this and the kind, never words: the catalogs word `said`
    /// each time, so a better wording reaches old weather too.
    public var code: String

    /// An emoji that takes two terminal columns. At night (`isDay` false)
    /// there is no sun in it: a clear or mainly clear sky is a moon, a partly
    /// cloudy one a cloud, showers are rain. Where day or night is unknown,
    /// the day's symbol.
    public func symbol(isDay: Bool?) -> String {
        if isDay == false, let night = nightSymbol { return night }
        return switch kind {
        case .clear: "☀️"
        case .mainlyClear: "🌤️"
        case .partlyCloudy: "⛅"
        case .cloudy: "☁️"
        case .fog, .haze, .smoke, .dust: "🌫️"
        case .drizzle, .showers: "🌦️"
        case .rain, .freezingDrizzle, .freezingRain: "🌧️"
        case .snow, .snowShowers, .sleet: "🌨️"
        case .thunderstorm: "⛈️"
        case .squall: "💨"
        case .tornado: "🌪️"
        case .unknown: "❔"
        }
    }

    /// The night's own symbol, for the conditions whose day symbol shows the sun.
    private var nightSymbol: String? {
        switch kind {
        case .clear, .mainlyClear: "🌙"
        case .partlyCloudy: "☁️"
        case .drizzle, .showers: "🌧️"
        default: nil
        }
    }

    /// The same in plain ASCII, for terminals and scripts that want no emoji
    /// ("moon" for a clear night).
    public func plainSymbol(isDay: Bool?) -> String {
        switch kind {
        case .clear, .mainlyClear: isDay == false ? "moon" : "sun"
        case .partlyCloudy, .cloudy: "cld"
        case .fog, .haze, .smoke, .dust: "fog"
        case .drizzle, .rain, .showers, .freezingDrizzle, .freezingRain: "rain"
        case .snow, .snowShowers, .sleet: "snow"
        case .thunderstorm: "storm"
        case .squall, .tornado: "wind"
        case .unknown: "?"
        }
    }

    init(_ kind: Kind, code: String) {
        self.kind = kind
        self.code = code
    }

    /// What the service said, read back from the code: what a catalog words.
    public enum Said: Hashable, Sendable {
        case wmo(Int)
        case openWeatherMap(Int)
        case sky(Kind)
        case falling(Falling, Intensity, showers: Bool, thunder: Bool)
        /// A name forecast does not know (cleaned, at most 40 characters).
        case unknown(String)
    }

    public var said: Said {
        let parts = code.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return .unknown(SafeText.clean(code, maxLength: 40)) }
        let (scheme, value) = (parts[0], parts[1])
        let unknown = Said.unknown(SafeText.clean(value, maxLength: 40))
        switch scheme {
        case "wmo": return Int(value).map(Said.wmo) ?? unknown
        case "owm": return Int(value).map(Said.openWeatherMap) ?? unknown
        case "sky":
            guard let kind = Kind(rawValue: value), Self.sky(kind).kind == kind else { return unknown }
            return .sky(kind)
        case "parts":
            let pieces = value.split(separator: ".").map(String.init)
            guard pieces.count == 4, let what = Falling(rawValue: pieces[0]), let intensity = Intensity(rawValue: pieces[1]) else {
                return unknown
            }
            return .falling(what, intensity, showers: pieces[2] == "showers", thunder: pieces[3] == "thunder")
        default: return unknown
        }
    }

    /// WMO weather interpretation codes, as Open-Meteo's `weather_code` gives them.
    public static func wmo(_ code: Int) -> WeatherCondition { WeatherCondition(wmoTable(code), code: "wmo:\(code)") }

    static func wmoTable(_ code: Int) -> Kind {
        switch code {
        case 0: .clear
        case 1: .mainlyClear
        case 2: .partlyCloudy
        case 3: .cloudy
        case 45: .fog
        case 48: .fog
        case 51: .drizzle
        case 53: .drizzle
        case 55: .drizzle
        case 56: .freezingDrizzle
        case 57: .freezingDrizzle
        case 61: .rain
        case 63: .rain
        case 65: .rain
        case 66: .freezingRain
        case 67: .freezingRain
        case 71: .snow
        case 73: .snow
        case 75: .snow
        case 77: .snow
        case 80: .showers
        case 81: .showers
        case 82: .showers
        case 85: .snowShowers
        case 86: .snowShowers
        case 95: .thunderstorm
        case 96: .thunderstorm
        case 99: .thunderstorm
        default: .unknown
        }
    }

    /// The codes WMO 4677 (as used by Open-Meteo) defines.
    public static let wmoCodes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77,
                                  80, 81, 82, 85, 86, 95, 96, 99]

    /// OpenWeatherMap condition ids (`weather[].id`).
    public static func openWeatherMap(_ id: Int) -> WeatherCondition {
        WeatherCondition(openWeatherMapTable(id), code: "owm:\(id)")
    }

    static func openWeatherMapTable(_ id: Int) -> Kind {
        switch id {
        case 200, 230: .thunderstorm
        case 201, 231: .thunderstorm
        case 202, 232: .thunderstorm
        case 210: .thunderstorm
        case 211: .thunderstorm
        case 212: .thunderstorm
        case 221: .thunderstorm
        case 300, 310: .drizzle
        case 301, 311, 313, 321: .drizzle
        case 302, 312, 314: .drizzle
        case 500: .rain
        case 501: .rain
        case 502: .rain
        case 503: .rain
        case 504: .rain
        case 511: .freezingRain
        case 520: .showers
        case 521: .showers
        case 522: .showers
        case 531: .showers
        case 600: .snow
        case 601: .snow
        case 602: .snow
        case 611, 612, 613: .sleet
        case 615, 616: .sleet
        case 620: .snowShowers
        case 621: .snowShowers
        case 622: .snowShowers
        case 701: .fog
        case 711: .smoke
        case 721: .haze
        case 731, 761: .dust
        case 741: .fog
        case 751: .dust
        case 762: .dust
        case 771: .squall
        case 781: .tornado
        case 800: .clear
        case 801: .mainlyClear
        case 802: .partlyCloudy
        case 803: .cloudy
        case 804: .cloudy
        default: .unknown
        }
    }

    /// What falls from the sky, for services that name a condition by its
    /// parts rather than by a number.
    public enum Falling: String, Sendable, CaseIterable {
        case rain, sleet, snow
    }

    /// How hard it falls.
    public enum Intensity: String, Sendable, CaseIterable {
        case light, moderate, heavy
    }

    /// Rain, sleet or snow, steady or in showers, with thunder or without.
    public static func falling(_ what: Falling, _ intensity: Intensity, showers: Bool, thunder: Bool) -> WeatherCondition {
        let steady: Kind = switch (what, showers) {
        case (.rain, false): .rain
        case (.rain, true): .showers
        case (.sleet, _): .sleet
        case (.snow, false): .snow
        case (.snow, true): .snowShowers
        }
        let code = "parts:\(what.rawValue).\(intensity.rawValue).\(showers ? "showers" : "steady").\(thunder ? "thunder" : "quiet")"
        return WeatherCondition(thunder ? .thunderstorm : steady, code: code)
    }

    /// A sky with nothing falling from it: clear, fair, partly cloudy, cloudy or foggy.
    public static func sky(_ kind: Kind) -> WeatherCondition {
        switch kind {
        case .clear, .mainlyClear, .partlyCloudy, .cloudy, .fog: WeatherCondition(kind, code: "sky:\(kind.rawValue)")
        default: unknown(kind.rawValue)
        }
    }

    /// A condition the service named in a way forecast does not know.
    public static func unknown(_ name: String) -> WeatherCondition {
        WeatherCondition(.unknown, code: "unknown:" + SafeText.clean(name, maxLength: 40))
    }

    /// Every condition id OpenWeatherMap documents.
    public static let openWeatherMapIDs = [
        200, 201, 202, 210, 211, 212, 221, 230, 231, 232, 300, 301, 302, 310, 311, 312, 313, 314, 321,
        500, 501, 502, 503, 504, 511, 520, 521, 522, 531, 600, 601, 602, 611, 612, 613, 615, 616, 620, 621, 622,
        701, 711, 721, 731, 741, 751, 761, 762, 771, 781, 800, 801, 802, 803, 804,
    ]
}

extension WeatherCondition {
    private enum CodingKeys: String, CodingKey { case kind, code }

    /// Read back (from the cache, which anything may have written) with its
    /// code cleaned of control and escape characters and bounded, like every
    /// other text from outside: `show` once printed `ESC]0;…BEL ESC[2J` raw.
    /// An entry of an older forecast, which kept words instead of a code,
    /// does not decode: it is fetched again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self = Self.stored(kind: (try? container.decode(Kind.self, forKey: .kind)) ?? .unknown, code: try container.decode(String.self, forKey: .code))
    }

    /// A condition as a cache kept it, the code cleaned and bounded (the cache is outside data too).
    public static func stored(kind: Kind, code: String) -> WeatherCondition {
        WeatherCondition(kind, code: SafeText.clean(code, maxLength: 80))
    }
}
