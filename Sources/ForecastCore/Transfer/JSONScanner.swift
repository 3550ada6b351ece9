/// Reads JSON a value at a time, straight from the bytes, keeping nothing but
/// what it is asked to return: a value it is told to skip costs no memory,
/// however big, and nesting is bounded without recursion. (A whole-document
/// decoder builds a tree many times the size of the file first.)
///
/// The caller walks the document: `beginObject` then `nextKey` until nil,
/// `beginArray` then `nextElement` until false, reading each value with
/// `string`, `number`, `null` or `skipValue`.
struct JSONScanner {
    enum Failure: Error, Equatable {
        /// Not JSON here.
        case syntax
        /// Text that is not UTF-8.
        case notText
        /// A value of another kind than asked for (nothing was consumed).
        case wrongType
        /// Nesting deeper, a number longer, or more values than allowed.
        case tooLarge
    }

    enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    /// Deeper than any export nests, and shallow enough to walk with a small stack.
    static let maximumDepth = 512
    /// No number that means anything is longer.
    static let maximumNumberLength = 64

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private mutating func skipSpace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 {
            offset += 1
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// What the next value is, or nil if what comes next starts none.
    mutating func kind() -> Kind? {
        skipSpace()
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }

    /// True when nothing but white space is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return offset == bytes.count
    }

    mutating func beginObject() throws(Failure) {
        guard kind() == .object else { throw kind() == nil ? .syntax : .wrongType }
        offset += 1
    }

    /// The next key of the object begun, or nil (the object consumed) at its end.
    mutating func nextKey(first: inout Bool) throws(Failure) -> String? {
        if take(UInt8(ascii: "}")) { return nil }
        if !first { guard take(UInt8(ascii: ",")) else { throw .syntax } }
        first = false
        guard kind() == .string else { throw .syntax }
        let key = try string()
        guard take(UInt8(ascii: ":")) else { throw .syntax }
        return key
    }

    mutating func beginArray() throws(Failure) {
        guard kind() == .array else { throw kind() == nil ? .syntax : .wrongType }
        offset += 1
    }

    /// Whether another element of the array begun follows (false: the array consumed).
    mutating func nextElement(first: inout Bool) throws(Failure) -> Bool {
        if take(UInt8(ascii: "]")) { return false }
        if !first { guard take(UInt8(ascii: ",")) else { throw .syntax } }
        first = false
        return true
    }

    /// Consumes `null` if that comes next.
    mutating func null() throws(Failure) -> Bool {
        guard kind() == .null else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { throw .syntax }
            offset += 1
        }
    }

    /// A string value, its escapes read.
    mutating func string() throws(Failure) -> String {
        guard kind() == .string else { throw kind() == nil ? .syntax : .wrongType }
        offset += 1
        var text = ""
        var start = offset
        func flush(_ end: Int) throws(Failure) {
            guard end > start else { return }
            guard let part = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) else {
                throw .notText
            }
            text += part
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                try flush(offset)
                offset += 1
                return text
            }
            guard byte >= 0x20 else { throw .syntax }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            try flush(offset)
            offset += 1
            guard offset < bytes.count else { throw .syntax }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): text += "\""
            case UInt8(ascii: "\\"): text += "\\"
            case UInt8(ascii: "/"): text += "/"
            case UInt8(ascii: "b"): text += "\u{8}"
            case UInt8(ascii: "f"): text += "\u{C}"
            case UInt8(ascii: "n"): text += "\n"
            case UInt8(ascii: "r"): text += "\r"
            case UInt8(ascii: "t"): text += "\t"
            case UInt8(ascii: "u"): text.unicodeScalars.append(try escapedScalar())
            default: throw .syntax
            }
            start = offset
        }
        throw .syntax
    }

    /// The character of a `\uXXXX` escape (its `\u` read), a surrogate pair taken whole.
    private mutating func escapedScalar() throws(Failure) -> Unicode.Scalar {
        var unit = try hex4()
        if (0xD800..<0xDC00).contains(unit) {
            // A surrogate pair: the low half must follow as \uXXXX.
            guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw .syntax
            }
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw .syntax }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(unit) else { throw .syntax }
        return scalar
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw .syntax }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .syntax
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// The extent of the number that starts here, checked against JSON's grammar.
    private mutating func numberExtent() throws(Failure) -> Range<Int> {
        guard kind() == .number else { throw kind() == nil ? .syntax : .wrongType }
        let start = offset
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - from
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let leadingZero = offset < bytes.count && bytes[offset] == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { throw .syntax }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw .syntax }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw .syntax }
        }
        return start..<offset
    }

    /// A number value as its text (at most `maximumNumberLength` characters:
    /// a longer one is consumed and refused as the wrong type).
    mutating func numberText() throws(Failure) -> String {
        let extent = try numberExtent()
        guard extent.count <= Self.maximumNumberLength else { throw .wrongType }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[extent]), as: UTF8.self)
    }

    /// A number value that is finite as a Double.
    mutating func number() throws(Failure) -> Double {
        guard let value = Double(try numberText()), value.isFinite else { throw .wrongType }
        return value
    }

    /// A number value that is a whole number an Int holds exactly.
    mutating func integer() throws(Failure) -> Int {
        let text = try numberText()
        if let value = Int(text) { return value }
        guard let value = Double(text), let whole = Int(exactly: value) else { throw .wrongType }
        return whole
    }

    /// Consumes the next value, whatever it is, keeping nothing. `visit` is
    /// told of each value and key in it (the value itself at depth 0), and may stop
    /// the walk by throwing; nesting deeper than `maximumDepth`, numbers longer
    /// than `longestNumber` and objects of more than `maximumKeys` keys are `tooLarge`.
    mutating func skipValue(
        maximumDepth: Int = Self.maximumDepth, longestNumber: Int = .max, maximumKeys: Int = .max,
        visit: (_ depth: Int) throws(Failure) -> Void = { _ throws(Failure) in }
    ) throws(Failure) {
        // Which containers are open: an object's count of keys so far, or -1 for an
        // array. Bounded, so no recursion.
        var open: [Int] = []
        var first = true
        repeat {
            if let keys = open.last {
                let more: Bool
                if keys >= 0 {
                    more = try nextKey(first: &first) != nil
                    if more {
                        guard keys < maximumKeys else { throw .tooLarge }
                        open[open.count - 1] = keys + 1
                        // A key costs a decoder as much as a value: it is told of it too.
                        try visit(open.count)
                    }
                } else {
                    more = try nextElement(first: &first)
                }
                if !more {
                    open.removeLast()
                    first = false
                    continue
                }
            }
            try visit(open.count)
            switch kind() {
            case .object?, .array?:
                guard open.count < maximumDepth else { throw .tooLarge }
                open.append(kind() == .object ? 0 : -1)
                offset += 1
                first = true
                continue
            case .string?: try skipString()
            case .number?: guard try numberExtent().count <= longestNumber else { throw .tooLarge }
            case .bool?: if bytes[offset] == UInt8(ascii: "t") { try literal("true") } else { try literal("false") }
            case .null?: try literal("null")
            case nil: throw .syntax
            }
            first = false
        } while !open.isEmpty
    }

    /// Consumes a string, checking it as `string()` does, building nothing.
    private mutating func skipString() throws(Failure) {
        offset += 1
        var start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                guard String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self) != nil else {
                    throw .notText
                }
            }
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return
            }
            guard byte >= 0x20 else { throw .syntax }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                guard offset < bytes.count else { throw .syntax }
                let escape = bytes[offset]
                offset += 1
                if escape == UInt8(ascii: "u") {
                    _ = try escapedScalar()
                } else if !"\"\\/bfnrt".utf8.contains(escape) {
                    throw .syntax
                }
                start = offset
                continue
            }
            offset += 1
        }
        throw .syntax
    }
}
