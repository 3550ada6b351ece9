import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer

/// The time zone and country boundaries compiled into the binary
/// (scripts/build_zones.py): every point on land gets its zone and country,
/// the sea none.
@Suite struct ZoneBoundaryTests {
    let gazetteer = Gazetteer.bundled

    func zone(_ latitude: Double, _ longitude: Double) throws -> (zone: String, country: String?)? {
        gazetteer.zone(at: try Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Places, among them those issue 38 found 100 km from any city of
    /// 15,000 (Lofoten was Etc/GMT-1, Kansas Etc/GMT+7, both without a country).
    @Test(arguments: [
        (68.23, 14.56, "Europe/Oslo", "NO"),  // Lofoten
        (37.2, -99.0, "America/Chicago", "US"),  // Kansas
        (61.94, 5.11, "Europe/Oslo", "NO"),  // Måløy
        (78.22, 15.65, "Arctic/Longyearbyen", "SJ"),  // Svalbard: Longyearbyen
        (79.0, 20.0, "Arctic/Longyearbyen", "SJ"),  // Svalbard: Nordaustlandet
        (47.14, 9.52, "Europe/Vaduz", "LI"),
        (64.85, -147.7, "America/Anchorage", "US"),  // Fairbanks
        (-82.71, 3.88, "Antarctica/Troll", "AQ"),  // the data's Antarctic sectors
        (-78.0, 106.9, "Antarctica/Vostok", "AQ"),
    ])
    func placesGetTheirZoneAndCountry(latitude: Double, longitude: Double, zone: String, country: String) throws {
        let found = try #require(try self.zone(latitude, longitude))
        #expect(found.zone == zone && found.country == country, "\(latitude), \(longitude): \(found)")
    }

    /// Either side of a border, a few kilometres apart.
    @Test(arguments: [
        (48.5734, 7.7521, "Europe/Paris", "FR"),  // Strasbourg
        (48.5723, 7.8150, "Europe/Berlin", "DE"),  // Kehl, across the Rhine
        (31.7587, -106.4869, "America/Denver", "US"),  // El Paso
        (31.6904, -106.4245, "America/Ciudad_Juarez", "MX"),  // Ciudad Juárez
        (51.4365, 4.9275, "Europe/Brussels", "BE"),  // Baarle-Hertog, Belgian enclaves in the Netherlands
        (51.4455, 4.9305, "Europe/Amsterdam", "NL"),  // Baarle-Nassau
        (-29.3151, 27.4869, "Africa/Maseru", "LS"),  // Maseru: Lesotho, a hole in South Africa
        (-29.85, 31.02, "Africa/Johannesburg", "ZA"),  // Durban
    ])
    func bordersAndEnclaves(latitude: Double, longitude: Double, zone: String, country: String) throws {
        let found = try #require(try self.zone(latitude, longitude))
        #expect(found.zone == zone && found.country == country, "\(latitude), \(longitude): \(found)")
    }

    /// The boundaries are cut at the antimeridian: Fiji and Chukotka lie on
    /// both sides of it, and a point on it (±180°) is on either edge.
    @Test(arguments: [
        (-17.8, 178.0, "Pacific/Fiji", "FJ"), (-16.5, -179.95, "Pacific/Fiji", "FJ"), (-16.78, 179.99, "Pacific/Fiji", "FJ"),
        (-16.85, 180.0, "Pacific/Fiji", "FJ"), (-16.85, -180.0, "Pacific/Fiji", "FJ"),
        (64.73, 177.5, "Asia/Anadyr", "RU"), (65.0, -179.9, "Asia/Anadyr", "RU"),  // Chukotka
        (71.2, 180.0, "Asia/Anadyr", "RU"), (71.2, -180.0, "Asia/Anadyr", "RU"),  // Wrangel Island
        (71.3, 179.9999, "Asia/Anadyr", "RU"), (71.3, -179.9999, "Asia/Anadyr", "RU"),
    ])
    func theAntimeridian(latitude: Double, longitude: Double, zone: String, country: String) throws {
        let found = try #require(try self.zone(latitude, longitude))
        #expect(found.zone == zone && found.country == country, "\(latitude), \(longitude): \(found)")
    }

    /// Beyond the territorial waters there is no zone and no country.
    @Test(arguments: [(30.0, -40.0), (-48.88, -123.39), (0.0, 0.0), (-30.0, -150.0), (-45.0, 160.0), (50.4, -0.14), (90.0, 0.0), (0.0, 180.0)])
    func theSeaHasNone(latitude: Double, longitude: Double) throws {
        #expect(try zone(latitude, longitude) == nil, "\(latitude), \(longitude)")
    }

    /// A zone shared among countries gives each part its own: Asia/Bangkok is
    /// Thailand's and northern Vietnam's, Europe/Belgrade Serbia's and Kosovo's.
    @Test func sharedZonesHaveTheirCountries() throws {
        #expect(try zone(21.03, 105.85).map { [$0.zone, $0.country] } == ["Asia/Bangkok", "VN"], "Hanoi")
        #expect(try zone(13.75, 100.5).map { [$0.zone, $0.country] } == ["Asia/Bangkok", "TH"], "Bangkok")
        #expect(try zone(42.66, 21.16).map { [$0.zone, $0.country] } == ["Europe/Belgrade", "XK"], "Pristina")
        #expect(try zone(44.8, 20.46).map { [$0.zone, $0.country] } == ["Europe/Belgrade", "RS"], "Belgrade")
    }

    /// Every zone in the data is one this system's tz database knows, and has a country.
    @Test func everyZoneIsKnownHere() {
        let zones = gazetteer.zones.zones
        #expect(zones.count == 419)
        for (zone, country) in zones {
            #expect(TimeZone(identifier: zone) != nil, "\(zone)")
            #expect(country?.count == 2, "\(zone)")
        }
    }

    /// Every city of the gazetteer, looked up at its own coordinate: the zone
    /// is its GeoNames zone for 33,896 of 34,006 (99.68%; the full-resolution
    /// boundaries, through timezonefinder, agree on 33,897), the country its
    /// GeoNames country for 33,989 (99.95%). Most of the rest are where the
    /// two sources disagree, not the simplification: northern Vietnam is
    /// Asia/Bangkok in the boundaries (35 cities GeoNames puts in
    /// Asia/Ho_Chi_Minh), Yucatán America/Mexico_City (18 America/Merida),
    /// the West Bank's cities and settlements (PS/IL), Macau's neighbours in
    /// China (4 CN in Asia/Macau); one city, in Croatia, is at sea.
    @Test func theGazetteersCitiesAgree() {
        var zones = 0, countries = 0, total = 0
        var mismatches: [String: Int] = [:]
        for city in gazetteer.allCities().map(\.city) {
            total += 1
            let found = gazetteer.zone(at: city.coordinate)
            if found?.zone == city.timeZone { zones += 1 } else { mismatches["\(city.timeZone) → \(found?.zone ?? "sea")", default: 0] += 1 }
            if found?.country == city.countryCode { countries += 1 }
        }
        #expect(total == 34006)
        #expect(zones == 33896, "\(mismatches.sorted { $0.value > $1.value }.prefix(10))")
        #expect(countries == 33989)
        #expect(mismatches["Asia/Ho_Chi_Minh → Asia/Bangkok"] == 35 && mismatches["America/Merida → America/Mexico_City"] == 18)
    }
}

/// The lookup itself on boundaries made here: holes, the slivers'
/// tolerance, the order polygons are tried in.
@Suite struct ZoneBoundaryLookupTests {
    /// Boundaries of `rings` (each a list of (x, y) units, ten to a degree) and
    /// `polygons` (zone index, ring indices: the outline first), laid out as
    /// scripts/build_zones.py lays them out, in blocks of two vertices.
    func withBoundaries(
        names: String, rings: [[(Int, Int)]], polygons: [(zone: Int, rings: [Int])], tolerance: Int32 = 1,
        _ body: (ZoneBoundaries) -> Void
    ) {
        let block = 2
        var ringRows: [Int32] = [], blockRows: [Int32] = [], bytes: [UInt8] = []
        func varint(_ value: Int) {
            var z = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
            while z >= 0x80 {
                bytes.append(UInt8(z & 0x7F) | 0x80)
                z >>= 7
            }
            bytes.append(UInt8(z))
        }
        for ring in rings {
            ringRows += [Int32(blockRows.count / 7), Int32(ring.count)]
            for start in stride(from: 0, to: ring.count, by: block) {
                let part = Array(ring[start..<min(start + block, ring.count)])
                let bridge = ring[(start + block) % ring.count]
                let all = part + [bridge]
                blockRows += [Int32(bytes.count), Int32(part[0].0), Int32(part[0].1)]
                blockRows += [all.map(\.0).min(), all.map(\.1).min(), all.map(\.0).max(), all.map(\.1).max()].map { Int32($0 ?? 0) }
                for (a, b) in zip(part, part.dropFirst()) {
                    varint(b.0 - a.0)
                    varint(b.1 - a.1)
                }
            }
        }
        var polygonRows: [Int32] = []
        var ringIndex = 0
        for polygon in polygons {
            let outline = rings[polygon.rings[0]]
            polygonRows += [outline.map(\.0).min(), outline.map(\.1).min(), outline.map(\.0).max(), outline.map(\.1).max()].map { Int32($0 ?? 0) }
            polygonRows += [Int32(polygon.zone), Int32(ringIndex), Int32(polygon.rings.count)]
            #expect(polygon.rings == Array(ringIndex..<ringIndex + polygon.rings.count), "rings in polygon order")
            ringIndex += polygon.rings.count
        }
        let meta: [Int32] = [1, 10, Int32(block), tolerance], nameBytes = Array(names.utf8), towns: [Int32] = []
        meta.withUnsafeBufferPointer { meta in
            nameBytes.withUnsafeBufferPointer { names in
                polygonRows.withUnsafeBufferPointer { polygonRows in
                    ringRows.withUnsafeBufferPointer { ringRows in
                        blockRows.withUnsafeBufferPointer { blockRows in
                            towns.withUnsafeBufferPointer { towns in
                                bytes.withUnsafeBufferPointer { bytes in
                                    body(ZoneBoundaries(
                                        meta: meta, names: names, polygons: polygonRows, rings: ringRows, blocks: blockRows,
                                        towns: towns, vertices: bytes))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static let square: [(Int, Int)] = [(0, 0), (100, 0), (100, 100), (0, 100)]
    static let hole: [(Int, Int)] = [(40, 40), (60, 40), (60, 60), (40, 60)]

    /// "zone country" at a point (in range: the tests' own), "-" for no country.
    func at(_ zones: ZoneBoundaries, _ latitude: Double, _ longitude: Double) -> String? {
        (try? Coordinate(latitude: latitude, longitude: longitude)).flatMap { zones.zone(at: $0) }
            .map { "\($0.zone) \($0.country ?? "-")" }
    }

    /// A point in a hole is not in the polygon around it: the next polygon
    /// that holds it answers (an enclave), else none does (a lake left out).
    @Test func holes() {
        withBoundaries(
            names: "Test/Outer\tAA\nTest/Inner\tBB\n", rings: [Self.square, Self.hole, Self.hole],
            polygons: [(0, [0, 1]), (1, [2])]
        ) { zones in
            #expect(at(zones, 2, 2) == "Test/Outer AA")
            #expect(at(zones, 5, 5) == "Test/Inner BB")
            #expect(at(zones, 9.9, 9.9) == "Test/Outer AA")
            #expect(at(zones, 20, 20) == nil)
        }
        withBoundaries(names: "Test/Outer\t\n", rings: [Self.square, Self.hole], polygons: [(0, [0, 1])]) { zones in
            #expect(at(zones, 5, 5) == nil, "in the hole, and nothing else there")
            #expect(at(zones, 3, 5) == "Test/Outer -", "a zone without a country")
        }
    }

    /// Just outside a polygon, within the tolerance (the slivers simplification
    /// leaves between neighbours), the polygon answers; beyond it, nothing.
    @Test func theSlivers() {
        withBoundaries(names: "Test/Outer\tAA\n", rings: [Self.square], polygons: [(0, [0])], tolerance: 2) { zones in
            #expect(at(zones, 5, 10.2) == "Test/Outer AA")
            #expect(at(zones, 10.1, 10.1) == "Test/Outer AA", "by a corner")
            #expect(at(zones, 5, 10.3) == nil)
            #expect(at(zones, -0.25, 5) == nil)
        }
    }

    /// Tables that do not hang together (a ring past the end) leave no polygons, and no lookup reads past them.
    @Test func brokenTablesAreTheSea() {
        withBoundaries(names: "Test/Outer\tAA\n", rings: [Self.square], polygons: [(0, [0])]) { zones in
            #expect(at(zones, 5, 5) == "Test/Outer AA")
        }
        let meta: [Int32] = [1, 10, 2, 1], polygons: [Int32] = [0, 0, 100, 100, 0, 0, 1], rings: [Int32] = [5, 4]
        let names = Array("Test/Outer\tAA\n".utf8), empty: [Int32] = [], bytes: [UInt8] = []
        meta.withUnsafeBufferPointer { meta in
            names.withUnsafeBufferPointer { names in
                polygons.withUnsafeBufferPointer { polygons in
                    rings.withUnsafeBufferPointer { rings in
                        empty.withUnsafeBufferPointer { empty in
                            bytes.withUnsafeBufferPointer { bytes in
                                let zones = ZoneBoundaries(
                                    meta: meta, names: names, polygons: polygons, rings: rings, blocks: empty, towns: empty, vertices: bytes)
                                #expect(at(zones, 5, 5) == nil)
                            }
                        }
                    }
                }
            }
        }
    }
}
