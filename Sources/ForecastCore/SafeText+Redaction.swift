import Foundation

/// Secrets kept out of text: the API key, however a service writes it back.
extension SafeText {
    /// What replaces a secret in text.
    public static let redactionMarker = "[redacted]"

    /// A secret shows no more than this many characters of its beginning: a
    /// longer start of it (a key the service itself cut short) is redacted too.
    static let revealedPrefix = 7

    /// What is done with a secret of one to three characters, which cannot be
    /// told from the words around it.
    public enum ShortSecrets: Sendable {
        /// A text that holds it anywhere, however written, is not shown at all:
        /// for what a service sent back, which may quote the request.
        case hideText
        /// It is replaced where it stands alone (no letter or digit on either
        /// side), as sent or percent-encoded, and the rest is shown: for the last
        /// look at a message of forecast's own, whose parts from outside were
        /// redacted (or not repeated) already; hiding all of it for a key "e"
        /// left "[redacted]" for every message.
        case replaceWhereAlone
    }

    /// `text` with every occurrence of each secret replaced by "[redacted]":
    /// as sent, percent-encoded (upper- or lower-case hex, each character
    /// escaped or not), form-encoded (a space as `+`) or form-decoded (a `+`
    /// read as a space), and any start of one longer than `revealedPrefix`.
    /// Secrets shorter than 4 characters are as `short` says.
    public static func redact(_ text: String, secrets: [String], short: ShortSecrets = .hideText) -> String {
        let shortOnes = secrets.filter { (1...3).contains($0.count) }
        if short == .hideText {
            // A key of one to three characters cannot be told from the text around it:
            // a text that holds it anywhere, however written, is not shown at all.
            for secret in shortOnes {
                let key = skeleton(secret)
                if text.contains(secret) || (!key.isEmpty && skeleton(text).firstRange(of: key) != nil) { return redactionMarker }
            }
        }
        let patterns = secrets.filter { $0.count >= 4 }.map { SecretPattern($0) }
        let alone = short == .replaceWhereAlone ? shortOnes.map { SecretPattern($0, escapingAll: true) } : []
        guard !patterns.isEmpty || !alone.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            var matched = 0
            for pattern in patterns { matched = max(matched, pattern.match(scalars, at: index)) }
            for pattern in alone { matched = max(matched, pattern.matchAlone(scalars, at: index)) }
            if matched > 0 {
                result.append(contentsOf: redactionMarker.unicodeScalars)
                index += matched
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        let redacted = String(result)
        // A safety net for what no pattern foresaw (every byte percent-encoded, a
        // newline or a zero-width space inside the key, full-width letters, only
        // its middle or end): if any 4 letters and digits of a secret in a row
        // survive in the text, however written, none of the text is shown.
        return patterns.isEmpty || !secrets.contains(where: { quotesPart(of: $0, in: redacted) }) ? redacted : redactionMarker
    }

    /// Whether `text`, normalised, holds any run of 4 of the letters and digits
    /// of `secret` in a row. Linear in the text.
    static func quotesPart(of secret: String, in text: String) -> Bool {
        let key = skeleton(secret)
        guard key.count >= 4 else { return false }
        let width = 4
        func pack(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }
        let windows = Set((0...(key.count - width)).map { pack(key[$0..<($0 + width)]) })
        let body = skeleton(text)
        guard body.count >= width else { return false }
        let mask: UInt64 = width == 8 ? .max : (1 << (8 * UInt64(width))) - 1
        var packed: UInt64 = 0
        for (index, byte) in body.enumerated() {
            packed = (packed << 8 | UInt64(byte)) & mask
            if index + 1 >= width, windows.contains(packed) { return true }
        }
        return false
    }

    /// Letters and digits only, lower case, after compatibility normalisation
    /// (full-width forms) and up to three rounds of percent-decoding.
    static func skeleton(_ text: String) -> [UInt8] {
        var bytes = Array(text.precomposedStringWithCompatibilityMapping.utf8)
        for _ in 0..<3 {
            var decoded: [UInt8] = []
            decoded.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                   let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                    decoded.append(high << 4 | low)
                    index += 3
                } else {
                    decoded.append(bytes[index])
                    index += 1
                }
            }
            if decoded.count == bytes.count { break }
            bytes = decoded
        }
        return bytes.compactMap { byte in
            switch byte {
            case 0x30...0x39, 0x61...0x7A: byte
            case 0x41...0x5A: byte + 0x20
            default: nil
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The ways one secret may be written back: per character, itself or its
    /// escapes, so a key echoed half-encoded is still found.
    struct SecretPattern {
        /// For each character of the secret, the scalar sequences that stand for it.
        var alternatives: [[[Unicode.Scalar]]]

        /// `escapingAll`: a letter or digit percent-encoded too (`%61` for `a`),
        /// which no client does but a short key's last look covers, having no other net.
        init(_ secret: String, escapingAll: Bool = false) {
            alternatives = secret.unicodeScalars.map { scalar in
                var forms: [[Unicode.Scalar]] = []
                if escapingAll || !PercentEncoding.isUnreserved(scalar) {
                    forms.append(PercentEncoding.encoded(scalar).unicodeScalars.map { $0 })
                }
                forms.append([scalar])
                if scalar == "+" { forms.append([" "]) }
                if scalar == " " { forms.append(["+"]) }
                return forms
            }
        }

        /// How many scalars of `text` from `start` spell the whole secret, or
        /// more than `revealedPrefix` of its characters; else 0.
        func match(_ text: [Unicode.Scalar], at start: Int) -> Int {
            var position = start
            var characters = 0
            for forms in alternatives {
                guard let form = forms.first(where: { Self.matches($0, text, at: position) }) else { break }
                position += form.count
                characters += 1
            }
            return characters == alternatives.count || characters > SafeText.revealedPrefix ? position - start : 0
        }

        /// How many scalars of `text` from `start` spell the whole secret with no
        /// letter or digit just before or after them (in any case: "ABC" for "abc"); else 0.
        func matchAlone(_ text: [Unicode.Scalar], at start: Int) -> Int {
            func isWordScalar(_ index: Int) -> Bool {
                text.indices.contains(index) && (text[index].properties.isAlphabetic || text[index].properties.numericType != nil)
            }
            guard !isWordScalar(start - 1) else { return 0 }
            var position = start
            for forms in alternatives {
                guard let form = forms.first(where: { Self.matches($0, text, at: position, anyCase: true) }) else { return 0 }
                position += form.count
            }
            return isWordScalar(position) ? 0 : position - start
        }

        /// Whether `form` is at `position`; hex digits of an escape in either case.
        static func matches(_ form: [Unicode.Scalar], _ text: [Unicode.Scalar], at position: Int, anyCase: Bool = false) -> Bool {
            guard position + form.count <= text.count else { return false }
            for (offset, expected) in form.enumerated() {
                let found = text[position + offset]
                let same = anyCase || (form.count > 1 && offset > 0)
                    ? found == expected || found.properties.uppercaseMapping == expected.properties.uppercaseMapping
                    : found == expected
                if !same { return false }
            }
            return true
        }
    }
}

/// Percent-encoding as RFC 3986 has it: every byte of the UTF-8 but the
/// unreserved characters (letters, digits, `-._~`) as `%XX`.
public enum PercentEncoding {
    public static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~": true
        default: false
        }
    }

    /// `scalar` as `%XX` escapes of its UTF-8 bytes, upper-case hex.
    static func encoded(_ scalar: Unicode.Scalar) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var text = String.UnicodeScalarView()
        for byte in String(scalar).utf8 {
            text.append("%")
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(text)
    }

    /// `text` for a URL's query: every character escaped but the unreserved
    /// ones and those in `keeping` (a `+` is `%2B`, never a space).
    public static func query(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnreserved(scalar) || keeping.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += encoded(scalar)
            }
        }
        return result
    }
}
