import AsyncHTTPClient
import ForecastCore
import Foundation
import NIOCore
import NIOHTTPCompression

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The one seam to the network. Errors it throws are already `WeatherError`s
/// and never contain the URL, which may hold a key.
public protocol HTTPClient: Sendable {
    /// GETs `url`; the whole exchange, body included, ends by `deadline`. A
    /// successful answer longer than `maximumBodySize` bytes is refused
    /// (`tooLarge`) as soon as it passes the limit; of an unsuccessful one only
    /// the first `HTTPBodyLimit.error` bytes are kept, and the rest is never read.
    func get(_ url: URL, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse
}

/// How much of an answer is worth reading.
public enum HTTPBodyLimit {
    /// An error's explanation is a line or two; a service that sends megabytes
    /// with its 500 costs no more than this.
    public static let error = 4 << 10
    /// The largest answer anything here needs, whatever a service asks for.
    public static let ceiling = 8 << 20

    /// `megabytes`, as a body size bounded by the ceiling.
    public static func megabytes(_ megabytes: Int) -> Int { min(ceiling, max(1, megabytes) << 20) }

    static func tooLarge(_ limit: Int) -> WeatherError {
        let megabytes = (limit + (1 << 20) - 1) >> 20
        return WeatherError(.badResponse, "the answer is larger than \(megabytes) MB", detail: .tooLarge(megabytes: megabytes))
    }
}

/// `HTTPClient` over swift-server's AsyncHTTPClient (SwiftNIO): waiting costs
/// no CPU, and the deadline holds for the head and the body alike.
///
/// Bodies are streamed and refused as soon as they pass the request's limit
/// (at most `maximumBodySize`), so a huge or endless answer never sits in
/// memory; gzip and deflate answers are decompressed with the ceiling as the
/// limit on what they expand to, and the request's limit applies to that.
/// Of an error's body only the first few KB are read.
public final class NetworkHTTPClient: HTTPClient {
    private let client: AsyncHTTPClient.HTTPClient
    private let maximumBodySize: Int
    private let userAgent: String

    /// `connections`: how many requests may be in flight to one host at once
    /// (AsyncHTTPClient's default of 8 would queue the rest). `connectTimeout`:
    /// the longest a connection may take to be accepted, at most 10 s; give the
    /// time budget of the work the client is for, since a request's deadline
    /// does not stop a connection that is being made (a host that drops SYNs
    /// held a 2 s refresh for 10 s).
    public init(
        connections: Int, connectTimeout: TimeInterval = 10, maximumBodySize: Int = HTTPBodyLimit.ceiling,
        userAgent: String = "forecast/0.3"
    ) {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 3, allowCycles: false),
            decompression: .enabled(limit: .size(maximumBodySize)))
        configuration.connectionPool = .init(
            idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, connections))
        // A refused connection is an answer ("nothing listens there"), not something to
        // retry until the deadline; the refresher decides about retries.
        configuration.connectionPool.retryConnectionEstablishment = false
        // The caller's deadline bounds everything else; connecting may not take longer than the budget.
        let connect = connectTimeout.isFinite ? min(max(connectTimeout, 0.05), 10) : 10
        configuration.timeout = .init(connect: .milliseconds(Int64(connect * 1000)))
        client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.maximumBodySize = maximumBodySize
        self.userAgent = userAgent
    }

    /// Closes the connections. Call once the client is no longer needed.
    public func shutdown() async {
        try? await client.shutdown()
    }

    public func get(_ url: URL, deadline: ContinuousClock.Instant, maximumBodySize limit: Int) async throws(WeatherError) -> HTTPResponse {
        let remaining = deadline - .now
        guard remaining > .zero else { throw WeatherError(.timeout, "no time left to ask", detail: .noTimeLeft) }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        let nanoseconds = remaining.components.seconds * 1_000_000_000 + remaining.components.attoseconds / 1_000_000_000
        let nioDeadline = NIODeadline.now() + .nanoseconds(nanoseconds)
        let prepared = request
        let limit = min(max(0, limit), maximumBodySize)
        do {
            // AsyncHTTPClient's own deadline stops at the response head; racing a
            // sleep until the deadline bounds reading the body too.
            return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask { try await self.exchange(prepared, deadline: nioDeadline, limit: limit) }
                group.addTask {
                    try await Task.sleep(until: deadline, clock: .continuous)
                    throw WeatherError(.timeout, "no complete answer in time", detail: .noAnswerInTime)
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch {
            throw Self.weatherError(error, host: url.host)
        }
    }

    private func exchange(_ request: HTTPClientRequest, deadline: NIODeadline, limit: Int) async throws -> HTTPResponse {
        let response = try await client.execute(request, deadline: deadline)
        let success = (200..<300).contains(response.status.code)
        if success, let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
            throw HTTPBodyLimit.tooLarge(limit)
        }
        let kept = success ? limit : min(limit, HTTPBodyLimit.error)
        // Gathered straight into the Data returned: one copy of the body, not two
        // (sixteen 4 MB answers in flight held both).
        var body = Data()
        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > 0 {
            body.reserveCapacity(min(length, kept))
        }
        for try await var chunk in response.body {
            guard body.count + chunk.readableBytes <= kept else {
                guard !success else { throw HTTPBodyLimit.tooLarge(limit) }
                // The start of an error is its explanation; leaving the loop drops the connection.
                if let start = chunk.readSlice(length: kept - body.count) { start.withUnsafeReadableBytes { body.append(contentsOf: $0) } }
                break
            }
            chunk.withUnsafeReadableBytes { body.append(contentsOf: $0) }
        }
        var headers: [String: String] = [:]
        for (name, value) in response.headers where headers[name.lowercased()] == nil {
            headers[name.lowercased()] = value
        }
        return HTTPResponse(status: Int(response.status.code), headers: headers, body: body)
    }

    /// What went wrong, in a kind and words; never the URL.
    static func weatherError(_ error: any Error, host: String?) -> WeatherError {
        let server = host.map { SafeText.clean($0, maxLength: 100) } ?? "the server"
        switch error {
        case let error as WeatherError:
            return error
        case is CancellationError:
            return WeatherError(.cancelled, "cancelled", detail: .cancelled)
        case let error as HTTPClientError:
            if [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout].contains(error) {
                return WeatherError(.timeout, "no complete answer in time", detail: .noAnswerInTime)
            }
            if error == .cancelled { return WeatherError(.cancelled, "cancelled", detail: .cancelled) }
            if error == .redirectLimitReached || error == .redirectCycleDetected {
                return WeatherError(.badResponse, "the server redirected too often", detail: .tooManyRedirects)
            }
            if error == .remoteConnectionClosed {
                return WeatherError(.network, "\(server) closed the connection", detail: .connectionClosed(server: server))
            }
            return WeatherError(.network, "cannot talk to \(server)", detail: .cannotTalk(server: server))
        case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
            return WeatherError(.badResponse, "the compressed answer is larger than allowed or damaged", detail: .damagedCompression)
        case let error where String(reflecting: type(of: error)).contains("ConnectionError"):
            return WeatherError(.network, "cannot connect to \(server)", detail: .cannotConnect(server: server))
        default:
            return WeatherError(.network, "cannot talk to \(server)", detail: .cannotTalk(server: server))
        }
    }
}

/// What an unsuccessful status means, for any provider.
enum HTTPStatus {
    static func error(_ response: HTTPResponse, reason: String?) -> WeatherError {
        let why = reason.map { ": \($0)" } ?? ""
        let status = response.status
        switch status {
        case 401, 403:
            return WeatherError(.unauthorized, "the service refused the API key (HTTP \(status))\(why)", detail: .refusedKey(status: status, reason: reason))
        case 404: return WeatherError(.notFound, "not found (HTTP 404)\(why)", detail: .notFound(reason: reason))
        case 429: return WeatherError(.rateLimited, "too many requests (HTTP 429)\(why)", detail: .tooManyRequests(reason: reason))
        case 500...599:
            return WeatherError(.provider, "the service failed (HTTP \(status))\(why)", detail: .serviceFailed(status: status, reason: reason))
        default: return WeatherError(.provider, "HTTP \(status)\(why)", detail: .status(status, reason: reason))
        }
    }

    /// Whether asking again may succeed: rate limits and server errors.
    static func isRetryable(_ status: Int) -> Bool { status == 429 || (500...599).contains(status) }

    /// Seconds to wait from a Retry-After header: delta-seconds or an HTTP date.
    /// Anything else (negative, fractional nonsense, a year away) is nil.
    static func retryAfter(_ headers: [String: String], now: Date = Date()) -> TimeInterval? {
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces), value.utf8.count <= 64 else { return nil }
        if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // Delta-seconds: digits only. Longer than a day is as good as never.
            return Double(value).map { min($0, 86_400) }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds.isFinite ? min(max(0, seconds), 86_400) : nil
    }
}
