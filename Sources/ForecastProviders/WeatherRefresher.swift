import Foundation
import ForecastCore

/// How a refresh behaves toward the services.
public struct RefreshOptions: Sendable {
    /// Requests in flight at once.
    public var concurrency: Int = 8
    /// Seconds the whole refresh may take: every attempt, body, backoff and
    /// Retry-After wait fits inside it.
    public var budget: TimeInterval = 10
    /// When the budget ends, when it began before the refresh (a command that
    /// first looked a name up online spends one budget on both); `budget`
    /// still names all of it.
    public var budgetEnds: ContinuousClock.Instant?
    /// Tries per request of a first batch, the first included. Parts of a split
    /// batch get one try each, which keeps the extra requests to about
    /// 2·log₂(batch size) per bad place.
    public var attempts: Int = 3
    /// The first retry waits this long, each later one twice as long (±20 %).
    public var backoff: TimeInterval = 0.5
    /// Calls a minute allowed by the client-side limit (nil: none).
    public var callsPerMinute: Double?
    /// Seconds' worth of calls that may go at once (`CallRate.window`).
    public var rateWindow: TimeInterval = 60
    /// Seconds the companion refreshes (the air, the warnings, the next hours
    /// alongside the weather) may go on without an answer once the main one
    /// is done, within the budget.
    public var companionGrace: TimeInterval = 2
    public var detail: ReportDetail = .summary

    public init() {}

    /// When a refresh starting `now` must be done.
    public func deadline(from now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let own = now + .milliseconds(Int(min(max(0, budget), 86_400) * 1000))
        return budgetEnds.map { min($0, own) } ?? own
    }

    /// Seconds left of the budget for a refresh starting now on `clock`.
    public func secondsLeft(on clock: BudgetClock) -> TimeInterval {
        max(0, clock.remaining(until: deadline(from: clock.now())))
    }
}

/// What a refresh tells whoever shows progress.
public enum RefreshEvent: Sendable, Equatable {
    /// Places with a result so far, of all.
    case progress(done: Int, total: Int)
    /// The client-side rate limit holds the next request back this long.
    case waitingForRateLimit(seconds: TimeInterval)
}

/// The refresher of weather reports.
public typealias WeatherRefresher = BatchRefresher<WeatherReport>

/// Fetches the weather (or air quality) for many places at once: batches them as the provider
/// allows, runs the batches concurrently in a TaskGroup with at most
/// `concurrency` requests in flight, keeps within the rate limit and the time
/// budget, and retries time-outs, 429s and 5xx (never other 4xx). A batch that
/// fails in a way one place could cause (a 4xx, a 5xx) is split until the
/// culprit is alone; one whose answer cannot be read is not asked again. At
/// most `HTTPBodyLimit.heldAtOnce` bytes of answers are held at once.
/// Every place gets its own result: one place's failure never hides the others'.
public struct BatchRefresher<Answer: Sendable>: Sendable {
    public let provider: any BatchService<Answer>
    let client: any HTTPClient
    let options: RefreshOptions
    let limiter: RateLimiter?
    /// How a retry's pause and the rate limit's turn are waited.
    let sleeper: Sleeper
    let clock: @Sendable () -> Date
    /// What the budget is measured on.
    let budgetClock: BudgetClock
    /// The bytes held and the decoder, when shared with other refreshers of the
    /// same run (the sources beside the weather): the memory bound is one for all.
    var shared: SharedLimits?

    public init(
        provider: any BatchService<Answer>, client: any HTTPClient, options: RefreshOptions = RefreshOptions(),
        sharedBucket: (any SharedRateBucket)? = nil,
        sleeper: Sleeper, clock: @escaping @Sendable () -> Date, budgetClock: BudgetClock
    ) {
        self.provider = provider
        self.client = client
        self.options = options
        self.sleeper = sleeper
        self.clock = clock
        self.budgetClock = budgetClock
        limiter = options.callsPerMinute.map {
            RateLimiter(
                rate: CallRate(callsPerMinute: $0, window: options.rateWindow), shared: sharedBucket, service: provider.serviceName,
                sleeper: sleeper, budgetClock: budgetClock)
        }
    }

    public typealias Outcome = Result<Answer, WeatherError>

    /// One result per place id. `events` hears of progress and of waits;
    /// `answered` gets each batch's answers as they come (a screen can show them at once).
    public func refresh(
        _ places: [PlaceQuery], events: (@Sendable (RefreshEvent) -> Void)? = nil,
        answered: (@Sendable ([Int64: Answer]) -> Void)? = nil
    ) async -> [Int64: Outcome] {
        let deadline = options.deadline(from: budgetClock.now())
        let size = provider.batchSize
        let batches = stride(from: 0, to: places.count, by: size).map { Array(places[$0..<min($0 + size, places.count)]) }
        let gate = AsyncSemaphore(options.concurrency)
        // The whole refresh's planned calls are reserved at once (one write to a shared bucket).
        let plannedCalls = batches.reduce(0.0) { $0 + provider.callsPerPlace(options.detail) * Double($1.count) }
        await limiter?.plan(plannedCalls, events: events)
        let limits = shared ?? SharedLimits()
        let context = Context(
            deadline: deadline, gate: gate, admission: AsyncSemaphore(options.concurrency), held: limits.held, decoding: limits.decoding,
            events: events)
        // Said before the first answer: a screen shows that something is being fetched.
        if !places.isEmpty { events?(.progress(done: 0, total: places.count)) }
        return await withTaskGroup(of: [(Int64, Outcome)].self) { group in
            for batch in batches {
                group.addTask { await fetch(batch, attempts: options.attempts, context) }
            }
            var results: [Int64: Outcome] = [:]
            for await finished in group {
                for (id, outcome) in finished { results[id] = outcome.mapError(finalise) }
                if let answered {
                    let answers = finished.compactMap { id, outcome in (try? outcome.get()).map { (id, $0) } }
                    if !answers.isEmpty { answered(Dictionary(answers) { first, _ in first }) }
                }
                events?(.progress(done: results.count, total: places.count))
            }
            return results
        }
    }

    struct Context: Sendable {
        var deadline: ContinuousClock.Instant
        var gate: AsyncSemaphore
        /// This refresher's batches waiting for or holding room in `held`, at
        /// most `concurrency`: the weather and each source beside it take
        /// turns, rather than one source's fifty places queueing before the next's.
        var admission: AsyncSemaphore
        /// The bytes of answers held at once (`HTTPBodyLimit.heldAtOnce`): a
        /// batch takes its answers' limits before it asks and gives them back
        /// once they are decoded or dropped, so answers that wait for the one
        /// decoder (a fast service answering hundreds of hostile megabytes)
        /// never pile up.
        var held: AsyncSemaphore
        /// One answer decoded at a time: decoding is work for the processor, not
        /// waiting, and a decoder's tree of a hostile answer costs tens of MB, so
        /// answers decoded side by side would cost that many times over.
        var decoding: AsyncSemaphore
        var events: (@Sendable (RefreshEvent) -> Void)?
    }

    /// A message fit to show: the key never in it, no control characters, one line, bounded.
    func finalise(_ error: WeatherError) -> WeatherError {
        let clean = { (text: String) in SafeText.clean(text, maxLength: 300, redacting: provider.secrets) }
        return WeatherError(error.kind, clean(error.message), detail: error.detail?.mapText(clean))
    }

    /// A failed request, and whether one place of its batch could be the cause.
    struct RequestFailure: Error {
        var error: WeatherError
        var splittable: Bool
    }

    /// `after`: why the batch this one was split from failed, which a request
    /// the rate limit then forbids reports (not the limit's own words).
    private func fetch(_ batch: [PlaceQuery], attempts: Int, _ context: Context, after previous: RequestFailure? = nil) async -> [(Int64, Outcome)] {
        let urls = provider.requests(for: batch, detail: options.detail)
        let limit = provider.maximumBodySize(for: batch, detail: options.detail)
        // Room for every answer of the batch at its largest, given back before any split
        // (whose halves take their own): nothing is held but what will be decoded.
        let room = limit * urls.count
        await context.admission.acquire()
        await context.held.acquire(room)
        let fetched = await fetchHeld(batch, urls: urls, limit: limit, attempts: attempts, context, after: previous)
        await context.held.release(room)
        await context.admission.release()
        switch fetched {
        case .done(let results): return results
        case .split(let failure): return await split(batch, context, after: failure)
        }
    }

    /// What asking for a batch came to: its results, or a failure one of its places may have caused.
    private enum Fetched {
        case done([(Int64, Outcome)])
        case split(RequestFailure)
    }

    /// Asks for a batch and decodes its answers; the answers go no further.
    private func fetchHeld(
        _ batch: [PlaceQuery], urls: [ServiceRequest], limit: Int, attempts: Int, _ context: Context, after previous: RequestFailure?
    ) async -> Fetched {
        let cost = provider.callsPerPlace(options.detail) * Double(batch.count) / Double(max(1, urls.count))
        var responses: [HTTPResponse] = []
        switch await ask(urls, cost: cost, limit: limit, attempts: attempts, context, after: previous) {
        case .success(let answers): responses = answers
        case .failure(let failure):
            // The other answers of the batch are dropped unread.
            if failure.splittable && batch.count > 1 && provider.splitsFailedBatches { return .split(failure) }
            return .done(batch.map { ($0.id, .failure(failure.error)) })
        }
        // A source that must ask again (a grid or an area looked up first) does so
        // under the same budget, limit and gate. Its answers are not taken from
        // `held` (the batch may hold all of it already, and would wait for itself):
        // at most `maximumFollowUps` rounds of as many answers, each within `limit`.
        for _ in 0..<Self.maximumFollowUps {
            guard let more = provider.followUp(batch, responses: responses, detail: options.detail), !more.isEmpty,
                  more.count <= max(1, urls.count) else { break }
            // Within the budget, or not at all: an answer that came too late to ask on from is no answer in time.
            guard remaining(context.deadline) > 0 else {
                return .done(batch.map { ($0.id, .failure(WeatherError(.timeout, detail: .noTimeLeft))) })
            }
            switch await ask(more, cost: cost, limit: limit, attempts: attempts, context, after: previous) {
            case .success(let answers): responses += answers
            case .failure(let failure): return .done(batch.map { ($0.id, .failure(failure.error)) })
            }
        }
        await context.decoding.acquire()
        // Answers wait their turn to be decoded; one whose turn comes after the
        // budget is not decoded at all (16 hostile answers once took 11 s of CPU).
        let decoded = budgetClock.now() < context.deadline
            ? provider.decode(batch, responses: responses, now: clock())
            : .failure(WeatherError(.timeout, detail: .noTimeLeft))
        await context.decoding.release()
        switch decoded {
        case .success(let outcomes):
            return .done(zip(batch, outcomes).map { ($0.id, $1) })
        case .failure(let error):
            // An answer that cannot be read as a whole is the service's doing, not one
            // place's (one bad entry fails only its place): asking again for each half
            // would only fetch it again, up to twice per place, at its full size.
            return .done(batch.map { ($0.id, .failure(error)) })
        }
    }

    /// Rounds of requests a batch may add to its first ones (`BatchService.followUp`).
    static var maximumFollowUps: Int { 2 }

    /// Every request at once; the answers in order, or the first failure.
    private func ask(
        _ urls: [ServiceRequest], cost: Double, limit: Int, attempts: Int, _ context: Context, after previous: RequestFailure?
    ) async -> Result<[HTTPResponse], RequestFailure> {
        // A batch's requests (OpenWeatherMap: current + forecast) go out together.
        let answers = await withTaskGroup(of: (Int, Result<HTTPResponse, RequestFailure>).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask { (index, await request(url, cost: cost, attempts: attempts, limit: limit, context, after: previous)) }
            }
            var answers = [Result<HTTPResponse, RequestFailure>?](repeating: nil, count: urls.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        var responses: [HTTPResponse] = []
        for answer in answers {
            switch answer {
            case .success(let response)?: responses.append(response)
            case .failure(let failure)?: return .failure(failure)
            case nil: return .failure(RequestFailure(error: WeatherError(.cancelled, detail: .cancelled), splittable: false))
            }
        }
        return .success(responses)
    }

    /// Asks for each half on its own, once each, so the place that spoils an
    /// answer ends up alone with its error and the rest get their weather.
    private func split(_ batch: [PlaceQuery], _ context: Context, after failure: RequestFailure) async -> [(Int64, Outcome)] {
        let middle = batch.count / 2
        return await withTaskGroup(of: [(Int64, Outcome)].self) { group in
            for half in [Array(batch[..<middle]), Array(batch[middle...])] {
                group.addTask { await fetch(half, attempts: 1, context, after: failure) }
            }
            var results: [(Int64, Outcome)] = []
            for await part in group { results += part }
            return results
        }
    }

    /// One request with its retries, all within the budget. Never throws: the failure is the result.
    func request(
        _ url: ServiceRequest, cost: Double, attempts: Int, limit: Int, _ context: Context, after previous: RequestFailure? = nil
    ) async -> Result<HTTPResponse, RequestFailure> {
        let cancelled = RequestFailure(error: WeatherError(.cancelled, detail: .cancelled), splittable: false)
        var attempt = 1
        // Why the last try failed: what a retry the rate limit will not allow reports (the
        // service's 503, not the client-side limit that stopped the retry).
        var last = previous.map { RequestFailure(error: $0.error, splittable: false) }
        while true {
            if Task.isCancelled { return .failure(cancelled) }
            if let limiter {
                do {
                    try await limiter.acquire(cost, before: context.deadline, events: context.events)
                } catch let error as WeatherError {
                    return .failure(last ?? RequestFailure(error: error, splittable: false))
                } catch {
                    return .failure(cancelled)
                }
            }
            await context.gate.acquire()
            let outcome: Result<HTTPResponse, WeatherError>
            do { outcome = .success(try await client.get(url, deadline: context.deadline, maximumBodySize: limit)) } catch { outcome = .failure(error) }
            await context.gate.release()

            let failure: RequestFailure
            var wait: TimeInterval?
            switch outcome {
            case .success(let response) where (200..<300).contains(response.status) || response.status == 304:
                // 304: the copy the request named (If-Modified-Since) is still
                // the latest; the provider's decode takes it from the query.
                return .success(response)
            case .success(let response):
                // Redacted before it is cut, so no cut leaves the start of a key.
                let reason = provider.reason(in: response.body).map { SafeText.clean($0, maxLength: 200, redacting: provider.secrets) }
                let status = response.status
                failure = RequestFailure(
                    error: HTTPStatus.error(response, reason: reason),
                    splittable: (400...499).contains(status) && ![401, 403, 429].contains(status) || (500...599).contains(status))
                if HTTPStatus.isRetryable(status) {
                    let asked = HTTPStatus.retryAfter(response.headers, now: clock())
                    if let asked, asked > remaining(context.deadline) {
                        // Not worth waiting for: fail now and say when it will be. Whatever the
                        // status (a 503 as much as a 429), the service asks to be left alone for a
                        // while: that is a rate limit, as README's kinds say.
                        let error = WeatherError(
                            .rateLimited, detail: .waitLonger(failure.error.detail, message: failure.error.message, seconds: asked))
                        return .failure(RequestFailure(error: error, splittable: false))
                    }
                    wait = asked ?? backoff(attempt)
                }
            case .failure(let error):
                // An answer too large or badly compressed is the service's doing, not one place's:
                // splitting would only fetch it again, once per half.
                failure = RequestFailure(
                    error: error.kind == .timeout
                        ? WeatherError(.timeout, detail: .noAnswerWithin(seconds: options.budget))
                        : error,
                    splittable: false)
                if error.kind == .timeout || error.kind == .network { wait = backoff(attempt) }
            }
            guard let delay = wait, attempt < attempts, !Task.isCancelled, delay < remaining(context.deadline) else {
                return .failure(failure)
            }
            do { try await sleeper.sleep(delay) } catch { return .failure(cancelled) }
            last = failure
            attempt += 1
        }
    }

    func remaining(_ deadline: ContinuousClock.Instant) -> TimeInterval {
        budgetClock.remaining(until: deadline)
    }

    func backoff(_ attempt: Int) -> TimeInterval {
        options.backoff * pow(2, Double(attempt - 1)) * Double.random(in: 0.8...1.2)
    }

    /// "10 s", "2.5 s", "5 min", "3 h".
    public static func duration(_ seconds: TimeInterval) -> String { WeatherError.duration(seconds) }
}

/// What refreshers of one run share: `HTTPBodyLimit.heldAtOnce` bytes of
/// answers held at once, and one decoder.
struct SharedLimits: Sendable {
    let held = AsyncSemaphore(HTTPBodyLimit.heldAtOnce)
    let decoding = AsyncSemaphore(1)
}

/// A source asked beside the weather in one refresh: its refresher and the places it is asked about.
public struct CompanionRequest<Other: Sendable>: Sendable {
    public var name: String
    public var refresher: BatchRefresher<Other>
    public var places: [PlaceQuery]
    /// Not cut by the grace once the main refresh is done: it has its own
    /// short budget instead (the normals: a batch's thirty answers arrive
    /// together, and a batch cut halfway has spent its calls for nothing).
    public var outlastsGrace: Bool

    public init(name: String, refresher: BatchRefresher<Other>, places: [PlaceQuery], outlastsGrace: Bool = false) {
        self.name = name
        self.refresher = refresher
        self.places = places
        self.outlastsGrace = outlastsGrace
    }
}

extension BatchRefresher {
    /// Refreshes `places` and, alongside, `companion`'s answers for them (the
    /// air with the weather).
    public func refresh<Other: Sendable>(
        _ places: [PlaceQuery], alongside companion: BatchRefresher<Other>, graceClock: GraceClock,
        events: (@Sendable (RefreshEvent) -> Void)? = nil, answered: (@Sendable ([Int64: Answer]) -> Void)? = nil
    ) async -> (answers: [Int64: Outcome], companion: [Int64: BatchRefresher<Other>.Outcome]) {
        let (answers, others) = await refresh(
            places, companions: [CompanionRequest(name: "", refresher: companion, places: places)], graceClock: graceClock, events: events,
            answered: answered)
        return (answers, others[""] ?? [:])
    }

    /// Refreshes `places` and, at the same time, each companion's places from
    /// its source (warnings, the next hours, the air), each under its own rate
    /// limit and within the same budget. Once this refresh is done, the
    /// companions go on while their answers keep coming, but never
    /// `options.companionGrace` seconds without one (nor past their own
    /// budget); whatever they still lack then has no answer in time. So a
    /// source that hangs holds the weather back 2 s at most, and 50 places'
    /// warnings asked at a source's own pace are not cut off half-way.
    /// With no places of its own, the companions have the whole budget.
    /// The grace is measured and waited on `graceClock`: the world's seconds,
    /// not the budget's (a test's budget clock moves by what its work sleeps).
    public func refresh<Other: Sendable>(
        _ places: [PlaceQuery], companions: [CompanionRequest<Other>], graceClock: GraceClock,
        events: (@Sendable (RefreshEvent) -> Void)? = nil, answered: (@Sendable ([Int64: Answer]) -> Void)? = nil
    ) async -> (answers: [Int64: Outcome], companions: [String: [Int64: BatchRefresher<Other>.Outcome]]) {
        typealias Finished = CompanionRefresh<Answer, Other>
        let grace = Duration.milliseconds(Int(min(max(0, options.companionGrace), 86_400) * 1000))
        let waiting = companions.filter { !$0.places.isEmpty }
        var answers: [Int64: Outcome]?, others: [String: [Int64: BatchRefresher<Other>.Outcome]] = [:], cut = false
        // One bound on the answers held, and one decoder, for the weather and every source.
        let limits = shared ?? SharedLimits()
        let main = { var main = self; main.shared = limits; return main }()
        let all = waiting.map { companion in
            var refresher = companion.refresher
            refresher.shared = limits
            return CompanionRequest(name: companion.name, refresher: refresher, places: companion.places, outlastsGrace: companion.outlastsGrace)
        }
        // Those that outlast the grace run beside the rest, each within its own budget.
        let patient = all.filter(\.outlastsGrace), sharing = all.filter { !$0.outlastsGrace }
        async let patientAnswers = withTaskGroup(of: (String, [Int64: BatchRefresher<Other>.Outcome]).self) { group in
            for companion in patient {
                group.addTask { (companion.name, await companion.refresher.refresh(companion.places)) }
            }
            var done: [String: [Int64: BatchRefresher<Other>.Outcome]] = [:]
            for await (name, answered) in group { done[name] = answered }
            return done
        }
        let lastAnswer = LastAnswer(graceClock)
        await withTaskGroup(of: Finished.self) { group in
            group.addTask { .main(places.isEmpty ? [:] : await main.refresh(places, events: events, answered: answered)) }
            for companion in sharing {
                group.addTask {
                    .companion(companion.name, await companion.refresher.refresh(companion.places, events: { event in
                        if case .progress = event { lastAnswer.now() }
                    }))
                }
            }
            for await finished in group {
                switch finished {
                case .main(let main):
                    answers = main
                    if others.count < sharing.count && !places.isEmpty {
                        lastAnswer.now()
                        group.addTask {
                            // Over once `grace` passes with no companion's answer (or when all are done: cancelled).
                            while !Task.isCancelled {
                                let last = lastAnswer.moment
                                if graceClock.now() - last >= grace { break }
                                try? await graceClock.wait(last + grace)
                            }
                            return .graceOver
                        }
                    }
                case .companion(let name, let answered):
                    others[name] = answered
                    // The grace's sleep, if it runs, is no longer needed (the main refresh is done then).
                    if answers != nil && others.count == sharing.count { group.cancelAll() }
                case .graceOver:
                    if others.count < sharing.count {
                        cut = true
                        group.cancelAll()
                    }
                }
            }
        }
        for (name, answered) in await patientAnswers { others[name] = answered }
        let late = WeatherError(.timeout, detail: .noAnswerInTime)
        var result: [String: [Int64: BatchRefresher<Other>.Outcome]] = [:]
        for companion in waiting {
            result[companion.name] = (others[companion.name] ?? [:]).mapValues { outcome in
                // Cancelled by the cut, not by whoever cancelled this refresh.
                outcome.mapError { cut && $0.kind == .cancelled && !Task.isCancelled ? late : $0 }
            }
        }
        return (answers ?? [:], result)
    }
}

/// When a companion refresh last heard an answer (or began), on the grace's clock.
private final class LastAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private let clock: GraceClock
    private var last: ContinuousClock.Instant

    init(_ clock: GraceClock) {
        self.clock = clock
        last = clock.now()
    }

    func now() {
        let now = clock.now()
        lock.withLock { last = now }
    }

    var moment: ContinuousClock.Instant { lock.withLock { last } }
}

/// What finished first of a refresh and its companions'.
private enum CompanionRefresh<Main: Sendable, Other: Sendable>: Sendable {
    case main([Int64: Result<Main, WeatherError>])
    case companion(String, [Int64: Result<Other, WeatherError>])
    case graceOver
}
