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
    /// Where frames are written, from `enter` to `leave`: a descriptor of the
    /// screen's own on the terminal, non-blocking (the terminal's own is shared
    /// with the shell, whose mode must stay as it is), so that a write never
    /// waits in the kernel where nothing can stop it.
    private var writer: Int32 = -1
    /// A frame's write stopped halfway (`leave` came while it waited): the restore starts with CAN.
    private var frameCut = false
    /// Set by `leave` without the lock: a frame's write waiting for a terminal that does not read gives up.
    private let leaving = Flag()

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
            setUp()
        }
    }

    /// `enter` again after the process was stopped and goes on: the mode and the
    /// screen set up whether or not the app left them (SIGSTOP cannot be caught,
    /// and a shell that took the terminal meanwhile set its own mode), the screen
    /// cleared for a whole frame.
    package func resume() {
        lock.withLock { setUp() }
    }

    /// Raw mode, and the screen's set-up written; the lock held.
    private func setUp() {
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
        if !entered {
            entered = true
            writer = ttyname(output).map { open($0, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) } ?? -1
        }
        leaving.set(false)
        frameCut = false
        // Bracketed paste too: a paste arrives marked, never as keys that run commands.
        // The alternate screen, no cursor, no wrap, bracketed paste, and the mouse's presses and wheel (SGR form).
        writeAll("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h\u{1B}[0m\u{1B}[2J")
    }

    /// Whether this process's group has the terminal (or the terminal does not
    /// say: not the controlling one). A job continued in the background does not.
    package var inForeground: Bool { Self.inForeground(input) }

    static func inForeground(_ descriptor: Int32) -> Bool {
        let group = tcgetpgrp(descriptor)
        return group <= 0 || group == getpgrp()
    }

    /// What `enter` changed on screen, put back: attributes, paste marks, line wrap, the cursor, the normal screen.
    static let restore = "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    /// Everything `enter` changed, put back; safe to call more than once, and from a signal's handler queue.
    /// Bounded whatever the terminal does: with a terminal that stopped reading, a
    /// frame's write that waits for it gives up, what the terminal has not taken
    /// is dropped (a frame nobody will see now) to make room for the restore,
    /// and the mode is set without waiting for the output to drain.
    package func leave() {
        leaving.set(true)
        guard lock.lock(before: Date().addingTimeInterval(1)) else {
            // Never seen (a frame's write gives up within 50 ms): the mode at least.
            var mode = saved
            _ = tcsetattr(input, TCSANOW, &mode)
            return
        }
        defer { lock.unlock() }
        guard entered else { return }
        entered = false
        // CAN ends an escape sequence a frame cut short left half written.
        writeRestore((frameCut ? "\u{18}" : "") + Self.restore)
        if writer >= 0 { close(writer) }
        writer = -1
        var mode = saved
        _ = tcsetattr(input, TCSANOW, &mode)
        // What was typed meanwhile is not the shell's (TCSAFLUSH did this, but waited for the output to drain first).
        _ = tcflush(input, TCIFLUSH)
    }

    /// The restore, for a second at most: when the terminal takes nothing, what
    /// it has not taken is dropped and the restore is written again from its
    /// start, after CAN.
    private func writeRestore(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        let deadline = Date().addingTimeInterval(1)
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(writer >= 0 ? writer : output, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK, Date() < deadline else { return }
            _ = tcflush(output, TCOFLUSH)
            bytes = Array(("\u{18}" + Self.restore).utf8)
            offset = 0
            usleep(10_000)
        }
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

    /// Writes `text` whole, waiting while the terminal takes no more; gives up
    /// when `leave` is under way (or the terminal is gone).
    private func writeAll(_ text: String) {
        let descriptor = writer >= 0 ? writer : output
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return }  // the terminal is gone (hung up)
            if leaving.isSet {
                frameCut = offset > 0
                return
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, 50)
        }
    }

    /// Reads the keyboard on a thread of its own, blocking in `read` (no
    /// polling: idle costs nothing), until the terminal closes. Inside a
    /// bracketed paste, a read waits `KeyDecoder.pasteQuiet` at most: a paste
    /// whose end never comes is ended then (it left the app deaf to all but Ctrl-C).
    package func readKeys(_ deliver: @escaping @Sendable ([Key]) -> Void, closed: @escaping @Sendable () -> Void) {
        let input = self.input
        let thread = Thread {
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                if decoder.isPasting {
                    var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                    let waited = poll(&ready, 1, Int32(KeyDecoder.pasteQuiet.components.seconds * 1000))
                    if waited < 0 && errno == EINTR { continue }
                    if waited == 0 {
                        let keys = decoder.endPaste()
                        if !keys.isEmpty { deliver(keys) }
                        continue
                    }
                }
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                // Continued in the background (the shell took the terminal while the app was
                // stopped): the read fails, SIGTTIN being blocked here. The terminal is still
                // there; the app stops until `fg` (watchSignals), and reads again then.
                if count < 0 && errno == EIO && !Self.inForeground(input) {
                    usleep(100_000)
                    continue
                }
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

/// A flag one thread sets and another reads, under a lock of its own that is never held while waiting.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set(_ new: Bool) { lock.withLock { value = new } }
}
