/// The user's persisted preferences.
public struct Settings: Hashable, Sendable {
    public var temperatureUnit: TemperatureUnit
    public var sort: PlaceSort
    public var lastViewedPlaceID: Int64?

    public init(temperatureUnit: TemperatureUnit = .celsius, sort: PlaceSort = .custom, lastViewedPlaceID: Int64? = nil) {
        self.temperatureUnit = temperatureUnit
        self.sort = sort
        self.lastViewedPlaceID = lastViewedPlaceID
    }
}
