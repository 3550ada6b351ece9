import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// A small deterministic generator (SplitMix64), so a failure is repeatable.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Thousands of mutated recorded answers through every decoder. Nothing may
/// crash, and whatever is accepted must be within bounds and clean.
@Suite(.serialized) struct DecoderFuzzTests {
    nonisolated(unsafe) static let hostileValues: [Any] = [
        1e300, -1e300, 1e20, -1e20, Double.greatestFiniteMagnitude, 9_223_372_036_854_775_807, -9_223_372_036_854_775_808,
        "nan", "NaN", "Infinity", "-inf", "", "\u{1B}]0;x\u{07}", "\u{202E}evil", "999999999999999-01-01T00:00",
        [1, 2, 3], ["a": 1], NSNull(), true, 0, -1, 0.5, 1e-300, 18 * 3600 + 1, "2026-13-45T99:99",
    ]

    /// Changes one randomly chosen value somewhere inside `json`.
    static func mutate(_ json: Any, _ random: inout SeededRandom) -> Any {
        switch json {
        case var object as [String: Any] where !object.isEmpty:
            let key = object.keys.sorted()[Int.random(in: 0..<object.count, using: &random)]
            switch Int.random(in: 0..<10, using: &random) {
            case 0: object[key] = nil
            case 1: object[key] = hostileValues.randomElement(using: &random)!
            default: object[key] = mutate(object[key]!, &random)
            }
            return object
        case var array as [Any] where !array.isEmpty:
            let index = Int.random(in: 0..<array.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: array.remove(at: index)
            case 1: array[index] = hostileValues.randomElement(using: &random)!
            case 2: array.append(array[index])
            default: array[index] = mutate(array[index], &random)
            }
            return array
        default:
            return hostileValues.randomElement(using: &random)!
        }
    }

    /// Bytes changed at random: truncations, flips, insertions.
    static func corrupt(_ data: Data, _ random: inout SeededRandom) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return data }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.removeLast(Int.random(in: 0..<bytes.count, using: &random))
        case 1:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        default: bytes.insert(contentsOf: Array("\u{1B}[31m".utf8), at: Int.random(in: 0..<bytes.count, using: &random))
        }
        return Data(bytes)
    }

    static func mutated(_ json: Any, _ random: inout SeededRandom) -> Data {
        var value = json
        for _ in 0..<Int.random(in: 1...4, using: &random) { value = mutate(value, &random) }
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data()
        return Int.random(in: 0..<5, using: &random) == 0 ? corrupt(data, &random) : data
    }

    /// What every accepted report must be: plausible (validation is idempotent) and its zone a real one.
    static func expectSound(_ outcome: PlaceOutcome, _ context: String) {
        guard case .success(let report) = outcome else {
            if case .failure(let error) = outcome {
                #expect(!error.message.unicodeScalars.contains { SafeText.isUnsafe($0) }, "\(context): \(error.message)")
            }
            return
        }
        #expect((try? report.validated(now: report.observedAt)) != nil, "\(context): accepted an implausible report")
        if let zone = report.timeZone { #expect(SafeText.timeZone(zone) == zone, "\(context): \(zone)") }
    }

    @Test func openMeteoAnswers() async {
        await offThePool { Self.openMeteoAnswersFuzz() }
    }

    static func openMeteoAnswersFuzz() {
        var random = SeededRandom(seed: 20261122)
        let provider = OpenMeteoProvider(batchSize: 3)
        let places = (1...3).map { PlaceQuery(id: Int64($0), coordinate: try! Coordinate(latitude: Double($0), longitude: 0), timeZone: "UTC") }
        let single = Fixture.current("openmeteo_current_plus_daily_london_2026.json", now: january2026)
        let hourly = Fixture.current("openmeteo_hourly_2day_2026.json", now: january2026)
        let multi = Fixture.current("openmeteo_multi_location_from_server_unit_test.json", now: january2026)
        var accepted = 0
        for round in 0..<3000 {
            let source: Any = [single, hourly, multi, [single, hourly, multi] as [Any]][round % 4]
            let body = Self.mutated(source, &random)
            let batch = Array(places.prefix(round % 4 == 3 || round % 4 == 2 ? 3 : 1))
            switch provider.decode(batch, responses: [HTTPResponse(status: 200, body: body)], now: january2026) {
            case .success(let outcomes):
                #expect(outcomes.count == batch.count)
                for outcome in outcomes {
                    Self.expectSound(outcome, "round \(round)")
                    if case .success = outcome { accepted += 1 }
                }
            case .failure(let error):
                #expect(error.kind == .badResponse)
            }
            _ = provider.reason(in: body)
        }
        #expect(accepted > 100, "the mutations leave many answers valid: \(accepted)")
    }

    @Test func openWeatherMapAnswers() async {
        await offThePool { Self.openWeatherMapAnswersFuzz() }
    }

    static func openWeatherMapAnswersFuzz() {
        var random = SeededRandom(seed: 7)
        let provider = OpenWeatherMapProvider(apiKey: "fuzz-key")
        let current = Fixture.current("owm_current_london_latlon_2020.json", now: march2025)
        let zocca = Fixture.current("owm_current_official_docs_example_zocca.json", now: march2025)
        // The recorded five days' first 30 hours (ten steps of its forty): the same shapes, a
        // quarter of the text to write again in every round (the fuzz was an eighth of a test run's CPU).
        var forecast = Fixture.json("owm_forecast5_london_2025.json") as? [String: Any] ?? [:]
        forecast["list"] = (forecast["list"] as? [Any]).map { Array($0.prefix(10)) }
        forecast["cnt"] = 10
        // The answers left as they are, written once (JSONSerialization of the forecast costs milliseconds).
        let whole = [current, zocca, forecast].map { try! JSONSerialization.data(withJSONObject: $0) }
        var accepted = 0
        for round in 0..<2000 {
            let now = round % 2 == 0 ? current : zocca
            let a = round % 3 == 0 ? whole[round % 2] : Self.mutated(now, &random)
            let b = round % 3 == 1 ? whole[2] : Self.mutated(forecast, &random)
            let outcomes = (try? provider.decode([london], responses: [HTTPResponse(status: 200, body: a), HTTPResponse(status: 200, body: b)], now: march2025).get()) ?? []
            #expect(outcomes.count == 1)
            for outcome in outcomes {
                Self.expectSound(outcome, "round \(round)")
                if case .success = outcome { accepted += 1 }
            }
            _ = provider.reason(in: a)
        }
        #expect(accepted > 100, "\(accepted)")
    }

    @Test func geocodingAnswers() async {
        await offThePool { Self.geocodingAnswersFuzz() }
    }

    static func geocodingAnswersFuzz() {
        var random = SeededRandom(seed: 42)
        let source = Fixture.json("openmeteo_geocoding_london_2026.json")
        var found = 0
        for _ in 0..<2000 {
            guard let places = try? OpenMeteoGeocoder.decode(Self.mutated(source, &random)) else { continue }
            for place in places {
                found += 1
                for text in [place.name, place.countryCode, place.country ?? "", place.admin1 ?? ""] {
                    #expect(!text.unicodeScalars.contains { SafeText.isUnsafe($0) }, "\(text.debugDescription)")
                }
                #expect(place.countryCode.isEmpty || place.countryCode.count == 2)
                if let zone = place.timeZone { #expect(SafeText.timeZone(zone) == zone) }
                #expect((-90...90).contains(place.coordinate.latitude) && (-180...180).contains(place.coordinate.longitude))
            }
        }
        #expect(found > 1000, "\(found)")
    }

    /// Whatever the cache holds, showing it never traps.
    @Test func displayNeverTraps() {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, 0, 271.5]
        for value in values {
            _ = SafeNumber.rounded(value)
            _ = CompassPoint(degrees: value)
            _ = LocalDays.localDate(Date(timeIntervalSince1970: value.isNaN ? 0 : value), utcOffset: Int.max / 2)
            _ = TextChart.render([value, 1, nil, 2], height: 4) { "\($0)" }
        }
        #expect(SafeNumber.rounded(.nan) == nil && SafeNumber.rounded(1e300) == nil && SafeNumber.rounded(2.6) == 3)
        #expect(LocalTime.instant(fromLocal: "999999999999999-01-01T00:00", in: TimeZone(secondsFromGMT: 0)!) == nil)
    }
}
