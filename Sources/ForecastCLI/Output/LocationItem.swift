import ForecastCore
import ForecastKit
import ForecastGazetteer
import Foundation

/// Where a place is, as every JSON output gives it: the same keys, flat among
/// the output's own (a saved place, a search result).
struct PlaceFields: Encodable {
    var name: String
    var country: String
    var countryName: String?
    /// The GeoNames admin1 code, as stored ("11", "IL").
    var region: String
    /// Its name ("Seoul", "Illinois"), where known.
    var regionName: String?
    var latitude: Double
    var longitude: Double
    var timezone: String

    init(name: String, countryCode: String, admin1: String, coordinate: Coordinate, timeZone: String) {
        self.name = name
        country = countryCode
        countryName = Gazetteer.bundled.countryName(countryCode)
        region = admin1
        // Places found online stored the region's name itself.
        regionName = Gazetteer.bundled.regionName(country: countryCode, code: admin1) ?? (admin1.isEmpty ? nil : admin1)
        latitude = coordinate.latitude
        longitude = coordinate.longitude
        timezone = timeZone
    }
}

/// JSON that gives a place's fields flat among its own keys: one encoder for
/// every output that names places.
protocol FlatPlaceJSON: Encodable {
    associatedtype Own: Encodable
    var place: PlaceFields { get }
    var own: Own { get }
}

extension FlatPlaceJSON {
    func encode(to encoder: any Encoder) throws {
        try place.encode(to: encoder)
        try own.encode(to: encoder)
    }
}

/// A saved place as `list --format json` and `show --format json` give it.
struct LocationItem: FlatPlaceJSON {
    var place: PlaceFields
    var own: Saved

    /// What a saved place has (a place shown unsaved has no position, id or date).
    struct Saved: Encodable {
        var position: Int?
        var id: Int64?
        var canonicalName: String
        var geonamesId: Int?
        var addedAt: Date?
        var weather: WeatherItem?
        var error: ErrorItem?
        var airQualityError: ErrorItem?
    }

    var name: String { place.name }

    /// A place alone (no weather: no clock needed).
    init(_ place: Place, position: Int, saved: Bool = true) {
        self.init(place, position: position, weather: nil, format: nil, now: nil, saved: saved)
    }

    /// A place with its weather as of `now`.
    init(_ place: Place, position: Int, weather: PlaceWeather?, format: WeatherFormat?, now: Date?, saved: Bool = true) {
        self.place = PlaceFields(
            name: place.displayName, countryCode: place.countryCode, admin1: place.admin1, coordinate: place.coordinate,
            timeZone: place.timeZone)
        own = Saved(
            position: saved ? position : nil, id: saved ? place.id : nil, canonicalName: place.canonicalName,
            geonamesId: place.geonamesID, addedAt: saved ? place.addedAt : nil)
        if let weather, let format, let now {
            if let report = weather.report, let fetchedAt = weather.fetchedAt {
                own.weather = WeatherItem(
                    report, fetchedAt: fetchedAt, stale: weather.stale, zone: LocalTime.zone(place.timeZone), format: format,
                    now: now)
            }
            own.error = weather.error.map(ErrorItem.init)
            own.airQualityError = weather.airQualityError.map(ErrorItem.init)
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
