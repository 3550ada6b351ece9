/// A name or label typed by the user, checked before it goes anywhere near the store.
///
/// Quotes, SQL and any script are fine (they are stored literally); empty
/// names, control characters and very long names are not.
public struct PlaceName: Hashable, Sendable {
    public static let maximumLength = 100

    public let value: String

    public init(_ raw: String, what: InputError.Field = .name) throws(InputError) {
        let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty else { throw .empty(what) }
        guard !collapsed.unicodeScalars.contains(where: SafeText.isUnsafe) else {
            throw .unsafeCharacters(what, collapsed)
        }
        guard SafeText.isVisible(collapsed) else { throw .invisible(what) }
        // Counted as the database counts (code points): 'e' with 200 combining
        // marks is one character on screen and 201 to SQLite's CHECK.
        let length = max(collapsed.count, collapsed.unicodeScalars.count)
        guard length <= Self.maximumLength else {
            throw .tooLong(what, length: length, maximum: Self.maximumLength)
        }
        // A label that is a whole number would be read as a position ('rename First 2',
        // then 'show 2' shows whatever is second): refused, with the reason.
        if what == .label, collapsed.wholeMatch(of: /-?[0-9]+/) != nil { throw .numericLabel(collapsed) }
        // Nor may a label read as an address ("Seoul#1", "Seoul #2"): it would name another place.
        if what == .label, collapsed.wholeMatch(of: /.*#\s*[0-9]+/) != nil { throw .addressLabel(collapsed) }
        value = collapsed
    }
}
