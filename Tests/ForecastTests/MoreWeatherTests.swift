import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// Chance of precipitation, UV and air quality: decoded, validated, fetched
/// beside the weather without ever spoiling it, and shown.
@Suite struct MoreWeatherTests {
    let air = OpenMeteoAirQuality(baseURL: URL(string: "http://127.0.0.1:9/aq")!, batchSize: 50)

    /// The air-quality API's frame (as the API documentation gives it), one entry per place:
    /// London's grid cell, then Seoul's (the places the tests ask for).
    static func frame(_ current: [[String: Any?]], ids: Bool = true) -> Data {
        let cells = [(51.5, -0.12), (37.6, 127.0)]
        let entries = current.enumerated().map { index, values -> [String: Any] in
            var entry: [String: Any] = [
                "latitude": cells[index % 2].0, "longitude": cells[index % 2].1, "utc_offset_seconds": 0, "timezone": "GMT",
                "current_units": ["time": "iso8601", "us_aqi": "USAQI", "european_aqi": "EAQI", "pm2_5": "μg/m³", "pm10": "μg/m³"],
                "current": values.mapValues { $0 ?? NSNull() },
            ]
            if ids && index > 0 { entry["location_id"] = index }
            return entry
        }
        return try! JSONSerialization.data(withJSONObject: entries.count == 1 ? entries[0] : entries)
    }

    /// The air's four and the six pollen: ten variables, one call a place as Open-Meteo counts them.
    @Test func asksForTheTenVariablesOfEveryPlaceInOneRequest() throws {
        let urls = air.requests(for: [london, seoulQuery], detail: .summary).map(\.url)
        #expect(urls.count == 1)
        let components = try #require(URLComponents(url: urls[0], resolvingAgainstBaseURL: false))
        #expect(components.path == "/aq/v1/air-quality")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["latitude"] == "51.5085,37.566" && query["longitude"] == "-0.1257,126.9784")
        #expect(query["current"] == "us_aqi,european_aqi,pm2_5,pm10,alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen")
        #expect(air.callsPerPlace(.summary) == 1)
        #expect(query["timezone"] == "Europe/London,Asia/Seoul")
    }

    @Test func decodesEachPlaceAndKeepsNullsMissing() throws {
        let body = Self.frame([
            ["time": "2026-01-19T05:00", "us_aqi": 42, "european_aqi": 21, "pm2_5": 9.8, "pm10": 14.2],
            ["time": "2026-01-19T05:00", "us_aqi": nil, "european_aqi": nil, "pm2_5": 151.0, "pm10": nil],
        ])
        let result = try air.decode([london, seoulQuery], responses: [HTTPResponse(status: 200, body: body)], now: january2026).get()
        let first = try result[0].get()
        #expect(first.usAQI == 42 && first.europeanAQI == 21 && first.pm2_5 == 9.8 && first.pm10 == 14.2)
        #expect(first.time == january2026 && first.category == .good)
        let second = try result[1].get()
        #expect(second.usAQI == nil && second.category == nil && second.pm2_5 == 151 && !second.isEmpty)
    }

    /// An implausible value fails that place's air alone, naming the field.
    @Test(arguments: [
        (#"{"time": "2026-01-19T05:00", "us_aqi": 1e308}"#, "current.us_aqi"),
        (#"{"time": "2026-01-19T05:00", "us_aqi": -3}"#, "current.us_aqi"),
        (#"{"time": "2026-01-19T05:00", "pm2_5": 99999.0}"#, "current.pm2_5"),
        (#"{"time": "2099-01-01T00:00", "pm10": 3}"#, "current.time"),
    ])
    func refusesImplausibleAir(values: String, field: String) throws {
        let hostile = try #require(try JSONSerialization.jsonObject(with: Data(values.utf8)) as? [String: Any])
        let body = Self.frame([["time": "2026-01-19T05:00", "us_aqi": 10], hostile])
        let result = try air.decode([london, seoulQuery], responses: [HTTPResponse(status: 200, body: body)], now: january2026).get()
        #expect(try result[0].get().usAQI == 10, "the neighbour keeps its air")
        guard case .failure(let error) = result[1], case .invalid(.field(let named), _)? = error.detail else {
            Issue.record("\(field): accepted"); return
        }
        #expect(error.kind == .badResponse && named == field)
    }

    @Test func anErrorEntryOrAWrongTypeFailsOnlyItsPlace() throws {
        let entries: [[String: Any]] = [
            ["error": true, "reason": "Latitude must be in range of -90 to 90°."],
            ["location_id": 1, "utc_offset_seconds": 0, "current": ["time": "2026-01-19T05:00", "us_aqi": "lots"]],
        ]
        let body = try JSONSerialization.data(withJSONObject: entries)
        let result = air.decode([london, seoulQuery], responses: [HTTPResponse(status: 200, body: body)], now: january2026)
        guard case .success(let outcomes) = result else { Issue.record("the answer as a whole was refused"); return }
        guard case .failure(let first) = outcomes[0], case .failure(let second) = outcomes[1] else {
            Issue.record("both places should fail"); return
        }
        #expect(first.kind == .provider && first.detail == .serviceError(reason: "Latitude must be in range of -90 to 90°."))
        #expect(second.kind == .badResponse)
    }

    @Test func theBandsFollowTheEPAAndTheWHO() {
        #expect([0.0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 500].map { AirQuality.Category(usAQI: $0) } == [
            .good, .good, .moderate, .moderate, .unhealthyForSensitiveGroups, .unhealthyForSensitiveGroups,
            .unhealthy, .unhealthy, .veryUnhealthy, .veryUnhealthy, .hazardous, .hazardous,
        ])
        // Of the whole number shown: 2.5 reads 3, moderate.
        #expect([0.0, 50.4, 50.5].map { AirQuality.Category(usAQI: $0) } == [.good, .good, .moderate])
        #expect([0.0, 2.4, 2.5, 5.4, 5.5, 7.4, 7.5, 10.4, 10.5, 14].map(UVCategory.init(index:)) == [
            .low, .low, .moderate, .moderate, .high, .high, .veryHigh, .veryHigh, .extreme, .extreme,
        ])
    }

    @Test func openMeteoGivesTheDaysUVAndChanceOfRain() throws {
        let provider = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!)
        var object = Fixture.current("openmeteo_current_plus_daily_london_2026.json") as! [String: Any]
        var daily = object["daily"] as! [String: Any]
        daily["uv_index_max"] = [2.35]
        daily["precipitation_probability_max"] = [64]
        object["daily"] = daily
        let body = try JSONSerialization.data(withJSONObject: object)
        let report = try provider.decode([london], responses: [HTTPResponse(status: 200, body: body)], now: january2026)[0].get()
        #expect(report.daily[0].uvIndexMax == 2.35 && report.daily[0].precipitationProbability == 64)

        daily["uv_index_max"] = [75]
        object["daily"] = daily
        let absurd = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: WeatherError.self) {
            try provider.decode([london], responses: [HTTPResponse(status: 200, body: absurd)], now: january2026)[0].get()
        }
        let summary = try #require(URLComponents(url: provider.requests(for: [london], detail: .summary)[0].url, resolvingAgainstBaseURL: false))
        let asked = summary.queryItems?.first { $0.name == "daily" }?.value ?? ""
        #expect(asked.contains("precipitation_probability_max") && asked.contains("uv_index_max"))
    }

    /// OpenWeatherMap's `pop` (0–1) becomes each step's chance and each day's highest.
    @Test func openWeatherMapDaysTakeTheHighestChanceOfTheirSteps() throws {
        let provider = OpenWeatherMapProvider(apiKey: "k", baseURL: URL(string: "http://127.0.0.1:9")!)
        let currentJSON = Fixture.current("owm_current_london_latlon_2020.json", now: march2025) as! [String: Any]
        let current = HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: currentJSON))
        let report = try provider.decode([london], responses: [current, ok("owm_forecast5_london_2025.json")], now: march2025)[0].get()
        let list = try #require((Fixture.json("owm_forecast5_london_2025.json") as? [String: Any])?["list"] as? [[String: Any]])
        var byDay: [String: Double] = [:]
        for step in list {
            let day = String((step["dt_txt"] as! String).prefix(10))
            byDay[day] = max(byDay[day] ?? 0, ((step["pop"] as? NSNumber)?.doubleValue ?? 0) * 100)
        }
        for day in report.daily { #expect(day.precipitationProbability == byDay[day.date], "\(day.date)") }
        #expect(report.daily.contains { ($0.precipitationProbability ?? 0) > 0 }, "the recording has some rain")
        #expect(report.daily.allSatisfy { $0.uvIndexMax == nil }, "no UV from this service: absent, not 0")
    }
}


/// The binary against the stub: the air comes with the weather, and never spoils it.
@Suite struct MoreWeatherEndToEndTests {
    func cli(_ stub: StubWeatherService, places: [String]) async throws -> CLI {
        var cli = CLI()
        cli.environment = stub.environment
        for name in places { #expect(try await cli.run("add", name).status == 0) }
        return cli
    }

    @Test func listAndShowGiveRainUVAndAir() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try await cli(stub, places: ["Seoul", "London"])
        let table = try await cli.run("list")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.lines[0].contains("Rain"))
        let air = await stub.log.air
        #expect(air.count == 1 && air[0]["latitude"] == "37.566,51.50853", "one air-quality request for the batch")

        let line = try await cli.run("list", "--format", "line", "--template", "{name} {rain}% {aqi} {pm25} {eaqi} {pm10}")
        // The stub's air: US AQI 20 + 2 × latitude, PM2.5 5.5 + latitude / 10.
        // The stub's days have no chance of rain: the field reads "–", the template's "%" stays.
        // The AQIs are whole (defined on whole numbers, banded so): 95.132 is 95, 61.5 is 62.
        #expect(line.lines == ["Seoul –% 95 9.3 48 16.6", "London –% 123 10.7 62 19.4"], "\(line.stdout)")

        let show = try await cli.run("show", "London", "--days", "3", "--hours", "48")
        #expect(show.status == 0)
        #expect(show.stdout.contains("AQI 123 (unhealthy for sensitive groups) · PM2.5 11 µg/m³"), "\(show.stdout)")
        // Pollen where the service counts them (the stub: north of 45°), most first; 0 is a count, unknown is nothing.
        #expect(show.stdout.contains("Pollen         grass 13 · birch 3 · ragweed 0 grains/m³"), "\(show.stdout)")
        // Yesterday from the service's own past day (past_days=1): 8 °C today against 6 °C.
        #expect(show.stdout.contains("High 2° warmer than yesterday"), "\(show.stdout)")
        let against = try await cli.run("list", "--offline", "--where", "vs_yesterday>=2", "--format", "line", "--template", "{name} {vs_yesterday}")
        #expect(against.lines == ["Seoul +2°C", "London +2°C"], "\(against.stdout) \(against.stderr)")
        // The stub's recorded 48 hours begin at today's midnight (in London): the title counts those still to come.
        let title = show.stdout.firstMatch(of: /Next ([0-9]+) hours/).flatMap { Int($0.1) }
        #expect((24...48).contains(title ?? 0), "\(show.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run("show", "London", "--days", "3", "--hours", "48", "--format", "json").stdout.utf8)) as? [String: Any])
        #expect((json["daily"] as? [Any])?.count == 3)
        let hours = try #require((json["hourly"] as? [Any])?.count)
        #expect(hours > 24 && hours <= 48, "the stub's recorded 48 hours, from this hour on")
        let quality = try #require(json["airQuality"] as? [String: Any])
        #expect(quality["usAqi"] as? Double == 123, "123.017 whole, as its band is taken")
        #expect(quality["category"] as? String == "unhealthyForSensitiveGroups")
        let yesterday = try #require(json["yesterday"] as? [String: Any])
        #expect(yesterday["high"] as? Double == 6 && yesterday["highChange"] as? Double == 2, "\(yesterday)")
        #expect(json["airQualityError"] == nil)

        let korean = try await cli.run("show", "London", "--lang", "ko", "--offline")
        #expect(korean.stdout.contains("대기질") && korean.stdout.contains("미국 AQI 123 (민감군 나쁨) · 초미세먼지 11 µg/m³"), "\(korean.stdout)")

        // Each place on its own country's scale: Seoul on the Ministry of Environment's grades (PM10 16.6 and
        // PM2.5 9.3, shown as 17 and 9: both 좋음), the scale named; London (GB, outside the EEA) on the US AQI.
        let seoul = try await cli.run("show", "Seoul")
        #expect(seoul.stdout.contains("good (Korean grade) · PM10 17 µg/m³ · PM2.5 9 µg/m³"), "\(seoul.stdout)")
        let seoulKorean = try await cli.run("show", "Seoul", "--offline", "--lang", "ko")
        #expect(seoulKorean.stdout.contains("좋음 (환경부 기준) · 미세먼지 17 µg/m³ · 초미세먼지 9 µg/m³"), "\(seoulKorean.stdout)")
        let seoulJSON = try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run("show", "Seoul", "--offline", "--format", "json").stdout.utf8)) as? [String: Any])
        let seoulAir = try #require(seoulJSON["airQuality"] as? [String: Any])
        #expect(seoulAir["scale"] as? String == "kr" && seoulAir["grade"] as? String == "good" && seoulAir["gradeRank"] as? Int == 1)
        #expect(seoulAir["pollen"] == nil && !seoul.stdout.contains("Pollen"), "no pollen counted in Seoul: none said, never 0")
        #expect(quality["pollen"] as? [String: Double] == ["birch": 3, "grass": 13, "ragweed": 0])
        #expect(quality["scale"] as? String == "us" && quality["grade"] as? String == "unhealthyForSensitiveGroups" && quality["gradeRank"] as? Int == 3)
        // CSV's two new columns come last (the others keep their places).
        let csv = try await cli.run("list", "--offline", "--format", "csv")
        let rows = csv.stdout.split(whereSeparator: \.isNewline)
        #expect(rows.count == 3 && rows[0].hasSuffix(",moon,air_scale,air_grade,vs_yesterday,vs_normal"), "\(csv.stdout)")
        #expect(rows.dropFirst().map { $0.split(separator: ",").suffix(4).prefix(3).joined(separator: ",") } == ["kr,good,2", "us,unhealthyForSensitiveGroups,2"])

        // Markdown is for people: the scale and grade in words (from the trial).
        let markdown = try await cli.run("list", "--offline", "--format", "markdown", "--lang", "ko")
        #expect(markdown.stdout.contains("| 환경부 기준 | 좋음 |") && !markdown.stdout.contains("unhealthyForSensitiveGroups"), "\(markdown.stdout)")

        // One scale for every place, kept: the European AQI (Seoul's 48 is moderate; London's 62 poor).
        #expect(try await cli.run("config", "air-scale", "eu").status == 0)
        let european = try await cli.run("list", "--offline", "--format", "line", "--template", "{name} {air_scale} {air_grade}")
        #expect(european.lines == ["Seoul European AQI moderate", "London European AQI poor"], "\(european.stdout)")
        #expect(try await cli.run("show", "Seoul", "--offline").stdout.contains("European AQI 48 (moderate) · PM2.5 9 µg/m³"))
        // CSV too (it has its own units and words, but the user's scale: from the attack).
        let csvEU = try await cli.run("list", "--offline", "--format", "csv").stdout.split(whereSeparator: \.isNewline)
        #expect(csvEU.dropFirst().map { $0.split(separator: ",").suffix(4).prefix(2).joined(separator: ",") } == ["eu,moderate", "eu,poor"])
        let wrong = try await cli.run("config", "air-scale", "jp")
        #expect(wrong.status != 0 && wrong.stderr.contains("local, us, eu, kr"), "\(wrong.stderr)")
        #expect(try await cli.run("config", "--unset", "air-scale").status == 0)
        #expect(try await cli.run("show", "Seoul", "--offline").stdout.contains("good (Korean grade)"))
        await stub.stop()
    }

    /// The air-quality service down, slow or absurd: the weather is all there,
    /// the exit status is 0, and the air says why it is missing.
    @Test(arguments: ["down", "slow", "absurd"])
    func aFailingAirServiceNeverHidesTheWeather(fault: String) async throws {
        let airFault: StubWeatherService.Fault = switch fault {
        case "down": .serverError
        case "slow": .hang
        default: .entry { $0["current"] = ["time": "2026-01-19T05:00", "us_aqi": 1e300] }
        }
        let stub = try await StubWeatherService.start(airFaults: [51: airFault])
        var cli = try await cli(stub, places: ["Seoul", "London"])
        cli.environment["FORECAST_TTL_MINUTES"] = "0"
        // A service that never answers is cut by the companions' grace, which the test lets pass; one that
        // answers is waited for (letting the grace pass then could cut Seoul's good air on a loaded machine).
        let list = fault == "slow"
            ? await cli.runPassingTheGrace("list", "--format", "json", "--timeout", "5").result
            : try await cli.run("list", "--format", "json", "--timeout", "5")
        #expect(list.status == 0, "\(list.stderr) \(list.stdout)")
        let places = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["locations"] as? [[String: Any]])
        #expect(places.count == 2 && places.allSatisfy { ($0["weather"] as? [String: Any])?["temperature"] is Double })
        let london = try #require(places.first { $0["name"] as? String == "London" })
        #expect((london["weather"] as? [String: Any])?["airQuality"] == nil)
        #expect(london["airQualityError"] is [String: Any])
        let seoul = try #require(places.first { $0["name"] as? String == "Seoul" })
        if fault == "absurd" {
            #expect((seoul["weather"] as? [String: Any])?["airQuality"] is [String: Any], "only the absurd entry is refused")
        }

        let show = await cli.runPassingTheGrace("show", "London", "--timeout", "5").result
        #expect(show.status == 0 && show.stdout.contains("Air") && show.stdout.contains("unavailable: "), "\(show.stdout)")
        await stub.stop()
    }

    @Test func daysAndHoursAreBounded() async throws {
        let cli = CLI()
        let days = try await cli.run("show", "--days", "9")
        #expect(days.status == 64 && days.stderr.contains("--days must be between 1 and 7, not 9"), "\(days.stderr)")
        let hours = try await cli.run("show", "--hours", "0", "--lang", "ko")
        #expect(hours.status == 64 && hours.stderr.contains("--hours는 1에서 48 사이여야 합니다"), "\(hours.stderr)")
    }
}
