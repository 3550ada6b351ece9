import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastStore
import GRDB

/// The command line against the in-process stub, which serves the sources'
/// recorded answers (moved to now) beside the weather: what is asked, what is
/// kept, and that a source that hangs or answers with hostile bodies never
/// holds back or changes the weather.
@Suite struct SourceEndToEndTests {
    func cli(_ stub: StubWeatherService) async throws -> CLI {
        var cli = CLI()
        cli.environment = stub.environment
        for place in [["--lat", "59.9127", "--lon", "10.7461", "--as", "Oslo"], ["--lat", "40.7143", "--lon", "-74.006", "--as", "NYC"], ["Seoul"]] {
            #expect(try await cli.run(["add"] + place).status == 0)
        }
        return cli
    }

    func kept(_ cli: CLI) throws -> [Int64: [String: PlaceStore.CachedSourceAnswer]] {
        try PlaceStore.openForReading(path: cli.database).cachedSourceAnswers(now: Date())
    }

    @Test func eachSourceIsAskedForItsPlacesAndItsAnswerKept() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try await cli(stub)
        let list = try await cli.run("list")
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list.stderr)")
        #expect(await stub.log.count == 1, "one weather request for the three places")
        let asked = await stub.log.sources
        // The normals: the three places in one batch, one request a year of 1991–2020.
        #expect(Dictionary(grouping: asked, by: \.source).mapValues(\.count) == [
            "met-alerts": 1, "met-nowcast": 1, "nws-alerts": 1, "open-meteo-15": 1, "open-meteo-normals": 30,
        ])
        #expect(asked.allSatisfy { $0.source.hasPrefix("open-meteo-") || ($0.headers["User-Agent"]?.hasPrefix("forecast/") == true) })
        let nws = try #require(asked.first { $0.source == "nws-alerts" })
        #expect(nws.query["point"] == "40.7143,-74.006")

        let answers = try kept(cli)
        let byName = Dictionary(uniqueKeysWithValues: answers.values.flatMap { $0.filter { $0.key != "open-meteo-normals" }.map { ($0.key, $0.value.answer) } })
        guard case .warnings(let met)? = byName["met-alerts"], case .warnings(let us)? = byName["nws-alerts"] else {
            Issue.record("\(byName)")
            return
        }
        #expect(met.count == 3 && Warnings.current(met, now: Date()).count == 3, "the recorded warnings, in force now")
        #expect(us.map(\.event) == ["Excessive Heat Warning", "Air Quality Alert"])
        guard case .nextHours(let nowcast)? = byName["met-nowcast"], case .nextHours(let quarters)? = byName["open-meteo-15"] else {
            Issue.record("\(byName)")
            return
        }
        #expect(nowcast.covers(Date()) && quarters.covers(Date()) && quarters.steps.allSatisfy { $0.minutes == 15 })
        #expect(answers.values.filter { $0.keys.contains { $0 != "open-meteo-normals" } }.count == 2, "Seoul has none")
        #expect(answers.values.allSatisfy { if case .normals? = $0["open-meteo-normals"]?.answer { true } else { false } }, "every place has its normals")

        // Within every source's life, a second list asks nothing.
        #expect(try await cli.run("list").status == 0)
        let (sourcesAfter, weatherAfter) = (await stub.log.sources.count, await stub.log.count)
        #expect(sourcesAfter == asked.count && weatherAfter == 1)
        await stub.stop()
    }

    /// A list's table reads the answers' outlines (the warnings without their texts): the same
    /// warnings, levels, times and ids as the whole answers, and so the same
    /// marks; JSON reads the whole answers, texts and all.
    @Test func theOutlinesAreTheWarningsWithoutTheirTexts() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try await cli(stub)
        let table = try await cli.run("list")
        #expect(table.status == 0)
        let store = try PlaceStore.openForReading(path: cli.database)
        let now = Date()
        let whole = try store.cachedSourceAnswers(now: now), outlines = try store.cachedSourceAnswers(now: now, outlines: true)
        var compared = 0
        for (id, bySource) in whole {
            for (source, kept) in bySource {
                guard case .warnings(let warnings) = kept.answer else {
                    #expect(outlines[id]?[source]?.answer == kept.answer, "the next hours outlined whole: \(source)")
                    continue
                }
                guard case .warnings(let outlined)? = outlines[id]?[source]?.answer else { Issue.record("no outline: \(source)"); continue }
                let bare = warnings.map { warning in
                    WeatherWarning(
                        source: warning.source, id: warning.id, event: warning.event, level: warning.level, sent: warning.sent,
                        onset: warning.onset, ends: warning.ends, expires: warning.expires, area: warning.area, message: warning.message,
                        references: warning.references)
                }
                #expect(outlined == bare && outlined.allSatisfy { $0.description == nil && $0.instruction == nil })
                compared += warnings.count
            }
        }
        #expect(compared == 5, "MET's 3 and the NWS's 2")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(await cli.run("list", "--format", "json").stdout.utf8)) as? [String: Any])
        let alerts = (json["locations"] as? [[String: Any]])?.flatMap { ($0["alerts"] as? [[String: Any]]) ?? [] } ?? []
        #expect(alerts.count == 5 && alerts.allSatisfy { $0["description"] is String }, "JSON has the texts")
        // The same table from the outlines (its clocks and minutes aside: a slow machine may pass a minute between the two).
        let digitless = { (text: String) in String(text.map { $0.isNumber ? "#" : $0 }) }
        #expect(digitless(try await cli.run("list").stdout) == digitless(table.stdout), "the same table from the outlines")

        // An outline edited by hand is no outline: that answer is as if never kept, and is asked again.
        try await DatabaseQueue(path: cli.database).write { db in
            try db.execute(sql: "UPDATE source_answer SET outline = 'not' || char(9) || 'an outline' WHERE source = 'met-alerts'")
        }
        #expect(try PlaceStore.openForReading(path: cli.database).cachedSourceAnswers(now: now, outlines: true).values
            .allSatisfy { $0["met-alerts"] == nil })
        await stub.stop()
    }

    /// NWS sends 10,000 alerts, the nowcast NaN and the 15-minute data escape
    /// sequences: the list shows the same weather, exits 0, and keeps no answer from them.
    @Test func aHostileSourceNeverChangesTheWeather() async throws {
        let many = Data((#"{"type":"FeatureCollection","features":["# + Array(
            repeating: #"{"properties":{"id":"x","event":"Wind","severity":"Severe","status":"Actual"}}"#, count: 10_000
        ).joined(separator: ",") + "]}").utf8)
        let nan = String(decoding: RecordedSources.data(RecordedSources.nowcastTrondheim, now: Date()), as: UTF8.self)
            .replacingOccurrences(of: #""precipitation_rate":0.2"#, with: #""precipitation_rate":NaN"#)
        let escapes = #"{"latitude":40.7,"longitude":-74,"utc_offset_seconds":0,"minutely_15_units":{"precipitation":"\u001b[2Jmm"},"minutely_15":{"time":["2026-01-01T00:00"],"precipitation":[0.1]}}"#
        let stub = try await StubWeatherService.start(sourceFaults: [
            "nws-alerts": .answer(status: 200, body: String(decoding: many, as: UTF8.self)),
            "met-nowcast": .answer(status: 200, body: nan), "open-meteo-15": .answer(status: 200, body: escapes),
        ])
        let cli = try await cli(stub)
        let list = try await cli.run("list", "--format", "json")
        #expect(list.status == 0, "\(list.stderr)")
        try Self.expectWeather(list)
        // No hostile answer is kept: only the failures, said until the sources may be asked again.
        // (MET's warnings and the normals, asked of good services, are kept.)
        let kept = try kept(cli).values.flatMap { $0 }.filter { !["open-meteo-normals", "met-alerts"].contains($0.key) }
        #expect(kept.allSatisfy { if case .failed = $0.value.answer { true } else { false } }, "\(kept)")
        #expect(Set(kept.map(\.key)) == ["nws-alerts", "met-nowcast", "open-meteo-15"], "\(kept.map(\.key))")
        await stub.stop()
    }

    /// MET's warnings never answer: the list shows the weather after the
    /// companions' grace (2 s of the world's time once the weather is in), not
    /// its budget, and keeps nothing of MET's warnings, which are asked next time.
    @Test func aSourceThatHangsNeverHoldsBackTheWeather() async throws {
        let stub = try await StubWeatherService.start(sourceFaults: ["met-alerts": .hang])
        let cli = try await cli(stub)
        let (list, waited) = await cli.runPassingTheGrace("list", "--format", "json")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(waited.first == .seconds(2), "the weather, then the companions' grace: \(waited)")
        try Self.expectWeather(list)
        // Cut by the run's own time, so asked again next time.
        #expect(try kept(cli).values.allSatisfy { $0["met-alerts"] == nil })
        await stub.stop()
    }

    /// The three places' weather, in a list's JSON.
    static func expectWeather(_ list: CLI.Result) throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let locations = try #require(json["locations"] as? [[String: Any]])
        #expect(locations.count == 3 && locations.allSatisfy { $0["error"] == nil && ($0["weather"] as? [String: Any])?["temperature"] is Double })
    }
}
