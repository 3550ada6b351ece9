import ForecastCore
import ForecastProviders
import Foundation

/// An HTTP client that holds connections until it is shut down.
public protocol ClosableHTTPClient: HTTPClient {
    func shutdown() async
}

extension NetworkHTTPClient: ClosableHTTPClient {}

/// What the outside world provides to the use cases, in one value: `main`
/// makes the live one; tests make one with a fake HTTP client, a fixed clock
/// and an environment of their own.
public struct AppContext: Sendable {
    /// An HTTP client for `connections` requests in flight at once.
    public var makeHTTPClient: @Sendable (_ connections: Int) -> any ClosableHTTPClient
    public var clock: @Sendable () -> Date
    public var environment: [String: String]

    public init(
        makeHTTPClient: @escaping @Sendable (Int) -> any ClosableHTTPClient,
        clock: @escaping @Sendable () -> Date = { Date() },
        environment: [String: String]
    ) {
        self.makeHTTPClient = makeHTTPClient
        self.clock = clock
        self.environment = environment
    }

    /// The real network, clock and environment.
    public static func live(environment: [String: String] = ProcessInfo.processInfo.environment) -> AppContext {
        AppContext(makeHTTPClient: { NetworkHTTPClient(connections: $0) }, environment: environment)
    }
}
