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
/// 1 s connect once measured 15 s there; run in-process on threads of their
/// own, 15 s again with a release build beside the tests.)
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

    /// Connecting to a host that drops SYNs is bounded: by the budget when it is
    /// the weather's host (`--timeout 1`: before, 10 s at least, whatever the
    /// budget); by the air's grace when only the air's host is (an air-quality
    /// host that never accepted held `list --refresh` for the whole budget,
    /// 10.02 s, although the grace had cut it at 2 s: shutting the HTTP client
    /// down waited for the connection still being made, until its connect
    /// timeout). One test, one hole, two runs of the binary, each timed by a
    /// shell around it (the bounds leave the rest to a loaded machine).
    @Test func aHostThatNeverAcceptsHoldsNothingPastItsBound() async throws {
        let hole = try #require(Blackhole())
        var cli = CLI()
        cli.environment["FORECAST_OPEN_METEO_URL"] = "http://127.0.0.1:\(hole.port)"
        cli.environment["FORECAST_OPEN_METEO_AIR_QUALITY_URL"] = "http://127.0.0.1:\(hole.port)"
        try HostileServiceTests.fivePlaces(cli)
        let run = try await Self.timed(cli, "--timeout 1")
        #expect(run.milliseconds < 9_000, "a 1 s budget took \(run.milliseconds) ms")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("timed out: 5"), "\(run.stderr)")

        // Only the air's host never accepts: the weather is shown, the air cut by its grace.
        let stub = try await StubWeatherService.start()
        var air = CLI()
        air.environment = stub.environment
        air.environment["FORECAST_OPEN_METEO_AIR_QUALITY_URL"] = "http://127.0.0.1:\(hole.port)"
        try HostileServiceTests.fivePlaces(air)
        let graced = try await Self.timed(air, "--timeout 60")
        #expect(graced.milliseconds < 9_800, "the 2 s grace took \(graced.milliseconds) ms")
        #expect(graced.status == 0, "\(graced.stderr)")
        let output = try Data(contentsOf: air.folder.url.appending(path: "stdout.json"))
        let items = try #require((try JSONSerialization.jsonObject(with: output) as? [String: Any])?["locations"] as? [[String: Any]])
        #expect(items.count == 5)
        for item in items {
            #expect(item["error"] == nil && item["weather"] != nil, "\(item)")
            #expect((item["airQualityError"] as? [String: Any])?["kind"] as? String == "timeout", "\(item)")
        }
        await stub.stop()
        withExtendedLifetime(hole) {}
    }

    /// `forecast list --refresh --format json` with `options`, its JSON kept in $HOME/stdout.json,
    /// timed by a shell around the binary, not by this process: a loaded machine queues the
    /// tests' binaries, and a full parallel run starves this process's own threads.
    static func timed(_ cli: CLI, _ options: String) async throws -> (status: Int, milliseconds: Int, stderr: String) {
        var cli = cli
        cli.environment["FORECAST_UNDER_TEST"] = CLI.binary.path
        let script = #"""
            start=$(date +%s%N)
            "$FORECAST_UNDER_TEST" list --refresh \#(options) --format json >"$HOME/stdout.json" 2>"$HOME/stderr.txt"
            status=$?
            end=$(date +%s%N)
            echo "$status $(( (end - start) / 1000000 ))"
            cat "$HOME/stderr.txt" >&2
            """#
        let result = try await cli.run(["-c", script], binary: URL(fileURLWithPath: "/bin/sh"))
        let fields = result.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(fields.count == 2, "\(result.stdout) \(result.stderr)")
        return (fields[0], fields[1], result.stderr)
    }

    /// The client's shutdown does not wait for a connection being made: the
    /// request cancelled, it is over, whatever the connect timeout (60 s here, so
    /// that a loaded machine's slowness cannot be taken for waiting).
    @Test func shuttingTheClientDownDoesNotWaitForAConnectionBeingMade() async throws {
        let hole = try #require(Blackhole())
        let client = NetworkHTTPClient(connections: 1, connectTimeout: 60)
        let started = ContinuousClock.now
        let url = URL(string: "http://127.0.0.1:\(hole.port)/v1/air-quality")!
        let request = Task { () async throws(WeatherError) -> HTTPResponse in
            try await client.get(url, deadline: .now + .seconds(120), maximumBodySize: 1 << 20)
        }
        try await Task.sleep(for: .milliseconds(300))
        request.cancel()
        await #expect(throws: WeatherError(.cancelled, detail: .cancelled)) { try await request.value }
        await client.shutdown()
        // Before, the shutdown returned only once the connect timeout had passed.
        #expect(ContinuousClock.now - started < .seconds(50))
        withExtendedLifetime(hole) {}
    }
}
#endif
