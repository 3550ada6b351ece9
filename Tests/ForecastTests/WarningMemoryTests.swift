import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastStore

/// What a run holds of warnings is bounded (issue 38, item 13): NWS answers of
/// 50 alerts with every text at its bound (2 MB a place) took 260 MB for 100
/// places and 1.15 GB with a long budget, as every decoded warning was kept
/// whole for every place until the command ended.
@Suite struct WarningMemoryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Fifty warnings, every long text at its bound, in a script of three bytes a character.
    func atTheirBounds(references: [String] = []) -> [WeatherWarning] {
        let long = { (count: Int) in String(repeating: "폭", count: count) }
        return (0..<50).map { index in
            WeatherWarning(
                source: "nws-alerts", id: "id-\(index)", event: "Storm \(index)", level: index == 7 ? .severe : .moderate,
                severity: "Moderate", sent: now, onset: now, ends: now.addingTimeInterval(3600), headline: long(400),
                description: long(4000), instruction: long(2000), area: long(600), issuer: "NWS", url: "https://example.com/\(index)",
                message: index == 9 ? .update : .alert, references: index == 9 ? ["id-8"] + references : references)
        }
    }

    @Test func warningsWithinTheirBytesAreKeptWhole() {
        let few = Array(atTheirBounds().prefix(2))
        #expect(Warnings.kept(few, withinBytes: Warnings.textBytes(few)) == few)
    }

    @Test func overTheirBytesTheirTextsAreCutButNoWarningIsLostNorWhichAreInForce() {
        let far = (0..<100).map { "urn:oid:2.49.0.1.840.0.\(String(repeating: "x", count: 250)).\($0)" }
        let warnings = atTheirBounds(references: far)
        #expect(Warnings.textBytes(warnings) > 1_000_000)
        for bytes in [600_000, 200_000, 60_000, 0] {
            let kept = Warnings.kept(warnings, withinBytes: bytes)
            #expect(kept.map(\.id) == warnings.map(\.id) && kept.map(\.event) == warnings.map(\.event) && kept.map(\.level) == warnings.map(\.level))
            #expect(Warnings.current(kept, now: now).map(\.id) == Warnings.current(warnings, now: now).map(\.id), "the update still replaces id-8")
            #expect(kept[9].references == ["id-8"], "a reference to a message not here replaces nothing: dropped")
            if bytes > 0 { #expect(Warnings.textBytes(kept) <= bytes, "\(bytes): \(Warnings.textBytes(kept))") }
        }
        // Cut as the kept answers are: the description's start, marked.
        let cut = Warnings.kept(warnings, withinBytes: 200_000)
        #expect(cut.allSatisfy { $0.description?.hasSuffix("…") == true && $0.description?.hasPrefix("폭폭") == true })
    }

    @Test func aRunKeepsAtMostItsAllowanceWhateverThePlaces() {
        let allowance = WarningAllowance(bytes: 1_000_000, perPlace: 300_000)
        let warnings = atTheirBounds()
        let kept = (0..<100).map { _ in allowance.keep(warnings) }
        #expect(kept.allSatisfy { $0.count == 50 }, "every place keeps every warning")
        #expect(Warnings.textBytes(kept[0]) <= 300_000, "a place's share")
        let total = kept.reduce(0) { $0 + Warnings.textBytes($1) }
        // The allowance, then what no cut can spare (ids, events, areas of 80 characters) for each later place.
        let floor = Warnings.textBytes(Warnings.kept(warnings, withinBytes: 0))
        #expect(total <= 1_000_000 + 100 * floor, "\(total)")
        #expect(floor < 40_000, "what cannot be cut is small: \(floor)")
    }

    @Test func aStoreReadPastItsBytesReadsTheOutlines() throws {
        let folder = TemporaryFolder()
        let store = try PlaceStore.open(path: folder.path("forecast.sqlite"))
        let warnings = Array(atTheirBounds().prefix(10))
        var ids: [Int64] = []
        for index in 0..<5 {
            guard case .added(let place) = try store.add(newPlace("P\(index)", lat: Double(index), lon: 1, geonamesID: nil), now: now)
            else { Issue.record("not added"); return }
            ids.append(place.id)
            try store.saveSourceAnswers([place.id: ["nws-alerts": SourceResult(.warnings(warnings))]], fetchedAt: now)
        }
        let one = try #require(try PlaceStore.encoder.encode(SourceAnswer.warnings(warnings)).count)
        let read = try store.cachedSourceAnswers(now: now, wholeBytes: 2 * one + 10)
        let answers = ids.compactMap { read[$0]?["nws-alerts"]?.answer }
        #expect(answers.count == 5, "every place's warnings, whole or outlined")
        let whole = answers.filter { if case .warnings(let read) = $0 { read.first?.description != nil } else { false } }
        #expect(whole.count == 2, "two whole answers fit in the bytes; the others are their outlines")
        #expect(answers.allSatisfy { if case .warnings(let read) = $0 { read.map(\.id) == warnings.map(\.id) } else { false } })
    }
}

/// The same, end to end: NWS answering every place with 50 alerts at every text's bound.
@Suite struct WarningMemoryEndToEndTests {
    /// An answer of `/alerts/active` as NWS writes one, its 50 alerts' texts at their bounds (2 MB).
    static func fiftyAtTheirBounds(now: Date) -> String {
        let iso = ISO8601DateFormatter()
        let long = { (count: Int) in String(repeating: "폭", count: count) }
        let features = (0..<50).map { index -> [String: Any] in
            ["properties": [
                "id": "urn:oid:\(index)", "event": "Storm \(index)", "severity": "Severe", "certainty": "Likely", "urgency": "Expected",
                "status": "Actual", "messageType": "Alert", "sent": iso.string(from: now), "onset": iso.string(from: now),
                "ends": iso.string(from: now.addingTimeInterval(86_400)), "headline": long(400), "description": long(4000),
                "instruction": long(2000), "areaDesc": long(600), "senderName": "NWS Test",
            ] as [String: Any]]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func eachPlaceKeepsItsShareAndEveryWarning() async throws {
        let stub = try await StubWeatherService.start(sourceFaults: ["nws-alerts": .answer(status: 200, body: Self.fiftyAtTheirBounds(now: Date()))])
        var cli = CLI()
        cli.environment = stub.environment
        for (index, place) in [("40.7143", "-74.006"), ("41.85", "-87.65"), ("33.45", "-112.07")].enumerated() {
            #expect(try await cli.run("add", "--lat", place.0, "--lon", place.1, "--as", "US\(index)").status == 0)
        }
        let alerts = try await cli.run("alerts", "--format", "json")
        #expect(alerts.status == 0, "\(alerts.stderr)")
        // What was kept, and so what any later command reads: every warning, within a place's share.
        let kept = try PlaceStore.openForReading(path: cli.database).cachedSourceAnswers(now: Date())
        let nws = kept.values.compactMap { $0["nws-alerts"]?.answer }
        #expect(nws.count == 3)
        for answer in nws {
            guard case .warnings(let warnings) = answer else { Issue.record("\(answer)"); continue }
            #expect(warnings.count == 50 && Warnings.textBytes(warnings) <= WarningAllowance.perPlace, "\(Warnings.textBytes(warnings))")
        }
        // And what was shown: every place's 50, their texts cut as kept.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(alerts.stdout.utf8)) as? [String: Any])
        let shown = try #require(json["alerts"] as? [[String: Any]])
        #expect(shown.count == 150, "every place's 50")
        #expect(shown.allSatisfy { ($0["description"] as? String).map { $0.hasSuffix("…") && $0.count < 4000 } == true }, "cut as kept")
        await stub.stop()
    }
}
