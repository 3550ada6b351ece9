/// Help texts as the parser prints them.
enum HelpText {
    /// `text` with each paragraph's lines joined into one, so that the parser
    /// folds it to the terminal's width (lines broken by hand for 80 columns
    /// came out ragged at 60: a word or two on every other line). Indented
    /// lines (examples) and blank lines stay as they are.
    static func flowing(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let last = lines.last, !last.isEmpty, !last.hasPrefix(" "), !line.isEmpty, !line.hasPrefix(" ") {
                lines[lines.count - 1] = last + " " + line
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
