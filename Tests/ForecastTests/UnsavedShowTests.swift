import Foundation
import Testing

/// `show` for a place that is not saved: found like `add` finds it, shown,
/// and nothing written anywhere.
@Suite struct UnsavedShowTests {
    func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func aNameNoSavedPlaceAnswersToIsLookedUpAndNothingIsSaved() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment

        // No database at all: shown, and none is created.
        let first = try await cli.run("show", "Berlin", "--hours", "6", "--days", "2")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.lines[0].hasPrefix("Berlin  not saved"))
        #expect(first.stdout.contains("Next 6 hours") && first.stdout.contains("Coming days"))
        #expect(first.stderr == "Note: 'Berlin' is not saved; nothing was changed. To save it: forecast add Berlin\n")
        #expect(!FileManager.default.fileExists(atPath: cli.database), "no database is created")

        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(try await cli.run("add", "London").status == 0)
        #expect(try await cli.run("show", "Seoul").status == 0)
        let before = try #require(fileBytes(cli.database))
        let requestsBefore = await stub.log.count

        let json = try await cli.run("show", "Berlin", "--format", "json")
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["saved"] as? Bool == false && object["position"] == nil && object["count"] == nil)
        let location = try #require(object["location"] as? [String: Any])
        #expect(location["name"] as? String == "Berlin" && location["country"] as? String == "DE")
        #expect(location["id"] == nil && location["position"] == nil && location["addedAt"] == nil)
        #expect((object["current"] as? [String: Any])?["temperature"] is Double)
        #expect(await stub.log.count == requestsBefore + 1, "asked for, never from the cache")

        let coordinates = try await cli.run("show", "--lat", "35.68", "--lon", "139.77", "--format", "line", "--template", "{name} {temp}")
        #expect(coordinates.status == 0 && coordinates.stderr.contains("To save it: forecast add --lat 35.68 --lon 139.77"))

        // Ambiguous: the candidates, exit 1, nothing shown or saved.
        let ambiguous = try await cli.run("show", "Springfield")
        #expect(ambiguous.status == 1 && ambiguous.stdout.isEmpty)
        #expect(ambiguous.stderr.contains("forecast show Springfield --pick 1"))
        let picked = try await cli.run("show", "Springfield", "--country", "US", "--pick", "2", "--offline")
        #expect(picked.status == 0 && picked.stdout.contains("Massachusetts"))
        #expect(picked.stdout.contains("Nothing is cached for a place that is not saved"))
        #expect(picked.stderr.contains("To save it: forecast add Springfield --country US --pick 2"))

        #expect(fileBytes(cli.database) == before, "the database is byte for byte as it was")
        // Still the last viewed: Seoul, not Berlin.
        #expect(try await cli.run("show", "--offline").lines.first?.hasPrefix("Seoul  1 of 2") == true)
        await stub.stop()
    }

    @Test func savedPlacesStillWinAndNumbersNeverGoToTheGazetteer() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(try await cli.run("add", "London").status == 0)

        // A saved place answers to its name, its Korean name and a prefix, as before.
        #expect(try await cli.run("show", "Lon", "--offline").lines.first?.hasPrefix("London  2 of 2") == true)
        // Coordinates of a saved place show the saved place, and it becomes the last viewed.
        let bySpot = try await cli.run("show", "--lat", "37.566", "--lon", "126.9784", "--offline")
        #expect(bySpot.lines.first?.hasPrefix("Seoul  1 of 2") == true && bySpot.stderr.isEmpty)
        #expect(try await cli.run("show", "--offline").lines.first?.hasPrefix("Seoul") == true)

        let position = try await cli.run("show", "7")
        #expect(position.status == 4 && position.stderr.contains("position 7 is out of range"))
        let nowhere = try await cli.run("show", "Nowhereville")
        #expect(nowhere.status == 4, "not found anywhere: \(nowhere.stderr)")
        let usage = try await cli.run("show", "Berlin", "--lat", "1", "--lon", "2")
        #expect(usage.status == 64)
        await stub.stop()
    }

    @Test func searchWithWeatherAsksOnceForEveryCandidateAndSavesNothing() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        let table = try await cli.run("search", "Springfield", "--weather", "--limit", "5")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.lines[0].contains("Weather") && table.lines[0].contains("Temp"))
        #expect(table.lines.count == 6 && table.lines[1].contains("Springfield") && table.lines[1].contains("°C"))
        let (asked, airAsked) = (await stub.log.count, await stub.log.air.count)
        #expect(asked == 1 && airAsked == 1, "five candidates, one batched request")
        let query = try #require(await stub.log.all().first?.query)
        #expect(query["latitude"]?.split(separator: ",").count == 5 && query["hourly"] == nil, "the light summary")

        let json = try await cli.run("search", "서울", "--weather", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let first = try #require((object["results"] as? [[String: Any]])?.first)
        let weather = try #require(first["weather"] as? [String: Any])
        #expect(weather["temperature"] as? Double == -5.3 && weather["airQuality"] is [String: Any])  // 60 − 37.566 °F
        #expect(!FileManager.default.fileExists(atPath: cli.database), "search saves nothing, not even a database")

        var down = cli
        down.environment["FORECAST_OPEN_METEO_URL"] = "http://127.0.0.1:9"
        let failed = try await down.run("search", "Paris", "--weather", "--limit", "2", "--timeout", "3")
        #expect(failed.status == 2 && failed.lines.count == 3 && failed.lines[1].contains("network"))
        #expect(failed.stderr == "error: weather for 2 of 2 places could not be fetched (network error: 2)\n")
        await stub.stop()
    }
}
