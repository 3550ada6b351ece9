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

    public static func resolve(
        _ query: String, country: String? = nil, pick: Int? = nil, in gazetteer: Gazetteer = .bundled
    ) throws(InputError) -> PlaceChoice {
        let matches = gazetteer.search(query, country: country, limit: candidateLimit)
        guard !matches.isEmpty else { return .notFound }
        let exact = matches.filter(\.kind.isExact).map(\.city)
        let candidates = exact.isEmpty ? matches.map(\.city) : exact

        if let pick {
            guard (1...candidates.count).contains(pick) else {
                throw InputError("--pick \(pick) is out of range: there \(candidates.count == 1 ? "is 1 candidate" : "are \(candidates.count) candidates")")
            }
            return .chosen(candidates[pick - 1], othersWithName: candidates.count - 1)
        }
        if candidates.count == 1 { return .chosen(candidates[0], othersWithName: 0) }
        if !exact.isEmpty, candidates[0].population >= dominanceFactor * candidates[1].population {
            return .chosen(candidates[0], othersWithName: candidates.count - 1)
        }
        return .ambiguous(candidates)
    }
}
