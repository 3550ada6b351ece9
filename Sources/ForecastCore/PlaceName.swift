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
        let length = collapsed.count
        guard length <= Self.maximumLength else {
            throw .tooLong(what, length: length, maximum: Self.maximumLength)
        }
        value = collapsed
    }
}
