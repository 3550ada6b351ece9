import ForecastCore
import ForecastKit
import ForecastGazetteer
import Foundation

/// One place in detail: `show`'s one output.
package struct ShowOutput: ReportOutput {
    package var location: LocationItem
    /// Whether the place is in the saved list (position and count are only for one that is).
    package var saved: Bool
    package var position: Int?
    package var count: Int?
    package var localTime: String
    package var utcOffset: String
    package var units: UnitsItem
    package var current: Current?
    package var hourly: [Hour]?
    package var daily: [Day]?
    package var airQuality: AirQualityItem?
    /// Yesterday's low and high where the provider gave that day (or the cache kept it), and today's high against it.
    package var yesterday: YesterdayItem?
    /// The usual low and high of today's date (1991–2020), and today's high against it.
    package var normal: NormalItem?
    package var fetchedAt: Date?
    package var stale: Bool?
    package var error: ErrorItem?
    package var airQualityError: ErrorItem?
    /// Whose weather it is (with any weather shown).
    package var source: SourceItem?
    /// The official warnings in force: null where nobody could say (`alertsStatus` says why), [] when none.
    package var alerts: AlwaysEncoded<[WarningItem]>
    /// "checked", "no-source", "unknown" or "failed".
    package var alertsStatus: String
    package var alertsCheckedAt: Date?
    package var alertsError: ErrorItem?
    /// The next hours' steps and sentence; null when none are known.
    package var nextHours: AlwaysEncoded<NextHoursItem>
    /// Why this run's nowcast failed (the next hours are then the hourly forecast's).
    package var nextHoursError: ErrorItem?
    /// The sun and the moon today, computed for the place (any provider, no request).
    package var sun: SunItem
    package var moon: MoonItem
    let sky: SkyView
    /// The name the user typed: its other language's name is said beside the one shown.
    let typed: String?

    /// How much of the forecast to show.
    package struct Span: Equatable {
        package init(days: Int = 7, hours: Int = 24, chart: Bool = true) {
            self.days = days
            self.hours = hours
            self.chart = chart
        }
        package var days = 7
        package var hours = 24
        /// The temperature chart under the hours (drawn from 3 hours on: one or two points make no line).
        package var chart = true

        /// `--full`: two days of hours, a week of days, the chart.
        package static let full = Span(days: 7, hours: 48)

        /// What a short terminal may show instead, the largest first: the
        /// default, then half the hours, then no chart and fewer hours and days.
        package static let compact: [Span] =
            [Span(), Span(days: 7, hours: 12)]
            + [(7, 12), (7, 9), (7, 6), (5, 6), (3, 6), (3, 4), (3, 3), (2, 3), (2, 2), (1, 2), (1, 1), (1, 0), (0, 0)]
            .map { Span(days: $0.0, hours: $0.1, chart: false) }
    }

    package struct Current: Encodable {
        package var observedAt: String
        package var temperature, feelsLike, humidity, pressure, windSpeed, windDirection, windGust: Double?
        package var windCompass: String?
        package var visibility, cloudCover, precipitation: Double?
        package var condition: String?
        package var symbol: String?
        package var isDay: Bool?
        package var sunrise, sunset: String?
    }

    package struct Hour: Encodable {
        package var time: String
        package var temperature, feelsLike, humidity, precipitationProbability, precipitation, windSpeed, windDirection: Double?
        package var condition: String?
        package var symbol: String?
    }

    package struct Day: Encodable {
        package var date: String
        package var min, max: Double?
        package var condition: String?
        package var symbol: String?
        package var precipitation, precipitationProbability, uvIndexMax: Double?
        package var uvCategory: UVCategory?
        package var sunrise, sunset: String?
    }

    private let place: Place
    private let weather: PlaceWeather
    private let format: WeatherFormat
    private let now: Date
    private let span: Span
    /// Whether the span was cut to fit the terminal (the text then says how to see it all).
    package var shortened = false
    /// The app's pages: the weather is on its way (said instead of "run without --offline").
    package var fetching = false
    /// The app's pages: the weather shown is the list's summary (no hours, two days),
    /// and the text says why the rest is missing.
    package var summaryOnly = false
    /// The app's pages: each warning in two lines (level and event, its window),
    /// its sources credited once under them; `w` opens a warning whole.
    package var compactWarnings = false

    package enum CodingKeys: CodingKey {
        case location, saved, position, count, localTime, utcOffset, units, current, hourly, daily, airQuality, yesterday, normal, fetchedAt, stale
        case error, airQualityError, source, alerts, alertsStatus, alertsCheckedAt, alertsError, nextHours, nextHoursError, sun, moon
    }

    package init(
        place: Place, position: Int, count: Int, weather: PlaceWeather, settings: Settings, format: WeatherFormat, now: Date,
        span: Span = Span(), saved: Bool = true, source: SourceItem? = nil, typed: String? = nil
    ) {
        self.typed = typed
        self.place = place
        self.span = span
        self.saved = saved
        self.weather = weather
        self.format = format
        self.now = now
        let zone = LocalTime.zone(place.timeZone)
        location = LocationItem(place, position: position, saved: saved)
        self.position = saved ? position : nil
        self.count = saved ? count : nil
        localTime = LocalTime.iso8601(now, in: zone)
        utcOffset = LocalTime.offset(zone.secondsFromGMT(for: now))
        units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit)
        error = weather.error.map(ErrorItem.init)
        airQualityError = weather.airQualityError.map(ErrorItem.init)
        // The warnings and the next hours have sources of their own: said with or without a report.
        let warnings = WarningsJSON(WarningsView(weather, now: now), zone: zone, now: now, format: format)
        alerts = warnings.alerts
        alertsStatus = warnings.alertsStatus
        alertsCheckedAt = warnings.alertsCheckedAt
        alertsError = warnings.alertsError
        nextHours = warnings.nextHours
        nextHoursError = warnings.nextHoursError
        sky = SkyView(place: place, now: now)
        sun = SunItem(sky, zone: zone)
        moon = MoonItem(sky, zone: zone)
        guard let report = weather.report else { return }
        self.source = source
        fetchedAt = weather.fetchedAt
        stale = weather.stale
        let local = { (date: Date?) in date.map { LocalTime.iso8601($0, in: zone) } }
        let c = report.current
        current = Current(
            observedAt: LocalTime.iso8601(report.observedAt, in: zone), temperature: format.temperature(c.temperature),
            feelsLike: format.temperature(c.feelsLike), humidity: format.whole(c.humidity), pressure: format.tenth(c.pressure),
            windSpeed: format.wind(c.windSpeed), windDirection: format.whole(c.windDirection), windGust: format.wind(c.windGust),
            windCompass: c.windDirection.map { CompassPoint(degrees: $0).rawValue }, visibility: format.whole(c.visibility),
            cloudCover: format.whole(c.cloudCover), precipitation: format.tenth(c.precipitation),
            condition: c.condition.map(format.describe),
            symbol: c.condition?.symbol(isDay: c.isDay), isDay: c.isDay, sunrise: local(sky.sun.sunrise), sunset: local(sky.sun.sunset))
        airQuality = report.airQuality.map { AirQualityItem($0, scale: format.airScale(countryCode: place.countryCode), zone: zone, format: format) }
        yesterday = YesterdayItem(report, now: now, format: format)
        normal = NormalItem(report, normals: weather.normals, now: now, format: format)
        hourly = report.comingHours(span.hours, from: now).map { h in
            Hour(
                time: LocalTime.iso8601(h.time, in: zone), temperature: format.temperature(h.temperature),
                feelsLike: format.temperature(h.feelsLike), humidity: format.whole(h.humidity),
                precipitationProbability: format.whole(h.precipitationProbability), precipitation: format.tenth(h.precipitation),
                windSpeed: format.wind(h.windSpeed), windDirection: format.whole(h.windDirection),
                condition: h.condition.map(format.describe), symbol: h.condition?.symbol(isDay: h.isDay))
        }
        daily = report.comingDays(span.days, from: now).map { d in
            let sun = SkyView.sun(on: d.date, place: place, zone: zone)
            return Day(
                date: d.date, min: format.temperature(d.minimum), max: format.temperature(d.maximum),
                condition: d.condition.map(format.describe), symbol: d.condition?.symbol(isDay: true), precipitation: format.tenth(d.precipitation),
                precipitationProbability: format.whole(d.precipitationProbability), uvIndexMax: format.whole(d.uvIndexMax),
                uvCategory: d.uvIndexMax.map(UVCategory.init(index:)), sunrise: local(sun?.sunrise), sunset: local(sun?.sunset))
        }
    }

    // MARK: - Text

    package var rowCount: Int { 1 }

    package func rows(_ range: Range<Int>, words: CommandFaceWords, format: WeatherFormat?) -> [ReportRow] {
        guard range.contains(0) else { return [] }
        let format = format.map { var fixed = $0; fixed.emoji = self.format.emoji; fixed.airScales = self.format.airScales; return fixed } ?? self.format
        return [ReportRow(place: place, position: position ?? 0, weather: weather, format: format, words: words, now: now)]
    }

    /// The chart's axis labels: whole degrees, or tenths where the whole
    /// degrees of its top and bottom would read the same ("26°F" twice).
    static func chartLabel(_ hours: [HourlyForecast], _ format: WeatherFormat) -> (Double) -> String {
        let values = hours.compactMap { format.converted($0.temperature) }
        guard let low = values.min(), let high = values.max(), high > low,
              format.text(displayed: low) == format.text(displayed: high) else { return { format.text(displayed: $0) } }
        return { format.text(displayed: $0, decimals: 1) }
    }

    /// A sentence as wide as the window (its indent aside): one longer wraps
    /// rather than being cut ("cannot talk to 127.0.0.1" read "…talk to 1").
    static func sentence(_ text: String, _ out: TextStyle) -> [String] {
        out.columns.map { DisplayWidth.wrap(text, width: max(20, $0 - 2)) } ?? [text]
    }

    package func text(_ style: CommandStyle) -> [String] {
        let out = style
        let words = style.words
        let report = self
        let zone = LocalTime.zone(place.timeZone)
        let clock = { (date: Date) in format.reading(date, in: zone) }
        var lines: [String] = []
        // The name as shown, and the city's name in another language when it differs.
        // Seoul#2 where another saved place has its label, as `list` says it.
        var title = words.address(place)
        if let city = place.geonamesID.flatMap({ words.gazetteer.city(id: $0) }) {
            if let other = words.otherName(of: city, shownAs: words.name(place), typed: typed) { title += " (\(SafeText.clean(other)))" }
        }
        let whereInList = if let position, let count { words.position(position, of: count) } else { words.notSaved }
        lines.append(out.bold(title) + out.dim("  " + whereInList))
        // A place named by its coordinates has no region or country: the coordinate alone.
        let region = words.region(countryCode: place.countryCode, admin1: place.admin1)
        lines.append("  " + (region.isEmpty ? "" : region + " · ") + place.coordinate.description)
        lines.append("  " + words.dateTime(clock(now)) + " · \(SafeText.clean(zone.identifier, maxLength: 64)) (UTC\(report.utcOffset))")

        // What a weather app says first: the warnings in force, then the next two hours.
        let warnings = WarningsView(weather, now: now)
        lines.append("")
        lines += WarningsText.section(warnings, place: place, zone: zone, format: format, style: out.text, now: now, compact: compactWarnings)
        lines += WarningsText.nextHours(warnings, error: weather.nextHoursError, zone: zone, format: format, style: out.text)

        guard let data = weather.report else {
            lines.append("")
            if let error = weather.error {
                lines += Self.sentence(words.noWeather(error), out.text).map { out.red("  " + $0) }
            } else if fetching {
                lines.append("  " + words.fetchingItsWeather)
            } else {
                lines.append("  " + (saved ? words.noWeatherCached : words.nothingCachedUnsaved))
            }
            return lines
        }
        let c = data.current
        lines.append("")
        lines.append("  \(format.symbol(c.condition, isDay: c.isDay))  \(format.describe(c.condition))  " + out.bold(format.temperatureText(c.temperature))
                     + "  " + words.feelsLike(format.temperatureText(c.feelsLike)))
        // Folded at the width, as every sentence: a narrow terminal never breaks "(1991–2020: …)" itself.
        for against in [format.againstYesterday(data, now: now), format.againstNormal(data, normals: weather.normals, now: now)].compactMap({ $0 }) {
            lines += Self.sentence(against, out.text).map { "  " + $0 }
        }
        var facts = TextTable(headers: ["", "", "", ""])
        let time = { (date: Date?) in date.map { words.time(clock($0)) } ?? "–" }
        facts.rows = [
            [words.humidity, format.percent(c.humidity), words.wind, format.windText(c.windSpeed, direction: c.windDirection)],
            [words.pressure, format.pressureText(c.pressure), words.gusts, c.windGust == nil ? "–" : format.windText(c.windGust, direction: nil)],
            [words.clouds, format.percent(c.cloudCover), words.visibility, format.visibilityText(c.visibility)],
            // The computed sun, as everywhere; a polar day or night has no sunrise: the sky's words say it below.
            [words.precipitation, format.millimetresText(c.precipitation), words.sunriseSunset,
             sky.sun.polar == nil ? "\(time(sky.sun.sunrise)) / \(time(sky.sun.sunset))" : "–"],
            [words.uvIndex, words.uv(data.today(now: now)?.uvIndexMax), words.airQuality,
             words.air(data.airQuality, scale: format.airScale(countryCode: place.countryCode), error: weather.airQualityError)],
        ]
        var rendered = facts.render().dropFirst().map { "  " + $0 }
        if let width = out.columns, rendered.contains(where: { DisplayWidth.of($0) > width }) {
            // Too narrow for the facts side by side (the air line wrapped at 60 columns): one under the other.
            // A value still too long (the air: index, then particles) goes on in lines of its own, at its " · ".
            let pairs = facts.rows.map { Array($0.prefix(2)) } + facts.rows.map { Array($0.suffix(2)) }
            let labelWidth = pairs.map { DisplayWidth.of($0[0]) }.max() ?? 0
            var stacked = TextTable(headers: ["", ""])
            for pair in pairs {
                guard 2 + labelWidth + 2 + DisplayWidth.of(pair[1]) > width, pair[1].contains(" · ") else {
                    stacked.rows.append(pair)
                    continue
                }
                let parts = pair[1].components(separatedBy: " · ")
                stacked.rows.append([pair[0], parts[0]])
                stacked.rows += parts.dropFirst().map { ["", "· " + $0] }
            }
            rendered = stacked.render().dropFirst().map { "  " + $0 }
        }
        lines += rendered
        // Pollen where the service counts them (Europe, in season): a line of its own under the air, its label in the
        // labels' column (a row of the grid would widen its first column); nothing elsewhere.
        if let pollen = AirText.pollen(data.airQuality?.pollen, words: words) {
            let labels = facts.rows.map { DisplayWidth.of($0[0]) }.max() ?? 0
            let label = words.pollen + String(repeating: " ", count: max(0, labels - DisplayWidth.of(words.pollen)))
            lines += Self.sentence(label + "  " + pollen, out.text).map { "  " + $0 }
        }
        if let fetchedAt = weather.fetchedAt {
            let age = words.age(fetchedAt, now: now)
            if let error = weather.error {
                lines += Self.sentence(words.staleBecause(age, error), out.text).map { out.red("  " + $0) }
            } else {
                lines.append(out.dim("  " + (weather.stale ? words.staleNote(age) : words.capitalised(age))))
            }
            // The app's page while its latest is on the way.
            if fetching, !summaryOnly { lines.append(out.dim("  " + words.fetchingTheLatest)) }
        }
        if summaryOnly {
            lines.append(
                weather.error != nil ? out.red("  " + words.hoursAndDaysNotFetched)
                    : out.dim("  " + (fetching ? words.fetchingHoursAndDays : words.hoursAndDaysNotCached)))
        }
        // The sun and the moon, after how old the weather is (theirs is computed now).
        lines.append("")
        lines += SkyText.lines(sky, zone: zone, format: format, style: out.text)

        let hours = data.comingHours(span.hours, from: now)
        if !hours.isEmpty {
            lines.append("")
            // As many hours as asked, or as the steps there are cover (43 of 48; OpenWeatherMap's 8 steps are 24 hours).
            let step = hours.count > 1 ? max(1, SafeNumber.rounded(hours[1].time.timeIntervalSince(hours[0].time) / 3600) ?? 1) : 1
            lines.append(out.bold(words.nextHours(min(span.hours, hours.count * step))))
            var table = TextTable(headers: words.hourHeaders, alignments: [.left, .left, .right, .right, .right, .left])
            // The day is shown where it changes: "Mon 00:00" after "23:00".
            var day = clock(now).date
            for hour in hours {
                let reading = clock(hour.time)
                let time = reading.date == day ? words.time(reading) : words.weekdayTime(reading)
                day = reading.date
                table.append([
                    time, format.symbol(hour.condition, isDay: hour.isDay),
                    format.temperatureText(hour.temperature), format.temperatureText(hour.feelsLike),
                    format.percent(hour.precipitationProbability), format.windText(hour.windSpeed, direction: hour.windDirection),
                ])
            }
            lines += table.render(out.placement(indent: 2)).map { "  " + $0 }
            let chart = span.chart && hours.count >= 3
                ? TextChart.render(hours.map { format.converted($0.temperature) }, height: 8, label: Self.chartLabel(hours, format)) : []
            if !chart.isEmpty {
                lines.append("")
                lines += chart.map { "  " + $0 }
                let axisIndent = String(repeating: " ", count: (chart.first?.firstIndex(of: "┤")?.utf16Offset(in: chart[0]) ?? 0) + 3)
                var axis = ""
                for (i, hour) in hours.enumerated() where i % 6 == 0 {
                    let label = "^" + String(format: "%02d", clock(hour.time).hour)
                    axis += String(repeating: " ", count: max(0, i - axis.count)) + label
                }
                lines.append(axisIndent + axis)
            }
        }

        let days = data.comingDays(span.days, from: now)
        if !days.isEmpty {
            lines.append("")
            lines.append(out.bold(words.comingDays))
            var table = TextTable(headers: words.dayHeaders, alignments: [.left, .left, .left, .right, .right, .right])
            for day in days {
                let label = CivilDate(iso: day.date).map(words.day) ?? SafeText.clean(day.date, maxLength: 20)
                table.append([
                    label, format.symbol(day.condition, isDay: true), format.describe(day.condition),
                    format.temperatureText(day.minimum), format.temperatureText(day.maximum),
                    day.precipitationProbability.map { format.percent($0) } ?? format.millimetresText(day.precipitation),
                ])
            }
            lines += table.render(out.placement(indent: 2)).map { "  " + $0 }
        }
        if let source {
            lines.append("")
            // A nowcast shown is credited as the weather is (MET's licence asks it).
            let nowcast = (warnings.outlook?.kind == .nowcast ? warnings.nextHours.map { WarningsView.credit($0.source) } : nil)
                .flatMap { $0 == source.attribution ? nil : $0 }
            let parts = words.weatherCredits(source, nextHours: nowcast, air: data.airQuality != nil, normals: normal != nil)
            let credit = "  " + parts.joined(separator: words.creditSeparator)
            // On a narrow terminal each part goes on its own line rather than wrap mid-word.
            if let width = out.columns, DisplayWidth.of(credit) > width, parts.count > 1 {
                let separator = words.creditSeparator.trimmingCharacters(in: .whitespaces)
                lines += parts.enumerated().map { index, part in out.dim("  " + part + (index < parts.count - 1 ? separator : "")) }
            } else {
                lines.append(out.dim(credit))
            }
        }
        if shortened { lines.append(out.dim("  " + words.showMore)) }
        return lines
    }
}
