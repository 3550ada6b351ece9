/// A name or label typed by the user, checked before it goes anywhere near the store.
///
/// Quotes, SQL and any script are fine (they are stored literally); empty
/// names, control characters and very long names are not.
public struct PlaceName: Hashable, Sendable {
    public static let maximumLength = 100

    public let value: String

    public init(_ raw: String, what: InputError.Field = .name) throws(InputError) {
        let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty else { throw .empty(what) }
        guard !collapsed.unicodeScalars.contains(where: SafeText.isUnsafe) else {
            throw .unsafeCharacters(what, collapsed)
        }
        guard SafeText.isVisible(collapsed) else { throw .invisible(what) }
        // Counted as the database counts (code points): 'e' with 200 combining
        // marks is one character on screen and 201 to SQLite's CHECK.
        let length = max(collapsed.count, collapsed.unicodeScalars.count)
        guard length <= Self.maximumLength else {
            throw .tooLong(what, length: length, maximum: Self.maximumLength)
        }
        // A label that is a whole number would be read as a position ('rename First 2',
        // then 'show 2' shows whatever is second): refused, with the reason.
        // (Read character by character: a regex literal is parsed again each time it is
        // evaluated, which made checking an import's 10,000 labels take seconds.)
        // Both are read as the label shows: without what draws nothing (a zero-width
        // space, a joiner, a soft hyphen), which "\u{200B}1" or "Home#\u{2060}2" would hide behind.
        if what == .label {
            let shown = Self.shown(collapsed)
            if Self.isWholeNumber(shown) { throw .numericLabel(collapsed) }
            // Nor may a label read as an address ("Seoul#1", "Seoul #2"): it would name another place.
            if Self.endsInAddress(shown) { throw .addressLabel(collapsed) }
        }
        value = collapsed
    }

    /// `text` without the characters that draw nothing (format characters and
    /// default-ignorable code points: U+200B, U+FEFF, U+2060, U+00AD, U+034F, U+200D…),
    /// its blanks collapsed again (what was left beside them: "\u{200B} 1" shows as "1").
    static func shown(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint && scalar.properties.generalCategory != .format {
            scalars.append(scalar)
        }
        return String(scalars).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `character` is one of the ASCII digits 0–9 alone (not one with a mark on it).
    static func isDigit(_ character: Character) -> Bool { character.asciiValue.map { (48...57).contains($0) } ?? false }

    /// Whether `text` is an optional minus sign and ASCII digits only (`-?[0-9]+`).
    static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.first == "-" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// Whether `text` ends in `#`, blanks, and ASCII digits (`.*#\s*[0-9]+`).
    static func endsInAddress(_ text: String) -> Bool {
        var rest = Substring(text)
        let number = rest.reversed().prefix(while: isDigit).count
        guard number > 0 else { return false }
        rest = rest.dropLast(number)
        while let last = rest.last, last.isWhitespace { rest = rest.dropLast() }
        return rest.last == "#"
    }
}
