import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastProviders

/// Finding and drafting places in-process: a fake geocoding service and fake files.
@Suite struct PlaceFinderTests {
    func finder(_ http: FakeHTTPClient, files: FileReader = .live, environment: [String: String] = [:]) -> PlaceFinder {
        PlaceFinder(context: AppContext(
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
        #expect(online && matches.map(\.city.geonamesID) == [99001])
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
