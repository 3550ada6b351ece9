import ForecastCore
import ForecastKit
import Foundation

/// Every warning in force at every saved place, most severe first:
/// `forecast alerts`' one output, as text, JSON, CSV or lines.
package struct AlertsOutput: ScriptOutput {
    private let listing: WarningsListing
    private let format: WeatherFormat
    private let now: Date

    package init(_ listing: WarningsListing, format: WeatherFormat, now: Date) {
        self.listing = listing
        self.format = format
        self.now = now
    }

    /// Whether any warning is in force anywhere.
    package var isEmpty: Bool { listing.alerts.isEmpty }

    // MARK: - JSON

    /// `{"alerts": [...], "places": [...]}`: each warning with its place, and
    /// every saved place with what its warnings come to (a place no source
    /// covers says "no-source", not an empty list that reads as all clear).
    package enum CodingKeys: CodingKey { case alerts, places }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(listing.alerts.map { AlertItem($0) }, forKey: .alerts)
        try container.encode(listing.entries.map { PlaceAlertsItem($0, now: now) }, forKey: .places)
    }

    /// One warning in `alerts[]`: its place, then the warning's stable fields (`WarningItem`).
    struct AlertItem: Encodable {
        var position: Int
        var place: String
        var country: String
        var checkedAt: Date?
        var warning: WarningItem

        init(_ alert: WarningsListing.Alert) {
            position = alert.position
            place = alert.place.shownNumber.map { "\(alert.place.displayName)#\($0)" } ?? alert.place.displayName
            country = alert.place.countryCode
            checkedAt = alert.checkedAt
            warning = WarningItem(alert.warning, zone: LocalTime.zone(alert.place.timeZone))
        }

        enum CodingKeys: CodingKey { case position, place, country, checkedAt }

        func encode(to encoder: any Encoder) throws {
            try warning.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(position, forKey: .position)
            try container.encode(place, forKey: .place)
            try container.encode(country, forKey: .country)
            try container.encodeIfPresent(checkedAt, forKey: .checkedAt)
        }
    }

    /// One saved place in `places[]`.
    struct PlaceAlertsItem: Encodable {
        var position: Int
        var name: String
        var country: String
        /// "checked", "no-source", "unknown" or "failed".
        var alertsStatus: String
        /// The highest level and how many are in force; absent where not known.
        var alertLevel: Int?
        var alertCount: Int?
        var alertsCheckedAt: Date?
        var alertsError: ErrorItem?

        init(_ entry: WarningsListing.Entry, now: Date) {
            position = entry.position
            name = entry.place.shownNumber.map { "\(entry.place.displayName)#\($0)" } ?? entry.place.displayName
            country = entry.place.countryCode
            alertsStatus = WarningsJSON.status(entry.status)
            let inForce = entry.status.inForce(at: now)
            alertLevel = inForce.map { $0.first?.level.rawValue ?? 0 }
            alertCount = inForce?.count
            alertsCheckedAt = entry.status.checkedAt
            if case .failed(let error, _, _) = entry.status { alertsError = ErrorItem(error) }
        }
    }

    // MARK: - Text

    /// A block a warning, most severe first, each under its place's name; a
    /// kept one says how old it is. With none, the one sentence that says so.
    package func text(_ style: CommandStyle) -> [String] {
        guard !listing.alerts.isEmpty else {
            // "All clear" only of the places that were checked: the others are said in the notes.
            let checked = listing.entries.filter { entry in
                switch entry.status {
                case .checked, .failed(_, _?, _): true
                default: false
                }
            }.count
            guard checked == 0 else { return [style.words.noWarningsAnywhere(checked, of: listing.entries.count)] }
            // None checked because no source covers any of them is not a failure to check.
            let covered = listing.entries.contains { if case .noSource = $0.status { false } else { true } }
            return [covered ? style.words.noWarningsChecked : style.words.noWarningSourceAnywhere]
        }
        var lines: [String] = []
        for alert in listing.alerts {
            if !lines.isEmpty { lines.append("") }
            let checked = alert.checkedAt.flatMap { now.timeIntervalSince($0) >= 60 ? style.words.warningsChecked(style.words.age($0, now: now)) : nil }
            lines += WarningsText.block(
                alert.warning, title: style.words.address(alert.place), checked: checked, zone: LocalTime.zone(alert.place.timeZone),
                format: format, style: style.text, indent: 0)
        }
        return lines
    }

    /// `--format line`: a warning a line, "Oslo: ⚠ orange Gale, from Tue 24 Nov 14:00 until Wed 25 Nov 06:00".
    package func lines(words: CommandFaceWords, emoji: Bool) -> [String] {
        listing.alerts.map { alert in
            let window = WarningsText.window(alert.warning, zone: LocalTime.zone(alert.place.timeZone), format: format, words: words)
            let text = words.address(alert.place) + ": " + WarningsText.mark(alert.warning.level, words: words, emoji: emoji) + " "
                + alert.warning.event + ", " + window
            return SafeText.clean(text, maxLength: 1000)
        }
    }

    /// The formats it reads in: a table, JSON, CSV, a warning a line.
    package static let formats: [OutputFormat] = [.table, .json, .csv, .line]

    /// CSV or a warning a line (`formats`; it has no fields for a template, nor a TSV or markdown of its own).
    package func write(
        as format: OutputFormat, template: ReportTemplate?, words: CommandFaceWords, english: CommandFaceWords, emoji: Bool,
        write: (String) -> Void
    ) {
        switch format {
        case .csv: write(csv())
        case .line: write(lines(words: words, emoji: emoji).map { $0 + "\n" }.joined())
        case .table, .json, .tsv, .markdown: break
        }
    }

    // MARK: - CSV

    /// The columns of `--format csv`, stable: the place, then the warning's JSON names.
    package static let csvColumns = [
        "position", "place", "country", "level", "event", "severity", "certainty", "urgency", "onset", "ends", "area", "headline",
        "instruction", "description", "issuer", "source", "id", "url",
    ]

    /// RFC 4180 (CRLF, quoted where needed), every service text defused as a
    /// spreadsheet would otherwise run it (`SpreadsheetCell`); times in the place's zone.
    package func csv() -> String {
        let numbers: Set<String> = ["position", "level"]
        let records = listing.alerts.map { alert -> [String] in
            let item = WarningItem(alert.warning, zone: LocalTime.zone(alert.place.timeZone))
            let place = alert.place.shownNumber.map { "\(alert.place.displayName)#\($0)" } ?? alert.place.displayName
            return [
                "\(alert.position)", SafeText.clean(place), alert.place.countryCode, "\(item.level)", item.event, item.severity ?? "",
                item.certainty ?? "", item.urgency ?? "", item.onset ?? "", item.ends ?? "", item.area ?? "", item.headline ?? "",
                item.instruction ?? "", item.description ?? "", item.issuer ?? "", item.source, item.id, item.url ?? "",
            ]
        }
        return ([Self.csvColumns] + records).map { record in
            zip(Self.csvColumns, record).map { column, value in SpreadsheetCell.csv(value, number: numbers.contains(column)) }
                .joined(separator: ",") + "\r\n"
        }.joined()
    }
}
