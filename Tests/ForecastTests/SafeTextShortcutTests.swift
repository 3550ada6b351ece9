import Foundation
import Testing
@testable import ForecastCore

/// `SafeText.clean` and `paragraphs` return text they would leave unchanged
/// after one look (what the cache gives back was cleaned when it was kept):
/// the shortcut must say "unchanged" exactly when the full cleaning does.
@Suite struct SafeTextShortcutTests {
    /// Scalars that each rule is about: spaces of every kind, breaks, controls,
    /// bidi and invisible characters, combining marks, letters.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Ø", "å", "서", " ", " ", " ", "\u{00A0}", "\u{2003}", "\u{3000}", "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{1B}",
        "\u{7}", "\u{0}", "\u{7F}", "\u{85}", "\u{9F}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{200B}", "\u{FEFF}", "\u{301}", "\u{200D}",
        "👍", ".", "…",
        // What draws nothing, kept or dropped by where it is: tags, the soft hyphen, the
        // non-joiner, the word joiner, a selector, annotation, and a letter that joins (Arabic alef).
        "\u{E0041}", "\u{E007F}", "\u{00AD}", "\u{200C}", "\u{2060}", "\u{FE0F}", "\u{FFF9}", "\u{206A}", "\u{0627}",
    ]

    /// A deterministic generator (SplitMix64): the same strings on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func strings(count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...14, using: &generator)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(alphabet.randomElement(using: &generator)!) }
            return String(scalars)
        }
    }

    @Test func cleanAgreesWithItsDefinition() {
        var unchanged = 0
        for text in Self.strings(count: 40_000, seed: 1) {
            for limit in [3, 8, 200] {
                let full = SafeText.cleaned(text, maxLength: limit, redacting: [])
                #expect(SafeText.clean(text, maxLength: limit) == full, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                if SafeText.isClean(text, maxLength: limit) {
                    // The shortcut is taken only where the cleaning changes nothing.
                    #expect(full == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                    unchanged += 1
                }
            }
        }
        #expect(unchanged > 1_000, "the shortcut is taken: \(unchanged)")
        // What was cleaned once is taken by the shortcut.
        for text in Self.strings(count: 5_000, seed: 2) {
            let once = SafeText.cleaned(text, maxLength: 200, redacting: [])
            #expect(SafeText.isClean(once, maxLength: 200), "\(once.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func paragraphsAgreeWithTheirDefinition() {
        var unchanged = 0
        for text in Self.strings(count: 40_000, seed: 3) {
            for limit in [4, 10, 4000] {
                let full = SafeText.cleanedParagraphs(text, maxLength: limit)
                #expect(SafeText.paragraphs(text, maxLength: limit) == full, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                if SafeText.isCleanParagraphs(text, maxLength: limit) {
                    #expect(full == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                    unchanged += 1
                }
            }
        }
        #expect(unchanged > 1_000, "the shortcut is taken: \(unchanged)")
        for text in Self.strings(count: 5_000, seed: 4) {
            let once = SafeText.cleanedParagraphs(text, maxLength: 4000)
            #expect(SafeText.isCleanParagraphs(once, maxLength: 4000), "\(once.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The recorded warnings' texts, kept once, are taken by the shortcut when read back.
    @Test func keptWarningTextsAreTakenAsTheyAre() throws {
        let warnings = try NWSAlertsTexts.recorded()
        #expect(!warnings.isEmpty)
        for text in warnings {
            let kept = SafeText.paragraphs(text, maxLength: WeatherWarning.Limit.description)
            #expect(SafeText.isCleanParagraphs(kept, maxLength: WeatherWarning.Limit.description))
            #expect(SafeText.paragraphs(kept, maxLength: WeatherWarning.Limit.description) == kept)
        }
    }
}

/// The long texts of the recorded warning answers.
enum NWSAlertsTexts {
    static func recorded() throws -> [String] {
        var texts: [String] = []
        for name in ["nws_alerts_point_phoenix_2_alerts_2024.json", "nws_alerts_point_minneapolis_update_2024.json",
                     "metno_metalerts_current_3_marine_gale_alerts_2025.json"] {
            let json = Fixture.json(name) as! [String: Any]
            for feature in json["features"] as! [[String: Any]] {
                let properties = feature["properties"] as! [String: Any]
                texts += ["description", "instruction", "consequences"].compactMap { properties[$0] as? String }
            }
        }
        return texts
    }
}
