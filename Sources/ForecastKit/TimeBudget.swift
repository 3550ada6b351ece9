import ForecastProviders
import Foundation

/// The one time budget of a command's network work (`--timeout`): looking a
/// name up online, then the weather, together. It starts when it is made, and
/// is measured on the context's budget clock (a test's stands still).
public struct TimeBudget: Sendable {
    public let seconds: TimeInterval
    public let ends: ContinuousClock.Instant
    let clock: BudgetClock

    public init(_ seconds: TimeInterval, clock: BudgetClock) {
        self.seconds = seconds
        self.clock = clock
        ends = clock.now() + .milliseconds(Int(min(max(0, seconds), 86_400) * 1000))
    }

    /// What is left of it: never quite nothing, so that a request asked with
    /// it fails at once as out of time.
    public var left: TimeInterval { max(0.001, clock.remaining(until: ends)) }
}
