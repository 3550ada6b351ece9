import Foundation
import Testing
@testable import ForecastViews
@testable import ForecastProviders
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `forecast report`: one self-contained file that parses as XML, SVGs and all,
/// with every place, its values and units.
@Suite struct HTMLReportTests {
    func document(_ text: String) throws -> XMLDocument {
        try XMLDocument(data: Data(text.utf8), options: [])
    }

    func texts(_ node: XMLNode, _ xpath: String) throws -> [String] {
        try node.nodes(forXPath: xpath).map { $0.stringValue ?? "" }
    }

    /// U+FFFE and U+FFFF are no XML characters: a label holding them made the report ill-formed.
    @Test func noncharactersLeaveTheReportWellFormed() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "Lon\u{FFFE}don\u{FFFF}").status == 0)
        let report = await cli.run("report")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(!report.stdout.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF })
        #expect(throws: Never.self) { try document(report.stdout) }
        #expect(report.stdout.contains("London"))
    }

    @Test func anEmptyListIsAClearErrorAndNoFile() async throws {
        let cli = CLI()
        let file = cli.folder.path("report.html")
        let none = try await cli.run("report", "-o", file)
        #expect(none.status == 4 && none.stderr.contains("no places are saved yet"))
        #expect(!FileManager.default.fileExists(atPath: file) && !FileManager.default.fileExists(atPath: cli.database))
    }

    @Test func theReportHasEveryPlaceWithItsValuesUnitsAndCharts() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        for name in ["Seoul", "London"] { #expect(try await cli.run("add", name).status == 0) }
        // A label with markup in it must come out as text.
        #expect(try await cli.run("add", "Busan", "--as", "<script>alert('x')</script> & \"Co\"").status == 0)
        let file = cli.folder.path("report.html")
        let result = try await cli.run("report", "-o", file)
        #expect(result.status == 0 && result.stderr == "Wrote the report of 3 places to '\(file)'.\n", "\(result.stderr)")
        let html = try String(contentsOfFile: file, encoding: .utf8)

        // Self-contained: nothing to fetch, nothing to run.
        for outside in ["<script", "src=", "href=\"http", "@import", "url(", "<link"] {
            #expect(!html.contains(outside), "\(outside)")
        }
        let xml = try document(html)
        #expect(try texts(xml, "/html/@lang") == ["en"])
        #expect(try texts(xml, "//title") == ["Weather for 3 places"])
        let rows = try xml.nodes(forXPath: "//table[@class='summary']/tbody/tr")
        #expect(rows.count == 3)
        let cells = try rows.map { row in try texts(row, "td") }
        #expect(cells.map { $0[1] } == ["Seoul", "London", "<script>alert('x')</script> & \"Co\""], "the label as text, escaped")
        // The stub: °C = (60 − latitude °F); London at 51.5° is 8.5 °F = −13 °C.
        #expect(cells[1][5] == "-13°C" && cells[1][7] == "51%", "\(cells[1])")
        #expect(try texts(xml, "//p[@class='meta']").first?.hasSuffix("°C, m/s") == true)

        let sections = try xml.nodes(forXPath: "//section[@class='place']")
        #expect(sections.count == 3)
        let svgs = try xml.nodes(forXPath: "//*[local-name()='svg']")
        #expect(svgs.count == 6, "two charts a place")
        for svg in svgs {
            // Each chart parses on its own too, as a standalone SVG file would.
            let alone = try document(svg.xmlString)
            #expect(alone.rootElement()?.name == "svg" && alone.rootElement()?.uri == "http://www.w3.org/2000/svg")
        }
        let hours = svgs[2]
        let line = try #require(try texts(hours, ".//*[local-name()='polyline']/@points").first)
        #expect(line.split(separator: " ").count > 24, "the next 48 hours (the stub has fewer left today)")
        #expect(try hours.nodes(forXPath: ".//*[local-name()='rect']").count > 10, "rain bars")
        #expect(try texts(hours, ".//*[local-name()='text']").contains("100%"))
        let days = svgs[3]
        #expect(try days.nodes(forXPath: ".//*[local-name()='rect'][@class='range']").count == 6, "a bar a day with both ends known (one low is null)")
        // Each bar filled in the temperatures' colours, a piece at a time (no gradient referenced).
        let pieces = try days.nodes(forXPath: ".//*[local-name()='rect'][not(@class)]")
        let coloured = try days.nodes(forXPath: ".//*[local-name()='rect'][not(@class)][starts-with(@style, 'fill:#')]")
        #expect(pieces.count >= 6 && coloured.count == pieces.count)
        #expect(try texts(xml, "//figcaption").contains("Coming hours: temperature (line, °C) and chance of precipitation (bars, %)"))
        await stub.stop()
    }

    @Test func inKoreanAndFahrenheit() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        #expect(try await cli.run("add", "London").status == 0)
        #expect(try await cli.run("units", "f").status == 0)
        let result = try await cli.run("report", "--lang", "ko")
        #expect(result.status == 0)
        let xml = try document(result.stdout)
        #expect(try texts(xml, "/html/@lang") == ["ko"])
        #expect(try texts(xml, "//title") == ["1곳의 날씨"])
        let cells = try texts(xml, "//table[@class='summary']/tbody/tr/td")
        #expect(cells[1] == "런던" && cells[5] == "8°F", "8.5 °F in the stub: \(cells)")
        #expect(try texts(xml, "//figcaption").first == "앞으로의 시간: 기온 (선, °F)과 강수 확률 (막대, %)")
        await stub.stop()
    }

    /// A place whose refresh failed: its note has a column header and wraps
    /// inside the table; on a phone the optional columns go and the table
    /// scrolls in its own box; Korean falls back to a CJK font.
    @Test func aFailedPlaceAndAPhone() async throws {
        let cli = try InProcessCLI(answer: { _ in HTTPResponse(status: 503, body: Data("down".utf8)) })
        #expect(await cli.run("add", "London").status == 0)
        let report = await cli.run("report", "--lang", "ko")
        #expect(report.status == 2)
        let xml = try document(report.stdout)
        let headers = try texts(xml, "//table[@class='summary']/thead/tr/th")
        let cells = try texts(xml, "//table[@class='summary']/tbody/tr/td")
        #expect(headers.count == cells.count && headers.last == "비고", "\(headers) \(cells)")
        #expect(try texts(xml, "//td[@class='error']").first?.contains("서비스 오류") == true)
        #expect(try xml.nodes(forXPath: "//div[@class='table']/table[@class='summary']").count == 1, "the table scrolls in its own box")
        let style = HTMLReport.style
        #expect(style.contains(".summary td.error,.summary td.stale{white-space:normal"))
        #expect(style.contains("@media (max-width:640px)") && style.contains(".summary .opt{display:none}"))
        #expect(style.contains("\"Noto Sans CJK KR\"") && style.contains("\"Malgun Gothic\"") && style.contains("\"Apple SD Gothic Neo\""))
        #expect(try xml.nodes(forXPath: "//th[@class='opt']").count == 6)
    }
}
