import Foundation

/// Folds text for matching: case, accents, width, kana and Unicode normalisation
/// stop mattering ("São Paulo" = "sao paulo", "ＳＥＯＵＬ" = "seoul", NFD 서울 = NFC 서울,
/// さっぽろ = サッポロ = ｻｯﾎﾟﾛ), but the kana voicing marks do (ガス ≠ カス).
///
/// scripts/build_gazetteer.py folds the gazetteer's names the same way when it
/// builds the data; GazetteerTests checks the two agree on every city.
public enum SearchKey {
    /// Letters Unicode does not decompose into base letter + mark.
    /// Must match EXTRA_FOLDS in scripts/build_gazetteer.py.
    static let extraFolds: [Character: String] = [
        "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
        "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ı": "i",
        "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ħ": "h", "Ħ": "h",
    ]

    /// The kana voicing marks (dakuten U+3099, handakuten U+309A): Unicode
    /// decomposes ガ into カ and a mark, but the mark makes another word (ガス
    /// is not カス), so they are kept. Must match KANA_MARKS in the script.
    static let kanaMarks: Set<UInt32> = [0x3099, 0x309A]

    public static func fold(_ text: String) -> String {
        // Printable ASCII has nothing to decompose or strip: lower case, single spaces.
        if SafeText.isPrintableASCII(text) {
            return text.lowercased().split(separator: " ").joined(separator: " ")
        }
        var mapped = ""
        mapped.reserveCapacity(text.utf8.count)
        for character in text {
            if let replacement = extraFolds[character] { mapped += replacement } else { mapped.append(character) }
        }
        var scalars = String.UnicodeScalarView()
        for scalar in mapped.decomposedStringWithCompatibilityMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark || kanaMarks.contains(scalar.value) {
            // Hiragana is read as katakana (さっぽろ finds サッポロ): the same letters, 0x60 apart.
            if (0x3041...0x3096).contains(scalar.value) || (0x309D...0x309E).contains(scalar.value),
               let katakana = Unicode.Scalar(scalar.value + 0x60) {
                scalars.append(katakana)
            } else {
                scalars.append(scalar)
            }
        }
        let lowered = String(scalars).lowercased()
        let words = lowered.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.precomposedStringWithCanonicalMapping
    }

    /// Hangul syllables spelled out in their letters (jamo: 서 = ᄉ ᅥ, 울 =
    /// ᄋ ᅮ ᆯ), so that a slip of one key is one edit: 서을 is one from 서울,
    /// 부싼 one from 부산. Other text is left as it is.
    public static func jamo(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let index = Int(scalar.value) - 0xAC00
            guard (0..<11_172).contains(index) else { scalars.append(scalar); continue }
            let (lead, vowel, tail) = (index / 588, index % 588 / 28, index % 28)
            for letter in [0x1100 + lead, 0x1161 + vowel, tail > 0 ? 0x11A7 + tail : 0] where letter > 0 {
                if let jamo = Unicode.Scalar(UInt32(letter)) { scalars.append(jamo) }
            }
        }
        return String(scalars)
    }

    /// Whether `text` has a Hangul syllable.
    public static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }
}
