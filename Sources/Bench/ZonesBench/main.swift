// The time zone boundaries (ForecastGazetteer's ZoneBoundaries) timed on
// their own: lookups per second at random points (land and sea, as they
// fall), at the gazetteer's cities (all on land), and at sea; then how many
// of the gazetteer's cities the boundaries give the zone and the country
// GeoNames gives them. Not a test and not shipped:
//
//   swift build -c release --product forecast-zones-bench && .build/release/forecast-zones-bench [points]
//   forecast-zones-bench --read < points     ("lat lon [zone]" lines: each point's answer)
import ForecastCore
import ForecastGazetteer
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Lookups a second over `points`, and how many found land.
func time(_ points: [Coordinate], _ zones: ZoneBoundaries) -> (perSecond: Double, land: Int) {
    let start = cpuSeconds()
    var land = 0
    for point in points where zones.zone(at: point) != nil { land += 1 }
    return (Double(points.count) / max(cpuSeconds() - start, 1e-9), land)
}

// `--read`: "latitude longitude [zone]" lines on stdin, each answered "zone country" (or "sea"),
// and with a zone given, how many agree (a comparison with the full-resolution boundaries).
if CommandLine.arguments.dropFirst().first == "--read" {
    var agree = 0, given = 0
    while let line = readLine() {
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let lat = Double(fields[0]), let lon = Double(fields[1]),
              let point = try? Coordinate(latitude: lat, longitude: lon) else { continue }
        let found = Gazetteer.bundled.zone(at: point)
        let answer = found.map { "\($0.zone) \($0.country ?? "-")" } ?? "sea"
        if fields.count >= 3 {
            given += 1
            if (found?.zone ?? "sea") == fields[2] { agree += 1 } else { print("\(line) → \(answer)") }
        } else {
            print("\(line) → \(answer)")
        }
    }
    if given > 0 { print("agree \(agree) of \(given)") }
    exit(0)
}

let count = max(1, min(10_000_000, CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 100_000))
var generator = SystemRandomNumberGenerator()
let random = (0..<count).compactMap { _ in
    try? Coordinate(latitude: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi,
                    longitude: Double.random(in: -180...180, using: &generator))
}
let zones = Gazetteer.bundled.zones
let cities = Gazetteer.bundled.allCities().map(\.city)
let randomTime = time(random, zones)
let cityTime = time(cities.map(\.coordinate), zones)
let sea = random.filter { zones.zone(at: $0) == nil }
let seaTime = time(sea, zones)
var zoneAgree = 0, countryAgree = 0
var mismatches: [String: Int] = [:]
for city in cities {
    let found = zones.zone(at: city.coordinate)
    if found?.zone == city.timeZone { zoneAgree += 1 } else { mismatches["\(city.timeZone) → \(found?.zone ?? "sea")", default: 0] += 1 }
    if found?.country == city.countryCode { countryAgree += 1 } else { mismatches["\(city.countryCode) → \(found?.country ?? "none")", default: 0] += 1 }
}
print(String(format: "random points: %.0f lookups/s (%d of %d on land); cities: %.0f/s; sea: %.0f/s",
             randomTime.perSecond, randomTime.land, random.count, cityTime.perSecond, seaTime.perSecond))
print(String(format: "cities: zone agrees %d of %d (%.2f%%), country %d (%.2f%%)", zoneAgree, cities.count,
             100 * Double(zoneAgree) / Double(cities.count), countryAgree, 100 * Double(countryAgree) / Double(cities.count)))
for (what, n) in mismatches.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }).prefix(40) {
    print("  \(n)\t\(what)")
}
