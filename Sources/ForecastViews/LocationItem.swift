import ForecastCore
import ForecastKit
import ForecastGazetteer
import Foundation

/// Where a place is, as every JSON output gives it: the same keys, flat among
/// the output's own (a saved place, a search result).
package struct PlaceFields: Encodable {
    package var name: String
    package var country: String
    package var countryName: String?
    /// The GeoNames admin1 code, as stored ("11", "IL").
    package var region: String
    /// Its name ("Seoul", "Illinois"), where known.
    package var regionName: String?
    package var latitude: Double
    package var longitude: Double
    package var timezone: String

    package init(name: String, countryCode: String, admin1: String, coordinate: Coordinate, timeZone: String) {
        self.name = name
        country = countryCode
        countryName = Gazetteer.bundled.countryName(countryCode)
        region = admin1
        // Places found online stored the region's name itself.
        let region = Gazetteer.bundled.regionText(country: countryCode, code: admin1)
        regionName = region.isEmpty ? nil : region
        latitude = coordinate.latitude
        longitude = coordinate.longitude
        timezone = timeZone
    }
}

/// JSON that gives a place's fields flat among its own keys: one encoder for
/// every output that names places.
package protocol FlatPlaceJSON: Encodable {
    associatedtype Own: Encodable
    var place: PlaceFields { get }
    var own: Own { get }
}

extension FlatPlaceJSON {
    package func encode(to encoder: any Encoder) throws {
        try place.encode(to: encoder)
        try own.encode(to: encoder)
    }
}

/// A saved place as `list --format json` and `show --format json` give it.
package struct LocationItem: FlatPlaceJSON {
    package var place: PlaceFields
    package var own: Saved
    /// With its weather: the warnings and the next hours, flat among the rest.
    package var warnings: WarningsJSON?

    package func encode(to encoder: any Encoder) throws {
        try place.encode(to: encoder)
        try own.encode(to: encoder)
        try warnings?.encode(to: encoder)
    }

    /// What a saved place has (a place shown unsaved has no position, id or date).
    package struct Saved: Encodable {
        package var position: Int?
        package var id: Int64?
        package var canonicalName: String
        package var geonamesId: Int?
        /// "Seoul#2" where another saved place has its label: what names this one.
        package var address: String?
        package var addedAt: Date?
        package var weather: WeatherItem?
        package var error: ErrorItem?
        package var airQualityError: ErrorItem?
    }

    package var name: String { place.name }

    /// A place alone (no weather: no clock needed).
    package init(_ place: Place, position: Int, saved: Bool = true) {
        self.init(place, position: position, weather: nil, format: nil, now: nil, saved: saved)
    }

    /// A place with its weather as of `now`.
    package init(_ place: Place, position: Int, weather: PlaceWeather?, format: WeatherFormat?, now: Date?, saved: Bool = true) {
        self.place = PlaceFields(
            name: place.displayName, countryCode: place.countryCode, admin1: place.admin1, coordinate: place.coordinate,
            timeZone: place.timeZone)
        own = Saved(
            position: saved ? position : nil, id: saved ? place.id : nil, canonicalName: place.canonicalName,
            geonamesId: place.geonamesID, address: saved ? place.shownNumber.map { "\(place.displayName)#\($0)" } : nil,
            addedAt: saved ? place.addedAt : nil)
        if let weather, let format, let now {
            if let report = weather.report, let fetchedAt = weather.fetchedAt {
                own.weather = WeatherItem(
                    report, fetchedAt: fetchedAt, stale: weather.stale, zone: LocalTime.zone(place.timeZone),
                    airScale: format.airScale(countryCode: place.countryCode), format: format, now: now, normals: weather.normals)
            }
            own.error = weather.error.map(ErrorItem.init)
            own.airQualityError = weather.airQualityError.map(ErrorItem.init)
            warnings = WarningsJSON(WarningsView(weather, now: now), zone: LocalTime.zone(place.timeZone), now: now, format: format)
        }
    }
}

package struct SortItem: Encodable {
    package var key: SortKey
    package var descending: Bool
    package init(_ order: PlaceSort) {
        key = order.key
        descending = order.descending
    }
}
