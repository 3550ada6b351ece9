import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastViews
@testable import ForecastProviders

/// `list --format json` is written a place at a time (issue 38, item 18): for
/// 100,000 places the encoder's tree of the whole list took 471 MB. The text
/// is the same, byte for byte, as the whole encoding.
@Suite struct ListStreamingTests {
    let words = Language.en.words(.bundled)

    /// `count` places, five cities over and over, numbered from 1.
    static func places(_ count: Int) throws -> [Place] {
        let cities = ["Seoul", "Busan", "Tokyo", "London", "Oslo"]
        let found = try cities.map { try BrowseViewTests.place(1, $0) }
        return (0..<count).map { index in
            var place = found[index % found.count]
            place.id = Int64(index + 1)
            place.position = index + 1
            return place
        }
    }

    func list(_ count: Int) throws -> ListOutput {
        let places = try Self.places(count)
        var weather: [Int64: PlaceWeather] = [:]
        for place in places where place.id != 2 {
            var one = PlaceWeather()
            one.report = BrowseViewTests.report(Double(place.id))
            one.fetchedAt = BrowseViewTests.now
            one.warnings = place.id == 3 ? .noSource : .checked([], checkedAt: BrowseViewTests.now, sources: ["met-alerts"])
            weather[place.id] = one
        }
        weather[2] = PlaceWeather(error: WeatherError(.timeout, detail: .noAnswerInTime))
        return ListOutput(
            settings: Settings(), ordered: places, weather: weather, words: words, emoji: false, now: BrowseViewTests.now,
            source: SourceItem(WeatherProviders.all[0]))
    }

    @Test func theStreamedJSONIsTheWholeEncodingPieceByPiece() throws {
        for count in [0, 1, 5] {
            let output = try list(count)
            var pieces: [String] = []
            try output.writeJSON { pieces.append($0) }
            let whole = try JSONOutput.render(output)
            #expect(pieces.joined() == whole, "\(count) places")
            if count == 5 { #expect(pieces.count == 7, "the head, a piece a place, the tail") }
        }
    }
}

/// CSV, TSV, markdown and lines are written a few hundred rows at a time, by
/// the views (`ReportText`), not made whole in the command line first.
@Suite struct ReportTextTests {
    let words = Language.en.words(.bundled)

    @Test func everyFormatIsWrittenInPiecesOfRowsThatMakeTheWhole() throws {
        let list = try ListStreamingTests().list(1_201)
        for format in [OutputFormat.csv, .tsv, .markdown, .line] {
            var pieces: [String] = []
            ReportText.write(list, as: format, template: nil, words: words, english: words) { pieces.append($0) }
            let text = pieces.joined()
            let lines = text.split(separator: format == .csv ? "\r\n" : "\n", omittingEmptySubsequences: false).dropLast()
            let headers = format == .line ? 0 : format == .markdown ? 2 : 1
            #expect(lines.count == headers + 1_201, "\(format): one line a place after the headers")
            #expect(pieces.count == (headers > 0 ? 1 : 0) + 3, "\(format): the headers, then 500, 500 and 201 rows")
            #expect(lines.last?.contains("Oslo") == true || lines.last?.contains("Seoul") == true, "\(format): \(lines.last ?? "")")
        }
        // The machine formats' rows are the machine rows, in order.
        var csv = ""
        ReportText.write(list, as: .csv, template: nil, words: words, english: words) { csv += $0 }
        let rows = list.machineRows(words)
        let first = try #require(csv.split(separator: "\r\n").dropFirst().first)
        #expect(first.hasPrefix("\(rows[0].bare[.position] ?? "?"),"), "\(first)")
    }
}
