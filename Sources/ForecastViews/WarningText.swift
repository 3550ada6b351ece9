import ForecastCore
import ForecastKit
import Foundation

extension WarningsView {
    /// The level's colour's name, for HTML's classes: grey (unknown), yellow, orange, red, purple.
    package static func colourName(_ level: WarningLevel) -> String {
        switch level {
        case .unknown: "grey"
        case .minor: "yellow"
        case .moderate: "orange"
        case .severe: "red"
        case .extreme: "purple"
        }
    }
}

/// One warning's whole text, as lines for a terminal (the app's `w`; `show`
/// and `alerts` give its first lines, `WarningsText.block`): the level in its
/// colour and the event, the window and the area, the headline, every paragraph
/// of the description and of what to do, the source's own severity words, who
/// issued it and whose it is, and where to read it. The service's text is shown
/// as it came (cleaned), its paragraphs kept and folded to the width.
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
        let head = WarningsText.head(warning.level, words: words, emoji: style.emoji)
        var lines = [style.warning(head, level: warning.level) + " · " + style.bold(warning.event)]
        lines += wrap(WarningsText.window(warning, zone: zone, format: format, words: words))
        if let area = warning.area { lines += wrap(words.warningArea(area)) }
        if let headline = WarningsText.headline(warning) {
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
        // A CAP severity that is not the level shown is left out: MET calls its
        // yellow "Moderate", which beside "minor (yellow)" reads as two levels.
        let severity = warning.severity.flatMap { WarningLevel(capSeverity: $0) == warning.level ? $0 : nil }
        if let details = words.warningDetails(severity: severity, certainty: warning.certainty, urgency: warning.urgency) {
            lines += wrap(details).map(style.dim)
        }
        lines += wrap(words.warningIssuer(warning.issuer, credit: WarningsView.credit(warning.source))).map(style.dim)
        if let url = warning.url { lines += wrap(url).map(style.dim) }
        return lines
    }
}
