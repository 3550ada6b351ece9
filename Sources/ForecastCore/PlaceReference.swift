import Foundation

/// How a user points at a saved place: its position as `list` shows it, its
/// name or label (any case or accents), or an unambiguous prefix of either.
public enum PlaceReference {
    /// Finds the place `reference` means among `ordered` (in the order `list` shows).
    public static func resolve(_ reference: String, in ordered: [Place]) throws(InputError) -> Place {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw InputError("place is empty: give a position or a name") }
        guard !ordered.isEmpty else { throw InputError("no places are saved yet: add one with 'forecast add <name>'") }

        if let position = Int(trimmed) {
            guard (1...ordered.count).contains(position) else {
                throw InputError("position \(position) is out of range: there \(ordered.count == 1 ? "is 1 place" : "are \(ordered.count) places")")
            }
            return ordered[position - 1]
        }

        let key = SearchKey.fold(trimmed)
        let keys = ordered.map { (SearchKey.fold($0.displayName), SearchKey.fold($0.canonicalName)) }
        let exact = ordered.indices.filter { keys[$0].0 == key || keys[$0].1 == key }
        if exact.count == 1 { return ordered[exact[0]] }
        if exact.count > 1 { throw ambiguous(trimmed, exact, ordered) }

        let prefixed = ordered.indices.filter { keys[$0].0.hasPrefix(key) || keys[$0].1.hasPrefix(key) }
        if prefixed.count == 1 { return ordered[prefixed[0]] }
        if prefixed.count > 1 { throw ambiguous(trimmed, prefixed, ordered) }
        throw InputError("no saved place matches '\(trimmed)': see 'forecast list'")
    }

    private static func ambiguous(_ reference: String, _ indices: [Int], _ ordered: [Place]) -> InputError {
        let names = indices.map { "\($0 + 1) \(ordered[$0].displayName)" }.joined(separator: ", ")
        return InputError("'\(reference)' matches \(indices.count) saved places (\(names)): use a position or a longer name")
    }
}
