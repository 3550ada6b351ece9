import ForecastCore

/// What a command produces: one value, rendered to JSON (its encoding) or to
/// text (`text(_:)`, a pure function of the value and a `CommandStyle`) in one place.
package protocol CommandOutput: Encodable {
    /// The lines the value reads as, in the context's language and terminal.
    func text(_ style: CommandStyle) -> [String]
}

/// An output whose JSON is written piece by piece (a long list's, a place at a time).
package protocol StreamedJSON {
    /// Gives `write` the pieces of the JSON its encoding is, in order.
    func writeJSON(_ write: (String) -> Void) throws
}

/// An output whose text is written a line at a time (a long list's table).
package protocol StreamedText {
    /// Gives `write` the lines `text(style)` is, in order.
    func writeText(_ style: CommandStyle, _ write: (String) -> Void)
}

/// How a command's output reads: the style every face's views read in
/// (`TextStyle`: the width, colour, symbols and the views' words), with the
/// command line's own words (the commands' and the errors' too, not the app's).
@dynamicMemberLookup
package struct CommandStyle: Sendable {
    /// What the views both faces draw are given.
    package var text: TextStyle
    package var words: CommandFaceWords

    package init(words: CommandFaceWords, columns: Int?, usesColour: Bool, emoji: Bool, placesByCursor: Bool = false) {
        self.words = words
        text = TextStyle(words: words, columns: columns, usesColour: usesColour, emoji: emoji, placesByCursor: placesByCursor)
    }

    /// The text style's width, colour and symbols.
    package subscript<Value>(dynamicMember path: KeyPath<TextStyle, Value>) -> Value { text[keyPath: path] }

    package func placement(indent: Int = 0) -> TextTable.Placement { text.placement(indent: indent) }
    package func bold(_ line: String) -> String { text.bold(line) }
    package func dim(_ line: String) -> String { text.dim(line) }
    package func red(_ line: String) -> String { text.red(line) }
    package func warning(_ line: String, level: WarningLevel) -> String { text.warning(line, level: level) }
}
