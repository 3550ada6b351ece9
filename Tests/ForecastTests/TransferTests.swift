import Foundation
import Testing
@testable import ForecastCore

/// Export and import: the list leaves the machine and comes back the same,
/// and a file that is wrong anywhere changes nothing.
@Suite struct TransferTests {
    @Test func csvFollowsRFC4180BothWays() throws {
        let fields = ["plain", "with, comma", "with \"quotes\"", "two\nlines", "", "서울 🌧️"]
        let text = CSV.record(fields) + CSV.record(["a", "b"])
        #expect(text == "plain,\"with, comma\",\"with \"\"quotes\"\"\",\"two\nlines\",,서울 🌧️\r\na,b\r\n")
        #expect(try CSV.parse(text) == [fields, ["a", "b"]])
        #expect(try CSV.parse("a,b\nc,d") == [["a", "b"], ["c", "d"]], "LF line ends and no last line end")
        #expect(throws: CSV.ParseError.unclosedQuote(record: 2)) { try CSV.parse("a,b\r\n\"c,d\r\n") }
        #expect(throws: CSV.ParseError.strayQuote(record: 1)) { try CSV.parse("a\"b,c\r\n") }
        #expect(throws: CSV.ParseError.strayQuote(record: 1)) { try CSV.parse("\"a\"b,c\r\n") }
    }

    static let header = "label,name,country,region,latitude,longitude,timezone,geonames_id\r\n"

    /// Each bad row is refused naming its row; the whole file is refused.
    @Test(arguments: [
        ("Seoul,Seoul,KR,11,137.5,126.9,Asia/Seoul,1835848", "latitude"),
        ("Seoul,Seoul,KR,11,abc,126.9,Asia/Seoul,1835848", "latitude"),
        ("Seoul,Seoul,KR,11,37.5,126.9,Mars/Olympus,1835848", "time zone"),
        ("Seoul,Seoul,KOR,11,37.5,126.9,Asia/Seoul,1835848", "country"),
        ("Seoul,Seoul,KR,11,37.5,126.9,Asia/Seoul,-5", "GeoNames"),
        ("Seoul,Seoul,KR,11,37.5,126.9,Asia/Seoul", "fields"),
        ("\u{1B}[31mRed,Seoul,KR,11,37.5,126.9,Asia/Seoul,", "label"),
        (",Seoul,KR,11,37.5,126.9,Asia/Seoul,", "label"),
        ("Seoul,Seoul,KR,\u{7}bell,37.5,126.9,Asia/Seoul,", "region"),
    ])
    func aBadRowIsNamed(row: String, about: String) {
        let file = Self.header + "Busan,Busan,KR,10,35.1,129.0,Asia/Seoul,1838524\r\n" + row + "\r\n"
        do {
            _ = try PlaceImport.read(Data(file.utf8))
            Issue.record("accepted: \(row)")
        } catch {
            guard case .row(let number, _) = error else { Issue.record("\(error)"); return }
            #expect(number == 2, "\(about)")
        }
    }

    @Test func versionsAndShapesAreChecked() {
        let json = { (body: String) in Data(body.utf8) }
        #expect(throws: ImportError.unknownVersion(2)) { try PlaceImport.read(json(#"{"format":"forecast-places","version":2,"places":[]}"#)) }
        #expect(throws: ImportError.notAnExport) { try PlaceImport.read(json(#"{"version":1,"places":[]}"#)) }
        #expect(throws: ImportError.notJSON(field: nil)) { try PlaceImport.read(json(#"{"format":"forecast-places","#)) }
        #expect(throws: ImportError.row(1, .missing("latitude"))) {
            try PlaceImport.read(json(#"{"format":"forecast-places","version":1,"places":[{"label":"A","name":"A","country":"","region":"","longitude":1,"timezone":"UTC"}]}"#))
        }
        #expect(throws: ImportError.row(1, .wrongType("latitude"))) {
            try PlaceImport.read(json(#"{"format":"forecast-places","version":1,"places":[{"label":"A","name":"A","country":"","region":"","latitude":"north","longitude":1,"timezone":"UTC"}]}"#))
        }
        #expect(throws: ImportError.notText) { try PlaceImport.read(Data([0xFF, 0xFE, 0x00, 0x41])) }
        #expect(throws: ImportError.empty) { try PlaceImport.read(Data()) }
        #expect(throws: ImportError.badHeader) { try PlaceImport.read(json("name,lat,lon\nSeoul,1,2\n")) }
        #expect(throws: ImportError.self) { try PlaceImport.read(Data(repeating: 0x20, count: PlaceImport.maximumBytes + 1)) }
    }

    @Test func exportImportExportGivesIdenticalFiles() async throws {
        let stub = try await StubWeatherService.start()
        var first = CLI()
        first.environment = stub.environment
        for name in ["Seoul", "부산", "New York"] { #expect(try await first.run("add", name).status == 0) }
        #expect(try await first.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "Office, \"HQ\"").status == 0)
        #expect(try await first.run("move", "Office", "1").status == 0)
        #expect(try await first.run("units", "f", "--wind", "kmh").status == 0)
        #expect(try await first.run("config", "ttl", "30").status == 0)
        #expect(try await first.run("sort", "name", "--descending").status == 0)
        let json = try await first.run("export")
        let csv = try await first.run("export", "--format", "csv")
        #expect(json.status == 0 && csv.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1 && object["format"] as? String == "forecast-places")
        #expect((object["places"] as? [[String: Any]])?.first?["label"] as? String == "Office, \"HQ\"", "in the manual order")
        #expect(csv.stdout.hasPrefix("label,name,country,region,latitude,longitude,timezone,geonames_id\r\n\"Office, \"\"HQ\"\"\",near London,"))

        for (text, format) in [(json.stdout, "json"), (csv.stdout, "csv")] {
            let second = CLI()
            let file = second.folder.path("places.\(format)")
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let imported = try await second.run("import", file)
            #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 4 places; 0 already saved, skipped."), "\(imported.stderr)")
            #expect(try await second.run("export", "--format", format).stdout == text, "\(format): identical")
            let again = try await second.run("import", file, "--format", "json")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
            #expect((result["added"] as? [Any])?.count == 0 && result["skipped"] as? Int == 4)
        }
        // The settings came along with the JSON.
        let third = CLI()
        let file = third.folder.path("places.json")
        try Data(json.stdout.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try await third.run("import", file).stdout.contains("The file's settings were kept."))
        #expect(try await third.run("config", "ttl").stdout.contains("30"))
        #expect(try await third.run("units").stdout.contains("°F"))
        await stub.stop()
    }

    @Test func aBadFileOrADryRunChangesNothingAndReplaceReplaces() async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(try await cli.run("add", "London").status == 0)
        let before = try #require(FileManager.default.contents(atPath: cli.database))
        let bad = cli.folder.path("bad.csv")
        try Data((Self.header + "Busan,Busan,KR,10,35.1,129.0,Asia/Seoul,1838524\r\nTokyo,Tokyo,JP,40,95,139.7,Asia/Tokyo,1850147\r\n").utf8)
            .write(to: URL(fileURLWithPath: bad))
        let refused = try await cli.run("import", bad)
        #expect(refused.status == 1 && refused.stderr.hasPrefix("error: row 2: latitude 95") && refused.stderr.contains("nothing was imported"), "\(refused.stderr)")
        let good = cli.folder.path("good.csv")
        try Data((Self.header + "Busan,Busan,KR,10,35.1,129.0,Asia/Seoul,1838524\r\nSeoul,Seoul,KR,11,37.566,126.9784,Asia/Seoul,1835848\r\n").utf8)
            .write(to: URL(fileURLWithPath: good))
        let dry = try await cli.run("import", good, "--dry-run", "--replace")
        #expect(dry.stdout == "Dry run: nothing was changed.\n2 places would be removed first.\n2 places would be imported; 0 already saved would be skipped.\n")
        #expect(FileManager.default.contents(atPath: cli.database) == before, "byte for byte as it was")

        let added = try await cli.run("import", good)
        #expect(added.stdout == "Imported 1 place; 1 already saved, skipped.\n")
        let replaced = try await cli.run("import", good, "--replace")
        #expect(replaced.stdout == "Removed 3 places first (--replace).\nImported 2 places; 0 already saved, skipped.\n")
        let names = try await cli.run("list", "--offline", "--format", "line", "--template", "{name}")
        #expect(names.lines == ["Busan", "Seoul"])
        // A dry run with no database creates none.
        let fresh = CLI()
        #expect(try await fresh.run("import", good, "--dry-run").status == 0)
        #expect(!FileManager.default.fileExists(atPath: fresh.database))
    }

    /// The plan is linear now (it compared every place with every other); it must
    /// still say exactly what the pairwise rule says, at the poles and across
    /// the antimeridian too.
    @Test func thePlanAgreesWithThePairwiseRule() throws {
        var generator = SystemRandomNumberGenerator()
        let centres: [(Double, Double)] = [(37.5, 127), (0, 179.9995), (0, -179.9995), (89.95, 10), (-89.99, -170), (60, 30), (88.9, 5), (90, 0)]
        func place(_ index: Int) throws -> NewPlace {
            let (lat, lon) = centres[index % centres.count]
            // Within a few hundred metres of a centre: plenty of pairs on either side of 100 m.
            let latitude = min(90, max(-90, lat + Double.random(in: -0.01...0.01, using: &generator)))
            var longitude = lon + Double.random(in: -0.01...0.01, using: &generator) / max(cos(latitude * .pi / 180), 0.02)
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            let id: Int? = Bool.random(using: &generator) ? Int.random(in: 1...400, using: &generator) : nil
            return NewPlace(
                displayName: "p\(index)", canonicalName: "p", countryCode: "", admin1: "",
                coordinate: try Coordinate(latitude: latitude, longitude: longitude), timeZone: "UTC", geonamesID: id)
        }
        let incoming = try (0..<3_000).map(place)
        let savedNew = try (0..<300).map(place)
        let saved = savedNew.enumerated().map { index, new in
            Place(id: Int64(index + 1), displayName: new.displayName, canonicalName: new.canonicalName, countryCode: "", admin1: "",
                  coordinate: new.coordinate, timeZone: "UTC", geonamesID: new.geonamesID, position: index + 1, addedAt: Date())
        }
        var expected: [NewPlace] = []
        var skipped = 0
        for new in incoming {
            if saved.contains(where: new.isSame(as:)) || expected.contains(where: { $0.isSame(as: new) }) { skipped += 1 } else { expected.append(new) }
        }
        let plan = PlaceImport.plan(incoming, saved: saved)
        #expect(plan.add == expected)
        #expect(plan.skipped == skipped)
        #expect(skipped > 100 && expected.count > 100, "the sample has both kinds")
    }

    /// 32 MB of newlines took 2.4 GB and 32 MB of commas 1.1 GB: a record is
    /// now read one at a time and its extra fields only counted.
    @Test func hugeRecordsAndBlankLinesCostNothing() throws {
        let commas = Self.header + String(repeating: ",", count: 2_000_000)
        #expect(throws: ImportError.row(1, .columns(found: 2_000_001, expected: 8))) { try PlaceImport.read(Data(commas.utf8)) }
        let blank = Self.header + String(repeating: "\n", count: 2_000_000)
        #expect(try PlaceImport.read(Data(blank.utf8)).places.isEmpty)
        let headerOfCommas = String(repeating: ",", count: 100_000)
        #expect(throws: ImportError.badHeader) { try PlaceImport.read(Data(headerOfCommas.utf8)) }
    }

    @Test func moreThanAnyExportHoldsIsRefused() throws {
        let row = "A,A,,,1,1,UTC,\r\n"
        let csv = Self.header + String(repeating: row, count: PlaceImport.maximumPlaces + 1)
        #expect(throws: ImportError.tooManyPlaces(maximum: PlaceImport.maximumPlaces)) { try PlaceImport.read(Data(csv.utf8)) }
        let place = #"{"label":"A","name":"A","country":"","region":"","latitude":1,"longitude":1,"timezone":"UTC"}"#
        let json = #"{"format":"forecast-places","version":1,"places":["# + Array(repeating: place, count: PlaceImport.maximumPlaces + 1).joined(separator: ",") + "]}"
        #expect(throws: ImportError.tooManyPlaces(maximum: PlaceImport.maximumPlaces)) { try PlaceImport.read(Data(json.utf8)) }
    }

    /// `import /etc/shadow` printed the file's first line.
    @Test func aFileThatIsNoExportIsNotQuoted() async throws {
        let cli = try InProcessCLI()
        let folder = TemporaryFolder()
        let secret = folder.path("shadow")
        try Data("root:$6$SECRETSALT$hashhashhash:19000:0:99999:7:::\nbin:*:19000::::::\n".utf8).write(to: URL(fileURLWithPath: secret))
        let result = await cli.run("import", secret)
        #expect(result.status == 1)
        #expect(!result.stderr.contains("SECRET") && !result.stderr.contains("root"), "\(result.stderr)")
        #expect(result.stderr.contains("not a forecast export"))
    }
}
