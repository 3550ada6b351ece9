/// Where the database lives: `--db PATH`, else `$FORECAST_DB`, else
/// `$XDG_DATA_HOME/forecast/forecast.sqlite`, else `~/.local/share/forecast/forecast.sqlite`.
public enum DatabaseLocation {
    public static func resolve(explicit: String?, environment: [String: String], home: String) -> String {
        if let explicit, !explicit.isEmpty { return expandTilde(explicit, home: home) }
        if let path = environment["FORECAST_DB"], !path.isEmpty { return expandTilde(path, home: home) }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/forecast/forecast.sqlite"
        }
        return home + "/.local/share/forecast/forecast.sqlite"
    }

    /// `~` expanded; and a path SQLite would read as something else than a file
    /// (`:memory:`, a `file:` URI) made a plain relative path: the database is
    /// always the file named, so nothing saved is ever silently lost.
    static func expandTilde(_ path: String, home: String) -> String {
        if path == "~" || path.hasPrefix("~/") { return home + path.dropFirst() }
        if path.hasPrefix(":") || path.lowercased().hasPrefix("file:") { return "./" + path }
        return path
    }
}
