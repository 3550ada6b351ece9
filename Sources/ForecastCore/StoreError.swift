/// Why the saved places could not be read or written. A value (the store in
/// ForecastStore throws it; the faces say it in words without knowing the store).
public enum StoreError: Error, Equatable, Sendable {
    /// The file exists but is not SQLite at all.
    case notADatabase(path: String)
    /// A SQLite database, but some other program's.
    case foreignDatabase(path: String)
    /// Made by a newer forecast: its schema is past what this binary knows.
    case newerSchema(path: String, found: Int, known: Int)
    case cannotOpen(path: String, reason: String)
    /// A new database could not be made: the disk (or the user's quota) is full. Nothing was left behind.
    case diskFull(path: String)
    /// The file at the path is no longer the one opened (replaced or deleted while open):
    /// nothing was done; the file now at the path is used from the next operation on.
    case replaced(path: String)
    /// Opened read-only because it could not be opened for writing, for this reason.
    case cannotWrite(path: String, reason: String)
    /// The place asked for is saved in a row that cannot be read.
    case damagedInTheWay(DamagedPlace)
    /// Another process held the write lock for longer than this could wait.
    case busy
    case failed(String)

}

/// A saved place whose row cannot be used (another program wrote it, or the
/// file was damaged): which row, which column, and its label if that reads.
public struct DamagedPlace: Error, Equatable, Sendable {
    public var id: Int64
    public var column: String
    public var label: String?
    /// Its GeoNames id, if that much of it reads: the same place cannot be saved again beside it.
    public var geonamesID: Int?

    public init(id: Int64, column: String, label: String?, geonamesID: Int?) {
        self.id = id
        self.column = column
        self.label = label
        self.geonamesID = geonamesID
    }
}

/// What could not be read in one reading of a database: the saved rows left
/// out of everything shown, and the settings columns whose defaults stand in.
public struct StoreDamage: Equatable, Sendable {
    public var places: [DamagedPlace]
    public var settings: [String]
    public init(places: [DamagedPlace] = [], settings: [String] = []) {
        self.places = places
        self.settings = settings
    }
}
