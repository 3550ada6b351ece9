import Foundation
import ForecastCore
import ForecastViews

/// Where a command's output goes, and what it is connected to: one of the
/// process's streams, or (in tests) a buffer.
struct Terminal: Sendable {
    /// A terminal, as opposed to a pipe or a file.
    let isInteractive: Bool
    /// How many columns the terminal has; nil when this is not a terminal
    /// (piped output is never cut to fit).
    let columns: Int?
    /// How many lines the terminal shows; nil when this is not a terminal.
    var rows: Int?
    /// Colour only on a terminal, never with NO_COLOR set (to anything) or TERM=dumb.
    let usesColour: Bool
    private let sink: @Sendable (String) -> Void
    /// Why writing failed, once it has (errno); nothing more is written then.
    let failure: WriteFailure
    /// The API keys of the environment: what is written here never holds one,
    /// nor 4 of its characters in a row (what the user typed is echoed in
    /// errors and notes, and a key pasted in the wrong place is still a key).
    var secrets: [String] = []

    init(isInteractive: Bool, columns: Int?, usesColour: Bool, sink: @escaping @Sendable (String) -> Void) {
        self.init(isInteractive: isInteractive, columns: columns, usesColour: usesColour, failure: WriteFailure(), sink: sink)
    }

    private init(isInteractive: Bool, columns: Int?, usesColour: Bool, failure: WriteFailure, sink: @escaping @Sendable (String) -> Void) {
        self.isInteractive = isInteractive
        self.columns = columns
        self.usesColour = usesColour
        self.sink = sink
        self.failure = failure
    }

    /// The first error a stream's write met (a full disk, a closed pipe), kept
    /// so that the command's exit status can say the output was not written;
    /// and whether anything was written at all.
    final class WriteFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var code: Int32?
        private var wrote = false

        /// Whether anything was written to the stream (a JSON error is printed only on an empty output).
        var written: Bool { lock.withLock { wrote } }
        func noteWritten() { lock.withLock { wrote = true } }

        var errno: Int32? { lock.withLock { code } }

        func record(_ error: Int32) { lock.withLock { if code == nil { code = error } } }
    }

    /// One of the process's streams, as the environment describes it.
    static func stream(_ descriptor: Int32, environment: [String: String]) -> Terminal {
        let interactive = isatty(descriptor) == 1
        var columns: Int?
        var rows: Int?
        if interactive {
            var size = winsize()
            let positive = { (name: String) in environment[name].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
            let measured = ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0
            columns = measured && size.ws_col > 0 ? Int(size.ws_col) : positive("COLUMNS")
            rows = measured && size.ws_row > 0 ? Int(size.ws_row) : positive("LINES")
        }
        let failure = WriteFailure()
        var terminal = Terminal(
            isInteractive: interactive, columns: columns,
            usesColour: interactive && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb",
            failure: failure, sink: { writeAll($0, to: descriptor, failure: failure) })
        terminal.rows = rows
        return terminal
    }

    /// Writes all of `text`, retrying short writes. An error (a closed pipe, a
    /// full disk) is recorded, and nothing more is written to that stream.
    private static func writeAll(_ text: String, to descriptor: Int32, failure: WriteFailure) {
        guard failure.errno == nil else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 {
                failure.record(written < 0 ? errno : EIO)
                return
            }
            offset += written
        }
    }

    /// Writes `text`, a last look taking out every key of the environment (one
    /// of one to three characters only where it stands alone: the message is
    /// forecast's own, and hiding it whole left "[redacted]" for every error).
    func write(_ text: String) {
        if !text.isEmpty { failure.noteWritten() }
        sink(secrets.isEmpty ? text : SafeText.redact(text, secrets: secrets, short: .replaceWhereAlone))
    }

    func line(_ text: String = "") { write(text + "\n") }

    /// Written about 64 KB at a time: 100,000 places' lines are never joined into one text.
    func lines(_ texts: [String]) {
        var pending = ""
        for text in texts {
            pending += text + "\n"
            if pending.utf8.count >= 1 << 16 { write(pending); pending = "" }
        }
        write(pending)
    }

    func bold(_ text: String) -> String { usesColour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { usesColour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}
