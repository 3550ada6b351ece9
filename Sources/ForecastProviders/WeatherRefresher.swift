import Foundation
import ForecastCore

/// How a refresh behaves toward the services.
public struct RefreshOptions: Sendable {
    /// Requests in flight at once.
    public var concurrency: Int = 8
    /// Seconds one request may take, answer included.
    public var timeout: TimeInterval = 10
    /// Tries per request, the first included.
    public var attempts: Int = 3
    /// The first retry waits this long, each later one twice as long (±20 %).
    public var backoff: TimeInterval = 0.5
    /// A Retry-After longer than this is not waited for: the place fails as rate limited.
    public var longestWait: TimeInterval = 30
    /// Calls a minute allowed by the client-side limit (nil: none).
    public var callsPerMinute: Double?

    public init() {}
}

/// Fetches the weather for many places at once: batches them as the provider
/// allows, runs the batches concurrently in a TaskGroup with at most
/// `concurrency` requests in flight, keeps within the rate limit, and retries
/// time-outs, 429s and 5xx (never other 4xx). Every place gets its own result:
/// one place's failure never hides the others'.
public struct WeatherRefresher: Sendable {
    public let provider: any WeatherProvider
    let client: any HTTPClient
    let options: RefreshOptions
    let limiter: RateLimiter?
    let sleep: @Sendable (TimeInterval) async throws -> Void

    public init(
        provider: any WeatherProvider, client: any HTTPClient, options: RefreshOptions = RefreshOptions(),
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RateLimiter.realSleep
    ) {
        self.provider = provider
        self.client = client
        self.options = options
        self.sleep = sleep
        limiter = options.callsPerMinute.map { RateLimiter(callsPerMinute: $0, sleep: sleep) }
    }

    public typealias Outcome = Result<WeatherReport, WeatherError>

    /// One result per place id. `progress` is told (places done, places in all).
    public func refresh(_ places: [PlaceQuery], progress: (@Sendable (Int, Int) -> Void)? = nil) async -> [Int64: Outcome] {
        let size = provider.batchSize
        let batches = stride(from: 0, to: places.count, by: size).map { Array(places[$0..<min($0 + size, places.count)]) }
        let gate = AsyncSemaphore(options.concurrency)
        return await withTaskGroup(of: [(Int64, Outcome)].self) { group in
            for batch in batches {
                group.addTask { await fetch(batch, gate: gate) }
            }
            var results: [Int64: Outcome] = [:]
            for await finished in group {
                for (id, outcome) in finished { results[id] = outcome }
                progress?(results.count, places.count)
            }
            return results
        }
    }

    private func fetch(_ batch: [PlaceQuery], gate: AsyncSemaphore) async -> [(Int64, Outcome)] {
        let urls = provider.requests(for: batch)
        let cost = provider.callsPerPlace * Double(batch.count) / Double(max(1, urls.count))
        // A batch's requests (OpenWeatherMap: current + forecast) go out together.
        let answers = await withTaskGroup(of: (Int, Result<HTTPResponse, WeatherError>).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask { (index, await request(url, cost: cost, gate: gate)) }
            }
            var answers = [Result<HTTPResponse, WeatherError>?](repeating: nil, count: urls.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers.map { $0! }
        }
        var responses: [HTTPResponse] = []
        for answer in answers {
            switch answer {
            case .success(let response): responses.append(response)
            case .failure(let error): return batch.map { ($0.id, .failure(error)) }
            }
        }
        return zip(batch, provider.decode(batch, responses: responses)).map { ($0.id, $1) }
    }

    /// One request with its retries. Never throws: the failure is the result.
    func request(_ url: URL, cost: Double, gate: AsyncSemaphore) async -> Result<HTTPResponse, WeatherError> {
        let cancelled = WeatherError(.cancelled, "cancelled")
        var attempt = 1
        while true {
            if Task.isCancelled { return .failure(cancelled) }
            do { try await limiter?.acquire(cost) } catch { return .failure(cancelled) }
            await gate.acquire()
            let outcome: Result<HTTPResponse, WeatherError>
            do { outcome = .success(try await client.get(url, timeout: options.timeout)) } catch { outcome = .failure(error) }
            await gate.release()

            let failure: WeatherError
            var wait: TimeInterval?
            switch outcome {
            case .success(let response) where (200..<300).contains(response.status):
                return .success(response)
            case .success(let response):
                failure = HTTPStatus.error(response, reason: provider.reason(in: response.body))
                if HTTPStatus.isRetryable(response.status) { wait = HTTPStatus.retryAfter(response.headers) ?? backoff(attempt) }
            case .failure(let error):
                failure = error
                if error.kind == .timeout { wait = backoff(attempt) }
            }
            guard let delay = wait, attempt < options.attempts, delay <= options.longestWait, !Task.isCancelled else {
                return .failure(failure)
            }
            do { try await sleep(delay) } catch { return .failure(cancelled) }
            attempt += 1
        }
    }

    func backoff(_ attempt: Int) -> TimeInterval {
        options.backoff * pow(2, Double(attempt - 1)) * Double.random(in: 0.8...1.2)
    }
}
