/// How a value reads as text: the words (the language), the width, colour and
/// symbols. A renderer is a pure function of a value and this, and of nothing
/// else (no streams, no database), so any face can show the same values.
struct TextStyle: Sendable {
    var words: Words
    /// The width to fit; nil when it is not a terminal (nothing is cut).
    var columns: Int?
    var usesColour: Bool
    /// Emoji symbols, or ASCII ones.
    var emoji: Bool

    func bold(_ text: String) -> String { usesColour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { usesColour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}
