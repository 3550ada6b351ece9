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

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || bidiControls.contains(scalar.value)
            || (0xD800...0xDFFF).contains(scalar.value)
    }

    /// `text` without control characters or bidi overrides; line breaks and tabs
    /// become single spaces; at most `maxLength` characters (ending with "…" when cut).
    public static func clean(_ text: String, maxLength: Int = 200) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == " " {
                if !lastWasSpace { scalars.append(" ") }
                lastWasSpace = true
            } else if !isUnsafe(scalar) {
                scalars.append(scalar)
                lastWasSpace = false
            }
        }
        let cleaned = String(scalars).trimmingCharacters(in: .whitespaces)
        guard cleaned.count > maxLength else { return cleaned }
        return String(cleaned.prefix(max(0, maxLength - 1))) + "…"
    }

    /// `text` with control characters and bidi overrides removed and line
    /// breaks turned into spaces, nothing else changed: for laying out cells.
    public static func printable(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: { isUnsafe($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                scalars.append(" ")
            } else if !isUnsafe(scalar) {
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
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) || scalar == "\n" || scalar == "\t" {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        guard result.count > maxLength else { return result }
        return String(result.prefix(max(0, maxLength - 1))) + "…"
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

    /// `text` with every occurrence of each secret (as sent, or percent-encoded)
    /// replaced by "[redacted]". Secrets shorter than 4 characters are ignored:
    /// they would mangle ordinary words and protect nothing.
    public static func redact(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            var forms = [secret]
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                forms.append(encoded)
            }
            for form in forms { result = result.replacingOccurrences(of: form, with: "[redacted]") }
        }
        return result
    }
}

/// Conversions that never trap: a value that is not finite or does not fit is nil.
public enum SafeNumber {
    /// The nearest Int, or nil when `value` is NaN, infinite or beyond Int's range.
    public static func rounded(_ value: Double) -> Int? {
        let r = value.rounded()
        guard r.isFinite, r > -9.0e18, r < 9.0e18 else { return nil }
        return Int(r)
    }

    /// `value` with `decimals` digits after the point ("12.5", "-0.30"), a
    /// point whatever the locale, trailing zeros dropped when `trim` says so
    /// ("12.5000" → "12.5", "3.0" → "3"). Written by hand: String(format:locale:)
    /// builds an ICU number formatter on every call, which made a 1,000-place
    /// report spend most of its time formatting numbers.
    public static func fixed(_ value: Double, decimals: Int, trim: Bool = false) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let places = max(0, min(decimals, 9))
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrEven)
        guard scaled < 9.0e15 else { return String(value) }
        let units = Int(scaled)
        var text = units == 0 ? "" : (value < 0 ? "-" : "")
        text += String(units / scale)
        guard places > 0 else { return text }
        var fraction = String(units % scale)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        if trim { while fraction.hasSuffix("0") { fraction.removeLast() } }
        return fraction.isEmpty ? text : text + "." + fraction
    }

    /// `value` to `places` decimals (0 to 9), as a number: 56.99999999999999
    /// at 0 places is 57, and a value that rounds to zero is 0, never -0.
    /// Halves round away from zero. What is not finite stays as it is.
    public static func rounded(_ value: Double, places: Int) -> Double {
        guard value.isFinite else { return value }
        var factor = 1.0
        for _ in 0..<max(0, min(places, 9)) { factor *= 10 }
        let scaled = (value * factor).rounded()
        guard scaled.isFinite, abs(scaled) < 9.0e15 else { return value }
        return scaled == 0 ? 0 : scaled / factor
    }

    /// `value` as an Int only if it is exactly one ("200", 3.0), else nil.
    public static func exactInt(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value)
    }
}
