import Foundation
import Testing
@testable import ForecastCore

/// What a new user tripped over (issue 7's list), each fixed and kept fixed.
@Suite struct NewUserTests {
    @Test func theDefaultDatabaseFollowsHOME() async throws {
        var cli = CLI()
        cli.environment["FORECAST_DB"] = ""      // unset, as far as forecast is concerned
        cli.environment["XDG_DATA_HOME"] = ""
        cli.environment["HOME"] = cli.folder.path("home")
        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.folder.path("home/.local/share/forecast/forecast.sqlite")))
    }

    @Test func commandsThatOnlyReadCreateNothing() async throws {
        let cli = CLI()
        let path = cli.folder.path("missing/forecast.sqlite")
        let list = try await cli.run("list", "--offline", "--db", path)
        #expect(list.status == 0 && list.stdout.contains("No places saved yet"))
        let json = try await cli.run("list", "--format", "json", "--db", path)
        #expect(json.status == 0 && json.stdout.contains("\"locations\" : ["))
        let show = try await cli.run("show", "--db", path)
        #expect(show.status == 4 && show.stderr.contains("no places are saved yet"))
        #expect(try await cli.run("sort", "--db", path).status == 0)
        #expect(try await cli.run("units", "--db", path).stdout.contains("celsius"))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("missing")), "no folder, no file")
    }

    @Test func addHereKnowsAPlaceIsAlreadySaved() async throws {
        var cli = CLI()
        cli.environment["TZ"] = "Asia/Seoul"
        #expect(try await cli.run("add", "Seoul").status == 0)
        let again = try await cli.run("add", "--here")
        #expect(again.status == 0 && again.stdout.contains("already saved"), "\(again.stdout)")
        #expect(try await cli.run("show", "Seoul", "--offline").status == 0, "one Seoul, so the name is not ambiguous")
    }

    @Test func openWeatherMapsNextHoursAreOneDay() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        cli.environment["OPENWEATHER_API_KEY"] = stub.apiKey
        #expect(try await cli.run("add", "London").status == 0)
        let result = try await cli.run("show", "London", "--provider", "openweathermap", "--format", "json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let times = try #require(json["hourly"] as? [[String: Any]]).compactMap { $0["time"] as? String }
        #expect(times.count <= 9, "3-hour steps over one day, not 24 of them over three: \(times)")
        #expect(Set(times).count == times.count)
        await stub.stop()
    }

    @Test func messagesSayWhatTheyMean() async throws {
        let cli = CLI()
        let units = try await cli.run("units", "x")
        #expect(units.status == 64 && units.stderr.contains("celsius") && units.stderr.contains("kelvin"), "the choices are not cut off: \(units.stderr)")
        #expect(units.stderr.split(separator: "\n").count == 1)
        let timeout = try await cli.run("list", "--timeout", "0")
        #expect(timeout.status == 64 && timeout.stderr.contains("more than 0 and at most 300"))
        let ttl = try await cli.run("list", "--ttl", "-1")
        #expect(ttl.status == 64 && ttl.stderr.contains("--ttl must be 0 or more minutes"), "\(ttl.stderr)")
        let help = try await cli.run("list", "--help")
        #expect(!help.stdout.contains("(default: 8)") && help.stdout.contains("(default 8, or\n                          $FORECAST_CONCURRENCY"),
                "the default is said once, with where else it can come from")
    }
}

@Suite struct RenameTests {
    @Test func aSavedPlaceCanBeRenamed() async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "서울").status == 0)
        let relabelled = try await cli.run("add", "서울", "--as", "집")
        #expect(relabelled.status == 0 && relabelled.stdout.contains("it is now called 집"), "\(relabelled.stdout)")
        let renamed = try await cli.run("rename", "집", "Home")
        #expect(renamed.status == 0 && renamed.stdout.contains("to Home"), "\(renamed.stderr)")
        let names = (try await cli.json("list", "--offline", "--format", "json")["locations"] as? [[String: Any]] ?? [])
            .map { $0["name"] as? String }
        #expect(names == ["Home"])
        let before = try #require(cli.databaseBytes())
        let refused = try await cli.run("rename", "Home", "\u{200B}")
        #expect(refused.status == 1 && refused.stderr.contains("label"))
        #expect(cli.databaseBytes() == before, "a refused label changes nothing")
    }
}

@Suite struct SearchWordingTests {
    @Test func aSearchThatAskedOnlineSaysSo() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        let result = try await cli.run("search", "Nowhereville")
        #expect(result.status == 4)
        #expect(result.stderr == "error: no place called 'Nowhereville', in the gazetteer or online\n")
        await stub.stop()
    }
}
