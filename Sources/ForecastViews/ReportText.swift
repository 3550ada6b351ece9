import ForecastCore

/// `list`'s and `show`'s output in the formats for scripts and documents
/// (CSV, TSV, markdown, a line a place), written a few hundred rows at a
/// time: 100,000 places' rows are never all made before the first is written.
package enum ReportText {
    /// Rows made at once.
    static let rowsAtOnce = 500

    /// Gives `write` the text of `output` in `format` (not JSON nor the table:
    /// those are the output's own), piece by piece. `english`: the words of
    /// CSV and TSV, which scripts read whatever the user's language.
    package static func write(
        _ output: some ReportOutput, as format: OutputFormat, template: ReportTemplate?, words: CommandFaceWords,
        english: CommandFaceWords, write: (String) -> Void
    ) {
        let fields = ReportField.allCases
        let pieces = stride(from: 0, to: output.rowCount, by: rowsAtOnce).map { $0..<min($0 + rowsAtOnce, output.rowCount) }
        // For machines, stable: the fields' names as --where and --template know them, SI values, English words;
        // text that a spreadsheet would run as a formula is defused (SpreadsheetCell), numbers stay numbers.
        func machine(_ separator: String, _ end: String, _ cell: (String, ReportField) -> String) {
            write(fields.map(\.rawValue).joined(separator: separator) + end)
            for piece in pieces {
                write(output.machineRows(english, piece).map { row in
                    fields.map { cell(row.bare[$0] ?? "", $0) }.joined(separator: separator) + end
                }.joined())
            }
        }
        switch format {
        case .csv:
            // RFC 4180: CRLF, a field with a comma, quote or line break quoted, quotes doubled.
            machine(",", "\r\n", SpreadsheetCell.csv)
        case .tsv:
            machine("\t", "\n", SpreadsheetCell.tsv)
        case .markdown:
            // For people: their units in the headers, their language.
            // The headers are the catalog's words: only a column break is escaped in them.
            let headers = fields.map { $0.header(temperature: output.units.temperature, wind: output.units.wind) }
                .map { $0.replacingOccurrences(of: "|", with: "\\|") }
            write("| " + headers.joined(separator: " | ") + " |\n" + "|" + fields.map { _ in " --- |" }.joined() + "\n")
            for piece in pieces {
                // A field whose machine value is a key (the air's scale and grade) reads in words.
                // The values hold services' and users' text (a name, a region, an error): nothing in them is markup.
                write(output.rows(piece, words: words, format: nil).map { row in
                    "| " + fields.map { MarkdownCell.escape(($0.isKey ? row.shown[$0] : row.bare[$0]) ?? "") }.joined(separator: " | ") + " |\n"
                }.joined())
            }
        case .line:
            for piece in pieces {
                write(output.rows(piece, words: words, format: nil).map { (template?.line($0) ?? ReportTemplate.standardLine($0)) + "\n" }.joined())
            }
        case .table, .json:
            break
        }
    }
}
