import ForecastCore
import Foundation

/// At most `limit` units held at once (a unit a holder, or bytes); the rest
/// wait in order, so a large taker is never starved by small ones.
actor AsyncSemaphore {
    private let capacity: Int
    private var available: Int
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ limit: Int) {
        capacity = max(1, limit)
        available = capacity
    }

    /// Takes `count` units (at most all of them: a taker larger than the whole waits for all).
    func acquire(_ count: Int = 1) async {
        let count = taken(count)
        if waiters.isEmpty && available >= count {
            available -= count
            return
        }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    /// Gives back what `acquire(count)` took.
    func release(_ count: Int = 1) {
        available += taken(count)
        while let first = waiters.first, available >= first.count {
            available -= first.count
            waiters.removeFirst().continuation.resume()
        }
    }

    private func taken(_ count: Int) -> Int { min(max(1, count), capacity) }
}

/// A token bucket kept where every `forecast` process sees it (the database),
/// so that separate runs together keep within a service's limit.
public protocol SharedRateBucket: Sendable {
    /// Takes `calls` from `service`'s bucket, which holds `rate.capacity` calls
    /// and refills at `rate.callsPerMinute`, and returns how many seconds from
    /// now the last of them may be made (0 when the bucket had enough).
    func take(_ calls: Double, service: String, rate: CallRate) throws -> TimeInterval
}

/// A client-side limit on calls to one service: a token bucket that holds a
/// window's worth of calls (a minute's, or a second's for a service that counts by the second) and refills evenly. A refresh first reserves all the
/// calls it plans (in the shared bucket, when there is one, in one write); this
/// bucket then starts where the shared one stood, so the calls go out on the
/// shared schedule. Calls beyond the plan (retries, split batches) are taken
/// from the shared bucket one by one.
public actor RateLimiter {
    public let callsPerMinute: Double
    private let rateLimit: CallRate
    private var capacity: Double { rateLimit.capacity }
    private var tokens: Double
    private var planned: Double = 0
    private var last: ContinuousClock.Instant
    /// The bucket shared by every process; nil once it has failed (a busy or
    /// read-only database), after which the limit is this process's own.
    private var shared: (any SharedRateBucket)?
    private let service: String
    private let sleeper: Sleeper
    /// What a deadline and the refill are measured on.
    private let budgetClock: BudgetClock

    public init(
        rate: CallRate, shared: (any SharedRateBucket)? = nil, service: String = "",
        sleeper: Sleeper, budgetClock: BudgetClock
    ) {
        self.budgetClock = budgetClock
        callsPerMinute = max(1, rate.callsPerMinute)
        rateLimit = CallRate(callsPerMinute: callsPerMinute, window: rate.window)
        tokens = rateLimit.capacity
        last = budgetClock.now()
        self.shared = shared
        self.service = service
        self.sleeper = sleeper
    }

    private var rate: Double { callsPerMinute / 60 }

    /// Reserves the calls a refresh plans to make. With a shared bucket that
    /// cannot be used (a read-only database), the limit is this process's alone.
    func plan(_ calls: Double, events: (@Sendable (RefreshEvent) -> Void)?) {
        guard let shared, calls > 0 else { return }
        guard let wait = try? shared.take(calls, service: service, rate: rateLimit) else {
            self.shared = nil
            return
        }
        // Start this bucket where the shared one stood, so the k-th call waits
        // just as long as the shared bucket says it must.
        refill()
        tokens = calls - wait * rate
        planned = calls
    }

    /// Waits until `cost` calls may be made. Throws `rateLimited` at once when
    /// that would take past `deadline`, and CancellationError when cancelled.
    func acquire(_ cost: Double, before deadline: ContinuousClock.Instant, events: (@Sendable (RefreshEvent) -> Void)?) async throws {
        refill()
        var wait: TimeInterval = 0
        if planned >= cost || shared == nil {
            planned = max(0, planned - cost)
            tokens -= min(cost, capacity)
            if tokens < 0 { wait = -tokens / rate }
        } else if let shared {
            if let shared = try? shared.take(cost, service: service, rate: rateLimit) {
                wait = shared
            } else {
                // Asking again would wait for the database again: this process counts alone from now on.
                self.shared = nil
                tokens -= min(cost, capacity)
                if tokens < 0 { wait = -tokens / rate }
            }
        }
        guard wait > 0 else { return }
        if wait > budgetClock.remaining(until: deadline) {
            throw WeatherError(.rateLimited, detail: .clientLimit(callsPerMinute: callsPerMinute, seconds: wait.rounded(.up)))
        }
        events?(.waitingForRateLimit(seconds: wait))
        try await sleeper.sleep(wait)
    }

    private func refill() {
        let now = budgetClock.now()
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(capacity, tokens + seconds * rate)
    }
}
