import Foundation
import ForecastCore
import ForecastStore

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

func newPlace(_ name: String, lat: Double, lon: Double, geonamesID: Int?, country: String = "KR") -> NewPlace {
    NewPlace(
        displayName: name, canonicalName: name, countryCode: country, admin1: "",
        coordinate: try! Coordinate(latitude: lat, longitude: lon), timeZone: "Asia/Seoul", geonamesID: geonamesID)
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
