import Foundation
import ForecastCore
import GRDB

/// The `place` table: rows go in through `PlaceRecord.insert` and come back
/// through `SavedRow`, which trusts nothing in them.
struct PlaceRecord: TableRecord {
    static let databaseTableName = "place"

    /// Saves `new` at `position` and returns it as saved: the one way a place
    /// is written (`add` and `import`), through one cached statement.
    /// `numbers` come from the list as it stands: the new place's `Name#N`
    /// number follows the highest of its label there.
    static func insert(
        _ given: NewPlace, position: Int, addedAt: Date, numbers: inout PlaceReference.NextNumbers, _ db: Database
    ) throws -> Place {
        let new = storable(given)
        let (number, shared) = numbers.take(new.displayName)
        let statement = try db.cachedStatement(sql: """
            INSERT INTO place (display_name, canonical_name, country_code, admin1, latitude, longitude, time_zone,
                               geonames_id, position, added_at, namesake)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            new.displayName, new.canonicalName, new.countryCode, new.admin1, new.coordinate.latitude,
            new.coordinate.longitude, new.timeZone, new.geonamesID, position, addedAt, number,
        ])
        var place = new.saved(id: db.lastInsertedRowID, position: position, addedAt: addedAt)
        place.namesake = number
        place.hasNamesakes = shared
        return place
    }

    /// `place` as `SavedRow.place` will accept it when it is read back: what only
    /// labels it (a region, a country, an id from an online search) is cleaned or
    /// dropped here rather than saved and then found damaged.
    static func storable(_ place: NewPlace) -> NewPlace {
        var place = place
        place.geonamesID = place.geonamesID.flatMap { NewPlace.geonamesIDs.contains($0) ? $0 : nil }
        place.admin1 = SafeText.storable(place.admin1, maxLength: 100)
        let code = place.countryCode
        place.countryCode = NewPlace.isCountryCode(code) ? code : ""
        let name = SafeText.storable(place.canonicalName, maxLength: 200)
        place.canonicalName = name.isEmpty ? place.displayName : name
        return place
    }
}

/// A `place` row read as untrusted input: every column converted without
/// trapping and checked as `add` checks it, text cleaned of control and escape
/// characters. A row that fails says which column, and fails alone.
enum SavedRow {
    static func place(_ row: Row) -> Result<Place, DamagedPlace> {
        let id = integer(row, "id")
        func damaged(_ column: String) -> Result<Place, DamagedPlace> {
            .failure(DamagedPlace(
                id: id ?? 0, column: column, label: text(row, "display_name").map { SafeText.clean($0, maxLength: 40) },
                geonamesID: integer(row, "geonames_id").flatMap { Int(exactly: $0) }))
        }
        guard let id else { return damaged("id") }
        guard let label = text(row, "display_name").flatMap({ try? PlaceName(SafeText.clean($0, maxLength: 200)).value })
        else { return damaged("display_name") }
        guard let name = text(row, "canonical_name").map({ SafeText.clean($0, maxLength: 200) }), !name.isEmpty
        else { return damaged("canonical_name") }
        guard let latitude = number(row, "latitude") else { return damaged("latitude") }
        guard let longitude = number(row, "longitude") else { return damaged("longitude") }
        guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { return damaged("latitude") }
        guard let zone = text(row, "time_zone").flatMap(SafeText.timeZone) else { return damaged("time_zone") }
        guard let position = integer(row, "position").flatMap({ Int(exactly: $0) }) else { return damaged("position") }
        let geonamesNull = (row["geonames_id"] as DatabaseValue).isNull
        let geonamesID = geonamesNull ? nil : integer(row, "geonames_id").flatMap { Int(exactly: $0) }.flatMap { NewPlace.geonamesIDs.contains($0) ? $0 : nil }
        if !geonamesNull && geonamesID == nil { return damaged("geonames_id") }
        // What only labels a place may be odd without making it unusable: dropped, not fatal.
        let country = text(row, "country_code").flatMap { code in
            NewPlace.isCountryCode(code) ? code : nil
        } ?? ""
        let region = text(row, "admin1").map { SafeText.clean($0, maxLength: 100) } ?? ""
        let addedAt = date(row, "added_at") ?? Date(timeIntervalSince1970: 0)
        // Checked, and given anew where missing or shared, by `PlaceReference.numbered`.
        let namesake = integer(row, "namesake").flatMap { Int(exactly: $0) }
        return .success(Place(
            id: id, displayName: label, canonicalName: name, countryCode: country, admin1: region, coordinate: coordinate,
            timeZone: zone, geonamesID: geonamesID, position: position, addedAt: addedAt, namesake: namesake))
    }

    // These conversions are kept out of line: inlined into a loop over rows, Swift
    // 6.3's optimizer crashed on them (CopyPropagation, "Found outside of lifetime use").

    /// A column's text, or nil when it holds anything else (a number, a blob, NULL).
    @inline(never) static func text(_ row: Row, _ column: String) -> String? {
        let value: DatabaseValue = row[column]
        if case .string(let text) = value.storage { return text }
        return nil
    }

    /// A blob column's bytes, or nil when it holds anything else.
    @inline(never) static func bytes(_ row: Row, _ column: String) -> [UInt8]? {
        let value: DatabaseValue = row[column]
        if case .blob(let data) = value.storage { return [UInt8](data) }
        return nil
    }

    /// A cached report as it was stored: packed, or JSON (cached before migration 0006).
    static func storedReport(_ row: Row) -> StoredReport? {
        if let packed = bytes(row, "packed") { return .packed(packed) }
        return text(row, "report").map(StoredReport.json)
    }

    /// A number column, or nil when it holds text, a blob, NULL or no finite number.
    @inline(never) static func number(_ row: Row, _ column: String) -> Double? {
        Double.fromDatabaseValue(row[column] as DatabaseValue).flatMap { $0.isFinite ? $0 : nil }
    }

    @inline(never) static func date(_ row: Row, _ column: String) -> Date? {
        Date.fromDatabaseValue(row[column] as DatabaseValue)
    }

    /// A whole-number column (an id), or nil when it holds anything else.
    @inline(never) static func integer(_ row: Row, _ column: String) -> Int64? {
        Int64.fromDatabaseValue(row[column] as DatabaseValue)
    }
}

extension SavedRow {
    /// The `settings` table's single row, each cell checked as the schema's
    /// CHECK constraints check it (a database made elsewhere may have none): a
    /// cell that cannot be used is the default until it is set again, and is
    /// named in `damaged`, so that one bad cell never stops every command.
    static func settings(_ row: Row) -> (settings: Settings, damaged: [String]) {
        var damaged: [String] = []
        func choice<T>(_ column: String, _ read: (String) -> T?, default: T? = nil) -> T? {
            let value: DatabaseValue = row[column]
            if value.isNull { return `default` }
            if let text = text(row, column), let chosen = read(text) { return chosen }
            damaged.append(column)
            return `default`
        }
        func one(of names: [String]) -> (String) -> String? { { names.contains($0) ? $0 : nil } }
        func whole(_ column: String, _ range: ClosedRange<Int64>) -> Int64? {
            let value: DatabaseValue = row[column]
            if value.isNull { return nil }
            if let number = integer(row, column), range.contains(number) { return number }
            damaged.append(column)
            return nil
        }
        let defaults = Settings()
        let temperature = choice("temperature_unit", TemperatureUnit.init(rawValue:), default: defaults.temperatureUnit) ?? .celsius
        let sortKey = choice("sort_key", SortKey.init(rawValue:), default: defaults.sort.key) ?? .custom
        let wind = choice("wind_unit", WindUnit.init(rawValue:), default: defaults.windUnit) ?? .ms
        let descending = whole("sort_descending", 0...1) == 1
        let lastViewed = whole("last_viewed_place_id", 1...Int64.max)
        // Which providers and languages exist is the application's to say; here, only their shape.
        let provider = choice("provider", { name in
            (1...40).contains(name.utf8.count) && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
                ? name : nil
        })
        let language = choice("language", { code in
            (2...16).contains(code.utf8.count) && code.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D }
                ? code : nil
        })
        let format = choice("default_format", one(of: OutputFormat.names))
        let concurrency = whole("concurrency", 1...256).map { Int($0) }
        let alertSources = row.hasColumn("alert_sources") ? choice("alert_sources", { name in
            (1...40).contains(name.utf8.count) && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
                ? name : nil
        }) : nil
        let airScale = row.hasColumn("air_scale") ? choice("air_scale", AirScaleChoice.init(rawValue:)) : nil
        var ttl: Double?
        if !(row["ttl_minutes"] as DatabaseValue).isNull {
            ttl = number(row, "ttl_minutes").flatMap { (0...10_080).contains($0) ? $0 : nil }
            if ttl == nil { damaged.append("ttl_minutes") }
        }
        let metric = MeasureUnits.metric
        let measures = MeasureUnits(
            precipitation: choice("precipitation_unit", PrecipitationUnit.init(rawValue:), default: metric.precipitation) ?? metric.precipitation,
            distance: choice("distance_unit", DistanceUnit.init(rawValue:), default: metric.distance) ?? metric.distance,
            pressure: choice("pressure_unit", PressureUnit.init(rawValue:), default: metric.pressure) ?? metric.pressure,
            clock: choice("clock", ClockStyle.init(rawValue:), default: metric.clock) ?? metric.clock)
        let settings = Settings(
            temperatureUnit: temperature, sort: PlaceSort(key: sortKey, descending: descending), lastViewedPlaceID: lastViewed,
            windUnit: wind,
            preferences: Preferences(provider: provider, language: language, ttlMinutes: ttl, concurrency: concurrency, format: format,
                alertSources: alertSources, airScale: airScale),
            measures: measures)
        return (settings, damaged)
    }
}

extension TemperatureUnit: DatabaseValueConvertible {}
extension SortKey: DatabaseValueConvertible {}
extension WindUnit: DatabaseValueConvertible {}
