import ForecastCore
import ForecastKit
import Foundation
import Testing
@testable import ForecastViews

/// Issue 38, findings 15 and 17: a formula sign under a combining mark or a
/// joiner got through CSV and TSV, and Markdown passed services' HTML and links.
@Suite struct CellEscapeTests {
    /// Each sign OWASP lists, followed by what makes it one character with the next scalar.
    static let hidden = ["=\u{301}1+1", "+\u{FE0F}SUM(A1)", "-\u{200D}2+3", "@\u{20DD}SUM(A1)", "=\u{20DD}HYPERLINK(\"http://evil.test\")",
                         "\t\u{301}=1", "\r\u{301}=1", "＝\u{301}1", "\u{200B}=1+1", "\u{FEFF}+1", "\u{2060}-1", " =1"]

    @Test func theFirstScalarIsJudgedNotTheFirstCharacter() {
        for text in Self.hidden {
            #expect(SpreadsheetCell.isFormula(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(SpreadsheetCell.csv(text, number: false).hasPrefix("\"'"), "\(text.debugDescription)")
            #expect(SpreadsheetCell.tsv(text, field: .name).hasPrefix("'"), "\(text.debugDescription)")
        }
        for text in ["Wind", "é=1", "Oslo-Bergen", "\u{301}", "", "\u{200B}"] {
            #expect(!SpreadsheetCell.isFormula(text), "\(text.debugDescription)")
        }
        // The small and full-width forms are the ASCII signs to some spreadsheets.
        for text in ["﹦1", "﹢1", "﹣1", "＠A1"] { #expect(SpreadsheetCell.isFormula(text), "\(text)") }
    }

    /// A label typed with a mark on its "=" (list) and warnings' texts (alerts) are defused.
    @Test func listAndAlertsDefuseTheHiddenSigns() async throws {
        let cli = try InProcessCLI()
        let label = "=\u{301}HYPERLINK(\"http://evil.test\",\"x\")"
        let added = await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name=" + label)
        #expect(added.status == 0, "\(added.stderr)")
        let csv = await cli.run("list", "--offline", "--format", "csv")
        let records = try CSV.parse(csv.stdout)
        let name = try #require(records[0].firstIndex(of: "name"))
        #expect(records[1][name] == "'" + label, "\(csv.stdout)")
        let tsv = await cli.run("list", "--offline", "--format", "tsv")
        let row = try #require(tsv.lines.dropFirst().first).split(separator: "\t", omittingEmptySubsequences: false)
        #expect(row[name] == "'" + label, "\(tsv.stdout)")

        let views = WarningsViewTests()
        var hostile = views.warning(.severe, event: "+\u{FE0F}SUM(1)", instruction: "@\u{20DD}cmd")
        hostile.headline = "-\u{200D}2+3"
        let oslo = try views.place(1, "=\u{301}Oslo")
        let outcome = WeatherOutcome(weather: [1: views.weather([hostile])], cancelled: false, fetchedAny: false)
        let listing = WarningsListing(settings: Settings(), places: [oslo], outcome: outcome, now: views.now)
        let output = AlertsOutput(listing, format: WeatherFormat(Settings(), words: views.words, emoji: true), now: views.now)
        let alerts = try CSV.parse(output.csv())
        for (column, text) in [("event", "+\u{FE0F}SUM(1)"), ("instruction", "@\u{20DD}cmd"), ("headline", "-\u{200D}2+3"), ("place", "=\u{301}Oslo")] {
            let index = try #require(alerts[0].firstIndex(of: column))
            #expect(alerts[1][index] == "'" + text, "\(column): \(alerts[1][index].debugDescription)")
        }
    }

    @Test func markdownCellsHoldNoMarkup() {
        #expect(MarkdownCell.escape("<script>alert(1)</script>") == #"&lt;script&gt;alert\(1\)&lt;/script&gt;"#)
        #expect(MarkdownCell.escape("[a](javascript:alert(1))") == #"\[a\]\(javascript\:alert\(1\)\)"#)
        #expect(MarkdownCell.escape("<http://evil.test>") == #"&lt;http\://evil\.test&gt;"#)
        #expect(MarkdownCell.escape("www.evil.test me@evil.test") == #"www\.evil\.test me\@evil\.test"#)
        #expect(MarkdownCell.escape("*a* _b_ `c` ~d~ \\ |e| ![f] &amp; $x$") == #"\*a\* \_b\_ \`c\` \~d\~ \\ \|e\| \!\[f\] &amp;amp; \$x\$"#)
        #expect(MarkdownCell.escape("line\nbreak") == "line break")
        // Numbers and times read as they are.
        #expect(MarkdownCell.escape("-5.3") == "-5.3" && MarkdownCell.escape("2026-11-23T03:08:00Z") == "2026-11-23T03:08:00Z")
    }

    /// A place's name and region from a service, shown by `list --format markdown`.
    @Test func markdownOutputEscapesNamesAndRegions() async throws {
        let cli = try InProcessCLI()
        _ = try cli.store.add(
            NewPlace(
                displayName: "<script>alert(1)</script>", canonicalName: "<img src=x onerror=alert(1)>", countryCode: "",
                admin1: "[a](javascript:alert(1))", coordinate: try Coordinate(latitude: 51.5, longitude: -0.12), timeZone: "Europe/London",
                geonamesID: nil),
            now: january2026)
        let markdown = await cli.run("list", "--offline", "--format", "markdown")
        #expect(markdown.status == 0, "\(markdown.stderr)")
        let row = try #require(markdown.lines.dropFirst(2).first)
        #expect(!row.contains("<") && !row.contains(">") && !row.contains("]("), "\(row)")
        #expect(row.contains(#"&lt;script&gt;alert\(1\)&lt;/script&gt;"#) && row.contains(#"\[a\]\(javascript\:alert\(1\)\)"#), "\(row)")
        #expect(markdown.lines[0].contains("temp (°C)"), "the headers are the catalog's words: \(markdown.lines[0])")
    }
}
