import Foundation
import ForecastCore
import GRDB

/// The `place` table's row.
struct PlaceRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "place"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: Int64?
    var displayName: String
    var canonicalName: String
    var countryCode: String
    var admin1: String
    var latitude: Double
    var longitude: Double
    var timeZone: String
    var geonamesId: Int?
    var position: Int
    var addedAt: Date

    init(_ new: NewPlace, position: Int, addedAt: Date) {
        displayName = new.displayName
        canonicalName = new.canonicalName
        countryCode = new.countryCode
        admin1 = new.admin1
        latitude = new.coordinate.latitude
        longitude = new.coordinate.longitude
        timeZone = new.timeZone
        geonamesId = new.geonamesID
        self.position = position
        self.addedAt = addedAt
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func place() throws -> Place {
        guard let id else { throw StoreError.failed("place without an id") }
        return Place(
            id: id, displayName: displayName, canonicalName: canonicalName, countryCode: countryCode,
            admin1: admin1, coordinate: try Coordinate(latitude: latitude, longitude: longitude),
            timeZone: timeZone, geonamesID: geonamesId, position: position, addedAt: addedAt)
    }
}

/// The `settings` table's single row.
struct SettingsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "settings"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: Int = 1
    var temperatureUnit: TemperatureUnit
    var sortKey: SortKey
    var sortDescending: Bool
    var lastViewedPlaceId: Int64?
    var windUnit: WindUnit
    var provider: String?
    var language: String?
    var ttlMinutes: Double?
    var concurrency: Int?
    var defaultFormat: String?

    var settings: Settings {
        Settings(
            temperatureUnit: temperatureUnit, sort: PlaceSort(key: sortKey, descending: sortDescending),
            lastViewedPlaceID: lastViewedPlaceId, windUnit: windUnit,
            preferences: Preferences(
                provider: provider, language: language, ttlMinutes: ttlMinutes, concurrency: concurrency, format: defaultFormat))
    }
}

extension TemperatureUnit: DatabaseValueConvertible {}
extension SortKey: DatabaseValueConvertible {}
extension WindUnit: DatabaseValueConvertible {}
