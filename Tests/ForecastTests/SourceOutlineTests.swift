import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastStore

/// The outlines a list reads: what they keep reads back as it was, and what is
/// not one is refused rather than misread.
struct SourceOutlineTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func warningsReadBackWithoutTheirTexts() throws {
        let warning = WeatherWarning(
            source: "nws-alerts", id: "urn:oid:2.49.0.1.840.0.abc", event: "Winter Storm Warning", level: .moderate, severity: "Moderate",
            sent: now.addingTimeInterval(0.2), onset: now.addingTimeInterval(3600), ends: nil, expires: now.addingTimeInterval(86_400.8),
            headline: "Snow", description: "Heavy snow.\n\nTravel could be very difficult.", area: "Hennepin",
            message: .update, references: ["urn:a b", "urn:c"])
        let text = try #require(SourceOutline.encode(.warnings([warning, warning])))
        guard case .warnings(let read)? = SourceOutline.decode(text) else { Issue.record("\(text)"); return }
        #expect(read.count == 2)
        #expect(read[0].id == warning.id && read[0].event == warning.event && read[0].level == .moderate && read[0].message == .update)
        #expect(read[0].sent == warning.sent && read[0].onset == warning.onset && read[0].ends == nil && read[0].expires == warning.expires)
        #expect(read[0].references == ["urn:a b", "urn:c"] && read[0].description == nil && read[0].severity == nil)
        #expect(read[0].area == "Hennepin", "the area tells two warnings apart, as Warnings.current does")
        #expect(SourceOutline.decode(try #require(SourceOutline.encode(.warnings([])))) == .warnings([]))
        // A text holding a separator has no outline (its whole answer is read).
        var tabbed = warning
        tabbed.event = "Wind\tStorm"
        #expect(SourceOutline.encode(.warnings([tabbed])) == nil)
        // Nor one longer than the column holds (a hundred long references): never a failed save.
        var referenced = warning
        referenced.references = (0..<100).map { "urn:" + String(repeating: "x", count: 300) + "\($0)" }
        #expect(SourceOutline.encode(.warnings(Array(repeating: referenced, count: 5))) == nil)
    }

    @Test func theNextHoursReadBackWhole() throws {
        let hours = NextHours(source: "met-nowcast", kind: .nowcast, steps: [
            .init(start: now, minutes: 5, rate: 0.1 + 0.2, probability: nil),
            .init(start: now.addingTimeInterval(300), minutes: 5, rate: nil, probability: 35),
        ])
        let text = try #require(SourceOutline.encode(.nextHours(hours)))
        #expect(SourceOutline.decode(text) == .nextHours(hours), "0.1 + 0.2 reads back to the last bit")
        #expect(SourceOutline.decode("outside") == .outside)
    }

    @Test func whatIsNotAnOutlineIsRefused() {
        for text in [
            "", "warnings\n1\t\t\t\t\talert\ts\tid", "warnings\n9\t\t\t\t\talert\ts\tid\tevent\t", "warnings\n1\tnoon\t\t\t\talert\ts\tid\tevent\t",
            "next-hours\nmet-nowcast\tradar", "next-hours\nmet-nowcast\tnowcast\n1800000000\t5\tnan\t", "outside\nmore", "air",
        ] {
            #expect(SourceOutline.decode(text) == nil, "\(text.debugDescription)")
        }
        let many = "warnings\n" + Array(repeating: "1\t\t\t\t\talert\ts\tid\tevent\t\t", count: 51).joined(separator: "\n")
        #expect(SourceOutline.decode(many) == nil, "more warnings than an answer may hold")
    }

    /// A next-hours source's name read back from the database is cleaned before JSON says it.
    @Test func aNextHoursNameReadBackIsCleaned() {
        let hours = NextHours(source: "met\u{9B}\u{202E}-nowcast", kind: .nowcast, steps: [.init(start: now, minutes: 5, rate: 0)])
        guard case .nextHours(let read)? = PlaceStore.validated(.nextHours(hours), now: now) else { Issue.record("refused"); return }
        #expect(read.source == "met-nowcast", "\(read.source.unicodeScalars.map(\.value))")
    }
}
