import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// The weather at once (after `weatherDelay`), the air after `airDelay`
/// (nil: never, until cancelled); the delays are `world`'s time.
struct TimedClient: HTTPClient {
    let world: VirtualTime
    var weatherDelay: Duration = .zero
    var airDelay: Duration?

    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        let url = request.url
        let air = url.path.hasSuffix("/air-quality")
        do {
            if air, let airDelay {
                try await world.sleep(for: airDelay)
            } else if air {
                try await Task.sleep(for: .seconds(86_400))
            } else {
                try await world.sleep(for: weatherDelay)
            }
        } catch {
            throw WeatherError(.cancelled, "cancelled", detail: .cancelled)
        }
        let body = air
            ? (try? JSONSerialization.data(withJSONObject: StubWeatherService.airObject(latitude: 1, index: 0))) ?? Data()
            : londonBody
        return HTTPResponse(status: 200, body: body)
    }
}

/// The air goes along with the weather, and never holds it back.
@Suite struct AirGraceTests {
    /// The weather and the air of one place, on `client.world`'s time: its
    /// budget, its waits and the grace (which ends only as that time passes).
    func refresh(_ client: TimedClient, grace: TimeInterval = 0.5, budget: TimeInterval = 60) async
        -> (weather: [Int64: WeatherRefresher.Outcome], air: [Int64: BatchRefresher<AirQuality>.Outcome])
    {
        var options = RefreshOptions()
        options.budget = budget
        options.companionGrace = grace
        let world = client.world
        let weather = WeatherRefresher(
            provider: OpenMeteoProvider(baseURL: URL(string: "http://weather.test")!), client: client, options: options,
            sleeper: world.sleeper, clock: { january2026 }, budgetClock: world.clock)
        let air = BatchRefresher<AirQuality>(
            provider: OpenMeteoAirQuality(baseURL: URL(string: "http://air.test")!), client: client, options: options,
            sleeper: world.sleeper, clock: { Date() }, budgetClock: world.clock)
        let (answers, companion) = await weather.refresh([place(1, lat: 1)], alongside: air, graceClock: world.graceClock)
        return (answers, companion)
    }

    @Test func aHangingAirServiceGetsOnlyAShortGrace() async {
        let world = VirtualTime()
        let ((weather, air), waited) = await world.passingTheGrace {
            await refresh(TimedClient(world: world, airDelay: nil), budget: 600)
        }
        // The grace was waited on the world's time, once: half a second from the
        // weather's answer (which took none of it), and never the 600 s budget.
        #expect(waited == [.milliseconds(500)])
        #expect((try? weather[1]?.get()) != nil)
        #expect(throws: WeatherError(.timeout, "no complete answer in time", detail: .noAnswerInTime)) { try air[1]?.get() }
    }

    /// The air 0.1 s after the weather, within its 0.5 s grace: kept, however
    /// long the machine takes to get to it (the grace is the world's time).
    @Test func airWithinTheGraceIsKept() async {
        let (weather, air) = await refresh(TimedClient(world: VirtualTime(), airDelay: .milliseconds(100)))
        #expect((try? weather[1]?.get()) != nil)
        #expect((try? air[1]?.get())?.usAQI == 22)
    }

    /// The air done first never cuts the weather short.
    @Test func airDoneFirstLeavesTheWeatherBe() async {
        let (weather, air) = await refresh(TimedClient(world: VirtualTime(), weatherDelay: .milliseconds(300), airDelay: .zero))
        #expect((try? weather[1]?.get()) != nil, "\(String(describing: weather[1]))")
        #expect((try? air[1]?.get()) != nil)
    }
}

extension AirGraceTests {
    /// The command line as main runs it (real HTTP client): an air-quality
    /// service that never answers holds the list back the grace after the
    /// weather (2 s of the world's time), not for the 300 s budget.
    @Test func theListShowsTheWeatherWithoutWaitingForTheAir() async throws {
        let stub = try await StubWeatherService.start(airFaults: [3: .hang])
        var cli = CLI()
        cli.environment = stub.environment
        try HostileServiceTests.fivePlaces(cli)
        // A budget far longer than the grace: before, the hanging air held the list for all of it.
        let (result, waited) = await cli.runPassingTheGrace("list", "--format", "json", "--timeout", "300")
        #expect(waited == [.seconds(2)], "the grace, once, on the world's time")
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["locations"] as? [[String: Any]])
        #expect(items.count == 5)
        for item in items {
            #expect(item["error"] == nil && item["weather"] != nil, "\(item)")
            #expect((item["airQualityError"] as? [String: Any])?["kind"] as? String == "timeout", "\(item)")
        }
        await stub.stop()
    }
}

/// The weather at once; each NWS answer after `delay` of `world`'s time, one
/// at a time. With `hangsAfter`, the alerts service hangs after that many
/// places (until cancelled), and the weather answers only once it does: the
/// grace then begins with the weather's answer, on a world that stands still
/// until the test lets it pass.
struct SteadyClient: HTTPClient {
    let world: VirtualTime
    var delay: Duration
    var hangsAfter: Int?
    let asked = Counter()
    let hung = Signal()

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
    }

    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        guard request.url.path.hasSuffix("/alerts/active") else {
            if hangsAfter != nil { await hung.wait() }
            return HTTPResponse(status: 200, body: londonBody)
        }
        let number = asked.next()
        do {
            if let hangsAfter, number > hangsAfter {
                hung.set()
                try await Task.sleep(for: .seconds(86_400))
            }
            try await world.sleep(for: delay)
        } catch {
            throw WeatherError(.cancelled, "cancelled", detail: .cancelled)
        }
        return ok("nws_alerts_point_empty_2024.json")
    }
}

/// Set once; `wait` returns once it is.
final class Signal: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func set() {
        let woken = lock.withLock {
            isSet = true
            defer { waiting = [] }
            return waiting
        }
        for continuation in woken { continuation.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let already = lock.withLock {
                if !isSet { waiting.append(continuation) }
                return isSet
            }
            if already { continuation.resume() }
        }
    }
}

/// Warnings for many places, asked one at a time at a source's pace, go on
/// while their answers keep coming; only a silence as long as the grace cuts them.
@Suite struct CompanionPaceTests {
    func refresh(_ client: SteadyClient, places count: Int, grace: TimeInterval) async -> [Int64: BatchRefresher<SourceResult>.Outcome] {
        var options = RefreshOptions()
        options.budget = 600
        options.companionGrace = grace
        var serial = options
        serial.concurrency = 1
        let world = client.world
        let weather = WeatherRefresher(
            provider: OpenMeteoProvider(baseURL: URL(string: "http://weather.test")!), client: client, options: options,
            sleeper: world.sleeper, clock: { january2026 }, budgetClock: world.clock)
        let alerts = BatchRefresher<SourceResult>(
            provider: NWSAlerts(baseURL: URL(string: "http://nws.test")!, userAgent: "forecast-tests"), client: client, options: serial,
            sleeper: world.sleeper, clock: { january2026 }, budgetClock: world.clock)
        let places = (1...count).map { place(Int64($0), lat: 30 + Double($0) / 10) }
        let (_, companions) = await weather.refresh(
            [place(100, lat: 1)], companions: [CompanionRequest(name: "nws-alerts", refresher: alerts, places: places)],
            graceClock: world.graceClock)
        return companions["nws-alerts"] ?? [:]
    }

    @Test func answersThatKeepComingAreNotCutOff() async {
        // 240 answers 50 ms apart: 12 s of the world's time in all, past the 10 s
        // grace, and never 10 s without one.
        let world = VirtualTime()
        let start = world.now
        let answers = await refresh(SteadyClient(world: world, delay: .milliseconds(50)), places: 240, grace: 10)
        let failed = answers.values.filter { (try? $0.get()) == nil }
        #expect(answers.count == 240 && failed.isEmpty, "\(failed.count) cut: \(failed.first.map(String.init(describing:)) ?? "")")
        #expect(world.now - start == .seconds(12))
    }

    @Test func aSilenceAsLongAsTheGraceCutsWhatIsLeft() async {
        let world = VirtualTime()
        let (answers, waited) = await world.passingTheGrace {
            await refresh(SteadyClient(world: world, delay: .milliseconds(50), hangsAfter: 2), places: 5, grace: 0.5)
        }
        // Two answers took 0.1 s of the world's time; then nothing came, and the
        // grace ended 0.5 s of it later (not the 600 s budget).
        #expect(waited.first == .milliseconds(600), "\(waited)")
        #expect(answers.values.filter { (try? $0.get()) != nil }.count == 2)
        #expect(answers.values.filter { (try? $0.get()) == nil }.allSatisfy { outcome in
            if case .failure(let error) = outcome { error.kind == .timeout } else { false }
        })
    }
}

/// MET counts 20 requests a second per application: its warnings and its
/// nowcast, asked side by side, keep to 20 a second together.
@Suite struct SharedTermsTests {
    /// Every request answered at once (what it says does not matter here).
    struct Instant: HTTPClient {
        func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
            HTTPResponse(status: 200, body: Data("{}".utf8))
        }
    }

    /// A bucket shared by name, as the database's is; time stands still in it
    /// (nothing refills), so what each reservation waits is exact on any machine.
    final class Bucket: SharedRateBucket, @unchecked Sendable {
        private let lock = NSLock()
        private var tokens: [String: Double] = [:]
        private var taken: [TimeInterval] = []
        var waits: [TimeInterval] { lock.withLock { taken } }
        func take(_ calls: Double, service: String, rate: CallRate) throws -> TimeInterval {
            lock.withLock {
                let left = (tokens[service] ?? rate.capacity) - calls
                tokens[service] = left
                let wait = left < 0 ? -left / (rate.callsPerMinute / 60) : 0
                taken.append(wait)
                return wait
            }
        }
    }

    @Test func metsWarningsAndNowcastShareItsLimit() async {
        #expect(SourceDescriptor.metAlerts.rateService == "metno" && SourceDescriptor.metNowcast.rateService == "metno")
        #expect(WeatherProviders.all.contains { $0.name.rawValue == "metno" }, "the same name as MET's forecast")
        #expect(SourceDescriptor.nwsAlerts.rateService == "nws-alerts")
        let bucket = Bucket()
        var options = RefreshOptions()
        options.callsPerMinute = 20 * 60
        options.rateWindow = 1
        let time = VirtualTime()
        let alerts = BatchRefresher<SourceResult>(
            provider: MetAlerts(baseURL: URL(string: "http://met.test")!, userAgent: "forecast-tests"), client: Instant(), options: options,
            sharedBucket: bucket, sleeper: time.sleeper, clock: { january2026 }, budgetClock: time.clock)
        let nowcast = BatchRefresher<SourceResult>(
            provider: MetNowcast(baseURL: URL(string: "http://met.test")!, userAgent: "forecast-tests"), client: Instant(), options: options,
            sharedBucket: bucket, sleeper: time.sleeper, clock: { january2026 }, budgetClock: time.clock)
        let places = (1...30).map { place(Int64($0), lat: 60 + Double($0) / 10) }
        _ = await alerts.refresh(places)
        _ = await nowcast.refresh(places)
        // 60 calls at 20 a second, 20 at once: the nowcast's last waits 2 s behind the warnings' (each alone: 0.5 s).
        #expect(bucket.waits.first == 0.5 && bucket.waits.last == 2.0, "\(bucket.waits)")
    }
}
