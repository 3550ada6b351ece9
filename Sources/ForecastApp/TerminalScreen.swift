#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The thin terminal driver under `forecast browse`: raw mode and the
/// alternate screen on the way in, the terminal exactly as it was on the way
/// out (mode, cursor, screen), the window's size, one write per frame. Chosen
/// over ncursesw: curses trusts `wcwidth` and the terminal's cursor advance,
/// which disagree on emoji (tmux 3.3a draws ☀️ in one cell); `Frame` places
/// every cell after a wide or strange character itself, and frames are plain
/// values a test reads as text.
package final class TerminalScreen: @unchecked Sendable {
    let input: Int32
    let output: Int32
    private let saved: termios
    private let lock = NSLock()
    private var entered = false

    /// The terminal on `input` and `output`; nil when either is not one.
    package init?(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        var mode = termios()
        guard tcgetattr(input, &mode) == 0 else { return nil }
        self.input = input
        self.output = output
        saved = mode
    }

    /// Raw mode (keys as they are typed, Ctrl-C as a key so that quitting is
    /// always clean), the alternate screen, no cursor, no line wrap.
    package func enter() {
        lock.withLock {
            guard !entered else { return }
            var raw = saved
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_oflag &= ~tcflag_t(OPOST)
            raw.c_cflag |= tcflag_t(CS8)
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            _ = tcsetattr(input, TCSAFLUSH, &raw)
            entered = true
            // Bracketed paste too: a paste arrives marked, never as keys that run commands.
            writeAll("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[0m\u{1B}[2J")
        }
    }

    /// Everything `enter` changed, put back; safe to call more than once, and from a signal's handler queue.
    /// If a frame's write is stuck (a terminal that takes no output), the mode
    /// is restored without waiting for it.
    package func leave() {
        guard lock.lock(before: Date().addingTimeInterval(0.5)) else {
            var mode = saved
            _ = tcsetattr(input, TCSANOW, &mode)
            return
        }
        defer { lock.unlock() }
        guard entered else { return }
        entered = false
        writeAll("\u{1B}[0m\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        var mode = saved
        _ = tcsetattr(input, TCSAFLUSH, &mode)
    }

    /// The largest window drawn in full; a larger one is drawn in its top left corner
    /// (a terminal claiming 65535×65535 would otherwise ask for gigabytes of cells).
    package static let largest = (width: 1000, height: 500)

    /// Columns and rows; 80×24 when the terminal does not say.
    package func size() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (min(Int(size.ws_col), Self.largest.width), min(Int(size.ws_row), Self.largest.height))
    }

    /// One frame's bytes, in one write (more only if the terminal takes less).
    package func draw(_ text: String) {
        lock.withLock {
            guard entered, !text.isEmpty else { return }
            writeAll(text)
        }
    }

    private func writeAll(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(output, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return  // the terminal is gone (hung up): nothing more to draw
            }
            offset += written
        }
    }

    /// Reads the keyboard on a thread of its own, blocking in `read` (no
    /// polling: idle costs nothing), until the terminal closes.
    package func readKeys(_ deliver: @escaping @Sendable ([Key]) -> Void, closed: @escaping @Sendable () -> Void) {
        let input = self.input
        let thread = Thread {
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let keys = decoder.keys(buffer.prefix(count))
                if !keys.isEmpty { deliver(keys) }
            }
            closed()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
