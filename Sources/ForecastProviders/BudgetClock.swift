import Foundation

/// The clock a refresh's time budget is measured on: the machine's monotonic
/// clock, or, in tests, one that stands still, so that a budget runs out only
/// when a test says so and never because the machine is loaded (with a build
/// beside them on two cores, in-process tests once ran out of a 10 s budget
/// between asking a fake service and decoding its answer).
public struct BudgetClock: Sendable {
    public var now: @Sendable () -> ContinuousClock.Instant

    public init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.now = now
    }

    public static let live = BudgetClock { ContinuousClock.now }

    /// A clock that reads the moment it was made, always.
    public static func stopped() -> BudgetClock {
        let moment = ContinuousClock.now
        return BudgetClock { moment }
    }

    /// Seconds from now until `deadline` (negative once past).
    public func remaining(until deadline: ContinuousClock.Instant) -> TimeInterval {
        let left = deadline - now()
        return Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
    }
}

/// How the work waits: the rate limit's turn, a retry's pause. Injected like
/// the budget clock, and measured on it, so that a test's waits pass on its
/// own time (the tests' `VirtualTime`: sleeping moves it on) instead of the
/// machine's. (The grace the sources beside the weather get is waited on a
/// `GraceClock`.)
public struct Sleeper: Sendable {
    public var sleep: @Sendable (_ seconds: TimeInterval) async throws -> Void

    public init(_ sleep: @escaping @Sendable (_ seconds: TimeInterval) async throws -> Void) {
        self.sleep = sleep
    }

    /// The machine's time: `Task.sleep`, ended early (throwing) by cancellation.
    public static let live = Sleeper { seconds in
        try await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 86_400) * 1_000_000_000))
    }
}

/// What the companions' grace (`BatchRefresher.refresh(_:companions:)`) is
/// measured and waited on: the world's time, which waiting does not move. The
/// machine's clock, or, in tests, one that moves only when the test (or its
/// stand-in services) says time passes, so that a source that answers at once
/// is never cut by a loaded machine, and one that never answers is cut without
/// the test waiting the grace out. (Not the budget's test clock: it moves by
/// what the work sleeps, each sleep added to the others', so the waits of
/// sources running side by side would end the grace long before its time.)
public struct GraceClock: Sendable {
    public var now: @Sendable () -> ContinuousClock.Instant
    /// Returns once `now()` reads `moment` or later; throws when cancelled.
    public var wait: @Sendable (_ moment: ContinuousClock.Instant) async throws -> Void

    public init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        wait: @escaping @Sendable (_ moment: ContinuousClock.Instant) async throws -> Void
    ) {
        self.now = now
        self.wait = wait
    }

    /// The machine's monotonic clock; `Task.sleep`, ended early (throwing) by cancellation.
    public static let live = GraceClock(now: { ContinuousClock.now }, wait: { try await Task.sleep(until: $0, clock: .continuous) })
}
