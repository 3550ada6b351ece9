import ForecastCore
import ForecastKit
import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastViews

/// Every command's formats through one path (`ScriptOutput`): the table and
/// JSON as every output has them, CSV, TSV, markdown and lines as the output
/// writes them; `alerts` no longer switches on its format itself.
@Suite struct ScriptOutputTests {
    static func written(_ output: some ScriptOutput, _ format: OutputFormat, words: CommandFaceWords) -> String {
        var text = ""
        output.write(as: format, template: nil, words: words, english: words, emoji: true) { text += $0 }
        return text
    }

    @Test func alertsWriteTheirCSVAndLinesThroughTheSharedPath() throws {
        let views = WarningsViewTests()
        let oslo = try views.place(1, "Oslo")
        let outcome = WeatherOutcome(weather: [1: views.weather([views.warning(.moderate), views.warning(.minor, event: "Ice")])], cancelled: false, fetchedAny: false)
        let listing = WarningsListing(settings: Settings(), places: [oslo], outcome: outcome, now: views.now)
        let output = AlertsOutput(listing, format: WeatherFormat(Settings(), words: views.words, emoji: true), now: views.now)
        #expect(AlertsFormat.allCases.map(\.output) == AlertsOutput.formats, "the command offers the formats its output has")
        let csv = Self.written(output, .csv, words: views.words)
        #expect(csv == output.csv() && csv.hasPrefix(AlertsOutput.csvColumns.joined(separator: ",") + "\r\n"))
        let lines = Self.written(output, .line, words: views.words)
        #expect(lines == output.lines(words: views.words, emoji: true).map { $0 + "\n" }.joined() && lines.split(separator: "\n").count == 2, "\(lines)")
        #expect(Self.written(output, .tsv, words: views.words).isEmpty && Self.written(output, .markdown, words: views.words).isEmpty)
    }

    @Test func aListWritesItsReportFormatsThroughTheSamePath() throws {
        let views = WarningsViewTests()
        let list = ListOutput(
            settings: Settings(), ordered: [try views.place(1, "Oslo")], weather: [1: views.weather([])], words: views.words, emoji: true, now: views.now)
        let csv = Self.written(list, .csv, words: views.words)
        #expect(csv.hasPrefix(ReportField.allCases.map(\.rawValue).joined(separator: ",") + "\r\n") && csv.contains("Oslo"), "\(csv)")
        #expect(Self.written(list, .line, words: views.words).hasPrefix("Oslo"))
    }
}
