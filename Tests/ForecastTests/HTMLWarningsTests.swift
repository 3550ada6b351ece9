import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastViews
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The HTML report's **Warnings** and **Next two hours**: first in each
/// place's section, from recorded answers, every service text escaped.
@Suite struct HTMLWarningsTests {
    func report(_ entries: [HTMLReport.Entry], now: Date, language: Language = .en) -> String {
        let words = language.words(.bundled)
        let format = WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: words, emoji: true)
        return HTMLReport(entries: entries, format: format, words: words, source: SourceItem(.openMeteo), now: now).render()
    }

    func document(_ html: String) throws -> XMLDocument { try XMLDocument(data: Data(html.utf8), options: []) }

    func texts(_ node: XMLNode, _ xpath: String) throws -> [String] {
        try node.nodes(forXPath: xpath).map { ($0.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func warningsComeFirstWithTheirLevelEventWindowAreaHeadlineWhatToDoAndIssuer() throws {
        let now = RecordedWarnings.phoenixNow
        let phoenix = try RecordedWarnings.place(1, "Phoenix", now: now)
        let warnings = try RecordedWarnings.phoenix(phoenix)
        #expect(warnings.map(\.event) == ["Excessive Heat Warning", "Air Quality Alert"])
        var weather = RecordedWarnings.weather(warnings, now: now)
        weather.report = BrowseViewTests.report(38)
        let xml = try document(report([HTMLReport.Entry(position: 1, place: phoenix, weather: weather)], now: now))

        let section = try #require(try xml.nodes(forXPath: "//section[@class='place']").first)
        // The warnings are the section's first part after its heading, then the sky, then the weather.
        let parts = try section.nodes(forXPath: "*").map { [$0.name ?? "", try texts($0, "@class").first ?? ""].joined(separator: ".") }
        #expect(Array(parts.prefix(4)) == ["h2.", "div.warnings", "p.sky", "p.now"], "\(parts)")
        #expect(try texts(section, "div[@class='warnings']/h3") == ["Warnings checked 5 min ago"])

        let boxes = try section.nodes(forXPath: "div[@class='warnings']/div")
        #expect(try boxes.map { try texts($0, "@class").first } == ["warning red", "warning grey"])
        let heat = boxes[0]
        #expect(try texts(heat, "p[@class='what']/span[@class='level red']") == ["severe (red)"])
        #expect(try texts(heat, "p[@class='what']/strong") == ["Excessive Heat Warning"])
        // In Phoenix's own time (MST, UTC−7): onset Friday 10:00, end Saturday 20:00, each with its date.
        #expect(try texts(heat, "p[@class='what']/span[@class='window']") == ["from Fri 19 Jul 10:00 until Sat 20 Jul 20:00"])
        #expect(try texts(heat, "p[@class='area']").first?.hasPrefix("Area: ") == true)
        #expect(try texts(heat, "p[@class='headline']") == [warnings[0].headline ?? "-"])
        // The first paragraph of what to do, its line breaks joined; more follows, so "…".
        let lead = try #require(try texts(heat, "p[@class='instruction']").first)
        #expect(lead.hasPrefix("What to do An Excessive Heat Warning means that a period of very hot temperatures, even by local standards, will occur."))
        #expect(lead.hasSuffix("…") && !lead.contains("\n"))
        #expect(try texts(heat, "p[@class='issuer']") == ["Issued by NWS Phoenix AZ · US National Weather Service (public domain) · "
            + (warnings[0].url ?? "")])
        // The Air Quality Alert has no end and no instruction: said as such, nothing made up.
        let air = boxes[1]
        #expect(try texts(air, "p[@class='what']/span[@class='window']") == ["from Thu 18 Jul 08:13 until Fri 19 Jul 21:00"])
        #expect(try air.nodes(forXPath: "p[@class='instruction']").isEmpty)

        // The summary marks the place beside its name in its highest level's colour, the level as its title.
        let mark = try #require(try xml.nodes(forXPath: "//table[@class='summary']//span[@class='wmark red']").first)
        #expect(try mark.stringValue == "⚠" && texts(mark, "@title") == ["severe (red)"])
    }

    /// A place no source covers says so (not an empty list that reads as "all
    /// clear"); a failed source says why; none in force, and none checked yet, are said too.
    @Test(arguments: [Language.en, .ko]) func everyStatusIsASentence(_ language: Language) throws {
        let words = language.words(.bundled)
        let now = RecordedWarnings.phoenixNow
        let seoul = try RecordedWarnings.place(1, "Seoul", now: now)
        let phoenix = try RecordedWarnings.place(2, "Phoenix", now: now)
        var none = PlaceWeather(), failed = PlaceWeather(), clear = PlaceWeather(), unknown = PlaceWeather()
        none.warnings = .noSource
        failed.warnings = .failed(WeatherError(.timeout, detail: .noAnswerInTime), kept: nil, checkedAt: nil)
        clear.warnings = .checked([], checkedAt: now, sources: ["nws-alerts"])
        unknown.warnings = .unknown
        let html = report(
            [(seoul, none), (phoenix, failed), (phoenix, clear), (phoenix, unknown)].enumerated().map {
                HTMLReport.Entry(position: $0.offset + 1, place: $0.element.0, weather: $0.element.1)
            }, now: now, language: language)
        let xml = try document(html)
        let said = try xml.nodes(forXPath: "//div[@class='warnings']").map { try texts($0, "p") }
        #expect(said == [
            [words.noWarningSource(country: words.countryName("KR"))], [words.warningsFailed(WeatherError(.timeout, detail: .noAnswerInTime))],
            [words.noWarningsInForce], [words.warningsNotChecked],
        ])
        #expect(said[0][0] == (language == .en ? "No official warnings for South Korea here." : "대한민국의 공식 특보는 여기서 볼 수 없습니다."))
        #expect(try xml.nodes(forXPath: "//span[starts-with(@class,'wmark')]").isEmpty, "no mark without a warning")
    }

    /// A nowcast: a quarter-hour strip between the place's times now and two hours on, and its sentence.
    @Test func theNextTwoHoursAreAStripAndASentence() throws {
        let now = RecordedWarnings.trondheimNow
        let trondheim = try RecordedWarnings.place(1, "Trondheim", now: now)
        var weather = RecordedWarnings.weather([], now: now, source: "met-alerts")
        weather.nextHours = try RecordedWarnings.trondheim(trondheim)
        let xml = try document(report([HTMLReport.Entry(position: 1, place: trondheim, weather: weather)], now: now))
        let line = try #require(try xml.nodes(forXPath: "//p[@class='next']").first)
        #expect(try texts(line, "strong") == ["Next two hours"])
        // 20:20 to 22:20 in Trondheim (UTC+2): dry until 21:00 (19:00 UTC), then 0.2 rising to 2.5 mm/h at 22:05.
        #expect(try texts(line, "span[@class='strip']/small") == ["20:20", "22:20"])
        #expect(try texts(line, "span[@class='strip']/span") == ["▁", "▁", "▂", "▂", "▃", "▃", "▃", "▅"])
        // The nowcast credited beside what it says, as MET's licence asks.
        #expect(line.stringValue?.hasSuffix("22:20 Light rain starting around 21:00, heavier from 22:05. MET Norway (CC BY 4.0)") == true,
                "\(line.stringValue ?? "")")
        #expect(try texts(line, "small[@class='credit']") == ["MET Norway (CC BY 4.0)"])
        // And it follows the warnings, before the weather.
        #expect(html(of: xml).range(of: "class=\"warnings\"")!.lowerBound < html(of: xml).range(of: "class=\"next\"")!.lowerBound)
    }

    func html(of xml: XMLDocument) -> String { xml.xmlString }

    /// Everything from a service is text: markup, quotes and ampersands in an event,
    /// a headline, an area, an instruction and a URL come out escaped, and the file stays XML.
    /// Each place's sun and moon, computed for it, with or without its weather.
    @Test func theSunAndTheMoonAreSaid() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2024-12-21T12:00:00Z"))
        let tromso = try RecordedWarnings.place(1, "Tromsø", now: now), london = try RecordedWarnings.place(2, "London", now: now)
        let html = report([
            HTMLReport.Entry(position: 1, place: tromso, weather: PlaceWeather()),
            HTMLReport.Entry(position: 2, place: london, weather: PlaceWeather()),
        ], now: now)
        let sky = try texts(try document(html), "//p[@class='sky']")
        #expect(sky.count == 2 && sky.allSatisfy { $0.hasPrefix("Sun & moon ") }, "\(sky)")
        #expect(sky[0].contains("Polar night: the sun does not rise today") && sky[1].contains("Sunrise 08:0"), "\(sky)")
        #expect(sky.allSatisfy { $0.contains("lit") })
        let korean = try texts(try document(report([HTMLReport.Entry(position: 1, place: tromso, weather: PlaceWeather())], now: now, language: .ko)), "//p[@class='sky']")
        #expect(korean.first?.hasPrefix("해와 달 극야") == true, "\(korean)")
    }

    @Test func serviceTextIsEscaped() throws {
        let now = RecordedWarnings.phoenixNow
        let phoenix = try RecordedWarnings.place(1, "Phoenix", now: now)
        let hostile = try #require(WeatherWarning(
            source: "nws-alerts", id: "x", event: "<script>alert('x')</script>", level: .extreme, onset: now, ends: now.addingTimeInterval(3600),
            headline: "Tom & \"Jerry\" <b>", instruction: "<img src=x onerror=alert(1)>\n\nmore", area: "A 'quoted' & <area>",
            issuer: "<i>NWS</i>", url: "https://example.com/a?b=1&c=2"
        ).bounded(now: now))
        // A place whose weather failed still has its warnings.
        var weather = RecordedWarnings.weather([hostile], now: now)
        weather.error = WeatherError(.timeout, detail: .noAnswerInTime)
        let html = report([HTMLReport.Entry(position: 1, place: phoenix, weather: weather)], now: now)
        for raw in ["<script", "<img", "<b>", "<i>", "<area>", "&c="] { #expect(!html.contains(raw), "\(raw)") }
        let xml = try document(html)
        let box = try #require(try xml.nodes(forXPath: "//div[@class='warning purple']").first)
        #expect(try texts(box, "p[@class='what']/strong") == ["<script>alert('x')</script>"])
        #expect(try texts(box, "p[@class='headline']") == ["Tom & \"Jerry\" <b>"])
        #expect(try texts(box, "p[@class='area']") == ["Area: A 'quoted' & <area>"])
        #expect(try texts(box, "p[@class='instruction']") == ["What to do <img src=x onerror=alert(1)> more"])
        #expect(try texts(box, "p[@class='issuer']") == ["Issued by <i>NWS</i> · US National Weather Service (public domain) · https://example.com/a?b=1&c=2"])
        #expect(try xml.nodes(forXPath: "//section//p[@class='error']").count == 1, "the weather's failure is said after the warnings")
    }
}
