import ArgumentParser
import ForecastViews
import Foundation

/// The one time budget of a command's network work (`--timeout`): looking a
/// name up online, then the weather, together. It starts when it is made.
struct TimeBudget {
    let seconds: TimeInterval
    let ends: ContinuousClock.Instant

    init(_ seconds: TimeInterval) {
        self.seconds = seconds
        ends = .now + .milliseconds(Int(min(max(0, seconds), 86_400) * 1000))
    }

    /// What is left of it: never quite nothing, so that a request asked with
    /// it fails at once as out of time.
    var left: TimeInterval {
        let left = ends - .now
        return max(0.001, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }

    /// `--timeout`'s range, for every command that has it.
    static func check(_ seconds: Double) throws {
        guard seconds > 0, seconds <= 300 else { throw UsageFailure(.timeout) }
    }
}
