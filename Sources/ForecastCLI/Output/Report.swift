import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation

/// How `list` and `show` print: the table, JSON, or a report format for
/// scripts and status bars.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, tsv, markdown, line
}

struct ReportFormatOption: ParsableArguments {
    @Option(name: .long, help: "Output format: table, json, csv, tsv, markdown or line (default: $FORECAST_FORMAT, else 'forecast config format', else table).")
    var format: ReportFormat?

    @Option(name: .long, help: ArgumentHelp(
        "With --format line: the fields to print, e.g. '{name} {symbol} {temp} {humidity}'. See 'Report fields' in README.",
        valueName: "template"))
    var template: String?

    func validate() throws {
        if template != nil && format != nil && format != .line { throw ValidationError(Words.parsing.usage(.templateNeedsLine)) }
        if let template { _ = try ReportTemplate(template) }
    }

    /// The format in force: the flag, else $FORECAST_FORMAT, else `forecast config format`, else the table.
    func resolved(in context: CommandContext) throws -> ReportFormat {
        let chosen: ReportFormat
        if let format {
            chosen = format
        } else if let text = context.environment[Configuration.formatVariable], !text.isEmpty {
            guard let format = ReportFormat(rawValue: text.lowercased()) else {
                throw ConfigError.badValue(.format, SafeText.clean(text, maxLength: 60), allowed: Configuration.formats.joined(separator: ", "))
            }
            chosen = format
        } else {
            chosen = context.preferences.format.flatMap(ReportFormat.init(rawValue:)) ?? .table
        }
        if template != nil && chosen != .line { throw ValidationError(context.words.usage(.templateNeedsLine)) }
        return chosen
    }
}

/// A field of the report formats: one value per place.
enum ReportField: String, CaseIterable, Sendable {
    case position, name, country, region, latitude, longitude, timezone, time
    case condition, symbol, temp, feels, humidity, wind, direction, pressure, clouds, low, high, rain
    case uv, aqi, eaqi, pm25, pm10
    case updated, stale, error

    /// Whether its values are numbers (what `list --where` compares).
    var isNumeric: Bool {
        switch self {
        case .name, .country, .region, .timezone, .time, .condition, .symbol, .direction, .updated, .stale, .error: false
        default: true
        }
    }

    /// The column's name, with its unit where it has one: "temp (°C)", "wind (m/s)".
    func header(temperature: TemperatureUnit, wind: WindUnit) -> String {
        switch self {
        case .temp, .feels, .low, .high: "\(rawValue) (\(temperature.symbol))"
        case .wind: "wind (\(wind.symbol))"
        case .humidity, .clouds, .rain: "\(rawValue) (%)"
        case .pressure: "pressure (hPa)"
        case .latitude, .longitude: "\(rawValue) (°)"
        case .pm25, .pm10: "\(rawValue) (µg/m³)"
        default: rawValue
        }
    }
}

/// One place's values: bare for the table formats (numbers without units),
/// and as read for `line` ("12°C", "3.2 m/s"; percentages stay bare numbers,
/// so that '{humidity}%' reads "83%").
struct ReportRow: Sendable {
    var bare: [ReportField: String] = [:]
    var shown: [ReportField: String] = [:]

    mutating func set(_ field: ReportField, _ bare: String?, shown: String? = nil) {
        guard let bare else { return }
        self.bare[field] = bare
        self.shown[field] = shown ?? bare
    }

    /// The row of `place` with its weather, in `format`'s units and words.
    init(place: Place, position: Int, weather: PlaceWeather?, format: WeatherFormat, words: Words, now: Date) {
        let number = { (value: Double?) in value.flatMap { SafeNumber.rounded($0 * 10) }.map { Self.decimal(Double($0) / 10) } }
        set(.position, "\(position)")
        set(.name, words.name(place))
        set(.country, place.countryCode)
        set(.region, words.region(countryCode: place.countryCode, admin1: place.admin1))
        set(.latitude, Coordinate.format(place.coordinate.latitude))
        set(.longitude, Coordinate.format(place.coordinate.longitude))
        set(.timezone, SafeText.clean(place.timeZone, maxLength: 64))
        set(.time, LocalTime.reading(now, in: LocalTime.zone(place.timeZone)).hourMinute)
        if let report = weather?.report {
            let c = report.current
            let today = report.today(now: now)
            set(.condition, c.condition.map(format.describe))
            set(.symbol, c.condition.map { format.symbol($0, isDay: c.isDay) })
            set(.temp, number(format.temperature(c.temperature)), shown: format.temperatureText(c.temperature))
            set(.feels, number(format.temperature(c.feelsLike)), shown: format.temperatureText(c.feelsLike))
            // Percentages read bare in a line too: the template adds its own "%".
            set(.humidity, number(c.humidity))
            set(.wind, number(format.wind(c.windSpeed)), shown: format.windText(c.windSpeed, direction: nil))
            set(.direction, c.windDirection.map { words.compass(CompassPoint(degrees: $0)) })
            set(.pressure, number(c.pressure), shown: number(c.pressure).map { "\($0) hPa" })
            set(.clouds, number(c.cloudCover))
            set(.low, number(format.temperature(today?.minimum)), shown: format.temperatureText(today?.minimum))
            set(.high, number(format.temperature(today?.maximum)), shown: format.temperatureText(today?.maximum))
            set(.rain, number(today?.precipitationProbability))
            set(.uv, number(today?.uvIndexMax))
            set(.aqi, number(report.airQuality?.usAQI))
            set(.eaqi, number(report.airQuality?.europeanAQI))
            set(.pm25, number(report.airQuality?.pm2_5))
            set(.pm10, number(report.airQuality?.pm10))
        }
        if let weather {
            set(.updated, weather.fetchedAt.map { LocalTime.iso8601($0, in: TimeZone(secondsFromGMT: 0)!) })
            set(.stale, weather.report == nil ? nil : (weather.stale ? "true" : "false"))
            set(.error, weather.error.map { words.weatherError($0) })
        }
    }

    /// "12", "-3.5", "0": no grouping, a point, whatever the locale.
    static func decimal(_ value: Double) -> String {
        SafeNumber.fixed(value, decimals: 1, trim: true)
    }
}

/// `--template '{name} {symbol} {temp}'`, parsed once: text and fields.
struct ReportTemplate {
    enum Piece { case text(String), field(ReportField) }
    let pieces: [Piece]

    static let standard = "{name} {symbol} {temp}"

    init(_ template: String) throws {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw ValidationError(Words.parsing.usage(.templateUnclosed(String(rest[open...]))))
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let field = ReportField(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError(Words.parsing.usage(.templateField(name)))
            }
            pieces.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
    }

    /// One line; a field without a value reads "–".
    func line(_ row: ReportRow) -> String {
        let text = pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .field(let field): row.shown[field] ?? "–"
            }
        }.joined()
        return SafeText.clean(text, maxLength: 1000)
    }
}

/// An output that can also be a report: one row per place.
protocol ReportOutput: CommandOutput {
    func rows(words: Words) -> [ReportRow]
    var units: UnitsItem { get }
}

extension CommandContext {
    func render(_ output: some ReportOutput, as option: ReportFormatOption) throws {
        let fields = ReportField.allCases
        let headers = fields.map { $0.header(temperature: output.units.temperature, wind: output.units.wind) }
        switch try option.resolved(in: self) {
        case .table: try render(output, as: .table)
        case .json: try render(output, as: .json)
        case .csv:
            // RFC 4180: CRLF, a field with a comma, quote or line break quoted, quotes doubled.
            let lines = [headers] + output.rows(words: words).map { row in fields.map { row.bare[$0] ?? "" } }
            stdout.write(lines.map(CSV.record).joined())
        case .tsv:
            let clean = { (value: String) in value.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
            let lines = [headers] + output.rows(words: words).map { row in fields.map { row.bare[$0] ?? "" } }
            stdout.lines(lines.map { $0.map(clean).joined(separator: "\t") })
        case .markdown:
            let cell = { (value: String) in value.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
            let rows = output.rows(words: words).map { row in fields.map { row.bare[$0] ?? "" } }
            stdout.lines(
                ["| " + headers.map(cell).joined(separator: " | ") + " |", "|" + fields.map { _ in " --- |" }.joined()]
                    + rows.map { "| " + $0.map(cell).joined(separator: " | ") + " |" })
        case .line:
            let template = try ReportTemplate(option.template ?? ReportTemplate.standard)
            stdout.lines(output.rows(words: words).map(template.line))
        }
    }
}
