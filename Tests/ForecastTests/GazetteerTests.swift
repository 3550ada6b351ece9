import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer

@Suite struct GazetteerTests {
    let gazetteer = Gazetteer.bundled

    @Test func findsSeoulInEnglishAndKorean() throws {
        for query in ["Seoul", "seoul", "서울", "서울".decomposedStringWithCanonicalMapping, "ＳＥＯＵＬ", "서울특별시"] {
            let first = try #require(gazetteer.search(query).first, "\(query)")
            #expect(first.city.geonamesID == 1835848, "\(query)")
            #expect(first.city.countryCode == "KR" && first.city.timeZone == "Asia/Seoul")
            #expect(first.city.koreanName == "서울")
        }
        #expect(gazetteer.search("부산").first?.city.name == "Busan")
    }

    @Test func ignoresAccents() throws {
        let first = try #require(gazetteer.search("sao paulo").first)
        #expect(first.city.name == "São Paulo" && first.kind == .exactName)
        #expect(gazetteer.search("munchen").first?.city.name == "Munich")
    }

    @Test func ranksExactBeforePrefixThenByPopulation() {
        let results = gazetteer.search("Springfield", limit: 20)
        let kinds = results.map(\.kind)
        #expect(kinds == kinds.sorted())
        let primary = results.filter { $0.kind == .exactName }
        #expect(primary.count == 8)
        #expect(Set(primary.map(\.city.admin1)) == ["IL", "MO", "OH", "PA", "TN", "VA", "MA", "OR"])
        #expect(primary.map(\.city.population) == primary.map(\.city.population).sorted(by: >))
        let prefix = gazetteer.search("Seo")
        #expect(prefix.first?.city.name == "Seoul" && prefix.first?.kind == .prefixName)
    }

    @Test func filtersByCountryAndLimits() {
        #expect(gazetteer.search("London", country: "ca").allSatisfy { $0.city.countryCode == "CA" })
        #expect(gazetteer.search("San", limit: 3).count == 3)
        #expect(gazetteer.search("  ").isEmpty)
        #expect(gazetteer.search("Xyzzyplugh").isEmpty)
    }

    @Test func findsTheNearestCity() throws {
        let near = try #require(gazetteer.nearest(to: Coordinate(latitude: 37.57, longitude: 126.98)))
        #expect(near.name == "Seoul")
        let sea = try #require(gazetteer.nearest(to: Coordinate(latitude: 0, longitude: -150)))
        #expect(!sea.timeZone.isEmpty)
    }

    @Test func aNameOutranksAnOldNameOfAnotherCity() throws {
        guard case .ambiguous(let cities) = try PlaceChoice.resolve("Portland") else { Issue.record("not ambiguous"); return }
        #expect(cities.allSatisfy { $0.name == "Portland" }, "\(cities.map(\.name))")
        // An alternate name still finds its city when no city has it as its name.
        guard case .chosen(let seoul, _) = try PlaceChoice.resolve("서울") else { Issue.record(); return }
        #expect(seoul.name == "Seoul")
    }

    @Test func namesRegions() {
        #expect(gazetteer.regionName(country: "KR", code: "11") == "Seoul")
        #expect(gazetteer.regionName(country: "us", code: "IL") == "Illinois")
        #expect(gazetteer.regionName(country: "JP", code: "40") == "Tokyo")
        #expect(gazetteer.regionName(country: "GB", code: "ENG") == "England")
        #expect(gazetteer.regionName(country: "KR", code: "") == nil)
        #expect(gazetteer.regionName(country: "XX", code: "11") == nil)
        // Nearly every city with a region code gets its region's name.
        let coded = gazetteer.allCities().map(\.city).filter { !$0.admin1.isEmpty && $0.admin1 != "00" }
        // Each region asked once (a lookup scans the regions), its cities counted.
        let regions = Dictionary(grouping: coded) { [$0.countryCode, $0.admin1] }
        let named = regions.filter { gazetteer.regionName(country: $0.key[0], code: $0.key[1]) != nil }.values.map(\.count).reduce(0, +)
        #expect(Double(named) / Double(coded.count) > 0.95, "\(named) of \(coded.count)")
    }

    @Test func namesCountries() {
        #expect(gazetteer.countryName("kr") == "South Korea")
        #expect(gazetteer.countryName("US") == "United States")
        #expect(gazetteer.countryName("XX") == nil)
        #expect(gazetteer.city(id: 1838524)?.name == "Busan")
    }

    /// The data's keys were folded by scripts/build_gazetteer.py; queries are
    /// folded by SearchKey. If the two ever disagree, searches silently miss.
    @Test func dataFoldingAgreesWithSearchKey() {
        let all = gazetteer.allCities()
        #expect(all.count == 34006)
        var disagreements: [String] = []
        for (city, keys) in all {
            if keys.first != SearchKey.fold(city.name) { disagreements.append(city.name) }
            for name in city.names.values where !keys.contains(SearchKey.fold(name)) { disagreements.append(name) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        #expect(all.allSatisfy { TimeZone(identifier: $0.city.timeZone) != nil })
    }

    /// `city(id:)` searches the lines by halves, which holds only while they are in
    /// id order: they are, and every city is found by its id; ids between and
    /// beyond them find none.
    @Test func everyCityIsFoundByItsID() {
        let ids = gazetteer.allCities().map(\.city.geonamesID)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "the lines are in increasing id order")
        var missed: [Int] = []
        for id in ids where gazetteer.city(id: id)?.geonamesID != id { missed.append(id) }
        #expect(missed.isEmpty, "\(missed.prefix(10))")
        for id in [0, -1, 1, (ids.first ?? 1) - 1, (ids.last ?? 0) + 1, Int.max] + zip(ids, ids.dropFirst()).prefix(500).compactMap({ $1 - $0 > 1 ? $0 + 1 : nil }) {
            #expect(gazetteer.city(id: id) == nil, "\(id)")
        }
    }
}

@Suite struct PlaceChoiceTests {
    @Test func aUniqueNameIsClear() throws {
        guard case .chosen(let city, let others) = try PlaceChoice.resolve("Seoul") else { Issue.record(); return }
        #expect(city.name == "Seoul" && others == 0)
    }

    @Test func sameNamedPlacesOfSimilarSizeAreAmbiguous() throws {
        guard case .ambiguous(let cities) = try PlaceChoice.resolve("Springfield") else { Issue.record(); return }
        #expect(cities.count >= 8)
        guard case .chosen(let picked, _) = try PlaceChoice.resolve("Springfield", pick: 3) else { Issue.record(); return }
        #expect(picked == cities[2])
        #expect(throws: InputError.self) { try PlaceChoice.resolve("Springfield", pick: 99) }
    }

    @Test func aFarLargerPlaceIsClearButCountsTheOthers() throws {
        guard case .chosen(let city, let others) = try PlaceChoice.resolve("London") else { Issue.record(); return }
        #expect(city.countryCode == "GB" && others >= 1)
        guard case .chosen(let canadian, _) = try PlaceChoice.resolve("London", country: "CA") else { Issue.record(); return }
        #expect(canadian.countryCode == "CA")
    }

    @Test func anUnknownPopulationNeverDominates() throws {
        let a = City(geonamesID: 1, name: "X", countryCode: "US", admin1: "", coordinate: try Coordinate(latitude: 1, longitude: 1),
                     population: 0, timeZone: "UTC")
        let b = City(geonamesID: 2, name: "X", countryCode: "CA", admin1: "", coordinate: try Coordinate(latitude: 2, longitude: 2),
                     population: 0, timeZone: "UTC")
        #expect(try PlaceChoice.choose(exact: [a, b], others: [], pick: nil) == .ambiguous([a, b]))
        #expect(try PlaceChoice.choose(exact: [], others: [], pick: nil) == .notFound)
    }

    @Test func prefixesAreNeverPickedByPopulation() throws {
        guard case .nearNames = try PlaceChoice.resolve("Seo") else { Issue.record(); return }
        #expect(try PlaceChoice.resolve("Qwertyville") == .notFound)
    }

    /// A Korean slip is a wrong key: one letter (jamo) of a syllable.
    @Test func koreanSlipsAreComparedByLetters() {
        #expect(SearchKey.jamo("서울") == "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}")
        #expect(Suggestion.distance(SearchKey.jamo("서을"), SearchKey.jamo("서울")) == 1)
        let gazetteer = Gazetteer.bundled
        #expect(gazetteer.closest(to: "서을")?.name == "Seoul")
        #expect(gazetteer.closest(to: "부싼")?.name == "Busan")
        #expect(gazetteer.closest(to: "부산")?.name == "Busan", "a name itself is its own closest")
        #expect(gazetteer.closest(to: "서") == nil, "one syllable is nobody's slip")
        #expect(gazetteer.closest(to: "뷁뷁뷁뷁") == nil)
        #expect(gazetteer.closest(to: "Seoull")?.name == "Seoul")
    }
}
