import ForecastCore

/// A city from the gazetteer (GeoNames cities15000).
public struct City: Hashable, Sendable {
    public let geonamesID: Int
    public let name: String
    /// ISO 3166 alpha-2.
    public let countryCode: String
    /// GeoNames admin1 code ("IL", "11"); `Gazetteer.regionName` gives its name.
    public let admin1: String
    public let coordinate: Coordinate
    public let population: Int
    /// IANA time zone name.
    public let timeZone: String
    /// Its everyday names in other languages, by the gazetteer's name column
    /// (`Language.namesColumn`: "ko" → 서울, "ja" → ソウル), where GeoNames has them.
    public let names: [String: String]

    public init(
        geonamesID: Int, name: String, countryCode: String, admin1: String, coordinate: Coordinate,
        population: Int, timeZone: String, names: [String: String] = [:]
    ) {
        self.geonamesID = geonamesID
        self.name = name
        self.countryCode = countryCode
        self.admin1 = admin1
        self.coordinate = coordinate
        self.population = population
        self.timeZone = timeZone
        self.names = names
    }

    /// The everyday Hangul name, where GeoNames has one.
    public var koreanName: String? { names["ko"] }

    /// Its name in `language`, where the data has one.
    public func name(in language: Language) -> String? {
        guard let column = language.namesColumn else { return name }
        return names[column]
    }
}

/// How well a city matched a search.
public enum MatchKind: Int, Comparable, Sendable {
    case exactName, exactAlternate, prefixName, prefixAlternate

    public var isExact: Bool { self == .exactName || self == .exactAlternate }
    public static func < (a: MatchKind, b: MatchKind) -> Bool { a.rawValue < b.rawValue }
}

public struct GazetteerMatch: Hashable, Sendable {
    public let city: City
    public let kind: MatchKind

    public init(city: City, kind: MatchKind) {
        self.city = city
        self.kind = kind
    }
}
