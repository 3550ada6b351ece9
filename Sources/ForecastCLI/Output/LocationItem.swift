import ForecastCore
import ForecastKit
import ForecastGazetteer
import Foundation

/// A saved place as `list --format json` and `show --format json` give it.
struct LocationItem: Encodable {
    var position: Int
    var id: Int64
    var name: String
    var canonicalName: String
    var country: String
    var countryName: String?
    /// The GeoNames admin1 code, as stored ("11", "IL").
    var region: String
    /// Its name ("Seoul", "Illinois"), where known.
    var regionName: String?
    var latitude: Double
    var longitude: Double
    var timezone: String
    var geonamesId: Int?
    var addedAt: Date
    var weather: WeatherItem?
    var error: ErrorItem?

    init(_ place: Place, position: Int, weather: PlaceWeather? = nil, format: WeatherFormat? = nil) {
        self.position = position
        id = place.id
        name = place.displayName
        canonicalName = place.canonicalName
        country = place.countryCode
        countryName = Gazetteer.bundled.countryName(place.countryCode)
        region = place.admin1
        // Places found online stored the region's name itself.
        regionName = Gazetteer.bundled.regionName(country: place.countryCode, code: place.admin1) ?? (place.admin1.isEmpty ? nil : place.admin1)
        latitude = place.coordinate.latitude
        longitude = place.coordinate.longitude
        timezone = place.timeZone
        geonamesId = place.geonamesID
        addedAt = place.addedAt
        if let weather, let format {
            if let report = weather.report, let fetchedAt = weather.fetchedAt {
                self.weather = WeatherItem(
                    report, fetchedAt: fetchedAt, stale: weather.stale, zone: LocalTime.zone(place.timeZone), format: format)
            }
            error = weather.error.map(ErrorItem.init)
        }
    }
}

struct SortItem: Encodable {
    var key: SortKey
    var descending: Bool
    init(_ order: PlaceSort) {
        key = order.key
        descending = order.descending
    }
}
