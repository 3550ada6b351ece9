import ForecastCore
import ForecastKit
import Foundation

/// `forecast report`: one self-contained HTML file for the whole list. No
/// scripts, fonts or other files: it works offline and can be mailed. It is
/// also well-formed XML (every SVG included), so tests read it as XML.
package struct HTMLReport {
    package init(entries: [Entry], format: WeatherFormat, words: CommandFaceWords, source: SourceItem, now: Date) {
        self.entries = entries
        self.format = format
        self.words = words
        self.source = source
        self.now = now
    }
    package struct Entry {
        package init(position: Int, place: Place, weather: PlaceWeather) {
            self.position = position
            self.place = place
            self.weather = weather
        }
        package var position: Int
        package var place: Place
        package var weather: PlaceWeather
    }

    package var entries: [Entry]
    package var format: WeatherFormat
    package var words: CommandFaceWords
    package var source: SourceItem
    package var now: Date

    /// Whether a place's section says today against its normal (then the credits name the normals' source).
    func showsNormal(_ entry: Entry) -> Bool {
        entry.weather.report.map { $0.todayAndNormal(entry.weather.normals, now: now) != nil } ?? false
    }

    package func render() -> String {
        var html = ""
        Self.write(count: entries.count, rows: [entries], sections: [entries], format: format, words: words, source: source, now: now) { html += $0 }
        return html
    }

    /// The report of `places` in their order, the summary's rows read from
    /// `rows` and the sections from `sections` a page of places at a time.
    package static func write(
        places: [Place], rows: WeatherPageReader, sections: WeatherPageReader, format: WeatherFormat, words: CommandFaceWords,
        source: SourceItem, now: Date, _ write: (String) -> Void
    ) {
        let pages = { (reader: WeatherPageReader) in
            stride(from: 0, to: places.count, by: WeatherPages.size).lazy.map { start in
                let page = places[start..<min(places.count, start + WeatherPages.size)]
                let weather = reader.read(Array(page))
                return zip(page.indices, page).map { index, place in
                    Entry(position: index + 1, place: place, weather: weather[place.id] ?? PlaceWeather())
                }
            }
        }
        Self.write(
            count: places.count, rows: pages(rows), sections: pages(sections), format: format, words: words, source: source, now: now, write)
    }

    /// The report given to `write` piece by piece, a page of places at a time:
    /// the summary table's rows from `rows` (pages of entries with what a row
    /// shows: their summaries), then each place's section from `sections`
    /// (pages of entries with their whole reports). 100,000 places' report is
    /// never all held, nor their weather: a page of it.
    package static func write(
        count: Int, rows: some Sequence<[Entry]>, sections: some Sequence<[Entry]>, format: WeatherFormat, words: CommandFaceWords,
        source: SourceItem, now: Date, _ write: (String) -> Void
    ) {
        let report = HTMLReport(entries: [], format: format, words: words, source: source, now: now)
        let title = words.reportTitle(count)
        let generated = words.dateTime(LocalTime.reading(now, in: TimeZone(secondsFromGMT: 0)!)) + " UTC"
        write("""
            <!DOCTYPE html>
            <html lang="\(words.language.rawValue)">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <meta name="generator" content="forecast"/>
            <title>\(HTML.escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header><h1>\(HTML.escape(title))</h1><p class="meta">\(HTML.escape(generated)) · \(HTML.escape(format.temperatureUnit.symbol)), \(HTML.escape(format.windUnit.symbol))</p></header>

            """)
        write(report.summaryHead())
        var showsNormals = false
        for page in rows {
            write(page.map(report.summaryRow).joined())
            showsNormals = showsNormals || page.contains(where: report.showsNormal)
        }
        write(Self.summaryTail)
        for page in sections { write(page.map(report.section).joined()) }
        write("""
            <footer>\(HTML.escape(words.reportCredits(source, normals: showsNormals)))</footer>
            </body>
            </html>

            """)
    }

    // MARK: - The summary table

    /// A temperature underlined in its colour on the temperatures' one scale (the app's, its bars').
    func temperature(_ shown: String, _ celsius: Double?) -> String {
        guard let colour = TemperatureColours.colour(celsius, shownBy: format) else { return shown }
        return "<span class=\"t\" style=\"--t:\(TemperatureColours.css(colour))\">\(shown)</span>"
    }

    package func summary() -> String {
        summaryHead() + entries.map(summaryRow).joined() + Self.summaryTail
    }

    /// The summary table's opening: in a box that scrolls sideways if it must (a phone): the page itself never does.
    func summaryHead() -> String {
        // Columns marked "opt" give way on a phone (feels, humidity, wind, UV, AQI).
        let optional: Set<Int> = [2, 6, 7, 8, 11, 12]
        let head = words.reportHeaders.enumerated().map { index, header in
            "<th\(optional.contains(index) ? " class=\"opt\"" : "")>\(HTML.escape(header))</th>"
        }.joined()
        return "<div class=\"table\"><table class=\"summary\">\n<thead><tr>\(head)</tr></thead>\n<tbody>\n"
    }

    static let summaryTail = "</tbody>\n</table></div>\n"

    /// One place's row of the summary table.
    func summaryRow(_ entry: Entry) -> String {
        let row = ReportRow(place: entry.place, position: entry.position, weather: entry.weather, format: format, words: words, now: now)
        let cell = { (field: ReportField) in HTML.escape(row.shown[field] ?? "–") }
        let percent = { (field: ReportField) in row.shown[field].map { HTML.escape($0) + "%" } ?? "–" }
        // Graded on the place's scale, named beside the number (a Korean grade is its word).
        let scale = format.airScale(countryCode: entry.place.countryCode)
        let air = entry.weather.report?.airQuality.flatMap { AirGrade($0, scale: scale) }.map { grade in
            // The band in words on every scale; an index's number before it.
            let shown = grade.scale == .kr ? words.airGrade(grade.name) : "\(grade.value) \(words.airGrade(grade.name))"
            let title = words.airScale(grade.scale) + " · " + words.airGrade(grade.name)
            return "<span class=\"aqi aqi\(Int((grade.severity * 5).rounded()))\" title=\"\(HTML.escape(title))\">\(HTML.escape(shown))</span>"
                + " <small>\(HTML.escape(words.airScale(grade.scale)))</small>"
        } ?? "–"
        // A place with warnings is marked beside its name: ⚠ in its highest level's colour, the level in words as its title.
        let warned = WarningsView(entry.weather, now: now).warnings.first.map(\.level).map { level in
            " <span class=\"wmark \(WarningsView.colourName(level))\" title=\"\(HTML.escape(words.warningLevel(level)))\">⚠</span>"
        } ?? ""
        let name = "<a href=\"#place-\(entry.position)\">\(cell(.name))</a>" + warned
        let status = entry.weather.error.map { "<td class=\"error\">\(HTML.escape(words.weatherError($0)))</td>" }
            ?? (entry.weather.stale ? "<td class=\"stale\">\(HTML.escape(words.stale(entry.weather.fetchedAt.map { words.age($0, now: now) })))</td>" : "<td></td>")
        return "<tr><td class=\"num\">\(entry.position)</td><td>\(name)</td><td class=\"opt\">\(cell(.time))</td>"
            + "<td class=\"sym\">\(cell(.symbol))</td><td>\(cell(.condition))</td>"
            + "<td class=\"num\">\(temperature(cell(.temp), entry.weather.report?.current.temperature))</td><td class=\"num opt\">\(cell(.feels))</td><td class=\"num opt\">\(percent(.humidity))</td>"
            + "<td class=\"num opt\">\(HTML.escape(format.windText(entry.weather.report?.current.windSpeed, direction: entry.weather.report?.current.windDirection)))</td>"
            + "<td class=\"num\">\(cell(.low)) / \(cell(.high))</td><td class=\"num\">\(percent(.rain))</td>"
            + "<td class=\"num opt\">\(cell(.uv))</td><td class=\"num opt\">\(air)</td>\(status)</tr>\n"
    }

    // MARK: - One place

    package func section(_ entry: Entry) -> String {
        let place = entry.place
        let zone = LocalTime.zone(place.timeZone)
        var html = "<section class=\"place\" id=\"place-\(entry.position)\">\n"
        html += "<h2><span class=\"pos\">\(entry.position)</span> \(HTML.escape(words.address(place)))"
            + " <small>\(HTML.escape(words.region(countryCode: place.countryCode, admin1: place.admin1)))</small></h2>\n"
        // The warnings first, and the next two hours: a place whose weather failed may still have them.
        let warnings = WarningsView(entry.weather, now: now)
        html += self.warnings(warnings, entry: entry, zone: zone)
        html += nextHours(warnings, error: entry.weather.nextHoursError, zone: zone)
        // The sun and the moon, computed for the place with or without its weather.
        let view = SkyView(place: place, now: now)
        let sky = SkyText.sentences(view, zone: zone, format: format, words: words, emoji: format.emoji)
        html += "<p class=\"sky\"><strong>\(HTML.escape(words.skyHeading))</strong> " + sky.map(HTML.escape).joined(separator: " · ") + "</p>\n"
        guard let report = entry.weather.report else {
            let reason = entry.weather.error.map { words.noWeather($0) } ?? words.noWeatherCached
            return html + "<p class=\"error\">\(HTML.escape(reason))</p>\n</section>\n"
        }
        let c = report.current
        let today = report.today(now: now)
        var facts = [
            "\(format.symbol(c.condition, isDay: c.isDay)) \(format.describe(c.condition))",
            "\(format.temperatureText(c.temperature)), " + words.feelsLike(format.temperatureText(c.feelsLike)),
            "\(words.humidity) \(format.percent(c.humidity))",
            "\(words.wind) \(format.windText(c.windSpeed, direction: c.windDirection))",
            "\(words.uvIndex) \(words.uv(today?.uvIndexMax))",
            "\(words.airQuality) \(words.air(report.airQuality, scale: format.airScale(countryCode: place.countryCode), error: entry.weather.airQualityError))",
        ]
        if let pollen = AirText.pollen(report.airQuality?.pollen, words: words, separator: ", ") { facts.append("\(words.pollen) \(pollen)") }
        if let against = format.againstNormal(report, normals: entry.weather.normals, now: now) { facts.insert(against, at: 2) }
        if let against = format.againstYesterday(report, now: now) { facts.insert(against, at: 2) }
        facts.append(format.time(now, in: zone) + " " + SafeText.clean(place.timeZone, maxLength: 64))
        html += "<p class=\"now\">" + facts.map(HTML.escape).joined(separator: " · ") + "</p>\n"
        if let error = entry.weather.error {
            html += "<p class=\"error\">\(HTML.escape(words.staleBecause(words.age(entry.weather.fetchedAt ?? now, now: now), error)))</p>\n"
        }
        let hours = report.comingHours(48, from: now)
        if !hours.isEmpty {
            html += "<figure>\n" + SVGChart.hours(hours, zone: zone, format: format, words: words)
                + "\n<figcaption>\(HTML.escape(words.hoursCaption(hours.count, unit: format.temperatureUnit.symbol)))</figcaption>\n</figure>\n"
        }
        let days = report.comingDays(7, from: now)
        if !days.isEmpty {
            html += "<figure>\n" + SVGChart.days(days, format: format, words: words)
                + "\n<figcaption>\(HTML.escape(words.daysCaption(unit: format.temperatureUnit.symbol)))</figcaption>\n</figure>\n"
        }
        return html + "</section>\n"
    }

    // MARK: - Warnings and the next two hours

    /// The place's **Warnings**: each in force with its level in its colour, the
    /// event, the window in the place's time, the area, the headline, the first
    /// lines of what to do, who issued it and whose it is; or why there are none
    /// to show (no source covers the place, the source failed, none in force).
    package func warnings(_ view: WarningsView, entry: Entry, zone: TimeZone) -> String {
        var heading = "<h3>\(HTML.escape(words.warningsHeading))"
        if let age = WarningsText.checkedAge(view.status, now: now, words: words) { heading += " <small>\(HTML.escape(age))</small>" }
        var html = "<div class=\"warnings\">\n" + heading + "</h3>\n"
        switch view.status {
        case .noSource:
            let country = entry.place.countryCode.isEmpty ? nil : words.countryName(entry.place.countryCode)
            html += "<p class=\"quiet\">\(HTML.escape(words.noWarningSource(country: country)))</p>\n"
        case .unknown:
            html += "<p class=\"quiet\">\(HTML.escape(words.warningsNotChecked))</p>\n"
        case .failed(let error, _, _):
            html += "<p class=\"error\">\(HTML.escape(words.warningsFailed(error)))</p>\n"
        case .checked:
            if view.warnings.isEmpty { html += "<p class=\"quiet\">\(HTML.escape(words.noWarningsInForce))</p>\n" }
        }
        for warning in view.warnings {
            let colour = WarningsView.colourName(warning.level)
            html += "<div class=\"warning \(colour)\">\n<p class=\"what\"><span class=\"level \(colour)\">\(HTML.escape(words.warningLevel(warning.level)))</span> "
                + "<strong>\(HTML.escape(warning.event))</strong> <span class=\"window\">"
                + HTML.escape(WarningsText.window(warning, zone: zone, format: format, words: words)) + "</span></p>\n"
            if let area = warning.area { html += "<p class=\"area\">\(HTML.escape(words.warningArea(area)))</p>\n" }
            if let headline = WarningsText.headline(warning) { html += "<p class=\"headline\">\(HTML.escape(headline))</p>\n" }
            // What to do: its first lines, as `show` gives them (the browser folds them again).
            if let instruction = warning.instruction {
                let lead = WarningsText.firstLines(instruction, width: WarningsText.pipeWidth, count: WarningsText.instructionLines).joined(separator: " ")
                html += "<p class=\"instruction\"><em>\(HTML.escape(words.warningInstructionHeading))</em> \(HTML.escape(lead))</p>\n"
            }
            let issuer = HTML.escape(words.warningIssuer(warning.issuer, credit: WarningsView.credit(warning.source)))
            // Where to read it whole, as text: the report links to nothing outside itself.
            let link = warning.url.map { " · " + HTML.escape($0) } ?? ""
            html += "<p class=\"issuer\">\(issuer)\(link)</p>\n</div>\n"
        }
        return html + "</div>\n"
    }

    /// **Next two hours**: a strip of the quarter hours (the hours, from the hourly
    /// forecast), ▁ dry to ▇ heavy, and the sentence; or why it could not be fetched.
    package func nextHours(_ view: WarningsView, error: WeatherError?, zone: TimeZone) -> String {
        guard let hours = view.nextHours, let outlook = view.outlook else {
            return error.map { "<p class=\"next error\">\(HTML.escape(words.nextHoursFailed($0)))</p>\n" } ?? ""
        }
        let sentence = words.nextHoursSentence(outlook, snow: view.snow) { format.time($0, in: zone) }
        let bars = outlook.strip.map { "<span class=\"p\($0.rawValue)\">\($0.bar(ascii: false))</span>" }.joined()
        // The strip's ends in the place's time: now (the first hour, from the hourly forecast) and two hours on.
        let start = hours.kind == .hourly ? (hours.coming(from: now).first?.start ?? now) : now
        let end = start.addingTimeInterval(NextHours.span)
        return "<p class=\"next\"><strong>\(HTML.escape(words.nextHoursHeading(hours.kind)))</strong> "
            + "<span class=\"strip\"><small>\(HTML.escape(format.time(start, in: zone)))</small>\(bars)<small>\(HTML.escape(format.time(end, in: zone)))</small></span> "
            + HTML.escape(sentence)
            // A nowcast is credited beside what it says (MET's licence asks it).
            + (hours.kind == .nowcast ? " <small class=\"credit\">\(HTML.escape(WarningsView.credit(hours.source)))</small>" : "") + "</p>\n"
    }

    package static let style = """
        :root{color-scheme:light dark;--fg:#1d2330;--muted:#667085;--line:#e4e7ec;--card:#fff;--bg:#f5f7fa;--temp:#e4572e;--rain:#3b82f6}
        @media (prefers-color-scheme:dark){:root{--fg:#e6e9ef;--muted:#98a2b3;--line:#344054;--card:#1b2130;--bg:#101520}}
        *{box-sizing:border-box}
        body{margin:0;padding:24px;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans KR","Noto Sans CJK KR","Source Han Sans K","Apple SD Gothic Neo","Malgun Gothic","NanumGothic","Noto Sans CJK JP","Noto Sans CJK SC","Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji",sans-serif}
        header h1{margin:0 0 2px;font-size:24px}
        .meta,figcaption,footer,small{color:var(--muted)}
        .table{overflow-x:auto;margin:16px 0 8px;border-radius:10px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
        table.summary{border-collapse:collapse;width:100%;background:var(--card)}
        .summary th,.summary td{padding:7px 10px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
        .summary td.error,.summary td.stale{white-space:normal;min-width:10em;max-width:22em;overflow-wrap:anywhere}
        .summary th{font-weight:600;color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.03em}
        .summary tr:last-child td{border-bottom:0}
        .num{text-align:right!important;font-variant-numeric:tabular-nums}
        .sym{font-size:18px}
        a{color:inherit}
        .error{color:#d92d20}
        .stale{color:#b54708}
        .aqi{padding:1px 7px;border-radius:9px;color:#111}
        .aqi0{background:#a6e3a1}.aqi1{background:#f9e2af}.aqi2{background:#fab387}.aqi3{background:#f38ba8}.aqi4{background:#cba6f7}.aqi5{background:#b4637a;color:#fff}
        section.place{background:var(--card);border-radius:10px;padding:14px 18px;margin:16px 0;box-shadow:0 1px 2px rgba(0,0,0,.06)}
        section.place h2{margin:0 0 4px;font-size:18px}
        .pos{display:inline-block;min-width:24px;color:var(--muted)}
        .now{margin:0 0 8px}
        figure{margin:10px 0 4px}
        figure svg{width:100%;height:auto;max-width:900px;display:block}
        figcaption{font-size:12px}
        svg text{fill:var(--muted);font-size:11px}
        svg .grid{stroke:var(--line);stroke-width:1}
        svg .temp{fill:none;stroke:var(--temp);stroke-width:2.2;stroke-linejoin:round}
        svg .dot{fill:var(--temp)}
        svg .rain{fill:var(--rain);fill-opacity:.35}
        svg .range{fill:var(--temp);fill-opacity:.75}
        .t{border-bottom:3px solid var(--t);padding-bottom:1px}
        svg .label{fill:var(--fg)}
        footer{margin-top:20px;font-size:12px}
        .warnings h3{margin:6px 0 4px;font-size:15px}
        .quiet{color:var(--muted);margin:2px 0 8px}
        .warning{border-left:4px solid var(--lc);padding:4px 10px;margin:6px 0 10px;background:color-mix(in srgb,var(--lc) 10%,transparent)}
        .warning p{margin:2px 0}
        .grey{--lc:#9ca3af}.yellow{--lc:#eab308}.orange{--lc:#f97316}.red{--lc:#dc2626}.purple{--lc:#7e22ce}
        .level{display:inline-block;padding:0 7px;border-radius:9px;background:var(--lc);color:#fff;font-weight:600}
        .level.yellow{color:#111}
        .window,.area,.issuer{color:var(--muted)}
        .headline{font-weight:600}
        .issuer{font-size:12px}
        .next{margin:4px 0 10px}
        .strip{font-family:ui-monospace,"DejaVu Sans Mono",monospace;color:var(--rain);letter-spacing:1px;margin:0 6px}
        .strip small{font-family:system-ui,sans-serif;letter-spacing:0;margin:0 4px}
        .strip .p0{opacity:.35}
        .wmark{color:var(--lc);font-weight:700}
        @media (max-width:640px){
        body{padding:10px;font-size:15px}
        .summary .opt{display:none}
        .summary th,.summary td{padding:6px 6px;white-space:normal}
        section.place{padding:12px}
        figure{overflow-x:auto}
        figure svg{min-width:560px}
        }
        """
}

/// Text safe inside HTML and XML: the five characters that mean markup, escaped.
package enum HTML {
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in SafeText.clean(text, maxLength: 2000).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Not characters XML allows at all: the file would not be well-formed.
            case "\u{FFFE}", "\u{FFFF}": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
