/// What the sky is doing, in words and a symbol, whichever service said it.
public struct WeatherCondition: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case clear, mainlyClear, partlyCloudy, cloudy, fog, drizzle, freezingDrizzle, rain, freezingRain
        case showers, snow, snowShowers, sleet, thunderstorm, haze, dust, smoke, squall, tornado, unknown
    }

    public var kind: Kind
    /// What the service said, as it said it: `wmo:61`, `owm:500`,
    /// `parts:rain.light.showers.thunder`, `sky:clear`, `unknown:<name>`. The
    /// cache keeps this and the kind, never words: the words below are made
    /// from it each time, so a better wording reaches old weather too.
    public var code: String

    /// The words in English.
    public var english: String { Self.words(code).english }
    /// The words in Korean.
    public var korean: String { Self.words(code).korean }

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

    /// The words in `language`.
    public func description(in language: Language) -> String {
        switch language {
        case .en: english
        case .ko: korean
        }
    }

    init(_ kind: Kind, code: String) {
        self.kind = kind
        self.code = code
    }

    /// The words of a code, from the same tables that made it.
    static func words(_ code: String) -> (english: String, korean: String) {
        let parts = code.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return unknownWords(code) }
        let (scheme, value) = (parts[0], parts[1])
        switch scheme {
        case "wmo": return Int(value).map { wmoTable($0).words } ?? unknownWords(value)
        case "owm": return Int(value).map { openWeatherMapTable($0).words } ?? unknownWords(value)
        case "sky": return Kind(rawValue: value).map { skyTable($0).words } ?? unknownWords(value)
        case "parts":
            let pieces = value.split(separator: ".").map(String.init)
            guard pieces.count == 4, let what = Falling(rawValue: pieces[0]), let intensity = Intensity(rawValue: pieces[1]) else {
                return unknownWords(value)
            }
            return fallingWords(what, intensity, showers: pieces[2] == "showers", thunder: pieces[3] == "thunder")
        default: return unknownWords(value)
        }
    }

    /// WMO weather interpretation codes, as Open-Meteo's `weather_code` gives them.
    public static func wmo(_ code: Int) -> WeatherCondition { WeatherCondition(wmoTable(code).kind, code: "wmo:\(code)") }

    static func wmoTable(_ code: Int) -> (kind: Kind, words: (english: String, korean: String)) {
        switch code {
        case 0: (.clear, ("Clear sky", "맑음"))
        case 1: (.mainlyClear, ("Mainly clear", "대체로 맑음"))
        case 2: (.partlyCloudy, ("Partly cloudy", "구름 조금"))
        case 3: (.cloudy, ("Overcast", "흐림"))
        case 45: (.fog, ("Fog", "안개"))
        case 48: (.fog, ("Depositing rime fog", "착빙성 안개"))
        case 51: (.drizzle, ("Light drizzle", "약한 이슬비"))
        case 53: (.drizzle, ("Moderate drizzle", "이슬비"))
        case 55: (.drizzle, ("Dense drizzle", "강한 이슬비"))
        case 56: (.freezingDrizzle, ("Light freezing drizzle", "약한 어는 이슬비"))
        case 57: (.freezingDrizzle, ("Dense freezing drizzle", "강한 어는 이슬비"))
        case 61: (.rain, ("Slight rain", "약한 비"))
        case 63: (.rain, ("Moderate rain", "비"))
        case 65: (.rain, ("Heavy rain", "강한 비"))
        case 66: (.freezingRain, ("Light freezing rain", "약한 어는 비"))
        case 67: (.freezingRain, ("Heavy freezing rain", "강한 어는 비"))
        case 71: (.snow, ("Slight snow fall", "약한 눈"))
        case 73: (.snow, ("Moderate snow fall", "눈"))
        case 75: (.snow, ("Heavy snow fall", "강한 눈"))
        case 77: (.snow, ("Snow grains", "싸락눈"))
        case 80: (.showers, ("Slight rain showers", "약한 소나기"))
        case 81: (.showers, ("Moderate rain showers", "소나기"))
        case 82: (.showers, ("Violent rain showers", "강한 소나기"))
        case 85: (.snowShowers, ("Slight snow showers", "약한 눈 소나기"))
        case 86: (.snowShowers, ("Heavy snow showers", "강한 눈 소나기"))
        case 95: (.thunderstorm, ("Thunderstorm", "뇌우"))
        case 96: (.thunderstorm, ("Thunderstorm with slight hail", "약한 우박을 동반한 뇌우"))
        case 99: (.thunderstorm, ("Thunderstorm with heavy hail", "강한 우박을 동반한 뇌우"))
        default: (.unknown, ("Unknown weather (WMO code \(code))", "알 수 없는 날씨 (WMO 코드 \(code))"))
        }
    }

    /// The codes WMO 4677 (as used by Open-Meteo) defines.
    public static let wmoCodes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77,
                                  80, 81, 82, 85, 86, 95, 96, 99]

    /// OpenWeatherMap condition ids (`weather[].id`).
    public static func openWeatherMap(_ id: Int) -> WeatherCondition {
        WeatherCondition(openWeatherMapTable(id).kind, code: "owm:\(id)")
    }

    static func openWeatherMapTable(_ id: Int) -> (kind: Kind, words: (english: String, korean: String)) {
        switch id {
        case 200, 230: (.thunderstorm, ("Thunderstorm with light rain", "약한 비를 동반한 뇌우"))
        case 201, 231: (.thunderstorm, ("Thunderstorm with rain", "비를 동반한 뇌우"))
        case 202, 232: (.thunderstorm, ("Thunderstorm with heavy rain", "강한 비를 동반한 뇌우"))
        case 210: (.thunderstorm, ("Light thunderstorm", "약한 뇌우"))
        case 211: (.thunderstorm, ("Thunderstorm", "뇌우"))
        case 212: (.thunderstorm, ("Heavy thunderstorm", "강한 뇌우"))
        case 221: (.thunderstorm, ("Ragged thunderstorm", "불규칙한 뇌우"))
        case 300, 310: (.drizzle, ("Light drizzle", "약한 이슬비"))
        case 301, 311, 313, 321: (.drizzle, ("Drizzle", "이슬비"))
        case 302, 312, 314: (.drizzle, ("Heavy drizzle", "강한 이슬비"))
        case 500: (.rain, ("Light rain", "약한 비"))
        case 501: (.rain, ("Moderate rain", "비"))
        case 502: (.rain, ("Heavy rain", "강한 비"))
        case 503: (.rain, ("Very heavy rain", "매우 강한 비"))
        case 504: (.rain, ("Extreme rain", "극심한 비"))
        case 511: (.freezingRain, ("Freezing rain", "어는 비"))
        case 520: (.showers, ("Light rain showers", "약한 소나기"))
        case 521: (.showers, ("Rain showers", "소나기"))
        case 522: (.showers, ("Heavy rain showers", "강한 소나기"))
        case 531: (.showers, ("Ragged rain showers", "불규칙한 소나기"))
        case 600: (.snow, ("Light snow", "약한 눈"))
        case 601: (.snow, ("Snow", "눈"))
        case 602: (.snow, ("Heavy snow", "강한 눈"))
        case 611, 612, 613: (.sleet, ("Sleet", "진눈깨비"))
        case 615, 616: (.sleet, ("Rain and snow", "비와 눈"))
        case 620: (.snowShowers, ("Light snow showers", "약한 눈 소나기"))
        case 621: (.snowShowers, ("Snow showers", "눈 소나기"))
        case 622: (.snowShowers, ("Heavy snow showers", "강한 눈 소나기"))
        case 701: (.fog, ("Mist", "박무"))
        case 711: (.smoke, ("Smoke", "연기"))
        case 721: (.haze, ("Haze", "실안개"))
        case 731, 761: (.dust, ("Dust", "먼지"))
        case 741: (.fog, ("Fog", "안개"))
        case 751: (.dust, ("Sand", "모래"))
        case 762: (.dust, ("Volcanic ash", "화산재"))
        case 771: (.squall, ("Squalls", "돌풍"))
        case 781: (.tornado, ("Tornado", "토네이도"))
        case 800: (.clear, ("Clear sky", "맑음"))
        case 801: (.mainlyClear, ("Few clouds", "구름 조금"))
        case 802: (.partlyCloudy, ("Scattered clouds", "구름 낌"))
        case 803: (.cloudy, ("Broken clouds", "구름 많음"))
        case 804: (.cloudy, ("Overcast clouds", "흐림"))
        default: (.unknown, ("Unknown weather (condition \(id))", "알 수 없는 날씨 (코드 \(id))"))
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

    static func fallingWords(_ what: Falling, _ intensity: Intensity, showers: Bool, thunder: Bool) -> (english: String, korean: String) {
        let (english, korean): (String, String) = switch (what, showers) {
        case (.rain, false): ("rain", "비")
        case (.rain, true): ("rain showers", "소나기")
        case (.sleet, false): ("sleet", "진눈깨비")
        case (.sleet, true): ("sleet showers", "진눈깨비 소나기")
        case (.snow, false): ("snow", "눈")
        case (.snow, true): ("snow showers", "눈 소나기")
        }
        let (strongEnglish, strongKorean) = switch intensity {
        case .light: ("Light " + english, "약한 " + korean)
        case .moderate: (english.prefix(1).uppercased() + english.dropFirst(), korean)
        case .heavy: ("Heavy " + english, "강한 " + korean)
        }
        return thunder ? (strongEnglish + " and thunder", "천둥을 동반한 " + strongKorean) : (strongEnglish, strongKorean)
    }

    /// A sky with nothing falling from it: clear, fair, partly cloudy, cloudy or foggy.
    public static func sky(_ kind: Kind) -> WeatherCondition {
        switch kind {
        case .clear, .mainlyClear, .partlyCloudy, .cloudy, .fog: WeatherCondition(kind, code: "sky:\(kind.rawValue)")
        default: unknown(kind.rawValue)
        }
    }

    static func skyTable(_ kind: Kind) -> (kind: Kind, words: (english: String, korean: String)) {
        switch kind {
        case .clear: (.clear, ("Clear sky", "맑음"))
        case .mainlyClear: (.mainlyClear, ("Fair", "대체로 맑음"))
        case .partlyCloudy: (.partlyCloudy, ("Partly cloudy", "구름 조금"))
        case .cloudy: (.cloudy, ("Cloudy", "흐림"))
        case .fog: (.fog, ("Fog", "안개"))
        default: (.unknown, unknownWords(kind.rawValue))
        }
    }

    /// A condition the service named in a way forecast does not know.
    public static func unknown(_ name: String) -> WeatherCondition {
        WeatherCondition(.unknown, code: "unknown:" + SafeText.clean(name, maxLength: 40))
    }

    static func unknownWords(_ name: String) -> (english: String, korean: String) {
        let shown = SafeText.clean(name, maxLength: 40)
        return ("Unknown weather (\(shown))", "알 수 없는 날씨 (\(shown))")
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
        kind = (try? container.decode(Kind.self, forKey: .kind)) ?? .unknown
        code = SafeText.clean(try container.decode(String.self, forKey: .code), maxLength: 80)
    }
}
