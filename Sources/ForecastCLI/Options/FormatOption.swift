import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// How the commands other than list and show answer: a table (or sentence) or JSON.
enum CommandFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

struct FormatOption: ParsableArguments {
    @Option(name: .long, help: "Output format: table or json.")
    var format: CommandFormat = .table
}
