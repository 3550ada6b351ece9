import Foundation

/// Why an import file cannot be used. Nothing is written when any of these is
/// thrown; the CLI says it in words, naming the row.
public enum ImportError: Error, Equatable, Sendable {
    case tooLarge(bytes: Int, maximum: Int)
    case notText
    /// JSON that cannot be read, with where.
    case notJSON(field: String?)
    /// JSON, but not a forecast export.
    case notAnExport
    case unknownVersion(Int)
    case csv(CSV.ParseError)
    case badHeader(found: [String])
    case empty
    /// A place that cannot be saved: its row (1-based, the CSV header not counted) and why.
    case row(Int, RowProblem)
    /// A setting that cannot be kept.
    case setting(String, String)

    public enum RowProblem: Equatable, Sendable {
        case missing(String)
        case wrongType(String)
        case columns(found: Int, expected: Int)
        case input(InputError)
        case badTimeZone(String)
        case badCountry(String)
        case badRegion
        case badGeonamesID(String)
    }
}

/// A checked import file: the places to save, in order, and the settings it carries.
public struct ImportFile: Sendable, Equatable {
    public var places: [NewPlace]
    public var settings: ExportedSettings?
}

public enum PlaceImport {
    /// Larger than any list anyone keeps (100,000 places is about 15 MB of JSON).
    public static let maximumBytes = 32 << 20

    /// Reads an export, JSON or CSV (told apart by the first character), and
    /// checks every row before anything is written.
    public static func read(_ data: Data) throws(ImportError) -> ImportFile {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count, maximum: maximumBytes) }
        guard let text = String(data: data, encoding: .utf8) else { throw .notText }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        if body.first(where: { !$0.isWhitespace }) == "{" { return try json(Data(body.utf8)) }
        return try csv(body)
    }

    static func json(_ data: Data) throws(ImportError) -> ImportFile {
        struct Head: Decodable {
            var format: String?
            var version: Int?
        }
        guard let head = try? JSONDecoder().decode(Head.self, from: data) else { throw .notJSON(field: nil) }
        guard head.format == PlaceExport.formatName, let version = head.version else { throw .notAnExport }
        guard version == PlaceExport.currentVersion else { throw .unknownVersion(version) }
        let file: PlaceExport
        do {
            file = try JSONDecoder().decode(PlaceExport.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw located(context.codingPath, field: key.stringValue, missing: true)
        } catch let DecodingError.typeMismatch(_, context) {
            throw located(context.codingPath, field: nil, missing: false)
        } catch let DecodingError.valueNotFound(_, context) {
            throw located(context.codingPath, field: nil, missing: true)
        } catch let DecodingError.dataCorrupted(context) {
            throw located(context.codingPath, field: nil, missing: false)
        } catch {
            throw .notJSON(field: nil)
        }
        var places: [NewPlace] = []
        for (index, place) in file.places.enumerated() {
            places.append(try checked(
                row: index + 1, label: place.label, name: place.name, country: place.country, region: place.region,
                latitude: place.latitude, longitude: place.longitude, timeZone: place.timezone, geonamesID: place.geonamesId))
        }
        return ImportFile(places: places, settings: file.settings)
    }

    /// A decoding failure as the row and field it happened at.
    static func located(_ path: [any CodingKey], field: String?, missing: Bool) -> ImportError {
        let names = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined() + (field.map { ".\($0)" } ?? "")
        let clean = SafeText.clean(names.hasPrefix(".") ? String(names.dropFirst()) : names, maxLength: 80)
        if path.first?.stringValue == "places", let index = path.dropFirst().first?.intValue {
            let name = field ?? path.last?.stringValue ?? clean
            return .row(index + 1, missing ? .missing(SafeText.clean(name, maxLength: 40)) : .wrongType(SafeText.clean(name, maxLength: 40)))
        }
        if path.first?.stringValue == "settings" { return .setting(clean, missing ? "missing" : "not valid") }
        return .notJSON(field: clean.isEmpty ? nil : clean)
    }

    static func csv(_ text: String) throws(ImportError) -> ImportFile {
        let records: [[String]]
        do { records = try CSV.parse(text) } catch { throw .csv(error) }
        guard let header = records.first else { throw .empty }
        guard header.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == PlaceExport.csvHeader else {
            throw .badHeader(found: header.prefix(10).map { SafeText.clean($0, maxLength: 30) })
        }
        var places: [NewPlace] = []
        for (index, record) in records.dropFirst().enumerated() {
            let row = index + 1
            if record == [""] { continue }  // a blank line
            guard record.count == PlaceExport.csvHeader.count else {
                throw .row(row, .columns(found: record.count, expected: PlaceExport.csvHeader.count))
            }
            func number(_ text: String, _ field: InputError.Field) throws(ImportError) -> Double {
                do { return try Coordinate.parseDegrees(text, field: field) } catch { throw .row(row, .input(error)) }
            }
            let id = record[7].trimmingCharacters(in: .whitespaces)
            var geonamesID: Int?
            if !id.isEmpty {
                guard let parsed = Int(id) else { throw .row(row, .badGeonamesID(SafeText.clean(id, maxLength: 20))) }
                geonamesID = parsed
            }
            places.append(try checked(
                row: row, label: record[0], name: record[1], country: record[2], region: record[3],
                latitude: try number(record[4], .latitude), longitude: try number(record[5], .longitude),
                timeZone: record[6], geonamesID: geonamesID))
        }
        return ImportFile(places: places, settings: nil)
    }

    /// One place, checked as `add` checks what it saves.
    static func checked(
        row: Int, label: String, name: String, country: String, region: String, latitude: Double, longitude: Double,
        timeZone: String, geonamesID: Int?
    ) throws(ImportError) -> NewPlace {
        do {
            let label = try PlaceName(label, what: .label).value
            let name = try PlaceName(name).value
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            let country = country.trimmingCharacters(in: .whitespaces).uppercased()
            guard country.isEmpty || (country.utf8.count == 2 && country.utf8.allSatisfy { (0x41...0x5A).contains($0) }) else {
                throw ImportError.row(row, .badCountry(SafeText.clean(country, maxLength: 20)))
            }
            guard region.utf8.count <= 100, SafeText.clean(region, maxLength: 100) == region else { throw ImportError.row(row, .badRegion) }
            guard let zone = SafeText.timeZone(timeZone.trimmingCharacters(in: .whitespaces)) else {
                throw ImportError.row(row, .badTimeZone(SafeText.clean(timeZone, maxLength: 64)))
            }
            if let geonamesID, !(1...Int(Int32.max)).contains(geonamesID) {
                throw ImportError.row(row, .badGeonamesID(String(geonamesID)))
            }
            return NewPlace(
                displayName: label, canonicalName: name, countryCode: country, admin1: region, coordinate: coordinate,
                timeZone: zone, geonamesID: geonamesID)
        } catch let error as InputError {
            throw .row(row, .input(error))
        } catch let error as ImportError {
            throw error
        } catch {
            throw .notText
        }
    }

    /// Which of `incoming` to add to `saved`: those not saved already (nor
    /// earlier in the file), in order; the rest are skipped.
    public static func plan(_ incoming: [NewPlace], saved: [Place]) -> (add: [NewPlace], skipped: Int) {
        var add: [NewPlace] = []
        var skipped = 0
        for place in incoming {
            let known = saved.contains(where: place.isSame(as:)) || add.contains { $0.isSame(as: place) }
            if known { skipped += 1 } else { add.append(place) }
        }
        return (add, skipped)
    }
}
