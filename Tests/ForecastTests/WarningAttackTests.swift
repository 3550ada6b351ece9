import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders
@testable import ForecastViews

/// What the attack on the warnings and the next hours found, each held to.
struct WarningAttackTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func warning(
        _ id: String, level: WarningLevel = .moderate, sent: TimeInterval? = nil, onset: TimeInterval? = 0, ends: TimeInterval? = 3600,
        message: WarningMessage = .alert, references: [String] = [], event: String = "Wind"
    ) -> WeatherWarning {
        WeatherWarning(
            source: "nws-alerts", id: id, event: event, level: level, sent: sent.map { now.addingTimeInterval($0) },
            onset: onset.map { now.addingTimeInterval($0) }, ends: ends.map { now.addingTimeInterval($0) }, message: message,
            references: references)
    }

    @Test func aWarningWithNoEndIsBelievedForADayNotForever() throws {
        let open = try #require(warning("a", ends: nil).bounded(now: now))
        #expect(open.over == now.addingTimeInterval(WeatherWarning.openEndedLife))
        #expect(Warnings.current([open], now: now.addingTimeInterval(3600)).count == 1)
        #expect(Warnings.current([open], now: now.addingTimeInterval(365 * 86_400)).isEmpty, "kept offline a year: not in force")
        // Read back from the database a year on, it keeps the end it was given.
        #expect(open.bounded(now: now.addingTimeInterval(300 * 86_400))?.over == open.over)
    }

    @Test func aWarningThatEndsBeforeItBeginsIsNone() {
        #expect(warning("a", onset: 3600, ends: 60).bounded(now: now) == nil)
    }

    @Test func anUpdateNeverHidesItselfNorALaterMessage() {
        // An update that names itself stays.
        let selfish = warning("a", sent: 0, message: .update, references: ["a"])
        #expect(Warnings.current([selfish], now: now).map(\.id) == ["a"])
        // Two that name each other: the later replaces the earlier.
        let first = warning("a", sent: 0, message: .update, references: ["b"])
        let second = warning("b", sent: 60, message: .update, references: ["a"])
        #expect(Warnings.current([first, second], now: now).map(\.id) == ["b"])
        // Sent at the same moment, or with no time: neither hides the other.
        let same = [warning("a", sent: 0, message: .update, references: ["b"], event: "Wind"),
                    warning("b", sent: 0, message: .update, references: ["a"], event: "Snow")]
        #expect(Set(Warnings.current(same, now: now).map(\.id)) == ["a", "b"])
        let unknown = [warning("a", message: .update, references: ["b"], event: "Wind"),
                       warning("b", message: .update, references: ["a"], event: "Snow")]
        #expect(Set(Warnings.current(unknown, now: now).map(\.id)) == ["a", "b"])
        // An ordinary update still replaces what it names, and a cancellation removes it.
        let old = warning("old", sent: 0), update = warning("new", sent: 60, message: .update, references: ["old"])
        #expect(Warnings.current([old, update], now: now).map(\.id) == ["new"])
        #expect(Warnings.current([old, warning("c", sent: 60, message: .cancel, references: ["old"])], now: now).isEmpty)
    }

    @Test func twoWarningsAlikeButForTheirLevelAreTwo() {
        let yellow = warning("a", level: .minor), orange = warning("b", level: .moderate)
        #expect(Warnings.current([yellow, orange], now: now).map(\.level) == [.moderate, .minor])
    }

    @Test func metLevelsFromTheColourTheMatrixOrTheNumber() {
        #expect(MetAlerts.level(awareness: "2; yellow; Moderate", matrix: nil) == .warning(.minor))
        #expect(MetAlerts.level(awareness: "9; purple; x", matrix: "Red") == .warning(.severe))
        #expect(MetAlerts.level(awareness: "3", matrix: nil) == .warning(.moderate))
        #expect(MetAlerts.level(awareness: "4; black", matrix: nil) == .warning(.severe))
        #expect(MetAlerts.level(awareness: "1; green; Minor", matrix: nil) == .green)
        #expect(MetAlerts.level(awareness: ";;;", matrix: nil) == .unreadable)
        #expect(MetAlerts.level(awareness: nil, matrix: nil) == .unreadable)
        // An unreadable level fails the answer rather than reading as all clear.
        let body = Data(#"{"type":"FeatureCollection","features":[{"properties":{"id":"x","event":"gale","awareness_level":";;;"},"when":{"interval":["2027-01-15T08:00:00+00:00","2027-01-15T20:00:00+00:00"]}}]}"#.utf8)
        #expect((try? MetAlerts.warnings(body, now: now).get()) == nil)
    }

    @Test func aShortOrGappedNowcastDoesNotSayTwoHours() {
        let quarter = { (index: Int, rate: Double) in NextHours.Step(start: self.now.addingTimeInterval(Double(index) * 900), minutes: 15, rate: rate) }
        let short = NextHours(source: "t", kind: .nowcast, steps: [quarter(0, 0)])
        #expect(!short.covers(now) && short.outlook(at: now) == nil)
        let gapped = NextHours(source: "t", kind: .nowcast, steps: [quarter(0, 0), quarter(7, 0)])
        #expect(!gapped.covers(now))
        let whole = NextHours(source: "t", kind: .nowcast, steps: (0..<8).map { quarter($0, 0) })
        #expect(whole.covers(now) && whole.outlook(at: now)?.events == [])
    }

    @Test func aWarningServicesExpiresHoldsAQuarterOfAnHourAtMost() {
        let fetched = now
        #expect(SourceDescriptor.nwsAlerts.notBefore(fetchedAt: fetched, expires: fetched.addingTimeInterval(5 * 3600))
                == fetched.addingTimeInterval(900))
        #expect(SourceDescriptor.nwsAlerts.notBefore(fetchedAt: fetched, expires: fetched.addingTimeInterval(120)) == fetched.addingTimeInterval(120))
        // MET's terms (10 minutes) are never shortened.
        #expect(SourceDescriptor.metAlerts.notBefore(fetchedAt: fetched, expires: nil) == fetched.addingTimeInterval(600))
    }

    @Test func aRedFlagWarningIsNotARedLevel() {
        #expect(OpenWeatherMapAlerts.level(event: "Red Flag Warning", tags: []) == .moderate)
        #expect(OpenWeatherMapAlerts.level(event: "Red warning", tags: []) == .severe)
    }

    @Test func nowcastStepsOutOfOrderAreFiveMinutesEach() throws {
        let times = (0..<24).map { ISO8601DateFormatter().string(from: now.addingTimeInterval(Double($0) * 300)) }.reversed()
        let series = times.map { #"{"time":"\#($0)","data":{"instant":{"details":{"precipitation_rate":0.0}}}}"# }.joined(separator: ",")
        let body = Data(#"{"properties":{"meta":{"radar_coverage":"ok","units":{"precipitation_rate":"mm/h"}},"timeseries":[\#(series)]}}"#.utf8)
        guard case .nextHours(let steps) = try MetNowcast.nextHours(body, now: now).get() else { Issue.record("no steps"); return }
        #expect(steps.steps.count == 24 && steps.steps.allSatisfy { $0.minutes == 5 } && steps.covers(now))
        let twice = Data(#"{"properties":{"meta":{"radar_coverage":"ok"},"timeseries":[\#(series),\#(series)]}}"#.utf8)
        #expect((try? MetNowcast.nextHours(twice, now: now).get()) == nil, "the same time twice is no series")
    }

    @Test func fullWidthFormulaSignsAreDefusedToo() {
        for text in ["＝1+1", "＋1", "－1", "＠SUM(A1)"] { #expect(SpreadsheetCell.isFormula(text), "\(text)") }
        #expect(!SpreadsheetCell.isFormula("Wind"))
    }

    @Test func aWarningsWindowAlwaysHasItsDates() {
        let english = English(gazetteer: .bundled), korean = Korean(gazetteer: .bundled)
        let utc = TimeZone(identifier: "UTC")!
        // 1_800_000_000 is Fri 15 Jan 2027 08:00 UTC.
        let sameDay = warning("a", onset: 0, ends: 6 * 3600)
        let format = WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: english, emoji: true)
        #expect(WarningsText.window(sameDay, zone: utc, format: format, words: english) == "from Fri 15 Jan 08:00 until 14:00")
        // A week on, a weekday alone would be the wrong Friday.
        let later = warning("b", onset: 7 * 86_400, ends: 8 * 86_400)
        #expect(WarningsText.window(later, zone: utc, format: format, words: english) == "from Fri 22 Jan 08:00 until Sat 23 Jan 08:00")
        let koreanFormat = WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: korean, emoji: true)
        #expect(WarningsText.window(later, zone: utc, format: koreanFormat, words: korean).hasPrefix("1월 22일 (금) 08:00"))
    }

    @Test func aTemplateNamesTheLevelAsWhereDoes() throws {
        let template = try ReportTemplate("{name} {alert}")
        guard case .field(let field) = template.pieces[2] else { Issue.record("no field"); return }
        #expect(field == .alertLevel)
        #expect(throws: ReportTemplate.TemplateError.unknownField("alerts")) { try ReportTemplate("{alerts}") }
    }

    @Test func aCAPSeverityThatIsNotTheLevelShownIsLeftOut() {
        // MET's yellow is CAP "Moderate": beside "minor (yellow)" it would read as a second level.
        var met = warning("a", level: .minor)
        met.severity = "Moderate"
        let english = English(gazetteer: .bundled)
        let format = WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: english, emoji: true)
        let style = TextStyle(words: english, columns: 80, usesColour: false, emoji: true)
        let text = WarningText(met, zone: TimeZone(identifier: "UTC")!, format: format, now: now).lines(style).joined(separator: "\n")
        #expect(text.contains("minor (yellow)") && !text.contains("Severity"))
        var nws = warning("b", level: .moderate)
        nws.severity = "Moderate"
        #expect(WarningText(nws, zone: TimeZone(identifier: "UTC")!, format: format, now: now).lines(style).joined().contains("Severity: Moderate"))
    }

    @Test func aRingOfUpdatesWithoutTimesHidesNone() {
        let ring = [
            warning("a", level: .extreme, sent: nil, message: .update, references: ["b"], event: "Heat"),
            warning("b", level: .extreme, sent: nil, message: .update, references: ["c"], event: "Wind"),
            warning("c", level: .extreme, sent: nil, message: .update, references: ["a"], event: "Snow"),
        ]
        #expect(Set(Warnings.current(ring, now: now).map(\.id)) == ["a", "b", "c"], "not 'all clear'")
        // A chain that does not loop still replaces: c replaces b, b replaces a.
        let chain = [warning("a", sent: nil), warning("b", sent: nil, message: .update, references: ["a"]),
                     warning("c", sent: nil, message: .update, references: ["b"])]
        #expect(Warnings.current(chain, now: now).map(\.id) == ["c"])
    }

    @Test func aKeyEchoedIntoAnAlertIsNeverShown() throws {
        let key = "SuperSecretKey12345"
        let body = Data(#"{"lat":55.75,"lon":37.62,"alerts":[{"sender_name":"proxy SuperSecretKey12345","event":"Wind SuperSecretKey12345","start":1800000000,"end":1800086400,"description":"appid=SuperSecretKey12345 and SuperSecret"}]}"#.utf8)
        let source = OpenWeatherMapAlerts(apiKey: key, baseURL: URL(string: "http://owm.test")!)
        guard case .warnings(let warnings) = try source.answer(body, now: now).get() else { Issue.record("no warnings"); return }
        let texts = warnings.flatMap { [$0.event, $0.issuer ?? "", $0.description ?? ""] }
        #expect(!texts.isEmpty && texts.allSatisfy { !$0.contains(key) && !$0.contains("SuperSecretKey") }, "\(texts)")
    }
}
