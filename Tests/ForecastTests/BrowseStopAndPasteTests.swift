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

/// Issue 38, finding 19d, with the binary in tmux: a change and `q` read
/// together quit before the change was written.
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
}
