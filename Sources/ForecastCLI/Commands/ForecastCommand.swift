import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// A command: parsed from the command line, then run with everything from
/// outside in `context` (as swiftly's and SwiftPM's commands are), never from
/// a global or a task-local.
protocol ForecastCommand: AsyncParsableCommand {
    /// How the arguments fit together (exit 64), checked after the parse and
    /// before anything is opened: what it throws is a `UsageFailure`, worded
    /// in the context's language when it is said. A command checks its option groups' too.
    func check() throws

    func run(_ context: CommandContext) async throws
}

extension ForecastCommand {
    /// Nothing to check beyond what the parser does.
    func check() throws {}

    /// Commands run through `Forecast.run(_:in:)`, which gives them their context.
    func run() async throws {
        throw CommandFailure(message: "forecast commands run with a context: Forecast.run(_:in:)")
    }
}
