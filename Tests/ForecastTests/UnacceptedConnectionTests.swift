#if canImport(Glibc)
import Foundation
import Glibc
import Testing
@testable import ForecastCore
@testable import ForecastProviders
@testable import ForecastStore

/// A host that never accepts a connection (it drops SYNs) held a refresh for
/// AsyncHTTPClient's own 10 s connect timeout whatever `--timeout` said: a
/// request's deadline does not stop a connection being made. The connect
/// timeout is now the refresh's budget. (Timed against the binary only: inside
/// the test process, a full parallel run starves the cooperative pool, and a
/// 1 s connect once measured 15 s there.)
@Suite(.serialized) struct UnacceptedConnectionTests {
    /// A listening socket whose accept queue is full, so that Linux drops every
    /// later SYN: connecting to it never succeeds nor fails. Nil if not made.
    final class Blackhole {
        let port: Int
        private var sockets: [Int32] = []

        init?() {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard listener >= 0 else { return nil }
            sockets.append(listener)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(listener, pointer, length) == 0 && listen(listener, 0) == 0 && getsockname(listener, pointer, &length) == 0
                }
            }
            guard bound else { return nil }
            port = Int(UInt16(bigEndian: address.sin_port))
            // Fill the queue: a backlog of 0 holds one connection; a few more to be sure.
            for _ in 0..<4 {
                let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
                guard client >= 0 else { return nil }
                sockets.append(client)
                _ = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
            }
            usleep(200_000)
        }

        deinit { for socket in sockets { close(socket) } }
    }

    @Test func theBudgetBoundsConnectingToAHostThatNeverAccepts() async throws {
        let hole = try #require(Blackhole())
        var cli = CLI()
        cli.environment["FORECAST_OPEN_METEO_URL"] = "http://127.0.0.1:\(hole.port)"
        cli.environment["FORECAST_OPEN_METEO_AIR_QUALITY_URL"] = "http://127.0.0.1:\(hole.port)"
        try HostileServiceTests.fivePlaces(cli)
        // Timed by a shell around the binary, not by this process: a loaded machine queues the
        // tests' binaries, and a full parallel run starves this process's own threads.
        cli.environment["FORECAST_UNDER_TEST"] = CLI.binary.path
        let script = #"""
            start=$(date +%s%N)
            "$FORECAST_UNDER_TEST" list --refresh --timeout 1 --format json >/dev/null 2>"$HOME/stderr.txt"
            status=$?
            end=$(date +%s%N)
            echo "$status $(( (end - start) / 1000000 ))"
            cat "$HOME/stderr.txt" >&2
            """#
        let result = try await cli.run(["-c", script], binary: URL(fileURLWithPath: "/bin/sh"))
        let fields = result.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(fields.count == 2, "\(result.stdout) \(result.stderr)")
        // Before: 10 s at least, whatever the budget; the bound leaves the rest to a loaded machine.
        #expect(fields[1] < 9_000, "a 1 s budget took \(fields[1]) ms")
        #expect(fields[0] == 2, "\(result.stderr)")
        #expect(result.stderr.contains("timed out: 5"), "\(result.stderr)")
        withExtendedLifetime(hole) {}
    }
}
#endif
