import ForecastCore
import Foundation

/// A field of a place and its weather: what `list --where` compares,
/// `--template` prints and the report formats' columns hold. This is the one
/// list of them: each field's name, the other names it answers to, what kind
/// of value it holds and, for those `--where` compares, how its number is read
/// (`spec`). A new field is a case here (appended: CSV's and TSV's columns keep
/// their places) and its text in the views' `ReportRow`.
public enum WeatherField: String, CaseIterable, Sendable {
    case position, name, country, region, latitude, longitude, timezone, time
    case condition, symbol, temp, feels, humidity, wind, direction, pressure, clouds, low, high, rain
    case uv, aqi, eaqi, pm25, pm10
    case updated, stale, error
    /// The highest official warning level in force: 0 none, 1 minor (yellow), 2 moderate (orange), 3 severe (red),
    /// 4 extreme; absent where no source covers the place or it could not be checked.
    case alertLevel = "alert_level"
    /// How many official warnings are in force; empty where not known.
    case alertCount = "alert_count"
    /// Minutes until precipitation starts (0: falling now); absent when none is expected in the next two hours.
    case rainNext = "rain_next"
    /// Today's dawn (civil), sunrise, sunset and dusk, local HH:mm; empty when the sun does not reach them.
    case dawn, sunrise, sunset, dusk
    /// Today's daylight, sunrise to sunset, in minutes (0 in a polar night, 1440 in a polar day).
    case daylight
    /// The moon's lit part now, %.
    case moon
    /// The scale the place's air is graded on ("us", "eu", "kr": its country's, or `config air-scale`'s).
    case airScale = "air_scale"
    /// The air's band on that scale ("good", "fair", "bad"…); empty where the scale's numbers are not known.
    case airGrade = "air_grade"
    /// Today's high less yesterday's, in the temperature unit; absent where yesterday is not known.
    case vsYesterday = "vs_yesterday"
    /// Today's high less the normal high of the date (1991–2020), in the temperature unit; absent where not known.
    case vsNormal = "vs_normal"

    /// What a field's values are.
    public enum Kind: Sendable {
        /// A number (left as it is in CSV and TSV: "-5" is a temperature).
        case number
        /// Text.
        case text
        /// A machine's key (CSV's `kr`, `unhealthyForSensitiveGroups`) that people read in words.
        case key
    }

    /// One field's entry in the registry.
    public struct Spec: Sendable {
        /// Other names it answers to, in `--where` and `--template` alike; the first is the one `--where` lists it by.
        public var aliases: [String] = []
        public var kind: Kind
        /// Its number as `--where` compares it; nil for a field `--where` does not take.
        var number: (@Sendable (Reading) -> Double?)?

        init(_ kind: Kind, aliases: [String] = [], number: (@Sendable (Reading) -> Double?)? = nil) {
            self.kind = kind
            self.aliases = aliases
            self.number = number
        }
    }

    /// The registry: every field's aliases, kind and number, in one place.
    public var spec: Spec {
        switch self {
        case .position: Spec(.number) { Double($0.position) }
        case .latitude: Spec(.number) { $0.place.coordinate.latitude }
        case .longitude: Spec(.number) { $0.place.coordinate.longitude }
        case .name, .country, .region, .timezone, .time, .condition, .symbol, .direction, .updated, .stale, .error,
            .dawn, .sunrise, .sunset, .dusk: Spec(.text)
        case .temp: Spec(.number) { $0.temperature($0.report?.current.temperature) }
        case .feels: Spec(.number) { $0.temperature($0.report?.current.feelsLike) }
        case .humidity: Spec(.number) { ShownNumber.whole($0.report?.current.humidity) }
        case .wind: Spec(.number) { ShownNumber.wind($0.report?.current.windSpeed, in: $0.units.windUnit) }
        case .pressure: Spec(.number) { ShownNumber.tenth($0.report?.current.pressure) }
        case .clouds: Spec(.number) { ShownNumber.whole($0.report?.current.cloudCover) }
        case .low: Spec(.number) { $0.temperature($0.today?.minimum) }
        case .high: Spec(.number) { $0.temperature($0.today?.maximum) }
        case .rain: Spec(.number) { ShownNumber.whole($0.today?.precipitationProbability) }
        case .uv: Spec(.number) { ShownNumber.whole($0.today?.uvIndexMax) }
        case .aqi: Spec(.number) { ShownNumber.whole($0.report?.airQuality?.usAQI) }
        case .eaqi: Spec(.number) { ShownNumber.whole($0.report?.airQuality?.europeanAQI) }
        case .pm25: Spec(.number) { ShownNumber.tenth($0.report?.airQuality?.pm2_5) }
        case .pm10: Spec(.number) { ShownNumber.tenth($0.report?.airQuality?.pm10) }
        // `alert` is the name --where has always used; the column is alert_level.
        // Neither needs the report: the warnings and the next hours have sources of their own.
        case .alertLevel: Spec(.number, aliases: ["alert"]) { $0.weather?.warnings.leadingLevel(at: $0.now).map(Double.init) }
        case .alertCount: Spec(.number)
        case .rainNext: Spec(.number) { $0.weather?.nextHours?.outlook(at: $0.now)?.minutesToPrecipitation.map(Double.init) }
        // Computed on the machine, with or without weather.
        case .daylight: Spec(.number) { Double(Sky.daylightMinutes($0.place, now: $0.now)) }
        case .moon: Spec(.number) { Double(Moon.phase(at: $0.now).percent) }
        case .airScale, .airGrade: Spec(.key)
        case .vsYesterday: Spec(.number) { $0.report?.highAgainstYesterday(now: $0.now, unit: $0.units.temperatureUnit) }
        case .vsNormal: Spec(.number) { $0.report?.highAgainstNormal($0.weather?.normals, now: $0.now, unit: $0.units.temperatureUnit) }
        }
    }

    /// What a field's number is read from: one place of the list and its weather, in the user's units.
    public struct Reading {
        public var place: Place
        /// 1-based in the whole list.
        public var position: Int
        public var weather: PlaceWeather?
        public var units: Settings
        public var now: Date

        var report: WeatherReport? { weather?.report }
        var today: DailyForecast? { report?.today(now: now) }

        /// A temperature as every output shows it (the user's unit, to a tenth).
        func temperature(_ celsius: Double?) -> Double? { ShownNumber.temperature(celsius, in: units.temperatureUnit) }
    }

    public var aliases: [String] { spec.aliases }
    public var kind: Kind { spec.kind }

    /// The field called `typed` (its name or an alias: `alert` is `alert_level`), as `--template` and `--where` read it.
    public init?(named typed: String) {
        if let field = Self(rawValue: typed) {
            self = field
        } else if let field = Self.allCases.first(where: { $0.aliases.contains(typed) }) {
            self = field
        } else {
            return nil
        }
    }

    /// Whether `--where` compares it.
    public var isCompared: Bool { spec.number != nil }

    /// The fields `--where` compares, in the registry's order.
    public static let compared = allCases.filter(\.isCompared)

    /// The name `--where` lists a field by: its first alias, else its name (`alert`, `temp`).
    public var comparedName: String { aliases.first ?? rawValue }

    /// Every name `--where` accepts (`FilterExpression.parse`): the compared fields' names and aliases.
    public static let comparedNames = Set(compared.flatMap { [$0.rawValue] + $0.aliases })

    /// Every name `--template` accepts, as its error lists them: each field's, then each alias with its field's ("alert (alert_level)").
    public static let templateNames = allCases.map(\.rawValue) + allCases.flatMap { field in field.aliases.map { "\($0) (\(field.rawValue))" } }

    /// This field's number for the place at `position` (1-based in the whole list), as
    /// `ShownNumber` gives it to every output (the user's units, to a tenth): nil where it
    /// has none (no weather, the service gave no such value) or `--where` does not compare it.
    public func value(place: Place, position: Int, weather: PlaceWeather?, units: Settings, now: Date) -> Double? {
        spec.number?(Reading(place: place, position: position, weather: weather, units: units, now: now))
    }
}
