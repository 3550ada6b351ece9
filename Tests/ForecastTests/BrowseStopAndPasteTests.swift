import Foundation
import Testing
@testable import ForecastApp

/// Issue 38, finding 19c: a bracketed paste whose end never came left the app
/// deaf to everything but Ctrl-C. It ends after a second without a byte.
extension BrowsePseudoTerminalTests {
    @Test func aPasteWithoutItsEndEndsAfterASecond() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        let (terminal, cli, app) = try await start(stub, width: 80, height: 24, arguments: ["--list"])
        defer { terminal.close() }
        defer { withExtendedLifetime(cli) {} }
        _ = try await terminal.screen { $0.first?.contains("3 places") == true }
        await terminal.type("\u{1B}[200~jjj")  // no ESC [ 201 ~
        try await Task.sleep(for: .milliseconds(1500))
        await terminal.type("s")
        let screen = try await terminal.screen { $0.first?.contains("by name") == true }
        #expect(screen.first?.contains("by name") == true, "keys are keys again: \(screen.joined(separator: "\n"))")
        await terminal.type("q")
        // Bounded: a deaf app is ended with Ctrl-C (which even a paste lets through), and that is the failure.
        let ended = Task { try await app.value }
        let quit = Task {
            try await Task.sleep(for: .seconds(10))
            await terminal.type("\u{03}")
        }
        let result = try await ended.value
        quit.cancel()
        #expect(result.status == 0, "q quit the app: \(result.status)")
    }
}

@Suite struct PasteDecoderTests {
    @Test func aPasteIsEndedByTheReaderWhenItsEndNeverComes() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(Array("\u{1B}[200~abc".utf8)).isEmpty && decoder.isPasting)
        #expect(decoder.endPaste() == [.paste("abc")] && !decoder.isPasting)
        #expect(decoder.keys(Array("q".utf8)) == [.character("q")], "keys again")
        // The start of the end, cut between two reads, is no Escape key.
        #expect(decoder.keys(Array("\u{1B}[200~xy\u{1B}".utf8)).isEmpty)
        #expect(decoder.keys(Array("[201~q".utf8)) == [.paste("xy"), .character("q")])
    }
}

/// Issue 38, findings 19d and 19e, with the binary in tmux: a change and `q`
/// read together quit before the change was written, and SIGSTOP then SIGCONT
/// ended the app (continued in the background, its read failed and it took
/// that for the terminal closing); SIGTSTP was ignored, the terminal left raw.
extension BrowseTerminalTests {
    @Test func aChangeTypedWithQIsWrittenBeforeTheAppEnds() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        let name = #""key" : "name""#, fahrenheit = #""temperature" : "fahrenheit""#
        // Five rounds, as the attack tried it (0 of 5 were saved).
        for (keys, expected) in [("sq", [name]), ("uq", [fahrenheit]), ("su\u{03}", [name, fahrenheit]), ("sq", [name]), ("uq", [fahrenheit])] {
            guard let (tmux, cli) = try await start(stub, width: 80, height: 24, arguments: "--list", places: ["Seoul"]) else { return }
            defer { tmux.stop() }
            _ = try await tmux.screen { $0.contains { $0.contains("Seoul") } }
            try await tmux.typed(keys)  // one write: the app reads them together
            _ = try await tmux.screen { $0.contains { $0.contains("EXIT=") } }
            let saved = try await cli.run("list", "--offline", "--format", "json").stdout
            #expect(expected.allSatisfy(saved.contains), "\(keys.debugDescription): \(saved)")
        }
    }

    /// The app's process in the pane (a child of its shell).
    func appProcess(_ tmux: Tmux) async throws -> pid_t? {
        let shell = try await tmux.format("#{pane_pid}")
        let found = try await Tmux(executable: "/usr/bin/pgrep", environment: tmux.environment).run(["-P", shell, "forecast"], plain: true)
        return found.split(separator: "\n").first.flatMap { pid_t(String($0)) }
    }

    /// "T" when stopped, "S" or "R" when running, nil when gone.
    func processState(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
    }

    func waitForState(_ pid: pid_t, _ wanted: @escaping (String?) -> Bool) async throws -> String? {
        for _ in 0..<100 {
            if wanted(processState(pid)) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return processState(pid)
    }

    /// An interactive shell in a tmux pane (job control: it takes the terminal back from a stopped job).
    func startShell(_ stub: StubWeatherService) async throws -> (Tmux, CLI)? {
        guard let path = Self.tmuxPath else {
            Issue.record("tmux is missing: scripts/test installs it (apt-get install tmux)")
            return nil
        }
        var cli = CLI()
        cli.environment = stub.environment
        for name in ["Seoul", "Busan", "London"] { #expect(try await cli.run("add", name).status == 0) }
        var environment = cli.runEnvironment()
        environment["TERM"] = "xterm-256color"
        environment["TMUX"] = nil
        let tmux = Tmux(executable: path, environment: environment)
        CLI.noteLaunch()
        try await tmux.run(["new-session", "-d", "-s", "t", "-x", "80", "-y", "24", "bash --norc --noprofile -i"])
        return (tmux, cli)
    }

    @Test func stoppedAndContinuedInAnInteractiveShellTheAppGoesOnAfterFg() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        guard let (tmux, cli) = try await startShell(stub) else { return }
        defer { tmux.stop() }
        _ = cli
        _ = try await tmux.screen { $0.contains { $0.hasPrefix("bash-") } }
        try await tmux.typed("'\(CLI.binary.path)' browse --list\r")
        _ = try await tmux.screen { $0.first?.contains("3 places") == true }
        let pid = try #require(try await appProcess(tmux))
        // The app runs in a process group of its own, which stopping the pane's does not reach.
        defer { kill(pid, SIGKILL) }
        kill(pid, SIGSTOP)
        _ = try await tmux.screen { $0.contains { $0.contains("Stopped") } }
        kill(pid, SIGCONT)
        // Continued in the background: the terminal put back, the app stopped again (a job that wants the terminal).
        let state = try await waitForState(pid) { $0 == "T" }
        #expect(state == "T", "alive and stopped, not ended: \(String(describing: state))")
        #expect(try await tmux.format("#{alternate_on}") == "0", "the shell's screen")
        try await tmux.typed("fg\r")
        let screen = try await tmux.screen { $0.first?.contains("3 places") == true }
        #expect(screen.contains { $0.contains("London") }, "drawn again whole: \(screen.joined(separator: "\n"))")
        try await tmux.typed("s")
        _ = try await tmux.screen { $0.first?.contains("by name") == true }
        try await tmux.typed("q")
        let gone = try await waitForState(pid) { $0 == nil }
        #expect(gone == nil, "q still quits")
        #expect(try await tmux.format("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test func sigtstpPutsTheTerminalBackAndSigcontDrawsAgain() async throws {
        let stub = try await StubWeatherService.start()
        defer { Task { await stub.stop() } }
        guard let (tmux, cli) = try await start(stub, width: 80, height: 24, arguments: "--list") else { return }
        defer { tmux.stop() }
        _ = try await tmux.screen { $0.contains { $0.contains("Seoul") } }
        let pid = try #require(try await appProcess(tmux))
        // SIGSTOP and SIGCONT with no shell taking the terminal: the app goes on, drawn again.
        kill(pid, SIGSTOP)
        kill(pid, SIGCONT)
        #expect(try await waitForState(pid) { $0 != "T" } != "T")
        kill(pid, SIGTSTP)
        #expect(try await waitForState(pid) { $0 == "T" } == "T", "stopped")
        #expect(try await tmux.format("#{alternate_on} #{cursor_flag}") == "0 1", "the terminal as it was, while stopped")
        kill(pid, SIGCONT)
        var screen = try await tmux.screen { $0.first?.contains("3 places") == true }
        #expect(try await tmux.format("#{alternate_on}") == "1" && screen.contains { $0.contains("London") }, "\(screen.joined(separator: "\n"))")
        try await tmux.typed("s")
        screen = try await tmux.screen { $0.first?.contains("by name") == true }
        try await tmux.typed("q")
        screen = try await tmux.screen { $0.contains { $0.contains("EXIT=") } }
        #expect(screen.contains { $0.contains("EXIT=0") }, "\(screen.joined(separator: "\n"))")
        _ = try await tmux.screen { _ in FileManager.default.fileExists(atPath: cli.folder.path("after")) }
        let (before, after) = try modes(cli)
        #expect(!before.isEmpty && before == after, "the terminal's mode is restored exactly")
    }
}
