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
