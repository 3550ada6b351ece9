import ArgumentParser
import ForecastCore
import ForecastKit
import ForecastGazetteer
import Foundation

struct ShowCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one place's weather in detail, saved or not; a saved one is remembered as the last viewed.",
        discussion: """
            The place, its local time; the current conditions, today's highest UV
            index and the air quality; the next 24 hours (--hours, up to 48) with a
            temperature chart; and the coming days' lows, highs and chance of rain
            (--days, up to 7), all in the place's own time zone. Without a place, shows the last one viewed (the
            first place at the start). --next and --previous page through the list in
            its current order and wrap around at the ends.

            A name no saved place answers to is looked up like 'add' does (the
            gazetteer, then online; --pick and --country choose among same-named
            places), and so are --lat/--lon: its weather is shown without saving
            anything, not even as the last viewed, with how to save it.

            Examples:
              $ forecast show Seoul
              $ forecast show 2
              $ forecast show              # the last viewed place
              $ forecast show --next
              $ forecast show --previous --format json
              $ forecast show 서울 --lang ko --offline
              $ forecast show Seoul --days 3 --hours 48
              $ forecast show Berlin         # not saved: shown, nothing saved
              $ forecast show --lat 35.68 --lon 139.77
              $ forecast show Springfield --country US --pick 2
            """
    )

    @Argument(help: "The place: its number, name or the start of its name; or any place's name.")
    var place: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Latitude of a place to show, saved or not.", valueName: "degrees"))
    var lat: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Longitude of a place to show, saved or not.", valueName: "degrees"))
    var lon: String?

    @Option(name: .long, help: ArgumentHelp("Choose candidate N of an ambiguous name.", valueName: "N"))
    var pick: Int?

    @Option(name: .long, help: ArgumentHelp("Only consider places in this country (ISO code).", valueName: "CC"))
    var country: String?

    @Flag(name: .long, help: "Show the place after the last viewed one.")
    var next = false

    @Flag(name: .long, help: "Show the place before the last viewed one.")
    var previous = false

    @Option(name: .long, help: ArgumentHelp("How many days of forecast to show (1–7).", valueName: "n"))
    var days = 7

    @Option(name: .long, help: ArgumentHelp("How many hours of forecast to show (1–48).", valueName: "n"))
    var hours = 24

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: ReportFormatOption
    @OptionGroup var weatherOptions: WeatherOptions
    @OptionGroup var language: LanguageOption

    func validate() throws {
        if next && previous { throw ValidationError(Words.parsing.usage(.nextAndPrevious)) }
        if (place != nil || lat != nil || lon != nil) && (next || previous) { throw ValidationError(Words.parsing.usage(.placeAndPaging)) }
        if lat != nil || lon != nil {
            guard place == nil else { throw ValidationError(Words.parsing.usage(.nameAndCoordinates)) }
            guard lat != nil, lon != nil else { throw ValidationError(Words.parsing.usage(.latitudeAndLongitude)) }
            if pick != nil || country != nil { throw ValidationError(Words.parsing.usage(.pickWithCoordinates)) }
        } else if (pick != nil || country != nil) && place == nil {
            throw ValidationError(Words.parsing.usage(.nameOrCoordinates))
        }
        if let pick, pick < 1 { throw ValidationError(Words.parsing.usage(.pickFromOne(pick))) }
        if !(1...7).contains(days) { throw ValidationError(Words.parsing.usage(.days(days))) }
        if !(1...48).contains(hours) { throw ValidationError(Words.parsing.usage(.hours(hours))) }
    }

    func run(_ context: CommandContext) async throws {
        let database = try store.openExisting(in: context)
        if let database { try StoreOptions.warnAboutDamaged(database, in: context) }
        switch try await target(database, in: context) {
        case .saved(let place, let index, let count, let store):
            try await showSaved(place, index: index, count: count, store: store, in: context)
        case .unsaved(let draft):
            try await showUnsaved(draft, in: context)
        }
    }

    enum Target {
        case saved(Place, index: Int, count: Int, SavedPlaces)
        case unsaved(NewPlace)
    }

    /// A saved place when one answers to what was typed; else the place the
    /// name (or the coordinates) means, unsaved unless it turns out saved.
    func target(_ database: SavedPlaces?, in context: CommandContext) async throws -> Target {
        let lookup = lat != nil || pick != nil || country != nil
        if !lookup {
            do {
                guard let database else { throw InputError.nothingSaved }
                let target: SavedPlaces.ViewTarget =
                    if let place { .reference(place) } else if next { .next } else if previous { .previous } else { .lastViewed }
                let (place, index, count) = try database.view(target)
                return .saved(place, index: index, count: count, database)
            } catch let error as InputError {
                guard let place, SavedPlaces.looksUpElsewhere(place, after: error) else { throw error }
            }
        }
        let draft = try await AddCommand.draft(
            name: place ?? "", lat: lat, lon: lon, label: nil, pick: pick, country: country, command: "show",
            online: !weatherOptions.offline, in: context)
        if let database, let (place, index, count) = try database.saved(draft) {
            return .saved(place, index: index, count: count, database)
        }
        return .unsaved(draft)
    }

    func showSaved(_ place: Place, index: Int, count: Int, store: SavedPlaces, in context: CommandContext) async throws {
        var (outcome, weatherSettings) = try await WeatherSession.weather(
            for: [place], detail: .full, options: weatherOptions, places: store, in: context)
        let settings = try store.settings()
        let format = WeatherFormat(
            temperatureUnit: settings.temperatureUnit, windUnit: settings.windUnit, korean: weatherSettings.korean,
            emoji: context.emoji)
        try context.render(
            ShowOutput(
                place: place, position: index + 1, count: count, weather: outcome.weather[place.id] ?? PlaceWeather(),
                settings: settings, format: format, now: context.app.clock(), span: ShowOutput.Span(days: days, hours: hours),
                source: SourceItem(weatherSettings.descriptor)),
            as: output)
        // Only now, with the place shown, is it the last viewed.
        if !outcome.cancelled {
            do { try store.recordViewed(place) } catch {
                outcome.notSaved = outcome.notSaved ?? error
            }
        }
        try WeatherSession.finish(outcome, places: 1, in: context)
    }

    /// A place that is not saved: its weather, asked for and shown, and
    /// nothing written anywhere (the settings are read if there are any).
    func showUnsaved(_ draft: NewPlace, in context: CommandContext) async throws {
        let settings = try store.openExisting(in: context)?.settings() ?? Settings()
        let (outcome, weatherSettings) = try await WeatherSession.unsavedWeather(
            for: [draft], detail: .full, options: weatherOptions.request(language: context.words.language), preferences: settings.preferences, in: context)
        let format = WeatherFormat(
            temperatureUnit: settings.temperatureUnit, windUnit: settings.windUnit, korean: weatherSettings.korean,
            emoji: context.emoji)
        let now = context.app.clock()
        let place = Place(
            id: 0, displayName: draft.displayName, canonicalName: draft.canonicalName, countryCode: draft.countryCode,
            admin1: draft.admin1, coordinate: draft.coordinate, timeZone: draft.timeZone, geonamesID: draft.geonamesID,
            position: 0, addedAt: now)
        try context.render(
            ShowOutput(
                place: place, position: 0, count: 0, weather: outcome.weather[0] ?? PlaceWeather(), settings: settings,
                format: format, now: now, span: ShowOutput.Span(days: days, hours: hours), saved: false,
                source: SourceItem(weatherSettings.descriptor)),
            as: output)
        context.stderr.line("\(context.words.notePrefix): " + context.words.notSavedHint(context.words.name(place), saveCommand))
        try WeatherSession.finish(outcome, places: 1, in: context)
    }

    /// The `add` that saves what this showed.
    var saveCommand: String {
        var words = ["forecast", "add"]
        if let lat, let lon {
            words += ["--lat", lat, "--lon", lon]
        } else {
            words.append(AddCommand.shellQuoted(place ?? ""))
            if let country { words += ["--country", AddCommand.shellQuoted(country)] }
            if let pick { words += ["--pick", "\(pick)"] }
        }
        return SafeText.clean(words.joined(separator: " "), maxLength: 200)
    }
}

/// One place in detail: `show`'s one output.
struct ShowOutput: ReportOutput {
    var location: LocationItem
    /// Whether the place is in the saved list (position and count are only for one that is).
    var saved: Bool
    var position: Int?
    var count: Int?
    var localTime: String
    var utcOffset: String
    var units: UnitsItem
    var current: Current?
    var hourly: [Hour]?
    var daily: [Day]?
    var airQuality: AirQualityItem?
    var fetchedAt: Date?
    var stale: Bool?
    var error: ErrorItem?
    var airQualityError: ErrorItem?
    /// Whose weather it is (with any weather shown).
    var source: SourceItem?

    /// How much of the forecast to show.
    struct Span {
        var days = 7
        var hours = 24
    }

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
        var precipitation, precipitationProbability, uvIndexMax: Double?
        var uvCategory: UVCategory?
        var sunrise, sunset: String?
    }

    private let place: Place
    private let weather: PlaceWeather
    private let format: WeatherFormat
    private let now: Date
    private let span: Span

    enum CodingKeys: CodingKey {
        case location, saved, position, count, localTime, utcOffset, units, current, hourly, daily, airQuality, fetchedAt, stale
        case error, airQualityError, source
    }

    init(
        place: Place, position: Int, count: Int, weather: PlaceWeather, settings: Settings, format: WeatherFormat, now: Date,
        span: Span = Span(), saved: Bool = true, source: SourceItem? = nil
    ) {
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
            symbol: c.condition?.symbol(isDay: c.isDay), isDay: c.isDay, sunrise: local(c.sunrise), sunset: local(c.sunset))
        airQuality = report.airQuality.map { AirQualityItem($0, zone: zone, format: format) }
        hourly = report.comingHours(span.hours, from: now).map { h in
            Hour(
                time: LocalTime.iso8601(h.time, in: zone), temperature: format.temperature(h.temperature),
                feelsLike: format.temperature(h.feelsLike), humidity: format.whole(h.humidity),
                precipitationProbability: format.whole(h.precipitationProbability), precipitation: format.tenth(h.precipitation),
                windSpeed: format.wind(h.windSpeed), windDirection: format.whole(h.windDirection),
                condition: h.condition.map(format.describe), symbol: h.condition?.symbol(isDay: h.isDay))
        }
        daily = report.comingDays(span.days, from: now).map { d in
            Day(
                date: d.date, min: format.temperature(d.minimum), max: format.temperature(d.maximum),
                condition: d.condition.map(format.describe), symbol: d.condition?.symbol(isDay: true), precipitation: format.tenth(d.precipitation),
                precipitationProbability: format.whole(d.precipitationProbability), uvIndexMax: format.tenth(d.uvIndexMax),
                uvCategory: d.uvIndexMax.map(UVCategory.init(index:)), sunrise: local(d.sunrise), sunset: local(d.sunset))
        }
    }

    // MARK: - Text

    func rows(in context: CommandContext) -> [ReportRow] {
        [ReportRow(place: place, position: position ?? 0, weather: weather, format: format, words: context.words, now: now)]
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
        let whereInList = if let position, let count { words.position(position, of: count) } else { words.notSaved }
        lines.append(out.bold(title) + out.dim("  " + whereInList))
        // A place named by its coordinates has no region or country: the coordinate alone.
        let region = words.region(countryCode: place.countryCode, admin1: place.admin1)
        lines.append("  " + (region.isEmpty ? "" : region + " · ") + place.coordinate.description)
        lines.append("  " + words.dateTime(clock(now)) + " · \(SafeText.clean(zone.identifier, maxLength: 64)) (UTC\(report.utcOffset))")

        guard let data = weather.report else {
            lines.append("")
            if let error = weather.error {
                lines.append(out.red("  " + words.noWeather(error)))
            } else {
                lines.append("  " + (saved ? words.noWeatherCached : words.nothingCachedUnsaved))
            }
            return lines
        }
        let c = data.current
        lines.append("")
        lines.append("  \(format.symbol(c.condition, isDay: c.isDay))  \(format.describe(c.condition))  " + out.bold(format.temperatureText(c.temperature))
                     + "  " + words.feelsLike(format.temperatureText(c.feelsLike)))
        var facts = TextTable(headers: ["", "", "", ""])
        let time = { (date: Date?) in date.map { clock($0).hourMinute } ?? "–" }
        facts.rows = [
            [words.humidity, format.percent(c.humidity), words.wind, format.windText(c.windSpeed, direction: c.windDirection)],
            [words.pressure, format.pressureText(c.pressure), words.gusts, c.windGust == nil ? "–" : format.windText(c.windGust, direction: nil)],
            [words.clouds, format.percent(c.cloudCover), words.visibility, format.visibilityText(c.visibility)],
            [words.precipitation, format.millimetresText(c.precipitation), words.sunriseSunset, "\(time(c.sunrise)) / \(time(c.sunset))"],
            [words.uvIndex, words.uv(data.today(now: now)?.uvIndexMax), words.airQuality,
             words.air(data.airQuality, error: weather.airQualityError)],
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
        if let fetchedAt = weather.fetchedAt {
            let age = words.age(fetchedAt, now: now)
            if let error = weather.error {
                lines.append(out.red("  " + words.staleBecause(age, error)))
            } else {
                lines.append(out.dim("  " + (weather.stale ? words.staleNote(age) : words.capitalised(age))))
            }
        }

        let hours = data.comingHours(span.hours, from: now)
        if !hours.isEmpty {
            lines.append("")
            lines.append(out.bold(words.nextHours(span.hours)))
            var table = TextTable(headers: words.hourHeaders, alignments: [.left, .left, .right, .right, .right, .left])
            // The day is shown where it changes: "Mon 00:00" after "23:00".
            var day = clock(now).date
            for hour in hours {
                let reading = clock(hour.time)
                let time = reading.date == day ? reading.hourMinute : words.weekdayTime(reading)
                day = reading.date
                table.append([
                    time, format.symbol(hour.condition, isDay: hour.isDay),
                    format.temperatureText(hour.temperature), format.temperatureText(hour.feelsLike),
                    format.percent(hour.precipitationProbability), format.windText(hour.windSpeed, direction: hour.windDirection),
                ])
            }
            lines += table.render().map { "  " + $0 }
            let chart = TextChart.render(hours.map { format.temperature($0.temperature) }, height: 8, label: format.text(displayed:))
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
            lines += table.render().map { "  " + $0 }
        }
        if let source {
            lines.append("")
            lines.append(out.dim("  " + words.weatherCredit(source, air: data.airQuality != nil)))
        }
        return lines
    }
}
