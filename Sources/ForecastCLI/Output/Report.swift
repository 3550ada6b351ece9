import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation
import ForecastViews

/// How `list` and `show` print (the core's one list of formats).
typealias ReportFormat = OutputFormat
extension OutputFormat: ExpressibleByArgument {}

struct ReportFormatOption: ParsableArguments {
    @Option(name: .long, help: "Output format: \(Phrases.listed(OutputFormat.names, "or")) (default: $FORECAST_FORMAT, else 'forecast config format', else table).")
    var format: ReportFormat?

    @Option(name: .long, help: ArgumentHelp(
        "With --format line: the fields to print, e.g. '{name} {symbol} {temp} {humidity}'; the fields: \(ReportField.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "template"))
    var template: String?

    func check() throws {
        if template != nil && format != nil && format != .line { throw UsageFailure(.templateNeedsLine) }
        if let template { _ = try Self.template(template) }
    }

    /// The format in force: the flag, else $FORECAST_FORMAT, else `forecast config format`, else the table.
    /// `text` parsed, or the command line's error in the user's words.
    static func template(_ text: String) throws -> ReportTemplate {
        do {
            return try ReportTemplate(text)
        } catch .unclosed(let rest) {
            throw UsageFailure(.templateUnclosed(rest))
        } catch .unknownField(let name) {
            throw UsageFailure(.templateField(name))
        }
    }

    func resolved(in context: CommandContext) throws -> ReportFormat {
        let chosen: ReportFormat
        if let format {
            chosen = format
        } else if template != nil {
            // A template is a line's: it says the format, whatever the settings' default.
            chosen = .line
        } else if let text = context.environment[Configuration.formatVariable], !text.isEmpty {
            guard let format = ReportFormat(rawValue: text.lowercased()) else {
                throw ConfigError.badValue(
                    .format, Configuration.shown(text, environment: context.environment).map { SafeText.clean($0, maxLength: 60) },
                    allowed: Configuration.formats.joined(separator: ", "))
            }
            chosen = format
        } else {
            chosen = context.preferences.format.flatMap(ReportFormat.init(rawValue:)) ?? .table
        }
        if template != nil && chosen != .line { throw UsageFailure(.templateNeedsLine) }
        return chosen
    }
}

extension CommandContext {
    func render(_ output: some ReportOutput, as option: ReportFormatOption) throws {
        try render(output, as: option.resolved(in: self), template: option.template.map(ReportFormatOption.template))
    }

    /// Prints `output` in `format`: the table and JSON as every command's
    /// output prints them, the other formats as the output writes them.
    func render(_ output: some ScriptOutput, as format: OutputFormat, template: ReportTemplate?) throws {
        switch format {
        case .table: try render(output, as: .table)
        case .json: try render(output, as: .json)
        case .csv, .tsv, .markdown, .line:
            output.write(as: format, template: template, words: words, english: Language.en.words(app.gazetteer), emoji: emoji) { stdout.write($0) }
        }
    }
}
