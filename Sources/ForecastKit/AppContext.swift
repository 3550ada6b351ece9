import ForecastCore
import ForecastGazetteer
import ForecastProviders
import Foundation

/// An HTTP client that holds connections until it is shut down.
public protocol ClosableHTTPClient: HTTPClient {
    func shutdown() async
}

extension NetworkHTTPClient: ClosableHTTPClient {}

/// What an HTTP client is made for: how many requests go at once, and the
/// time budget of the whole work (no connection may take longer to be made).
public struct HTTPClientNeeds: Sendable {
    public var connections: Int
    public var budget: TimeInterval

    public init(connections: Int, budget: TimeInterval) {
        self.connections = connections
        self.budget = budget
    }
}

/// What the outside world provides to the use cases, in one value: `main`
/// makes the live one (`live`); tests make one with a fake HTTP client, a
/// fixed clock, time that passes only when slept (their budget clock and
/// sleeper), a grace that ends only when the test lets time pass, no files
/// and an environment of their own. Nothing has a default: whoever makes a context says where each part
/// of the world comes from.
public struct AppContext: Sendable {
    /// An HTTP client for the work `needs` describes.
    public var makeHTTPClient: @Sendable (_ needs: HTTPClientNeeds) -> any ClosableHTTPClient
    public var clock: @Sendable () -> Date
    /// What time budgets are measured on (a refresh's, the geocoder's).
    public var budgetClock: BudgetClock
    /// How the work waits (the rate limit, a retry's pause).
    public var sleeper: Sleeper
    /// What the companions' grace is measured and waited on (the sources beside the weather).
    public var graceClock: GraceClock
    public var environment: [String: String]
    public var gazetteer: Gazetteer
    public var files: FileReader

    public init(
        makeHTTPClient: @escaping @Sendable (HTTPClientNeeds) -> any ClosableHTTPClient,
        clock: @escaping @Sendable () -> Date,
        budgetClock: BudgetClock,
        sleeper: Sleeper,
        graceClock: GraceClock,
        environment: [String: String],
        gazetteer: Gazetteer,
        files: FileReader
    ) {
        self.makeHTTPClient = makeHTTPClient
        self.clock = clock
        self.budgetClock = budgetClock
        self.sleeper = sleeper
        self.graceClock = graceClock
        self.environment = environment
        self.gazetteer = gazetteer
        self.files = files
    }

    /// Set to 1, the HTTP client talks to this machine only: the test harness
    /// sets it, so a service URL it forgot to point here is refused, not asked.
    public static let localOnlyVariable = "FORECAST_ONLY_LOCAL_HOSTS"

    /// Set to an ISO 8601 moment ("2026-11-23T03:00:00Z"), the clock reads
    /// that moment: README's examples are regenerated against a stub service
    /// fixed to the same one (scripts/readme-examples). Anything else is ignored.
    public static let fixedClockVariable = "FORECAST_NOW"

    /// The real network, clock and environment.
    public static func live(environment: [String: String] = ProcessInfo.processInfo.environment) -> AppContext {
        let hosts = environment[localOnlyVariable] == "1" ? NetworkHTTPClient.loopbackHosts : nil
        let fixed = environment[fixedClockVariable].flatMap { ISO8601DateFormatter().date(from: $0) }
        return AppContext(
            makeHTTPClient: { NetworkHTTPClient(connections: $0.connections, connectTimeout: $0.budget, allowedHosts: hosts) },
            clock: { fixed ?? Date() }, budgetClock: .live, sleeper: .live, graceClock: .live,
            environment: environment, gazetteer: .bundled, files: .live)
    }
}

/// The few files the use cases read (the tz database, /etc/localtime).
public struct FileReader: Sendable {
    public var readText: @Sendable (_ path: String) -> String?
    public var symbolicLinkTarget: @Sendable (_ path: String) -> String?

    public init(
        readText: @escaping @Sendable (String) -> String?, symbolicLinkTarget: @escaping @Sendable (String) -> String?
    ) {
        self.readText = readText
        self.symbolicLinkTarget = symbolicLinkTarget
    }

    /// No file at all: what a test context reads unless it gives files of its own.
    public static let unavailable = FileReader(readText: { _ in nil }, symbolicLinkTarget: { _ in nil })

    public static let live = FileReader(
        readText: { try? String(contentsOfFile: $0, encoding: .utf8) },
        symbolicLinkTarget: { try? FileManager.default.destinationOfSymbolicLink(atPath: $0) })
}
