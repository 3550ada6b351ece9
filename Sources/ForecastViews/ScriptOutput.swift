import ForecastCore

/// An output that reads in the formats for scripts and documents too (CSV,
/// TSV, markdown, a line each), beside the table and JSON that every
/// `CommandOutput` has: every command's formats are rendered through this one
/// path, whichever of them it offers.
package protocol ScriptOutput: CommandOutput {
    /// Gives `write` the output's text in `format` (not the table nor JSON:
    /// those are `CommandOutput`'s), piece by piece. `template`: a line's
    /// fields (`--template`), where the output has fields; `english`: the
    /// words of the formats machines read (CSV, TSV), whatever the user's language.
    func write(
        as format: OutputFormat, template: ReportTemplate?, words: CommandFaceWords, english: CommandFaceWords, emoji: Bool,
        write: (String) -> Void)
}

extension ReportOutput {
    /// A row a place, in any of the report formats (`ReportText`).
    package func write(
        as format: OutputFormat, template: ReportTemplate?, words: CommandFaceWords, english: CommandFaceWords, emoji: Bool,
        write: (String) -> Void
    ) {
        ReportText.write(self, as: format, template: template, words: words, english: english, write: write)
    }
}
