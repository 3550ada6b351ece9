import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// The weather at once (after `weatherDelay`), the air after `airDelay`
/// (nil: never, until the deadline or a cancellation).
struct TimedClient: HTTPClient {
    var weatherDelay: Duration = .zero
    var airDelay: Duration?

    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        let url = request.url
        let air = url.path.hasSuffix("/air-quality")
        do {
            if air, let airDelay {
                try await Task.sleep(for: airDelay)
            } else if air {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw WeatherError(.timeout, "no complete answer in time", detail: .noAnswerInTime)
            } else {
                try await Task.sleep(for: weatherDelay)
            }
        } catch let error as WeatherError {
            throw error
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
    func refresh(_ client: TimedClient, grace: TimeInterval = 0.5, budget: TimeInterval = 60) async
        -> (weather: [Int64: WeatherRefresher.Outcome], air: [Int64: BatchRefresher<AirQuality>.Outcome])
    {
        var options = RefreshOptions()
        options.budget = budget
        options.companionGrace = grace
        let weather = WeatherRefresher(
            provider: OpenMeteoProvider(baseURL: URL(string: "http://weather.test")!), client: client, options: options,
            clock: { january2026 })
        let air = BatchRefresher<AirQuality>(
            provider: OpenMeteoAirQuality(baseURL: URL(string: "http://air.test")!), client: client, options: options, clock: { Date() })
        let (answers, companion) = await weather.refresh([place(1, lat: 1)], alongside: air)
        return (answers, companion)
    }

    @Test func aHangingAirServiceGetsOnlyAShortGrace() async {
        // The budget is ten minutes, so that whatever the load on the machine (this
        // took 19 s and once 31 s beside the other tests and a build on two cores),
        // ending within half of it can only be the grace's doing, never the budget's.
        let started = ContinuousClock.now
        let (weather, air) = await refresh(TimedClient(airDelay: nil), budget: 600)
        #expect(ContinuousClock.now - started < .seconds(300), "not the 600 s budget")
        #expect((try? weather[1]?.get()) != nil)
        #expect(throws: WeatherError(.timeout, "no complete answer in time", detail: .noAnswerInTime)) { try air[1]?.get() }
    }

    @Test func airWithinTheGraceIsKept() async {
        let (weather, air) = await refresh(TimedClient(airDelay: .milliseconds(100)), grace: 20)
        #expect((try? weather[1]?.get()) != nil)
        #expect((try? air[1]?.get())?.usAQI == 22)
    }

    /// The air done first never cuts the weather short.
    @Test func airDoneFirstLeavesTheWeatherBe() async {
        let (weather, air) = await refresh(TimedClient(weatherDelay: .milliseconds(300), airDelay: .zero))
        #expect((try? weather[1]?.get()) != nil, "\(String(describing: weather[1]))")
        #expect((try? air[1]?.get()) != nil)
    }
}

extension AirGraceTests {
    /// The command line as main runs it (real HTTP client): an air-quality service that never answers holds
    /// the list back a moment after the weather, not for the 30 s budget.
    @Test func theBinaryShowsTheWeatherWithoutWaitingForTheAir() async throws {
        let stub = try await StubWeatherService.start(airFaults: [3: .hang])
        var cli = CLI()
        cli.environment = stub.environment
        try HostileServiceTests.fivePlaces(cli)
        let started = ContinuousClock.now
        // A budget far longer than the grace: before, the hanging air held the list for all of it.
        // (The bound is loose on purpose: the whole suite loads 2 cores and slows every process.)
        let result = try await cli.run(["list", "--format", "json", "--timeout", "300"])
        #expect(ContinuousClock.now - started < .seconds(200), "well before the 300 s budget")
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
