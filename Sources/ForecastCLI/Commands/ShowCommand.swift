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
        let terminal = ShowScreen.Terminal(
            rows: context.stdout.rows, columns: context.stdout.columns, table: try output.resolved(in: context) == .table,
            depth: ColourDepth.of(context.environment, terminal: context.stdout.isInteractive), dumb: context.environment["TERM"] == "dumb")
        switch ShowScreen.of(shown, asked: ShowScreen.Asked(days: days, hours: hours, full: full, brief: brief), typed: typedName, terminal: terminal, style: context.style) {
        case .page(let lines): context.stdout.lines(lines)
        case .listing(let listing): try context.render(listing, as: output)
        }
        if !shown.saved { context.stderr.line("\(words.notePrefix): " + words.notSavedHint(words.name(shown.place), saveCommand)) }
        try WeatherSession.finish(shown.outcome, places: 1, kept: shown.saved, in: context)
    }

    /// The name typed, without the country or region after its comma ("서울, 대한민국": 서울).
    var typedName: String? {
        guard let place, let comma = place.lastIndex(of: ",") else { return place }
        let name = place[..<comma].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? place : name
    }

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
