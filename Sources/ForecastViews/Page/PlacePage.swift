import ForecastCore
import ForecastKit
import ForecastGazetteer
import Foundation

/// A place's page as a weather app lays it out, as values: the head (name,
/// local time, the temperature set large, condition, feels-like, today's high
/// and low), the banner (the most severe warning and the next two hours), the
/// hours' strip with sunrise and sunset between them, the days with their
/// ranges, and the cards. Built once from the same weather `show` prints and
/// drawn by `PageLayout` for the app's detail and for `show` on a terminal.
package struct PlacePage: Sendable {
    /// A run of text and how it looks.
    package struct Piece: Sendable, Equatable {
        package var text: String
        package var look: Frame.Look
        package init(_ text: String, _ look: Frame.Look = .plain) {
            self.text = text
            self.look = look
        }
    }

    package typealias Line = [Piece]

    package struct Head: Sendable {
        package var name: String
        /// What tells it from a namesake: the region and country, or the coordinate.
        package var aside: String
        /// "3 / 12" in the saved list, or "not saved".
        package var position: String
        package var localTime: String
        /// The whole number shown (the big figure), its text with the unit ("12°C") and its colour.
        package var figure: Int?
        package var temperature: String?
        package var unit: String
        package var colour: Frame.Colour?
        package var symbol: String
        package var condition: String?
        package var feelsLike: String?
        package var highLow: Line?
        /// How old the weather is ("Updated 3 min ago"), where no note says it already.
        package var age: String?
        /// Today against yesterday and against the usual (1991–2020).
        package var context: [String] = []
    }

    package struct Banner: Sendable {
        package var level: WarningLevel?
        /// "⚠ moderate (orange) · Wind · until Thu 18:00", and how many more there are.
        package var warning: Line?
        package var more: Int = 0
        /// Which of the place's warnings (as `w` steps through them) the banner shows.
        package var index = 0
        /// The next two hours: its bar and sentence.
        package var nextHours: Line?
        package var isEmpty: Bool { warning == nil && nextHours == nil }
    }

    package struct HourCell: Sendable, Equatable {
        package enum Kind: Sendable, Equatable { case hour, sunrise, sunset }
        package var kind: Kind
        package var time: Date
        package var label: String
        /// Its time in full ("14:00", "2:00 PM"): a day's hours list them so.
        package var clock: String
        package var symbol: String
        package var temperature: String
        package var colour: Frame.Colour?
        /// "40%" where the chance is known and 10 % or more (as weather apps show it); "" otherwise.
        package var chance: String
        /// The °C of the number shown, the chance as a whole percent and the local hour: the hours' chart.
        package var celsius: Double?
        package var chancePercent: Int?
        package var hour: Int
    }

    /// A chance of precipitation as the page shows it: from 10 %, the whole percent; below, nothing.
    static func chance(_ value: Double?) -> String {
        value.flatMap { SafeNumber.rounded($0) }.map { $0 >= shownChance ? "\($0)%" : "" } ?? ""
    }

    /// The smallest chance the strip and the days show (below it a weather app shows none).
    package static let shownChance = 10

    package struct DayRow: Sendable, Equatable {
        package var date: String
        package var label: String
        package var symbol: String
        package var chance: String
        package var low: String
        package var high: String
        /// The shown numbers in °C: the bar's ends and colours.
        package var lowCelsius: Double?
        package var highCelsius: Double?
        /// Today: the current temperature's place on its bar.
        package var nowCelsius: Double?
    }

    package struct Card: Sendable, Equatable {
        package var title: String
        package var value: Line
        package var details: [String]
    }

    package var head: Head
    package var banner: Banner
    /// Why there is no weather, how old it is, that it is being fetched: lines under the head.
    package var notes: [Line]
    package var hours: [HourCell]
    package var days: [DayRow]
    /// The lowest low and highest high of the days shown (°C as shown): where each bar lies.
    package var week: ClosedRange<Double>?
    package var cards: [Card]
    package var credits: [String]
    /// Symbols in ASCII (`FORECAST_ASCII`, `TERM=dumb`): the bars are drawn in ASCII too.
    package let ascii: Bool
    /// The keys of the hours of a day, by its date (`Enter` on a day).
    private let report: WeatherReport?
    private let format: WeatherFormat
    private let zone: TimeZone
    private let now: Date
    private let coordinate: Coordinate

    /// How many hours the strip can hold at most (two days).
    package static let stripHours = 48
    /// Days shown at most, as many as the provider gives.
    package static let mostDays = 10

    package init(
        place: Place, weather: PlaceWeather, settings: Settings, format: WeatherFormat, now: Date, position: Int, count: Int,
        saved: Bool = true, source: SourceItem? = nil, fetching: Bool = false, summaryOnly: Bool = false, typed: String? = nil
    ) {
        let words = format.words
        let zone = LocalTime.zone(place.timeZone)
        self.format = format
        ascii = !format.emoji
        self.zone = zone
        self.now = now
        self.report = weather.report
        coordinate = place.coordinate
        let clock = { (date: Date) in format.reading(date, in: zone) }
        let region = words.region(countryCode: place.countryCode, admin1: place.admin1)
        let report = weather.report
        let c = report?.current
        let today = report?.today(now: now)
        let colour = { (celsius: Double?) in TemperatureColours.colour(celsius, shownBy: format) }

        // The head.
        var highLow: Line?
        if let today, today.maximum != nil || today.minimum != nil {
            let text = words.highLow(high: "\u{1}", low: "\u{2}")
            var line: Line = []
            var rest = Substring(text)
            while !rest.isEmpty {
                guard let mark = rest.firstIndex(where: { $0 == "\u{1}" || $0 == "\u{2}" }) else { line.append(Piece(String(rest))); break }
                if mark > rest.startIndex { line.append(Piece(String(rest[..<mark]))) }
                let high = rest[mark] == "\u{1}"
                let value = high ? today.maximum : today.minimum
                line.append(Piece(format.temperatureText(value), Frame.Look(bold: true, colour: colour(value))))
                rest = rest[rest.index(after: mark)...]
            }
            highLow = line
        }
        let shown = format.temperature(c?.temperature).flatMap(ShownNumber.whole).flatMap { SafeNumber.rounded($0) }
        var context: [String] = []
        if let report {
            context = [format.againstYesterday(report, now: now), format.againstNormal(report, normals: weather.normals, now: now)]
                .compactMap { $0 }
        }
        // The name as shown, and beside it what a label stands for, or the name the user typed in another language.
        var name = words.address(place)
        if let city = place.geonamesID.flatMap({ words.gazetteer.city(id: $0) }) {
            if let other = words.otherName(of: city, shownAs: words.name(place), typed: typed) { name += " (\(SafeText.clean(other)))" }
        }
        head = Head(
            name: name, aside: region.isEmpty ? place.coordinate.description : region,
            position: saved ? words.position(position, of: count) : words.notSaved,
            localTime: words.dateTime(clock(now)), figure: report == nil ? nil : shown,
            temperature: c.map { format.temperatureText($0.temperature) }, unit: format.temperatureUnit.symbol,
            colour: colour(c?.temperature), symbol: report == nil ? "" : format.symbol(c?.condition, isDay: c?.isDay),
            condition: report == nil ? nil : format.describe(c?.condition),
            feelsLike: c?.feelsLike.map { words.feelsLike(format.temperatureText($0)) }, highLow: highLow, context: context)

        // The banner: the most severe warning, then the next two hours.
        let view = WarningsView(weather, now: now)
        banner = Banner()
        // The warning that leads (`Warnings.ordered`: the most severe in force or beginning within a day; its window says from when).
        if let first = view.warnings.first {
            let levelLook = Frame.Look(bold: true, colour: LevelColours.warning(first.level))
            banner.level = first.level
            banner.warning = [
                Piece(WarningsText.head(first.level, words: words, emoji: format.emoji), levelLook), Piece(" · "),
                Piece(SafeText.clean(first.event, maxLength: 80), Frame.Look(bold: true)),
                Piece(" · " + Self.window(first, zone: zone, format: format, now: now)),
            ]
            banner.more = view.warnings.count - 1
            banner.index = view.warnings.firstIndex(of: first) ?? 0
        }
        if let outlook = view.outlook {
            let strip = outlook.strip.map { $0.bar(ascii: !format.emoji) }.joined()
            let sentence = words.nextHoursSentence(outlook, snow: view.snow) { words.time(format.reading($0, in: zone)) }
            banner.nextHours = [Piece(strip, Frame.Look(colour: PageLayout.rain))]
                .filter { !$0.text.isEmpty } + [Piece((strip.isEmpty ? "" : "  ") + sentence)]
        } else if let error = weather.nextHoursError {
            banner.nextHours = [Piece(words.nextHoursFailed(error), Frame.Look(dim: true))]
        }

        // What the weather shown is: none and why, its age, that the latest is coming.
        var notes: [Line] = []
        if report == nil {
            if let error = weather.error {
                notes.append([Piece(words.noWeather(error), Frame.Look(red: true))])
            } else if fetching {
                notes.append([Piece(words.fetchingItsWeather, Frame.Look(dim: true))])
            } else {
                notes.append([Piece(saved ? words.noWeatherCached : words.nothingCachedUnsaved, Frame.Look(dim: true))])
            }
        } else if let fetchedAt = weather.fetchedAt {
            let age = words.age(fetchedAt, now: now)
            if let error = weather.error {
                notes.append([Piece(words.staleBecause(age, error), Frame.Look(red: true))])
            } else if weather.stale {
                notes.append([Piece(words.staleNote(age), Frame.Look(dim: true))])
            }
            if fetching, !summaryOnly { notes.append([Piece(words.fetchingTheLatest, Frame.Look(dim: true))]) }
            // Kept whole where the line folds ("· Updated" and "just now" never apart).
            if weather.error == nil, !weather.stale { head.age = words.capitalised(age).replacingOccurrences(of: " ", with: "\u{A0}") }
        }
        if summaryOnly {
            notes.append(
                weather.error != nil ? [Piece(words.hoursAndDaysNotFetched, Frame.Look(red: true))]
                    : [Piece(fetching ? words.fetchingHoursAndDays : words.hoursAndDaysNotCached, Frame.Look(dim: true))])
        }
        self.notes = notes

        // The hours, with the sun's rising and setting between them.
        let coming = report?.comingHours(Self.stripHours, from: now) ?? []
        hours = Self.cells(coming, report: report, format: format, zone: zone, coordinate: place.coordinate, now: now, first: words.pageNow)

        // The days.
        let days = report?.comingDays(Self.mostDays, from: now) ?? []
        let todayDate = ClockReading(now, utcOffset: zone.secondsFromGMT(for: now)).date
        self.days = days.map { day in
            let date = CivilDate(iso: day.date)
            let label = date.map { $0 == todayDate ? words.pageToday : words.weekday($0) } ?? SafeText.clean(day.date, maxLength: 10)
            let chance = Self.chance(day.precipitationProbability)
            return DayRow(
                date: day.date, label: label, symbol: format.symbol(day.condition, isDay: true), chance: chance,
                low: format.temperatureText(day.minimum), high: format.temperatureText(day.maximum),
                lowCelsius: TemperatureColours.shownCelsius(day.minimum, format: format),
                highCelsius: TemperatureColours.shownCelsius(day.maximum, format: format),
                nowCelsius: date == todayDate ? TemperatureColours.shownCelsius(c?.temperature, format: format) : nil)
        }
        let ends = self.days.flatMap { [$0.lowCelsius, $0.highCelsius, $0.nowCelsius].compactMap { $0 } }
        week = ends.min().flatMap { low in ends.max().map { low...$0 } }

        // The cards.
        var cards: [Card] = []
        let sky = SkyView(place: place, now: now)
        if let uv = today?.uvIndexMax, let whole = ShownNumber.whole(uv).flatMap({ SafeNumber.rounded($0) }) {
            let band = UVCategory(index: Double(whole))
            cards.append(Card(
                title: words.cardUV,
                value: [Piece("\(whole)", Frame.Look(bold: true, colour: LevelColours.uv(band))), Piece(" " + words.uvCategory(band))],
                details: [words.uvTodaysHighest]))
        }
        if let air = report?.airQuality {
            let scale = format.airScale(countryCode: place.countryCode)
            if let grade = AirGrade(air, scale: scale) {
                let look = Frame.Look(bold: true, colour: LevelColours.air(grade))
                let value: Line = grade.scale == .kr
                    ? [Piece(words.airGrade(grade.name), look)]
                    : [Piece("\(grade.value)", look), Piece(" " + words.airGrade(grade.name))]
                let particles = AirText.parts(air, scale: scale, grade: { _ in "" }, pm10: "PM10", pm2_5: "PM2.5").filter { !$0.isEmpty }
                cards.append(Card(title: words.cardAir, value: value, details: [words.airScale(grade.scale)] + particles.prefix(2)))
            }
        }
        if let c, c.windSpeed != nil {
            let arrow = c.windDirection.map { Self.arrow(towards: $0 + 180) + " " } ?? ""
            var details: [String] = []
            if let gust = c.windGust { details.append(words.gusts(format.windText(gust, direction: nil))) }
            cards.append(Card(
                title: words.cardWind, value: [Piece(arrow), Piece(format.windText(c.windSpeed, direction: c.windDirection), Frame.Look(bold: true))],
                details: details))
        }
        do {
            // A time kept whole where a card folds ("7:24 AM", never "7:24" and "AM").
            let time = { (date: Date?) in date.map { words.time(clock($0)).replacingOccurrences(of: " ", with: "\u{A0}") } }
            var value: Line
            var details: [String] = []
            if let polar = sky.sun.polar {
                value = [Piece(words.polar(polar))]
            } else {
                value = [Piece("↑ " + (time(sky.sun.sunrise) ?? "–"), Frame.Look(bold: true)), Piece("  "),
                         Piece("↓ " + (time(sky.sun.sunset) ?? "–"), Frame.Look(bold: true))]
                // Dawn and dusk a line each: a card is narrow.
                for twilight in [(time(sky.sun.civilDawn), nil), (nil, time(sky.sun.civilDusk))] {
                    let text = words.sunTimes(dawn: twilight.0, sunrise: nil, sunset: nil, dusk: twilight.1)
                    if !text.isEmpty { details.append(text) }
                }
                if sky.sun.sunrise != nil, sky.sun.sunset != nil, let minutes = SafeNumber.rounded(sky.sun.length / 60) {
                    details.append(words.dayLengthShort(minutes: minutes))
                }
            }
            cards.append(Card(title: words.cardSun, value: value, details: details))
        }
        cards.append(Card(
            title: words.cardMoon,
            value: [Piece(format.emoji ? SkyView.symbol(sky.moon.name) + " " : ""), Piece(words.moonPhase(sky.moon.name), Frame.Look(bold: true))],
            details: [words.moonLit("\(sky.moon.percent)%")]))
        if let c, let humidity = c.humidity {
            let dew = DewPoint.celsius(temperature: c.temperature, humidity: humidity)
            cards.append(Card(
                title: words.cardHumidity, value: [Piece(format.percent(humidity), Frame.Look(bold: true))],
                details: dew.map { [words.dewPoint(format.temperatureText($0))] } ?? []))
        }
        // The pressure and its 3-hour tendency (↑ ↓ →), said in words too, where the hours carry the pressure.
        if let c, let report, c.pressure != nil || report.hourly.contains(where: { $0.pressure != nil }) {
            let tendency = PressureTendency(report, now: now)
            var value: Line = [Piece(format.pressureText(c.pressure ?? report.comingHours(1, from: now).first?.pressure), Frame.Look(bold: true))]
            if let tendency { value.append(Piece(" " + tendency.trend.arrow, Frame.Look(bold: true))) }
            cards.append(Card(
                title: words.cardPressure, value: value,
                details: tendency.map { [words.pressureTrend($0.trend, past: $0.past)] } ?? []))
        }
        if let c, c.visibility != nil {
            cards.append(Card(title: words.cardVisibility, value: [Piece(format.visibilityText(c.visibility), Frame.Look(bold: true))], details: []))
        }
        if let today, today.precipitation != nil || today.precipitationProbability != nil {
            var details: [String] = []
            if let chance = today.precipitationProbability { details.append(words.chanceOf(format.percent(chance))) }
            cards.append(Card(
                title: words.cardPrecipitation,
                value: [Piece(words.precipitationToday(format.millimetresText(today.precipitation ?? 0)), Frame.Look(bold: true))], details: details))
        }
        self.cards = report == nil ? [] : cards

        // Whose weather it is.
        if let source, let report {
            let nowcast = (view.outlook?.kind == .nowcast ? view.nextHours.map { WarningsView.credit($0.source) } : nil)
                .flatMap { $0 == source.attribution ? nil : $0 }
            let normal = NormalItem(report, normals: weather.normals, now: now, format: format)
            let parts = words.weatherCredits(source, nextHours: nowcast, air: report.airQuality != nil, normals: normal != nil)
            credits = [parts.joined(separator: words.creditSeparator)]
        } else {
            credits = []
        }
    }

    /// The steps as the strip's cells, the first called "Now", with a cell for
    /// each sunrise and sunset that falls between the first and the last.
    static func cells(
        _ steps: [HourlyForecast], report: WeatherReport?, format: WeatherFormat, zone: TimeZone, coordinate: Coordinate, now: Date,
        first: String?
    ) -> [HourCell] {
        guard let start = steps.first?.time, let end = steps.last?.time else { return [] }
        let words = format.words
        var events: [(Date, HourCell.Kind)] = []
        // The sun's times of each day the steps cover, computed as everywhere (`SkyView.sun`).
        var day = ClockReading(start, utcOffset: zone.secondsFromGMT(for: start)).date
        let last = ClockReading(end, utcOffset: zone.secondsFromGMT(for: end)).date
        var guardDays = 0
        while day.daysSince1970 <= last.daysSince1970, guardDays < 40 {
            guardDays += 1
            let noon = Date(timeIntervalSince1970: Double(day.daysSince1970 * 86_400 + 43_200))
            let sun = Sun.day(day, at: coordinate, utcOffset: zone.secondsFromGMT(for: noon))
            if sun.polar == nil {
                if let rise = sun.sunrise { events.append((rise, .sunrise)) }
                if let set = sun.sunset { events.append((set, .sunset)) }
            }
            day = CivilDate(daysSince1970: day.daysSince1970 + 1)
        }
        events = events.filter { $0.0 > start && $0.0 < end.addingTimeInterval(3600) }.sorted { $0.0 < $1.0 }
        var cells: [HourCell] = []
        var pending = events[...]
        for (index, step) in steps.enumerated() {
            while let event = pending.first, event.0 <= step.time {
                pending.removeFirst()
                cells.append(Self.sun(event.0, event.1, format: format, zone: zone))
            }
            let reading = format.reading(step.time, in: zone)
            let label = index == 0 && step.time <= now ? (first ?? words.time(reading)) : Self.hourLabel(reading, words: words)
            let chance = Self.chance(step.precipitationProbability)
            cells.append(HourCell(
                kind: .hour, time: step.time, label: label, clock: words.time(reading), symbol: format.symbol(step.condition, isDay: step.isDay),
                temperature: Self.short(format.temperatureText(step.temperature), format: format),
                colour: TemperatureColours.colour(step.temperature, shownBy: format), chance: chance,
                celsius: TemperatureColours.shownCelsius(step.temperature, format: format),
                chancePercent: step.precipitationProbability.flatMap { SafeNumber.rounded($0) }, hour: reading.hour))
        }
        for event in pending where event.0 < end.addingTimeInterval(3600) {
            cells.append(Self.sun(event.0, event.1, format: format, zone: zone))
        }
        return cells
    }

    /// A temperature in the strip: "12°" (the unit is the head's); kelvin keeps its K (there is no degree).
    static func short(_ text: String, format: WeatherFormat) -> String {
        format.temperatureUnit == .kelvin ? text : text.replacingOccurrences(of: format.temperatureUnit.symbol, with: "°")
    }

    /// An hour as the strip labels it: "14" on a 24-hour clock, "2PM" on a 12-hour one; midnight
    /// is the new day's name ("Fri", "금"), so the strip says where a day begins.
    static func hourLabel(_ reading: ClockReading, words: ViewWords) -> String {
        if reading.hour == 0 && reading.minute < 30 { return words.weekday(reading.date) }
        var hour = reading
        hour.minute = 0
        let time = words.time(hour)
        guard reading.clock == .h24 else { return time.replacingOccurrences(of: ":00", with: "") }
        return time.hasSuffix(":00") ? String(time.dropLast(3)) : time
    }

    static func sun(_ time: Date, _ kind: HourCell.Kind, format: WeatherFormat, zone: TimeZone) -> HourCell {
        let words = format.words
        let symbol = format.emoji ? (kind == .sunrise ? "🌅" : "🌇") : (kind == .sunrise ? "^" : "v")
        return HourCell(
            kind: kind, time: time, label: format.time(time, in: zone), clock: format.time(time, in: zone), symbol: symbol,
            temperature: kind == .sunrise ? words.sunriseShort : words.sunsetShort, colour: nil, chance: "", celsius: nil, chancePercent: nil,
            hour: format.reading(time, in: zone).hour)
    }

    /// When a warning is: "until Sat 20 Jul 20:00" for one under way, its whole window for one to come.
    static func window(_ warning: WeatherWarning, zone: TimeZone, format: WeatherFormat, now: Date) -> String {
        let words = format.words
        guard (warning.onset ?? .distantPast) <= now, let end = warning.over else {
            return WarningsText.window(warning, zone: zone, format: format, words: words)
        }
        let reading = format.reading(end, in: zone)
        return words.warningWindow(from: nil, until: words.day(reading.date) + " " + words.time(reading))
    }

    /// An arrow pointing where a wind goes (its direction plus 180°), in eight directions.
    static func arrow(towards degrees: Double) -> String {
        guard degrees.isFinite else { return "" }
        let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]
        let index = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5).truncatingRemainder(dividingBy: 360)) / 45) % 8
        return arrows[index]
    }

    /// The last hour the forecast has, as a day and time ("Sun 29 Nov 10:00"): a day's hours reach no further.
    package var lastHour: String? {
        guard let last = report?.hourly.map(\.time).max() else { return nil }
        let reading = format.reading(last, in: zone)
        return format.words.day(reading.date) + " " + format.words.time(reading)
    }

    /// The hours of the day at `index` of `days`, for its own view (`Enter` on a day).
    package func hours(ofDay index: Int) -> [HourCell] {
        guard let report, days.indices.contains(index) else { return [] }
        let date = days[index].date
        let steps = report.hourly.sorted { $0.time < $1.time }.filter {
            ClockReading($0.time, utcOffset: zone.secondsFromGMT(for: $0.time)).date.iso == date
        }
        return Self.cells(steps, report: report, format: format, zone: zone, coordinate: coordinate, now: now, first: nil)
    }
}
