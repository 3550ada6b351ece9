import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastViews

/// The next hours as both languages say them, from the steps a source gave:
/// one sentence and a short note, times on the place's clock.
struct OutlookSentenceTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // a quarter hour's start
    let english = English(gazetteer: .bundled)
    let korean = Korean(gazetteer: .bundled)

    /// Quarter-hour steps from `now` with these rates (mm/h).
    func nowcast(_ rates: [Double]) -> NextHours {
        NextHours(source: "test", kind: .nowcast, steps: rates.enumerated().map { index, rate in
            NextHours.Step(start: now.addingTimeInterval(Double(index) * 900), minutes: 15, rate: rate)
        })
    }

    /// "+35" for a time 35 minutes after `now`.
    func time(_ date: Date) -> String { "+\(Int(date.timeIntervalSince(now) / 60))" }

    func say(_ rates: [Double], snow: Bool = false) throws -> (en: String, ko: String, noteEn: String?, noteKo: String?, outlook: NextHoursOutlook) {
        let outlook = try #require(nowcast(rates).outlook(at: now))
        return (
            english.nextHoursSentence(outlook, snow: snow, time: time), korean.nextHoursSentence(outlook, snow: snow, time: time),
            english.nextHoursNote(outlook, snow: snow, time: time), korean.nextHoursNote(outlook, snow: snow, time: time), outlook)
    }

    @Test func dryForTwoHours() throws {
        let said = try say([0, 0, 0.05, 0, 0, 0, 0, 0])
        #expect(said.en == "No precipitation expected for 2 hours.")
        #expect(said.ko == "2시간 동안 강수 없음.")
        #expect(said.noteEn == nil && said.noteKo == nil && said.outlook.minutesToPrecipitation == nil)
        #expect(said.outlook.strip.map { $0.bar(ascii: false) }.joined() == "▁▁▁▁▁▁▁▁")
    }

    @Test func startingHeavierThenStopping() throws {
        let said = try say([0, 0.5, 1.5, 8, 3, 0, 0, 0])
        #expect(said.en == "Light rain starting around +15, heavier from +45, lighter from +60, stopping around +75.")
        #expect(said.ko == "+15쯤 약한 비 시작, +45부터 강해짐, +60부터 약해짐, +75쯤 그침.")
        #expect(said.noteEn == "rain in 15 min" && said.noteKo == "15분 후 비")
        #expect(said.outlook.minutesToPrecipitation == 15)
        #expect(said.outlook.strip.map { $0.bar(ascii: false) }.joined() == "▁▂▃▇▅▁▁▁")
        #expect(said.outlook.strip.map { $0.bar(ascii: true) }.joined() == "_.:#=___")
    }

    @Test func fallingNowThenDry() throws {
        let said = try say([3, 3, 0.2, 0, 0, 0, 0, 0], snow: true)
        #expect(said.en == "Snow now, lighter from +30, stopping around +45.")
        #expect(said.ko == "지금 눈, +30부터 약해짐, +45쯤 그침.")
        #expect(said.noteEn == "dry from +45" && said.noteKo == "+45부터 그침")
        #expect(said.outlook.minutesToPrecipitation == 0)
    }

    @Test func fallingThroughout() throws {
        let said = try say([1, 1, 1, 1, 1, 1, 1, 1])
        #expect(said.en == "Light rain now, for 2 hours at least.")
        #expect(said.ko == "지금 약한 비, 2시간 동안 계속.")
        #expect(said.noteEn == "rain now")
    }

    @Test func anOldNowcastSaysNothing() {
        // Every step is over: no outlook rather than old rain called the next hours.
        let old = nowcast([2, 2, 2]).outlook(at: now.addingTimeInterval(3 * 3600))
        #expect(old == nil)
    }

    @Test func theHourlyForecastIsNeverCalledANowcast() throws {
        let hours = NextHours(source: "forecast", kind: .hourly, steps: [
            .init(start: now, minutes: 60, rate: 0), .init(start: now.addingTimeInterval(3600), minutes: 60, rate: 4),
        ])
        let outlook = try #require(hours.outlook(at: now.addingTimeInterval(600)))
        #expect(english.nextHoursHeading(outlook.kind) == "Next hours (hourly forecast)")
        #expect(english.nextHoursSentence(outlook, snow: false, time: time) == "Rain starting around +60.")
        #expect(korean.nextHoursHeading(.nowcast) == "앞으로 2시간")
    }
}
