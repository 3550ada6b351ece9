import ArgumentParser
import ForecastCore
import ForecastKit
import ForecastGazetteer
import Foundation
import ForecastViews

struct ShowCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one place's weather in detail, saved or not; a saved one is remembered as the last viewed.",
        discussion: HelpText.flowing("""
            The place, its local time; the official warnings in force (their level,
            event, time, area, headline and first lines of what to do; or that none
            is, or that no warning source covers the place); the next two hours'
            precipitation, a bar a quarter hour and a sentence (from the hourly
            forecast where no nowcast covers the place); the current conditions, today's highest UV
            index and the air quality; the next 24 hours (--hours, up to 48) with a
            temperature chart; and the coming days' lows, highs and chance of rain
            (--days, up to 7), all in the place's own time zone. On a terminal it draws
            the page forecast browse shows (the temperature set large, the warning,
            an hours' strip, a bar a day, the cards), the whole page fitted to the
            terminal's width (it scrolls); --brief only what fits in the window;
            --full, --hours/--days, a pipe and --format get the whole listing.
            Without a place, shows the last one viewed (the
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
              $ forecast show Seoul --brief      # one screen
              $ forecast show Seoul --days 3 --hours 48
              $ forecast show Berlin         # not saved: shown, nothing saved
              $ forecast show --lat 35.68 --lon 139.77
              $ forecast show Springfield --country US --pick 2
            """)
    )

    @Argument(help: "The place: its number, name or the start of its name; or any place's name.", completion: Completions.savedPlaces)
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

    @Flag(name: [.long, .customLong("prev")], help: "Show the place before the last viewed one.")
    var previous = false

    @Option(name: .long, help: ArgumentHelp("How many days of forecast to show (1–7; default 7, fewer to fit a short terminal).", valueName: "n"))
    var days: Int?

    @Option(name: .long, help: ArgumentHelp("How many hours of forecast to show (1–48; default 24, fewer to fit a short terminal).", valueName: "n"))
    var hours: Int?

    @Flag(name: .long, help: "Show everything: 48 hours with the chart and 7 days, however tall.")
    var full = false

    @Flag(name: .long, help: "On a terminal: only the part of the page that fits in the window.")
    var brief = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: ReportFormatOption
    @OptionGroup var weatherOptions: WeatherOptions
    @OptionGroup var language: LanguageOption

    func check() throws {
        try output.check()
        try weatherOptions.check()
        if next && previous { throw UsageFailure(.nextAndPrevious) }
        if (place != nil || lat != nil || lon != nil) && (next || previous) { throw UsageFailure(.placeAndPaging) }
        if lat != nil || lon != nil {
            guard place == nil else { throw UsageFailure(.nameAndCoordinates) }
            guard lat != nil, lon != nil else { throw UsageFailure(.latitudeAndLongitude) }
            if pick != nil || country != nil { throw UsageFailure(.pickWithCoordinates) }
        } else if (pick != nil || country != nil) && place == nil {
            throw UsageFailure(.nameOrCoordinates)
        }
        if let pick, pick < 1 { throw UsageFailure(.pickFromOne(pick)) }
        if let days, !(1...7).contains(days) { throw UsageFailure(.days(days)) }
        if let hours, !(1...48).contains(hours) { throw UsageFailure(.hours(hours)) }
        if brief && full { throw UsageFailure(.briefAndFull) }
    }

    func run(_ context: CommandContext) async throws {
        let database = try store.openExisting(in: context)
        let wanted = PlaceWanted(
            name: place ?? "", lat: lat, lon: lon, pick: pick, country: country, command: "show", online: !weatherOptions.offline)
        let asked = PlaceShowing.Asked(place: place, next: next, previous: previous, lookup: lat != nil || pick != nil || country != nil, wanted: wanted)
        let (settings, request) = (try context.settings(of: database), weatherOptions.request(language: context.words.language))
        // One budget for looking the name up online and then fetching its weather.
        let budget = TimeBudget(weatherOptions.timeout, clock: context.app.budgetClock)
        let shown = try await WeatherSession.interruptible(in: context, cancelled: { $0.outcome.cancelled = true }) { [context] events in
            try await PlaceShowing(context: context.app).show(asked, store: database, settings: settings, request: request, budget: budget, events: events)
        }
        StoreOptions.warn(about: shown.damage, in: context)
        let words = context.words
        if let others = shown.othersCalled { context.stderr.line("\(words.notePrefix): " + words.othersCalled(others.name, others.count)) }
        let format = WeatherFormat(shown.settings, words: words, emoji: context.emoji)
        let source = SourceItem(shown.provider)
        try render(in: context) { span in
            ShowOutput(
                place: shown.place, position: shown.position, count: shown.count, weather: shown.weather,
                settings: shown.settings, format: format, now: shown.now, span: span, saved: shown.saved, source: source, typed: typedName)
        } page: {
            PlacePage(
                place: shown.place, weather: shown.weather, settings: shown.settings, format: format, now: shown.now,
                position: shown.position, count: shown.count, saved: shown.saved, source: source, typed: typedName)
        }
        if !shown.saved { context.stderr.line("\(words.notePrefix): " + words.notSavedHint(words.name(shown.place), saveCommand)) }
        try WeatherSession.finish(shown.outcome, places: 1, kept: shown.saved, in: context)
    }

    /// Prints the place's output over the span asked for (--hours, --days,
    /// --full). With none asked, a terminal showing the table gets the page
    /// the app shows (`PageLayout`: the head, the banner, the hours' strip, the
    /// days' bars, the cards), laid out for its width and height. A pipe, JSON
    /// and the report formats get the whole default listing.
    func render(in context: CommandContext, _ output: (ShowOutput.Span) -> ShowOutput, page: () -> PlacePage) throws {
        let base = full ? ShowOutput.Span.full : ShowOutput.Span()
        let asked = ShowOutput.Span(days: days ?? base.days, hours: hours ?? base.hours)
        // The page from 40×10 (a smaller terminal gets the listing, which folds to any width).
        if !full, days == nil, hours == nil, let rows = context.stdout.rows, let columns = context.stdout.columns,
            columns >= Self.pageFrom.columns, rows >= Self.pageFrom.rows, try self.output.resolved(in: context) == .table
        {
            let drawn = PageLayout.render(page(), width: columns, height: rows, words: context.words, keys: false)
            let environment = context.environment
            let depth = ColourDepth.of(environment, terminal: context.stdout.isInteractive)
            // NO_COLOR keeps bold, dim and reverse; a dumb terminal gets plain text.
            let dumb = environment["TERM"] == "dumb"
            var lines = drawn.frame.printed(depth: depth, attributes: !dumb, placesByCursor: !dumb)
            // The whole page, as it scrolls; with --brief what fits above the prompt, cut where a part
            // begins (the cards, the credits), with how to see the rest.
            let room = rows - 2
            if brief, lines.count > room {
                let cut = drawn.cuts.filter { $0 > 0 && $0 <= room - 1 }.max() ?? max(1, room - 1)
                lines = Array(lines.prefix(max(1, cut)))
                while lines.last?.isEmpty == true { lines.removeLast() }
                let note = DisplayWidth.truncate(" " + context.words.showMore, to: columns - 1)
                lines.append(depth == .none ? note : "\u{1B}[2m" + note + "\u{1B}[0m")
            }
            for line in lines { context.stdout.line(line) }
            return
        }
        var shown = output(asked)
        if brief, days == nil, hours == nil, let rows = context.stdout.rows, try self.output.resolved(in: context) == .table {
            let style = context.style
            // The lines as the terminal shows them: a line wider than it takes two rows or more.
            let columns = max(1, style.columns ?? 80)
            func rowsTaken(_ line: String) -> Int {
                let visible = DisplayWidth.of(line.replacing(/\x1B\[[0-9;]*[A-Za-z]/, with: ""))
                return max(1, (visible + columns - 1) / columns)
            }
            func fits(_ span: ShowOutput.Span) -> Bool {
                var shown = output(span)
                shown.shortened = span != asked
                return shown.text(style).reduce(0) { $0 + rowsTaken($1) } <= rows - 2
            }
            if !fits(asked) {
                let compact = ShowOutput.Span.compact
                shown = output(compact.first { fits($0) } ?? compact[compact.count - 1])
                shown.shortened = true
            }
        }
        try context.render(shown, as: self.output)
    }

    /// The name typed, without the country or region after its comma ("서울, 대한민국": 서울).
    var typedName: String? {
        guard let place, let comma = place.lastIndex(of: ",") else { return place }
        let name = place[..<comma].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? place : name
    }

    /// The smallest terminal `show` draws the page in.
    static let pageFrom = (columns: 40, rows: 10)

    /// The `add` that saves what this showed.
    var saveCommand: String {
        var words = ["forecast", "add"]
        if let lat, let lon {
            words += ["--lat", lat, "--lon", lon]
        } else {
            words.append(PlaceFinder.shellQuoted(place ?? ""))
            if let country { words += ["--country", PlaceFinder.shellQuoted(country)] }
            if let pick { words += ["--pick", "\(pick)"] }
        }
        return SafeText.clean(words.joined(separator: " "), maxLength: 200)
    }
}
