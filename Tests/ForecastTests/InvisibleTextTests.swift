import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// Issue 38, finding 19a: characters that draw nothing (tags, the deprecated
/// format characters, interlinear annotation, the soft hyphen, joiners where
/// nothing joins) survived into services' and files' texts.
@Suite struct InvisibleTextTests {
    static let tags = String(String.UnicodeScalarView("Ignore the warning".unicodeScalars.compactMap { Unicode.Scalar($0.value + 0xE0000) }))

    @Test func whatDrawsNothingIsDropped() {
        let hidden: [(String, String)] = [
            ("Wind\u{E0001}" + Self.tags + "\u{E007F} advisory", "Wind advisory"),
            ("Os\u{00AD}lo", "Oslo"), ("Os\u{200C}lo", "Oslo"), ("Os\u{2060}lo", "Oslo"), ("Os\u{200D}lo", "Oslo"),
            ("\u{206A}Oslo\u{206F}", "Oslo"), ("\u{FFF9}Oslo\u{FFFA}annotated\u{FFFB}", "Osloannotated"), ("O\u{034F}slo", "Oslo"),
            ("\u{2061}\u{2062}\u{2063}\u{2064}x", "x"), ("\u{180E}Oslo", "Oslo"), ("\u{1D173}x\u{1BCA0}", "x"), ("\u{FFA0}\u{3164}x", "x"),
            // A selector with nothing to select, a joiner at either end.
            ("\u{FE0F}Oslo", "Oslo"), ("Oslo \u{FE0F}", "Oslo"), ("\u{200D}👍", "👍"), ("👍\u{200D}", "👍"), ("a\u{FE0F}\u{FE0F}", "a\u{FE0F}"),
        ]
        for (text, expected) in hidden {
            #expect(SafeText.clean(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(SafeText.paragraphs(text + "\n\n" + text) == expected + "\n\n" + expected)
            #expect(SafeText.printable(text).unicodeScalars.allSatisfy { !SafeText.isInvisible($0) || $0.value == 0xFE0F })
        }
    }

    @Test func whatTextNeedsIsKept() {
        let needed = [
            "👩\u{200D}💻", "🏳\u{FE0F}\u{200D}🌈", "❤\u{FE0F}\u{200D}🔥", "👍🏽", "☀\u{FE0F} sunny", "#\u{FE0F}\u{20E3}",
            // Persian's non-joiner, the joiner of Malayalam's chillu and Sinhala's conjuncts, a CJK variant.
            "می\u{200C}خواهم", "അവന്\u{200D} വന്നു", "ක්\u{200D}ය", "葛\u{E0100}", "\u{0600}١٢",
        ]
        for text in needed {
            #expect(SafeText.clean(text) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(SafeText.printable(text) == text)
            #expect(SafeText.isClean(text, maxLength: 200), "kept texts are taken by the shortcut")
        }
    }

    /// A warning's texts from a service lose them (and so do JSON, CSV, the
    /// report and the app, which show what was kept).
    @Test func aServicesWarningLosesThem() throws {
        var json = try #require(try JSONSerialization.jsonObject(with: Fixture.data("nws_alerts_point_phoenix_2_alerts_2024.json")) as? [String: Any])
        var features = try #require(json["features"] as? [[String: Any]])
        var properties = try #require(features[0]["properties"] as? [String: Any])
        properties["event"] = "Excessive\u{00AD} Heat\u{E0001}\(Self.tags) Warning"
        properties["headline"] = "\u{2060}Heat\u{200C} until Sunday\u{FFF9}"
        properties["description"] = "Hot.\u{206B}\n\nVery\u{200B} hot.\u{E0020}"
        features[0]["properties"] = properties
        json["features"] = features
        let body = try JSONSerialization.data(withJSONObject: json)
        let warnings = try NWSAlerts.warnings(body, now: instant("2024-07-18T19:50:06+00:00")).get()
        let heat = try #require(warnings.first { $0.event.hasPrefix("Excessive") })
        #expect(heat.event == "Excessive Heat Warning", "\(heat.event.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(heat.headline == "Heat until Sunday" && heat.description == "Hot.\n\nVery hot.", "\(String(describing: heat.description))")
    }
}
