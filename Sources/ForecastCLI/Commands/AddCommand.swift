import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import Foundation
import ForecastViews

struct AddCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save a place, found by name or given by coordinates.",
        discussion: HelpText.flowing("""
            A name is looked up in the built-in world gazetteer (GeoNames cities of
            15,000 people or more), in English or any language forecast speaks, ignoring case and accents;
            names it does not know are looked up online (Open-Meteo geocoding).
            When several places share the name and none clearly stands out, the
            candidates are listed and nothing is saved: choose with --pick or --country.

            Examples:
              $ forecast add Seoul
              $ forecast add 부산
              $ forecast add "Sao Paulo" --as Sampa
              $ forecast add Springfield                 # lists the candidates
              $ forecast add Springfield --pick 3
              $ forecast add Springfield --country US --pick 1
              $ forecast add --lat 37.5665 --lon 126.978 --name Office
              $ forecast add --here          # your time zone's main city, offline
            """)
    )

    @Argument(help: "The place's name (several words are joined).")
    var name: [String] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Latitude in degrees (-90 to 90).", valueName: "degrees"))
    var lat: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Longitude in degrees (-180 to 180).", valueName: "degrees"))
    var lon: String?

    @Flag(name: .long, help: "Add where you are, roughly: the main city of this computer's time zone ($TZ or /etc/localtime).")
    var here = false

    @Option(name: [.customLong("as"), .customLong("name")], help: ArgumentHelp("The name to show for the place.", valueName: "label"))
    var label: String?

    @Option(name: .long, help: ArgumentHelp("Choose candidate N of an ambiguous name.", valueName: "N"))
    var pick: Int?

    @Option(name: .long, help: ArgumentHelp("Only consider places in this country (ISO code, e.g. KR, US).", valueName: "CC"))
    var country: String?

    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds looking a name up online may take, connecting included.", valueName: "seconds"))
    var typedTimeout: String = "10"
    var timeout: Double { DecimalOption.read(typedTimeout) }

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    /// How the arguments fit together is the command line's business (exit 64);
    /// what they mean is checked in `resolve()` (exit 1).
    func check() throws {
        if here {
            guard name.isEmpty, lat == nil, lon == nil, pick == nil, country == nil else {
                throw UsageFailure(.hereTakesNothing)
            }
        } else if lat != nil || lon != nil {
            guard name.isEmpty else { throw UsageFailure(.nameAndCoordinates) }
            guard lat != nil, lon != nil else { throw UsageFailure(.latitudeAndLongitude) }
            if pick != nil || country != nil { throw UsageFailure(.pickWithCoordinates) }
        } else if name.isEmpty {
            throw UsageFailure(.nameOrCoordinates)
        }
        if let pick, pick < 1 { throw UsageFailure(.pickFromOne(pick)) }
        try DecimalOption.check(typedTimeout, "--timeout")
        try TimeBudget.check(timeout)
    }

    func run(_ context: CommandContext) async throws {
        let asked: PlaceAdding.Asked = here ? .here(label: label) : .wanted(
            PlaceWanted(name: name.joined(separator: " "), lat: lat, lon: lon, label: label, pick: pick, country: country, command: "add"))
        let added = try await WeatherSession.interruptible(in: context, cancelled: { _ in }) { [store, timeout] _ in
            try await PlaceAdding(context: context.app).add(asked, language: context.words.language, timeout: timeout) { try store.open(in: context) }
        }
        try context.render(PlacesChanged(added.added), as: output.format)
        // Said once it is saved: a save that failed chose nothing.
        if let others = added.othersCalled { context.stderr.line("\(context.words.notePrefix): " + context.words.othersCalled(others.name, others.count)) }
        // The namesake note is for a place saved or labelled now, not for one that was saved already.
        if let named = added.named { context.noteNamesakes(added.namesakes, of: named) }
    }
}
