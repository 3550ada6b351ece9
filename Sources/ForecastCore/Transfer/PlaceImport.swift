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
    /// Neither JSON nor CSV with the export's header: not an export at all, so
    /// nothing of it is quoted back (it may be /etc/shadow).
    case badHeader
    case empty
    /// More places than any export holds.
    case tooManyPlaces(maximum: Int)
    /// A place that cannot be saved: its row (1-based, the CSV header not counted) and why.
    case row(Int, RowProblem)
    /// A setting that cannot be kept: its name in the file ("temperatureUnit";
    /// "settings" for the object itself) and what is wrong with it.
    case setting(String, SettingProblem)

    public enum SettingProblem: Equatable, Sendable {
        /// "settings" is not an object (or is far larger than any export's).
        case notSettings
        /// A value the setting cannot take: the value where it is text that can
        /// be repeated (nil for null, a number where text belongs, and the like),
        /// and what it can take (nil where only `forecast config`'s rules say).
        case invalid(String?, allowed: String?)
    }

    public enum RowProblem: Equatable, Sendable {
        case missing(String)
        case wrongType(String)
        case columns(found: Int, expected: Int)
        case input(InputError)
        case badTimeZone(String)
        case badCountry(String)
        case badRegion
        case badGeonamesID(String)
        /// The JSON breaks off or goes wrong inside this place.
        case notJSON
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
    /// As many places as a file may hold: what is read is kept in memory until
    /// it is saved, so the count is bounded as well as the bytes.
    public static let maximumPlaces = 100_000

    /// Reads an export, JSON or CSV (told apart by the first character), and
    /// checks every row before anything is written.
    public static func read(_ data: Data) throws(ImportError) -> ImportFile {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count, maximum: maximumBytes) }
        // Without the byte-order mark, and with no copy of the bytes beyond the one String.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = data.starts(with: bom) ? data.dropFirst(bom.count) : data[...]
        if body.first(where: { !(0x09...0x0D).contains($0) && $0 != 0x20 }) == UInt8(ascii: "{") {
            return try json(body)
        }
        guard let text = String(validating: body, as: UTF8.self) else { throw .notText }
        return try csv(text)
    }

    /// Settings are a handful of fields: more than this is not an export's.
    static let maximumSettingsBytes = 64 << 10

    /// An export in JSON, read straight from its bytes a place at a time (see
    /// `JSONScanner`): memory is the file and the places, whatever the file holds.
    static func json(_ data: Data.SubSequence) throws(ImportError) -> ImportFile {
        do {
            return try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws(ImportError) -> ImportFile in
                try json(bytes)
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .notJSON(field: nil)
        }
    }

    /// `read` done, its failure said as an import error: text that is not UTF-8
    /// as such, what is not JSON (or too large) as `broken`, a value of another
    /// kind than an export's as `wrongType`.
    private static func attempt<T>(
        broken: ImportError = .notJSON(field: nil), wrongType: ImportError, _ read: () throws(JSONScanner.Failure) -> T
    ) throws(ImportError) -> T {
        do { return try read() } catch {
            switch error {
            case .notText: throw .notText
            case .syntax, .tooLarge: throw broken
            case .wrongType: throw wrongType
            }
        }
    }

    private static func json(_ bytes: UnsafeRawBufferPointer) throws(ImportError) -> ImportFile {
        func reading<T>(_ field: String?, _ read: () throws(JSONScanner.Failure) -> T) throws(ImportError) -> T {
            try attempt(wrongType: .notJSON(field: field), read)
        }
        // First what the file says it is, skipping everything else unread.
        var head = JSONScanner(bytes)
        var format: String?
        var version: Int?
        var broken: ImportError?
        do throws(ImportError) {
            try reading(nil) { () throws(JSONScanner.Failure) in
                try head.beginObject()
                var first = true
                while let key = try head.nextKey(first: &first) {
                    switch key {
                    case "format" where head.kind() == .string: format = try head.string()
                    case "version" where head.kind() == .number: version = try? head.integer()
                    default: try head.skipValue()
                    }
                }
                guard head.atEnd() else { throw .syntax }
            }
        } catch {
            // Broken somewhere: if it says it is an export, reading it says where (the row, when in a place).
            guard format == PlaceExport.formatName else { throw error }
            broken = error
        }
        guard format == PlaceExport.formatName else { throw .notAnExport }
        if let version, version != PlaceExport.currentVersion { throw .unknownVersion(version) }
        if version == nil && broken == nil { throw .notAnExport }

        var scanner = JSONScanner(bytes)
        var settings: ExportedSettings?
        var places: [NewPlace]?
        try reading(nil) { () throws(JSONScanner.Failure) in try scanner.beginObject() }
        var first = true
        while let key = try reading(nil, { () throws(JSONScanner.Failure) in try scanner.nextKey(first: &first) }) {
            switch key {
            case "settings": settings = try Self.settings(&scanner, in: bytes)
            case "places":
                guard places == nil else { throw .notJSON(field: "places") }
                places = try Self.places(&scanner)
            default: try reading(nil) { () throws(JSONScanner.Failure) in try scanner.skipValue() }
            }
        }
        if let broken { throw broken }  // (reading it again found the break elsewhere, or not at all)
        guard let places else { throw .notJSON(field: "places") }
        return ImportFile(places: places, settings: settings)
    }

    /// The settings object (small: it is decoded whole), or nil for `null`.
    private static func settings(_ scanner: inout JSONScanner, in bytes: UnsafeRawBufferPointer) throws(ImportError) -> ExportedSettings? {
        let start = scanner.offset
        let present = try attempt(wrongType: .setting("settings", .notSettings)) { () throws(JSONScanner.Failure) -> Bool in
            if try scanner.null() { return false }
            guard scanner.kind() == .object else { throw .wrongType }
            try scanner.skipValue()
            return true
        }
        guard present else { return nil }
        guard scanner.offset - start <= maximumSettingsBytes else { throw .setting("settings", .notSettings) }
        do {
            return try JSONDecoder().decode(ExportedSettings.self, from: Data(bytes[start..<scanner.offset]))
        } catch let invalid as ExportedSettings.InvalidChoice {
            throw .setting(invalid.setting, .invalid(SafeText.clean(invalid.given, maxLength: 60), allowed: invalid.allowed))
        } catch let DecodingError.keyNotFound(key, context) {
            throw located([SettingsKey()] + context.codingPath, field: key.stringValue)
        } catch let DecodingError.valueNotFound(_, context) {
            throw located([SettingsKey()] + context.codingPath, field: nil)
        } catch let DecodingError.typeMismatch(_, context) {
            throw located([SettingsKey()] + context.codingPath, field: nil)
        } catch let DecodingError.dataCorrupted(context) {
            throw located([SettingsKey()] + context.codingPath, field: nil)
        } catch {
            throw .setting("settings", .notSettings)
        }
    }

    private struct SettingsKey: CodingKey {
        var stringValue = "settings"
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    /// The places array, each place checked as it is read, at most `maximumPlaces`.
    private static func places(_ scanner: inout JSONScanner) throws(ImportError) -> [NewPlace] {
        var places: [NewPlace] = []
        func step<T>(_ read: () throws(JSONScanner.Failure) -> T) throws(ImportError) -> T {
            // Broken between two places: the one after the last read is where.
            try attempt(
                broken: places.isEmpty ? .notJSON(field: nil) : .row(places.count + 1, .notJSON), wrongType: .notJSON(field: "places"), read)
        }
        try step { () throws(JSONScanner.Failure) in try scanner.beginArray() }
        var first = true
        while try step({ () throws(JSONScanner.Failure) in try scanner.nextElement(first: &first) }) {
            guard places.count < maximumPlaces else { throw .tooManyPlaces(maximum: maximumPlaces) }
            places.append(try place(&scanner, row: places.count + 1))
        }
        return places
    }

    /// One place object of the array: its fields read by name, others skipped.
    private static func place(_ scanner: inout JSONScanner, row: Int) throws(ImportError) -> NewPlace {
        var label, name, country, region, timezone: String?
        var latitude, longitude: Double?
        var geonamesID: Int?
        func field<T>(_ name: String, _ read: () throws(JSONScanner.Failure) -> T) throws(ImportError) -> T {
            try attempt(broken: .row(row, .notJSON), wrongType: .row(row, .wrongType(name)), read)
        }
        // A field's value, null being none.
        func text() throws(JSONScanner.Failure) -> String? { try scanner.null() ? nil : scanner.string() }
        func number() throws(JSONScanner.Failure) -> Double? { try scanner.null() ? nil : scanner.number() }
        try field("place") { () throws(JSONScanner.Failure) in try scanner.beginObject() }
        var first = true
        while let key = try field("place", { () throws(JSONScanner.Failure) in try scanner.nextKey(first: &first) }) {
            switch key {
            case "label": label = try field(key, text)
            case "name": name = try field(key, text)
            case "country": country = try field(key, text)
            case "region": region = try field(key, text)
            case "timezone": timezone = try field(key, text)
            case "latitude": latitude = try field(key, number)
            case "longitude": longitude = try field(key, number)
            case "geonamesId":
                geonamesID = try field(key) { () throws(JSONScanner.Failure) in try scanner.null() ? nil : scanner.integer() }
            default:
                try field(key) { () throws(JSONScanner.Failure) in try scanner.skipValue() }
            }
        }
        func required<T>(_ value: T?, _ name: String) throws(ImportError) -> T {
            guard let value else { throw .row(row, .missing(name)) }
            return value
        }
        return try checked(
            row: row, label: try required(label, "label"), name: try required(name, "name"), country: try required(country, "country"),
            region: try required(region, "region"), latitude: try required(latitude, "latitude"),
            longitude: try required(longitude, "longitude"), timeZone: try required(timezone, "timezone"), geonamesID: geonamesID)
    }

    /// A decoding failure as the row and field it happened at.
    static func located(_ path: [any CodingKey], field: String?) -> ImportError {
        let names = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined() + (field.map { ".\($0)" } ?? "")
        let clean = SafeText.clean(names.hasPrefix(".") ? String(names.dropFirst()) : names, maxLength: 80)
        if path.first?.stringValue == "settings" {
            // A setting of the wrong type or null: named, with what it can be.
            let names = path.dropFirst().map(\.stringValue) + (field.map { [$0] } ?? [])
            guard names.count == 1, let name = names.first else { return .setting("settings", .notSettings) }
            return .setting(SafeText.clean(name, maxLength: 80), .invalid(nil, allowed: ExportedSettings.allowed(name)))
        }
        return .notJSON(field: clean.isEmpty ? nil : clean)
    }

    static func csv(_ text: String) throws(ImportError) -> ImportFile {
        let columns = PlaceExport.csvHeader.count
        var places: [NewPlace] = []
        var row = -1
        do {
            try CSV.forEachRecord(in: text, maximumFields: columns) { (record: [String], count: Int) throws(ImportError) in
                row += 1
                guard row > 0 else {
                    guard record.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == PlaceExport.csvHeader, count == columns else {
                        throw .badHeader
                    }
                    return
                }
                if count == 1 && record == [""] { return }  // a blank line
                guard count == columns else { throw .row(row, .columns(found: count, expected: columns)) }
                guard places.count < maximumPlaces else { throw .tooManyPlaces(maximum: maximumPlaces) }
                places.append(try place(csv: record, row: row))
            }
        } catch {
            switch error {
            case .parse(let problem): throw row < 0 ? .badHeader : .csv(problem)
            case .body(let problem): throw problem
            }
        }
        guard row >= 0 else { throw .empty }
        return ImportFile(places: places, settings: nil)
    }

    /// One CSV record of the export's columns as a checked place.
    static func place(csv record: [String], row: Int) throws(ImportError) -> NewPlace {
        func number(_ text: String, _ field: InputError.Field) throws(ImportError) -> Double {
            do { return try Coordinate.parseDegrees(text, field: field) } catch { throw .row(row, .input(error)) }
        }
        let id = record[7].trimmingCharacters(in: .whitespaces)
        var geonamesID: Int?
        if !id.isEmpty {
            guard let parsed = Int(id) else { throw .row(row, .badGeonamesID(SafeText.clean(id, maxLength: 20))) }
            geonamesID = parsed
        }
        return try checked(
            row: row, label: record[0], name: record[1], country: record[2], region: record[3],
            latitude: try number(record[4], .latitude), longitude: try number(record[5], .longitude),
            timeZone: record[6], geonamesID: geonamesID)
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
            guard country.isEmpty || NewPlace.isCountryCode(country) else {
                throw ImportError.row(row, .badCountry(SafeText.clean(country, maxLength: 20)))
            }
            guard region.utf8.count <= 100, SafeText.clean(region, maxLength: 100) == region else { throw ImportError.row(row, .badRegion) }
            guard let zone = SafeText.timeZone(timeZone.trimmingCharacters(in: .whitespaces)) else {
                throw ImportError.row(row, .badTimeZone(SafeText.clean(timeZone, maxLength: 64)))
            }
            if let geonamesID, !NewPlace.geonamesIDs.contains(geonamesID) {
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
    /// earlier in the file), in order; the rest are skipped. Linear in both:
    /// places are looked up by GeoNames id and by a grid of their coordinates.
    public static func plan(_ incoming: [NewPlace], saved: [Place]) -> (add: [NewPlace], skipped: Int) {
        var known = PlaceIndex()
        for place in saved { known.insert(place.geonamesID, place.coordinate) }
        var add: [NewPlace] = []
        var skipped = 0
        for place in incoming {
            if known.containsSame(place.geonamesID, place.coordinate) {
                skipped += 1
            } else {
                add.append(place)
                known.insert(place.geonamesID, place.coordinate)
            }
        }
        return (add, skipped)
    }
}

/// The places seen so far, to answer "is this one of them?" by `NewPlace.isSame`'s
/// rule (the same GeoNames id when both have one, else within 100 m) without
/// comparing against each of them: by id, and by a grid of cells at least
/// 100 m wide, where a match can only be in the same cell or a neighbour.
struct PlaceIndex {
    private struct Cell: Hashable {
        var x: Int
        var y: Int
        /// 0 on the latitude/longitude grid; ±1 on the polar grids.
        var pole: Int
    }
    private typealias Entry = (id: Int?, at: Coordinate)
    private var ids: Set<Int> = []
    private var cells: [Cell: [Entry]] = [:]

    /// 0.002° of latitude is 222 m.
    private static let degrees = 0.002
    /// Within 1.2° of a pole, degrees of longitude shrink to nothing: such points
    /// also go on a grid of 250 m squares in an azimuthal projection around the
    /// pole, where distances from the pole are true and the rest nearly so.
    private static let polarBand = 88.8, polarQuery = 88.9, polarMetres = 250.0

    private static let around = Int((360 / degrees).rounded())

    /// A cell's column, taken round the antimeridian: 180° and -180° are one.
    private static func column(_ x: Int) -> Int {
        x < -around / 2 ? x + around : x >= around / 2 ? x - around : x
    }

    private static func grid(_ at: Coordinate) -> Cell {
        Cell(x: column(Int((at.longitude / degrees).rounded(.down))), y: Int((at.latitude / degrees).rounded(.down)), pole: 0)
    }

    private static func polar(_ at: Coordinate) -> Cell {
        let radius = (90 - abs(at.latitude)) * 111_320
        let angle = at.longitude * .pi / 180
        return Cell(
            x: Int((radius * cos(angle) / polarMetres).rounded(.down)), y: Int((radius * sin(angle) / polarMetres).rounded(.down)),
            pole: at.latitude > 0 ? 1 : -1)
    }

    mutating func insert(_ id: Int?, _ at: Coordinate) {
        if let id { ids.insert(id) }
        cells[Self.grid(at), default: []].append((id, at))
        if abs(at.latitude) > Self.polarBand { cells[Self.polar(at), default: []].append((id, at)) }
    }

    func containsSame(_ id: Int?, _ at: Coordinate) -> Bool {
        if let id, ids.contains(id) { return true }
        func matches(_ cell: Cell) -> Bool {
            (cells[cell] ?? []).contains { other in
                if let id, let otherID = other.id { return id == otherID }
                return at.distance(to: other.at) < 0.1
            }
        }
        if abs(at.latitude) > Self.polarQuery {
            let center = Self.polar(at)
            for dx in -1...1 {
                for dy in -1...1 where matches(Cell(x: center.x + dx, y: center.y + dy, pole: center.pole)) { return true }
            }
            return false
        }
        let center = Self.grid(at)
        // How many longitude cells 100 m spans here (more towards the poles; at most 25 below 88.9°).
        let metresPerCell = 111_320 * Self.degrees * cos(at.latitude * .pi / 180)
        let reach = Int((100 / metresPerCell).rounded(.up))
        for dy in -1...1 {
            // Across the antimeridian, the cells on the other side are neighbours too.
            for dx in -reach...reach where matches(Cell(x: Self.column(center.x + dx), y: center.y + dy, pole: 0)) { return true }
        }
        return false
    }
}
