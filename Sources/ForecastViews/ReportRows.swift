import ForecastCore
import ForecastKit
import Foundation

/// A field of the report formats, one value per place: the registry's (`WeatherField`).
package typealias ReportField = WeatherField

extension WeatherField {
    /// The column's name, with its unit where it has one: "temp (°C)", "wind (m/s)".
    package func header(temperature: TemperatureUnit, wind: WindUnit) -> String {
        switch self {
        case .temp, .feels, .low, .high, .vsYesterday, .vsNormal: "\(rawValue) (\(temperature.symbol))"
        case .wind: "wind (\(wind.symbol))"
        case .humidity, .clouds, .rain: "\(rawValue) (%)"
        case .pressure: "pressure (hPa)"
        case .latitude, .longitude: "\(rawValue) (°)"
        case .pm25, .pm10: "\(rawValue) (µg/m³)"
        case .rainNext: "rain_next (min)"
        case .daylight: "daylight (min)"
        case .moon: "moon (%)"
        default: rawValue
        }
    }

    /// Whether its machine value is a key (CSV's `kr`, `unhealthyForSensitiveGroups`) that people read in words.
    package var isKey: Bool { kind == .key }

    /// Whether the column holds numbers: left as they are in CSV and TSV ("-5" is a temperature).
    package var isNumber: Bool { kind == .number }
}

/// A text cell of CSV or TSV as a spreadsheet must not read it: text starting
/// with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
/// LibreOffice and Sheets (a label `=HYPERLINK("http://…")` would be a link, or
/// worse). As OWASP advises, such a cell is prefixed with a single quote, which
/// spreadsheets show as text; CSV also quotes it. Numbers are never touched.
package enum SpreadsheetCell {
    /// The scalars a formula starts with. Their compatibility forms count too
    /// (the full-width ＝ ＋ － ＠, the small ﹦ ﹢ ﹣): some locales' spreadsheets read them as the ASCII ones.
    package static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Whether a spreadsheet would take `text` for a formula. The first
    /// *scalar* is judged, not the first character: "=\u{301}…" or "+\u{FE0F}…"
    /// is one character that is not "=", yet the spreadsheet reads the "=" and
    /// runs the rest. What draws nothing before it (a zero-width space, a
    /// byte-order mark, a joiner, a space) is looked past first, as a
    /// spreadsheet that trims or ignores it would.
    package static func isFormula(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first(where: { !isLookedPast($0) }) else { return false }
        if formulaStarts.contains(first) { return true }
        // ＝ (U+FF1D) and ﹦ (U+FE66) are "=" once compatibility-normalised.
        guard !first.isASCII, let folded = String(first).precomposedStringWithCompatibilityMapping.unicodeScalars.first else { return false }
        return formulaStarts.contains(folded)
    }

    /// A scalar before the first visible one that a spreadsheet may drop:
    /// spaces of any kind, format characters and what Unicode says to ignore.
    /// (Not a tab or a carriage return: each starts a formula itself.)
    private static func isLookedPast(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        if scalar.isASCII { return false }
        let properties = scalar.properties
        return properties.isWhitespace || properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
    }

    /// A CSV field: a formula-like text quoted, after its single quote.
    package static func csv(_ text: String, field: ReportField) -> String { csv(text, number: field.isNumber) }

    /// A CSV field of a column of numbers (left as they are) or of text.
    package static func csv(_ text: String, number: Bool) -> String {
        !number && isFormula(text) ? CSV.quoted("'" + text) : CSV.field(text)
    }

    /// A TSV field: a formula-like text after its single quote; tabs and line breaks made spaces.
    package static func tsv(_ text: String, field: ReportField) -> String {
        let safe = !field.isNumber && isFormula(text) ? "'" + text : text
        return String(safe.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}

/// A cell of a Markdown table as no renderer reads it as markup: the text of a
/// place's name, its region or a service's words shows as the same text, never as
/// HTML (`<script>`), a link (`[a](javascript:…)`, `<http://…>`, `www.x.test`,
/// `user@host`), emphasis, code or a column break. `<`, `>` and `&` become
/// entities (every Markdown passes them to HTML as they are); every other
/// character of markup is escaped with a backslash, which CommonMark and
/// GitHub's tables read back as the character itself. A `.` or `:` between two
/// digits ("12.5", "08:00") stays as it is: no link can be made of it.
package enum MarkdownCell {
    /// The characters escaped with a backslash wherever they are.
    static let escaped: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "(", ")", "{", "}", "#", "!", "~", "|", "$", "^", "@"]

    package static func escape(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            // A line break would end the table's row.
            case "\n", "\r", "\u{2028}", "\u{2029}": result.append(" ")
            case ".", ":":
                let betweenDigits = index > 0 && index + 1 < scalars.count && isDigit(scalars[index - 1]) && isDigit(scalars[index + 1])
                if !betweenDigits { result.append("\\") }
                result.append(scalar)
            default:
                if escaped.contains(scalar) { result.append("\\") }
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}

/// One place's values: bare for the table formats (numbers without units),
/// and as read for `line` ("12°C", "3.2 m/s"; percentages stay bare numbers,
/// so that '{humidity}%' reads "83%").
package struct ReportRow: Sendable {
    package var bare: [ReportField: String] = [:]
    package var shown: [ReportField: String] = [:]

    package mutating func set(_ field: ReportField, _ bare: String?, shown: String? = nil) {
        guard let bare else { return }
        self.bare[field] = bare
        self.shown[field] = shown ?? bare
    }

    /// The row of `place` with its weather, in `format`'s units and in `words`.
    package init(place: Place, position: Int, weather: PlaceWeather?, format: WeatherFormat, words: CommandFaceWords, now: Date) {
        var format = format
        format.words = words
        let number = { (value: Double?) in ShownNumber.tenth(value).map(Self.decimal) }
        set(.position, "\(position)")
        // Seoul#2 where another saved place has its label, as `list` shows it.
        set(.name, words.address(place))
        set(.country, place.countryCode)
        set(.region, words.region(countryCode: place.countryCode, admin1: place.admin1))
        set(.latitude, Coordinate.format(place.coordinate.latitude))
        set(.longitude, Coordinate.format(place.coordinate.longitude))
        set(.timezone, SafeText.clean(place.timeZone, maxLength: 64))
        let zone = LocalTime.zone(place.timeZone)
        set(.time, format.time(now, in: zone))
        // The sky, computed for the place with or without its weather.
        let sun = Sky.today(place, now: now)
        for (field, time) in [(ReportField.dawn, sun.civilDawn), (.sunrise, sun.sunrise), (.sunset, sun.sunset), (.dusk, sun.civilDusk)] {
            set(field, time.map { format.time($0, in: zone) })
        }
        set(.daylight, String(sun.minutes))
        let moon = Moon.phase(at: now)
        set(.moon, String(moon.percent),
            shown: format.emoji ? SkyView.symbol(moon.name) : words.moonPhase(moon.name))
        if let report = weather?.report {
            let c = report.current
            let today = report.today(now: now)
            set(.condition, c.condition.map(format.describe))
            set(.symbol, c.condition.map { format.symbol($0, isDay: c.isDay) })
            set(.temp, number(format.temperature(c.temperature)), shown: format.temperatureText(c.temperature))
            set(.feels, number(format.temperature(c.feelsLike)), shown: format.temperatureText(c.feelsLike))
            // Percentages and the indices defined on whole numbers (UV, AQIs), whole in every
            // format (`ShownNumber.whole`); percentages read bare in a line (the template adds its "%").
            let whole = { (value: Double?) in ShownNumber.whole(value).map(Self.decimal) }
            set(.humidity, whole(c.humidity))
            set(.wind, number(format.wind(c.windSpeed)), shown: format.windText(c.windSpeed, direction: nil))
            set(.direction, c.windDirection.map { words.compass(CompassPoint(degrees: $0)) })
            // The number in hPa (markdown's header and --where say so); a line reads it in the user's unit.
            set(.pressure, number(c.pressure), shown: c.pressure.map { format.pressureText($0) })
            set(.clouds, whole(c.cloudCover))
            set(.low, number(format.temperature(today?.minimum)), shown: format.temperatureText(today?.minimum))
            set(.high, number(format.temperature(today?.maximum)), shown: format.temperatureText(today?.maximum))
            set(.rain, whole(today?.precipitationProbability))
            set(.uv, whole(today?.uvIndexMax))
            set(.aqi, whole(report.airQuality?.usAQI))
            set(.eaqi, whole(report.airQuality?.europeanAQI))
            set(.pm25, number(report.airQuality?.pm2_5))
            set(.pm10, number(report.airQuality?.pm10))
            if let change = report.highAgainstYesterday(now: now, unit: format.temperatureUnit), let days = report.todayAndYesterday(now: now) {
                let whole = format.temperatureChange(from: days.yesterday.maximum, to: days.today.maximum) ?? 0
                set(.vsYesterday, Self.decimal(change), shown: (whole > 0 ? "+" : "") + format.text(displayed: Double(whole)))
            }
            if let change = report.highAgainstNormal(weather?.normals, now: now, unit: format.temperatureUnit),
               let days = report.todayAndNormal(weather?.normals, now: now) {
                let whole = format.temperatureChange(from: days.normal.high, to: days.today.maximum) ?? 0
                set(.vsNormal, Self.decimal(change), shown: (whole > 0 ? "+" : "") + format.text(displayed: Double(whole)))
            }
            let scale = format.airScale(countryCode: place.countryCode)
            set(.airScale, scale.rawValue, shown: words.airScale(scale))
            if let air = report.airQuality, let grade = AirGrade(air, scale: scale) {
                set(.airGrade, grade.name.rawValue, shown: words.airGrade(grade.name))
            }
        }
        if let weather {
            set(.updated, weather.fetchedAt.map { LocalTime.iso8601($0, in: TimeZone(secondsFromGMT: 0)!) })
            set(.stale, weather.report == nil ? nil : (weather.stale ? "true" : "false"))
            set(.error, weather.error.map { words.weatherError($0) })
            let view = WarningsView(weather, now: now)
            if let inForce = weather.warnings.inForce(at: now) {
                let leading = inForce.first?.level
                // As read: the list's mark ("⚠ orange"), nothing where none is in force.
                set(.alertLevel, "\(leading?.rawValue ?? 0)", shown: leading.map { WarningsText.mark($0, words: words, emoji: format.emoji) } ?? "")
                set(.alertCount, "\(inForce.count)")
            }
            if let outlook = view.outlook, let minutes = outlook.minutesToPrecipitation {
                let zone = LocalTime.zone(place.timeZone)
                // As read: the list's note ("rain in 20 min", "dry from 15:30").
                let note = words.nextHoursNote(outlook, snow: view.snow) { words.time(format.reading($0, in: zone)) }
                set(.rainNext, "\(minutes)", shown: note)
            }
        }
    }

    /// "12", "-3.5", "0": no grouping, a point, whatever the locale.
    package static func decimal(_ value: Double) -> String {
        SafeNumber.fixed(value, decimals: 1, trim: true)
    }
}

/// `--template '{name} {symbol} {temp}'`, parsed once: text and fields.
package struct ReportTemplate {
    package enum Piece { case text(String), field(ReportField) }
    package let pieces: [Piece]

    package static let standard = "{name} {symbol} {temp}"

    /// The line `--format line` prints without a template: the standard
    /// fields, then the warning's mark where one is in force and the next
    /// hours' note where precipitation starts or stops within two hours.
    package static func standardLine(_ row: ReportRow) -> String {
        var line = (try? ReportTemplate(standard))?.line(row) ?? ""
        if let level = row.bare[.alertLevel], level != "0", let mark = row.shown[.alertLevel] { line += " " + mark }
        if let note = row.shown[.rainNext], !note.isEmpty { line += " · " + note }
        return SafeText.clean(line, maxLength: 1000)
    }

    /// What is wrong with a template; the command line says it in words.
    package enum TemplateError: Error, Equatable {
        case unclosed(String)
        case unknownField(String)
    }

    package init(_ template: String) throws(TemplateError) {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw TemplateError.unclosed(String(rest[open...]))
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let field = WeatherField(named: name.trimmingCharacters(in: .whitespaces)) else {
                throw TemplateError.unknownField(name)
            }
            pieces.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
    }

    /// One line; a field without a value reads "–". The warnings' and the next
    /// hours' fields are the numbers `--where` compares (`{alert}` 0–4,
    /// `{rain_next}` minutes), so that a script reads them as it filters.
    package func line(_ row: ReportRow) -> String {
        let text = pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .field(let field) where [.alertLevel, .alertCount, .rainNext].contains(field): row.bare[field] ?? "–"
            case .field(let field): row.shown[field] ?? "–"
            }
        }.joined()
        return SafeText.clean(text, maxLength: 1000)
    }
}

/// An output that can also be a report: one row per place.
package protocol ReportOutput: ScriptOutput {
    /// How many rows it has.
    var rowCount: Int { get }
    /// The rows of `range` in `format`'s units (the user's when nil), said in `words`.
    func rows(_ range: Range<Int>, words: CommandFaceWords, format: WeatherFormat?) -> [ReportRow]
    var units: UnitsItem { get }
}

extension ReportOutput {
    /// Every row in `format`'s units, said in `words`.
    package func rows(words: CommandFaceWords, format: WeatherFormat?) -> [ReportRow] { rows(0..<rowCount, words: words, format: format) }

    /// The rows in the user's units and `words` (markdown, line).
    package func rows(words: CommandFaceWords) -> [ReportRow] { rows(words: words, format: nil) }

    /// The rows for machines (CSV, TSV): SI units and English words, whatever
    /// the user's units and language, so that a script reading them never
    /// breaks on a setting ("남서" was SW, "temp (°F)" was "temp (°C)").
    package func machineRows(_ english: CommandFaceWords, _ range: Range<Int>? = nil) -> [ReportRow] {
        rows(range ?? 0..<rowCount, words: english, format: WeatherFormat(temperatureUnit: .celsius, windUnit: .ms, words: english, emoji: true))
    }
}
