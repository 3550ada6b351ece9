import ForecastCore
import ForecastGazetteer
import Foundation

/// What a command asks for when it names a place, saved or not: a name (with
/// `--pick` and `--country` to choose among namesakes) or coordinates.
public struct PlaceWanted: Sendable {
    public var name: String
    public var lat: String?
    public var lon: String?
    public var label: String?
    public var pick: Int?
    public var country: String?
    /// The command that asks (`add`, `show`): an ambiguous name says how to choose with it.
    public var command: String
    /// Whether a name the gazetteer does not know is looked up online.
    public var online: Bool

    public init(
        name: String, lat: String? = nil, lon: String? = nil, label: String? = nil, pick: Int? = nil, country: String? = nil,
        command: String, online: Bool = true
    ) {
        self.name = name
        self.lat = lat
        self.lon = lon
        self.label = label
        self.pick = pick
        self.country = country
        self.command = command
        self.online = online
    }
}

/// The place a name or coordinates mean, and how many other places share its
/// name (chosen without `--pick`: the faces say so).
public struct DraftedPlace: Sendable {
    public var place: NewPlace
    /// The name as looked up ("" for coordinates).
    public var query: String
    public var othersCalled: Int

    public init(place: NewPlace, query: String, othersCalled: Int) {
        self.place = place
        self.query = query
        self.othersCalled = othersCalled
    }
}

/// A name that could be any of several places: nothing was done. The faces
/// list the candidates with how to choose (`example`).
public struct AmbiguousName: Error, Sendable {
    public var query: String
    public var cities: [City]
    /// The command line that would choose the first.
    public var example: String
    /// Whether a country narrowed them already (then narrowing is not suggested).
    public var narrowed = false
    /// Whether no city is called `query`: the cities are called something
    /// like it (another spelling, a longer name), and none was taken for it.
    public var nearNames = false
    /// Whether the online lookup was asked too (not with `--offline`).
    public var askedOnline = true

    public init(query: String, cities: [City], example: String, narrowed: Bool = false, nearNames: Bool = false, askedOnline: Bool = true) {
        self.query = query
        self.cities = cities
        self.example = example
        self.narrowed = narrowed
        self.nearNames = nearNames
        self.askedOnline = askedOnline
    }
}

extension PlaceFinder {
    /// The place `wanted` means, under the never-silent choosing rule: an
    /// ambiguous name is `AmbiguousName` (with how to choose, as
    /// `forecast COMMAND … --pick 1`), nothing done. A name looked up online
    /// takes `timeout` seconds at most; a name found nowhere gets the name it
    /// was probably meant to be, in `language`, even offline.
    public func draft(_ wanted: PlaceWanted, language: Language, timeout: TimeInterval) async throws -> DraftedPlace {
        if let lat = wanted.lat, let lon = wanted.lon {
            let coordinate = try Coordinate(
                latitude: Coordinate.parseDegrees(lat, field: .latitude),
                longitude: Coordinate.parseDegrees(lon, field: .longitude))
            return DraftedPlace(place: draft(at: coordinate, label: wanted.label), query: "", othersCalled: 0)
        }
        let query = try PlaceName(wanted.name).value
        let country = wanted.country
        let choice: PlaceChoice
        do {
            choice = try await choose(query, country: country, pick: wanted.pick, online: wanted.online, timeout: timeout)
        } catch PlaceLookupError.onlineLookupFailed(let asked, let failure, nil) {
            // Offline on a laptop, a slip still gets the name it was probably meant to be.
            let parsed = try self.query(query, country: country)
            throw PlaceLookupError.onlineLookupFailed(
                query: asked, failure, suggestion: suggestion(for: parsed.name, country: parsed.country, language: language))
        }
        switch choice {
        case .notFound:
            let asked = try self.query(query, country: country)
            let meant = suggestion(for: asked.name, country: asked.country, language: language)
            throw wanted.online
                ? InputError.notFound(asked.name, country: asked.country, suggestion: meant)
                : InputError.notInGazetteer(asked.name, country: asked.country, suggestion: meant)
        case .ambiguous(let cities), .nearNames(let cities):
            let parsed = try? self.query(query, country: country)
            let narrowed = country != nil || parsed?.country != nil || parsed?.regions != nil
            let example = "forecast \(wanted.command) \(Self.shellQuoted(query))"
                + (country.map { " --country \(Self.shellQuoted($0))" } ?? "") + " --pick 1"
            if case .nearNames = choice {
                throw AmbiguousName(query: query, cities: cities, example: example, narrowed: narrowed, nearNames: true, askedOnline: wanted.online)
            }
            throw AmbiguousName(query: query, cities: cities, example: example, narrowed: narrowed)
        case .chosen(let city, let others):
            return DraftedPlace(place: draft(city, label: wanted.label), query: query, othersCalled: wanted.pick == nil ? others : 0)
        }
    }

    /// `text` as a shell reads it back: as it is when it is plain, else in single quotes.
    public static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? text : "'\(text.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
}
