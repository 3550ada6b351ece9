/// What the sky is doing, in words and a symbol, whichever service said it.
public struct WeatherCondition: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case clear, mainlyClear, partlyCloudy, cloudy, fog, drizzle, freezingDrizzle, rain, freezingRain
        case showers, snow, snowShowers, sleet, thunderstorm, haze, dust, smoke, squall, tornado, unknown
    }

    public var kind: Kind
    public var english: String
    public var korean: String

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

    public func description(korean wantsKorean: Bool) -> String { wantsKorean ? korean : english }

    init(_ kind: Kind, _ english: String, _ korean: String) {
        self.kind = kind
        self.english = english
        self.korean = korean
    }

    /// WMO weather interpretation codes, as Open-Meteo's `weather_code` gives them.
    public static func wmo(_ code: Int) -> WeatherCondition {
        switch code {
        case 0: .init(.clear, "Clear sky", "맑음")
        case 1: .init(.mainlyClear, "Mainly clear", "대체로 맑음")
        case 2: .init(.partlyCloudy, "Partly cloudy", "구름 조금")
        case 3: .init(.cloudy, "Overcast", "흐림")
        case 45: .init(.fog, "Fog", "안개")
        case 48: .init(.fog, "Depositing rime fog", "착빙성 안개")
        case 51: .init(.drizzle, "Light drizzle", "약한 이슬비")
        case 53: .init(.drizzle, "Moderate drizzle", "이슬비")
        case 55: .init(.drizzle, "Dense drizzle", "강한 이슬비")
        case 56: .init(.freezingDrizzle, "Light freezing drizzle", "약한 어는 이슬비")
        case 57: .init(.freezingDrizzle, "Dense freezing drizzle", "강한 어는 이슬비")
        case 61: .init(.rain, "Slight rain", "약한 비")
        case 63: .init(.rain, "Moderate rain", "비")
        case 65: .init(.rain, "Heavy rain", "강한 비")
        case 66: .init(.freezingRain, "Light freezing rain", "약한 어는 비")
        case 67: .init(.freezingRain, "Heavy freezing rain", "강한 어는 비")
        case 71: .init(.snow, "Slight snow fall", "약한 눈")
        case 73: .init(.snow, "Moderate snow fall", "눈")
        case 75: .init(.snow, "Heavy snow fall", "강한 눈")
        case 77: .init(.snow, "Snow grains", "싸락눈")
        case 80: .init(.showers, "Slight rain showers", "약한 소나기")
        case 81: .init(.showers, "Moderate rain showers", "소나기")
        case 82: .init(.showers, "Violent rain showers", "강한 소나기")
        case 85: .init(.snowShowers, "Slight snow showers", "약한 눈 소나기")
        case 86: .init(.snowShowers, "Heavy snow showers", "강한 눈 소나기")
        case 95: .init(.thunderstorm, "Thunderstorm", "뇌우")
        case 96: .init(.thunderstorm, "Thunderstorm with slight hail", "약한 우박을 동반한 뇌우")
        case 99: .init(.thunderstorm, "Thunderstorm with heavy hail", "강한 우박을 동반한 뇌우")
        default: .init(.unknown, "Unknown weather (WMO code \(code))", "알 수 없는 날씨 (WMO 코드 \(code))")
        }
    }

    /// The codes WMO 4677 (as used by Open-Meteo) defines.
    public static let wmoCodes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77,
                                  80, 81, 82, 85, 86, 95, 96, 99]

    /// OpenWeatherMap condition ids (`weather[].id`).
    public static func openWeatherMap(_ id: Int) -> WeatherCondition {
        switch id {
        case 200, 230: .init(.thunderstorm, "Thunderstorm with light rain", "약한 비를 동반한 뇌우")
        case 201, 231: .init(.thunderstorm, "Thunderstorm with rain", "비를 동반한 뇌우")
        case 202, 232: .init(.thunderstorm, "Thunderstorm with heavy rain", "강한 비를 동반한 뇌우")
        case 210: .init(.thunderstorm, "Light thunderstorm", "약한 뇌우")
        case 211: .init(.thunderstorm, "Thunderstorm", "뇌우")
        case 212: .init(.thunderstorm, "Heavy thunderstorm", "강한 뇌우")
        case 221: .init(.thunderstorm, "Ragged thunderstorm", "불규칙한 뇌우")
        case 300, 310: .init(.drizzle, "Light drizzle", "약한 이슬비")
        case 301, 311, 313, 321: .init(.drizzle, "Drizzle", "이슬비")
        case 302, 312, 314: .init(.drizzle, "Heavy drizzle", "강한 이슬비")
        case 500: .init(.rain, "Light rain", "약한 비")
        case 501: .init(.rain, "Moderate rain", "비")
        case 502: .init(.rain, "Heavy rain", "강한 비")
        case 503: .init(.rain, "Very heavy rain", "매우 강한 비")
        case 504: .init(.rain, "Extreme rain", "극심한 비")
        case 511: .init(.freezingRain, "Freezing rain", "어는 비")
        case 520: .init(.showers, "Light rain showers", "약한 소나기")
        case 521: .init(.showers, "Rain showers", "소나기")
        case 522: .init(.showers, "Heavy rain showers", "강한 소나기")
        case 531: .init(.showers, "Ragged rain showers", "불규칙한 소나기")
        case 600: .init(.snow, "Light snow", "약한 눈")
        case 601: .init(.snow, "Snow", "눈")
        case 602: .init(.snow, "Heavy snow", "강한 눈")
        case 611, 612, 613: .init(.sleet, "Sleet", "진눈깨비")
        case 615, 616: .init(.sleet, "Rain and snow", "비와 눈")
        case 620: .init(.snowShowers, "Light snow showers", "약한 눈 소나기")
        case 621: .init(.snowShowers, "Snow showers", "눈 소나기")
        case 622: .init(.snowShowers, "Heavy snow showers", "강한 눈 소나기")
        case 701: .init(.fog, "Mist", "박무")
        case 711: .init(.smoke, "Smoke", "연기")
        case 721: .init(.haze, "Haze", "실안개")
        case 731, 761: .init(.dust, "Dust", "먼지")
        case 741: .init(.fog, "Fog", "안개")
        case 751: .init(.dust, "Sand", "모래")
        case 762: .init(.dust, "Volcanic ash", "화산재")
        case 771: .init(.squall, "Squalls", "돌풍")
        case 781: .init(.tornado, "Tornado", "토네이도")
        case 800: .init(.clear, "Clear sky", "맑음")
        case 801: .init(.mainlyClear, "Few clouds", "구름 조금")
        case 802: .init(.partlyCloudy, "Scattered clouds", "구름 낌")
        case 803: .init(.cloudy, "Broken clouds", "구름 많음")
        case 804: .init(.cloudy, "Overcast clouds", "흐림")
        default: .init(.unknown, "Unknown weather (condition \(id))", "알 수 없는 날씨 (코드 \(id))")
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

    /// Rain, sleet or snow, steady or in showers, with thunder or without, in words.
    public static func falling(_ what: Falling, _ intensity: Intensity, showers: Bool, thunder: Bool) -> WeatherCondition {
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
        let steady: Kind = switch (what, showers) {
        case (.rain, false): .rain
        case (.rain, true): .showers
        case (.sleet, _): .sleet
        case (.snow, false): .snow
        case (.snow, true): .snowShowers
        }
        let kind = thunder ? .thunderstorm : steady
        return thunder
            ? .init(kind, strongEnglish + " and thunder", "천둥을 동반한 " + strongKorean)
            : .init(kind, strongEnglish, strongKorean)
    }

    /// A sky with nothing falling from it: clear, fair, partly cloudy, cloudy or foggy.
    public static func sky(_ kind: Kind) -> WeatherCondition {
        switch kind {
        case .clear: .init(.clear, "Clear sky", "맑음")
        case .mainlyClear: .init(.mainlyClear, "Fair", "대체로 맑음")
        case .partlyCloudy: .init(.partlyCloudy, "Partly cloudy", "구름 조금")
        case .cloudy: .init(.cloudy, "Cloudy", "흐림")
        case .fog: .init(.fog, "Fog", "안개")
        default: unknown(kind.rawValue)
        }
    }

    /// A condition the service named in a way forecast does not know.
    public static func unknown(_ name: String) -> WeatherCondition {
        let shown = SafeText.clean(name, maxLength: 40)
        return .init(.unknown, "Unknown weather (\(shown))", "알 수 없는 날씨 (\(shown))")
    }

    /// Every condition id OpenWeatherMap documents.
    public static let openWeatherMapIDs = [
        200, 201, 202, 210, 211, 212, 221, 230, 231, 232, 300, 301, 302, 310, 311, 312, 313, 314, 321,
        500, 501, 502, 503, 504, 511, 520, 521, 522, 531, 600, 601, 602, 611, 612, 613, 615, 616, 620, 621, 622,
        701, 711, 721, 731, 741, 751, 761, 762, 771, 781, 800, 801, 802, 803, 804,
    ]
}

extension WeatherCondition {
    private enum CodingKeys: String, CodingKey { case kind, english, korean }

    /// Read back (from the cache, which anything may have written) with its
    /// words cleaned of control and escape characters and bounded, like every
    /// other text from outside: `show` printed `ESC]0;…BEL ESC[2J` raw.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = (try? container.decode(Kind.self, forKey: .kind)) ?? .unknown
        english = SafeText.clean(try container.decode(String.self, forKey: .english), maxLength: 80)
        korean = SafeText.clean(try container.decode(String.self, forKey: .korean), maxLength: 80)
    }
}
