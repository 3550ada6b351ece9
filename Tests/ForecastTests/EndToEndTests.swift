import Foundation
import Testing

/// The built binary, run as a user would run it.
@Suite struct EndToEndTests {
    @Test func addListAndJSON() async throws {
        let cli = CLI()
        let seoul = try await cli.run("add", "서울")
        #expect(seoul.status == 0)
        #expect(seoul.stdout == "Saved Seoul (Seoul, South Korea).\n")
        #expect(try await cli.run("add", "sao", "paulo", "--as", "Sampa").stdout == "Saved Sampa [São Paulo] (São Paulo, Brazil).\n")
        let office = try await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "Office")
        #expect(office.status == 0 && office.stdout.contains("Office [near London]"))

        let list = try await cli.run("list", "--offline")
        #expect(list.status == 0)
        #expect(list.lines.count == 4)
        #expect(list.lines[0].hasPrefix("#  Name"))
        #expect(list.lines[1].hasPrefix("1  Seoul"))
        #expect(list.lines[3].hasPrefix("3  Office"))

        let json = try await cli.json("list", "--offline", "--format", "json")
        let locations = try #require(json["locations"] as? [[String: Any]])
        #expect(locations.map { $0["name"] as? String } == ["Seoul", "Sampa", "Office"])
        #expect(locations.map { $0["position"] as? Int } == [1, 2, 3])
        #expect(locations[0]["country"] as? String == "KR")
        #expect(locations[0]["timezone"] as? String == "Asia/Seoul")
        #expect(locations[0]["latitude"] as? Double == 37.566)
        #expect(locations[2]["longitude"] as? Double == -0.12)
        #expect((json["sort"] as? [String: Any])?["key"] as? String == "custom")
        #expect((json["units"] as? [String: Any])?["temperature"] as? String == "celsius")
    }

    @Test func addingTwiceSavesOnce() async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "Seoul").status == 0)
        let again = try await cli.run("add", "seoul")
        #expect(again.status == 0)
        #expect(again.stdout.contains("already saved"))
        #expect((try await cli.json("list", "--offline", "--format", "json")["locations"] as? [Any])?.count == 1)
    }

    @Test func anAmbiguousNameListsCandidatesAndSavesNothing() async throws {
        let cli = CLI()
        let result = try await cli.run("add", "Springfield")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("could be any of"))
        for state in ["Illinois", "Missouri", "Ohio", "Pennsylvania", "Tennessee", "Virginia", "Massachusetts", "Oregon"] {
            #expect(result.stderr.contains("  \(state) "), "regions by name, not code: \(state)")
        }
        #expect(result.stderr.contains("--pick"))
        #expect(cli.databaseBytes() == nil, "a failed add must not even create the database")

        let picked = try await cli.run("add", "Springfield", "--pick", "3")
        #expect(picked.status == 0 && picked.stderr.isEmpty)
        #expect(picked.stdout == "Saved Springfield (Illinois, United States).\n")
        let byCountry = try await cli.run("add", "London", "--country", "ca")
        #expect(byCountry.stdout == "Saved London (Ontario, Canada).\n")
        let dominant = try await cli.run("add", "London")
        // A second London: by its address and where it is, which the first is not.
        #expect(dominant.stdout == "Saved London#2 (England, United Kingdom, 51.5085, -0.1257).\n", "\(dominant.stdout)")
        #expect(dominant.stderr.contains("other place"))
    }

    @Test func sortMoveRemoveAndShowPersist() async throws {
        let cli = CLI()
        for name in ["Seoul", "Busan", "Almaty", "Daegu"] { #expect(try await cli.run("add", name).status == 0) }
        #expect(try await cli.run("sort").stdout == "Places are in your own order (custom); change it with 'forecast move'.\n")
        #expect(try await cli.run("sort", "name", "--descending").stdout == "Places are now sorted by name (descending).\n")
        #expect(try await cli.run("sort").stdout == "Places are sorted by name (descending).\n")
        let names = { () async throws -> [String] in
            try (await cli.json("list", "--offline", "--format", "json")["locations"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" }
        }
        #expect(try await names() == ["Seoul", "Daegu", "Busan", "Almaty"])

        let moved = try await cli.run("move", "almaty", "1")
        #expect(moved.status == 0)
        #expect(try await cli.run("sort").stdout.hasPrefix("Places are in your own order (custom)"))
        #expect(try await names() == ["Almaty", "Seoul", "Daegu", "Busan"])

        let temperature = try await cli.run("sort", "temperature")
        #expect(temperature.status == 0 && temperature.stderr.contains("by name"))
        #expect(try await names() == ["Almaty", "Busan", "Daegu", "Seoul"])
        #expect(try await cli.run("sort", "custom").status == 0)

        #expect(try await cli.run("show", "서울", "--offline").stdout.hasPrefix("Seoul (서울)"), "a Korean name finds the place saved in English")
        let show = try await cli.run("show", "Daegu", "--offline")
        #expect(show.status == 0 && show.stdout.hasPrefix("Daegu  "))
        #expect(try await cli.json("show", "--offline", "--format", "json")["position"] as? Int == 3)
        #expect(((try await cli.json("show", "--offline", "--next", "--format", "json")["location"]) as? [String: Any])?["name"] as? String == "Busan")
        #expect(((try await cli.json("show", "--offline", "--next", "--format", "json")["location"]) as? [String: Any])?["name"] as? String == "Almaty")
        #expect(((try await cli.json("show", "--offline", "--previous", "--format", "json")["location"]) as? [String: Any])?["name"] as? String == "Busan")

        let removed = try await cli.run("remove", "busan", "1")
        #expect(removed.status == 0)
        #expect(removed.stdout == "Removed Busan (Busan, South Korea).\nRemoved Almaty (Almaty, Kazakhstan).\n")
        #expect(try await names() == ["Seoul", "Daegu"])
        #expect(((try await cli.json("show", "--offline", "--format", "json")["location"]) as? [String: Any])?["name"] as? String == "Seoul")

        let others = "Precipitation is shown in mm, distances in km, pressure in hPa, times on a 24-hour clock.\n"
        #expect(try await cli.run("units").stdout == "Temperatures are shown in celsius (°C).\nWind speeds are shown in m/s.\n" + others)
        #expect(try await cli.run("units", "F").status == 0)
        #expect(try await cli.run("units").stdout == "Temperatures are shown in fahrenheit (°F).\nWind speeds are shown in m/s.\n" + others)
    }

    @Test func searchTableAndJSON() async throws {
        let cli = CLI()
        // Another language's name stands beside only where it was typed (issue 38, item 7).
        #expect(try await cli.run("search", "Seoul").lines[1].contains("서울") == false)
        let table = try await cli.run("search", "서울")
        #expect(table.status == 0)
        #expect(table.lines[1].contains("Seoul  ") && table.lines[1].contains("  서울  ") && table.lines[1].contains("Asia/Seoul") && table.lines[1].contains("37.566, 126.9784"))
        let json = try await cli.json("search", "부산", "--format", "json")
        let first = try #require((json["results"] as? [[String: Any]])?.first)
        #expect(first["name"] as? String == "Busan")
        #expect(first["koreanName"] as? String == "부산")
        #expect(first["region"] as? String == "10" && first["regionName"] as? String == "Busan", "the code stays, the name is beside it")
        let missing = try await cli.run("search", "Qwertyville")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: no place called 'Qwertyville' in the built-in gazetteer, and the online lookup failed (network error:"))
        #expect(cli.databaseBytes() == nil, "search does not need a database")
    }

    @Test func anEmptyListHasAHint() async throws {
        let result = try await CLI().run("list", "--offline")
        #expect(result.status == 0)
        #expect(result.stdout.contains("forecast add"))
    }

    /// Every bad input: a one-line error naming the problem, a non-zero exit,
    /// and the database exactly as it was.
    @Test(arguments: [
        (["add", "--lat", "91", "--lon", "0"], "latitude 91 is out of range", 1),
        (["add", "--lat", "-90.5", "--lon", "0"], "latitude -90.5 is out of range", 1),
        (["add", "--lat", "0", "--lon", "180.01"], "longitude 180.01 is out of range", 1),
        (["add", "--lat", "abc", "--lon", "0"], "latitude 'abc' is not a number", 64),
        (["add", "--lat", "37,5", "--lon", "127"], "latitude '37,5' is not a number", 64),
        (["add", "--lat", "10"], "--lat and --lon go together", 64),
        (["add", "   "], "name is empty", 1),
        (["add"], "give a place name, or --lat and --lon", 64),
        (["add", "Seoul", "--as", " "], "label is empty", 1),
        (["add", String(repeating: "가", count: 500)], "name is too long (500 characters; at most 100)", 1),
        (["add", "Qwertyville"], "no place called 'Qwertyville'", 1),
        (["add", "Seoul", "--country", "Korea"], "'Korea' is not a country code", 64),
        (["add", "Springfield", "--pick", "0"], "--pick counts from 1", 64),
        (["add", "Springfield", "--pick", "40"], "--pick 40 is out of range", 1),
        (["remove", "9"], "position 9 is out of range: there are 2 places", 4),
        (["remove", "0"], "position 0 is out of range", 4),
        (["remove", "Tokyo"], "no saved place matches 'Tokyo'", 4),
        (["remove", "1", "Tokyo"], "no saved place matches 'Tokyo'", 4),
        (["remove", "'; DROP TABLE place; --"], "no saved place matches", 4),
        (["remove"], "give the places to remove, or --damaged (one or the other)", 64),
        (["move", "Seoul", "3"], "position 3 is out of range", 4),
        (["move", "Seoul", "up"], "position 'up' is not a number", 64),
        (["move", "Paris", "1"], "no saved place matches 'Paris'", 4),
        (["show", "7"], "position 7 is out of range", 4),
        (["show", "--next", "--previous"], "--next and --previous cannot be used together", 64),
        (["sort", "population"], "population", 64),
        (["units", "rankine"], "rankine", 64),
        (["list", "--format", "xml"], "xml", 64),
        (["search", ""], "search text is empty", 1),
        (["frobnicate", "--offline"], "no place called 'frobnicate'", 4),
        (["lsit"], "did you mean 'list'", 64),
    ])
    /// 64 when the command line's shape is wrong (what parsing and validate()
    /// catch), 1 when what it says cannot be done.
    func badInputIsRefusedAndChangesNothing(arguments: [String], message: String, status: Int32) async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(try await cli.run("add", "Busan").status == 0)
        let before = try #require(cli.databaseBytes())
        let listBefore = try await cli.run("list", "--offline", "--format", "json").stdout

        let result = try await cli.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")

        #expect(try await cli.run("list", "--offline", "--format", "json").stdout == listBefore)
        #expect(cli.databaseBytes() == before)
    }

    @Test func namesWithQuotesAndSQLAreStoredLiterally() async throws {
        let cli = CLI()
        let label = #"Mom's "place"; DROP TABLE place;--"#
        #expect(try await cli.run("add", "Seoul", "--as", label).status == 0)
        let locations = try #require(try await cli.json("list", "--offline", "--format", "json")["locations"] as? [[String: Any]])
        #expect(locations.first?["name"] as? String == label)
        #expect(try await cli.run("remove", label).status == 0)
    }

    @Test func refusesFilesItMustNotTouch() async throws {
        let cli = CLI()
        let notes = Data("my notes\n".utf8)
        try notes.write(to: URL(fileURLWithPath: cli.database))
        let result = try await cli.run("list")
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(cli.database) is not a SQLite database; it was left untouched (use --db to choose another file)\n")
        #expect(cli.databaseBytes() == notes)
        #expect(try await cli.run("add", "Seoul").status == 1)
        #expect(cli.databaseBytes() == notes)
    }

    @Test func theDbFlagWinsOverTheEnvironment() async throws {
        let cli = CLI()
        let other = cli.folder.path("nested/dir/other.sqlite")
        #expect(try await cli.run("add", "Seoul", "--db", other).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(cli.databaseBytes() == nil)
    }

    /// Two processes adding at once both succeed, and both places are kept.
    @Test func twoProcessesAddingAtOnceBothSucceed() async throws {
        let cli = CLI()
        let names = ["Seoul", "Busan", "Daegu", "Incheon", "Gwangju", "Daejeon", "Ulsan", "Suwon"]
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for name in names {
                group.addTask { try await cli.run(["add", name], binary: CLI.binary).status }
            }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: names.count))
        let locations = try #require(try await cli.json("list", "--offline", "--format", "json")["locations"] as? [[String: Any]])
        #expect(Set(locations.compactMap { $0["name"] as? String }) == Set(names))
        #expect(locations.compactMap { $0["position"] as? Int }.sorted() == Array(1...names.count))
    }

    @Test func helpHasExamples() async throws {
        let result = try await CLI().run("add", "--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("$ forecast add Springfield --pick 3"))
    }

    /// A binary copied on its own elsewhere still has its migrations and gazetteer.
    @Test func aCopiedBinaryWorksOnItsOwn() async throws {
        let cli = CLI()
        let copy = cli.folder.url.appending(path: "bin/forecast")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try await ProcessLaunch.copyExecutable(at: CLI.binary, to: copy)
        #expect(try await cli.run(["search", "Seoul"], binary: copy).stdout.contains("Seoul"))
        #expect(try await cli.run(["add", "부산"], binary: copy).status == 0)
        #expect(try await cli.run(["list", "--offline"], binary: copy).stdout.contains("Busan"))
    }
}

@Suite struct WhereIAmTests {
    @Test func addsTheTimeZonesCity() async throws {
        var cli = CLI()
        cli.environment["TZ"] = "Asia/Seoul"
        let result = try await cli.run("add", "--here")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Seoul"))
        let place = try #require((try await cli.json("list", "--offline", "--format", "json")["locations"] as? [[String: Any]])?.first)
        #expect(place["timezone"] as? String == "Asia/Seoul")
    }

    @Test func saysWhenTheZoneHasNoCity() async throws {
        var cli = CLI()
        cli.environment["TZ"] = "Etc/UTC"
        let result = try await cli.run("add", "--here")
        #expect(result.status == 1)
        #expect(result.stderr == "error: the time zone 'Etc/UTC' has no city to go by; use --lat and --lon\n")
        #expect(cli.databaseBytes() == nil)
    }
}
