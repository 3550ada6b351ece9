import Foundation

/// What a JSON text would cost to decode whole, found by walking its bytes
/// without building anything. A decoder that builds a tree first spends tens
/// of bytes on every value, so an answer is measured before it is decoded,
/// and refused when it holds more than any real answer of its size.
public enum JSONShape {
    public enum Problem: Error, Equatable, Sendable {
        /// Not JSON (the decoder is left to say where).
        case notJSON
        /// More values than allowed: counting stopped there.
        case tooManyValues
        /// A top-level array with more elements than allowed, and how many it has.
        case tooManyEntries(Int)
        /// A number longer than any number means, or nesting deeper than allowed.
        case tooLarge
    }

    /// Real answers spend at least this many bytes a value on average (a
    /// recorded Open-Meteo hourly answer 6.9, an OpenWeatherMap forecast 7.0);
    /// `[0,0,0,…]` spends 2.
    public static let bytesPerValue = 4

    /// Checks `body` against the limits: at most `body.count / bytesPerValue`
    /// values (and a few hundred besides, for small answers), nesting at most
    /// `maximumDepth`, and a top-level array of at most `maximumEntries` elements.
    public static func check(_ body: Data, maximumEntries: Int? = nil, maximumDepth: Int = 32) -> Problem? {
        let maximumValues = body.count / bytesPerValue + 512
        return body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Problem? in
            var scanner = JSONScanner(bytes)
            let isArray = scanner.kind() == .array
            var values = 0
            var entries = 0
            do throws(JSONScanner.Failure) {
                try scanner.skipValue(maximumDepth: maximumDepth, longestNumber: JSONScanner.maximumNumberLength) { (depth: Int) throws(JSONScanner.Failure) in
                    values += 1
                    if depth == 1 { entries += 1 }
                    guard values <= maximumValues else { throw .tooLarge }
                }
                guard scanner.atEnd() else { return .notJSON }
            } catch {
                switch error {
                case .tooLarge: return values > maximumValues ? .tooManyValues : .tooLarge
                case .syntax, .notText, .wrongType: return .notJSON
                }
            }
            if isArray, let maximumEntries, entries > maximumEntries { return .tooManyEntries(entries) }
            return nil
        }
    }
}
