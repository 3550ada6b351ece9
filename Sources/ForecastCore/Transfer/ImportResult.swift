/// What an import did (or, in a dry run, would do).
public struct ImportResult: Equatable, Sendable {
    public var added: [Place]
    public var skipped: Int
    /// Places removed first (with --replace).
    public var removed: Int
    /// Whether the file's settings were kept: with --replace, or into an empty list.
    public var settingsApplied: Bool

    public init(added: [Place], skipped: Int, removed: Int, settingsApplied: Bool) {
        self.added = added
        self.skipped = skipped
        self.removed = removed
        self.settingsApplied = settingsApplied
    }
}
