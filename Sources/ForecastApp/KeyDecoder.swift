/// Bytes from a terminal in raw mode to keys: UTF-8 text (Hangul typed
/// through an input method arrives as its bytes), the arrows and page keys in
/// both of the forms terminals send, Enter, Backspace, Esc and Ctrl-C. A
/// sequence or a character cut between two reads is kept for the next; any
/// other escape sequence or control byte is skipped, never shown.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Inside a bracketed paste (ESC [ 200 ~ … ESC [ 201 ~): what was pasted so far, bounded.
    private var pasting: String?
    static let pasteLimit = 1000
    /// A paste whose end has not come after this long without a byte never ends:
    /// a terminal sends a paste in one stream, so the end is lost (or never sent).
    package static let pasteQuiet = Duration.seconds(1)

    package init() {}

    /// Whether a bracketed paste is open: its start read, its end not yet.
    package var isPasting: Bool { pasting != nil }

    /// Ends a paste whose end never came (nothing read for `pasteQuiet`): what
    /// was pasted, as a paste; what follows is keys again.
    package mutating func endPaste() -> [Key] {
        guard let text = pasting else { return [] }
        pasting = nil
        pending = []
        return text.isEmpty ? [] : [.paste(text)]
    }

    /// The keys in `bytes` (one read's worth). An Esc alone at the end of a
    /// read is the Esc key: a terminal sends a sequence in one piece.
    package mutating func keys(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        // A flood (a paste of megabytes) is read in bounded pieces, never kept whole.
        if pending.count > 4096 { pending.removeFirst(pending.count - 4096) }
        var keys: [Key] = []
        var index = 0
        let input = pending
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                guard index + 1 < input.count else {
                    // Inside a paste, the start of its end cut between reads: kept for the next.
                    if pasting != nil {
                        pending = [0x1B]
                        return keys
                    }
                    keys.append(.escape)
                    index += 1
                    continue
                }
                let (key, length) = Self.sequence(input, from: index)
                if length == 0 {
                    // Cut between reads: wait for the rest.
                    pending = Array(input[index...])
                    return keys
                }
                switch key {
                case .pasteStart?: pasting = ""
                case .pasteEnd?:
                    if let text = pasting, !text.isEmpty { keys.append(.paste(text)) }
                    pasting = nil
                case let key?: if pasting == nil { keys.append(key) }
                case nil: break
                }
                index += length
            case 0x03:
                keys.append(.interrupt)  // even inside a paste: Ctrl-C always quits
                index += 1
            case 0x0D, 0x0A:
                if pasting == nil { keys.append(.enter) }
                index += 1
            case 0x7F, 0x08:
                if pasting == nil { keys.append(.backspace) }
                index += 1
            case 0x15:
                if pasting == nil { keys.append(.clearLine) }
                index += 1
            case 0x09:
                if pasting == nil { keys.append(.tab) }
                index += 1
            case ..<0x20:
                index += 1  // other control bytes: nothing
            case ..<0x80:
                append(.character(Character(Unicode.Scalar(byte))), to: &keys)
                index += 1
            default:
                let length = Self.utf8Length(byte)
                guard length > 0 else {
                    index += 1  // a continuation byte or an invalid lead: skipped
                    continue
                }
                guard index + length <= input.count else {
                    // Cut between reads, if what follows so far continues it; else an invalid lead, skipped alone.
                    if input[(index + 1)...].allSatisfy({ (0x80...0xBF).contains($0) }) {
                        pending = Array(input[index...])
                        return keys
                    }
                    index += 1
                    continue
                }
                guard input[(index + 1)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) }) else {
                    index += 1  // a lead without its continuation: the byte after it is a key of its own
                    continue
                }
                let slice = input[index..<(index + length)]
                if let text = String(validating: slice, as: UTF8.self), let character = text.first, text.count == 1,
                    !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                {
                    append(.character(character), to: &keys)
                }
                index += length
            }
        }
        pending = []
        return keys
    }

    /// A typed key, or inside a paste, a character of the pasted text (Enter and
    /// controls in a paste are dropped: a paste is text, never commands).
    private mutating func append(_ key: Key, to keys: inout [Key]) {
        guard let text = pasting else { return keys.append(key) }
        if case .character(let character) = key, text.count < Self.pasteLimit { pasting = text + String(character) }
    }

    static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    /// The key an escape sequence starting at `start` means (nil: one the app
    /// does not use) and its length; length 0 when it is not complete yet.
    static func sequence(_ input: [UInt8], from start: Int) -> (Key?, Int) {
        let introducer = input[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // Esc then a key (Alt+key, or Esc typed quickly before it): the Esc alone.
            return (.escape, 1)
        }
        // Parameters and intermediates, then one final byte (0x40–0x7E); bounded.
        var end = start + 2
        while end < input.count, end - start < 32 {
            let byte = input[end]
            if (0x40...0x7E).contains(byte) {
                let parameters = String(decoding: input[(start + 2)..<end], as: UTF8.self)
                return (key(final: byte, parameters: parameters), end - start + 1)
            }
            end += 1
        }
        return end - start >= 32 ? (nil, end - start) : (nil, 0)
    }

    static func key(final: UInt8, parameters: String) -> Key? {
        // SGR mouse reporting: ESC [ < button ; column ; row M (press) or m (release).
        if parameters.hasPrefix("<") { return final == UInt8(ascii: "M") ? mouse(parameters.dropFirst()) : nil }
        return plain(final: final, parameters: parameters)
    }

    static func plain(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab  // Shift-Tab
        case UInt8(ascii: "~"):
            switch parameters {
            case "5": .pageUp
            case "6": .pageDown
            case "200": .pasteStart
            case "201": .pasteEnd
            case "1", "7": .home
            case "4", "8": .end
            default: nil
            }
        default: nil
        }
    }

    /// A mouse press: the wheel (buttons 64 and 65) or a click of the left button (0), at its
    /// 0-based row and column; anything else (other buttons, drags, modifiers) is nothing.
    static func mouse(_ parameters: Substring) -> Key? {
        let parts = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count <= 5 }), let button = Int(parts[0]), let column = Int(parts[1]),
              let row = Int(parts[2]), column >= 1, row >= 1 else { return nil }
        switch button {
        case 64: return .wheelUp
        case 65: return .wheelDown
        case 0: return .click(row: row - 1, column: column - 1)
        default: return nil
        }
    }
}
