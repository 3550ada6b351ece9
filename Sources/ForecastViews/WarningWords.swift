import ForecastCore
import ForecastKit
import ForecastProviders
import Foundation

/// The words of official warnings and the next hours, in every language: a
/// catalog that misses one does not build. A service's own text (an event's
/// name, a description) is never translated: it is shown as it came.
package protocol WarningWords: PlaceWords {
    /// "Warnings" / "기상 특보": the section's heading.
    var warningsHeading: String { get }
    /// "Warnings" / "특보": the list's column and the CSV's words.
    var warningsColumn: String { get }
    /// "moderate (orange)" / "경계 (주황)".
    func warningLevel(_ level: WarningLevel) -> String
    /// "No official warnings in force." / "발효 중인 공식 특보 없음."
    var noWarningsInForce: String { get }
    /// "No official warnings for South Korea here." : no source covers the place.
    func noWarningSource(country: String?) -> String
    /// "Warnings not checked yet." (offline, nothing kept)
    var warningsNotChecked: String { get }
    /// "Warnings could not be checked: timeout: …".
    func warningsFailed(_ error: WeatherError) -> String
    /// "2 warnings" / "특보 2건".
    func warningCount(_ count: Int) -> String
    /// "from Tue 24 Nov 14:00 until 20:00" / "11월 24일 (화) 14:00부터 20:00까지"; either end may be unknown.
    func warningWindow(from: String?, until: String?) -> String
    /// "Issued by NWS Twin Cities/Chanhassen MN · US National Weather Service" (issuer, credit).
    func warningIssuer(_ issuer: String?, credit: String) -> String
    /// "checked 5 min ago" / "5분 전 확인": the age of warnings kept.
    func warningsChecked(_ age: String) -> String
    /// "w: the warning's whole text" (the app's key).
    var warningKeyHint: String { get }
    /// "orange" / "주황": a level in a word, for the list's mark ("⚠ orange", "!2 orange").
    func warningLevelShort(_ level: WarningLevel) -> String
    /// The list's note for a place whose warnings could not be checked: "warnings not checked".
    var warningsFailedNote: String { get }
    /// `forecast alerts`' note: "No official warnings for South Korea here: Seoul, Busan."
    func noWarningSource(for places: [String], country: String?) -> String
    /// `forecast alerts`' note: "Warnings for Tokyo could not be checked: timed out: …".
    func warningsFailed(for places: [String], _ error: WeatherError) -> String
    /// `forecast alerts`' note (`--offline`, nothing kept): "Warnings for Oslo not checked yet: run without --offline."
    func warningsNotChecked(for places: [String]) -> String
    /// `forecast alerts` with none in force anywhere: "No official warnings in force at 3 places."
    func noWarningsAnywhere(_ checked: Int, of places: Int) -> String
    /// `alerts` when no place's warnings could be checked at all.
    var noWarningsChecked: String { get }
    /// No saved place is in a country or sea a warning source covers.
    var noWarningSourceAnywhere: String { get }
    /// A failed check whose last answer had none: "None were in force when last checked (3 min ago)."
    func noWarningsWhenLastChecked(_ age: String?) -> String
    /// `config alerts openweathermap` without its key: it is asked only with the key set.
    func warningSourceNeedsKey(_ source: String, variable: String) -> String

    /// "Next two hours" / "앞으로 2시간" (a nowcast); "Next hours (hourly forecast)" otherwise.
    func nextHoursHeading(_ kind: NextHours.Kind) -> String
    /// "light rain" / "약한 비"; snow where it would fall as snow.
    func precipitation(_ intensity: PrecipitationIntensity, snow: Bool) -> String
    /// The outlook as one sentence: "Light rain starting around 14:20, heavier
    /// from 14:45, stopping around 15:30"; "No precipitation expected for 2 hours".
    func nextHoursSentence(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String
    /// The list's short note: "rain in 20 min", "rain now", "dry from 15:30".
    func nextHoursNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String?
    /// The same, said in less where the column is narrow: "snow 18:20", "rain now", "dry 15:30".
    func nextHoursShortNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String?
    /// "The next hours could not be fetched: …"
    func nextHoursFailed(_ error: WeatherError) -> String

    // The whole text of a warning (the app's `w`, the HTML report), and the app's keys for it.

    /// "Area: Vestland" / "지역: Vestland".
    func warningArea(_ area: String) -> String
    /// "What to do" / "행동 요령": above the instruction.
    var warningInstructionHeading: String { get }
    /// "Severity: Moderate · Certainty: Likely · Urgency: Expected" (the source's own words after the labels); nil when it gave none.
    func warningDetails(severity: String?, certainty: String?, urgency: String?) -> String?
    /// The keys of the app's warning view.
    var browseWarningKeys: String { get }
    /// `w` in the help of the list and the detail: ("w", "the warning's whole text").
    var browseWarningHelpKey: (key: String, does: String) { get }
    /// The help's section for the warning view.
    var browseWarningHelp: (title: String, keys: [(key: String, does: String)]) { get }
}

/// Warnings and the next hours as every face shows them: what is said and in
/// which order, computed once from a place's weather. The CLI's text, the
/// HTML report, JSON and the app render this.
package struct WarningsView: Sendable {
    package var status: WarningStatus
    package var warnings: [WeatherWarning]
    /// The leading warning's level, 0 when none.
    package var level: Int
    package var outlook: NextHoursOutlook?
    package var nextHours: NextHours?
    /// Why this run's nowcast failed (the next hours are then the hourly forecast's, if any).
    package var nextHoursError: WeatherError?
    /// Whether the precipitation would fall as snow (the current temperature at or below 0.5 °C).
    package var snow: Bool

    package init(_ weather: PlaceWeather, now: Date) {
        status = weather.warnings
        // Kept warnings that ended since are never shown.
        warnings = weather.warnings.inForce(at: now) ?? []
        level = warnings.first?.level.rawValue ?? 0
        nextHours = weather.nextHours
        nextHoursError = weather.nextHoursError
        outlook = weather.nextHours?.outlook(at: now)
        snow = (weather.report?.current.temperature).map { $0 <= 0.5 } ?? false
    }

    /// The source's credit ("MET Norway (CC BY 4.0)") by its name in a warning.
    package static func credit(_ source: String) -> String {
        WeatherSources.named(source)?.attribution ?? SafeText.clean(source, maxLength: 40)
    }
}

/// `alerts[]` in JSON: stable field names, times in the place's zone with their offset.
package struct WarningItem: Encodable, Sendable {
    package var source: String
    package var id: String
    package var event: String
    /// 1 minor (yellow) … 4 extreme, as `--where alert` compares.
    package var level: Int
    package var severity: String?
    package var certainty: String?
    package var urgency: String?
    package var onset: String?
    package var ends: String?
    package var headline: String?
    package var description: String?
    package var instruction: String?
    package var area: String?
    package var issuer: String?
    package var url: String?

    package init(_ warning: WeatherWarning, zone: TimeZone) {
        source = warning.source
        id = warning.id
        event = warning.event
        level = warning.level.rawValue
        severity = warning.severity
        certainty = warning.certainty
        urgency = warning.urgency
        onset = warning.onset.map { LocalTime.iso8601($0, in: zone) }
        ends = warning.over.map { LocalTime.iso8601($0, in: zone) }
        headline = warning.headline
        description = warning.description
        instruction = warning.instruction
        area = warning.area
        issuer = warning.issuer
        url = warning.url
    }
}

/// `nextHours` in JSON: the steps and the sentence.
package struct NextHoursItem: Encodable, Sendable {
    package struct Step: Encodable, Sendable {
        package var time: String
        package var minutes: Int
        /// mm an hour, to a tenth.
        package var precipitation: Double?
        package var probability: Double?
    }

    package var source: String
    /// "nowcast" (radar or real 15-minute data) or "hourly" (the hourly forecast's).
    package var kind: String
    package var steps: [Step]
    package var sentence: String
    /// Minutes until precipitation starts (0: falling now); absent when none is expected.
    package var rainNext: Int?

    package init?(_ view: WarningsView, zone: TimeZone, now: Date, words: ViewWords, format: WeatherFormat) {
        guard let hours = view.nextHours, let outlook = view.outlook else { return nil }
        source = hours.source
        kind = hours.kind.rawValue
        steps = hours.coming(from: now).map { step in
            Step(
                time: LocalTime.iso8601(step.start, in: zone), minutes: step.minutes, precipitation: ShownNumber.tenth(step.rate),
                probability: ShownNumber.whole(step.probability))
        }
        sentence = words.nextHoursSentence(outlook, snow: view.snow) { words.time(format.reading($0, in: zone)) }
        rainNext = outlook.minutesToPrecipitation
    }
}
