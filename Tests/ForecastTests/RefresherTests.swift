import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// Answers from a script, keyed by the request's latitude list; records calls and the
/// most requests that were in flight at once.
actor ScriptedClient: HTTPClient {
    typealias Answer = @Sendable (Int) throws(WeatherError) -> HTTPResponse  // given the attempt number

    private var answers: [String: Answer]
    private var attempts: [String: Int] = [:]
    private(set) var calls = 0
    private var inFlight = 0
    private(set) var peakInFlight = 0
    let delay: TimeInterval

    init(delay: TimeInterval = 0, answers: [String: Answer]) {
        self.delay = delay
        self.answers = answers
    }

    nonisolated func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        let url = request.url
        let key = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "latitude" || $0.name == "lat" }?.value ?? ""
        let (answer, attempt) = await begin(key)
        if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
        await end()
        guard let answer else { throw WeatherError(.network, "no script for \(key)") }
        return try answer(attempt)
    }

    private func begin(_ key: String) -> (Answer?, Int) {
        calls += 1
        inFlight += 1
        peakInFlight = max(peakInFlight, inFlight)
        attempts[key, default: 0] += 1
        return (answers[key], attempts[key]!)
    }

    private func end() { inFlight -= 1 }
    func attempts(_ key: String) -> Int { attempts[key] ?? 0 }
}

/// Records the waits asked for instead of waiting.
actor SleepRecorder {
    private(set) var waits: [TimeInterval] = []
    func record(_ seconds: TimeInterval) { waits.append(seconds) }
}

func place(_ id: Int64, lat: Double) -> PlaceQuery {
    PlaceQuery(id: id, coordinate: try! Coordinate(latitude: lat, longitude: 10), timeZone: "UTC")
}

let londonBody = Fixture.data("openmeteo_current_plus_daily_london_2026.json")
let success: ScriptedClient.Answer = { _ in HTTPResponse(status: 200, body: londonBody) }

@Suite struct WeatherRefresherTests {
    func refresher(
        _ client: ScriptedClient, batchSize: Int = 1, options: RefreshOptions = RefreshOptions(), recorder: SleepRecorder,
        now: Date = january2026
    ) -> WeatherRefresher {
        // These tests are about retries and order, not time: a budget a loaded CI machine cannot exhaust.
        var options = options
        options.budget = 3600
        return WeatherRefresher(
            provider: OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!, batchSize: batchSize),
            client: client, options: options, sleeper: Sleeper { await recorder.record($0) }, clock: { now }, budgetClock: .live)
    }

    /// The budget is measured on the clock the refresher is given: on a
    /// stopped one, an answer that took longer than the budget in real time
    /// (a loaded machine) is still decoded; on the live one it is not.
    @Test func theBudgetRunsOnTheClockGiven() async {
        var options = RefreshOptions()
        options.budget = 0.1
        let provider = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!)
        for (budgetClock, decoded) in [(BudgetClock.stopped(), true), (BudgetClock.live, false)] {
            let refresher = WeatherRefresher(
                provider: provider, client: ScriptedClient(delay: 0.3, answers: ["1": success]), options: options, sleeper: .live,
                clock: { january2026 }, budgetClock: budgetClock)
            let result = await refresher.refresh([place(1, lat: 1)])[1]
            #expect(((try? result?.get()) != nil) == decoded, "\(String(describing: result))")
        }
    }

    /// A retry the client-side limit will not allow ends with why the last try
    /// failed (the service's 503), not as "rate limited" by the limit itself.
    @Test func aRetryTheLimitForbidsReportsTheServicesAnswer() async {
        let client = ScriptedClient(answers: ["1": { _ throws(WeatherError) in HTTPResponse(status: 503, body: Data()) }])
        var options = RefreshOptions()
        options.budget = 10
        options.callsPerMinute = 1
        let refresher = WeatherRefresher(
            provider: OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!), client: client, options: options,
            sleeper: Sleeper { _ in }, clock: { january2026 }, budgetClock: .stopped())
        let result = await refresher.refresh([place(1, lat: 1)])[1]
        guard case .failure(let error)? = result else { Issue.record("\(String(describing: result))"); return }
        #expect(error.kind == .provider && error.message.contains("503"), "\(error)")
        #expect(await client.calls == 1, "the retry was not made")

        // A batch split after its 503: the halves the limit forbids report the 503 too.
        let failing: ScriptedClient.Answer = { _ throws(WeatherError) in HTTPResponse(status: 503, body: Data()) }
        let batched = ScriptedClient(answers: ["1,2": failing, "1": failing, "2": failing])
        let both = await WeatherRefresher(
            provider: OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!), client: batched, options: options,
            sleeper: Sleeper { _ in }, clock: { january2026 }, budgetClock: .stopped()
        ).refresh([place(1, lat: 1), place(2, lat: 2)])
        for id in [Int64(1), 2] {
            guard case .failure(let error)? = both[id] else { Issue.record("\(id): \(String(describing: both[id]))"); continue }
            #expect(error.kind == .provider && error.message.contains("503"), "\(id): \(error)")
        }
    }

    @Test func oneFailureNeverHidesTheOthers() async {
        let client = ScriptedClient(answers: [
            "1": success,
            "2": { _ throws(WeatherError) in HTTPResponse(status: 401, body: Data()) },
            "3": { _ throws(WeatherError) in throw WeatherError(.timeout, "no answer within 10 s") },
            "4": { _ throws(WeatherError) in HTTPResponse(status: 404, body: Data()) },
            "5": success,
        ])
        let results = await refresher(client, recorder: SleepRecorder()).refresh((1...5).map { place(Int64($0), lat: Double($0)) })
        #expect(results.count == 5)
        #expect((try? results[1]?.get()) != nil)
        #expect((try? results[5]?.get()) != nil)
        #expect(kind(results[2]) == .unauthorized)
        #expect(kind(results[3]) == .timeout)
        #expect(kind(results[4]) == .notFound)
    }

    @Test func retriesRateLimitsHonouringRetryAfterButNeverOther4xx() async {
        let client = ScriptedClient(answers: [
            "1": { attempt throws(WeatherError) in
                attempt == 1 ? HTTPResponse(status: 429, headers: ["retry-after": "7"], body: Data()) : HTTPResponse(status: 200, body: londonBody)
            },
            "2": { _ throws(WeatherError) in HTTPResponse(status: 400, body: Data(#"{"error":true,"reason":"bad"}"#.utf8)) },
            "3": { attempt throws(WeatherError) in attempt < 3 ? HTTPResponse(status: 503, body: Data()) : HTTPResponse(status: 200, body: londonBody) },
        ])
        let recorder = SleepRecorder()
        var options = RefreshOptions()
        options.backoff = 0.5
        let results = await refresher(client, options: options, recorder: recorder).refresh([place(1, lat: 1), place(2, lat: 2), place(3, lat: 3)])
        #expect((try? results[1]?.get()) != nil)
        #expect((try? results[3]?.get()) != nil)
        #expect(await client.attempts("1") == 2)
        #expect(await client.attempts("2") == 1)
        #expect(await client.attempts("3") == 3)
        if case .failure(let error) = results[2] { #expect(error == WeatherError(.provider, "HTTP 400: bad", detail: .status(400, reason: "bad"))) } else { Issue.record() }
        let waits = await recorder.waits
        #expect(waits.contains(7))
        #expect(waits.filter { $0 != 7 }.count == 2)
        #expect(waits.filter { $0 != 7 }.allSatisfy { (0.4...2.4).contains($0) })
    }

    @Test func givesUpAfterTheLastAttemptOrATooLongWait() async {
        let client = ScriptedClient(answers: [
            "1": { _ throws(WeatherError) in HTTPResponse(status: 500, body: Data()) },
            "2": { _ throws(WeatherError) in HTTPResponse(status: 429, headers: ["retry-after": "3600"], body: Data(#"{"reason":"Daily API request limit exceeded."}"#.utf8)) },
        ])
        let recorder = SleepRecorder()
        let results = await refresher(client, recorder: recorder).refresh([place(1, lat: 1), place(2, lat: 2)])
        #expect(await client.attempts("1") == 3)
        #expect(await client.attempts("2") == 1)
        if case .failure(let error) = results[2] {
            #expect(error.kind == .rateLimited && error.message.contains("Daily API request limit exceeded."))
        } else { Issue.record() }
        if case .failure(let error) = results[1] { #expect(error.kind == .provider) } else { Issue.record() }
    }

    /// An answer that cannot be read as a whole is the service's doing, not one place's:
    /// every place of the batch fails with it, and the batch is not asked again half by
    /// half (answers just under the size limit that were no answer once cost 396 requests,
    /// each at its full size, for 100 places).
    @Test func anUnreadableAnswerIsNotAskedAgainHalfByHalf() async {
        let noAnswer = Data((String(repeating: " ", count: 1000) + "x").utf8)
        let client = ScriptedClient(answers: ["1,2,3,4": { _ throws(WeatherError) in HTTPResponse(status: 200, body: noAnswer) }])
        let results = await refresher(client, batchSize: 4, recorder: SleepRecorder()).refresh((1...4).map { place(Int64($0), lat: Double($0)) })
        #expect(await client.calls == 1)
        for id in Int64(1)...4 { #expect(kind(results[id]) == .badResponse, "\(id)") }
    }

    /// A 503 asking to wait longer than the budget is a rate limit, as a 429 is, and says how long.
    @Test func aServiceUnavailableForLongerThanTheBudgetIsRateLimited() async {
        let client = ScriptedClient(answers: [
            "1": { _ throws(WeatherError) in HTTPResponse(status: 503, headers: ["retry-after": "7200"], body: Data()) },
        ])
        let results = await refresher(client, recorder: SleepRecorder()).refresh([place(1, lat: 1)])
        #expect(await client.attempts("1") == 1, "not worth a retry")
        #expect(throws: WeatherError(
            .rateLimited, detail: .waitLonger(.serviceFailed(status: 503, reason: nil), message: "the service failed (HTTP 503)", seconds: 7200))
        ) { try results[1]?.get() }
    }

    @Test func keepsRequestsInFlightWithinTheBound() async {
        let answers = Dictionary(uniqueKeysWithValues: (1...40).map { ("\($0)", success) })
        let client = ScriptedClient(delay: 0.01, answers: answers)
        var options = RefreshOptions()
        options.concurrency = 4
        let results = await refresher(client, options: options, recorder: SleepRecorder()).refresh((1...40).map { place(Int64($0), lat: Double($0)) })
        #expect(results.count == 40)
        #expect(await client.peakInFlight <= 4)
        #expect(await client.peakInFlight >= 2)
    }

    @Test func batchesPlacesAndReportsProgress() async {
        let client = ScriptedClient(answers: [
            "41.01,41.02,41.03": { _ throws(WeatherError) in HTTPResponse(status: 200, body: Fixture.data("openmeteo_multi_location_from_server_unit_test.json")) },
            "4": success,
        ])
        let progress = ProgressLog()
        let results = await refresher(client, batchSize: 3, recorder: SleepRecorder(), now: july2022)
            // The first three where the fixture's entries are (41°N 2°E), as an answer's grid cells must be.
            .refresh((1...3).map { PlaceQuery(id: Int64($0), coordinate: try! Coordinate(latitude: 41 + Double($0) / 100, longitude: 2), timeZone: "UTC") }
                + [place(4, lat: 4)]) { event in
                if case .progress(let done, let total) = event { progress.add(done, total) }
            }
        #expect(await client.calls == 2)
        #expect(kind(results[4]) == .badResponse, "the 2026 answer is more than a year from the 2022 clock")
        #expect((try? results[1]?.get()) != nil && (try? results[2]?.get()) != nil)
        #expect(throws: WeatherError.self) { try results[3]?.get() }  // the fixture has two locations for three places
        #expect(progress.entries.last?.0 == 4 && progress.entries.allSatisfy { $0.1 == 4 })
    }

    @Test func theRateLimitMakesLaterCallsWait() async throws {
        let recorder = SleepRecorder()
        let limiter = RateLimiter(rate: CallRate(callsPerMinute: 60), sleeper: Sleeper { await recorder.record($0) }, budgetClock: .live)
        let later = ContinuousClock.now + .seconds(100)
        for _ in 0..<60 { try await limiter.acquire(1, before: later, events: nil) }
        #expect(await recorder.waits.isEmpty)
        try await limiter.acquire(1, before: later, events: nil)
        try await limiter.acquire(1, before: later, events: nil)
        let waits = await recorder.waits
        #expect(waits.count == 2)
        #expect(abs(waits[0] - 1) < 0.05 && abs(waits[1] - 2) < 0.05)
    }

    /// A shared bucket that cannot be written (a busy database) is asked once: each
    /// ask waits for the database, and asking per call spent a 2 s budget on two calls.
    @Test func aFailingSharedBucketIsAskedOnceThenTheLimitIsLocal() async throws {
        final class Busy: SharedRateBucket, @unchecked Sendable {
            let lock = NSLock()
            var asked = 0
            struct Locked: Error {}
            func take(_ calls: Double, service: String, rate: CallRate) throws -> TimeInterval {
                lock.withLock { asked += 1 }
                throw Locked()
            }
        }
        let bucket = Busy()
        let recorder = SleepRecorder()
        let limiter = RateLimiter(
            rate: CallRate(callsPerMinute: 2), shared: bucket, service: "s", sleeper: Sleeper { await recorder.record($0) }, budgetClock: .live)
        await limiter.plan(1, events: nil)
        let later = ContinuousClock.now + .seconds(100)
        for _ in 0..<3 { try await limiter.acquire(1, before: later, events: nil) }
        #expect(bucket.lock.withLock { bucket.asked } == 1)
        #expect(await recorder.waits.count == 1, "the local limit of 2 a minute still holds the third call back")
    }

    @Test func readsRetryAfterAsSecondsOrADate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(HTTPStatus.retryAfter(["retry-after": "12"], now: now) == 12)
        #expect(HTTPStatus.retryAfter(["retry-after": "Tue, 14 Nov 2023 22:14:00 GMT"], now: now) == 40)  // now is 22:13:20 GMT
        #expect(HTTPStatus.retryAfter(["retry-after": "soon"], now: now) == nil)
        #expect(HTTPStatus.retryAfter([:], now: now) == nil)
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [(Int, Int)] = []
    func add(_ done: Int, _ total: Int) { lock.withLock { log.append((done, total)) } }
    var entries: [(Int, Int)] { lock.withLock { log } }
}

func kind(_ outcome: WeatherRefresher.Outcome?) -> WeatherError.Kind? {
    if case .failure(let error) = outcome { return error.kind }
    return nil
}
