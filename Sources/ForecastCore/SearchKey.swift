import Foundation

/// Folds text for matching: case, accents, width and Unicode normalisation
/// stop mattering ("São Paulo" = "sao paulo", "ＳＥＯＵＬ" = "seoul", NFD 서울 = NFC 서울).
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
        where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        let lowered = String(scalars).lowercased()
        let words = lowered.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.precomposedStringWithCanonicalMapping
    }
}
