import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders
@testable import ForecastCLI
@testable import ForecastViews

/// The numbers the tool shows, held against the real recorded answers: the
/// hours a window covers, the fields every fetch fills, the sums and the
/// rounding.
@Suite struct RecordedNumbersTests {
    /// A command line on OpenWeatherMap's recorded London answers (current
    /// weather moved to `now`'s day, the 5-day forecast as recorded), with
    /// London saved.
    static func openWeatherMap(now: Date = march2025) async throws -> InProcessCLI {
        var cli = try InProcessCLI(now: now) { url in
            if url.path.hasSuffix("/data/2.5/forecast") {
                return HTTPResponse(status: 200, body: Fixture.data("owm_forecast5_london_2025.json"))
            }
            if url.path.hasSuffix("/data/2.5/weather") {
                return HTTPResponse(status: 200, body: Fixture.currentData("owm_current_london_latlon_2020.json", now: now))
            }
            return HTTPResponse(status: 404, body: Data())
        }
        cli.environment["OPENWEATHER_API_KEY"] = "test-key"
        cli.environment["FORECAST_OPENWEATHER_URL"] = "http://owm.test"
        #expect(await cli.run("add", "London").status == 0)
        return cli
    }

    static func json(_ result: InProcessCLI.Result) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// `show --hours N` on OpenWeatherMap, the local times of its hours.
    static func hours(_ cli: InProcessCLI, _ hours: Int) async throws -> [String] {
        let result = await cli.run(
            "show", "London", "--provider", "openweathermap", "--hours", "\(hours)", "--format", "json", "--ttl", "0")
        let hourly = try #require(try json(result)["hourly"] as? [[String: Any]])
        return hourly.compactMap { $0["time"] as? String }
    }

    // MARK: - The hours a window covers

    /// The recording's first step is 2025-03-20 21:00 UTC (London is on UTC
    /// then), and the clock reads exactly that. Each 3-hour step stands for the
    /// three hours up to its time, so the next 24 hours are the eight steps
    /// 00:00 … 21:00 of the 21st (the window used to start one step back, at
    /// 21:00 on the 20th, and end at 18:00: 21 hours).
    @Test func openWeatherMapsNext24HoursAreEightStepsFromTheOneUnderWay() async throws {
        let cli = try await Self.openWeatherMap()
        let day = try await Self.hours(cli, 24)
        #expect(day == (0..<8).map { String(format: "2025-03-21T%02d:00:00+00:00", $0 * 3) }, "\(day)")
        let two = try await Self.hours(cli, 48)
        #expect(two.count == 16 && two.first == "2025-03-21T00:00:00+00:00" && two.last == "2025-03-22T21:00:00+00:00", "\(two)")

        let text = await cli.run("show", "London", "--provider", "openweathermap", "--offline")
        #expect(text.stdout.contains("Next 24 hours"))
    }

    /// One, two or three hours are the one step under way, never the last step
    /// of the forecast five days ahead; six hours from 06:00 are the steps to
    /// 09:00 and to 12:00.
    @Test func shortWindowsOnOpenWeatherMapAreTheStepsUnderWay() async throws {
        let cli = try await Self.openWeatherMap()
        for hours in [1, 2, 3] {
            #expect(try await Self.hours(cli, hours) == ["2025-03-21T00:00:00+00:00"], "--hours \(hours)")
        }
        #expect(try await Self.hours(cli, 4) == ["2025-03-21T00:00:00+00:00", "2025-03-21T03:00:00+00:00"])
        let morning = try await Self.openWeatherMap(now: march2025.addingTimeInterval(9 * 3600))  // 06:00 on the 21st
        #expect(try await Self.hours(morning, 6) == ["2025-03-21T09:00:00+00:00", "2025-03-21T12:00:00+00:00"])
        // Half-way through a step, that step is the one under way.
        let later = try await Self.openWeatherMap(now: march2025.addingTimeInterval(90 * 60))  // 22:30 on the 20th
        #expect(try await Self.hours(later, 3) == ["2025-03-21T00:00:00+00:00"])
    }

    /// Open-Meteo's hours start at the current hour: 24 of them from 05:00
    /// when the clock reads 05:30, the recording's hourly series as the report.
    @Test func openMeteosHoursStartAtTheCurrentHour() throws {
        let provider = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!)
        let report = try provider.decode([london], responses: [ok("openmeteo_hourly_2day_2026.json")], now: january2026)[0].get()
        let hours = report.comingHours(24, from: january2026.addingTimeInterval(30 * 60))
        let utc = TimeZone(secondsFromGMT: 0)!
        #expect(hours.count == 24)
        #expect(hours.first.map { LocalTime.iso8601($0.time, in: utc) } == "2026-01-19T05:00:00+00:00")
        #expect(hours.last.map { LocalTime.iso8601($0.time, in: utc) } == "2026-01-20T04:00:00+00:00")
        #expect(report.comingHours(1, from: january2026).count == 1)
    }

    // MARK: - Every fetch fills every column

    /// Open-Meteo's recorded London answer, holding only what the request asked
    /// for, as the service does. The recording has no cloud cover and no
    /// is_day: 75 % and night are added to it.
    static func openMeteoAsAsked(_ url: URL) -> HTTPResponse {
        guard url.host == "weather.test" else { return HTTPResponse(status: 404, body: Data()) }
        let asked = Dictionary(
            (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { $1 })
        var body = Fixture.json("openmeteo_current_plus_daily_london_2026.json") as? [String: Any] ?? [:]
        var current = body["current"] as? [String: Any] ?? [:]
        current["cloud_cover"] = 75
        current["is_day"] = 0
        let wanted = Set((asked["current"] ?? "").split(separator: ",").map(String.init) + ["time", "interval"])
        body["current"] = current.filter { wanted.contains($0.key) }
        let days = Set((asked["daily"] ?? "").split(separator: ",").map(String.init) + ["time"])
        body["daily"] = (body["daily"] as? [String: Any] ?? [:]).filter { days.contains($0.key) }
        return HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: body)) ?? Data())
    }

    /// The CSV's value of `column` for the one place listed.
    static func csvValue(_ result: InProcessCLI.Result, _ column: String) throws -> String {
        let records = try CSV.parse(result.stdout)
        let index = try #require(records.first?.firstIndex(of: column), "\(records.first ?? [])")
        return try #require(records.dropFirst().first?[index])
    }

    /// `list`'s light request used to leave out pressure and cloud cover, so
    /// the CSV's columns and `--where 'pressure>0'` depended on whether `show`
    /// (the full request) had fetched last. Now both fill them.
    @Test func listsLightRequestFillsEveryReportField() async throws {
        let cli = try InProcessCLI(answer: Self.openMeteoAsAsked)
        #expect(await cli.run("add", "London").status == 0)
        let listed = await cli.run("list", "--format", "csv")
        #expect(try Self.csvValue(listed, "pressure") == "1013.9", "\(listed.stdout)")
        #expect(try Self.csvValue(listed, "clouds") == "75")
        let matched = await cli.run("list", "--offline", "--where", "pressure>1000 and clouds>=75", "--format", "line", "--template", "{name} {pressure} {clouds}%")
        #expect(matched.status == 0 && matched.stdout == "London 1014 hPa 75%\n", "\(matched.stdout) \(matched.stderr)")

        #expect(await cli.run("show", "London").status == 0)
        let afterShow = await cli.run("list", "--offline", "--format", "csv")
        // Every column but the time of the fetch reads the same whichever request filled it.
        let columns = try #require(try CSV.parse(listed.stdout).first)
        for column in columns where column != "updated" {
            #expect(try Self.csvValue(afterShow, column) == Self.csvValue(listed, column), "\(column)")
        }
    }

    // MARK: - Sums

    /// OpenWeatherMap gives no daily figures: a day's amount is the sum of its
    /// 3-hour steps' `rain.3h` and `snow.3h` in the place's calendar. The
    /// recording's 22 March: 1.08 + 4.43 + 0.24 + 0.11 + 0.56 + 0.82 = 7.24 mm.
    @Test func openWeatherMapDaysSumTheirStepsRainAndSnow() async throws {
        let provider = OpenWeatherMapProvider(apiKey: "k", baseURL: URL(string: "http://127.0.0.1:9")!)
        let current = HTTPResponse(status: 200, body: Fixture.currentData("owm_current_london_latlon_2020.json", now: march2025))
        let report = try provider.decode([london], responses: [current, ok("owm_forecast5_london_2025.json")], now: march2025)[0].get()
        let list = try #require((Fixture.json("owm_forecast5_london_2025.json") as? [String: Any])?["list"] as? [[String: Any]])
        var byDay: [String: Double] = [:]
        for step in list {
            let day = String((step["dt_txt"] as? String ?? "").prefix(10))  // UTC, and London's offset is 0
            let amount = { (key: String) in ((step[key] as? [String: Any])?["3h"] as? NSNumber)?.doubleValue ?? 0 }
            byDay[day, default: 0] += amount("rain") + amount("snow")
        }
        #expect(report.daily.count == 6)
        for day in report.daily {
            let amount = try #require(day.precipitation, "\(day.date)")
            #expect(abs(amount - (byDay[day.date] ?? -1)) < 1e-9, "\(day.date): \(amount)")
        }
        #expect(abs((report.daily.first { $0.date == "2025-03-22" }?.precipitation ?? 0) - 7.24) < 1e-9)
        #expect(report.daily.first?.precipitation == 0, "a dry day is 0 mm, not absent")

        let cli = try await Self.openWeatherMap()
        let shown = try Self.json(await cli.run("show", "London", "--provider", "openweathermap", "--format", "json"))
        let days = try #require(shown["daily"] as? [[String: Any]])
        #expect(days.contains { $0["date"] as? String == "2025-03-22" && $0["precipitation"] is Double }, "\(days)")
    }

    // MARK: - Rounding

    /// The numbers of a JSON text with more decimals than `allowed`, outside
    /// the coordinates (which keep what was typed or found).
    static func overlyPrecise(_ json: String, allowed: Int = 1) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #""(\w+)" : (-?[0-9]+\.([0-9]+))"#)
        return pattern.matches(in: json, range: NSRange(json.startIndex..., in: json)).compactMap { match in
            guard let key = Range(match.range(at: 1), in: json).map({ String(json[$0]) }),
                  let decimals = Range(match.range(at: 3), in: json).map({ json[$0].count }),
                  let number = Range(match.range(at: 2), in: json).map({ String(json[$0]) }),
                  !["latitude", "longitude"].contains(key), decimals > allowed
            else { return nil }
            return "\(key) \(number)"
        }
    }

    /// The recorded pop 0.57 is a 57 % chance (it was 56.99999999999999), a
    /// day's 7.24 mm is 7.2, a temperature of 286.66 K is 13.5 °C: every number
    /// at the precision the report fields show.
    @Test func jsonNumbersHaveTheirDisplayPrecision() async throws {
        let cli = try await Self.openWeatherMap()
        let result = await cli.run("show", "London", "--provider", "openweathermap", "--format", "json", "--hours", "48")
        let shown = try Self.json(result)
        let precise = try Self.overlyPrecise(result.stdout)
        #expect(precise.isEmpty, "\(precise)")
        let hours = try #require(shown["hourly"] as? [[String: Any]])
        let evening = try #require(hours.first { $0["time"] as? String == "2025-03-21T21:00:00+00:00" })
        #expect(evening["precipitationProbability"] as? Double == 57 && evening["temperature"] as? Double == 13.5, "\(evening)")
        let days = try #require(shown["daily"] as? [[String: Any]])
        #expect(days.first { $0["date"] as? String == "2025-03-22" }?["precipitation"] as? Double == 7.2)
        #expect(days.first { $0["date"] as? String == "2025-03-21" }?["precipitationProbability"] as? Double == 57)

        let listed = await cli.run("list", "--provider", "openweathermap", "--format", "json", "--offline")
        #expect(try Self.overlyPrecise(listed.stdout).isEmpty, "\(listed.stdout)")
    }

    /// Open-Meteo's recorded London answer is in imperial units: 0.063 inch of
    /// precipitation is 1.6002 mm, which JSON gave as 1.6001999999999998.
    @Test func convertedAmountsAreRoundedToo() async throws {
        let cli = try InProcessCLI { url in
            guard url.host == "weather.test" else { return HTTPResponse(status: 404, body: Data()) }
            var body = Fixture.json("openmeteo_current_plus_daily_london_2026.json") as? [String: Any] ?? [:]
            var current = body["current"] as? [String: Any] ?? [:]
            var units = body["current_units"] as? [String: Any] ?? [:]
            current["precipitation"] = 0.063
            units["precipitation"] = "inch"
            (body["current"], body["current_units"]) = (current, units)
            return HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: body)) ?? Data())
        }
        #expect(await cli.run("add", "London").status == 0)
        let result = await cli.run("show", "London", "--format", "json")
        let current = try #require(try Self.json(result)["current"] as? [String: Any])
        #expect(current["precipitation"] as? Double == 1.6 && current["temperature"] as? Double == 8, "\(current)")
        let precise = try Self.overlyPrecise(result.stdout)
        #expect(precise.isEmpty, "\(precise)")
        #expect(await cli.run("show", "London", "--offline").stdout.contains("1.6 mm"))
    }

    // MARK: - Night symbols

    /// The recorded London forecast's night steps: the clear sky at 03:00 on
    /// 24 March ("01n") is a moon, not a sun, and the few clouds at 06:00
    /// ("02d") keep theirs; in the table, the JSON and ASCII alike.
    @Test func nightStepsHaveNightSymbols() async throws {
        let cli = try await Self.openWeatherMap(now: march2025.addingTimeInterval(63 * 3600))  // 12:00 on the 23rd
        let shown = try Self.json(await cli.run("show", "London", "--provider", "openweathermap", "--format", "json", "--hours", "48"))
        let hours = try #require(shown["hourly"] as? [[String: Any]])
        let symbol = { (time: String) in hours.first { $0["time"] as? String == time }?["symbol"] as? String }
        #expect(symbol("2025-03-24T03:00:00+00:00") == "🌙")
        #expect(symbol("2025-03-24T06:00:00+00:00") == "🌤️")
        #expect(symbol("2025-03-23T21:00:00+00:00") == "☁️")
        let table = await cli.run("show", "London", "--provider", "openweathermap", "--hours", "48", "--offline")
        #expect(table.lines.contains { $0.contains("03:00") && $0.contains("🌙") }, "\(table.stdout)")
        #expect(!table.lines.contains { $0.contains("03:00") && $0.contains("☀️") })

        let ascii = WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: Language.en.words(.bundled), emoji: false)
        #expect(ascii.symbol(.openWeatherMap(800), isDay: false) == "moon" && ascii.symbol(.openWeatherMap(800), isDay: true) == "sun")
        #expect(WeatherCondition.wmo(0).symbol(isDay: false) == "🌙" && WeatherCondition.wmo(0).symbol(isDay: nil) == "☀️")
        #expect(WeatherCondition.wmo(80).symbol(isDay: false) == "🌧️", "no sun behind night showers")
    }

    /// The current conditions at night: the recorded London answer at 05:00 in
    /// January (sunrise 07:55), partly cloudy, is_day 0: a cloud, no sun, in
    /// show's JSON and text and in list's table and CSV.
    @Test func currentConditionsAtNightHaveNightSymbols() async throws {
        let cli = try InProcessCLI(answer: Self.openMeteoAsAsked)
        #expect(await cli.run("add", "London").status == 0)
        let list = await cli.run("list")
        #expect(list.lines.count == 2 && list.lines[1].contains("☁️") && !list.lines[1].contains("⛅"), "\(list.stdout)")
        #expect(try Self.csvValue(await cli.run("list", "--offline", "--format", "csv"), "symbol") == "☁️")
        let listed = try #require((try Self.json(await cli.run("list", "--offline", "--format", "json"))["locations"] as? [[String: Any]])?.first)
        #expect((listed["weather"] as? [String: Any])?["symbol"] as? String == "☁️")

        let shown = try Self.json(await cli.run("show", "London", "--format", "json"))
        let current = try #require(shown["current"] as? [String: Any])
        #expect(current["symbol"] as? String == "☁️" && current["isDay"] as? Bool == false, "\(current)")
        #expect(await cli.run("show", "London", "--offline").lines.contains { $0.contains("☁️  Partly cloudy") })
    }

    // MARK: - No minus zero

    /// The recorded London answer and its recorded hours, made just below
    /// freezing: 31.99 °F now (-0.006 °C) and 31.5 °F at 05:00 (-0.3 °C), so
    /// the chart's lowest label and the JSON's temperature round to zero.
    static func freezingLondon(_ url: URL) -> HTTPResponse {
        guard url.host == "weather.test" else { return HTTPResponse(status: 404, body: Data()) }
        var body = Fixture.json("openmeteo_current_plus_daily_london_2026.json") as? [String: Any] ?? [:]
        let recorded = Fixture.json("openmeteo_hourly_2day_2026.json") as? [String: Any] ?? [:]
        var hourly = recorded["hourly"] as? [String: Any] ?? [:]
        var temperatures = hourly["temperature_2m"] as? [Double] ?? []
        if temperatures.count > 5 { temperatures[5] = 31.5 }
        hourly["temperature_2m"] = temperatures
        (body["hourly"], body["hourly_units"]) = (hourly, recorded["hourly_units"])
        var current = body["current"] as? [String: Any] ?? [:]
        current["temperature_2m"] = 31.99
        body["current"] = current
        return HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: body)) ?? Data())
    }

    /// "-0" anywhere in a text: a minus before a zero that has no other digit.
    static func minusZeros(_ text: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"-0(?![.0-9]*[1-9])[.0-9]*"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    @Test func noMinusZeroOnTheChartOrInTheNumbers() async throws {
        let cli = try InProcessCLI(answer: Self.freezingLondon)
        #expect(await cli.run("add", "London").status == 0)
        let text = await cli.run("show", "London")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.lines.contains { $0.contains(" 0°C ┤") }, "the chart's lowest label: \(text.stdout)")
        #expect(try Self.minusZeros(text.stdout).isEmpty, "\(text.stdout)")
        let json = await cli.run("show", "London", "--format", "json", "--offline")
        let current = try #require(try Self.json(json)["current"] as? [String: Any])
        #expect(current["temperature"] as? Double == 0)
        let zeros = try Self.minusZeros(json.stdout)
        #expect(zeros.isEmpty, "\(zeros)")
        for unit in ["f", "k"] {
            #expect(await cli.run("units", unit).status == 0)
            #expect(try Self.minusZeros(await cli.run("show", "London", "--offline").stdout).isEmpty)
        }
    }
}
