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
        // A label wins over a name: with one place labelled Seoul and another
        // that is the city Seoul under another label, "Seoul" is the first.
        let exactly = { (text: String) -> [Int] in
            let key = SearchKey.fold(text)
            let labelled = ordered.indices.filter { keys[$0].0 == key }
            if !labelled.isEmpty { return labelled }
            return ordered.indices.filter { keys[$0].1 == key || other[$0].contains(key) }
        }
        let key = SearchKey.fold(trimmed)
        // "Seoul#2": the second of the places labelled Seoul in your own order
        // (the order they were added or moved in), whatever the list is sorted
        // by. It comes before a label that reads the same ("Seoul#1" as a
        // label), so that the address an error gives always means what it said.
        if let match = trimmed.wholeMatch(of: /(.+?)\s*#([0-9]{1,6})/), let number = Int(match.2) {
            let base = SearchKey.fold(String(match.1))
            // By label; else by the name the list shows them under (서울#2 for two places labelled Seoul), if they share one label.
            var namesakes = Self.ownOrder(ordered.indices.filter { keys[$0].0 == base }, ordered)
            if namesakes.isEmpty {
                let named = ordered.indices.filter { keys[$0].1 == base || other[$0].contains(base) }
                if Set(named.map { keys[$0].0 }).count == 1 { namesakes = Self.ownOrder(named, ordered) }
            }
            if namesakes.count > 1 || (namesakes.count == 1 && number == 1) {
                guard (1...namesakes.count).contains(number) else {
                    throw ambiguous(String(match.1), namesakes, ordered, numbered: true)
                }
                return ordered[namesakes[number - 1]]
            }
        }
        let exact = exactly(trimmed)
        if exact.count == 1 { return ordered[exact[0]] }
        if exact.count > 1 { throw ambiguous(trimmed, exact, ordered, numbered: true) }

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

    /// `indices` of `ordered` in your own order (position, then when added): what `Name#N` counts.
    static func ownOrder(_ indices: [Int], _ ordered: [Place]) -> [Int] {
        indices.sorted { (ordered[$0].position, ordered[$0].id) < (ordered[$1].position, ordered[$1].id) }
    }

    /// `numbered`: the places all have the name asked for, and `Name#N` tells them apart.
    private static func ambiguous(_ reference: String, _ indices: [Int], _ ordered: [Place], numbered: Bool = false) -> InputError {
        let own = ownOrder(indices, ordered)
        // Name#N addresses places by their label: only where every one has the same label.
        let labels = Set(indices.map { SearchKey.fold(ordered[$0].displayName) })
        let numbered = numbered && labels.count == 1
        return .ambiguousReference(reference, matches: indices.map { index in
            InputError.Match(ordered[index], position: index + 1, number: numbered ? (own.firstIndex(of: index) ?? 0) + 1 : nil)
        })
    }

    /// For each place whose label another shares, its N in `Name#N` (by place id).
    public static func namesakeNumbers(_ places: [Place]) -> [Int64: Int] {
        var numbers: [Int64: Int] = [:]
        let groups = Dictionary(grouping: places.indices, by: { SearchKey.fold(places[$0].displayName) })
        for (_, indices) in groups where indices.count > 1 {
            for (number, index) in ownOrder(indices, places).enumerated() { numbers[places[index].id] = number + 1 }
        }
        return numbers
    }

    /// The places in `ordered` labelled as `place` is (itself included), in
    /// your own order with their positions in `ordered`, when there is more
    /// than one: what `Name#N` counts.
    public static func namesakes(of place: Place, in ordered: [Place]) -> [(position: Int, place: Place)] {
        let key = SearchKey.fold(place.displayName)
        let same = ownOrder(ordered.indices.filter { SearchKey.fold(ordered[$0].displayName) == key }, ordered)
        return same.count > 1 ? same.map { ($0 + 1, ordered[$0]) } : []
    }
}
