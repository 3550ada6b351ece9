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
    func run(_ context: CommandContext) async throws
}

extension ForecastCommand {
    /// Commands run through `Forecast.run(_:in:)`, which gives them their context.
    func run() async throws {
        throw CommandFailure(message: "forecast commands run with a context: Forecast.run(_:in:)")
    }
}
