/// Why the store could not do what was asked. The CLI says it in words.
public enum StoreError: Error, Equatable, Sendable {
    /// The file exists but is not SQLite at all.
    case notADatabase(path: String)
    /// A SQLite database, but some other program's.
    case foreignDatabase(path: String)
    /// Made by a newer forecast: its schema is past what this binary knows.
    case newerSchema(path: String, found: Int, known: Int)
    case cannotOpen(path: String, reason: String)
    /// Opened read-only because it could not be opened for writing, for this reason.
    case cannotWrite(path: String, reason: String)
    /// The place asked for is saved in a row that cannot be read.
    case damagedInTheWay(DamagedPlace)
    /// Another process held the write lock for longer than this could wait.
    case busy
    case failed(String)

    /// `error` as a store error: itself if it is one, else a failure naming it.
    public static func wrapping(_ error: any Error) -> StoreError {
        (error as? StoreError) ?? .failed(PlaceStore.describe(error))
    }
}

/// A saved place whose row cannot be used (another program wrote it, or the
/// file was damaged): which row, which column, and its label if that reads.
public struct DamagedPlace: Error, Equatable, Sendable {
    public var id: Int64
    public var column: String
    public var label: String?
    /// Its GeoNames id, if that much of it reads: the same place cannot be saved again beside it.
    public var geonamesID: Int?
}
