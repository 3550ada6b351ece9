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
        let fields = ReportField.allCases
        // For machines, stable: the fields' names as --where and --template know them, SI values, English words;
        // text that a spreadsheet would run as a formula is defused (SpreadsheetCell), numbers stay numbers.
        let machine = { [self] (cell: (String, ReportField) -> String) in
            [fields.map(\.rawValue)] + output.machineRows(Language.en.words(app.gazetteer)).map { row in fields.map { cell(row.bare[$0] ?? "", $0) } }
        }
        switch try option.resolved(in: self) {
        case .table: try render(output, as: .table)
        case .json: try render(output, as: .json)
        case .csv:
            // RFC 4180: CRLF, a field with a comma, quote or line break quoted, quotes doubled.
            stdout.write(machine(SpreadsheetCell.csv).map { $0.joined(separator: ",") + "\r\n" }.joined())
        case .tsv:
            stdout.lines(machine(SpreadsheetCell.tsv).map { $0.joined(separator: "\t") })
        case .markdown:
            // For people: their units in the headers, their language.
            // The headers are the catalog's words: only a column break is escaped in them.
            let headers = fields.map { $0.header(temperature: output.units.temperature, wind: output.units.wind) }
                .map { $0.replacingOccurrences(of: "|", with: "\\|") }
            // A field whose machine value is a key (the air's scale and grade) reads in words.
            let rows = output.rows(words: words).map { row in fields.map { ($0.isKey ? row.shown[$0] : row.bare[$0]) ?? "" } }
            // The values hold services' and users' text (a name, a region, an error): nothing in them is markup.
            stdout.lines(
                ["| " + headers.joined(separator: " | ") + " |", "|" + fields.map { _ in " --- |" }.joined()]
                    + rows.map { "| " + $0.map(MarkdownCell.escape).joined(separator: " | ") + " |" })
        case .line:
            if let text = option.template {
                let template = try ReportFormatOption.template(text)
                stdout.lines(output.rows(words: words).map(template.line))
            } else {
                stdout.lines(output.rows(words: words).map(ReportTemplate.standardLine))
            }
        }
    }
}
