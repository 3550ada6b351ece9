import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit

/// `add`, `show` and `search` never take a place the user did not name: a
/// name a city only starts with, or a short spelling of GeoNames', is a
/// candidate, never the answer (the trial's `add Måløy` saved
/// Maloyaroslavets, `add Ber` Véroia, `add Mos` Moss, `add Undo` Ŭndŏk).
@Suite struct NoGuessedPlaceTests {
    static let maloy = #"{"results":[{"id":3146125,"name":"Måløy","latitude":61.93535,"longitude":5.11362,"country_code":"NO","timezone":"Europe/Oslo","population":3286,"admin1":"Vestland"}]}"#
    static let nothing = #"{"generationtime_ms":0.5}"#

    @Test(arguments: [
        ("Måløy", "Maloyaroslavets"), ("Ber", "Véroia"), ("Mos", "Moss"), ("Undo", "Ŭndŏk"),
    ])
    func aNameLikeACityIsACandidateNotTheAnswer(typed: String, like: String) throws {
        let choice = try PlaceChoice.resolve(typed)
        guard case .nearNames(let cities) = choice else { Issue.record("\(typed): \(choice)"); return }
        #expect(cities.contains { $0.name == like }, "\(typed): \(cities.prefix(5).map(\.name))")
    }

    /// The attack's second pass: a GeoNames spelling of one city answered when it was four columns
    /// wide: "Ireland" saved West Springfield, "Chile" Şile, "Vestland" Westland (Michigan), and
    /// full-width ＭＯＳ Moss. A country's or region's name, another name altogether and a short
    /// spelling as folded are candidates only.
    @Test(arguments: ["Ireland", "Chile", "Egypt", "India", "Africa", "Maine", "Missouri", "Indiana", "Bangladesh", "Vestland", "ＭＯＳ", "ｂｅｒ"])
    func aCountryARegionOrAnotherNameIsNoCitysAnswer(typed: String) throws {
        let choice = try PlaceChoice.resolve(typed)
        if case .chosen(let city, _) = choice { Issue.record("\(typed) chose \(city.name), \(city.countryCode)") }
    }

    @Test(arguments: [
        ("Seoul", "Seoul"), ("서울", "Seoul"), ("ソウル", "Seoul"), ("München", "Munich"), ("Kiev", "Kyiv"), ("sao paulo", "São Paulo"),
    ])
    func aNameOrAUniqueFullSpellingIsTheAnswer(typed: String, city: String) throws {
        let choice = try PlaceChoice.resolve(typed)
        guard case .chosen(let chosen, _) = choice else { Issue.record("\(typed): \(choice)"); return }
        #expect(chosen.name == city)
    }

    @Test func anEverydayNameInALanguageIsAName() {
        let found = Gazetteer.bundled.search("부산", limit: 3)
        #expect(found.first?.city.name == "Busan" && found.first?.kind == .exactName)
        #expect(Gazetteer.bundled.search("Ber", limit: 50).first { $0.city.name == "Véroia" }?.kind == .exactAlternate)
    }

    /// The likeliest ten, not fifty: the spellings typed, then the names that start so, larger first.
    @Test func nearNamesAreFewAndLikeliestFirst() throws {
        guard case .nearNames(let cities) = try PlaceChoice.resolve("Mos") else { Issue.record("not near names"); return }
        #expect(cities.count == PlaceChoice.nearNamesOffered)
        #expect(cities.first?.name == "Moss" && cities[1].name == "Moscow", "\(cities.map(\.name))")
    }

    @Test func aPickChoosesAmongTheCandidatesAsListed() throws {
        guard case .nearNames(let cities) = try PlaceChoice.resolve("Ber") else { Issue.record("not near names"); return }
        #expect(try PlaceChoice.pick(2, from: cities) == .chosen(cities[1], othersWithName: cities.count - 1))
        #expect(throws: InputError.pickOutOfRange(cities.count + 1, candidates: cities.count)) {
            try PlaceChoice.pick(cities.count + 1, from: cities)
        }
    }

    @Test func addAsksOnlineAndSavesOnlyThePlaceCalledSo() async throws {
        let stub = try await StubWeatherService.start(geocoding: Self.maloy)
        var cli = CLI()
        cli.environment = stub.environment
        let added = try await cli.run("add", "Måløy")
        #expect(added.status == 0, "\(added.stderr)")
        let list = try await cli.run("list", "--offline", "--format", "json")
        #expect(list.stdout.contains("\"canonicalName\" : \"Måløy\"") && !list.stdout.contains("Maloyaroslavets"))
        await stub.stop()
    }

    @Test func addOfANameNothingIsCalledListsWhatItMayMeanAndSavesNothing() async throws {
        let stub = try await StubWeatherService.start(geocoding: Self.nothing)
        var cli = CLI()
        cli.environment = stub.environment
        let added = try await cli.run("add", "Måløy")
        #expect(added.status == 4, "not found: \(added.stderr)")
        #expect(added.stderr.contains("No place is called 'Måløy', in the gazetteer or online") && added.stderr.contains("Maloyaroslavets"))
        #expect(added.stderr.contains("or add the place with --lat and --lon"))
        #expect(added.stderr.contains("Nothing was saved") && added.stderr.contains("forecast add Måløy --pick 1"))
        let listed = try await cli.run("list", "--offline")
        #expect(!listed.stdout.contains("Maloyaroslavets"), "nothing was saved")

        let json = try await cli.run("add", "Ber", "--format", "json")
        #expect(json.status == 4 && json.stdout.contains("\"kind\" : \"nearNames\"") && json.stdout.contains("Véroia"))
        // Each candidate says how it matched, as `search` does: none is an exact name.
        #expect(!json.stdout.contains("\"match\" : \"exactName\"") && json.stdout.contains("\"match\" : \"exactAlternate\""), "\(json.stdout)")

        let shown = try await cli.run("show", "Undo")
        #expect(shown.status == 4 && shown.stderr.contains("Ŭndŏk") && !shown.stdout.contains("Ŭndŏk"))

        // What draws nothing is no part of the name: 'Par\u{200B}is' is Paris.
        let hidden = try await cli.run("add", "Par\u{200B}is")
        #expect(hidden.status == 0 && hidden.stdout.contains("Paris"), "\(hidden.stdout)\(hidden.stderr)")

        // The candidate the user picks is theirs to take.
        let picked = try await cli.run("add", "Mos", "--pick", "1")
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect((try await cli.run("list", "--offline", "--format", "csv")).stdout.contains("Moss"))
        await stub.stop()
    }

    @Test func searchAsksOnlineWhenNoCityIsCalledSo() async throws {
        let stub = try await StubWeatherService.start(geocoding: Self.maloy)
        var cli = CLI()
        cli.environment = stub.environment
        let found = try await cli.run("search", "Måløy", "--format", "json")
        #expect(found.status == 0, "\(found.stderr)")
        let names = found.stdout.components(separatedBy: "\"name\" : \"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(names.first == "Måløy" && names.contains("Maloyaroslavets"), "\(names)")
        #expect(found.stdout.contains("\"match\" : \"online\"") && found.stdout.contains("\"match\" : \"prefixName\""))
        await stub.stop()
    }
}
