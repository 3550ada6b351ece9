/// The user's persisted preferences.
public struct Settings: Hashable, Sendable {
    public var temperatureUnit: TemperatureUnit
    public var sort: PlaceSort
    public var lastViewedPlaceID: Int64?
    public var windUnit: WindUnit
    /// What `forecast config` set; nil where it set nothing.
    public var preferences: Preferences
    /// Precipitation, distance, pressure and the clock.
    public var measures: MeasureUnits

    public init(
        temperatureUnit: TemperatureUnit = .celsius, sort: PlaceSort = .custom, lastViewedPlaceID: Int64? = nil,
        windUnit: WindUnit = .ms, preferences: Preferences = Preferences(), measures: MeasureUnits = .metric
    ) {
        self.temperatureUnit = temperatureUnit
        self.sort = sort
        self.lastViewedPlaceID = lastViewedPlaceID
        self.windUnit = windUnit
        self.preferences = preferences
        self.measures = measures
    }
}

/// Preferences kept by `forecast config`, already checked: a flag or an
/// environment variable overrides each, and each has a built-in default.
public struct Preferences: Hashable, Sendable, Codable {
    /// "open-meteo" or "openweathermap".
    public var provider: String?
    /// "en" or "ko".
    public var language: String?
    public var ttlMinutes: Double?
    public var concurrency: Int?
    /// The default output format of `list` and `show`.
    public var format: String?
    /// Which warning sources beyond the keyless official ones: "openweathermap"
    /// (One Call 3.0's alerts, with its key); nil or "official": none.
    public var alertSources: String?
    /// The scale the air is graded on for every place; nil: each place's own country's (`AirScaleChoice.local`).
    public var airScale: AirScaleChoice?

    public init(
        provider: String? = nil, language: String? = nil, ttlMinutes: Double? = nil, concurrency: Int? = nil, format: String? = nil,
        alertSources: String? = nil, airScale: AirScaleChoice? = nil
    ) {
        self.provider = provider
        self.language = language
        self.ttlMinutes = ttlMinutes
        self.concurrency = concurrency
        self.format = format
        self.alertSources = alertSources
        self.airScale = airScale
    }
}
