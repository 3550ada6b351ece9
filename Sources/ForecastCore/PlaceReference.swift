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

    /// `nearby`: the names of the cities places added by coordinates are named
    /// after ("near Seoul": 서울, Seoul), which find them after every exact name
    /// and city ("서울" is Seoul, not the place near it), alone or followed by
    /// a word ("서울 부근", as the Korean list shows it).
    public static func resolve(
        _ reference: String, in shown: [Place], cities: CityLookup? = nil, aliases: Aliases? = nil, nearby: Aliases? = nil
    ) throws(InputError) -> Place {
        // Numbered as the store numbers them (the same numbers, for places read from it).
        let ordered = numbered(shown)
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
        let near = ordered.map { nearby?($0).map(SearchKey.fold) ?? [] }
        let nearTo = { (key: String) in ordered.indices.filter { index in near[index].contains { key == $0 || key.hasPrefix($0 + " ") } } }
        // "Seoul#2": the place labelled Seoul that was given number 2 when it
        // was saved (`Place.namesake`), whatever the list is sorted by and
        // wherever it was moved. It comes before a label that reads the same
        // ("Seoul#1" as a label), so that the address an error gives always
        // means what it said.
        if let match = trimmed.wholeMatch(of: /(.+?)\s*#([0-9]{1,6})/), let number = Int(match.2) {
            let base = SearchKey.fold(String(match.1))
            // By label; else by the name the list shows them under (서울#2 for two places labelled Seoul), if they share one label.
            var namesakes = ordered.indices.filter { keys[$0].0 == base }
            if namesakes.isEmpty {
                var named = ordered.indices.filter { keys[$0].1 == base || other[$0].contains(base) }
                if named.isEmpty { named = nearTo(base) }  // 서울 부근#2
                if Set(named.map { keys[$0].0 }).count == 1 { namesakes = named }
            }
            if let found = namesakes.first(where: { ordered[$0].namesake == number }) { return ordered[found] }
            // A number none of them has (any more): not found, whatever else the text could mean.
            if namesakes.count > 1 {
                throw .noSuchAddress(trimmed, matches: byNumber(namesakes, ordered).map { InputError.Match(ordered[$0], position: $0 + 1, number: ordered[$0].namesake) })
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

        let nearPlaces = nearTo(key)
        if nearPlaces.count == 1 { return ordered[nearPlaces[0]] }
        if nearPlaces.count > 1 { throw ambiguous(trimmed, nearPlaces, ordered, numbered: true) }

        let prefixed = ordered.indices.filter { keys[$0].0.hasPrefix(key) || keys[$0].1.hasPrefix(key) }
        if prefixed.count == 1 { return ordered[prefixed[0]] }
        if prefixed.count > 1 { throw ambiguous(trimmed, prefixed, ordered) }
        throw .noSavedMatch(trimmed)
    }

    /// `indices` of `ordered` by their `Name#N` numbers (then in your own order).
    static func byNumber(_ indices: [Int], _ ordered: [Place]) -> [Int] {
        indices.sorted {
            (ordered[$0].namesake ?? Int.max, ordered[$0].position, ordered[$0].id)
                < (ordered[$1].namesake ?? Int.max, ordered[$1].position, ordered[$1].id)
        }
    }

    /// `numbered`: the places all have the name asked for, and `Name#N` tells them apart.
    private static func ambiguous(_ reference: String, _ indices: [Int], _ ordered: [Place], numbered: Bool = false) -> InputError {
        // Name#N addresses places by their label: only where every one has the same label.
        let labels = Set(indices.map { SearchKey.fold(ordered[$0].displayName) })
        let numbered = numbered && labels.count == 1
        return .ambiguousReference(reference, matches: byNumber(indices, ordered).map { index in
            InputError.Match(ordered[index], position: index + 1, number: numbered ? ordered[index].namesake : nil)
        })
    }

    /// The places in `ordered` labelled as `place` is (itself included), by
    /// their numbers, with their positions in `ordered`, when there is more
    /// than one: what `Name#N` tells apart.
    public static func namesakes(of place: Place, in shown: [Place]) -> [(position: Int, place: Place)] {
        let ordered = numbered(shown)
        let key = SearchKey.fold(place.displayName)
        let same = byNumber(ordered.indices.filter { SearchKey.fold(ordered[$0].displayName) == key }, ordered)
        return same.count > 1 ? same.map { ($0 + 1, ordered[$0]) } : []
    }

    // MARK: - Numbers given when saved

    /// `places` as read, their `namesake` the number stored when each was
    /// saved, made sure: a number missing or held twice (a database written
    /// elsewhere, labels that differ only in accents) is given anew after the
    /// highest of its label, in your own order, so that the numbers of a shared
    /// label are distinct; `hasNamesakes` says where a label is shared.
    public static func numbered(_ places: [Place]) -> [Place] {
        let stored = Dictionary(places.map { ($0.id, $0.namesake) }, uniquingKeysWith: { first, _ in first })
        var places = places
        var groups: [String: [Int]] = [:]
        for index in places.indices { groups[SearchKey.fold(places[index].displayName), default: []].append(index) }
        for (_, indices) in groups {
            guard indices.count > 1 else {
                let index = indices[0]
                places[index].namesake = stored[places[index].id].flatMap { $0 }.flatMap { validNumbers.contains($0) ? $0 : nil } ?? 1
                places[index].hasNamesakes = false
                continue
            }
            let own = indices.sorted { (places[$0].position, places[$0].id) < (places[$1].position, places[$1].id) }
            var taken = Set<Int>()
            var unnumbered: [Int] = []
            for index in own {
                if let number = stored[places[index].id].flatMap({ $0 }), validNumbers.contains(number), taken.insert(number).inserted {
                    places[index].namesake = number
                } else {
                    unnumbered.append(index)
                }
            }
            var next = taken.max() ?? 0
            for index in unnumbered {
                next = min(next + 1, validNumbers.upperBound)
                places[index].namesake = next
            }
            for index in indices { places[index].hasNamesakes = true }
        }
        return places
    }

    /// The numbers the next places saved get, by label: one more than the
    /// highest number of the places already under that label (`numbered`
    /// ones); 1 for the first.
    public struct NextNumbers: Sendable {
        private var highest: [String: Int] = [:]

        public init(_ saved: [Place]) {
            for place in saved {
                highest[SearchKey.fold(place.displayName), default: 0] = max(highest[SearchKey.fold(place.displayName)] ?? 0, place.namesake ?? 1)
            }
        }

        /// The number of a place saved under `label` now, and whether the label
        /// was already someone's; counted as taken.
        public mutating func take(_ label: String) -> (number: Int, shared: Bool) {
            let key = SearchKey.fold(label)
            let last = highest[key]
            let number = min((last ?? 0) + 1, PlaceReference.validNumbers.upperBound)
            highest[key] = number
            return (number, last != nil)
        }
    }

    /// What a stored number may be: what `Name#N` reads (up to six digits).
    public static let validNumbers = 1...999_999
}
