import Foundation

/// How a user points at a saved place: its position as `list` shows it, its
/// name or label (any case or accents), or an unambiguous prefix of either.
public enum PlaceReference {
    /// The GeoNames ids of the cities a name means exactly in the gazetteer, so
    /// that "서울" finds the place saved as "Seoul".
    public typealias CityLookup = @Sendable (String) -> Set<Int>

    /// Finds the place `reference` means among `ordered` (in the order `list` shows):
    /// a position, else a saved name or label, else the same gazetteer city, else a prefix.
    /// Other names a place is shown under (its Korean name), matched like its own.
    public typealias Aliases = @Sendable (Place) -> [String]

    public static func resolve(
        _ reference: String, in ordered: [Place], cities: CityLookup? = nil, aliases: Aliases? = nil
    ) throws(InputError) -> Place {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty(.name) }
        guard !ordered.isEmpty else { throw .nothingSaved }

        // Digits alone are a position ("-1" too, to be told it is out of range); "+3"
        // or "٣" may be a label, as `PlaceName` lets them be.
        let digits = trimmed.hasPrefix("-") ? trimmed.utf8.dropFirst() : trimmed.utf8[...]
        if !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }), let position = Int(trimmed) {
            guard (1...ordered.count).contains(position) else {
                throw .positionOutOfRange(position, count: ordered.count)
            }
            return ordered[position - 1]
        }

        let keys = ordered.map { (SearchKey.fold($0.displayName), SearchKey.fold($0.canonicalName)) }
        let other = ordered.map { aliases?($0).map(SearchKey.fold) ?? [] }
        let exactly = { (text: String) in
            let key = SearchKey.fold(text)
            return ordered.indices.filter { keys[$0].0 == key || keys[$0].1 == key || other[$0].contains(key) }
        }
        let key = SearchKey.fold(trimmed)
        let exact = exactly(trimmed)
        if exact.count == 1 { return ordered[exact[0]] }
        if exact.count > 1 { throw ambiguous(trimmed, exact, ordered, numbered: true) }
        // "Seoul#2": the second of the places called Seoul, in the order `list` shows.
        if let match = trimmed.wholeMatch(of: /(.*[^\s#])\s*#([0-9]{1,6})/), let number = Int(match.2) {
            let namesakes = exactly(String(match.1))
            if namesakes.count > 1 {
                guard (1...namesakes.count).contains(number) else {
                    throw ambiguous(String(match.1), namesakes, ordered, numbered: true)
                }
                return ordered[namesakes[number - 1]]
            }
        }

        if let cities {
            let ids = cities(trimmed)
            let same = ordered.indices.filter { ordered[$0].geonamesID.map(ids.contains) ?? false }
            if same.count == 1 { return ordered[same[0]] }
            if same.count > 1 { throw ambiguous(trimmed, same, ordered) }
        }

        let prefixed = ordered.indices.filter { keys[$0].0.hasPrefix(key) || keys[$0].1.hasPrefix(key) }
        if prefixed.count == 1 { return ordered[prefixed[0]] }
        if prefixed.count > 1 { throw ambiguous(trimmed, prefixed, ordered) }
        throw .noSavedMatch(trimmed)
    }

    /// `numbered`: the places all have the name asked for, and `Name#N` tells them apart.
    private static func ambiguous(_ reference: String, _ indices: [Int], _ ordered: [Place], numbered: Bool = false) -> InputError {
        .ambiguousReference(
            reference,
            matches: indices.enumerated().map { number, index in
                InputError.Match(
                    position: index + 1, name: ordered[index].displayName, countryCode: ordered[index].countryCode,
                    admin1: ordered[index].admin1, address: numbered ? "\(ordered[index].displayName)#\(number + 1)" : nil)
            })
    }

    /// The places in `ordered` called what `place` is called (itself
    /// included), with their positions, when there is more than one: what
    /// `Name#N` counts.
    public static func namesakes(of place: Place, in ordered: [Place]) -> [(position: Int, place: Place)] {
        let key = SearchKey.fold(place.displayName)
        let same = ordered.enumerated().filter { SearchKey.fold($0.element.displayName) == key }.map { ($0.offset + 1, $0.element) }
        return same.count > 1 ? same : []
    }
}
