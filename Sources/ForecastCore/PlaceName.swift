/// A name or label typed by the user, checked before it goes anywhere near the store.
///
/// Quotes, SQL and any script are fine (they are stored literally); empty
/// names, control characters and very long names are not.
public struct PlaceName: Hashable, Sendable {
    public static let maximumLength = 100

    public let value: String

    public init(_ raw: String, what: String = "name") throws(InputError) {
        let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty else { throw InputError("\(what) is empty") }
        guard !collapsed.unicodeScalars.contains(where: SafeText.isUnsafe) else {
            throw InputError("\(what) '\(SafeText.quoted(collapsed))' contains control or text-direction characters")
        }
        guard SafeText.isVisible(collapsed) else { throw InputError("\(what) has nothing visible in it") }
        let length = collapsed.count
        guard length <= Self.maximumLength else {
            throw InputError("\(what) is too long (\(length) characters; at most \(Self.maximumLength))")
        }
        value = collapsed
    }
}
