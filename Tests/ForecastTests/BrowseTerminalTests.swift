import FlyingFox
import Foundation
import Testing
@testable import ForecastApp

/// `forecast browse` in a real terminal: the built binary in a tmux pane (tmux
/// 3.3a draws emoji in one cell, so columns are checked where they go wrong),
/// keys typed with `send-keys`, the screen read with `capture-pane`, and the
/// terminal's mode, screen and cursor compared before and after it quits.
/// `scripts/test` installs tmux; its absence fails the tests.
@Suite(.serialized) struct BrowseTerminalTests {
    /// One tmux server of the test's own (its own socket), with the test's environment.
    struct Tmux {
        let executable: String
        let socket = "forecast-test-\(UUID().uuidString.prefix(8))"
        let environment: [String: String]

        /// Runs tmux on this server (`plain`: the executable as it is, with `arguments` only).
        @discardableResult
        func run(_ arguments: [String], plain: Bool = false) async throws -> String {
            let process = Process()
            // Through bash (dash takes one-digit descriptors only), closing every descriptor but the standard three:
            // Foundation learns that a child ended when its end of a socket pair
            // closes, and the server the first tmux call starts would keep it open.
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            let closing = #"for fd in /proc/self/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] 2>/dev/null && eval "exec $n>&-"; done; exec "$@""#
            process.arguments = ["-c", closing, "bash", executable] + (plain ? [] : ["-L", socket, "-f", "/dev/null"]) + arguments
            process.environment = environment
            // A file, not a pipe: the server tmux starts keeps the client's output
            // open for as long as it runs, so a pipe would never end.
            let file = FileManager.default.temporaryDirectory.appending(path: "tmux-\(UUID().uuidString)")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            defer { try? FileManager.default.removeItem(at: file) }
            let output = try FileHandle(forWritingTo: file)
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let exited = AsyncStream<Void> { continuation in
                process.terminationHandler = { _ in
                    continuation.yield()
                    continuation.finish()
                }
            }
            try await ProcessLaunch.start(process)
            try output.close()
            for await _ in exited {}
            return String(decoding: try Data(contentsOf: file), as: UTF8.self)
        }

        func screen() async throws -> [String] {
            try await run(["capture-pane", "-p", "-t", "t"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }

        /// The screen once `condition` holds (the app draws in the background), or
        /// the last one seen after 20 s, which is a failure: a condition that
        /// never holds once waited its 20 s in silence (a column no longer drawn).
        func screen(
            until condition: ([String]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> [String] {
            var lines: [String] = []
            for _ in 0..<200 {
                lines = try await screen()
                if condition(lines) { return lines }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("the screen never showed what was awaited:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
            return lines
        }

        func keys(_ keys: String...) async throws { try await run(["send-keys", "-t", "t"] + keys) }
        func typed(_ text: String) async throws { try await run(["send-keys", "-t", "t", "-l", text]) }
        func format(_ format: String) async throws -> String {
            try await run(["display-message", "-p", "-t", "t", format]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        /// Ends the server, what runs in its pane, and its socket. The pane's processes
        /// inherit this process's blocked signals (SIGHUP among them): kill-server's
        /// hangup did not end them, the server waited for them, and tmux 3.3a leaves
        /// its socket behind. So the pane's process group is killed first, by its id.
        /// Synchronous, for `defer`: a test that throws halfway stops it too (a task
        /// started in `defer` could outlive the test run, leaving a server behind).
        func stop() {
            // Asked first: with its pane's processes gone, the server ends by itself.
            let socket = runNow(["display-message", "-p", "-t", "t", "#{socket_path}"])
            if let pane = Int32(runNow(["display-message", "-p", "-t", "t", "#{pane_pid}"])), pane > 1 { kill(-pane, SIGKILL) }
            _ = runNow(["kill-server"])
            if socket.hasSuffix("/" + self.socket) { unlink(socket) }
        }

        /// `run`, waiting on this thread (at a test's end only).
        private func runNow(_ arguments: [String]) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            let closing = #"for fd in /proc/self/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] 2>/dev/null && eval "exec $n>&-"; done; exec "$@""#
            process.arguments = ["-c", closing, "bash", executable, "-L", socket, "-f", "/dev/null"] + arguments
            process.environment = environment
            let file = FileManager.default.temporaryDirectory.appending(path: "tmux-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)  // checked by the open below
            defer { try? FileManager.default.removeItem(at: file) }
            guard let output = try? FileHandle(forWritingTo: file) else { return "" }
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            do { try ProcessLaunch.lock.withLock { try process.run() } } catch { return "" }
            try? output.close()
            process.waitUntilExit()
            return String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    static var tmuxPath: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A tmux pane running `forecast browse` on a database with three places, against the stub.
    func start(
        _ stub: StubWeatherService, width: Int, height: Int, arguments: String = "", places: [String] = ["Seoul", "Busan", "London"],
        environment more: [String: String] = [:]
    ) async throws -> (Tmux, CLI)? {
        guard let path = Self.tmuxPath else {
            Issue.record("tmux is missing: scripts/test installs it (apt-get install tmux)")
            return nil
        }
        var cli = CLI()
        cli.environment = stub.environment.merging(more) { _, new in new }
        for name in places { #expect(try await cli.run("add", name).status == 0) }
        var environment = cli.runEnvironment()
        environment["TERM"] = "xterm-256color"
        environment["TMUX"] = nil
        let tmux = Tmux(executable: path, environment: environment)
        let folder = cli.folder
        // The shell saves the terminal's mode before and after, and says how the app ended.
        let command = """
            stty -g > '\(folder.path("before"))'; '\(CLI.binary.path)' browse \(arguments); echo "EXIT=$?"; \
            stty -g > '\(folder.path("after"))'; sleep 20
            """
        CLI.noteLaunch()
        try await tmux.run(["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", command])
        return (tmux, cli)
    }

    func modes(_ cli: CLI) throws -> (before: String, after: String) {
        (try String(contentsOfFile: cli.folder.path("before"), encoding: .utf8), try String(contentsOfFile: cli.folder.path("after"), encoding: .utf8))
    }

    @Test func keysPageSearchAndCtrlCLeaveTheTerminalAsItWas() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        guard let (tmux, cli) = try await start(stub, width: 80, height: 24, arguments: "--list") else { return }
        defer { tmux.stop() }

        // The list, then the weather fetched in the background.
        var screen = try await tmux.screen { $0.contains { $0.contains("Seoul") && $0.contains("°C") } }
        #expect(screen[0].contains("forecast · 3 places"), "\(screen.joined(separator: "\n"))")
        #expect(try await tmux.format("#{alternate_on} #{cursor_flag}") == "1 0", "the alternate screen, no cursor")
        // Columns line up in tmux, which draws emoji in one cell: every row's temperature ends under the header's.
        // tmux's capture gives a character it draws in two cells once (⛅), one it
        // draws in one cell (☀️) once too, followed by the blank the frame put beside it.
        func cells(_ row: String) -> [Character] {
            row.flatMap { character -> [Character] in
                character.unicodeScalars.first?.properties.isEmojiPresentation == true ? [character, " "] : [character]
            }
        }
        let header = try #require(screen.first { $0.contains("Temp") })
        let column = try #require(header.range(of: "Temp")).upperBound.utf16Offset(in: header)
        for row in screen where row.contains("Seoul") || row.contains("Busan") || row.contains("London") {
            let drawn = cells(row)
            #expect(drawn.count >= column && drawn[column - 1] == "C", "'\(row)' against '\(header)'")
        }

        // Detail of the second place; paging wraps around.
        try await tmux.keys("j", "Enter")
        screen = try await tmux.screen { $0.first?.contains("2 / 3") == true }
        #expect(screen[1].contains("Busan"), "\(screen.joined(separator: "\n"))")
        try await tmux.keys("Left", "Left")
        screen = try await tmux.screen { $0.first?.contains("3 / 3") == true }
        #expect(screen[1].contains("London"), "\(screen.joined(separator: "\n"))")
        // The app records the viewed place in the background, after the frame is
        // drawn: under load it lands a moment later, so it is awaited (20 s at most).
        var viewed = try await cli.run("show", "--offline", "--format", "json")
        for _ in 0..<100 where !viewed.stdout.contains("\"London\"") {
            try await Task.sleep(for: .milliseconds(200))
            viewed = try await cli.run("show", "--offline", "--format", "json")
        }
        #expect(viewed.stdout.contains("\"London\""), "the page shown is the last viewed, as show keeps it")

        // Search in Hangul.
        try await tmux.keys("/")
        try await tmux.typed("부산")
        screen = try await tmux.screen { lines in
            lines.count > 1 && lines[1].contains("부산") && lines.contains { $0.hasPrefix("›") && $0.contains("부산") }
        }
        #expect(screen[1].contains("Search: 부산"), "\(screen.joined(separator: "\n"))")

        try await tmux.keys("Escape")
        _ = try await tmux.screen { $0.first?.contains("3 places") == true }
        // Ctrl-C, a key in raw mode, quits as q does, with its own status.
        try await tmux.keys("C-c")
        screen = try await tmux.screen { $0.contains { $0.contains("EXIT=") } }
        #expect(screen.contains { $0.contains("EXIT=130") }, "\(screen.joined(separator: "\n"))")
        _ = try await tmux.screen { _ in FileManager.default.fileExists(atPath: cli.folder.path("after")) }
        let (before, after) = try modes(cli)
        #expect(!before.isEmpty && before == after, "the terminal's mode is restored exactly")
        #expect(try await tmux.format("#{alternate_on} #{cursor_flag}") == "0 1", "the normal screen, the cursor shown")
    }

    /// Too small a window asks for more; made as large as the smallest the app
    /// draws in, the list, in Korean; SIGTERM then ends it with the terminal
    /// restored (Ctrl-C does too: the first test ends with it).
    @Test func aSmallWindowAsksForMoreAndSigtermRestoresTheTerminal() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        guard let (tmux, cli) = try await start(stub, width: 50, height: 15, arguments: "--lang ko") else { return }
        defer { tmux.stop() }
        var screen = try await tmux.screen { $0.joined().contains("60×20") }
        #expect(screen.joined(separator: " ").contains("60×20 이상이 필요합니다"), "\(screen.joined(separator: "\n"))")
        // The smallest size: the app draws itself again, in Korean, the keys on its last row.
        try await tmux.run(["resize-window", "-t", "t", "-x", "60", "-y", "20"])
        screen = try await tmux.screen { $0.first?.contains("3곳") == true }
        #expect(screen[0].contains("3곳"), "\(screen.joined(separator: "\n"))")
        #expect(screen.count >= 20 && (screen[19].contains("q 끝내기") || screen[18].contains("q 끝내기")), "\(screen.joined(separator: "\n"))")
        let shell = try await tmux.format("#{pane_pid}")
        let signal = Tmux(executable: "/usr/bin/pkill", environment: tmux.environment)
        _ = try await signal.run(["-TERM", "-P", shell, "forecast"], plain: true)
        screen = try await tmux.screen { $0.contains { $0.contains("EXIT=") } }
        #expect(screen.contains { $0.contains("EXIT=143") }, "\(screen.joined(separator: "\n"))")
        _ = try await tmux.screen { _ in FileManager.default.fileExists(atPath: cli.folder.path("after")) }
        let (before, after) = try modes(cli)
        #expect(!before.isEmpty && before == after)
        #expect(try await tmux.format("#{alternate_on} #{cursor_flag}") == "0 1")
    }
}

/// The terminal driver alone, on a pseudo-terminal of the test's own.
@Suite struct TerminalScreenTests {
    /// With a terminal that stopped reading, a frame's write blocks in the kernel
    /// holding the screen's lock; SIGTERM's restore gave up after 0.5 s and wrote
    /// nothing: the mode came back, but the alternate screen stayed and the
    /// cursor hidden. Now the screen and cursor are put back anyway, and leaving returns.
    @Test func theScreenIsRestoredWhenTheTerminalStopsReading() throws {
        let (master, name) = try Self.pseudoTerminal()
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        var before = termios()
        #expect(tcgetattr(slave, &before) == 0)
        let screen = try #require(TerminalScreen(input: slave, output: slave))
        screen.enter()
        // A frame far larger than the terminal's buffer, drawn while nobody reads the other end:
        // its write blocks, holding the lock, as with a terminal that stopped reading.
        let frame = String(repeating: "\u{1B}[1;1Hweather ", count: 100_000)
        Thread { screen.draw(frame) }.start()
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 10_000) == 1, "the frame's write began")
        usleep(100_000)  // and filled the buffer: the write is blocked, the lock held
        screen.leave()
        var after = termios()
        #expect(tcgetattr(slave, &after) == 0)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag, "the mode is restored")
        // What the terminal gets once it reads again: the screen and cursor put back.
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count < 4 << 20 {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                received += buffer[0..<count]
            } else if count < 0 && errno == EAGAIN {
                var more = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&more, 1, 200) != 1 { break }
            } else {
                break
            }
        }
        let restore = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)
        let found = received.count >= restore.count && (0...(received.count - restore.count)).contains { start in
            received[start..<(start + restore.count)].elementsEqual(restore)
        }
        #expect(found, "the cursor shown and the normal screen, in \(received.count) bytes")
        close(master)  // the stuck write, if any, ends (EIO)
    }

    /// A new pseudo-terminal: its controlling side, and the path of the terminal's side.
    static func pseudoTerminal() throws -> (Int32, String) {
        #if os(Linux)
        // Glibc's module leaves posix_openpt out: /dev/ptmx, unlocked, its number asked (TIOCSPTLCK, TIOCGPTN).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0 && ioctl(master, UInt(0x8004_5430), &number) == 0)
        return (master, "/dev/pts/\(number)")
        #else
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
        return (master, try #require(ptsname(master).map { String(cString: $0) }))
        #endif
    }
}
