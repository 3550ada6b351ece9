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
    /// More keys than any object of a real answer has (Open-Meteo's have a few
    /// dozen): a decoder's dictionary of 190,000 keys cost 130 MB.
    public static let maximumKeys = 1_000

    /// Checks `body` against the limits: at most `body.count / bytesPerValue`
    /// values, an object's keys counted as values (and a few hundred besides,
    /// for small answers), nesting at most
    /// `maximumDepth`, at most `maximumKeys` keys an object, and a top-level
    /// array of at most `maximumEntries` elements.
    public static func check(_ body: Data, maximumEntries: Int? = nil, maximumDepth: Int = 32, maximumKeys: Int = maximumKeys) -> Problem? {
        let maximumValues = body.count / bytesPerValue + 512
        return body.withUnsafeBytes { (whole: UnsafeRawBufferPointer) -> Problem? in
            // A decoder reads past a byte-order mark: so does the measure (it passed whole answers unmeasured).
            let bom = whole.count >= 3 && whole[0] == 0xEF && whole[1] == 0xBB && whole[2] == 0xBF
            let bytes = bom ? UnsafeRawBufferPointer(rebasing: whole[3...]) : whole
            var scanner = JSONScanner(bytes)
            let isArray = scanner.kind() == .array
            var values = 0
            var entries = 0
            do throws(JSONScanner.Failure) {
                try scanner.skipValue(
                    maximumDepth: maximumDepth, longestNumber: JSONScanner.maximumNumberLength, maximumKeys: maximumKeys
                ) { (depth: Int) throws(JSONScanner.Failure) in
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
