import ArgumentParser
import ForecastCore
import ForecastGazetteer

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Look places up in the gazetteer without saving them.",
        discussion: """
            Exact names come before names that only start with the query, then
            larger places first. Case, accents and width are ignored. Names the
            built-in gazetteer does not know are looked up online.

            Examples:
              $ forecast search Seoul
              $ forecast search 서울
              $ forecast search sao paulo
              $ forecast search Springfield --country US --format json
            """
    )

    @Argument(help: "The name or the start of it (several words are joined).")
    var name: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only places in this country (ISO code).", valueName: "CC"))
    var country: String?

    @Option(name: .long, help: ArgumentHelp("At most this many results (1-100).", valueName: "N"))
    var limit: Int = 10

    @OptionGroup var output: FormatOption

    struct Result: Encodable {
        var geonamesId: Int
        var name: String
        var koreanName: String?
        var country: String
        var countryName: String?
        var region: String
        var regionName: String?
        var latitude: Double
        var longitude: Double
        var timezone: String
        var population: Int
        var match: String
    }

    struct Report: Encodable {
        var query: String
        var results: [Result]
    }

    func run() async throws {
        let query = try PlaceName(name.joined(separator: " "), what: "search text").value
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100, not \(limit)") }
        var matches = Gazetteer.bundled.search(query, country: country, limit: limit)
        var online = false
        if matches.isEmpty {
            // Not in the built-in gazetteer: ask online, ranked the way the service ranks.
            let key = SearchKey.fold(query)
            matches = try await OnlineLookup.cities(query, country: country).prefix(limit).map { city in
                GazetteerMatch(city: city, kind: SearchKey.fold(city.name) == key ? .exactName : .prefixName)
            }
            online = !matches.isEmpty
        }
        switch output.format {
        case .json:
            let results = matches.map { m in
                Result(
                    geonamesId: m.city.geonamesID, name: m.city.name, koreanName: m.city.koreanName,
                    country: m.city.countryCode, countryName: Gazetteer.bundled.countryName(m.city.countryCode),
                    region: m.city.admin1,
                    regionName: Gazetteer.bundled.regionName(country: m.city.countryCode, code: m.city.admin1),
                    latitude: m.city.coordinate.latitude, longitude: m.city.coordinate.longitude,
                    timezone: m.city.timeZone, population: m.city.population, match: online ? "online" : "\(m.kind)")
            }
            Terminal.standardOutput.line(try JSONOutput.render(Report(query: query, results: results)))
        case .table:
            guard !matches.isEmpty else {
                // Both were asked: the built-in gazetteer, then the online service.
                throw CommandFailure(message: "no place called '\(SafeText.quoted(query))', in the gazetteer or online")
            }
            if online { Terminal.standardError.line("Not in the built-in gazetteer; found online (Open-Meteo geocoding):") }
            Terminal.standardOutput.lines(Self.table(matches.map { ($0.city, $0.kind) }, numbered: true, width: Terminal.standardOutput.columns))
        }
    }

    /// The candidates, fitted to `width` columns (a terminal's; nil for a pipe):
    /// population, coordinates, time zone and region give way, in that order.
    static func table(_ cities: [(City, MatchKind?)], numbered: Bool, width: Int?) -> [String] {
        var table = TextTable(
            headers: ["#", "Name", "Region", "Country", "Coordinates", "Time zone", "Population"],
            alignments: [.right, .left, .left, .left, .left, .left, .right])
        for (index, (city, _)) in cities.enumerated() {
            let name = city.koreanName.map { "\(city.name) (\($0))" } ?? city.name
            table.append([
                "\(index + 1)", name, PlaceLabel.regionName(countryCode: city.countryCode, admin1: city.admin1),
                "\(Gazetteer.bundled.countryName(city.countryCode) ?? city.countryCode) (\(city.countryCode))",
                city.coordinate.description, city.timeZone, Self.grouped(city.population),
            ])
        }
        return table.fitted(width: width, dropOrder: [6, 4, 5, 2])
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { result.append(",") }
            result.append(c)
        }
        return String(result.reversed())
    }
}
