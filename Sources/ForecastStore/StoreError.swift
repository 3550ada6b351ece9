/// Why the store could not do what was asked. Each message is one line.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not SQLite at all.
    case notADatabase(path: String)
    /// A SQLite database, but some other program's.
    case foreignDatabase(path: String)
    /// Made by a newer forecast: its schema is past what this binary knows.
    case newerSchema(path: String, found: Int, known: Int)
    case cannotOpen(path: String, reason: String)
    case failed(String)

    public var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path) is not a SQLite database; it was left untouched (use --db to choose another file)"
        case .foreignDatabase(let path):
            "\(path) is a SQLite database but not one of forecast's; it was left untouched (use --db to choose another file)"
        case .newerSchema(let path, let found, let known):
            "\(path) was written by a newer forecast (schema \(found), this one knows up to \(known)); upgrade forecast to use it. The file was left untouched"
        case .cannotOpen(let path, let reason):
            "cannot open database \(path): \(reason)"
        case .failed(let reason):
            "database error: \(reason)"
        }
    }
}
