import ArgumentParser
import ForecastCore
import ForecastGazetteer
import Foundation

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save a place, found by name or given by coordinates.",
        discussion: """
            A name is looked up in the built-in world gazetteer (GeoNames cities of
            15,000 people or more), in English or Korean, ignoring case and accents;
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
            """
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

    @OptionGroup var store: StoreOptions

    /// How the arguments fit together is the command line's business (exit 64);
    /// what they mean is checked in `resolve()` (exit 1).
    func validate() throws {
        if here {
            guard name.isEmpty, lat == nil, lon == nil, pick == nil, country == nil else {
                throw ValidationError("--here takes no name, coordinates, --pick or --country")
            }
        } else if lat != nil || lon != nil {
            guard name.isEmpty else { throw ValidationError("give either a name or --lat and --lon, not both") }
            guard lat != nil, lon != nil else { throw ValidationError("--lat and --lon go together: give both") }
            if pick != nil || country != nil { throw ValidationError("--pick and --country apply to names, not coordinates") }
        } else if name.isEmpty {
            throw ValidationError("give a place name, or --lat and --lon")
        }
        if let pick, pick < 1 { throw ValidationError("--pick counts from 1, not \(pick)") }
    }

    func run() async throws {
        let draft = try await resolve()
        let database = try store.open()
        let outcome = try database.add(draft)
        switch outcome {
        case .added(let place):
            Terminal.standardOutput.line("Saved \(PlaceLabel.describe(place)).")
        case .alreadySaved(let place) where label != nil && draft.displayName != place.displayName:
            // `add 서울 --as 집` with Seoul saved: the user wants it called 집.
            let renamed = try database.relabel(place, to: draft.displayName)
            Terminal.standardOutput.line("\(PlaceLabel.describe(place)) was already saved; it is now called \(SafeText.clean(renamed.displayName)).")
        case .alreadySaved(let place):
            Terminal.standardOutput.line("\(PlaceLabel.describe(place)) is already saved; nothing changed.")
        }
    }

    /// Works out the place to save, before the database is opened: a failed
    /// lookup leaves no trace, not even a new empty database.
    func resolve() async throws -> NewPlace {
        let label = try label.map { try PlaceName($0, what: "label").value }
        if here { return try Self.draftHere(label: label) }
        if let lat, let lon {
            let coordinate = try Coordinate(
                latitude: Coordinate.parseDegrees(lat, name: "latitude"),
                longitude: Coordinate.parseDegrees(lon, name: "longitude"))
            return Self.draft(at: coordinate, label: label)
        }
        let query = try PlaceName(name.joined(separator: " ")).value
        if let country, country.count != 2 || !country.allSatisfy(\.isLetter) {
            throw InputError("--country takes a two-letter ISO code such as KR or US, not '\(SafeText.quoted(country))'")
        }

        var choice = try PlaceChoice.resolve(query, country: country, pick: pick)
        if choice == .notFound {
            choice = try await OnlineLookup.choice(query, country: country, pick: pick)
        }
        switch choice {
        case .notFound:
            let within = country.map { " in \($0.uppercased())" } ?? ""
            throw InputError("no place called '\(SafeText.quoted(query))'\(within), in the gazetteer or online; check the spelling, or add it with --lat and --lon")
        case .ambiguous(let cities):
            let out = Terminal.standardError
            out.line("'\(query)' could be any of \(cities.count) places:")
            out.lines(SearchCommand.table(cities.map { ($0, nil) }, numbered: true, width: out.columns))
            out.line("Nothing was saved. Choose one with --pick N (for example: forecast add \(Self.shellQuoted(query)) --pick 1), or narrow with --country CC.")
            throw CommandFailure(message: "")
        case .chosen(let city, let others):
            if others > 0 && pick == nil {
                Terminal.standardError.line("Note: \(others) other place\(others == 1 ? " is" : "s are") called '\(query)'; see 'forecast search \(query)' and use --pick to choose another.")
            }
            return NewPlace(
                displayName: label ?? city.name, canonicalName: city.name, countryCode: city.countryCode,
                admin1: city.admin1, coordinate: city.coordinate, timeZone: city.timeZone, geonamesID: city.geonamesID)
        }
    }

    /// A place at `coordinate`, named and zoned after the nearest city.
    static func draft(at coordinate: Coordinate, label: String?) -> NewPlace {
        let nearest = Gazetteer.bundled.nearest(to: coordinate)
        let near = nearest.map { "near \($0.name)" } ?? coordinate.description
        return NewPlace(
            displayName: label ?? nearest?.name ?? coordinate.description,
            canonicalName: near,
            countryCode: nearest?.countryCode ?? "",
            admin1: nearest?.admin1 ?? "",
            coordinate: coordinate,
            timeZone: nearest?.timeZone ?? "UTC",
            geonamesID: nil)
    }

    /// Where the machine's time zone says the user is.
    static func draftHere(label: String?) throws -> NewPlace {
        let environment = ProcessInfo.processInfo.environment
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")
        guard let zone = ZoneLocation.zoneName(tz: environment["TZ"], localtimeTarget: target) else {
            throw InputError("cannot tell this computer's time zone (no $TZ, no /etc/localtime link); use --lat and --lon")
        }
        let table = (environment["TZDIR"] ?? "/usr/share/zoneinfo") + "/zone1970.tab"
        guard let text = try? String(contentsOfFile: table, encoding: .utf8) else {
            throw InputError("cannot read \(table) (install tzdata); use --lat and --lon")
        }
        guard let coordinate = ZoneLocation.coordinate(of: zone, zoneTable: text) else {
            throw InputError("the time zone '\(SafeText.quoted(zone))' has no city to go by; use --lat and --lon")
        }
        // The zone's main city itself, when the gazetteer has it in that zone: then
        // `add --here` and `add Seoul` are the same place, and never saved twice.
        if let city = Gazetteer.bundled.nearest(to: coordinate), city.timeZone == zone {
            return NewPlace(
                displayName: label ?? city.name, canonicalName: city.name, countryCode: city.countryCode,
                admin1: city.admin1, coordinate: city.coordinate, timeZone: zone, geonamesID: city.geonamesID)
        }
        var draft = draft(at: coordinate, label: label)
        draft.timeZone = zone
        return draft
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? text : "'\(text.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
}
