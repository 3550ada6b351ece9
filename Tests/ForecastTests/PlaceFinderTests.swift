import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastProviders

/// Finding and drafting places in-process: a fake geocoding service and fake files.
@Suite struct PlaceFinderTests {
    func finder(_ http: FakeHTTPClient, files: FileReader = .live, environment: [String: String] = [:]) -> PlaceFinder {
        PlaceFinder(context: AppContext.test(
            makeHTTPClient: { _ in http },
            environment: ["FORECAST_OPEN_METEO_GEOCODING_URL": "http://geocoding.test"].merging(environment) { $1 },
            files: files))
    }

    static let oneResult = Data("""
        {"results":[{"id":99001,"name":"Nowhereville","latitude":10.5,"longitude":20.25,"country_code":"TD",
        "timezone":"Africa/Ndjamena","population":1200,"admin1":"Salamat"}]}
        """.utf8)

    @Test func theGazetteerAnswersWithoutAnyRequest() async throws {
        let http = FakeHTTPClient { _ in HTTPResponse(status: 500, body: Data()) }
        let choice = try await finder(http).choose("Seoul", country: nil, pick: nil)
        guard case .chosen(let city, _) = choice else { Issue.record("\(choice)"); return }
        #expect(city.name == "Seoul" && http.count == 0)
    }

    @Test func namesTheGazetteerLacksAreAskedOnlineOnce() async throws {
        let http = FakeHTTPClient { _ in HTTPResponse(status: 200, body: Self.oneResult) }
        let finder = finder(http)
        let choice = try await finder.choose("Nowhereville", country: nil, pick: nil)
        guard case .chosen(let city, let others) = choice else { Issue.record("\(choice)"); return }
        #expect(city.geonamesID == 99001 && city.timeZone == "Africa/Ndjamena" && others == 0)
        #expect(http.count == 1 && http.requests[0].host == "geocoding.test")
        #expect(http.shutDown, "the client is closed after the lookup")
        let draft = finder.draft(city, label: nil)
        #expect(draft.displayName == "Nowhereville" && draft.geonamesID == 99001)

        let (matches, online) = try await finder.search("Nowhereville", country: nil, limit: 10)
        #expect(online == [99001] && matches.map(\.city.geonamesID) == [99001])
    }

    @Test func aFailedOnlineLookupIsATypedError() async throws {
        let http = FakeHTTPClient { _ in HTTPResponse(status: 503, body: Data()) }
        await #expect(throws: PlaceLookupError.self) { try await finder(http).choose("Nowhereville", country: nil, pick: nil) }
        let badURL = finder(http, environment: ["FORECAST_OPEN_METEO_GEOCODING_URL": "ftp://x"])
        await #expect(throws: SettingsError.badURL(variable: "FORECAST_OPEN_METEO_GEOCODING_URL", value: "ftp://x")) {
            try await badURL.choose("Nowhereville", country: nil, pick: nil)
        }
    }

    @Test func hereIsTheZonesMainCity() throws {
        let http = FakeHTTPClient { _ in HTTPResponse(status: 500, body: Data()) }
        let table = "# comment\nKR\t+3733+12658\tAsia/Seoul\nXX\t+0000+00000\tEtc/Nowhere\n"
        let files = FileReader(readText: { $0.hasSuffix("zone1970.tab") ? table : nil }, symbolicLinkTarget: { _ in nil })
        let seoul = try finder(http, files: files, environment: ["TZ": "Asia/Seoul"]).draftHere(label: nil)
        #expect(seoul.canonicalName == "Seoul" && seoul.geonamesID != nil && seoul.timeZone == "Asia/Seoul")

        let linked = FileReader(readText: { _ in table }, symbolicLinkTarget: { _ in "/usr/share/zoneinfo/Asia/Seoul" })
        #expect(try finder(http, files: linked).draftHere(label: "집").displayName == "집")

        #expect(throws: PlaceLookupError.unknownLocalZone) {
            try finder(http, files: FileReader(readText: { _ in table }, symbolicLinkTarget: { _ in nil })).draftHere(label: nil)
        }
        #expect(throws: PlaceLookupError.unreadableZoneTable(path: "/tz/zone1970.tab")) {
            try finder(http, files: FileReader(readText: { _ in nil }, symbolicLinkTarget: { _ in nil }),
                       environment: ["TZ": "Asia/Seoul", "TZDIR": "/tz"]).draftHere(label: nil)
        }
        #expect(throws: PlaceLookupError.zoneWithoutCity("Europe/Atlantis")) {
            try finder(http, files: files, environment: ["TZ": "Europe/Atlantis"]).draftHere(label: nil)
        }
    }
}

/// A place added by coordinates far from any city: named by its coordinates
/// and zoned from them, never after a city thousands of kilometres away.
@Suite struct FarPlaceTests {
    /// Lines of the real zone1970.tab (tzdata), among them the zones nearest
    /// the test's points.
    static let zoneTable = """
        # tz zone descriptions
        AQ\t-720041+0023206\tAntarctica/Troll\tTroll
        CI,BF,GH,GM,GN,IS,ML,MR,SH,SL,SN,TG\t+0519-00402\tAfrica/Abidjan
        ST\t+0020+00644\tAfrica/Sao_Tome
        AQ\t-7824+10654\tAntarctica/Vostok\tVostok
        GS\t-5416-03632\tAtlantic/South_Georgia
        KR\t+3733+12658\tAsia/Seoul

        """

    func finder() -> PlaceFinder {
        let files = FileReader(readText: { $0.hasSuffix("/zone1970.tab") ? Self.zoneTable : nil }, symbolicLinkTarget: { _ in nil })
        return PlaceFinder(context: AppContext.test(makeHTTPClient: { _ in FakeHTTPClient { _ in HTTPResponse(status: 500, body: Data()) } },
                                               environment: [:], files: files))
    }

    func draft(_ latitude: Double, _ longitude: Double) throws -> NewPlace {
        finder().draft(at: try Coordinate(latitude: latitude, longitude: longitude), label: nil)
    }

    /// 82.71°S 3.88°E is 3,390 km from Grytviken and 1,190 km from the Troll
    /// station: it was "near Grytviken" on UTC−2; it is its coordinates, in
    /// the boundaries' Antarctic sector of Troll (it was the nautical zone of
    /// 3.88°E before the boundaries were compiled in).
    @Test func theAntarcticPlateauIsNamedByItsCoordinates() throws {
        let place = try draft(-82.71, 3.88)
        #expect(place.displayName == "82.71°S 3.88°E" && place.canonicalName == "82.71°S 3.88°E")
        #expect(place.countryCode == "AQ" && place.admin1.isEmpty && place.geonamesID == nil)
        #expect(place.timeZone == "Antarctica/Troll")
        let labelled = finder().draft(at: try Coordinate(latitude: -82.71, longitude: 3.88), label: "Dome")
        #expect(labelled.displayName == "Dome" && labelled.canonicalName == "82.71°S 3.88°E")
    }

    /// 0°N 0°E is 580 km from Takoradi, in the Gulf of Guinea: at sea.
    @Test func nullIslandIsNotTakoradi() throws {
        let place = try draft(0, 0)
        #expect(place.displayName == "0°N 0°E" && place.timeZone == "Etc/GMT" && place.countryCode.isEmpty, "\(place)")
    }

    /// Land takes the zone of the boundaries (Vostok station's sector, UTC+5,
    /// not the UTC+7 of its longitude), whether or not the tz database's zone
    /// table can be read; open sea the nautical zone, with the Etc names'
    /// inverted sign, and no country.
    @Test func farPlacesAreZonedFromTheirCoordinates() throws {
        let vostok = try draft(-78, 106.9)
        #expect(vostok.timeZone == "Antarctica/Vostok" && vostok.displayName == "78°S 106.9°E", "\(vostok)")
        #expect(try draft(-30, -150).timeZone == "Etc/GMT+10", "UTC−10")
        #expect(try draft(-45, 160).timeZone == "Etc/GMT-11", "UTC+11")
        #expect(try draft(-30, -150).countryCode.isEmpty)
        #expect(ZoneLocation.nauticalZone(longitude: 180) == "Etc/GMT-12" && ZoneLocation.nauticalZone(longitude: -180) == "Etc/GMT+12")
        #expect(ZoneLocation.nauticalZone(longitude: -7.4) == "Etc/GMT" && ZoneLocation.nauticalZone(longitude: 7.6) == "Etc/GMT-1")
        for name in ["Etc/GMT+10", "Etc/GMT-11", "Etc/GMT-12", "Etc/GMT+12"] {
            #expect(SafeText.timeZone(name) != nil, "\(name) is a zone this system knows")
        }
        let noTable = PlaceFinder(context: AppContext.test(
            makeHTTPClient: { _ in FakeHTTPClient { _ in HTTPResponse(status: 500, body: Data()) } }, environment: [:],
            files: FileReader(readText: { _ in nil }, symbolicLinkTarget: { _ in nil })))
        let guessed = noTable.draft(at: try Coordinate(latitude: -78, longitude: 106.9), label: nil)
        #expect(guessed.timeZone == "Antarctica/Vostok", "no zone table: the boundaries still")
    }

    /// Issue 38: more than 100 km from any city of 15,000, Lofoten was
    /// Etc/GMT-1 and Kansas Etc/GMT+7, neither with a country (so no national
    /// warning service was asked and the air was graded on the wrong scale).
    @Test func farFromCitiesOnLandIsTheLandsZoneAndCountry() throws {
        let lofoten = try draft(68.23, 14.56)
        #expect(lofoten.canonicalName == "68.23°N 14.56°E" && lofoten.timeZone == "Europe/Oslo" && lofoten.countryCode == "NO", "\(lofoten)")
        let kansas = try draft(37.2, -99)
        #expect(kansas.canonicalName == "37.2°N 99°W" && kansas.timeZone == "America/Chicago" && kansas.countryCode == "US", "\(kansas)")
        #expect(kansas.admin1.isEmpty)
    }

    /// Near a city across a border, a place is named after the city but is in
    /// its own country and zone (the city's region is not its region); near a
    /// city but at sea, it has the nautical zone and no country.
    @Test func nearACityAcrossABorderOrAtSea() throws {
        let german = try draft(48.47, 7.80)
        #expect(german.canonicalName == "near Illkirch-Graffenstaden", "\(german)")
        #expect(german.countryCode == "DE" && german.timeZone == "Europe/Berlin" && german.admin1.isEmpty, "\(german)")
        let french = try draft(47.57, 7.50)
        #expect(french.canonicalName == "near Allschwil" && french.countryCode == "FR" && french.timeZone == "Europe/Paris", "\(french)")
        let channel = try draft(50.4, -0.14)
        #expect(channel.canonicalName == "near Peacehaven" && channel.countryCode.isEmpty && channel.admin1.isEmpty, "\(channel)")
        #expect(channel.timeZone == "Etc/GMT", "\(channel)")
    }

    /// The zone the finder gives a coordinate, as the online lookup fills in a missing one.
    @Test func theZoneOfACoordinate() throws {
        let finder = finder()
        #expect(finder.zone(at: try Coordinate(latitude: 68.23, longitude: 14.56)) == ("Europe/Oslo", "NO"))
        #expect(finder.zone(at: try Coordinate(latitude: 30, longitude: -40)) == ("Etc/GMT+3", nil))
        #expect(finder.timeZone(at: try Coordinate(latitude: -29.3151, longitude: 27.4869)) == "Africa/Maseru")
    }

    /// Within 100 km of a city, a place is still named and zoned after it.
    @Test func nearACityItIsStillNearTheCity() throws {
        let office = try draft(51.5, -0.12)
        #expect(office.canonicalName == "near London" && office.timeZone == "Europe/London" && office.countryCode == "GB")
        #expect(office.admin1 == "ENG")
    }

    /// Such a place's times are shown in its saved zone everywhere, before and after a
    /// fetch, and Open-Meteo is asked in that zone: a place shown at 02:06 by `list
    /// --offline` read 12:06 once the service had answered in GMT.
    @Test func aFarPlaceKeepsOneZoneEverywhere() async throws {
        let cli = try InProcessCLI { url in
            guard url.host == "weather.test" else { return HTTPResponse(status: 404, body: Data()) }
            var body = Fixture.json("openmeteo_current_plus_daily_london_2026.json") as? [String: Any] ?? [:]
            body["timezone"] = "GMT"
            return HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: body)) ?? Data())
        }
        let added = await cli.run("add", "--lat", "-60", "--lon", "-150")
        #expect(added.status == 0 && added.stdout.contains("60°S 150°W"), "\(added.stdout)")
        let zone = await cli.run("list", "--offline", "--format", "line", "--template", "{timezone} {time}")
        #expect(zone.lines.first?.hasPrefix("Etc/GMT+10 ") == true, "\(zone.stdout)")
        let shown = await cli.run("show", "1")
        #expect(shown.status == 0, "\(shown.stderr)")
        let asked = try #require(cli.http.requests.first { $0.host == "weather.test" })
        #expect(URLComponents(url: asked, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "timezone" }?.value == "Etc/GMT+10")
        #expect(shown.lines.count > 2 && shown.lines[2].contains("Etc/GMT+10"), "\(shown.stdout)")
        let after = await cli.run("list", "--offline", "--format", "line", "--template", "{timezone} {time}")
        #expect(after.lines == zone.lines, "the same zone and local time after the fetch")
    }
}

extension PlaceFinderTests {
    /// `show` of such a place began its second line " · 82.71, 3.88". At sea
    /// (Point Nemo, the farthest from land) it has no region and no country.
    @Test func showGivesAFarPlaceItsCoordinateAlone() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "--lat", "-48.88", "--lon", "-123.39").status == 0)
        let show = await cli.run("show", "1")
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  -48.88, -123.39"), "\(show.stdout)")
        #expect(!lines.contains { $0.hasPrefix("   · ") }, "\(show.stdout)")
    }

    /// `show NAME --offline` asked the geocoding service for a name the gazetteer lacks.
    @Test func offlineAsksNothingOnline() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "London").status == 0)
        let before = cli.http.count
        let result = await cli.run("show", "Qzzqx", "--offline")
        #expect(result.status == 4 && result.stderr.contains("--offline asks nothing online"), "\(result.stderr)")
        #expect(cli.http.count == before, "a request was made")
    }
}

extension PlaceFinderTests {
    /// At 60 columns `show`'s facts went past the edge and the terminal wrapped the air line mid-word.
    @Test func showFitsSixtyColumns() async throws {
        var cli = try InProcessCLI()
        cli.columns = 60
        #expect(await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "London").status == 0)
        for language in ["en", "ko"] {
            let show = await cli.run("show", "1", "--lang", language)
            #expect(show.status == 0, "\(show.stderr)")
            let lines = show.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.contains(language == "en" ? "Humidity" : "습도") })
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(lines.filter { DisplayWidth.of($0) > 60 })")
        }
    }
}
