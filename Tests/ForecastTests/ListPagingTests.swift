import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore
@testable import ForecastViews

/// A list's weather is read a page of places at a time as it is written
/// (issue 38, item 18): 100,000 places' weather was all held before the first
/// line (364 MB). What is written is what the whole held would write.
@Suite struct ListPagingTests {
    let words = Language.en.words(.bundled)

    /// A reader over `weather` that notes the size of every page asked for, and fails the pages `failing` names.
    final class CountingReader: @unchecked Sendable {
        private let lock = NSLock()
        private var sizes: [Int] = []
        var pages: [Int] { lock.withLock { sizes } }

        func reader(_ weather: [Int64: PlaceWeather], failing: Set<Int> = []) -> WeatherPageReader {
            WeatherPageReader { places in
                let page = self.lock.withLock { self.sizes.append(places.count); return self.sizes.count }
                if failing.contains(page) { throw StoreError.failed("page \(page)") }
                return places.reduce(into: [:]) { found, place in found[place.id] = weather[place.id] }
            }
        }
    }

    /// `count` places, every one's weather but the second's, the second's fetch failed.
    func held(_ count: Int) throws -> (places: [Place], weather: [Int64: PlaceWeather]) {
        let places = try ListStreamingTests.places(count)
        var weather: [Int64: PlaceWeather] = [:]
        for place in places where place.id != 2 {
            weather[place.id] = PlaceWeather(report: BrowseViewTests.report(Double(place.id % 40)), fetchedAt: BrowseViewTests.now)
        }
        weather[2] = PlaceWeather(error: WeatherError(.timeout, detail: .noAnswerInTime))
        return (places, weather)
    }

    func output(_ places: [Place], _ reading: WeatherPageReader) -> ListOutput {
        ListOutput(
            settings: Settings(), ordered: places, reading: reading, words: words, emoji: false, now: BrowseViewTests.now,
            source: SourceItem(WeatherProviders.all[0]))
    }

    @Test func everyFormReadsAPageAtATimeAndWritesWhatTheWholeWould() throws {
        let (places, weather) = try held(1_201)
        let whole = output(places, WeatherPageReader(weather))
        let style = CommandStyle(words: words, columns: nil, usesColour: false, emoji: false)
        for form in ["table", "json", "csv"] {
            let counting = CountingReader()
            let paged = output(places, counting.reader(weather))
            switch form {
            case "table": #expect(paged.text(style) == whole.text(style))
            case "json":
                var pieces: [String] = []
                try paged.writeJSON { pieces.append($0) }
                #expect(pieces.joined() == (try JSONOutput.render(whole)), "the credit follows the places as the whole encoding says it")
            default:
                var piece = "", all = ""
                ReportText.write(paged, as: .csv, template: nil, words: words, english: words) { piece += $0 }
                ReportText.write(whole, as: .csv, template: nil, words: words, english: words) { all += $0 }
                #expect(piece == all)
            }
            #expect(counting.pages == [500, 500, 201], "\(form): three pages, none over \(WeatherPages.size) places: \(counting.pages)")
        }
    }

    @Test func aPageThatCannotBeReadLeavesItsPlacesBlankAndTheFailureIsSaidAfter() throws {
        let (places, weather) = try held(1_201)
        let counting = CountingReader()
        let reader = counting.reader(weather, failing: [2])
        let lines = output(places, reader).text(CommandStyle(words: words, columns: nil, usesColour: false, emoji: false))
        #expect(lines.count == 1 + 1_201 + 1, "every place is listed, and the credit")
        #expect(lines[1 + 600].contains("P") == false && lines[1 + 600].contains("°") == false, "the second page has no weather: \(lines[601])")
        #expect(lines[1 + 1_100].contains("°"), "the third has: \(lines[1_101])")
        #expect(throws: StoreError.self) { try reader.check() }
        #expect(throws: Never.self) { try WeatherPageReader(weather).check() }
    }

    /// The kit's side: `listPaged` holds nothing of the cache; its pages read what `listWithWeather` holds.
    @Test func theStoresPagesAreTheWholeLists() async throws {
        let store = try PlaceStore.inMemory()
        let context = AppContext.test(
            makeHTTPClient: { _ in FakeHTTPClient { _ in HTTPResponse(status: 500, body: Data()) } }, clock: { BrowseViewTests.now },
            environment: [:])
        let saved = SavedPlaces(store: store, context: context)
        var reports: [Int64: WeatherReport] = [:]
        for index in 0..<1_201 {
            guard case .added(let place) = try store.add(
                newPlace("P\(index)", lat: Double(index % 80) - 40, lon: Double(index / 80) * 10 - 170, geonamesID: nil), now: BrowseViewTests.now)
            else { Issue.record("not added"); return }
            if index % 7 != 0 { reports[place.id] = BrowseViewTests.report(Double(index % 40)).summary }
        }
        try store.saveWeather(reports, provider: WeatherProviders.default.name.rawValue, fetchedAt: BrowseViewTests.now, full: false)
        var request = WeatherRequest()
        request.offline = true
        let settings = try WeatherSettings.resolve(request, environment: [:])
        let paged = try await saved.listPaged(settings: settings)
        #expect(paged.pages != nil && paged.outcome.weather.isEmpty, "offline: nothing asked, nothing of the cache held")
        let whole = try await saved.listWithWeather(settings: settings)
        #expect(whole.pages == nil && whole.outcome.weather.count == 1_201)
        let read = try paged.weather(for: paged.places)
        #expect(read.count == 1_201)
        #expect(read.values.filter { $0.report != nil }.count == reports.count, "every kept summary, none other")
        for place in paged.places {
            #expect(read[place.id]?.report?.current.temperature == whole.outcome.weather[place.id]?.report?.current.temperature)
            #expect(read[place.id]?.report?.current.temperature == reports[place.id]?.current.temperature)
        }
    }
}
