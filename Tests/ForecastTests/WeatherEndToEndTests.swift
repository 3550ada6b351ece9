import Foundation
import Testing

/// The built binary against the in-process stub services.
@Suite struct WeatherEndToEndTests {
    /// A CLI pointed at `stub`, with places added by name.
    func cli(_ stub: StubWeatherService, places: [String] = ["Seoul", "Busan", "London"]) async throws -> CLI {
        var cli = CLI()
        cli.environment = stub.environment
        for name in places { #expect(try await cli.run("add", name).status == 0) }
        return cli
    }

    func locations(_ cli: CLI, _ extra: String...) async throws -> [[String: Any]] {
        let result = try await cli.run(["list", "--format", "json"] + extra)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return json?["locations"] as? [[String: Any]] ?? []
    }

    @Test func listFetchesEveryPlaceInOneBatchThenServesTheCache() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try await cli(stub)

        let table = try await cli.run("list")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stderr.isEmpty, "no progress line when stderr is not a terminal")
        #expect(table.lines[0].contains("Weather") && table.lines[0].contains("Humidity"))
        #expect(table.lines[1].contains("Seoul") && table.lines[1].contains("Partly cloudy") && table.lines[1].contains("-5°C"))
        #expect(await stub.log.count == 1, "three places, one Open-Meteo request")
        #expect(await stub.log.air.count == 1, "and one air-quality request beside it")
        let query = try #require(await stub.log.all().first?.query)
        #expect(query["latitude"] == "37.566,35.10168,51.50853")
        #expect(query["timezone"] == "Asia/Seoul,Asia/Seoul,Europe/London")

        // Within the TTL: no request at all.
        let cached = try await locations(cli)
        #expect(await stub.log.count == 1)
        let seoul = try #require(cached.first?["weather"] as? [String: Any])
        #expect(seoul["temperature"] as? Double == -5.3)        // 60 - 37.566 °F
        #expect(seoul["humidity"] as? Double == 37)
        #expect(seoul["condition"] as? String == "Partly cloudy")
        #expect(seoul["windSpeed"] as? Double == 1.1)           // 2.4 mp/h
        #expect(seoul["windDirection"] as? Double == 131 && seoul["windCompass"] as? String == "SE")
        #expect(seoul["stale"] as? Bool == false)
        #expect((seoul["observedAt"] as? String)?.hasSuffix("+09:00") == true)
        #expect(seoul["fetchedAt"] is String)
        #expect(cached.allSatisfy { $0["error"] == nil })

        let light = try #require(await stub.log.all().first?.query)
        #expect(light["hourly"] == nil && light["forecast_days"] == "2", "list asks only for what it shows")
        #expect(light["current"]!.split(separator: ",").count + light["daily"]!.split(separator: ",").count <= 13,
                "at most 13 variables: 1.3 calls a place in Open-Meteo's counting")
        #expect(light["current"]!.contains("pressure_msl") && light["current"]!.contains("cloud_cover"),
                "every report field comes with the summary, not only after a show")
        #expect(light["daily"]!.contains("precipitation_probability_max") && light["daily"]!.contains("uv_index_max"),
                "list's rain column and the report fields come with the summary")

        _ = try await cli.run("list", "--refresh")
        #expect(await stub.log.count == 2)
        _ = try await cli.run("list", "--offline")
        // show needs the hours: one request for its one place, then it is cached too.
        _ = try await cli.run("show", "Seoul")
        #expect(await stub.log.count == 3)
        let full = try #require(await stub.log.all().last?.query)
        #expect(full["latitude"] == "37.566" && full["hourly"] != nil && full["forecast_days"] == "10")
        _ = try await cli.run("show", "Seoul")
        #expect(await stub.log.count == 3)
        #expect(try await cli.run("list", "--ttl", "0").status == 0)
        #expect(await stub.log.count == 4)

        // Units are converted only when shown.
        #expect(try await cli.run("units", "f", "--wind", "kmh").status == 0)
        let fahrenheit = try #require(try await locations(cli).first?["weather"] as? [String: Any])
        #expect(fahrenheit["temperature"] as? Double == 22.4)
        #expect(fahrenheit["windSpeed"] as? Double == 3.9)
        await stub.stop()
    }

    @Test func sortsByTemperatureOnceWeatherIsKnown() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try await cli(stub)
        let before = try await cli.run("sort", "temperature")
        #expect(before.stderr.contains("listed by name"), "no weather yet: says it sorts by name meanwhile")
        #expect(try await cli.run("list").status == 0)
        let sorted = try await cli.run("sort", "temperature")
        #expect(sorted.status == 0 && sorted.stderr.isEmpty, "weather is cached: no 'listed by name' note")
        let names = try await locations(cli).map { $0["name"] as? String }
        #expect(names == ["London", "Seoul", "Busan"])     // colder further north
        #expect(try await cli.run("sort", "temperature", "--descending").status == 0)
        #expect(try await locations(cli).map { $0["name"] as? String } == ["Busan", "Seoul", "London"])
        #expect(try await cli.run("remove", "1").stdout.contains("Busan"))
        await stub.stop()
    }

    /// Every fault the real services have, one per place: each place gets its
    /// own result, the others are still shown, and the exit status says so.
    @Test func eachPlaceGetsItsOwnResultWhateverTheOthersDo() async throws {
        let stub = try await StubWeatherService.start(faults: [
            2: .unauthorized, 3: .notFound, 4: .rateLimitedThenFine(times: 1, retryAfter: 1), 5: .serverError,
            6: .slow(seconds: 10), 7: .truncated, 8: .malformed, 9: .empty, 10: .huge,
        ])
        var cli = CLI()
        cli.environment = stub.environment
        for latitude in 1...10 {
            #expect(try await cli.run("add", "--lat", "\(latitude).5", "--lon", "20", "--name", "P\(latitude)").status == 0)
        }
        let result = try await cli.run(["list", "--format", "json", "--batch-size", "1", "--timeout", "4"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: weather for 8 of 10 places could not be fetched (bad answer: 4, key refused: 1, not found: 1, service error: 1, timed out: 1)\n")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let items = try #require(json?["locations"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0) })
        func kind(_ name: String) -> String? { (byName[name]?["error"] as? [String: Any])?["kind"] as? String }
        #expect(byName["P1"]?["weather"] != nil && kind("P1") == nil)
        #expect(kind("P2") == "unauthorized")
        #expect(kind("P3") == "notFound")
        #expect(byName["P4"]?["weather"] != nil && kind("P4") == nil, "a 429 with Retry-After is waited out and retried")
        #expect(kind("P5") == "provider")
        #expect(kind("P6") == "timeout")
        for name in ["P7", "P8", "P9", "P10"] { #expect(kind(name) == "badResponse", "\(name)") }
        let attempts = await stub.log.attemptsByLatitude
        #expect(attempts["4.5"] == 2)
        #expect(attempts["5.5"] == 3, "5xx are retried")
        #expect(attempts["6.5"] == 1, "a place that never answers uses up the budget once, not three times")
        #expect(attempts["2.5"] == 1 && attempts["3.5"] == 1, "other 4xx are not")
        await stub.stop()
    }

    @Test func aFailedFetchShowsTheOldWeatherMarkedStale() async throws {
        let good = try await StubWeatherService.start()
        var cli = try await cli(good, places: ["Seoul"])
        #expect(try await cli.run("list").status == 0)
        await good.stop()

        let failing = try await StubWeatherService.start(faults: [37: .serverError])
        cli.environment = failing.environment
        let table = try await cli.run("list", "--refresh")
        #expect(table.status == 2)
        #expect(table.lines[1].contains("-5°C"), "the cached weather is still shown")
        #expect(table.lines[1].contains("service error (updated just now): the service failed (HTTP 500)"))
        let item = try #require(try await locations(cli, "--refresh").first)
        #expect((item["weather"] as? [String: Any])?["stale"] as? Bool == true)
        #expect((item["error"] as? [String: Any])?["kind"] as? String == "provider")
        await failing.stop()
    }

    @Test func showGivesCurrentHoursDaysAndAChart() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try await cli(stub, places: ["London"])
        let text = try await cli.run("show", "London")
        #expect(text.status == 0)
        for heading in ["Partly cloudy", "feels like", "Humidity", "Wind", "SE", "Sunrise/set", "Next 24 hours", "┤", "Coming days"] {
            #expect(text.stdout.contains(heading), "\(heading)")
        }
        let result = try await cli.run("show", "London", "--format", "json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let current = try #require(json["current"] as? [String: Any])
        #expect(current["temperature"] as? Double == -13.1)     // 60 - 51.50853 = 8.5 °F
        #expect(current["visibility"] as? Double == 7200)
        // The sun computed for the place (the stand-in says 07:55 every day): one sky everywhere.
        let sun = try #require(json["sun"] as? [String: Any])
        let sunrise = try #require(sun["sunrise"] as? String), sunset = try #require(sun["sunset"] as? String)
        #expect(current["sunrise"] as? String == sunrise && current["sunset"] as? String == sunset)
        let clock = { (iso: String) in String(iso.dropFirst(11).prefix(5)) }
        #expect(text.stdout.contains("\(clock(sunrise)) / \(clock(sunset))"), "\(text.stdout)")
        let hourly = try #require(json["hourly"] as? [[String: Any]])
        #expect(hourly.count == 24)
        let iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/
        #expect(hourly.allSatisfy { ($0["time"] as? String)?.wholeMatch(of: iso) != nil })
        // The text names the day where it changes, and only there.
        let dates = hourly.compactMap { ($0["time"] as? String)?.prefix(10) }
        let rows = try #require(text.lines.firstIndex(of: "Next 24 hours")).advanced(by: 2)
        var day = try #require((json["localTime"] as? String)?.prefix(10))
        for (index, date) in dates.enumerated() {
            let row = text.lines[rows + index]
            let named = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].contains { row.hasPrefix("  \($0) ") }
            #expect(named == (date != day), "row \(index): \(row)")
            day = date
        }
        let daily = try #require(json["daily"] as? [[String: Any]])
        #expect(daily.map { $0["date"] as? String } == StubWeatherService.week)
        #expect(daily[0]["min"] as? Double == 2 && daily[0]["max"] as? Double == 8)
        #expect(daily[2]["min"] == nil && daily[2]["max"] as? Double == 5, "a null stays missing, not 0")
        #expect(daily[3]["min"] as? Double == 0, "0 °C is a value")
        #expect(daily[5]["condition"] as? String == "Thunderstorm")
        #expect((json["units"] as? [String: Any])?["wind"] as? String == "ms")
        await stub.stop()
    }

    @Test func openWeatherMapNeedsAKeyAndNeverShowsIt() async throws {
        let stub = try await StubWeatherService.start()
        var cli = try await cli(stub, places: ["London"])
        let missing = try await cli.run("list", "--provider", "openweathermap")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("OPENWEATHER_API_KEY"))

        cli.environment["OPENWEATHER_API_KEY"] = "wrong-secret-key"
        let wrong = try await cli.run("list", "--provider", "openweathermap", "--format", "json")
        #expect(wrong.status == 2)
        #expect(wrong.stdout.contains("\"unauthorized\""))
        #expect(!wrong.stdout.contains("wrong-secret-key") && !wrong.stderr.contains("wrong-secret-key"))

        cli.environment["OPENWEATHER_API_KEY"] = stub.apiKey
        cli.environment["FORECAST_PROVIDER"] = "openweathermap"
        let right = try await cli.run("list", "--lang", "ko", "--format", "json")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(!right.stdout.contains(stub.apiKey))
        let weather = try #require(try await locations(cli, "--offline", "--lang", "ko").first?["weather"] as? [String: Any])
        #expect(weather["temperature"] as? Double == 8.9)       // 282.08 K
        #expect(weather["condition"] as? String == "비")
        let requests = await stub.log.all().filter { $0.path.hasPrefix("/data/2.5/") }
        #expect(requests.filter { $0.query["appid"] == stub.apiKey }.map(\.path).sorted() == ["/data/2.5/forecast", "/data/2.5/weather"])
        #expect(requests.allSatisfy { $0.query["lang"] == "kr" || $0.query["appid"] != stub.apiKey })
        await stub.stop()
    }

    /// The signals the binary meets: Ctrl-C during a refresh ends it cleanly (130,
    /// said, the database whole); a reader that went away (`| head`) ends it with
    /// 141 and no message, not killed by SIGPIPE mid-write. (The commands' own
    /// handling of a full or closed output runs in-process: RobustnessTests.)
    @Test func interruptingARefreshOrClosingItsOutputEndsCleanly() async throws {
        let stub = try await StubWeatherService.start(faults: [37: .slow(seconds: 20)])
        var cli = try await cli(stub, places: ["Seoul"])
        let log = stub.log
        let result = try await cli.run(["list", "--timeout", "30"], binary: CLI.binary) { process in
            while await log.count == 0 { try await Task.sleep(nanoseconds: 20_000_000) }
            process.interrupt()
        }
        #expect(result.status == 130)
        #expect(result.stderr.contains("interrupted"))
        #expect(try await cli.run("list", "--offline").status == 0, "the database is fine afterwards")
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        cli.standardOutput = pipe.fileHandleForWriting
        let closed = try await cli.run(["list", "--offline"], binary: CLI.binary)
        #expect(closed.status == 141 && closed.stderr.isEmpty, "\(closed.status) \(closed.stderr)")
        await stub.stop()
    }

    @Test func namesTheGazetteerLacksAreLookedUpOnline() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try await cli(stub, places: [])
        let added = try await cli.run("add", "Smallvillezz")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Saved Smallvillezz (England, United Kingdom).\n")
        #expect(added.stderr.contains("other place"), "London, Ontario is renamed too: the choice is said")
        let saved = try #require(try await locations(cli, "--offline").first)
        #expect(saved["timezone"] as? String == "Europe/London" && saved["geonamesId"] as? Int == 2643743)
        let picked = try await cli.run("add", "Smallvillezz", "--pick", "2")
        #expect(picked.stdout == "Saved Smallvillezz#2 (Ontario, Canada, 42.9834, -81.233).\n", "\(picked.stdout)")

        let search = try await cli.run("search", "Smallvillezz", "--format", "json")
        let results = try #require((try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.count == 5 && results.allSatisfy { $0["match"] as? String == "online" })

        let nothing = try await cli.run("add", "Nowhereville")
        #expect(nothing.status == 4)
        #expect(nothing.stderr.hasPrefix("error: no place called 'Nowhereville', in the gazetteer or online"))
        let gazetteerFirst = await stub.log.count
        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(await stub.log.count == gazetteerFirst, "names the gazetteer knows never go online")
        await stub.stop()
    }
}
