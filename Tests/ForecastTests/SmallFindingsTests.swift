import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastKit
import ForecastProviders
@testable import ForecastViews

/// Issue 38, finding 19 b, f, g and h: number options read as hex, a short
/// key that wiped every message, an import's setting refused as "not valid",
/// and a failed nowcast that JSON never mentioned.
@Suite struct SmallFindingsTests {
    /// A key of one to three characters wiped every message to "[redacted]"; it
    /// is now taken out where it stands alone, and the message stays readable.
    @Test func aShortKeyLeavesTheMessageReadable() async throws {
        var cli = try InProcessCLI()
        for key in ["e", "to", "k9z"] {
            cli.environment["OPENWEATHER_API_KEY"] = key
            let result = await cli.run("config", "ttl", "abc")
            #expect(result.status == 64 && result.stderr.contains("ttl cannot be 'abc': use 0–10080 minutes"), "\(key): \(result.stderr)")
            let json = await cli.run("config", "ttl", "abc", "--format", "json")
            #expect(json.stdout.contains("ttl cannot be 'abc'"), "\(key): \(json.stdout)")
            // The key typed as the value is never repeated.
            let typed = await cli.run("config", "ttl", key)
            #expect(typed.status == 64 && typed.stderr.contains("not repeated") && !typed.stderr.contains("'\(key)'"), "\(key): \(typed.stderr)")
        }
        let secrets = ["ab"]
        #expect(SafeText.redact("appid=ab&lang=en", secrets: secrets, short: .replaceWhereAlone) == "appid=[redacted]&lang=en")
        #expect(SafeText.redact("key AB, 'ab' and %61%62", secrets: secrets, short: .replaceWhereAlone) == "key [redacted], '[redacted]' and [redacted]")
        #expect(SafeText.redact("available tab abc", secrets: secrets, short: .replaceWhereAlone) == "available tab abc")
        // What services send is still hidden whole.
        #expect(SafeText.redact("appid=ab", secrets: secrets) == SafeText.redactionMarker)
    }
}
