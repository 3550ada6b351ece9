import FlyingFox
import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// Redirects are followed only when they keep the request's scheme, host and
/// port: a request may carry the OpenWeatherMap key in its query, and a 302 to
/// `http://` or to another host (its `Location` repeating the query) sent the
/// key in clear or to someone else. `FORECAST_ONLY_LOCAL_HOSTS=1` holds for
/// every hop. Only loopback addresses are used: 127.0.0.2 is this machine too,
/// but it is not a name the local-hosts rule allows, nor the request's host.
@Suite struct RedirectTests {
    static let key = "0123456789abcdef0123456789abcdef"

    /// A server that answers every request with a redirect to what `target` makes of the request.
    static func redirecting(to target: @escaping @Sendable (FlyingFox.HTTPRequest, LocalServer) -> String) async throws -> LocalServer {
        try await LocalServer.start { request, server in
            FlyingFox.HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: target(request, server)]))
        }
    }

    static func elsewhere() async throws -> LocalServer {
        try await LocalServer.start(host: "127.0.0.2") { _, _ in FlyingFox.HTTPResponse(statusCode: .ok, body: Data("{}".utf8)) }
    }

    func url(_ server: LocalServer) -> URL { URL(string: "\(server.url)/data/2.5/weather?lat=1&lon=2&appid=\(Self.key)")! }
    var deadline: ContinuousClock.Instant { .now + .seconds(120) }

    @Test func aRedirectToAnotherHostIsNotFollowed() async throws {
        let other = try await Self.elsewhere()
        let server = try await Self.redirecting { request, _ in
            "\(other.url)\(request.path)?\(request.target.query())"  // the key and all
        }
        let client = NetworkHTTPClient(connections: 1)
        await #expect(throws: WeatherError(.badResponse, detail: .redirectedElsewhere)) {
            try await client.get(url(server), deadline: deadline, maximumBodySize: 1 << 20)
        }
        #expect(await other.requests.isEmpty, "the key went to another host")
        await client.shutdown()
        await server.stop()
        await other.stop()
    }

    @Test func aRedirectToAnotherSchemeOrPortIsNotFollowed() async throws {
        let other = try await LocalServer.start { _, _ in FlyingFox.HTTPResponse(statusCode: .ok, body: Data("{}".utf8)) }
        let server = try await Self.redirecting { request, server in
            let query = request.target.query()
            // From http to https on the same host (the reverse of https to http, which sends the key in clear),
            // or to another port.
            return query.contains("lat=1")
                ? "https://127.0.0.1:\(server.port)\(request.path)?\(query)"
                : "http://127.0.0.1:\(other.port)\(request.path)?\(query)"
        }
        let client = NetworkHTTPClient(connections: 1)
        for latitude in ["1", "3"] {
            let asked = URL(string: "\(server.url)/data/2.5/weather?lat=\(latitude)&lon=2&appid=\(Self.key)")!
            await #expect(throws: WeatherError(.badResponse, detail: .redirectedElsewhere)) {
                try await client.get(asked, deadline: deadline, maximumBodySize: 1 << 20)
            }
        }
        #expect(await server.requests.count == 2, "no second request to the same server, over TLS")
        #expect(await other.requests.isEmpty)
        await client.shutdown()
        await server.stop()
        await other.stop()
    }

    /// The rule of the tests' harness (and of `FORECAST_ONLY_LOCAL_HOSTS=1`) holds for every hop, not the first alone.
    @Test func theLocalHostsRuleHoldsForEveryHop() async throws {
        let other = try await Self.elsewhere()
        let server = try await Self.redirecting { request, _ in "\(other.url)\(request.path)" }
        let client = NetworkHTTPClient(connections: 1, allowedHosts: NetworkHTTPClient.loopbackHosts)
        await #expect(throws: WeatherError(.network, detail: .cannotConnect(server: "a host that is not local"))) {
            try await client.get(url(server), deadline: deadline, maximumBodySize: 1 << 20)
        }
        #expect(await other.requests.isEmpty)
        await client.shutdown()
        await server.stop()
        await other.stop()
    }

    /// A redirect within the same server is still followed (a path moved), and a loop is cut.
    @Test func aRedirectWithinTheServerIsFollowed() async throws {
        let server = try await LocalServer.start { request, _ in
            switch request.path {
            case "/moved": FlyingFox.HTTPResponse(statusCode: .ok, body: Data(#"{"moved":true}"#.utf8))
            case "/loop": FlyingFox.HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "/loop?again"]))
            default: FlyingFox.HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: "/moved?" + request.target.query()]))
            }
        }
        let client = NetworkHTTPClient(connections: 1, allowedHosts: NetworkHTTPClient.loopbackHosts)
        let answer = try await client.get(url(server), deadline: deadline, maximumBodySize: 1 << 20)
        #expect(answer.status == 200 && answer.body == Data(#"{"moved":true}"#.utf8))
        await #expect(throws: WeatherError(.badResponse, detail: .tooManyRedirects)) {
            try await client.get(URL(string: "\(server.url)/loop")!, deadline: deadline, maximumBodySize: 1 << 20)
        }
        await client.shutdown()
        await server.stop()
    }

    /// The command line: OpenWeatherMap's key never reaches the host a redirect names, nor any message.
    /// (`localhost` is another host than 127.0.0.1, though the same machine, and one the tests' rule allows.)
    @Test func theKeyIsNeverSentWhereARedirectPoints() async throws {
        let other = try await LocalServer.start { _, _ in FlyingFox.HTTPResponse(statusCode: .ok, body: Data("{}".utf8)) }
        let server = try await Self.redirecting { request, _ in "http://localhost:\(other.port)\(request.path)?\(request.target.query())" }
        var cli = CLI()
        cli.environment = ["FORECAST_OPENWEATHER_URL": server.url, "OPENWEATHER_API_KEY": Self.key]
        try HostileServiceTests.places(cli, count: 1)
        let result = await cli.runInProcess(["list", "--provider", "openweathermap", "--format", "json", "--timeout", "60"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.contains("\"badResponse\""), "\(result.stdout)")
        #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key))
        #expect(await other.requests.isEmpty)
        await server.stop()
        await other.stop()
    }
}
