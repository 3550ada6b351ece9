import Foundation

/// One of the process's output streams, and what it is connected to.
struct Terminal: Sendable {
    let descriptor: Int32

    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    static let standardError = Terminal(descriptor: STDERR_FILENO)

    var isInteractive: Bool { isatty(descriptor) == 1 }

    /// How many columns the terminal has; nil when this is not a terminal
    /// (piped output is never cut to fit).
    var columns: Int? {
        guard isInteractive else { return nil }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Colour only on a terminal, never with NO_COLOR set (to anything) or TERM=dumb.
    var usesColour: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isInteractive && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// Writes all of `text`, retrying short writes; a closed pipe ends it quietly.
    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    func line(_ text: String = "") { write(text + "\n") }

    func lines(_ texts: [String]) { write(texts.map { $0 + "\n" }.joined()) }

    func bold(_ text: String) -> String { usesColour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { usesColour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}

/// Output in a stable JSON form: sorted keys, two-space indentation, UTF-8.
enum JSONOutput {
    static func render<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
