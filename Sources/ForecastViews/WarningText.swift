import ForecastCore
import ForecastKit
import Foundation

/// What every face says of one warning, said once: its time window in the
/// place's zone, the first lines of what to do, its colour. The terminal's
/// whole text of a warning (the app's `w`) is `WarningText`.
extension WarningsView {
    /// The warnings to show of `status` at `now`: kept ones that ended since are
    /// never shown. (Without the rest of the view: the app's list asks it of every place a frame.)
    package static func inForce(_ status: WarningStatus, now: Date) -> [WeatherWarning] {
        status.warnings.filter { !$0.isOver(at: now) }
    }

    /// "from Tue 14:00 until Wed 06:00", in the place's zone: a day's name within
    /// six days of now, else its date ("from Sun 22 Nov 14:00"), a weekday being
    /// ambiguous beyond a week.
    package static func window(_ warning: WeatherWarning, zone: TimeZone, format: WeatherFormat, now: Date) -> String {
        let words = format.words
        let say = { (date: Date) -> String in
            let reading = format.reading(date, in: zone)
            return abs(date.timeIntervalSince(now)) < 6 * 86_400
                ? words.weekdayTime(reading) : words.day(reading.date) + " " + words.time(reading)
        }
        return words.warningWindow(from: warning.onset.map(say), until: warning.over.map(say))
    }

    /// The instruction's first lines: its first paragraph, the service's hard
    /// line breaks joined, at most `limit` characters (then "…"); nil when it has none.
    package static func lead(_ text: String?, limit: Int = 300) -> String? {
        guard let text else { return nil }
        let paragraph = text.components(separatedBy: "\n\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        let joined = paragraph.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let lead = SafeText.clean(joined, maxLength: limit)
        guard !lead.isEmpty else { return nil }
        // A paragraph that was cut, or others after it: the reader is told there is more.
        let more = lead.count < joined.count || paragraph.count < text.trimmingCharacters(in: .whitespacesAndNewlines).count
        return more && !lead.hasSuffix("…") ? lead + " …" : lead
    }

    /// The level's colour's name, for HTML's classes: yellow, orange, red, purple.
    package static func colourName(_ level: WarningLevel) -> String {
        switch level {
        case .minor: "yellow"
        case .moderate: "orange"
        case .severe: "red"
        case .extreme: "purple"
        }
    }
}

extension TextStyle {
    /// `text` in the level's colour on a terminal (yellow, orange, red, purple), bold.
    package func levelColoured(_ level: WarningLevel, _ text: String) -> String {
        guard usesColour else { return text }
        let colour = switch level {
        case .minor: "33"
        case .moderate: "38;5;208"
        case .severe: "31"
        case .extreme: "35"
        }
        return "\u{1B}[1;\(colour)m\(text)\u{1B}[0m"
    }
}

/// One warning's whole text, as lines for a terminal: the level in its colour
/// and the event, the window and the area, the headline, every paragraph of the
/// description and of what to do, the source's own severity words, who issued
/// it and whose it is, and where to read it. The service's text is shown as it
/// came (cleaned), its lines kept and wrapped to the width.
package struct WarningText {
    package var warning: WeatherWarning
    package var zone: TimeZone
    package var format: WeatherFormat
    package var now: Date

    package init(_ warning: WeatherWarning, zone: TimeZone, format: WeatherFormat, now: Date) {
        self.warning = warning
        self.zone = zone
        self.format = format
        self.now = now
    }

    /// A service's text as lines to wrap: the lines it broke by hand at its
    /// own width (NWS breaks at 69 columns) joined again, so the window's width
    /// decides; blank lines, and lines that start an item ("* WHAT...", "- ")
    /// or follow one that ends in a colon, still begin a line.
    static func reflowed(_ text: String) -> [String] {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let startsItem = ["* ", "- ", "• ", "*"].contains { line.hasPrefix($0) && line.count > 1 }
            if let last = lines.last, !last.isEmpty, !line.isEmpty, !startsItem, !last.hasSuffix(":") {
                lines[lines.count - 1] = last + " " + line
            } else {
                lines.append(line)
            }
        }
        return lines
    }

    package func lines(_ style: TextStyle) -> [String] {
        let words = style.words
        let width = max(20, (style.columns ?? 78) - 2)
        let wrap = { (text: String) -> [String] in
            Self.reflowed(text).flatMap { line -> [String] in
                line.isEmpty ? [""] : DisplayWidth.wrap(line, width: width)
            }.map { $0.isEmpty ? "" : "  " + $0 }
        }
        let mark = style.emoji ? "⚠ " : ""
        var lines = [style.levelColoured(warning.level, mark + words.warningLevel(warning.level)) + " · " + style.bold(warning.event)]
        lines += wrap(WarningsView.window(warning, zone: zone, format: format, now: now))
        if let area = warning.area { lines += wrap(words.warningArea(area)) }
        if let headline = warning.headline {
            lines.append("")
            lines += wrap(headline).map(style.bold)
        }
        if let description = warning.description {
            lines.append("")
            lines += wrap(description)
        }
        if let instruction = warning.instruction {
            lines.append("")
            lines.append("  " + style.bold(words.warningInstructionHeading))
            lines += wrap(instruction)
        }
        lines.append("")
        if let details = words.warningDetails(severity: warning.severity, certainty: warning.certainty, urgency: warning.urgency) {
            lines += wrap(details).map(style.dim)
        }
        lines += wrap(words.warningIssuer(warning.issuer, credit: WarningsView.credit(warning.source))).map(style.dim)
        if let url = warning.url { lines += wrap(url).map(style.dim) }
        return lines
    }
}
