import Foundation

/// Output in a stable JSON form: sorted keys, two-space indentation, UTF-8.
package enum JSONOutput {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    package static func render<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }
}

extension JSONOutput {
    /// `value`'s JSON exactly as `render` writes it, given piece by piece to
    /// `write`: the rest whole, and the array that `value` holds as
    /// `[marker]` one element at a time (`elements`, made and encoded as they
    /// are asked for, at least one), so that 100,000 places' JSON is never all
    /// held at once, nor the encoder's tree of it. `after`: the value as it is
    /// once the elements were made, for what follows them.
    package static func stream<T: Encodable, Element: Encodable>(
        _ value: T, marker: String, elements: some Sequence<Element>, write: (String) -> Void, after: (() -> T)? = nil
    ) throws {
        let whole = try render(value)
        // The marker's line: `"marker"` alone, indented as the array's elements are.
        guard let at = whole.range(of: "\"\(marker)\""), let open = whole[..<at.lowerBound].lastIndex(of: "\n"),
              let close = whole[at.upperBound...].firstIndex(of: "\n")
        else { return write(whole) }
        let indent = String(whole[whole.index(after: open)..<at.lowerBound])
        let encoder = encoder()
        var separator = "\n"
        write(String(whole[..<open]))
        for element in elements {
            let text = String(decoding: try encoder.encode(element), as: UTF8.self)
            // Indented as the encoder nests it; an empty line (an empty array's) stays empty.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
            write(separator + lines.joined(separator: "\n"))
            separator = ",\n"
        }
        // What follows the elements, as `after` says once they were made (what they held can change it).
        guard let after else { return write(String(whole[close...])) }
        let end = try render(after())
        guard let at = end.range(of: "\"\(marker)\""), let close = end[at.upperBound...].firstIndex(of: "\n") else { return write(String(whole[close...])) }
        write(String(end[close...]))
    }
}
