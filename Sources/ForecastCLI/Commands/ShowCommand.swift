import ArgumentParser
import ForecastCore
import ForecastKit
import ForecastGazetteer
import ForecastStore
import Foundation

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one place's weather in detail, and remember it as the last viewed.",
        discussion: """
            The place, its local time; the current conditions; the next 24 hours with
            a temperature chart; and the coming days' lows and highs, all in the
            place's own time zone. Without a place, shows the last one viewed (the
            first place at the start). --next and --previous page through the list in
            its current order and wrap around at the ends.

            Examples:
              $ forecast show Seoul
              $ forecast show 2
              $ forecast show              # the last viewed place
              $ forecast show --next
              $ forecast show --previous --format json
              $ forecast show 서울 --lang ko --offline
            """
    )

    @Argument(help: "The place: its number, name or the start of its name.")
    var place: String?

    @Flag(name: .long, help: "Show the place after the last viewed one.")
    var next = false

    @Flag(name: .long, help: "Show the place before the last viewed one.")
    var previous = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: ReportFormatOption
    @OptionGroup var weatherOptions: WeatherOptions
    @OptionGroup var language: LanguageOption

    func validate() throws {
        if next && previous { throw ValidationError(Words.current.usage(.nextAndPrevious)) }
        if place != nil && (next || previous) { throw ValidationError(Words.current.usage(.placeAndPaging)) }
    }

    func run() async throws {
        guard let store = try self.store.openExisting() else { throw InputError.nothingSaved }
        let saved = SavedPlaces(store: store, context: CommandContext.current.app)
        let target: SavedPlaces.ViewTarget =
            if let place { .reference(place) } else if next { .next } else if previous { .previous } else { .lastViewed }
        let (place, index, count) = try saved.view(target)
        var (outcome, weatherSettings) = try await WeatherSession.weather(
            for: [place], detail: .full, options: weatherOptions, store: store)
        let settings = try store.settings()
        let format = WeatherFormat(
            temperatureUnit: settings.temperatureUnit, windUnit: settings.windUnit, korean: weatherSettings.korean)
        let context = CommandContext.current
        try context.render(
            ShowOutput(
                place: place, position: index + 1, count: count, weather: outcome.weather[place.id] ?? PlaceWeather(),
                settings: settings, format: format, now: context.app.clock()),
            as: output)
        // Only now, with the place shown, is it the last viewed.
        if !outcome.cancelled {
            do { try saved.recordViewed(place) } catch {
                outcome.notSaved = outcome.notSaved ?? StoreError.wrapping(error)
            }
        }
        try WeatherSession.finish(outcome, places: 1)
    }

    /// The forecast steps of the next 24 hours, from the current hour on: 24
    /// hourly steps, or 8 of OpenWeatherMap's 3-hour ones (never 24 of those,
    /// which span three days). A report that has aged past them all still shows
    /// its last day rather than nothing.
    static func nextHours(_ report: WeatherReport, from now: Date) -> [HourlyForecast] {
        let steps = report.hourly.sorted { $0.time < $1.time }
        let spacing = zip(steps, steps.dropFirst()).map { $1.time.timeIntervalSince($0.time) }.min() ?? 3600
        let start = now.addingTimeInterval(-max(3600, spacing))
        let upcoming = steps.filter { $0.time > start && $0.time < start.addingTimeInterval(24 * 3600 + 1) }
        guard upcoming.isEmpty, let last = steps.last else { return Array(upcoming.prefix(24)) }
        return Array(steps.filter { $0.time > last.time.addingTimeInterval(-24 * 3600) }.prefix(24))
    }
}

/// One place in detail: `show`'s one output.
struct ShowOutput: ReportOutput {
    var location: LocationItem
    var position: Int
    var count: Int
    var localTime: String
    var utcOffset: String
    var units: UnitsItem
    var current: Current?
    var hourly: [Hour]?
    var daily: [Day]?
    var fetchedAt: Date?
    var stale: Bool?
    var error: ErrorItem?

    struct Current: Encodable {
        var observedAt: String
        var temperature, feelsLike, humidity, pressure, windSpeed, windDirection, windGust: Double?
        var windCompass: String?
        var visibility, cloudCover, precipitation: Double?
        var condition: String?
        var symbol: String?
        var isDay: Bool?
        var sunrise, sunset: String?
    }

    struct Hour: Encodable {
        var time: String
        var temperature, feelsLike, humidity, precipitationProbability, precipitation, windSpeed, windDirection: Double?
        var condition: String?
        var symbol: String?
    }

    struct Day: Encodable {
        var date: String
        var min, max: Double?
        var condition: String?
        var symbol: String?
        var precipitation, precipitationProbability: Double?
        var sunrise, sunset: String?
    }

    private let place: Place
    private let weather: PlaceWeather
    private let format: WeatherFormat
    private let now: Date

    enum CodingKeys: CodingKey {
        case location, position, count, localTime, utcOffset, units, current, hourly, daily, fetchedAt, stale, error
    }

    init(place: Place, position: Int, count: Int, weather: PlaceWeather, settings: Settings, format: WeatherFormat, now: Date) {
        self.place = place
        self.weather = weather
        self.format = format
        self.now = now
        let zone = LocalTime.zone(place.timeZone)
        location = LocationItem(place, position: position)
        self.position = position
        self.count = count
        localTime = LocalTime.iso8601(now, in: zone)
        utcOffset = LocalTime.offset(zone.secondsFromGMT(for: now))
        units = UnitsItem(temperature: settings.temperatureUnit, wind: settings.windUnit)
        error = weather.error.map(ErrorItem.init)
        guard let report = weather.report else { return }
        fetchedAt = weather.fetchedAt
        stale = weather.stale
        let local = { (date: Date?) in date.map { LocalTime.iso8601($0, in: zone) } }
        let c = report.current
        current = Current(
            observedAt: LocalTime.iso8601(report.observedAt, in: zone), temperature: format.temperature(c.temperature),
            feelsLike: format.temperature(c.feelsLike), humidity: c.humidity, pressure: c.pressure,
            windSpeed: format.wind(c.windSpeed), windDirection: c.windDirection, windGust: format.wind(c.windGust),
            windCompass: c.windDirection.map { CompassPoint(degrees: $0).rawValue }, visibility: c.visibility?.rounded(),
            cloudCover: c.cloudCover, precipitation: c.precipitation, condition: c.condition.map(format.describe),
            symbol: c.condition?.symbol, isDay: c.isDay, sunrise: local(c.sunrise), sunset: local(c.sunset))
        hourly = ShowCommand.nextHours(report, from: now).map { h in
            Hour(
                time: LocalTime.iso8601(h.time, in: zone), temperature: format.temperature(h.temperature),
                feelsLike: format.temperature(h.feelsLike), humidity: h.humidity,
                precipitationProbability: h.precipitationProbability, precipitation: h.precipitation,
                windSpeed: format.wind(h.windSpeed), windDirection: h.windDirection,
                condition: h.condition.map(format.describe), symbol: h.condition?.symbol)
        }
        daily = report.daily.map { d in
            Day(
                date: d.date, min: format.temperature(d.minimum), max: format.temperature(d.maximum),
                condition: d.condition.map(format.describe), symbol: d.condition?.symbol, precipitation: d.precipitation,
                precipitationProbability: d.precipitationProbability, sunrise: local(d.sunrise), sunset: local(d.sunset))
        }
    }

    // MARK: - Text

    func rows(in context: CommandContext) -> [ReportRow] {
        [ReportRow(place: place, position: position, weather: weather, format: format, words: context.words, now: now)]
    }

    func text(in context: CommandContext) -> [String] {
        let out = context.stdout
        let words = context.words
        let report = self
        let zone = LocalTime.zone(place.timeZone)
        let clock = { (date: Date) in LocalTime.reading(date, in: zone) }
        var lines: [String] = []
        // The name as shown, and the city's name in the other script when it differs.
        var title = words.name(place)
        if let city = place.geonamesID.flatMap({ Gazetteer.bundled.city(id: $0) }) {
            let other = words.korean ? city.name : city.koreanName
            if let other, other != title { title += " (\(SafeText.clean(other)))" }
        }
        lines.append(out.bold(title) + out.dim("  " + words.position(report.position, of: report.count)))
        lines.append("  " + words.region(countryCode: place.countryCode, admin1: place.admin1) + " · " + place.coordinate.description)
        lines.append("  " + words.dateTime(clock(now)) + " · \(SafeText.clean(place.timeZone, maxLength: 64)) (UTC\(report.utcOffset))")

        guard let data = weather.report else {
            lines.append("")
            if let error = weather.error {
                lines.append(out.red("  " + words.noWeather(error)))
            } else {
                lines.append("  " + words.noWeatherCached)
            }
            return lines
        }
        let c = data.current
        lines.append("")
        lines.append("  \(format.symbol(c.condition))  \(format.describe(c.condition))  " + out.bold(format.temperatureText(c.temperature))
                     + "  " + words.feelsLike(format.temperatureText(c.feelsLike)))
        var facts = TextTable(headers: ["", "", "", ""])
        let time = { (date: Date?) in date.map { clock($0).hourMinute } ?? "–" }
        let number = { (value: Double?, unit: String) in
            value.map { String(format: "%.0f%@", locale: Locale(identifier: "en_US_POSIX"), $0, unit) } ?? "–"
        }
        let precipitation = c.precipitation.map { String(format: "%.1f mm", locale: Locale(identifier: "en_US_POSIX"), $0) } ?? "–"
        let visibility = c.visibility.map { $0 >= 1000 ? String(format: "%.0f km", $0 / 1000) : String(format: "%.0f m", $0) } ?? "–"
        facts.rows = [
            [words.humidity, format.percent(c.humidity), words.wind, format.windText(c.windSpeed, direction: c.windDirection)],
            [words.pressure, number(c.pressure, " hPa"), words.gusts, c.windGust == nil ? "–" : format.windText(c.windGust, direction: nil)],
            [words.clouds, format.percent(c.cloudCover), words.visibility, visibility],
            [words.precipitation, precipitation, words.sunriseSunset, "\(time(c.sunrise)) / \(time(c.sunset))"],
        ]
        lines += facts.render().dropFirst().map { "  " + $0 }
        if let fetchedAt = weather.fetchedAt {
            let age = words.age(fetchedAt)
            if let error = weather.error {
                lines.append(out.red("  " + words.staleBecause(age, error)))
            } else {
                lines.append(out.dim("  " + (weather.stale ? words.staleNote(age) : words.capitalised(age))))
            }
        }

        let hours = ShowCommand.nextHours(data, from: now)
        if !hours.isEmpty {
            lines.append("")
            lines.append(out.bold(words.nextHours))
            var table = TextTable(headers: words.hourHeaders, alignments: [.left, .left, .right, .right, .right, .left])
            // The day is shown where it changes: "Mon 00:00" after "23:00".
            var day = clock(now).date
            for hour in hours {
                let reading = clock(hour.time)
                let time = reading.date == day ? reading.hourMinute : words.weekdayTime(reading)
                day = reading.date
                table.append([
                    time, format.symbol(hour.condition),
                    format.temperatureText(hour.temperature), format.temperatureText(hour.feelsLike),
                    format.percent(hour.precipitationProbability), format.windText(hour.windSpeed, direction: hour.windDirection),
                ])
            }
            lines += table.render().map { "  " + $0 }
            let chart = TextChart.render(hours.map { format.temperature($0.temperature) }.map { $0 }, height: 8) { value in
                String(format: "%.0f%@", locale: Locale(identifier: "en_US_POSIX"), value, format.temperatureUnit.symbol)
            }
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

        if !data.daily.isEmpty {
            lines.append("")
            lines.append(out.bold(words.comingDays))
            var table = TextTable(headers: words.dayHeaders, alignments: [.left, .left, .left, .right, .right, .right])
            for day in data.daily {
                let label = CivilDate(iso: day.date).map(words.day) ?? SafeText.clean(day.date, maxLength: 20)
                table.append([
                    label, format.symbol(day.condition), format.describe(day.condition),
                    format.temperatureText(day.minimum), format.temperatureText(day.maximum),
                    day.precipitationProbability.map { format.percent($0) } ?? (day.precipitation.map { String(format: "%.1f mm", $0) } ?? "–"),
                ])
            }
            lines += table.render().map { "  " + $0 }
        }
        return lines
    }
}
