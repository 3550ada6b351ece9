import Foundation

/// The saved list as a file that can leave the machine: the places in their
/// manual order and the settings. `version` says how to read it; a reader
/// refuses a version it does not know rather than guess.
public struct PlaceExport: Codable, Equatable, Sendable {
    public static let formatName = "forecast-places"
    public static let currentVersion = 1
    /// The CSV form's header: the places only (CSV has no room for settings).
    public static let csvHeader = ["label", "name", "country", "region", "latitude", "longitude", "timezone", "geonames_id"]

    public var format: String
    public var version: Int
    public var settings: ExportedSettings?
    public var places: [ExportedPlace]

    public init(places: [Place], settings: Settings) {
        format = Self.formatName
        version = Self.currentVersion
        self.settings = ExportedSettings(settings)
        self.places = places.sorted { $0.position < $1.position }.map(ExportedPlace.init)
    }

    /// The CSV form: a header, then one record per place.
    public var csv: String {
        CSV.record(Self.csvHeader) + places.map { CSV.record($0.csvFields) }.joined()
    }
}

public struct ExportedPlace: Codable, Equatable, Sendable {
    /// The name shown (the user's label, or the gazetteer's name).
    public var label: String
    /// The gazetteer's name ("near London" for a place added by coordinates).
    public var name: String
    public var country: String
    public var region: String
    public var latitude: Double
    public var longitude: Double
    public var timezone: String
    public var geonamesId: Int?

    public init(_ place: Place) {
        label = place.displayName
        name = place.canonicalName
        country = place.countryCode
        region = place.admin1
        latitude = place.coordinate.latitude
        longitude = place.coordinate.longitude
        timezone = place.timeZone
        geonamesId = place.geonamesID
    }

    var csvFields: [String] {
        // The shortest text that reads back as exactly the same number.
        [label, name, country, region, String(latitude), String(longitude), timezone, geonamesId.map(String.init) ?? ""]
    }
}

/// The settings an export carries: units, sort and what `forecast config` keeps.
public struct ExportedSettings: Codable, Equatable, Sendable {
    public var temperatureUnit: TemperatureUnit
    public var windUnit: WindUnit
    public var sort: SortKey
    public var sortDescending: Bool
    public var provider: String?
    public var language: String?
    public var ttlMinutes: Double?
    public var concurrency: Int?
    public var format: String?
    /// Precipitation, distance, pressure and the clock (a file from before they existed: the metric ones).
    public var precipitationUnit: PrecipitationUnit
    public var distanceUnit: DistanceUnit
    public var pressureUnit: PressureUnit
    public var clock: ClockStyle

    /// The settings' names in a file.
    enum CodingKeys: String, CodingKey {
        case temperatureUnit, windUnit, sort, sortDescending, provider, language, ttlMinutes, concurrency, format
        case precipitationUnit, distanceUnit, pressureUnit, clock
    }

    /// The units among them.
    public var measures: MeasureUnits {
        MeasureUnits(precipitation: precipitationUnit, distance: distanceUnit, pressure: pressureUnit, clock: clock)
    }

    /// Each setting only if set: one left out is the default (a file written
    /// by hand may hold just `{"ttlMinutes": 30}`); one present must be valid.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Settings()
        temperatureUnit = try Self.choice(container, .temperatureUnit) ?? defaults.temperatureUnit
        windUnit = try Self.choice(container, .windUnit) ?? defaults.windUnit
        sort = try Self.choice(container, .sort) ?? defaults.sort.key
        sortDescending = try container.decodeIfPresent(Bool.self, forKey: .sortDescending) ?? defaults.sort.descending
        provider = try container.decodeIfPresent(String.self, forKey: .provider)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        ttlMinutes = try container.decodeIfPresent(Double.self, forKey: .ttlMinutes)
        concurrency = try container.decodeIfPresent(Int.self, forKey: .concurrency)
        format = try container.decodeIfPresent(String.self, forKey: .format)
        let metric = MeasureUnits.metric
        precipitationUnit = try Self.choice(container, .precipitationUnit) ?? metric.precipitation
        distanceUnit = try Self.choice(container, .distanceUnit) ?? metric.distance
        pressureUnit = try Self.choice(container, .pressureUnit) ?? metric.pressure
        clock = try Self.choice(container, .clock) ?? metric.clock
    }

    /// A setting whose text is none of its choices: its name in the file, the
    /// text, and the choices ("rankine"; "celsius, fahrenheit, kelvin").
    public struct InvalidChoice: Error, Equatable, Sendable {
        public var setting: String
        public var given: String
        public var allowed: String
    }

    /// The choice `key` holds, nil when it is absent; text that is none of them is `InvalidChoice`.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> Choice? where Choice.RawValue == String {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = Choice(rawValue: text) else {
            throw InvalidChoice(setting: key.stringValue, given: text, allowed: choices(Choice.self))
        }
        return value
    }

    private static func choices<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> String where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// What the setting named `name` in a file can be, where the file alone
    /// says it; nil for the settings `forecast config` checks (the provider,
    /// the language, the TTL, the concurrency, the format), and for a name that is no setting.
    public static func allowed(_ name: String) -> String? {
        switch CodingKeys(stringValue: name) {
        case .temperatureUnit: choices(TemperatureUnit.self)
        case .windUnit: choices(WindUnit.self)
        case .sort: choices(SortKey.self)
        case .sortDescending: "true, false"
        case .precipitationUnit: choices(PrecipitationUnit.self)
        case .distanceUnit: choices(DistanceUnit.self)
        case .pressureUnit: choices(PressureUnit.self)
        case .clock: choices(ClockStyle.self)
        case .provider, .language, .ttlMinutes, .concurrency, .format, nil: nil
        }
    }

    public init(_ settings: Settings) {
        temperatureUnit = settings.temperatureUnit
        windUnit = settings.windUnit
        sort = settings.sort.key
        sortDescending = settings.sort.descending
        provider = settings.preferences.provider
        language = settings.preferences.language
        ttlMinutes = settings.preferences.ttlMinutes
        concurrency = settings.preferences.concurrency
        format = settings.preferences.format
        precipitationUnit = settings.measures.precipitation
        distanceUnit = settings.measures.distance
        pressureUnit = settings.measures.pressure
        clock = settings.measures.clock
    }
}
