import ForecastCore

/// Which city a name means, when adding a place.
///
/// The rule: never pick silently among different places with the same name.
/// A choice is clear when exactly one city matches, or when one city with the
/// exact name is at least ten times as large as the next (London, Paris): the
/// caller then says which it took and that others exist. Anything else is
/// `ambiguous`, and the user settles it with a pick or a country.
public enum PlaceChoice: Equatable, Sendable {
    case chosen(City, othersWithName: Int)
    case ambiguous([City])
    case notFound

    public static let dominanceFactor = 10
    static let candidateLimit = 50

    /// `regions`: only cities in these regions ("US.IL"), when a query named one ("Springfield, Illinois").
    public static func resolve(
        _ query: String, country: String? = nil, pick: Int? = nil, in gazetteer: Gazetteer = .bundled, regions: Set<String>? = nil
    ) throws(InputError) -> PlaceChoice {
        var matches = gazetteer.search(query, country: country, limit: regions == nil ? candidateLimit : 1000)
        if let regions { matches = Array(matches.filter { regions.contains($0.city.countryCode + "." + $0.city.admin1) }.prefix(candidateLimit)) }
        guard !matches.isEmpty else { return .notFound }
        // A city called that outranks one that was once called that, or is
        // also called that: "Portland" means the Portlands, not Sandusky, Ohio.
        let byName = matches.filter { $0.kind == .exactName }
        let exact = byName.isEmpty ? matches.filter(\.kind.isExact) : byName
        return try choose(exact: exact.map(\.city), others: matches.filter { !$0.kind.isExact }.map(\.city), pick: pick)
    }

    /// The rule itself, for candidates from anywhere (the gazetteer, an online
    /// lookup): exact names if any, else the rest; both best first.
    public static func choose(exact: [City], others: [City], pick: Int?) throws(InputError) -> PlaceChoice {
        let candidates = exact.isEmpty ? others : exact
        guard !candidates.isEmpty else { return .notFound }
        if let pick {
            guard (1...candidates.count).contains(pick) else {
                throw .pickOutOfRange(pick, candidates: candidates.count)
            }
            return .chosen(candidates[pick - 1], othersWithName: candidates.count - 1)
        }
        if candidates.count == 1 { return .chosen(candidates[0], othersWithName: 0) }
        // Only a known population can dominate (an online result may have none).
        if !exact.isEmpty, candidates[0].population > 0, candidates[0].population >= dominanceFactor * candidates[1].population {
            return .chosen(candidates[0], othersWithName: candidates.count - 1)
        }
        return .ambiguous(candidates)
    }
}
