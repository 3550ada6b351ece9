/// How `list` and `show` print, listed once: the table, JSON, or a report
/// format for scripts and status bars (the flag, `$FORECAST_FORMAT` and
/// `forecast config format` all take these, and the store keeps one of them).
public enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, csv, tsv, markdown, line

    /// Every format's name, in order.
    public static var names: [String] { allCases.map(\.rawValue) }
}
