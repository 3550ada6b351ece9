import Foundation
import Testing
@testable import ForecastCLI
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
            case "table":
                var lines: [String] = []
                paged.writeText(style) { lines.append($0) }
                #expect(lines == whole.text(style), "given a line at a time, the whole table")
            case "json":
                var pieces: [String] = []
                var readBefore: [Int] = []
                try paged.writeJSON { piece in
                    pieces.append(piece)
                    readBefore.append(counting.pages.count)
                }
                #expect(pieces.joined() == (try JSONOutput.render(whole)), "the credit follows the places as the whole encoding says it")
                // Written as read: the first place is written once the first page is read, before the second is.
                #expect(readBefore.count > 2 && readBefore[1] == 1, "pages read when each piece was written: \(readBefore.prefix(3))")
            default:
                var piece = "", all = ""
                ReportText.write(paged, as: .csv, template: nil, words: words, english: words) { piece += $0 }
                ReportText.write(whole, as: .csv, template: nil, words: words, english: words) { all += $0 }
                #expect(piece == all)
            }
            #expect(counting.pages == [500, 500, 201], "\(form): three pages, none over \(WeatherPages.size) places: \(counting.pages)")
        }
    }

    @Test func aPageThatCannotBeReadEndsTheListAndTheFailureIsSaidAfter() throws {
        let (places, weather) = try held(1_201)
        let style = CommandStyle(words: words, columns: nil, usesColour: false, emoji: false)
        let counting = CountingReader()
        let reader = counting.reader(weather, failing: [2])
        #expect(output(places, reader).text(style).isEmpty, "no table with places shown as if they had no weather")
        #expect(throws: StoreError.self) { try reader.check() }
        // JSON stops after the first page, still a whole document; CSV after its first 500 rows.
        var json = ""
        try output(places, CountingReader().reader(weather, failing: [2])).writeJSON { json += $0 }
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((parsed["locations"] as? [Any])?.count == 500)
        var csv = ""
        ReportText.write(output(places, CountingReader().reader(weather, failing: [2])), as: .csv, template: nil, words: words, english: words) { csv += $0 }
        #expect(csv.split(separator: "\r\n").count == 1 + 500, "the header and the first page's rows")
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

/// `report` is written as it is made, a page of places at a time (issue 38,
/// item 18: 100,000 places' report took 517 MB): the summary's rows from the
/// places' summaries, the sections from their whole reports.
@Suite struct ReportPagingTests {
    let words = Language.en.words(.bundled)

    @Test func theReportIsWrittenAPageAtATimeAsTheWholeWouldBe() throws {
        let (places, weather) = try ListPagingTests().held(1_201)
        let format = WeatherFormat(Settings(), words: words, emoji: true)
        let whole = HTMLReport(
            entries: places.map { HTMLReport.Entry(position: $0.position, place: $0, weather: weather[$0.id] ?? PlaceWeather()) },
            format: format, words: words, source: SourceItem(.openMeteo), now: BrowseViewTests.now
        ).render()
        let rows = ListPagingTests.CountingReader(), sections = ListPagingTests.CountingReader()
        var pieces: [String] = []
        HTMLReport.write(
            places: places, rows: rows.reader(weather), sections: sections.reader(weather), format: format, words: words,
            source: SourceItem(.openMeteo), now: BrowseViewTests.now
        ) { pieces.append($0) }
        #expect(pieces.joined() == whole)
        #expect(rows.pages == [500, 500, 201] && sections.pages == [500, 500, 201], "\(rows.pages) \(sections.pages)")
        #expect(pieces.count > 6, "the head, the rows' pages, the sections' pages, the end: \(pieces.count) pieces")
    }

    @Test func aFileIsReplacedOnlyByAWholeReport() throws {
        let folder = TemporaryFolder()
        let path = folder.path("report.html")
        try Data("the old report".utf8).write(to: URL(fileURLWithPath: path))
        let context = CommandContext(
            app: AppContext.test(makeHTTPClient: { _ in FakeHTTPClient { _ in HTTPResponse(status: 500, body: Data()) } }, environment: [:]),
            stdout: Terminal(isInteractive: false, columns: nil, usesColour: false, sink: { _ in }),
            stderr: Terminal(isInteractive: false, columns: nil, usesColour: false, sink: { _ in }),
            words: words, openStore: { _ in throw StoreError.failed("no database") }, storeExists: { _ in false }, emoji: false)
        let target = try FileOutput.target(path)
        let big = String(repeating: "x", count: 100_000)
        try FileOutput.write(to: target, named: path, in: context) { piece in
            for _ in 0..<3 { piece(big) }
            return false
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the old report", "a page that could not be read: left as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == 1, "and no temporary file left")
        try FileOutput.write(to: target, named: path, in: context) { piece in
            for _ in 0..<3 { piece(big) }
            return true
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == big + big + big)
    }
}
