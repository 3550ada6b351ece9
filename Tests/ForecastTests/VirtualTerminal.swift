import Foundation
import Testing

/// A terminal of the test's own for `forecast browse` run in this process: a
/// pseudo-terminal whose terminal side the app reads keys from and draws on,
/// and, on the controlling side, the keys typed and a screen kept from what
/// the app writes. The screen understands what the app's frames are made of
/// (`Frame.output`: cursor moves, clearing, attributes, the modes it sets,
/// and each cell's text at the cursor); columns as a real terminal draws them
/// are tried in tmux (BrowseTerminalTests).
final class VirtualTerminal: @unchecked Sendable {
    /// The terminal's side, for the app (input and output).
    let device: Int32
    private let controller: Int32
    private let lock = NSLock()
    private var rows: [[String]]
    private var row = 0, column = 0
    private var unparsed: [UInt8] = []
    private var modes: [String: Bool] = [:]
    private let width: Int, height: Int
    /// Keys are written on a queue of their own: a flood fills the terminal's
    /// input buffer, and the write waits for the app to read, never on the test's threads.
    private let typing = DispatchQueue(label: "virtual-terminal-keys")

    init(width: Int, height: Int) throws {
        let (controller, name) = try TerminalScreenTests.pseudoTerminal()
        let device = open(name, O_RDWR | O_NOCTTY)
        try #require(device >= 0, "the pseudo-terminal \(name) opens")
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(controller, UInt(TIOCSWINSZ), &size) == 0)
        self.controller = controller
        self.device = device
        self.width = width
        self.height = height
        rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        let reader = Thread { [self] in readOutput() }
        reader.stackSize = 1 << 20
        reader.start()
    }

    /// Closes both sides: the app's key reader sees the terminal go (its read fails).
    func close() {
        closeDescriptor(controller)
        closeDescriptor(device)
    }

    /// The screen's rows, trailing blanks dropped (as tmux's capture-pane gives them).
    func screen() -> [String] {
        lock.withLock {
            rows.map { cells in
                var line = cells.joined()
                while line.hasSuffix(" ") { line.removeLast() }
                return line
            }
        }
    }

    /// The screen once `condition` holds (the app draws in the background), or
    /// the last one seen after 20 s, which is a failure.
    func screen(until condition: ([String]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        var lines: [String] = []
        for _ in 0..<200 {
            lines = screen()
            if condition(lines) { return lines }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the screen never showed what was awaited:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return lines
    }

    /// Whether a private mode (`?1049`: the alternate screen, `?25`: the cursor) is set.
    func mode(_ name: String) -> Bool { lock.withLock { modes[name] ?? false } }

    /// Types `text` as a terminal sends keys: Enter is "\r", Esc "\u{1B}", Ctrl-C "\u{03}".
    func type(_ text: String) async {
        let bytes = Array(text.utf8)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            typing.async { [controller] in
                var offset = 0
                while offset < bytes.count {
                    let written = bytes[offset...].withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                done.resume()
            }
        }
    }

    /// Reads what the app writes until the terminal closes, keeping the screen.
    private func readOutput() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { readDescriptor(controller, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            lock.withLock { take(buffer[0..<count]) }
        }
    }

    /// Interprets what arrived: text, at the cursor, a cell a character; the
    /// sequences frames use. An escape sequence or a character cut between two
    /// reads waits for the rest.
    private func take(_ bytes: ArraySlice<UInt8>) {
        unparsed.append(contentsOf: bytes)
        var index = 0
        var text: [UInt8] = []
        while index < unparsed.count {
            let byte = unparsed[index]
            guard byte == 0x1B else {
                if byte >= 0x20 { text.append(byte) }  // CAN and other controls move nothing here
                index += 1
                continue
            }
            guard index + 1 < unparsed.count else { break }
            guard unparsed[index + 1] == UInt8(ascii: "[") else {
                index += 2
                continue
            }
            var end = index + 2
            while end < unparsed.count, !(0x40...0x7E).contains(unparsed[end]) { end += 1 }
            guard end < unparsed.count else { break }
            put(text)
            text = []
            let parameters = String(decoding: unparsed[(index + 2)..<end], as: UTF8.self)
            switch unparsed[end] {
            case UInt8(ascii: "H"):
                let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
                row = max(0, (numbers.first ?? 1) - 1)
                column = max(0, (numbers.count > 1 ? numbers[1] : 1) - 1)
            case UInt8(ascii: "J") where parameters == "2":
                rows = Array(repeating: Array(repeating: " ", count: width), count: height)
            case UInt8(ascii: "h") where parameters.hasPrefix("?"):
                modes[parameters] = true
            case UInt8(ascii: "l") where parameters.hasPrefix("?"):
                modes[parameters] = false
            default:
                break  // attributes: the screen keeps text only
            }
            index = end + 1
        }
        if index < unparsed.count {
            // Cut inside an escape sequence: the text before it is whole.
            put(text)
            unparsed.removeFirst(index)
        } else {
            // Text to the end: whole but for a character whose bytes are still to come.
            var whole = text.count
            if let lead = text.indices.reversed().prefix(4).first(where: { text[$0] & 0xC0 != 0x80 }) {
                let length = text[lead] >= 0xF0 ? 4 : text[lead] >= 0xE0 ? 3 : text[lead] >= 0xC0 ? 2 : 1
                if text.count - lead < length { whole = lead }
            }
            put(text[..<whole])
            unparsed = Array(text[whole...])
        }
    }

    /// Text at the cursor: a cell a character; what extends the character
    /// before it (a variation selector, a joiner, a mark) read apart goes with it.
    private func put(_ bytes: some Collection<UInt8>) {
        for character in String(decoding: Array(bytes), as: UTF8.self) {
            let first = character.unicodeScalars.first
            let extends = first.map { $0.properties.isGraphemeExtend || $0.value == 0xFE0F || $0.value == 0x200D } ?? false
            let joined = column > 0 && row < height && column - 1 < width && rows[row][column - 1].unicodeScalars.last?.value == 0x200D
            if (extends || joined) && column > 0 && row < height && column - 1 < width {
                rows[row][column - 1] += String(character)
            } else if row < height && column < width {
                rows[row][column] = String(character)
                column += 1
            }
        }
    }
}

// The C functions, by names the class's own `close` and `read…` do not hide.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
