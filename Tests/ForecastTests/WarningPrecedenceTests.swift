import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastViews
@testable import ForecastGazetteer

/// One warning leads, by one rule, wherever warnings are shown: the most
/// severe in force or beginning within the next 24 hours; of equals the one in
/// force, then the earliest. The trial's list said red (a warning of
/// tomorrow) where the page led with yellow "+1".
@Suite struct WarningPrecedenceTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func warning(_ id: String, _ level: WarningLevel, startsIn hours: Double, lasting: Double = 12) -> WeatherWarning {
        let onset = now.addingTimeInterval(hours * 3600)
        return WeatherWarning(
            source: "nws-alerts", id: id, event: id, level: level, onset: onset, ends: onset.addingTimeInterval(lasting * 3600))
    }

    @Test func theMostSevereWithinADayLeadsEvenBeforeItBegins() {
        let yellowNow = Self.warning("yellow now", .minor, startsIn: -2)
        let redTonight = Self.warning("red tonight", .severe, startsIn: 10)
        #expect(Warnings.ordered([yellowNow, redTonight], now: Self.now).map(\.id) == ["red tonight", "yellow now"])
        #expect(Warnings.leading([yellowNow, redTonight], now: Self.now)?.id == "red tonight")
    }

    @Test func oneBeyondADayWaitsItsTurn() {
        let yellowNow = Self.warning("yellow now", .minor, startsIn: -2)
        let redInTwoDays = Self.warning("red later", .severe, startsIn: 30)
        #expect(Warnings.ordered([redInTwoDays, yellowNow], now: Self.now).map(\.id) == ["yellow now", "red later"])
        // With nothing sooner, the one to come leads (its window says from when).
        #expect(Warnings.leading([redInTwoDays], now: Self.now)?.id == "red later")
    }

    @Test func ofEqualsTheOneInForceThenTheEarliest() {
        let later = Self.warning("orange at 6", .moderate, startsIn: 6)
        let sooner = Self.warning("orange at 3", .moderate, startsIn: 3)
        let inForce = Self.warning("orange now", .moderate, startsIn: -1)
        #expect(Warnings.ordered([later, sooner, inForce], now: Self.now).map(\.id) == ["orange now", "orange at 3", "orange at 6"])
    }

    @Test func anUnknownSeverityIsShownAsSuchBelowMinor() {
        let unknown = Self.warning("air", .unknown, startsIn: -1)
        let minor = Self.warning("heat", .minor, startsIn: 1)
        #expect(Warnings.leading([unknown, minor], now: Self.now)?.id == "heat")
        #expect(Warnings.leadingLevel([unknown], now: Self.now) == 0 && Warnings.leadingLevel([], now: Self.now) == 0)
        let words = Language.en.words(.bundled)
        #expect(words.warningLevel(.unknown) == "severity unknown" && words.warningLevelShort(.unknown) == "unknown")
    }

    /// NWS's recorded Phoenix answer: the Air Quality Alert says its severity is "Unknown".
    @Test func nwsUnknownIsUnknown() throws {
        let phoenix = try RecordedWarnings.place(1, "Phoenix", now: RecordedWarnings.phoenixNow)
        let warnings = try RecordedWarnings.phoenix(phoenix)
        #expect(warnings.map(\.level) == [.severe, .unknown], "\(warnings.map(\.event))")
    }

    /// The list's mark, `--where alert`, JSON's alertLevel and the page's banner name the same warning.
    @Test func everyFaceLeadsWithTheSameWarning() throws {
        let yellowNow = Self.warning("Wind", .minor, startsIn: -2)
        let redTonight = Self.warning("Excessive Heat Warning", .severe, startsIn: 10)
        let redLater = Self.warning("Storm", .extreme, startsIn: 40)
        let status = WarningStatus.checked([yellowNow, redLater, redTonight], checkedAt: Self.now, sources: ["nws-alerts"])
        #expect(status.leading(at: Self.now)?.event == "Excessive Heat Warning")
        #expect(status.leadingLevel(at: Self.now) == WarningLevel.severe.rawValue)
        var weather = PlaceWeather()
        weather.warnings = status
        let view = WarningsView(weather, now: Self.now)
        #expect(view.warnings.first?.event == "Excessive Heat Warning" && view.level == 3)
    }
}
