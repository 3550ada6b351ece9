import ArgumentParser
import ForecastApp
import ForecastCore
import ForecastKit
import ForecastViews

struct BrowseCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse your places full-screen: the list, each place's detail, search as you type.",
        discussion: HelpText.flowing("""
            Opens on the detail of the place viewed last (on the list with --list,
            or when none was viewed; on the search when nothing is saved). Cached
            weather shows at once; what is due is fetched in the background and
            again when the TTL passes. Every change (sort, units, order, removal,
            addition, last viewed) is saved as the commands save it.

            List: ↑/↓ or k/j select, Enter or → opens, s cycles the sort (custom,
            name, temperature, humidity), S reverses it, u cycles °C/°F/K, K/J move
            the place in your own order, d then y removes it, z undoes the removal
            until the next change, r refreshes, / searches, w opens a warning; the
            mouse wheel moves and a click opens a place. Page: ←/→ or h/l
            previous/next place (wrapping around), [ and ] (or < and >) scroll the
            hours' strip, Tab gives the days the focus (↑/↓ choose a day, Enter
            opens its hours, ←/→ the day before or after, Esc back), ↑/↓ or k/j
            scroll, PgUp/PgDn/Space a screenful, Home/End/g/G top and bottom, the
            wheel scrolls and a click on a day opens it, w opens the warning, Esc
            back to the list.
            Search: type a name in any language forecast speaks, ↑/↓ choose, Enter shows the
            weather (asking the online geocoder once when nothing built in
            matches), a adds the place shown, Esc goes back. Everywhere: U opens
            the units (temperature, wind, precipitation, distance, pressure, clock;
            ↑/↓ choose, ←/→ or Enter change, Esc close), ? help, q or Ctrl-C quits.

            A place's page: the name, local time, the temperature (set large from
            30 rows), condition, feels-like and today's high and low; the most
            severe warning and the next two hours; an hours' strip with sunrise and
            sunset; up to ten days with bars in the temperatures' colours; cards
            for UV, air, wind, sun, moon, humidity and dew point, pressure,
            visibility and precipitation. Colour: 24-bit with COLORTERM=truecolor,
            256 with a 256-colour TERM, else 16; NO_COLOR and TERM=dumb keep bold
            and reverse only.

            Needs a terminal of at least 60×20 for input and output; in scripts use
            list and show. Exit status: 0 after q; 130 after Ctrl-C; 143 and 129
            after SIGTERM and SIGHUP (the terminal is restored in every case); 64
            when stdin or stdout is not a terminal.

            Examples:
              $ forecast browse
              $ forecast browse --list
              $ forecast browse --lang ko
              $ NO_COLOR=1 FORECAST_ASCII=1 forecast browse --provider metno
            """)
    )

    @Flag(name: .long, help: "Open on the list, not on the place viewed last.")
    var list = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var weatherOptions: WeatherOptions

    func check() throws { try weatherOptions.check() }
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        // Checked before the database is touched: a pipe gets a clear error and nothing else.
        guard let screen = TerminalScreen(input: context.appTerminal.input, output: context.appTerminal.output) else {
            throw CommandFailure(message: context.words.browseNeedsTerminal, status: ExitStatus.usage)
        }
        let places = try store.open(in: context)
        StoreOptions.warn(about: try places.damage(), in: context)
        // The app speaks the command line's language in words of its own (its part of the catalog).
        let options = BrowseOptions(
            opensList: list, weather: weatherOptions.request(language: context.words.language),
            words: context.words.language.words(context.app.gazetteer),
            emoji: context.emoji, depth: ColourDepth.of(context.environment, terminal: context.stdout.isInteractive),
            takesSignals: context.appTerminal.takesSignals)
        let status = try await BrowseApp.run(places: places, context: context.app, options: options, screen: screen)
        if status != 0 { throw CommandFailure(message: "", status: status) }
    }
}
