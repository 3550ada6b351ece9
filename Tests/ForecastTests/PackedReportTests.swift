import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders
@testable import ForecastStore

/// The cache's packed reports: every recorded answer comes back exactly as
/// it went in, and bytes that are not a packed report are refused, never
/// trusted, read past their end or allowed to ask for a huge allocation.
@Suite struct PackedReportTests {
    func recordedReports() throws -> [WeatherReport] {
        let openMeteo = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!)
        let owm = OpenWeatherMapProvider(apiKey: "k", baseURL: URL(string: "http://127.0.0.1:9")!)
        let met = MetNorwayProvider(baseURL: URL(string: "http://127.0.0.1:9")!, userAgent: Project.userAgent(contact: "me@example.com"))
        let oslo = PlaceQuery(id: 1, coordinate: try Coordinate(latitude: 59.912_73, longitude: 10.746_09), timeZone: "Europe/Oslo")
        let current = HTTPResponse(status: 200, body: Fixture.currentData("owm_current_london_latlon_2020.json", now: march2025))
        var reports = [
            try openMeteo.decode([london], responses: [ok("openmeteo_hourly_2day_2026.json")], now: january2026)[0].get(),
            try owm.decode([london], responses: [current, ok("owm_forecast5_london_2025.json")], now: march2025)[0].get(),
            try #require(try met.decode([oslo], responses: [ok("metno_complete_oslo_2026.json")], now: april2026).get().first).get(),
        ]
        // Every optional part present, and absent.
        var full = reports[0]
        full.airQuality = AirQuality(
            time: january2026, usAQI: 42, europeanAQI: nil, pm2_5: 6.5, pm10: -0.0, pollen: AirQuality.Pollen(birch: 35.2, grass: 0))
        full.stepsEndAtTheirTimes = false
        full.validity = AnswerValidity(expires: january2026.addingTimeInterval(1800), lastModified: nil)
        full.current.condition = .unknown("헤이즈 ☁️")
        reports.append(full)
        reports.append(WeatherReport(observedAt: january2026, utcOffsetSeconds: -36_000, timeZone: nil, current: CurrentConditions(), hourly: [], daily: []))
        return reports
    }

    @Test func everyRecordedReportComesBackExactly() throws {
        for report in try recordedReports() {
            let packed = PackedReport.pack(report)
            #expect(try PackedReport.unpack(packed) == report)
            #expect(try PackedReport.unpack(PackedReport.pack(report.summary)) == report.summary)
        }
    }

    /// A cache written before the pollen (layout 1: the air's four numbers, no more) is still read, without pollen.
    @Test func theLayoutBeforeThePollenIsStillRead() throws {
        var report = try recordedReports()[0]
        report.airQuality = AirQuality(time: january2026, usAQI: 42, pm2_5: 6.5)
        report.validity = nil
        report.hourly = []
        var packed = PackedReport.pack(report)
        #expect(packed[3] == 3)
        packed[3] = 2  // without hours, layouts 2 and 3 are the same bytes
        // Layout 2 ends with the air's numbers, the six pollen numbers (absent: one 0 byte each), then two flags.
        #expect(Array(packed[(packed.count - 8)..<(packed.count - 2)]) == [0, 0, 0, 0, 0, 0])
        var layout1 = packed
        layout1.removeSubrange((packed.count - 8)..<(packed.count - 2))
        layout1[3] = 1
        #expect(try PackedReport.unpack(layout1) == report)
        // And the pollen come back as they went.
        report.airQuality?.pollen = AirQuality.Pollen(birch: 35.2, grass: 0)
        #expect(try PackedReport.unpack(PackedReport.pack(report)).airQuality?.pollen == AirQuality.Pollen(birch: 35.2, grass: 0))
    }

    /// A cache written before the hours' pressure (layout 2: seven numbers an hour) is still read, without it.
    @Test func theLayoutBeforeTheHoursPressureIsStillRead() throws {
        let hour = january2026.addingTimeInterval(3600)
        let report = WeatherReport(
            observedAt: january2026, utcOffsetSeconds: 0, timeZone: nil, current: CurrentConditions(), hourly: [HourlyForecast(time: hour)], daily: [])
        let packed = PackedReport.pack(report)
        // The hour: its time's 8 bytes, eight absent numbers (seven and the pressure), no condition, no flag.
        let time = withUnsafeBytes(of: hour.timeIntervalSinceReferenceDate.bitPattern.littleEndian) { Array($0) }
        let at = try #require(packed.indices.first { packed[$0...].starts(with: time + Array(repeating: 0, count: 10)) })
        var layout2 = packed
        layout2.remove(at: at + 8 + 7)
        layout2[3] = 2
        #expect(try PackedReport.unpack(layout2) == report)
        var with = report
        with.hourly[0].pressure = 1013.2
        #expect(try PackedReport.unpack(PackedReport.pack(with)).hourly[0].pressure == 1013.2)
    }

    @Test func bytesThatAreNotAPackedReportAreRefused() throws {
        let packed = PackedReport.pack(try recordedReports()[0])
        // Cut anywhere, or with a byte more: never a report, never a crash.
        for length in 0..<packed.count { #expect(throws: PackedReport.Malformed.self) { try PackedReport.unpack(Array(packed.prefix(length))) } }
        #expect(throws: PackedReport.Malformed.self) { try PackedReport.unpack(packed + [0]) }
        // Another layout version, or JSON in the blob.
        #expect(throws: PackedReport.Malformed.self) { try PackedReport.unpack([0x46, 0x43, 0x52, 4] + packed.dropFirst(4)) }
        #expect(throws: PackedReport.Malformed.self) { try PackedReport.unpack([0x46, 0x43, 0x52, 0] + packed.dropFirst(4)) }
        #expect(throws: PackedReport.Malformed.self) { try PackedReport.unpack(Array(#"{"observedAt":0}"#.utf8)) }
        // A count of hours far beyond the bytes left asks for nothing.
        var huge = PackedReport.pack(WeatherReport(observedAt: january2026, utcOffsetSeconds: 0, timeZone: nil, current: CurrentConditions(), hourly: [], daily: []))
        let hoursAt = 4 + 8 + 8 + 1 + 10 + 1 + 1 + 1 + 1
        huge.replaceSubrange(hoursAt..<(hoursAt + 8), with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: PackedReport.Malformed.self) { try PackedReport.unpack(huge) }
        // Random bytes after a valid header: refused or read, never past the end.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var bytes = packed
            for _ in 0..<4 { bytes[Int.random(in: 4..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? PackedReport.unpack(bytes)
        }
    }

    /// What the cache reads back is validated like any answer: escape codes in
    /// a packed condition are cleaned, an implausible number makes no report.
    @Test func whatComesBackIsCleanedAndValidated() throws {
        var report = try recordedReports()[0]
        report.current.condition = WeatherCondition.unknown("x")
        var bytes = PackedReport.pack(report)
        // Put an escape sequence where the condition's code was written.
        let code = Array("unknown:x".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: code) })
        bytes.replaceSubrange(at..<(at + code.count), with: Array("\u{1B}[2Jown:x".utf8))
        let back = try PackedReport.unpack(bytes)
        #expect(back.current.condition?.code.contains("\u{1B}") == false)
        report.current.temperature = 5000
        #expect(throws: WeatherError.self) { try PackedReport.unpack(PackedReport.pack(report)).validated(now: january2026) }
    }
}
