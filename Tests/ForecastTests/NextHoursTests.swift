import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// The next two hours: MET Norway's nowcast read from its recorded answer,
/// Open-Meteo's 15-minute data (its recorded answer has none of the
/// precipitation, so that one is built in the documented shape, and named so),
/// the hourly forecast where neither covers a place, and what it all comes to
/// in events, minutes and a strip.
@Suite struct NextHoursTests {
    /// The recording's own moment (`meta.updated_at`).
    let trondheimRecorded = instant("2023-08-14T18:16:07Z")

    func steps(_ answer: SourceAnswer) throws -> NextHours {
        guard case .nextHours(let steps) = answer else { throw InputError.nothingSaved }
        return steps
    }

    @Test func metNowcastRecordedAnswer() throws {
        let answer = try MetNowcast.nextHours(Fixture.data("metno_nowcast_complete_trondheim_2023.json"), now: trondheimRecorded).get()
        let nowcast = try steps(answer)
        #expect(nowcast.source == "met-nowcast" && nowcast.kind == .nowcast)
        #expect(nowcast.steps.count == 23 && nowcast.steps.allSatisfy { $0.minutes == 5 })
        #expect(nowcast.steps.first?.start == instant("2023-08-14T18:15:00Z") && nowcast.steps.last?.start == instant("2023-08-14T20:05:00Z"))
        #expect(nowcast.steps.map(\.rate).prefix(10) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2])
        #expect(nowcast.covers(trondheimRecorded))

        // Dry for three quarters of an hour, then light rain from 19:00, heavier (2.5 mm/h) at 20:05.
        let outlook = try #require(nowcast.outlook(at: trondheimRecorded))
        #expect(outlook.kind == .nowcast)
        #expect(outlook.events == [.starts(instant("2023-08-14T19:00:00Z"), .light), .heavier(instant("2023-08-14T20:05:00Z"), .moderate)])
        #expect(outlook.minutesToPrecipitation == 44)   // 19:00 − 18:16:07
        #expect(outlook.startsAt == instant("2023-08-14T19:00:00Z") && outlook.dryFrom == nil)
        // A quarter hour a bar, each its strongest step: 0.2–0.9 very light, 1.1–2.0 light, 2.5 moderate.
        #expect(outlook.strip == [.none, .none, .veryLight, .veryLight, .light, .light, .light, .moderate])

        // Once its steps are past, it says nothing (the hourly forecast speaks then).
        let later = trondheimRecorded.addingTimeInterval(3 * 3600)
        #expect(!nowcast.covers(later) && nowcast.outlook(at: later) == nil)
    }

    /// Outside the radars' coverage (or with them down) the answer says so: another source, or the hourly forecast.
    @Test(arguments: ["no coverage", "temporarily unavailable"])
    func metNowcastOutsideCoverage(coverage: String) throws {
        let body = edited("metno_nowcast_complete_trondheim_2023.json") { json in
            var properties = json["properties"] as! [String: Any]
            var meta = properties["meta"] as! [String: Any]
            meta["radar_coverage"] = coverage
            properties["meta"] = meta
            json["properties"] = properties
        }
        #expect(try MetNowcast.nextHours(body, now: trondheimRecorded).get() == .outside)
    }

    @Test func metNowcastInAnotherUnitOrWithImpossibleRatesIsRefused() throws {
        func changed(_ change: @escaping (inout [String: Any]) -> Void) -> Data {
            edited("metno_nowcast_complete_trondheim_2023.json") { json in
                var properties = json["properties"] as! [String: Any]
                change(&properties)
                json["properties"] = properties
            }
        }
        let inches = changed { properties in
            var meta = properties["meta"] as! [String: Any]
            meta["units"] = ["precipitation_rate": "in/h"]
            properties["meta"] = meta
        }
        #expect(throws: WeatherError.self) { try MetNowcast.nextHours(inches, now: trondheimRecorded).get() }
        let negative = changed { properties in
            var series = properties["timeseries"] as! [[String: Any]]
            series[3]["data"] = ["instant": ["details": ["precipitation_rate": -1.5]]]
            properties["timeseries"] = series
        }
        let error = try #require(throws: WeatherError.self) { try MetNowcast.nextHours(negative, now: trondheimRecorded).get() }
        #expect(error.kind == .badResponse)
        // NaN is no JSON: an answer that sends it cannot be read at all.
        let nan = Data(String(decoding: Fixture.data("metno_nowcast_complete_trondheim_2023.json"), as: UTF8.self)
            .replacingOccurrences(of: #""precipitation_rate":0.2"#, with: #""precipitation_rate":NaN"#).utf8)
        #expect(throws: WeatherError.self) { try MetNowcast.nextHours(nan, now: trondheimRecorded).get() }
        // A recording years old is too far from now to be read as the next hours.
        #expect(throws: WeatherError.self) {
            try MetNowcast.nextHours(Fixture.data("metno_nowcast_complete_trondheim_2023.json"), now: trondheimRecorded.addingTimeInterval(400 * 86_400)).get()
        }
        // More steps than any nowcast has.
        let many = changed { properties in
            let series = properties["timeseries"] as! [[String: Any]]
            properties["timeseries"] = Array(repeating: series[0], count: NextHours.maximumSteps + 1)
        }
        #expect(throws: WeatherError.self) { try MetNowcast.nextHours(many, now: trondheimRecorded).get() }
    }

    // MARK: Open-Meteo's 15-minute data

    let berlin = PlaceQuery(id: 7, coordinate: try! Coordinate(latitude: 52.52, longitude: 13.41), timeZone: "Europe/Berlin")
    /// The Berlin recording's own moment (its `current.time`, GMT).
    let berlinRecorded = instant("2023-11-13T10:45:00Z")

    func decodeMinutely(_ body: Data, now: Date) -> Result<SourceAnswer, WeatherError> {
        let service = OpenMeteoMinutely(baseURL: URL(string: "http://weather.test")!)
        return service.decode([berlin], responses: [HTTPResponse(status: 200, body: body)], now: now)
            .flatMap { $0[0] }.map(\.answer)
    }

    /// The only recorded `minutely_15` asked for weather codes, not
    /// precipitation: with nothing to say in minutes, the place is "outside".
    @Test func theRecordedFifteenMinuteAnswerHasNoPrecipitation() throws {
        let body = Fixture.data("openmeteo_forecast_berlin_current_15min_hourly_daily_2023.json")
        #expect(try decodeMinutely(body, now: berlinRecorded).get() == .outside)
    }

    /// BUILT, not recorded: the Berlin recording's frame and times with
    /// `precipitation` beside them, as Open-Meteo documents it (mm, each value
    /// the quarter before its time).
    func builtMinutely(_ amounts: [Double], unit: String = "mm", from start: String = "2023-11-13T10:45") -> Data {
        edited("openmeteo_forecast_berlin_current_15min_hourly_daily_2023.json") { json in
            let first = LocalTime.instant(fromLocal: start, in: TimeZone(secondsFromGMT: 0)!)!
            let times = amounts.indices.map { String(LocalTime.iso8601(first.addingTimeInterval(Double($0) * 900), in: TimeZone(secondsFromGMT: 0)!).prefix(16)) }
            json["minutely_15"] = ["time": times, "precipitation": amounts]
            json["minutely_15_units"] = ["time": "iso8601", "precipitation": "mm"].merging(["precipitation": unit]) { $1 }
        }
    }

    @Test func builtFifteenMinuteAnswerIsRatesOverTheQuarterBefore() throws {
        let nowcast = try steps(try decodeMinutely(builtMinutely([0, 0, 0.1, 0.5, 0.5, 0.2, 0, 0, 0, 0]), now: berlinRecorded).get())
        #expect(nowcast.source == "open-meteo-15" && nowcast.kind == .nowcast && nowcast.steps.count == 10)
        // 10:45's value is 10:30–10:45; 0.5 mm in a quarter is 2 mm/h.
        #expect(nowcast.steps[0].start == instant("2023-11-13T10:30:00Z") && nowcast.steps.allSatisfy { $0.minutes == 15 })
        #expect(nowcast.steps.map(\.rate) == [0, 0, 0.4, 2, 2, 0.8, 0, 0, 0, 0])
        let outlook = try #require(nowcast.outlook(at: berlinRecorded))
        // 0.4 to 2 mm/h is light throughout: it starts at 11:00 and the quarter from 12:00 is dry.
        #expect(outlook.events == [.starts(instant("2023-11-13T11:00:00Z"), .light), .stops(instant("2023-11-13T12:00:00Z"))])
        #expect(outlook.minutesToPrecipitation == 15 && outlook.dryFrom == instant("2023-11-13T12:00:00Z"))
    }

    @Test func builtFifteenMinuteAnswersThatCannotBeTrueAreRefused() {
        #expect(throws: WeatherError.self) { try decodeMinutely(builtMinutely([0, 0.2], unit: "inch"), now: berlinRecorded).get() }
        #expect(throws: WeatherError.self) { try decodeMinutely(builtMinutely([0, -0.2]), now: berlinRecorded).get() }
        #expect(throws: WeatherError.self) { try decodeMinutely(builtMinutely([0, 501]), now: berlinRecorded).get() }
        #expect(throws: WeatherError.self) {
            try decodeMinutely(builtMinutely([0, 0.2], from: "9999-12-31T23:00"), now: berlinRecorded).get()
        }
        // Fewer amounts than times.
        let short = edited("openmeteo_forecast_berlin_current_15min_hourly_daily_2023.json") { json in
            var series = json["minutely_15"] as! [String: Any]
            series["precipitation"] = [0.1]
            json["minutely_15"] = series
        }
        #expect(throws: WeatherError.self) { try decodeMinutely(short, now: berlinRecorded).get() }
    }

    // MARK: As the cache keeps them

    /// The steps are kept by columns; read back they are the same steps, and
    /// columns of different lengths (a database edited by hand) are no answer.
    @Test func keptByColumnsAndReadBackTheSame() throws {
        let answer = try MetNowcast.nextHours(Fixture.data("metno_nowcast_complete_trondheim_2023.json"), now: trondheimRecorded).get()
        let encoder = JSONEncoder()
        let data = try encoder.encode(answer)
        let columns = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let nowcast = try #require(columns["nextHours"] as? [String: Any]).values.first as? [String: Any]
        #expect((nowcast?["start"] as? [Double])?.count == 23 && (nowcast?["rate"] as? [Any])?.count == 23)
        #expect(try JSONDecoder().decode(SourceAnswer.self, from: data) == answer)
        let withGaps = NextHours(source: "open-meteo-15", kind: .nowcast, steps: [
            NextHours.Step(start: berlinRecorded, minutes: 15, rate: nil, probability: 40),
            NextHours.Step(start: berlinRecorded.addingTimeInterval(900), minutes: 15, rate: 0.4),
        ])
        #expect(try JSONDecoder().decode(NextHours.self, from: try encoder.encode(withGaps)) == withGaps)
        let uneven = Data(#"{"source":"met-nowcast","kind":"nowcast","start":[0,300],"minutes":[5],"rate":[0,0],"probability":[null,null]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NextHours.self, from: uneven) }
    }

    // MARK: The events

    /// The outlook of a nowcast of `rates`, its last rate held on to the end of
    /// the two hours (a nowcast that stops short of them is not used at all).
    func outlook(_ rates: [Double?], minutes: Int = 5, from start: Date, at now: Date) -> NextHoursOutlook? {
        let wanted = Int(NextHours.span) / 60 / minutes + 1
        let rates = rates + Array(repeating: rates.last ?? nil, count: max(0, wanted - rates.count))
        let steps = rates.enumerated().map { NextHours.Step(start: start.addingTimeInterval(Double($0 * minutes) * 60), minutes: minutes, rate: $1) }
        return NextHours(source: "met-nowcast", kind: .nowcast, steps: steps).outlook(at: now)
    }

    @Test func eventsSayWhenItStartsChangesAndStops() throws {
        let now = trondheimRecorded
        // Dry throughout: no event, no minutes, every bar flat.
        let dry = try #require(outlook(Array(repeating: 0, count: 24), from: now, at: now))
        #expect(dry.events.isEmpty && dry.minutesToPrecipitation == nil && dry.strip == Array(repeating: .none, count: 8))
        // Falling now, then stopping: 0 minutes, dry from the stop.
        let stopping = try #require(outlook([1.5, 1.5, 1.5, 0, 0, 0], from: now.addingTimeInterval(-60), at: now))
        let stop = now.addingTimeInterval(-60 + 15 * 60)
        #expect(stopping.events == [.now(.light), .stops(stop)] && stopping.minutesToPrecipitation == 0 && stopping.dryFrom == stop)
        // Heavy, easing off: lighter, then lighter again; a trace (under 0.1 mm/h) is dry.
        let easing = try #require(outlook([8, 8, 3, 3, 1.2, 0.05], from: now, at: now))
        #expect(easing.events == [
            .now(.heavy), .lighter(now.addingTimeInterval(600), .moderate), .lighter(now.addingTimeInterval(1200), .light),
            .stops(now.addingTimeInterval(1500)),
        ])
        // Both faint bands read as light in words: no event between them.
        let faint = try #require(outlook([0.5, 1.5, 0.5], from: now, at: now))
        #expect(faint.events == [.now(.light)] && faint.dryFrom == nil)
        // Steps without a rate say nothing; all of them: no outlook.
        #expect(outlook([nil, nil], from: now, at: now) == nil)
    }

    // MARK: From the hourly forecast

    /// Where no nowcast covers a place: the forecast's hours (MET Norway's
    /// recorded answer: `next_1_hours`, the hour from each step's time on),
    /// an hour being the finest it knows, and never called a nowcast.
    @Test func fromTheForecastsHours() throws {
        let provider = MetNorwayProvider(baseURL: URL(string: "http://met.test")!, userAgent: Project.userAgent(contact: "me@example.com"))
        let oslo = PlaceQuery(id: 1, coordinate: try Coordinate(latitude: 59.912_73, longitude: 10.746_09), timeZone: "Europe/Oslo")
        let report = try provider.decode([oslo], responses: [ok("metno_complete_oslo_2026.json")], now: april2026).get()[0].get()
        let now = april2026   // 10:30Z, within the first step (10:00Z)
        let next = try #require(NextHours.fromHourly(report, now: now))
        #expect(next.kind == .hourly && next.source == "forecast")
        let ten = instant("2026-04-26T10:00:00Z")
        #expect(next.steps.map(\.start) == [ten, ten.addingTimeInterval(3600), ten.addingTimeInterval(7200)])
        #expect(next.steps.allSatisfy { $0.minutes == 60 })
        let hours = report.hourly.filter { $0.time >= ten }.prefix(3)
        #expect(next.steps.map(\.rate) == hours.map(\.precipitation) && next.steps.map(\.probability) == hours.map(\.precipitationProbability))
        // The recorded hours are dry: said so, hour by hour.
        let outlook = try #require(next.outlook(at: now))
        #expect(outlook.kind == .hourly && outlook.events.isEmpty && outlook.minutesToPrecipitation == nil && outlook.strip == [.none, .none])
    }

    /// OpenWeatherMap's steps are three hours ending at their times, their
    /// amounts those three hours' (`rain.3h`): 0.32 mm from 18:00 to 21:00 is
    /// light rain falling at 19:00, not rain from 21:00 three times as hard.
    @Test func fromOpenWeatherMapsThreeHourSteps() throws {
        let provider = OpenWeatherMapProvider(apiKey: "SECRET-KEY", baseURL: URL(string: "http://127.0.0.1:9")!)
        let now = instant("2025-03-21T19:00:00Z")
        let currentJSON = Fixture.current("owm_current_london_latlon_2020.json", now: now)
        let current = HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: currentJSON))
        let report = try provider.decode([london], responses: [current, ok("owm_forecast5_london_2025.json")], now: now)[0].get()
        #expect(report.stepsEndAtTheirTimes == true)
        let next = try #require(NextHours.fromHourly(report, now: now))
        let first = try #require(next.steps.first)
        #expect(first.start == instant("2025-03-21T18:00:00Z") && first.minutes == 180)
        #expect(abs(first.rate! - 0.32 / 3) < 1e-9)
        let outlook = try #require(next.outlook(at: now))
        #expect(outlook.kind == .hourly && outlook.events.first == .now(.light) && outlook.minutesToPrecipitation == 0)
    }
    /// Open-Meteo's hourly `precipitation` is the preceding hour's sum (issue 38, item 4): the step at
    /// 00:00 is the rain of 23:00–00:00, so at 23:10 it is "light rain now", not "starting around 00:00".
    @Test func openMeteosHourlyAmountsAreOfTheHourBefore() throws {
        let eleven = instant("2026-11-23T23:00:00Z")
        let hours = (0..<5).map { step in
            HourlyForecast(time: eleven.addingTimeInterval(Double(step) * 3600), temperature: 5, precipitation: step == 1 ? 1.0 : 0)
        }
        let report = WeatherReport(observedAt: eleven, utcOffsetSeconds: 0, timeZone: "UTC", current: CurrentConditions(), hourly: hours, daily: [])
        #expect(report.stepsEndAtTheirTimes == nil && report.amountsEndAtTheirTimes)
        let now = eleven.addingTimeInterval(600)
        let next = try #require(NextHours.fromHourly(report, now: now))
        #expect(next.steps.first?.start == eleven && next.steps.first?.rate == 1.0, "\(next.steps)")
        let outlook = try #require(next.outlook(at: now))
        #expect(outlook.events.first == .now(.light) && outlook.minutesToPrecipitation == 0, "\(outlook.events)")
        #expect(outlook.strip == [.light, .none], "the strip starts now: this hour wet, the next dry")
        // MET Norway's `next_1_hours` is the hour from its time on: the same numbers are rain from 00:00.
        var met = report
        met.stepsEndAtTheirTimes = false
        let metOutlook = try #require(NextHours.fromHourly(met, now: now)?.outlook(at: now))
        #expect(metOutlook.events.first == .starts(eleven.addingTimeInterval(3600), .light) && metOutlook.minutesToPrecipitation == 50)
    }

    /// OpenWeatherMap's 3-hour step under way since 18:00 starts the strip now (20:30), not at 18:00.
    @Test func aThreeHourStepStartsTheStripNow() throws {
        let six = instant("2025-03-21T18:00:00Z")
        let hours = (0..<4).map { step in
            HourlyForecast(time: six.addingTimeInterval(Double(step) * 3 * 3600), precipitation: step == 1 ? 3.0 : 0)
        }
        var report = WeatherReport(observedAt: six, utcOffsetSeconds: 0, timeZone: "UTC", current: CurrentConditions(), hourly: hours, daily: [])
        report.stepsEndAtTheirTimes = true
        let now = six.addingTimeInterval(2.5 * 3600)   // 20:30, in the step 18:00–21:00 (whose time is 21:00)
        let outlook = try #require(NextHours.fromHourly(report, now: now)?.outlook(at: now))
        // 20:30–21:30 overlaps the wet step (18–21) and the dry one (21–24): the strongest; 21:30–22:30 dry.
        #expect(outlook.strip == [.light, .none], "\(outlook.strip)")
        #expect(outlook.events == [.now(.light), .stops(six.addingTimeInterval(3 * 3600))], "\(outlook.events)")
    }
}
