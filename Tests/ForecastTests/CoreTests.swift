import Foundation
import Testing
@testable import ForecastCore

@Suite struct CoordinateTests {
    @Test func acceptsTheWholeValidRange() throws {
        for (lat, lon) in [(0.0, 0.0), (90, 180), (-90, -180), (37.5665, 126.978)] {
            let c = try Coordinate(latitude: lat, longitude: lon)
            #expect(c.latitude == lat && c.longitude == lon)
        }
    }

    @Test(arguments: [(90.0001, 0.0), (-91, 0), (0, 180.5), (0, -181), (.nan, 0), (0, .infinity)])
    func rejectsOutOfRange(lat: Double, lon: Double) {
        #expect(throws: InputError.self) { try Coordinate(latitude: lat, longitude: lon) }
    }

    @Test func parsesNumbersWithoutLocale() throws {
        #expect(try Coordinate.parseDegrees(" -33.5 ", field: .latitude) == -33.5)
        #expect(throws: InputError.notANumber(.latitude, "37,5")) { try Coordinate.parseDegrees("37,5", field: .latitude) }
        #expect(throws: InputError.self) { try Coordinate.parseDegrees("north", field: .latitude) }
        #expect(throws: InputError.self) { try Coordinate.parseDegrees("nan", field: .latitude) }
        // Double alone reads hexadecimal: "0x1p3" was 8°.
        #expect(throws: InputError.notANumber(.latitude, "0x1p3")) { try Coordinate.parseDegrees("0x1p3", field: .latitude) }
        #expect(throws: InputError.self) { try Coordinate.parseDegrees("inf", field: .latitude) }
        #expect(try Coordinate.parseDegrees("+1.5e1", field: .latitude) == 15)
    }

    @Test func describesWithAPointAndTrimmedZeros() throws {
        #expect(try Coordinate(latitude: 51.5, longitude: -0.12).description == "51.5, -0.12")
        #expect(try Coordinate(latitude: -0.00001, longitude: 126.97840).description == "0, 126.9784")
    }

    @Test func measuresDistance() throws {
        let seoul = try Coordinate(latitude: 37.566, longitude: 126.9784)
        let busan = try Coordinate(latitude: 35.10168, longitude: 129.03004)
        #expect(abs(seoul.distance(to: busan) - 325) < 5)
        #expect(seoul.distance(to: seoul) == 0)
    }
}

@Suite struct PlaceNameTests {
    @Test func trimsAndCollapsesWhitespace() throws {
        #expect(try PlaceName("  New   York ").value == "New York")
    }

    @Test func keepsQuotesAndSQLLiterally() throws {
        let name = #"Robert'); DROP TABLE place;-- "quoted""#
        #expect(try PlaceName(name).value == name)
    }

    @Test func rejectsEmptyControlAndLongNames() {
        #expect(throws: InputError.empty(.name)) { try PlaceName("   ") }
        #expect(throws: InputError.unsafeCharacters(.label, "a\u{7}b")) { try PlaceName("a\u{7}b", what: .label) }
        #expect(throws: InputError.unsafeCharacters(.label, "a\u{202E}b")) { try PlaceName("a\u{202E}b", what: .label) }
        #expect(throws: InputError.invisible(.label)) { try PlaceName("\u{200B}\u{2060}", what: .label) }
        #expect(throws: InputError.tooLong(.name, length: 101, maximum: 100)) {
            try PlaceName(String(repeating: "x", count: 101))
        }
        #expect(throws: Never.self) { try PlaceName(String(repeating: "서", count: 100)) }
    }

    /// A label may not read as a position or an address: read character by
    /// character, as the patterns they replace (`-?[0-9]+`, `.*#\s*[0-9]+`) read them,
    /// on the label as it shows (what draws nothing left out).
    @Test(arguments: [
        "2", "-2", "007", "--2", "-", "2-", "+2", "2.5", "٣", "２", "1\u{301}", "2 ", " 2",
        "Seoul#1", "Seoul #2", "Seoul#  12", "Seoul#", "#1", "# 1", "Seoul#1a", "Seoul#1\u{301}", "Seoul ＃1",
        "Seoul#１", "a#b#3", "#", "1#", "Seoul # ", "x#\u{301}1", "Seoul", "서울#3", "🇰🇷#9",
        // What draws nothing does not hide a number or an address (it is read as shown).
        "\u{200B}1", "\u{FEFF}7", "1\u{200B}", "Seoul#\u{200B}1", "Home#\u{2060}2", "Home\u{AD}#2", "Home#\u{34F}2", "#\u{180E}3",
        "-\u{200D}4", "👨\u{200D}👩#5", "\u{200B} 1", "1 \u{200B}", "Home#2 \u{200B}", "Seoul#1 \u{200B}", "\u{2060} -7",
    ])
    func labelsThatReadAsPositionsOrAddressesAreRefused(label: String) throws {
        let collapsed = label.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let shown = String(String.UnicodeScalarView(collapsed.unicodeScalars.filter {
            !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .format
        })).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let number = shown.wholeMatch(of: /-?[0-9]+/) != nil
        let address = shown.wholeMatch(of: /.*#\s*[0-9]+/) != nil
        #expect(PlaceName.isWholeNumber(PlaceName.shown(collapsed)) == number, "\(label)")
        #expect(PlaceName.endsInAddress(PlaceName.shown(collapsed)) == address, "\(label)")
        if number {
            #expect(throws: InputError.numericLabel(collapsed)) { try PlaceName(label, what: .label) }
        } else if address {
            #expect(throws: InputError.addressLabel(collapsed)) { try PlaceName(label, what: .label) }
        } else {
            #expect(try PlaceName(label, what: .label).value == collapsed)
            #expect(try PlaceName(label).value == collapsed, "a name may be anything of these")
        }
    }
}

@Suite struct SearchKeyTests {
    @Test func ignoresCaseAccentsAndWidth() {
        #expect(SearchKey.fold("São Paulo") == "sao paulo")
        #expect(SearchKey.fold("ＳＥＯＵＬ") == "seoul")
        #expect(SearchKey.fold("Łódź") == "lodz")
        #expect(SearchKey.fold("  Kraków   Old Town ") == "krakow old town")
        #expect(SearchKey.fold("Straße") == "strasse")
    }

    @Test func matchesNFCAndNFDHangul() {
        let nfc = "서울"
        let nfd = nfc.decomposedStringWithCanonicalMapping
        #expect(Array(nfc.unicodeScalars) != Array(nfd.unicodeScalars))
        #expect(SearchKey.fold(nfd) == nfc)
        #expect(SearchKey.fold(nfc) == nfc)
    }
}

@Suite struct TemperatureUnitTests {
    @Test func converts() {
        #expect(TemperatureUnit.celsius.convert(celsius: 21.5) == 21.5)
        #expect(TemperatureUnit.fahrenheit.convert(celsius: 100) == 212)
        #expect(TemperatureUnit.fahrenheit.convert(celsius: -40) == -40)
        #expect(TemperatureUnit.kelvin.convert(celsius: 0) == 273.15)
    }

    @Test func parsesNamesAndLetters() {
        #expect(TemperatureUnit(argument: "F") == .fahrenheit)
        #expect(TemperatureUnit(argument: "kelvin") == .kelvin)
        #expect(TemperatureUnit(argument: "c") == .celsius)
        #expect(TemperatureUnit(argument: "rankine") == nil)
    }
}

func samplePlace(_ id: Int64, _ name: String, position: Int) -> Place {
    Place(
        id: id, displayName: name, canonicalName: name, countryCode: "KR", admin1: "11",
        coordinate: try! Coordinate(latitude: 37, longitude: 127), timeZone: "Asia/Seoul",
        geonamesID: Int(id), position: position, addedAt: Date(timeIntervalSince1970: 0))
}

@Suite struct OrderingTests {
    let places = [
        samplePlace(1, "seoul", position: 3), samplePlace(2, "Busan", position: 1),
        samplePlace(3, "Évora", position: 2), samplePlace(4, "Almaty", position: 4),
    ]

    @Test func sortsByNameIgnoringCaseAndAccents() {
        let names = PlaceOrdering.sorted(places, by: PlaceSort(key: .name)).map(\.displayName)
        #expect(names == ["Almaty", "Busan", "Évora", "seoul"])
        let reversed = PlaceOrdering.sorted(places, by: PlaceSort(key: .name, descending: true)).map(\.displayName)
        #expect(reversed == ["seoul", "Évora", "Busan", "Almaty"])
    }

    @Test func customFollowsPositions() {
        #expect(PlaceOrdering.sorted(places, by: .custom).map(\.id) == [2, 3, 1, 4])
    }

    @Test func placesWithoutAValueComeLastEitherWay() {
        let temperature: [Int64: Double] = [1: 5, 2: -3, 4: 30]
        let up = PlaceOrdering.sorted(places, by: PlaceSort(key: .temperature)) { temperature[$0.id] }
        #expect(up.map(\.id) == [2, 1, 4, 3])
        let down = PlaceOrdering.sorted(places, by: PlaceSort(key: .temperature, descending: true)) { temperature[$0.id] }
        #expect(down.map(\.id) == [4, 1, 2, 3])
    }

    @Test func zeroIsAValueNotMissing() {
        let humidity: [Int64: Double] = [1: 0, 2: 50]
        let order = PlaceOrdering.sorted(places, by: PlaceSort(key: .humidity)) { humidity[$0.id] }
        #expect(order.map(\.id) == [1, 2, 4, 3])
    }

    @Test func withoutAnyWeatherTemperatureFallsBackToName() {
        let order = PlaceOrdering.sorted(places, by: PlaceSort(key: .temperature))
        #expect(order.map(\.displayName) == ["Almaty", "Busan", "Évora", "seoul"])
    }

    @Test func pagingWrapsAround() {
        #expect(PlaceOrdering.page(from: 2, step: 1, count: 3) == 0)
        #expect(PlaceOrdering.page(from: 0, step: -1, count: 3) == 2)
        #expect(PlaceOrdering.page(from: 1, step: 1, count: 3) == 2)
        #expect(PlaceOrdering.page(from: nil, step: 1, count: 3) == 0)
        #expect(PlaceOrdering.page(from: nil, step: -1, count: 3) == 2)
        #expect(PlaceOrdering.page(from: 0, step: 1, count: 1) == 0)
        #expect(PlaceOrdering.page(from: nil, step: 1, count: 0) == nil)
    }
}

@Suite struct PlaceReferenceTests {
    let ordered = [
        samplePlace(10, "Springfield", position: 1), samplePlace(11, "Seoul", position: 2),
        samplePlace(12, "São Paulo", position: 3), samplePlace(13, "Springfield", position: 4),
    ]

    @Test func byPositionNameAndPrefix() throws {
        #expect(try PlaceReference.resolve("2", in: ordered).id == 11)
        #expect(try PlaceReference.resolve("SEOUL", in: ordered).id == 11)
        #expect(try PlaceReference.resolve("sao", in: ordered).id == 12)
        #expect(try PlaceReference.resolve(" se ", in: ordered).id == 11)
    }

    @Test func byTheSameGazetteerCity() throws {
        let lookup: PlaceReference.CityLookup = { $0 == "서울" ? [11] : [] }
        #expect(try PlaceReference.resolve("서울", in: ordered, cities: lookup).id == 11)
        #expect(throws: InputError.self) { try PlaceReference.resolve("서울", in: ordered) }
    }

    @Test func refusesWhatIsAmbiguousOrMissing() {
        #expect(throws: InputError.ambiguousReference("Springfield", matches: [
            .init(ordered[0], position: 1, number: 1), .init(ordered[3], position: 4, number: 2),
        ])) {
            try PlaceReference.resolve("Springfield", in: ordered)
        }
        #expect(throws: InputError.self) { try PlaceReference.resolve("S", in: ordered) }
        #expect(throws: InputError.positionOutOfRange(5, count: 4)) { try PlaceReference.resolve("5", in: ordered) }
        #expect(throws: InputError.positionOutOfRange(0, count: 4)) { try PlaceReference.resolve("0", in: ordered) }
        #expect(throws: InputError.noSavedMatch("Tokyo")) { try PlaceReference.resolve("Tokyo", in: ordered) }
        #expect(throws: InputError.self) { try PlaceReference.resolve("1", in: []) }
        #expect(throws: InputError.positionOutOfRange(-1, count: 4)) { try PlaceReference.resolve("-1", in: ordered) }
    }

    /// A label may be "+3" (only digits are refused as labels): it was read as position 3.
    @Test func onlyDigitsAreAPosition() throws {
        let places = [samplePlace(20, "First", position: 1), samplePlace(21, "Second", position: 2), samplePlace(22, "Third", position: 3),
                      samplePlace(23, "+3", position: 4)]
        #expect(try PlaceReference.resolve("+3", in: places).id == 23)
        #expect(try PlaceReference.resolve("3", in: places).id == 22)
    }
}

@Suite struct DisplayWidthTests {
    /// The control check needs no Unicode table: category Cc is exactly
    /// U+0000–001F and U+007F–009F, for every scalar there is.
    @Test func controlCharactersAreExactlyCategoryCc() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let control = scalar.properties.generalCategory == .control
            #expect(SafeText.isUnsafe(scalar) == (control || SafeText.bidiControls.contains(value)), "U+\(String(value, radix: 16))")
        }
    }

    @Test func countsTerminalColumns() {
        #expect(DisplayWidth.of("Seoul") == 5)
        #expect(DisplayWidth.of("서울") == 4)
        #expect(DisplayWidth.of("☀️") == 2)
        #expect(DisplayWidth.of("🌧") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("ＳＥ") == 4)
        #expect(DisplayWidth.of("서울".decomposedStringWithCanonicalMapping) == 4)
        // The scalar fast path agrees with measuring character by character.
        for text in ["3.5°C", "São Paulo", "서울특별시", "東京", "Zürich 12°", "a\u{AD}b", "서\u{301}울", "é\u{301}", "23 µg/m³", "北京 ☀️"] {
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text)")
        }
    }

    @Test func tablesLineUpWithHangulAndEmoji() {
        var table = TextTable(headers: ["Name", "Sky", "Temp"], alignments: [.left, .left, .right])
        table.append(["서울", "☀️", "3°"])
        table.append(["London", "🌧", "12°"])
        let lines = table.render()
        #expect(lines == ["Name    Sky  Temp", "서울    ☀️     3°", "London  🌧    12°"])
        #expect(Set(lines.map(DisplayWidth.of)).count == 1)
    }

    @Test func truncatesByColumns() {
        #expect(DisplayWidth.truncate("서울특별시", to: 5) == "서울…")
        #expect(DisplayWidth.truncate("Seoul", to: 5) == "Seoul")
    }
}

@Suite struct ZoneLocationTests {
    let table = """
        # comment\tline
        KR\t+3733+12658\tAsia/Seoul
        IN\t+2232+08822\tAsia/Kolkata
        US\t+404251-0740023\tAmerica/New_York\tEastern (most areas)
        """

    @Test func readsTheZoneName() {
        #expect(ZoneLocation.zoneName(tz: ":Asia/Seoul", localtimeTarget: nil) == "Asia/Seoul")
        #expect(ZoneLocation.zoneName(tz: nil, localtimeTarget: "/usr/share/zoneinfo/Europe/Berlin") == "Europe/Berlin")
        #expect(ZoneLocation.zoneName(tz: "", localtimeTarget: "../usr/share/zoneinfo/Etc/UTC") == "Etc/UTC")
        #expect(ZoneLocation.zoneName(tz: nil, localtimeTarget: nil) == nil)
    }

    @Test func findsTheZonesCity() throws {
        let seoul = try #require(ZoneLocation.coordinate(of: "Asia/Seoul", zoneTable: table))
        #expect(abs(seoul.latitude - 37.55) < 0.001 && abs(seoul.longitude - 126.9667) < 0.001)
        let newYork = try #require(ZoneLocation.coordinate(of: "America/New_York", zoneTable: table))
        #expect(abs(newYork.latitude - 40.7142) < 0.001 && abs(newYork.longitude + 74.0064) < 0.001)
        #expect(ZoneLocation.coordinate(of: "Etc/UTC", zoneTable: table) == nil)
    }

    /// A zone table with Arabic-Indic or full-width digits crashed `add --here` (a force unwrap).
    @Test func nonASCIIDigitsAreNoCoordinate() {
        let odd = "KR\t+٣٧٣٣+١٢٦٥٨\tAsia/Seoul\nJP\t+３５４２+１３９４６\tAsia/Tokyo\nXX\t+37\tEtc/Odd\nYY\t+\tEtc/Empty\n"
        #expect(ZoneLocation.coordinate(of: "Asia/Seoul", zoneTable: odd) == nil)
        #expect(ZoneLocation.coordinate(of: "Asia/Tokyo", zoneTable: odd) == nil)
        #expect(ZoneLocation.coordinate(of: "Etc/Odd", zoneTable: odd) == nil)
        #expect(ZoneLocation.coordinate(of: "Etc/Empty", zoneTable: odd) == nil)
    }
}

@Suite struct TableFittingTests {
    func table() -> TextTable {
        var table = TextTable(headers: ["#", "Name", "Local time", "Temp", "Feels", "Note"], alignments: [.right, .left, .left, .right, .right, .left])
        table.append(["1", "서울 Seoul", "Sun 21:04", "7°C", "6°C", "timeout: no complete answer within the 10 s budget (updated 3 h ago)"])
        table.append(["2", "Busan", "Sun 21:04", "8°C", "5°C", ""])
        return table
    }

    @Test func aPipeGetsTheWholeTable() {
        #expect(table().fitted(width: nil, flexible: 5, dropOrder: [4, 2]) == table().render())
    }

    @Test func theNoteShrinksFirstWithAnEllipsis() {
        let lines = table().fitted(width: 60, flexible: 5, dropOrder: [4, 2])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(lines)")
        #expect(lines[0].contains("Feels") && lines[0].contains("Local time"), "no column dropped while the note could shrink")
        #expect(lines[1].hasSuffix("…") && lines[1].contains("timeout: no"))
    }

    /// A note cut to make room stayed cut after a column went, though it then fit whole ("no weat…").
    @Test func aNoteGetsBackTheRoomADroppedColumnLeaves() {
        var table = TextTable(headers: ["#", "Name", "Weather", "Temp", "Rain", "Note"], alignments: [.right, .left, .left, .right, .right, .left])
        table.append(["1", "Seoul", "–", "–", "–", "no weather yet"])
        table.append(["2", "Busan", "Partly cloudy, long words", "7°C", "10%", ""])
        let lines = table.fitted(width: 50, flexible: 5, dropOrder: [2])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(lines)")
        #expect(lines[1].hasSuffix("no weather yet"), "\(lines)")
    }

    @Test func thenColumnsGoInTheOrderGiven() {
        let lines = table().fitted(width: 36, flexible: 5, dropOrder: [4, 2])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 36 }, "\(lines)")
        #expect(!lines[0].contains("Feels") && !lines[0].contains("Local time") && lines[0].contains("Temp"))
        #expect(lines[1].contains("서울 Seoul") && lines[1].contains("7°C"), "Hangul still lines up: \(lines)")
        #expect(DisplayWidth.of(lines.last!) <= 36)
        let narrowest = table().fitted(width: 12, flexible: 5, dropOrder: [4, 2])
        #expect(narrowest.allSatisfy { DisplayWidth.of($0) <= 12 }, "as a last resort, lines are cut: \(narrowest)")
    }
}
