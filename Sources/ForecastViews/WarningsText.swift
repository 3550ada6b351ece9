import ForecastCore
import ForecastKit
import Foundation

/// Official warnings and the next hours as the command line's text says
/// them (`show`, `list`, `alerts`): the same lines from the same
/// `WarningsView` wherever they appear, within the terminal's width.
package enum WarningsText {
    /// The widest a block's text runs where there is no terminal to fit (a pipe):
    /// a warning's texts are paragraphs, and "its first lines" need a width.
    static let pipeWidth = 80
    /// Lines of a headline or an instruction shown; the rest is the service's to read.
    static let headlineLines = 3
    static let instructionLines = 3
    static let areaLines = 2

    /// The list's mark of a level: "⚠ orange"; with ASCII symbols "!2 orange"
    /// (its number, as `--where alert` compares it).
    package static func mark(_ level: WarningLevel, words: ViewWords, emoji: Bool) -> String {
        (emoji ? "⚠ " : "!\(level.rawValue) ") + words.warningLevelShort(level)
    }

    /// A block's head: "⚠ moderate (orange)"; "! moderate (orange)" with ASCII symbols.
    static func head(_ level: WarningLevel, words: ViewWords, emoji: Bool) -> String {
        (emoji ? "⚠ " : "! ") + words.warningLevel(level)
    }

    /// A service's paragraphs as one text to fold again: lines broken by hand
    /// (NWS breaks at about 70 columns) joined, paragraphs kept apart by " ".
    static func flowing(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The first `count` lines of `text` folded to `width`, the last ending
    /// with "…" when there is more.
    static func firstLines(_ text: String, width: Int, count: Int) -> [String] {
        let all = DisplayWidth.wrap(flowing(text), width: max(10, width))
        guard all.count > count, count > 0 else { return all }
        var kept = Array(all.prefix(count))
        var last = kept[count - 1]
        // "…" after the last line kept, within the width: a line as wide as it loses its last word.
        if DisplayWidth.of(last) >= width, let space = last.lastIndex(of: " ") { last = String(last[..<space]) }
        kept[count - 1] = DisplayWidth.truncate(last + "…", to: max(10, width))
        return kept
    }

    /// "from Tue 24 Nov 14:00 until Wed 25 Nov 06:00", in the place's zone and
    /// the user's clock; the end's day is left out when it is the start's
    /// ("from Tue 24 Nov 14:00 until 20:00"). Always with its date: a weekday
    /// alone is ambiguous for a warning a week away, or one read a week on.
    static func window(_ warning: WeatherWarning, zone: TimeZone, format: WeatherFormat, words: ViewWords) -> String {
        let start = warning.onset.map { format.reading($0, in: zone) }, end = warning.over.map { format.reading($0, in: zone) }
        let dated = { (reading: ClockReading) in words.day(reading.date) + " " + words.time(reading) }
        let until = end.map { end in start?.date == end.date ? words.time(end) : dated(end) }
        return words.warningWindow(from: start.map(dated), until: until)
    }

    /// The headline, unless it only repeats the event (MET's are often the event's name).
    static func headline(_ warning: WeatherWarning) -> String? {
        warning.headline.flatMap { $0.lowercased() == warning.event.lowercased() ? nil : $0 }
    }

    /// A warning's first lines: its level and event (the event under the level
    /// where the line would be too wide), and when. The app's pages show these only.
    static func opening(
        _ warning: WeatherWarning, title: String? = nil, zone: TimeZone, format: WeatherFormat, style: TextStyle, indent: Int
    ) -> [String] {
        let words = style.words
        let pad = String(repeating: " ", count: indent), inner = pad + "  "
        let width = max(20, (style.columns ?? pipeWidth) - indent - 2)
        let head = head(warning.level, words: words, emoji: style.emoji)
        let titled = title.map { $0 + " · " } ?? ""
        var lines: [String] = []
        // The event beside the level where it fits, else under it.
        if DisplayWidth.of(titled + head + " · " + warning.event) <= width + 2 {
            lines.append(pad + title.map { style.bold($0) + " · " }.orEmpty + style.warning(head, level: warning.level) + " · " + style.bold(warning.event))
        } else {
            lines.append(pad + title.map { style.bold($0) + " · " }.orEmpty + style.warning(head, level: warning.level))
            lines += firstLines(warning.event, width: width, count: 2).map { inner + style.bold($0) }
        }
        lines += DisplayWidth.wrap(window(warning, zone: zone, format: format, words: words), width: width).map { inner + $0 }
        return lines
    }

    /// One warning: its level and event, when, where, the headline, the
    /// instruction's first lines, and who issued it. `title`: the place, where
    /// the block stands among other places' (`alerts`); `checked`: the age of a kept one.
    package static func block(
        _ warning: WeatherWarning, title: String? = nil, checked: String? = nil, zone: TimeZone, format: WeatherFormat,
        style: TextStyle, indent: Int
    ) -> [String] {
        let words = style.words
        let inner = String(repeating: " ", count: indent + 2)
        let width = max(20, (style.columns ?? pipeWidth) - indent - 2)
        var lines = opening(warning, title: title, zone: zone, format: format, style: style, indent: indent)
        if let area = warning.area { lines += firstLines(area, width: width, count: areaLines).map { inner + $0 } }
        if let headline = headline(warning) {
            lines += firstLines(headline, width: width, count: headlineLines).map { inner + $0 }
        }
        if let instruction = warning.instruction { lines += firstLines(instruction, width: width, count: instructionLines).map { inner + $0 } }
        let issuer = words.warningIssuer(warning.issuer, credit: WarningsView.credit(warning.source)) + (checked.map { " · " + $0 } ?? "")
        lines += DisplayWidth.wrap(issuer, width: width).map { style.dim(inner + $0) }
        return lines
    }

    /// "checked 20 min ago" for warnings checked a minute ago or more (kept
    /// from an earlier run, or read `--offline`); nil for those just asked.
    package static func checkedAge(_ status: WarningStatus, now: Date, words: ViewWords) -> String? {
        guard let at = status.checkedAt, now.timeIntervalSince(at) >= 60 else { return nil }
        return words.warningsChecked(words.age(at, now: now))
    }

    /// `show`'s warnings, first after the place's name: each warning in force
    /// in a block under the heading, or one line saying there is none, that no
    /// source covers the place, or why they could not be checked. `compact` (the
    /// app's pages): each warning its level, event, window and area in a line,
    /// and the sources' credits once under them.
    package static func section(
        _ view: WarningsView, place: Place, zone: TimeZone, format: WeatherFormat, style: TextStyle, now: Date, compact: Bool = false
    ) -> [String] {
        let words = style.words
        let width = max(20, (style.columns ?? pipeWidth) - 2)
        let age = checkedAge(view.status, now: now, words: words)
        let sentence = { (text: String) in DisplayWidth.wrap(text, width: width).map { "  " + $0 } }
        var lines: [String] = []
        var failure: WeatherError?
        if case .failed(let error, _, _) = view.status { failure = error }
        if view.warnings.isEmpty {
            switch view.status {
            case .noSource:
                let country = place.countryCode.isEmpty ? nil : words.countryName(place.countryCode)
                lines += sentence(words.noWarningSource(country: country)).map(style.dim)
            case .unknown:
                lines += sentence(words.warningsNotChecked).map(style.dim)
            case .checked:
                lines += sentence(words.noWarningsInForce + (age.map { " (\($0))" } ?? "")).map(style.dim)
            case .failed(_, _?, _):
                lines += sentence(words.noWarningsWhenLastChecked(age)).map(style.dim)
            case .failed:
                break
            }
        } else {
            let count = words.warningCount(view.warnings.count) + (age.map { " · " + $0 } ?? "")
            lines.append("  " + style.bold(words.warningsHeading) + style.dim("  " + count))
            for warning in view.warnings {
                if compact {
                    // Its level, event and window, and where in a line: the rest is `w`'s.
                    lines += opening(warning, zone: zone, format: format, style: style, indent: 2)
                    if let area = warning.area { lines += firstLines(area, width: width - 2, count: 1).map { style.dim("    " + $0) } }
                } else {
                    lines += block(warning, zone: zone, format: format, style: style, indent: 2)
                }
            }
            if compact {
                let credits = Array(Set(view.warnings.map { WarningsView.credit($0.source) })).sorted()
                lines += credits.flatMap { DisplayWidth.wrap(words.warningIssuer(nil, credit: $0), width: width - 2).map { style.dim("    " + $0) } }
            }
        }
        if let failure { lines += sentence(words.warningsFailed(failure)).map(style.red) }
        return lines
    }

    /// The next two hours in a line: the heading, a bar a quarter hour (an
    /// hour, from the hourly forecast) and the sentence, which goes on under
    /// them where the line would be wider than the terminal.
    package static func nextHours(_ view: WarningsView, error: WeatherError?, zone: TimeZone, format: WeatherFormat, style: TextStyle) -> [String] {
        let words = style.words
        guard let outlook = view.outlook else {
            guard let error else { return [] }
            return DisplayWidth.wrap(words.nextHoursFailed(error), width: max(20, (style.columns ?? Int.max / 2) - 2)).map { style.dim("  " + $0) }
        }
        let heading = words.nextHoursHeading(outlook.kind)
        let strip = outlook.strip.map { $0.bar(ascii: !style.emoji) }.joined()
        let sentence = words.nextHoursSentence(outlook, snow: view.snow) { words.time(format.reading($0, in: zone)) }
        let head = "  " + style.bold(heading) + (strip.isEmpty ? "" : "  " + strip)
        guard let columns = style.columns, DisplayWidth.of("  " + heading + "  " + strip + "  " + sentence) > columns else {
            return [head + "  " + sentence]
        }
        return [head] + DisplayWidth.wrap(sentence, width: max(20, columns - 4)).map { "    " + $0 }
    }

    /// The list's note of the next hours: "rain in 20 min", "dry from 15:30"; nil when nothing changes.
    package static func note(_ view: WarningsView, zone: TimeZone, format: WeatherFormat, words: ViewWords, short: Bool = false) -> String? {
        view.outlook.flatMap { outlook in
            let time = { (date: Date) in words.time(format.reading(date, in: zone)) }
            return short ? words.nextHoursShortNote(outlook, snow: view.snow, time: time) : words.nextHoursNote(outlook, snow: view.snow, time: time)
        }
    }
}

extension Optional where Wrapped == String {
    /// The text, or nothing.
    var orEmpty: String { self ?? "" }
}

/// What JSON says of a place's warnings and next hours, beside its weather,
/// with stable names: `alerts` (null where nobody could say, [] when none is
/// in force), `alertsStatus` ("checked", "no-source", "unknown", "failed"),
/// `alertsCheckedAt`, `alertsError` (when failed) and `nextHours` (null when none).
package struct WarningsJSON: Encodable {
    package var alerts: AlwaysEncoded<[WarningItem]>
    package var alertsStatus: String
    package var alertsCheckedAt: Date?
    package var alertsError: ErrorItem?
    package var nextHours: AlwaysEncoded<NextHoursItem>
    /// Why this run's nowcast failed, as `airQualityError` says the air's: the
    /// next hours are then the hourly forecast's (or null), never silently.
    package var nextHoursError: ErrorItem?

    package init(_ view: WarningsView, zone: TimeZone, now: Date, format: WeatherFormat) {
        alerts = AlwaysEncoded(view.status.inForce(at: now).map { $0.map { WarningItem($0, zone: zone) } })
        alertsStatus = Self.status(view.status)
        alertsCheckedAt = view.status.checkedAt
        if case .failed(let error, _, _) = view.status { alertsError = ErrorItem(error) }
        nextHours = AlwaysEncoded(NextHoursItem(view, zone: zone, now: now, words: format.words, format: format))
        nextHoursError = view.nextHoursError.map(ErrorItem.init)
    }

    /// "checked", "no-source", "unknown" or "failed".
    package static func status(_ status: WarningStatus) -> String {
        switch status {
        case .checked: "checked"
        case .noSource: "no-source"
        case .unknown: "unknown"
        case .failed: "failed"
        }
    }
}

/// A value JSON always has, as null when there is none (rather than leaving the key out).
package struct AlwaysEncoded<Value: Encodable>: Encodable {
    package var value: Value?
    package init(_ value: Value?) { self.value = value }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
