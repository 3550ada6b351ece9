import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastViews
@testable import ForecastCore
@testable import ForecastStore

/// A JSON export is read a value at a time from its bytes: what matters is
/// read exactly (escapes, surrogates, numbers), what does not is skipped at no
/// cost, and anything malformed is refused in words, whatever its shape.
@Suite struct JSONImportTests {
    static let head = #"{"format":"forecast-places","version":1,"#
    static let place = #"{"label":"A","name":"A","country":"","region":"","latitude":1,"longitude":1,"timezone":"UTC"}"#

    func read(_ text: String) throws(ImportError) -> ImportFile { try PlaceImport.read(Data(text.utf8)) }

    @Test func textsAndNumbersAreReadExactlyAsJSONSerializationWrites() throws {
        let labels = ["서울 🌧️", "Quote \" and \\ slash /", "tab\there", "é (combining e\u{301})", "𝄞 clef"]
        let places: [[String: Any]] = labels.enumerated().map { index, label in
            ["label": label, "name": "N\(index)", "country": "KR", "region": "11", "latitude": 37.566 + Double(index) * 0.1,
             "longitude": -126.9779999, "timezone": "Asia/Seoul", "geonamesId": 1_835_848 + index, "unknown": ["deep": [[1, 2], nil]]]
        }
        let object: [String: Any] = ["places": places, "format": "forecast-places", "version": 1, "extra": [String](repeating: "x", count: 3)]
        let data = try JSONSerialization.data(withJSONObject: object)
        let file = try PlaceImport.read(data)
        #expect(file.places.count == labels.count)
        #expect(file.places.map(\.displayName) == labels.map { try? PlaceName($0, what: .label).value })
        #expect(file.places.map(\.coordinate.latitude) == labels.indices.map { 37.566 + Double($0) * 0.1 })
        #expect(file.places.allSatisfy { $0.coordinate.longitude == -126.9779999 })
        #expect(file.places.map(\.geonamesID) == labels.indices.map { 1_835_848 + $0 })
        // Escaped forms and a surrogate pair read as the characters they stand for.
        let escaped = try read(Self.head + #""places":[{"label":"\uC11C\uc6b8 \ud83c\udf27","name":"a\/b\u0041","country":"","region":"","latitude":-0.5e1,"longitude":1E2,"timezone":"UTC","geonamesId":7.0}]}"#)
        #expect(escaped.places.first?.displayName == "서울 🌧")
        #expect(escaped.places.first?.canonicalName == "a/bA")
        #expect(escaped.places.first?.coordinate == (try Coordinate(latitude: -5, longitude: 100)))
        #expect(escaped.places.first?.geonamesID == 7)
        #expect(try read(Self.head + #""places":[],"settings":null}"#).settings == nil)
        // Settings, each only if set.
        let partial = try read(Self.head + #""places":[],"settings":{"ttlMinutes":2.5}}"#).settings
        #expect(partial?.ttlMinutes == 2.5 && partial?.temperatureUnit == .celsius && partial?.sort == .custom)
    }

    @Test(arguments: [
        // Not JSON at all, or broken anywhere (also in what is skipped).
        (Self.head + #""places":[]"#, ImportError.notJSON(field: nil)),
        (Self.head + #""places":[]} trailing"#, .notJSON(field: nil)),
        (Self.head + #""places":[],"x":[1,2,}"#, .notJSON(field: nil)),
        (Self.head + #""places":[],"x":01}"#, .notJSON(field: nil)),
        (Self.head + #""places":[],"x":"\q"}"#, .notJSON(field: nil)),
        (Self.head + #""places":[],"x":"\ud800"}"#, .notJSON(field: nil)),
        (Self.head + "\"places\":[],\"x\":\"a\u{1}b\"}", .notJSON(field: nil)),
        (Self.head + #""places":[],"x":tru}"#, .notJSON(field: nil)),
        // Deeper than anything is nested: refused, not recursed into.
        (Self.head + #""places":[],"x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}", .notJSON(field: nil)),
        // The shape of an export, wrong.
        (Self.head + "\"settings\":null}", .notJSON(field: "places")),
        (Self.head + #""places":{}}"#, .notJSON(field: "places")),
        (Self.head + #""places":[],"places":[]}"#, .notJSON(field: "places")),
        (Self.head + #""places":[7]}"#, .row(1, .wrongType("place"))),
        (Self.head + #""places":["# + Self.place + #",{"label":"B"}]}"#, .row(2, .missing("name"))),
        (Self.head + #""places":[{"label":"A","name":"A","country":"","region":"","latitude":1,"longitude":"1","timezone":"UTC"}]}"#, .row(1, .wrongType("longitude"))),
        (Self.head + #""places":[{"label":"A","name":"A","country":"","region":"","latitude":1,"longitude":1e999,"timezone":"UTC"}]}"#, .row(1, .wrongType("longitude"))),
        (Self.head + #""places":[{"label":"A","name":"A","country":"","region":"","latitude":1,"longitude":1,"timezone":"UTC","geonamesId":1.5}]}"#, .row(1, .wrongType("geonamesId"))),
        (Self.head + #""places":[{"label":"A","name":"A","country":"","region":"","latitude":1,"longitude":1.00000000000000000000000000000000000000000000000000000000000000001,"timezone":"UTC"}]}"#, .row(1, .wrongType("longitude"))),
        (Self.head + #""places":[{"label":null,"name":"A","country":"","region":"","latitude":1,"longitude":1,"timezone":"UTC"}]}"#, .row(1, .missing("label"))),
        // Broken inside or between places: the place is named.
        (Self.head + #""places":["# + Self.place + "," + Self.place.replacingOccurrences(of: #""A""#, with: #""\q""#) + "]}", .row(2, .notJSON)),
        (Self.head + #""places":["# + Self.place + "," + Self.place + ",]}", .row(3, .notJSON)),
        // Broken before the file says it is an export: only that it is not JSON.
        (#"{"places":["# + Self.place + #",{"label":"\ud800"}],"format":"forecast-places","version":1}"#, .notJSON(field: nil)),
        (#"{"format":"forecast-places","places":["# + Self.place + #"]"# + "}x", .notJSON(field: nil)),
        (Self.head + #""places":[],"settings":[]}"#, .setting("settings", .notSettings)),
        (Self.head + #""places":[],"settings":{"temperatureUnit":"rankine"}}"#, .setting("temperatureUnit", .invalid("rankine", allowed: "celsius, fahrenheit, kelvin"))),
        (Self.head + #""places":[],"settings":{"sortDescending":"yes"}}"#, .setting("sortDescending", .invalid(nil, allowed: "true, false"))),
        (Self.head + #""places":[],"settings":{"windUnit":5}}"#, .setting("windUnit", .invalid(nil, allowed: "ms, kmh, mph, kn, bft"))),
        (#"{"format":"forecast-places","version":"1","places":[]}"#, .notAnExport),
        (#"{"format":"forecast-places","version":1.5,"places":[]}"#, .notAnExport),
        (#"{"version":3,"format":"forecast-places","places":"not even read"}"#, .unknownVersion(3)),
        (#"{"a":[1,2,{"b":null}],"places":[]}"#, .notAnExport),
    ])
    func aMalformedFileIsRefusedInWords(text: String, expected: ImportError) {
        #expect(throws: expected) { try read(text) }
    }

    @Test func textThatIsNotUTF8IsSaidSo() {
        var bytes = Array((Self.head + #""places":[],"x":"ab"#).utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}"#.utf8)
        #expect(throws: ImportError.notText) { try PlaceImport.read(Data(bytes)) }
    }

    /// What an export does not hold is skipped without being kept: megabytes of
    /// numbers, strings and nesting in fields nobody reads.
    @Test func whatIsSkippedCostsNothing() throws {
        let numbers = "[" + Array(repeating: "1e308", count: 400_000).joined(separator: ",") + "]"
        let strings = "[" + Array(repeating: #""\u0041\n""#, count: 200_000).joined(separator: ",") + "]"
        let nested = String(repeating: #"{"a":["#, count: 200) + String(repeating: "]}", count: 200)
        let text = Self.head + #""numbers":"# + numbers + #","strings":"# + strings + #","nested":"# + nested + #","places":["# + Self.place + "]}"
        #expect(try read(text).places.count == 1)
        let settings = Self.head + #""places":[],"settings":{"temperatureUnit":"celsius","windUnit":"ms","sort":"name","sortDescending":false,"x":""# + String(repeating: "x", count: PlaceImport.maximumSettingsBytes) + "\"}}"
        #expect(throws: ImportError.setting("settings", .notSettings)) { try read(settings) }
    }
}

extension JSONImportTests {
    /// `import --format json` writes its answer a place at a time (100,000
    /// places took 280 MB as one tree); the text is the encoder's, exactly.
    @Test func theImportAnswerIsTheEncodersJSON() async throws {
        let cli = try InProcessCLI()
        let folder = TemporaryFolder()
        let file = folder.path("places.json")
        let places = (0..<3).map { #"{"label":"서울 \#($0) \"q\"","name":"N","country":"KR","region":"11","latitude":\#(37 + $0),"longitude":127,"timezone":"Asia/Seoul"}"# }
        try Data((Self.head + #""places":["# + places.joined(separator: ",") + "]}").utf8).write(to: URL(fileURLWithPath: file))
        let result = await cli.run("import", file, "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let store = try cli.store.ordered().places
        let expected = ImportOutput(PlaceStore.ImportResult(added: store, skipped: 0, removed: 0, settingsApplied: false), dryRun: false)
        #expect(result.stdout == (try JSONOutput.render(expected)) + "\n")
    }
}
