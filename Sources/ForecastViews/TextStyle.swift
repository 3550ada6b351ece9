import ForecastCore

/// How a value reads as text: the words (the language), the width, colour and
/// symbols. A renderer is a pure function of a value and this, and of nothing
/// else (no streams, no database), so any face can show the same values.
package struct TextStyle: Sendable {
    package init(words: ViewWords, columns: Int?, usesColour: Bool, emoji: Bool, placesByCursor: Bool = false) {
        self.words = words
        self.columns = columns
        self.usesColour = usesColour
        self.emoji = emoji
        self.placesByCursor = placesByCursor
    }
    package var words: ViewWords
    /// The width to fit; nil when it is not a terminal (nothing is cut).
    package var columns: Int?
    package var usesColour: Bool
    /// Emoji symbols, or ASCII ones.
    package var emoji: Bool
    /// Whether tables place the cells after an emoji by moving the cursor (a
    /// terminal's output, which no width table can be trusted for), or by spaces only.
    package var placesByCursor: Bool

    /// How a table indented by `indent` columns places its cells.
    package func placement(indent: Int = 0) -> TextTable.Placement {
        placesByCursor ? .cursor(indent: indent) : .padded
    }

    package func bold(_ text: String) -> String { usesColour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    package func dim(_ text: String) -> String { usesColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    package func red(_ text: String) -> String { usesColour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}

extension TextStyle {
    /// `text` in the colour of a warning's level: yellow, orange, red, and
    /// magenta for extreme, white for a severity unknown (orange is the 256-colour palette's 208, which
    /// terminals without it show as their nearest). Plain without colour.
    package func warning(_ text: String, level: WarningLevel) -> String {
        guard usesColour else { return text }
        let code = switch level {
        case .unknown: "37"
        case .minor: "33"
        case .moderate: "38;5;208"
        case .severe: "31"
        case .extreme: "35"
        }
        return "\u{1B}[1;\(code)m\(text)\u{1B}[0m"
    }
}
