import FlyingFox
import Foundation

/// A FlyingFox server on a loopback address answering every GET with what
/// `answer` makes of it, and counting the requests it got: for tests of the
/// HTTP client itself (redirects, hosts that hang), where the stub service's
/// routes are not the point.
final class LocalServer: Sendable {
    actor Log {
        var targets: [String] = []
        func record(_ target: String) { targets.append(target) }
    }

    let server: HTTPServer
    let task: Task<Void, any Error>
    let host: String
    let port: UInt16
    let log = Log()

    var url: String { "http://\(host):\(port)" }

    private init(server: HTTPServer, task: Task<Void, any Error>, host: String, port: UInt16) {
        self.server = server
        self.task = task
        self.host = host
        self.port = port
    }

    /// `host` must be a loopback address (127.0.0.1, 127.0.0.2: Linux answers for all of 127/8).
    static func start(
        host: String = "127.0.0.1", answer: @escaping @Sendable (FlyingFox.HTTPRequest, LocalServer) async throws -> FlyingFox.HTTPResponse
    ) async throws -> LocalServer {
        precondition(host.hasPrefix("127."), "tests talk to this machine only")
        let server = HTTPServer(address: try .inet(ip4: host, port: 0), timeout: 30, logger: .disabled)
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw CocoaError(.featureUnsupported) }
        let local = LocalServer(server: server, task: task, host: host, port: port)
        await server.appendRoute("GET /*") { request in
            await local.log.record(request.path + "?" + request.target.query())
            return try await answer(request, local)
        }
        return local
    }

    var requests: [String] { get async { await log.targets } }

    func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }
}
