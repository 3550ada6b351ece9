// The sun and the moon of a `list`, timed on their own (scripts/bench,
// section 11): what every row computes for its place (`ReportRow`: today's
// sunrise, sunset and civil twilight, then the moon's phase), for N places
// spread over the globe and the zones `scripts/bench` gives them, in the
// process's CPU time. Not a test and not shipped: `scripts/bench` builds and
// runs it beside `forecast list` of the same number of places.
//
//   forecast-sky-bench [places] [runs]     prints one JSON line
import ForecastCore
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

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let count = max(1, min(100_000, arguments.first ?? 1000))
let runs = max(1, min(100, arguments.dropFirst().first ?? 10))
// scripts/bench's places(): the same coordinates and zones.
let zones = ["Asia/Seoul", "Europe/London", "America/New_York", "Australia/Sydney", "Africa/Cairo",
             "America/Sao_Paulo", "Asia/Kolkata", "Europe/Berlin"]
var places: [Place] = []
for i in 0..<count {
    let latitude = Double(-60 + (i * 37) % 130) + Double(i) / 10000
    let longitude = Double(-179 + (i * 71) % 358) + Double(i) / 10000
    guard let coordinate = try? Coordinate(latitude: latitude, longitude: min(180, longitude)) else { continue }
    places.append(Place(
        id: Int64(i + 1), displayName: "P\(i)", canonicalName: "P\(i)", countryCode: "", admin1: "", coordinate: coordinate,
        timeZone: zones[i % zones.count], geonamesID: nil, position: i + 1, addedAt: Date(timeIntervalSince1970: 0)))
}
let now = Date()
var samples: [Double] = []
var checksum = 0
for _ in 0..<runs {
    let start = cpuSeconds()
    for place in places {
        let sun = Sky.today(place, now: now)
        let moon = Moon.phase(at: now)
        checksum &+= sun.minutes &+ moon.percent
    }
    samples.append(cpuSeconds() - start)
}
samples.sort()
let median = samples[samples.count / 2]
print("{\"places\": \(places.count), \"runs\": \(runs), \"cpu_median_ms\": \(String(format: "%.2f", median * 1000)), "
    + "\"cpu_min_ms\": \(String(format: "%.2f", samples[0] * 1000)), \"cpu_max_ms\": \(String(format: "%.2f", samples[samples.count - 1] * 1000)), "
    + "\"checksum\": \(checksum)}")
