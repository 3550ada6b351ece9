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
/// timeout is now the refresh's budget.
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

    final class Launched: @unchecked Sendable {
        private let lock = NSLock()
        private var instant: ContinuousClock.Instant?
        var at: ContinuousClock.Instant? { lock.withLock { instant } }
        func mark() { lock.withLock { instant = .now } }
    }

    /// The client itself: its connect timeout holds, where the request's deadline does not.
    @Test func theClientsConnectTimeoutHolds() async throws {
        let hole = try #require(Blackhole())
        let client = NetworkHTTPClient(connections: 1, connectTimeout: 1)
        let started = ContinuousClock.now
        await #expect(throws: WeatherError.self) {
            try await client.get(URL(string: "http://127.0.0.1:\(hole.port)/v1/forecast")!, deadline: .now + .seconds(1), maximumBodySize: 1 << 20)
        }
        await client.shutdown()
        #expect(ContinuousClock.now - started < .seconds(6), "1 s, not the 10 s default")
        withExtendedLifetime(hole) {}
    }

    @Test func theBudgetBoundsConnectingToAHostThatNeverAccepts() async throws {
        let hole = try #require(Blackhole())
        var cli = CLI()
        cli.environment["FORECAST_OPEN_METEO_URL"] = "http://127.0.0.1:\(hole.port)"
        cli.environment["FORECAST_OPEN_METEO_AIR_QUALITY_URL"] = "http://127.0.0.1:\(hole.port)"
        try HostileServiceTests.fivePlaces(cli)
        // Timed from the launch (a loaded machine queues the tests' binaries before that).
        let launched = Launched()
        let result = try await cli.run(
            ["list", "--refresh", "--timeout", "1", "--format", "json"], binary: CLI.binary, whileRunning: { _ in launched.mark() })
        let elapsed = ContinuousClock.now - (launched.at ?? .now)
        // Before: 10 s after the launch at least, whatever the budget; the bound leaves the rest to a loaded machine.
        #expect(elapsed < .seconds(9.5), "a 1 s budget")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("5 timeout"), "\(result.stderr)")
        withExtendedLifetime(hole) {}
    }
}
#endif
