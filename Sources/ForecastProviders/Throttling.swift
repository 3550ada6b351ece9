import Foundation

/// At most `limit` holders at once; the rest wait in order.
actor AsyncSemaphore {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ limit: Int) { available = max(1, limit) }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty { available += 1 } else { waiters.removeFirst().resume() }
    }
}

/// A client-side limit on calls to one service: a token bucket that holds a
/// minute's worth of calls and refills evenly. Callers reserve in turn and wait
/// for their share, so a burst up to the limit goes at once and the rest follow
/// at the service's pace.
public actor RateLimiter {
    public let callsPerMinute: Double
    private var tokens: Double
    private var last: ContinuousClock.Instant
    private let sleep: @Sendable (TimeInterval) async throws -> Void

    public init(callsPerMinute: Double, sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RateLimiter.realSleep) {
        self.callsPerMinute = max(1, callsPerMinute)
        tokens = max(1, callsPerMinute)
        last = ContinuousClock.now
        self.sleep = sleep
    }

    public static let realSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }

    /// Reserves `cost` calls; returns once they may be made.
    public func acquire(_ cost: Double = 1) async throws {
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(callsPerMinute, tokens + seconds * callsPerMinute / 60)
        tokens -= min(cost, callsPerMinute)
        if tokens < 0 { try await sleep(-tokens * 60 / callsPerMinute) }
    }
}
