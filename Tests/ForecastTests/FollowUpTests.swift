import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// A service that must ask twice (a point looked up, then the forecast its
/// answer names): each answer's body is the URL to ask next, `rounds` times.
struct TwoStepService: BatchService {
    let serviceName = "two-step"
    let batchSize = 1
    /// Follow-ups it asks for at most.
    var rounds = 1

    func callsPerPlace(_ detail: ReportDetail) -> Double { 1 }

    func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] {
        batch.map { ServiceRequest(URL(string: "http://svc.test/points/\($0.id)")!) }
    }

    func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { 1 << 16 }

    func reason(in body: Data) -> String? { nil }

    func followUp(_ batch: [PlaceQuery], responses: [HTTPResponse], detail: ReportDetail) -> [ServiceRequest]? {
        guard responses.count <= rounds, let last = responses.last, let next = URL(string: String(decoding: last.body, as: UTF8.self)) else { return nil }
        return [ServiceRequest(next)]
    }

    /// Every answer it got, in order.
    func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<String, WeatherError>], WeatherError> {
        .success(batch.map { _ in .success(responses.map { String(decoding: $0.body, as: UTF8.self) }.joined(separator: " | ")) })
    }
}

/// Answers each path with the next URL to ask; records what it was asked, and
/// can move the budget's clock past the deadline while it answers.
final class SteppingClient: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var asked: [String] = []
    private var budgetNow = ContinuousClock.now
    var lateBy: Duration?
    let answer: @Sendable (String) -> HTTPResponse

    init(answer: @escaping @Sendable (String) -> HTTPResponse) { self.answer = answer }

    var budgetClock: BudgetClock { BudgetClock { [self] in lock.withLock { budgetNow } } }

    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        lock.withLock {
            asked.append(request.url.path)
            // The answer arrives after the budget's end.
            if let lateBy { budgetNow = deadline + lateBy }
            return answer(request.url.path)
        }
    }
}

@Suite struct FollowUpTests {
    let place = PlaceQuery(id: 1, coordinate: try! Coordinate(latitude: 39.74, longitude: -104.99), timeZone: "America/Denver")

    func refresher(_ service: TwoStepService, _ client: SteppingClient, budget: TimeInterval = 10) -> BatchRefresher<String> {
        var options = RefreshOptions()
        options.budget = budget
        options.callsPerMinute = 600
        return BatchRefresher(provider: service, client: client, options: options, sleeper: Sleeper { _ in }, clock: { january2026 }, budgetClock: client.budgetClock)
    }

    static let chain: @Sendable (String) -> HTTPResponse = { path in
        switch path {
        case "/points/1": HTTPResponse(status: 200, body: Data("http://svc.test/gridpoints/BOU/62,61".utf8))
        case "/gridpoints/BOU/62,61": HTTPResponse(status: 200, body: Data("http://svc.test/gridpoints/BOU/62,61/forecast".utf8))
        default: HTTPResponse(status: 200, body: Data("forecast".utf8))
        }
    }

    @Test func aSecondRequestIsAskedAndDecodedWithTheFirst() async throws {
        let client = SteppingClient(answer: Self.chain)
        let result = try #require(await refresher(TwoStepService(), client).refresh([place])[1])
        #expect(client.asked == ["/points/1", "/gridpoints/BOU/62,61"])
        #expect(try result.get() == "http://svc.test/gridpoints/BOU/62,61 | http://svc.test/gridpoints/BOU/62,61/forecast")
    }

    @Test func atMostTwoRoundsFollow() async throws {
        let client = SteppingClient(answer: Self.chain)
        let result = try #require(await refresher(TwoStepService(rounds: 5), client).refresh([place])[1])
        #expect(client.asked.count == 1 + BatchRefresher<String>.maximumFollowUps)
        #expect(try result.get().split(separator: "|").count == 3)
    }

    @Test func aFailedFollowUpFailsThePlaceWithItsError() async throws {
        let client = SteppingClient { path in
            path == "/points/1" ? Self.chain(path) : HTTPResponse(status: 404, body: Data())
        }
        let result = try #require(await refresher(TwoStepService(), client).refresh([place])[1])
        #expect(client.asked.count == 2)
        #expect(throws: WeatherError.self) { try result.get() }
        if case .failure(let error) = result { #expect(error.kind == .notFound, "\(error)") }
    }

    /// The first answer came after the budget ended: the second question is not asked at all.
    @Test func noFollowUpIsAskedOnceTheBudgetIsSpent() async throws {
        let client = SteppingClient(answer: Self.chain)
        client.lateBy = .seconds(1)
        let result = try #require(await refresher(TwoStepService(), client, budget: 2).refresh([place])[1])
        #expect(client.asked == ["/points/1"])
        guard case .failure(let error) = result else { Issue.record("\(result)"); return }
        #expect(error.kind == .timeout)
    }
}
