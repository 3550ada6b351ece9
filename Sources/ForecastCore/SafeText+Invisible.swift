/// The characters that draw nothing: format characters and Unicode's
/// default-ignorable code points. Outside text loses them (a tag character can
/// carry a whole hidden sentence, U+E0041 being an invisible "A"; a soft hyphen
/// or a word joiner hides what a name is; U+FFF9–FFFB and U+206A–206F do what a
/// reader cannot see), except where the text needs them to read right:
///
/// - a zero-width joiner between two emoji (👩‍💻 is one picture, 👩💻 two), and
///   a zero-width joiner or non-joiner beside a letter of a script whose
///   letters join (Arabic, Persian, Syriac, the scripts of India, Sinhala,
///   Tibetan, Myanmar, Khmer, Mongolian), where it picks a letter's form
///   ("می‌خواهم" is not "میخواهم", "ന്‍" is Malayalam's chillu); anywhere else,
///   between Latin letters, beside a digit or at either end of the text, it
///   only hides something and is dropped;
/// - a variation selector right after the character it selects the form of
///   (☀️ U+2600 U+FE0F, a CJK ideograph's variant, Mongolian's free variation
///   selectors); at the start, after a space or after another selector it
///   selects nothing and is dropped;
/// - the prepended concatenation marks (U+0600–0605, U+06DD, U+070F,
///   U+0890–0891, U+08E2, U+110BD, U+110CD), which are drawn: signs that span
///   the digits after them.
///
/// Tag characters are dropped everywhere, also inside the flags of England,
/// Scotland and Wales (🏴 and tags), which then read as a black flag: a rule
/// that kept them in flags would have to check the whole sequence, for three flags.
extension SafeText {
    /// Whether `clean` drops `scalar` found between `previous` (what is kept
    /// before it, nil at the start) and `next` (the scalar after it, nil at the end).
    static func isDropped(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        let value = scalar.value
        // Most text never gets past here: nothing below U+00AD is invisible.
        guard value >= 0xAD else { return false }
        switch value {
        case 0x200D:
            if let previous, let next, isEmojiBefore(previous) && isEmoji(next) { return false }
            return !isBesideAJoiningScript(previous, next)
        case 0x200C:
            return !isBesideAJoiningScript(previous, next)
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F:
            guard let previous else { return true }
            return previous == " " || isVariationSelector(previous) || previous.value == 0x200D || previous.value == 0x200C
                || previous.properties.isWhitespace
        default:
            return isInvisible(scalar)
        }
    }

    /// Whether `scalar` draws nothing, whatever is around it (see the type's
    /// note for the joiners and selectors `isDropped` keeps in their place).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0xAD { return false }
        // Below Arabic only the soft hyphen and the combining grapheme joiner.
        if value < 0x0600 { return value == 0xAD || value == 0x34F }
        // Kana, the CJK ideographs, Yi and Hangul: only the Hangul filler.
        if (0x3040...0xD7FF).contains(value) { return value == 0x3164 }
        if isPrependedMark(value) { return false }
        let properties = scalar.properties
        return properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
    }

    /// The format characters that are drawn (a sign spanning the digits after it).
    private static func isPrependedMark(_ value: UInt32) -> Bool {
        (0x0600...0x0605).contains(value) || value == 0x06DD || value == 0x070F || value == 0x0890 || value == 0x0891 || value == 0x08E2
            || value == 0x110BD || value == 0x110CD
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F: true
        default: false
        }
    }

    /// Whether a joiner between `previous` and `next` may pick the form of a
    /// letter: one of them is of a script whose letters join (a joiner after a
    /// virama at a word's end makes Malayalam's chillu; before an Arabic letter,
    /// its joining form).
    private static func isBesideAJoiningScript(_ previous: Unicode.Scalar?, _ next: Unicode.Scalar?) -> Bool {
        (previous.map(isOfAJoiningScript) ?? false) || (next.map(isOfAJoiningScript) ?? false)
    }

    /// Arabic, Syriac, Thaana, N'Ko and Arabic Extended (U+0600–08FF), the
    /// scripts of India and Sinhala (U+0900–0DFF), Tibetan, Myanmar, Khmer and
    /// Mongolian, Devanagari Extended, Arabic's presentation forms.
    private static func isOfAJoiningScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x08FF, 0x0900...0x0DFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x18AF, 0xA8E0...0xA8FF, 0xFB50...0xFDFF,
             0xFE70...0xFEFC:
            !isInvisible(scalar)
        default: false
        }
    }

    /// An emoji (not the digits, `#` and `*` Unicode also calls emoji).
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && scalar.properties.isEmoji
    }

    /// What may come before a joiner in an emoji sequence: an emoji, its skin
    /// tone, or the selector that makes the emoji before it a picture (🏳️‍🌈).
    private static func isEmojiBefore(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || isEmoji(scalar)
    }
}
