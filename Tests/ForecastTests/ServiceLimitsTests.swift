import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// What a hostile answer may cost: bodies bounded by what a real one needs,
/// and shapes that would make the decoder spend far more than their bytes
/// refused before it does.
@Suite struct ServiceLimitsTests {
    static func body(_ text: String) -> HTTPResponse { HTTPResponse(status: 200, body: Data(text.utf8)) }

    @Test func errorBodiesAreReadOnlyAsFarAsNeededAndSuccessesWithinTheirLimit() async throws {
        let reason = #"{"error":true,"reason":""# + String(repeating: "x", count: 7 << 20) + #""}"#
        let stub = try await StubWeatherService.start(faults: [
            3: .answer(status: 500, body: reason),
            4: .answer(status: 200, body: String(repeating: " ", count: (1 << 20) + 1) + "{}"),
        ])
        let client = NetworkHTTPClient(connections: 2)
        let url = { (latitude: String) in URL(string: "\(stub.url)/v1/forecast?latitude=\(latitude)&longitude=20")! }
        // Generous: what is read is counted in bytes below, never timed (a loaded machine is slow).
        let deadline = ContinuousClock.now + .seconds(120)

        let failed = try await client.get(url("3.5"), deadline: deadline, maximumBodySize: 1 << 20)
        #expect(failed.status == 500)
        #expect(failed.body.count == HTTPBodyLimit.error, "the start of the 7 MB, and not a byte more")

        await #expect(throws: HTTPBodyLimit.tooLarge(1 << 20)) {
            try await client.get(url("4.5"), deadline: deadline, maximumBodySize: 1 << 20)
        }
        let fine = try await client.get(url("4.5"), deadline: deadline, maximumBodySize: 2 << 20)
        #expect(fine.status == 200 && fine.body.count == (1 << 20) + 3)
        // The client's own ceiling holds whatever a caller asks.
        let small = NetworkHTTPClient(connections: 1, maximumBodySize: 1 << 20)
        await #expect(throws: HTTPBodyLimit.tooLarge(1 << 20)) {
            try await small.get(url("4.5"), deadline: deadline, maximumBodySize: 8 << 20)
        }
        await small.shutdown()
        await client.shutdown()
        await stub.stop()
    }

    /// A service answering at once, faster than the one decoder can keep up, once had
    /// hundreds of answers waiting in memory for it (1,000 places with `--batch-size 1`:
    /// 937 MB). A batch takes room for its answers at their limit before it asks and gives
    /// it back once they are decoded: with 8 MB answers, two at once, whatever the concurrency.
    @Test func answersWaitingForTheDecoderAreBounded() async {
        let counter = HeldAnswers()
        var options = RefreshOptions()
        options.concurrency = 16
        options.budget = 3600
        let time = VirtualTime()
        let refresher = BatchRefresher<Int>(
            provider: SlowDecoding(counter: counter), client: AnswersAtOnce(counter: counter), options: options, sleeper: time.sleeper,
            clock: { january2026 }, budgetClock: time.clock)
        let results = await refresher.refresh((1...40).map { place(Int64($0), lat: Double($0)) })
        #expect(results.count == 40 && results.values.allSatisfy { (try? $0.get()) == 1 })
        #expect(counter.peak <= HTTPBodyLimit.heldAtOnce / HTTPBodyLimit.ceiling, "\(counter.peak) answers held at once")
    }

    /// The limits leave room for the largest real answer, several times over.
    @Test func limitsFitTheLargestRealAnswers() throws {
        let fifty = (0..<50).map { place(Int64($0), lat: Double($0)) }
        let openMeteo = OpenMeteoProvider()
        #expect(openMeteo.maximumBodySize(for: [london], detail: .full) == 1 << 20)
        #expect(openMeteo.maximumBodySize(for: fifty, detail: .full) == 2 << 20)
        #expect(OpenMeteoAirQuality().maximumBodySize(for: fifty, detail: .summary) == 2 << 20)
        let hundred = (0..<100).map { place(Int64($0), lat: Double($0 % 90)) }
        #expect(openMeteo.maximumBodySize(for: hundred, detail: .full) == 4 << 20, "--batch-size allows 100")
        // The stub's answer has the recorded 48 hours and a week of days for every place.
        let real = StubWeatherService.openMeteoBody(latitudes: fifty.map(\.coordinate.latitude))
        #expect(real.count * 4 < openMeteo.maximumBodySize(for: fifty, detail: .full), "\(real.count) bytes")

        let owm = OpenWeatherMapProvider(apiKey: "test-key")
        #expect(owm.maximumBodySize(for: [london], detail: .full) == 1 << 20)
        #expect(Fixture.data("owm_forecast5_london_2025.json").count * 16 < owm.maximumBodySize(for: [london], detail: .full))
    }

    /// 7.5 MB of `1e308` once took 304 MB: an array of far more entries than
    /// places is refused before any entry is decoded.
    @Test func anArrayOfNumbersIsOneErrorNotAMillion() {
        let body = "[" + Array(repeating: "1e308", count: 150_000).joined(separator: ",") + "]"
        let result = OpenMeteoProvider().decode([london, seoulQuery], responses: [Self.body(body)], now: january2026)
        #expect(throws: WeatherError.invalid(.answer, .tooMany(150_000))) { try result[0].get() }
    }

    /// One 7-million-digit number once took 228 MB: a number longer than any
    /// real one is refused before the decoder sees it.
    @Test func aNumberLongerThanAnyRealOneIsRefused() {
        let long = String(repeating: "9", count: 500_000)
        for body in [#"{"utc_offset_seconds": \#(long)}"#, "[1, -\(long).5e3]", "\(long)"] {
            let result = OpenMeteoProvider().decode([london], responses: [Self.body(body)], now: january2026)
            #expect(throws: WeatherError.invalid(.answer, .notValid)) { try result[0].get() }
        }
        #expect(JSONShape.check(Data(#"{"a": -1.7976931348623157e+308, "b": "\#(long)", "c": "\"\#(long)"}"#.utf8)) == nil)
        #expect(JSONShape.check(Data(#"{"b": "\\", "c": \#(long)}"#.utf8)) == .tooLarge, "an escaped backslash ends no string")
    }

    /// Answers under the size limit whose shape costs a decoder far more than
    /// their bytes (2 MB of `[0,0,…]` or `[{},{},…]` took 128–148 MB, several at
    /// once more) are measured first and refused unread; every recorded answer passes.
    @Test func anAnswerOfMoreValuesThanItsSizeAllowsIsRefusedUnread() throws {
        for shape in ["0", "{}", "[]", "\"\"", "1,2"] {
            let body = "[{\"current\":[" + Array(repeating: shape, count: 300_000).joined(separator: ",") + "]}]"
            let result = OpenMeteoProvider().decode([london], responses: [Self.body(body)], now: january2026)
            #expect(throws: WeatherError.invalid(.answer, .tooManyValues)) { try result[0].get() }
        }
        // A byte-order mark passed the answer unmeasured (the decoder reads past it); keys cost as values do.
        let zeros = "[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]"
        #expect(JSONShape.check(Data([0xEF, 0xBB, 0xBF] + Array(zeros.utf8))) == .tooManyValues)
        let keys = #"[{"current_units":{"# + (0..<150_000).map { #""\#($0)":"""# }.joined(separator: ",") + "}}]"
        #expect(JSONShape.check(Data(keys.utf8)) == .tooLarge, "an object of 150,000 keys")
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(JSONShape.check(Data(deep.utf8)) == .tooLarge, "nesting no answer has")
        #expect(JSONShape.check(Data("[1,2,3]".utf8), maximumEntries: 2) == .tooManyEntries(3))
        #expect(JSONShape.check(Data(#"{"a":1,"b":2,"c":3}"#.utf8), maximumEntries: 2) == nil, "an object's members are not entries")
        #expect(JSONShape.check(Data("[1,2,".utf8)) == .notJSON)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let recorded = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(recorded.count >= 10)
        for name in recorded {
            #expect(JSONShape.check(try Data(contentsOf: folder.appendingPathComponent(name))) == nil, "\(name)")
        }
    }

    /// An OpenWeatherMap forecast of 40,000 steps once ran 7 s past a 10 s
    /// budget: a list longer than any real forecast's is refused unread.
    @Test func aForecastOfFortyThousandStepsIsRefused() throws {
        let step = #"{"dt":1742504400}"#
        let forecast = #"{"cod":"200","list":["# + Array(repeating: step, count: 40_000).joined(separator: ",") + "]}"
        #expect(forecast.utf8.count < 1 << 20, "within the body limit: the count alone refuses it")
        let current = HTTPResponse(status: 200, body: Fixture.currentData("owm_current_london_latlon_2020.json", now: march2025))
        let result = OpenWeatherMapProvider(apiKey: "test-key").decode([london], responses: [current, Self.body(forecast)], now: march2025)
        #expect(throws: WeatherError.invalid(.field("list"), .tooMany(40_000))) { try result[0].get() }
    }

    /// Hours are counted before a report is built of them.
    @Test func hoursBeyondTheBoundAreRefusedBeforeTheyAreBuilt() throws {
        var object = try #require(Fixture.json("openmeteo_hourly_2day_2026.json") as? [String: Any])
        var hourly = try #require(object["hourly"] as? [String: Any])
        hourly["time"] = Array(repeating: "2026-01-19T00:00", count: 20_000)
        object["hourly"] = hourly
        let body = try JSONSerialization.data(withJSONObject: object)
        let result = OpenMeteoProvider().decode([london], responses: [HTTPResponse(status: 200, body: body)], now: january2026)
        #expect(throws: WeatherError.invalid(.field("hourly.time"), .tooMany(20_000))) { try result[0].get() }
    }
}

/// Answers handed out and not yet decoded, and the most there ever were.
final class HeldAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var held = 0
    private var most = 0
    func answered() { lock.withLock { held += 1; most = max(most, held) } }
    func decoded() { lock.withLock { held -= 1 } }
    var peak: Int { lock.withLock { most } }
}

/// A client that answers every request at once.
struct AnswersAtOnce: HTTPClient {
    let counter: HeldAnswers
    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        counter.answered()
        return HTTPResponse(status: 200, body: Data("{}".utf8))
    }
}

/// A service of one place a request whose answers may have 8 MB, decoded slower than they come.
struct SlowDecoding: BatchService {
    let counter: HeldAnswers
    var serviceName: String { "slow" }
    var batchSize: Int { 1 }
    func callsPerPlace(_ detail: ReportDetail) -> Double { 1 }
    func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        [ServiceRequest(URL(string: "http://slow.test/\(batch[0].id)")!)]
    }
    func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { HTTPBodyLimit.ceiling }
    func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<Int, WeatherError>], WeatherError> {
        Thread.sleep(forTimeInterval: 0.005)
        counter.decoded()
        return .success(batch.map { _ in .success(1) })
    }
    func reason(in body: Data) -> String? { nil }
}
