import Foundation

/// Text from outside (services, the database, the user) made safe to store and
/// to print: no control characters (C0, C1, DEL, so no ESC or BEL and no
/// terminal escape sequence), no bidirectional overrides, one line, bounded.
public enum SafeText {
    /// Characters that reorder text on screen (Trojan Source): LRE, RLE, PDF,
    /// LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM.
    static let bidiControls: Set<UInt32> = [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
    ]

    /// A control character (general category Cc: exactly U+0000–001F and
    /// U+007F–009F, so no Unicode table is needed), a bidi control or a surrogate.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return true }
        // Every bidi control is at U+061C or above: most text never reaches the
        // comparisons below (a set lookup hashed every scalar of every text).
        guard value >= 0x061C else { return false }
        return value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || (0xD800...0xDFFF).contains(value)
    }

    /// `text` without control characters or bidi overrides; line breaks and tabs
    /// become single spaces; at most `maxLength` characters (ending with "…" when cut).
    /// Every form of each of `secrets` is redacted before the cut (and again
    /// after the cleaning, which may join a key's pieces), so no cut can leave
    /// a key's beginning behind; a cut never splits the redaction marker.
    public static func clean(_ text: String, maxLength: Int = 200, redacting secrets: [String] = []) -> String {
        // Most text (names, codes, zones) is plain ASCII that cleaning would leave as it is: no Unicode tables needed.
        if secrets.isEmpty, isPlainASCII(text, maxLength: maxLength) { return text }
        // Text cleaned before (read back from the cache) is left as it is after one look.
        if secrets.isEmpty, isClean(text, maxLength: maxLength) { return text }
        return cleaned(text, maxLength: maxLength, redacting: secrets)
    }

    /// What `clean` does, always: the definition its shortcuts must agree with.
    static func cleaned(_ text: String, maxLength: Int, redacting secrets: [String]) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        let redacted = redact(text, secrets: secrets).unicodeScalars
        var rest = redacted.makeIterator()
        var next = rest.next()
        while let scalar = next {
            next = rest.next()
            // The line and paragraph separators (U+2028, U+2029) break lines too.
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == " " || scalar.value == 0x2028 || scalar.value == 0x2029 {
                if !lastWasSpace { scalars.append(" ") }
                lastWasSpace = true
            } else if !isUnsafe(scalar) && !isDropped(scalar, after: scalars.last, before: next) {
                // (What draws nothing and is not needed where it is, a zero-width space, a
                // tag, a soft hyphen, a joiner between two letters of Latin, is dropped: `isDropped`.)
                scalars.append(scalar)
                lastWasSpace = false
            }
        }
        let cleaned = redact(String(scalars).trimmingCharacters(in: .whitespaces), secrets: secrets)
        return cut(cleaned, maxLength: maxLength)
    }

    /// Text of several paragraphs (a warning's description): like `clean`, but
    /// line breaks are kept (at most one blank line in a row, no spaces at a
    /// line's ends), and at most `maxLength` characters, ending with "…" when cut.
    public static func paragraphs(_ text: String, maxLength: Int = 4000) -> String {
        // Paragraphs cleaned before (a warning read back from the cache) are left as they are after one look.
        if isCleanParagraphs(text, maxLength: maxLength) { return text }
        return cleanedParagraphs(text, maxLength: maxLength)
    }

    /// What `paragraphs` does, always: the definition its shortcut must agree with.
    static func cleanedParagraphs(_ text: String, maxLength: Int) -> String {
        // Only what can be kept is looked at: a description of megabytes costs no more than one of kilobytes.
        let lines = String(text.unicodeScalars.prefix(maxLength * 4 + 1)).split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" })
        var kept: [String] = []
        for line in lines {
            let cleaned = clean(String(line), maxLength: maxLength)
            if cleaned.isEmpty {
                if let last = kept.last, !last.isEmpty { kept.append("") }
            } else {
                kept.append(cleaned)
            }
        }
        while kept.last?.isEmpty == true { kept.removeLast() }
        return cut(kept.joined(separator: "\n"), maxLength: maxLength)
    }

    /// Whether every byte is printable ASCII (space to tilde): text that needs
    /// no Unicode tables to clean, measure or fold.
    public static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether `clean` (without secrets) would return `text` unchanged: at most
    /// `maxLength` scalars (so no cut), none unsafe or invisible (`isUnsafe`,
    /// which covers line breaks and tabs, the line and paragraph separators,
    /// the zero-width space, the byte-order mark), no two spaces in a row, and
    /// no space (of any kind `trimmingCharacters(in: .whitespaces)` trims) at
    /// either end. One pass, no copy.
    static func isClean(_ text: String, maxLength: Int) -> Bool {
        var count = 0, previousSpace = false
        var first: Unicode.Scalar?, last: Unicode.Scalar?
        var rest = text.unicodeScalars.makeIterator()
        var next = rest.next()
        while let scalar = next {
            next = rest.next()
            count += 1
            guard count <= maxLength, isKeptInALine(scalar, after: last, before: next) else { return false }
            if scalar == " " {
                if previousSpace { return false }
                previousSpace = true
            } else {
                previousSpace = false
            }
            if first == nil { first = scalar }
            last = scalar
        }
        guard let first, let last else { return true }
        return !isTrimmed(first) && !isTrimmed(last)
    }

    /// Whether `paragraphs` would return `text` unchanged: lines (split at "\n"
    /// only: no other break is left) each as `isClean` has them, a blank line
    /// only between two others, none at the start or the end, and at most
    /// `maxLength` scalars in all.
    static func isCleanParagraphs(_ text: String, maxLength: Int) -> Bool {
        var count = 0, previousSpace = false, lineLength = 0
        var previousLineBlank = true
        var last: Unicode.Scalar?
        var rest = text.unicodeScalars.makeIterator()
        var next = rest.next()
        while let scalar = next {
            next = rest.next()
            count += 1
            guard count <= maxLength else { return false }
            if scalar == "\n" {
                if lineLength == 0 {
                    // A blank line at the start, or two in a row.
                    if previousLineBlank { return false }
                    previousLineBlank = true
                } else {
                    if let last, isTrimmed(last) { return false }
                    previousLineBlank = false
                }
                lineLength = 0
                previousSpace = false
                continue
            }
            guard isKeptInALine(scalar, after: lineLength == 0 ? nil : last, before: next == "\n" ? nil : next),
                  !(lineLength == 0 && isTrimmed(scalar)) else { return false }
            if scalar == " " {
                if previousSpace { return false }
                previousSpace = true
            } else {
                previousSpace = false
            }
            lineLength += 1
            last = scalar
        }
        // Empty, or ending with a line that is not blank.
        if count == 0 { return true }
        guard lineLength > 0, let last else { return false }
        return !isTrimmed(last)
    }

    /// A scalar `clean` keeps as it is (a space only as one space), between `previous` and `next`.
    private static func isKeptInALine(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        let value = scalar.value
        return !isUnsafe(scalar) && value != 0x2028 && value != 0x2029 && !isDropped(scalar, after: previous, before: next)
    }

    /// A scalar `trimmingCharacters(in: .whitespaces)` removes from an end: a tab or a space separator.
    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// Printable ASCII of at most `maxLength` bytes, neither starting nor
    /// ending with a space nor holding two in a row: what `clean` returns unchanged.
    static func isPlainASCII(_ text: String, maxLength: Int) -> Bool {
        let utf8 = text.utf8
        guard utf8.count <= maxLength, utf8.first != 0x20, utf8.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in utf8 {
            guard byte >= 0x20, byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return true
    }

    /// At most `maxLength` characters, ending with "…" when cut; never inside the redaction marker.
    static func cut(_ text: String, maxLength: Int, maxScalars: Int? = nil) -> String {
        // One character can be any number of scalars (a letter under 600,000
        // accents, emoji joined without end): the scalars are bounded too, at
        // four a character unless asked otherwise, keeping whole characters.
        let scalarBudget = max(1, maxScalars ?? maxLength * 4)
        if text.unicodeScalars.count > scalarBudget {
            var kept = "", used = 0
            for character in text {
                let size = character.unicodeScalars.count
                guard used + size < scalarBudget else { break }
                kept.append(character)
                used += size
            }
            return kept.count >= maxLength ? cut(kept, maxLength: maxLength, maxScalars: scalarBudget) : kept + "…"
        }
        guard text.count > maxLength else { return text }
        var kept = max(0, maxLength - 1)
        // A marker the cut would split goes whole: "[redac…" would read as text.
        for length in 1..<redactionMarker.count where kept >= length {
            if text.dropFirst(kept - length).hasPrefix(redactionMarker) {
                kept -= length
                break
            }
        }
        return String(text.prefix(kept)) + "…"
    }

    /// `text` with control characters, bidi overrides and what draws nothing
    /// (`isDropped`) removed and line breaks turned into spaces, nothing else
    /// changed: for laying out cells.
    public static func printable(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: { isUnsafe($0) || isInvisible($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        var rest = text.unicodeScalars.makeIterator()
        var next = rest.next()
        while let scalar = next {
            next = rest.next()
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                scalars.append(" ")
            } else if !isUnsafe(scalar) && !isDropped(scalar, after: scalars.last, before: next) {
                // (What draws nothing and is not needed where it is: dropped from what is shown, as `clean` drops it.)
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Whether `text` shows anything at all: not only spaces, controls or
    /// invisible format characters.
    public static func isVisible(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            !isUnsafe(scalar) && !scalar.properties.isWhitespace
                && scalar.properties.generalCategory != .format && !scalar.properties.isDefaultIgnorableCodePoint
                && !blankLooking.contains(scalar.value)
        }
    }

    /// Characters that draw nothing although Unicode does not call them ignorable
    /// (Braille blank) or that some systems' tables do not (the Hangul fillers).
    static let blankLooking: Set<UInt32> = [0x2800, 0x3164, 0xFFA0, 0x115F, 0x1160, 0x180E]

    /// What the user typed, for repeating in a message: on one line, with
    /// control characters and bidi overrides shown as `\u{1B}` escapes, bounded.
    public static func quoted(_ text: String, maxLength: Int = 80) -> String {
        var result = ""
        // What was typed may be megabytes (one letter under millions of accents):
        // only what can be shown is looked at, and the result is bounded like cleaned text.
        for scalar in text.unicodeScalars.prefix(maxLength * 4 + 1) {
            if isUnsafe(scalar) || scalar == "\n" || scalar == "\t" {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return cut(result, maxLength: maxLength)
    }

    /// `clean`, and at most `maxLength` code points as well as characters: what
    /// a database column counted in code points holds (SQLite's `length`).
    public static func storable(_ text: String, maxLength: Int) -> String {
        cut(clean(text, maxLength: maxLength), maxLength: maxLength, maxScalars: maxLength)
    }

    /// An IANA time zone name this system knows ("Asia/Seoul"), or nil: a path
    /// such as "../../etc/passwd" or anything with odd characters never is one.
    public static func timeZone(_ name: String) -> String? {
        guard (1...64).contains(name.utf8.count),
              name.utf8.allSatisfy({ byte in
                  (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                      || byte == 0x2F || byte == 0x5F || byte == 0x2D || byte == 0x2B
              }),
              !name.hasPrefix("/"), !name.hasSuffix("/"), !name.contains("//"),
              TimeZone(identifier: name) != nil
        else { return nil }
        return name
    }
}

/// Conversions that never trap: a value that is not finite or does not fit is nil.
public enum SafeNumber {
    /// A finite number written in decimal ("-12.5", "1e3"), or nil: `Double`
    /// alone also reads "0x1p3" (8), "nan" and "inf".
    public static func decimal(_ text: String) -> Double? {
        let allowed = text.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }
        guard allowed, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A number as a person writes one on a command line: decimal digits with
    /// at most one point, a minus sign perhaps before them ("10", "2.5", ".5",
    /// "-1"), at most 64 characters, finite; else nil. No exponent ("1e3"), no
    /// hexadecimal ("0x10", which `Double` reads as 16), no "inf" or "nan", no
    /// "+", no spaces, no digits of other scripts: each was taken for a number
    /// nobody meant.
    public static func plainDecimal(_ text: String) -> Double? {
        let bytes = text.utf8
        guard bytes.count <= 64 else { return nil }
        var digits = 0, points = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x30...0x39: digits += 1
            case 0x2E: points += 1
            case 0x2D where index == 0: continue
            default: return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The nearest Int by the one rounding rule (`ShownNumber`: halves away
    /// from zero, in decimal), or nil when `value` is NaN, infinite or too large.
    public static func rounded(_ value: Double) -> Int? {
        ShownNumber.units(value, places: 0).map(Int.init)
    }

    /// `value` with `decimals` digits after the point ("12.5", "-0.30"), a
    /// point whatever the locale, trailing zeros dropped when `trim` says so
    /// ("12.5000" → "12.5", "3.0" → "3"), rounded by `ShownNumber`'s rule.
    /// Written by hand: String(format:locale:) builds an ICU number formatter
    /// on every call, which made a 1,000-place report spend most of its time
    /// formatting numbers.
    public static func fixed(_ value: Double, decimals: Int, trim: Bool = false) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        return ShownNumber.text(value, places: decimals, trim: trim) ?? String(value)
    }

    /// `value` to `places` decimals (0 to 9), as a number, by `ShownNumber`'s
    /// rule: 56.99999999999999 at 0 places is 57, 8.499999999999998 is 9, and a
    /// value that rounds to zero is 0, never -0. What is not finite, or too
    /// large to round exactly, stays as it is.
    public static func rounded(_ value: Double, places: Int) -> Double {
        ShownNumber.rounded(value, places: places) ?? value
    }

    /// `value` as an Int only if it is exactly one ("200", 3.0), else nil.
    public static func exactInt(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value)
    }
}
