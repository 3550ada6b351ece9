import Foundation
import ForecastCore
import ForecastStore
import ForecastViews
import ForecastGazetteer

/// A folder of its own for each test, removed afterwards.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(path: "forecast-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appending(path: name).path }
}

func newPlace(_ name: String, lat: Double, lon: Double, geonamesID: Int?, country: String = "KR", zone: String = "Asia/Seoul") -> NewPlace {
    NewPlace(
        displayName: name, canonicalName: name, countryCode: country, admin1: "",
        coordinate: try! Coordinate(latitude: lat, longitude: lon), timeZone: zone, geonamesID: geonamesID)
}

let seoul = newPlace("Seoul", lat: 37.566, lon: 126.9784, geonamesID: 1835848)
let busan = newPlace("Busan", lat: 35.10168, lon: 129.03004, geonamesID: 1838524)
let daegu = newPlace("Daegu", lat: 35.87028, lon: 128.59111, geonamesID: 1835329)
let almaty = newPlace("Almaty", lat: 43.25, lon: 76.91, geonamesID: 1526384, country: "KZ")

/// Runs CPU-heavy test work on a thread of its own. The cooperative pool has
/// as many threads as cores (two on CI); seconds of work there would stall the
/// in-process stub servers that other tests' binaries are talking to.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { done in
        DispatchQueue.global().async { done.resume(returning: work()) }
    }
}

/// The line under a table of weather that says whose weather it is: tests of
/// a table's rows count them without it, and check it on its own.
enum CreditLine {
    static func strip(_ lines: [String]) -> (lines: [String], credit: String?) {
        guard let last = lines.last else { return (lines, nil) }
        let text = last.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("Weather: ") || text.hasPrefix("날씨: ") else { return (lines, nil) }
        var kept = Array(lines.dropLast())
        // show leaves a blank line above it.
        if last.hasPrefix("  "), kept.last == "" { kept.removeLast() }
        return (kept, text)
    }
}

extension WeatherCondition {
    /// Its words in the English catalog, as every face says it.
    var english: String { Language.en.words(.bundled).condition(self) }
    /// Its words in the Korean catalog.
    var korean: String { Language.ko.words(.bundled).condition(self) }
    /// A condition as the cache might hold it, whatever wrote it.
    init(kind: Kind, code: String) {
        let json = try? JSONEncoder().encode(["kind": kind.rawValue, "code": code])
        self = json.flatMap { try? JSONDecoder().decode(WeatherCondition.self, from: $0) } ?? .unknown(code)
    }
}
