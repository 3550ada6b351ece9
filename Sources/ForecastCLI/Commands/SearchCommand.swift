import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit

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
    @OptionGroup var language: LanguageOption

    func run() async throws {
        let query = try PlaceName(name.joined(separator: " "), what: .searchText).value
        guard (1...100).contains(limit) else { throw ValidationError(Words.current.usage(.limit(limit))) }
        let context = CommandContext.current
        let (matches, online) = try await PlaceFinder(context: context.app).search(query, country: country, limit: limit)
        if output.format == .table {
            // Both were asked: the built-in gazetteer, then the online service.
            guard !matches.isEmpty else { throw CommandFailure(message: context.words.searchFoundNothing(query), status: ExitStatus.notFound) }
            if online { context.stderr.line(context.words.foundOnline) }
        }
        try context.render(SearchOutput(query: query, matches: matches, online: online), as: output.format)
    }

    /// The candidates, fitted to `width` columns (a terminal's; nil for a pipe):
    /// population, coordinates, time zone and region give way, in that order.
    static func table(_ cities: [City], width: Int?) -> [String] {
        let words = Words.current
        var table = TextTable(headers: words.candidateHeaders, alignments: [.right, .left, .left, .left, .left, .left, .right])
        for (index, city) in cities.enumerated() {
            table.append([
                "\(index + 1)", words.name(city),
                SafeText.clean(Gazetteer.bundled.regionName(country: city.countryCode, code: city.admin1) ?? city.admin1, maxLength: 100),
                "\(words.countryName(city.countryCode)) (\(city.countryCode))",
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

/// The places a name may mean: `search`'s one output.
struct SearchOutput: CommandOutput {
    var query: String
    var results: [Result]
    private let cities: [City]

    enum CodingKeys: CodingKey { case query, results }

    struct Result: FlatPlaceJSON {
        var place: PlaceFields
        var own: Found

        struct Found: Encodable {
            var geonamesId: Int
            var koreanName: String?
            var population: Int
            var match: String
        }
    }

    init(query: String, matches: [GazetteerMatch], online: Bool) {
        self.query = query
        cities = matches.map(\.city)
        results = matches.map { m in
            Result(
                place: PlaceFields(
                    name: m.city.name, countryCode: m.city.countryCode, admin1: m.city.admin1, coordinate: m.city.coordinate,
                    timeZone: m.city.timeZone),
                own: Result.Found(
                    geonamesId: m.city.geonamesID, koreanName: m.city.koreanName, population: m.city.population,
                    match: online ? "online" : "\(m.kind)"))
        }
    }

    func text(in context: CommandContext) -> [String] {
        SearchCommand.table(cities, width: context.stdout.columns)
    }
}
