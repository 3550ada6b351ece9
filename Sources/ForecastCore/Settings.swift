/// The user's persisted preferences.
public struct Settings: Hashable, Sendable {
    public var temperatureUnit: TemperatureUnit
    public var sort: PlaceSort
    public var lastViewedPlaceID: Int64?
    public var windUnit: WindUnit

    public init(
        temperatureUnit: TemperatureUnit = .celsius, sort: PlaceSort = .custom, lastViewedPlaceID: Int64? = nil,
        windUnit: WindUnit = .ms
    ) {
        self.temperatureUnit = temperatureUnit
        self.sort = sort
        self.lastViewedPlaceID = lastViewedPlaceID
        self.windUnit = windUnit
    }
}
