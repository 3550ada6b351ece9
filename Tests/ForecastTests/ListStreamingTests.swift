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

    func list(_ count: Int) throws -> ListOutput {
        let cities = ["Seoul", "Busan", "Tokyo", "London", "Oslo"]
        let places = try (0..<count).map { try BrowseViewTests.place(Int64($0 + 1), cities[$0 % cities.count]) }
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
