import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastViews

/// Today against yesterday, from days the providers give (Open-Meteo's
/// `past_days=1`) or the cache kept, never guessed.
struct YesterdayTests {
    let provider = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9/base")!, batchSize: 2)

    @Test func everyForecastAsksForYesterdayAtTheSameWeight() throws {
        for detail in [ReportDetail.summary, .full] {
            let url = try #require(provider.requests(for: [london], detail: detail).first?.url)
            #expect(url.query?.contains("past_days=1") == true, "\(url)")
        }
        // Three days (yesterday and two) are still under Open-Meteo's 14: 13 variables, 1.3 calls a place as before.
        #expect(provider.callsPerPlace(.summary) == 1.3)
    }

    @Test func yesterdaysDayIsKeptAndItsHoursAreNot() throws {
        let now = Date()
        let body = try JSONSerialization.data(withJSONObject: StubWeatherService.openMeteoObjects(latitudes: [51.5], pastDays: true)[0])
        let report = try provider.decode([london], responses: [HTTPResponse(status: 200, body: body)], now: now).get()[0].get()
        let today = LocalDays.localDate(now, utcOffset: report.utcOffsetSeconds)
        let yesterday = LocalDays.localDate(now.addingTimeInterval(-86_400), utcOffset: report.utcOffsetSeconds)
        #expect(report.daily.first?.date == yesterday && report.daily.count == 8)
        #expect(report.hourly.allSatisfy { LocalDays.localDate($0.time, utcOffset: report.utcOffsetSeconds) >= today })
        #expect(report.comingDays(7, from: now).first?.date == today, "the coming days begin today")
        #expect(report.today(now: now)?.date == today)
        // 46.4 °F today (8 °C), 42.8 °F yesterday (6 °C).
        #expect(report.highAgainstYesterday(now: now, unit: .celsius) == 2)
        #expect(report.highAgainstYesterday(now: now, unit: .fahrenheit) == 3.6)
        // A list keeps yesterday, today and tomorrow.
        #expect(report.summary.daily.map(\.date).prefix(2) == [yesterday, today] && report.summary.daily.count == 3)
    }

    @Test func withoutYesterdayThereIsNoComparison() throws {
        let now = Date()
        let body = try JSONSerialization.data(withJSONObject: StubWeatherService.openMeteoObjects(latitudes: [51.5])[0])
        let report = try provider.decode([london], responses: [HTTPResponse(status: 200, body: body)], now: now).get()[0].get()
        #expect(report.todayAndYesterday(now: now) == nil && report.highAgainstYesterday(now: now, unit: .celsius) == nil)
        let format = WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: English(gazetteer: .bundled), emoji: true)
        #expect(format.againstYesterday(report, now: now) == nil)
    }

    static func day(_ date: String, high: Double?) -> DailyForecast { DailyForecast(date: date, minimum: 1, maximum: high) }

    static func report(_ days: [DailyForecast], at time: String) -> WeatherReport {
        WeatherReport(
            observedAt: ISO8601DateFormatter().date(from: time)!, utcOffsetSeconds: 3600, timeZone: "Europe/Oslo",
            current: CurrentConditions(temperature: 3), hourly: [], daily: days)
    }

    @Test func aProviderWithoutPastDaysKeepsYesterdayFromTheCache() {
        // MET Norway's answer of the evening before yesterday (Oslo, UTC+1), then today's answer without it.
        let older = Self.report(
            [Self.day("2026-11-24", high: 1), Self.day("2026-11-25", high: 4), Self.day("2026-11-26", high: 6)], at: "2026-11-24T19:00:00Z")
        let newer = Self.report([Self.day("2026-11-26", high: 7.4), Self.day("2026-11-27", high: 2)], at: "2026-11-26T09:00:00Z")
        let kept = newer.keepingYesterday(from: older)
        #expect(kept.daily.map(\.date) == ["2026-11-25", "2026-11-26", "2026-11-27"])
        let now = ISO8601DateFormatter().date(from: "2026-11-26T12:00:00Z")!
        #expect(kept.highAgainstYesterday(now: now, unit: .celsius) == 3.4)
        // Not from a copy without that day, not twice, never from an older day.
        #expect(newer.keepingYesterday(from: nil) == newer)
        #expect(newer.keepingYesterday(from: newer) == newer)
        #expect(kept.keepingYesterday(from: older) == kept)
        let stale = Self.report([Self.day("2026-11-20", high: 9)], at: "2026-11-20T09:00:00Z")
        #expect(newer.keepingYesterday(from: stale) == newer)
        // Carried on through the day: a copy of this morning holding yesterday passes it to this evening's.
        let evening = Self.report([Self.day("2026-11-26", high: 7), Self.day("2026-11-27", high: 2)], at: "2026-11-26T18:00:00Z")
        #expect(evening.keepingYesterday(from: kept).daily.first == Self.day("2026-11-25", high: 4))
    }

    /// From the attack: a copy fetched late that day summed only its last hours ("high" 2.8 from 23:00 to 24:00);
    /// it is not yesterday's high.
    @Test func whatWasLeftOfADayIsNotThatDay() {
        let lateLastNight = Self.report([Self.day("2026-11-25", high: 2.8), Self.day("2026-11-26", high: 6)], at: "2026-11-25T22:30:00Z")
        let newer = Self.report([Self.day("2026-11-26", high: 7.4)], at: "2026-11-26T00:10:00Z")
        #expect(newer.keepingYesterday(from: lateLastNight) == newer)
    }

    /// From the attack: an answer whose only day is yesterday has no today, and yesterday is never shown as one.
    @Test func yesterdayAloneIsNotToday() {
        let report = Self.report([Self.day("2026-11-25", high: 4)], at: "2026-11-26T09:00:00Z")
        let now = ISO8601DateFormatter().date(from: "2026-11-26T12:00:00Z")!
        #expect(report.today(now: now) == nil && report.comingDays(7, from: now).isEmpty)
        #expect(report.yesterday(now: now)?.maximum == 4 && report.todayAndYesterday(now: now) == nil)
    }

    /// From the attack: columns longer or shorter than their times, or days repeated or reversed, are not read
    /// (a shifted column read yesterday's high as today's).
    @Test func misalignedOrDisorderedDaysAreRefused() throws {
        let now = Date()
        let base = StubWeatherService.openMeteoObjects(latitudes: [51.5], pastDays: true)[0]
        func decode(_ change: (inout [String: Any]) -> Void) throws -> Result<WeatherReport, WeatherError> {
            var object = base
            var daily = object["daily"] as! [String: Any]
            change(&daily)
            object["daily"] = daily
            let body = try JSONSerialization.data(withJSONObject: object)
            return try provider.decode([london], responses: [HTTPResponse(status: 200, body: body)], now: now).get()[0]
        }
        #expect(throws: Never.self) { try decode { _ in }.get() }
        for change: (inout [String: Any]) -> Void in [
            { $0["temperature_2m_max"] = Array(($0["temperature_2m_max"] as! [Any]).dropFirst()) },
            { $0["temperature_2m_min"] = ($0["temperature_2m_min"] as! [Any]) + [1.0] },
            { var times = $0["time"] as! [Any]; times[0] = times[1]; $0["time"] = times },
            { $0["time"] = Array(($0["time"] as! [Any]).reversed()) },
        ] {
            #expect(throws: WeatherError.self) { try decode(change).get() }
        }
    }

    @Test func aDifferenceIsRoundedOnceFromTheUnroundedValues() {
        let english = English(gazetteer: .bundled), korean = Korean(gazetteer: .bundled)
        #expect(english.highAgainstYesterday(3, kelvin: false) == "High 3° warmer than yesterday")
        #expect(english.highAgainstYesterday(-2, kelvin: false) == "High 2° cooler than yesterday")
        #expect(english.highAgainstYesterday(0, kelvin: false) == "High as yesterday's")
        #expect(english.highAgainstYesterday(1, kelvin: true) == "High 1 K warmer than yesterday")
        #expect(korean.highAgainstYesterday(3, kelvin: false) == "최고 기온 어제보다 3° 높음")
        #expect(korean.highAgainstYesterday(-2, kelvin: false) == "최고 기온 어제보다 2° 낮음")
        #expect(korean.highAgainstYesterday(0, kelvin: false) == "최고 기온 어제와 같음")
        // A difference is rounded once, from the unrounded values (issue 38, item 6): 6.5 → 7.4 °C is 0.9 apart, "1° warmer",
        // though each shows as 7; it was the difference of the two rounded numbers ("as yesterday's").
        let format = WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: english, emoji: true)
        #expect(format.temperatureChange(from: 6.5, to: 7.4) == 1)
        #expect(format.temperatureChange(from: -0.5, to: 0.4) == 1)
        #expect(format.temperatureChange(from: 7.44, to: 7.0) == 0)
        #expect(format.temperatureChange(from: nil, to: 3) == nil)
        // −3.2 °C apart is −5.76 °F: −5.8 to a tenth (JSON, CSV, --where) and −6 whole (the sentence);
        // the two highs rounded first gave −5.7 (50.0 − 44.3, say).
        let fahrenheit = WeatherFormat(temperatureUnit: .fahrenheit, windUnit: .ms, words: english, emoji: true)
        #expect(ShownNumber.temperatureDifference(from: 10.0, to: 6.8, in: .fahrenheit) == -5.8)
        #expect(fahrenheit.temperatureChange(from: 10.0, to: 6.8) == -6)
        #expect(ShownNumber.temperatureDifference(from: 10.0, to: 6.8, in: .kelvin) == -3.2)
        #expect(ShownNumber.temperatureDifference(from: 0.04, to: 0.0, in: .celsius) == 0, "no negative zero")
    }
}
