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

/// A GET to make: the URL and the headers a service asks for (a User-Agent
/// naming a contact, If-Modified-Since).
public struct ServiceRequest: Hashable, Sendable {
    public var url: URL
    /// Names as the service documents them; values already checked to be
    /// visible ASCII (they come from forecast, never from an answer).
    public var headers: [String: String]

    public init(_ url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// The one seam to the network. Errors it throws are already `WeatherError`s
/// and never contain the URL, which may hold a key.
public protocol HTTPClient: Sendable {
    /// GETs `request`; the whole exchange, body included, ends by `deadline`. A
    /// successful answer longer than `maximumBodySize` bytes is refused
    /// (`tooLarge`) as soon as it passes the limit; of an unsuccessful one only
    /// the first `HTTPBodyLimit.error` bytes are kept, and the rest is never read.
    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse
}

extension HTTPClient {
    /// GETs `url` with no headers of its own.
    public func get(_ url: URL, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        try await get(ServiceRequest(url), deadline: deadline, maximumBodySize: maximumBodySize)
    }
}

/// How much of an answer is worth reading.
public enum HTTPBodyLimit {
    /// An error's explanation is a line or two; a service that sends megabytes
    /// with its 500 costs no more than this.
    public static let error = 4 << 10
    /// The largest answer anything here needs, whatever a service asks for.
    public static let ceiling = 8 << 20
    /// The most bytes of answers one refresh holds at once, counting each at
    /// its limit from before it is asked until it is decoded or dropped:
    /// eight 2 MB answers (the default batches, at the default concurrency),
    /// four of 4 MB (`--batch-size 100`), sixteen of OpenWeatherMap's 1 MB.
    public static let heldAtOnce = 16 << 20

    /// `megabytes`, as a body size bounded by the ceiling.
    public static func megabytes(_ megabytes: Int) -> Int { min(ceiling, max(1, megabytes) << 20) }

    static func tooLarge(_ limit: Int) -> WeatherError {
        let megabytes = (limit + (1 << 20) - 1) >> 20
        return WeatherError(.badResponse, detail: .tooLarge(megabytes: megabytes))
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
///
/// Redirects are followed by hand, at most `maximumRedirects` of them, and
/// only those that keep the scheme, host and port of the request: a request
/// may carry a key in its query, and a redirect to `http://` or to another
/// host would send it in clear or to someone else. Any other redirect fails
/// the request (`redirectedElsewhere`) without a connection being made, and
/// every hop is held to `allowedHosts`.
public final class NetworkHTTPClient: HTTPClient {
    private let client: AsyncHTTPClient.HTTPClient
    private let maximumBodySize: Int
    private let userAgent: String
    /// When set, the only hosts it talks to (lower case): the tests' client
    /// refuses every host that is not this machine, so a URL variable a test
    /// forgot never reaches a real service.
    private let allowedHosts: Set<String>?

    /// The hosts of this machine, for `allowedHosts`.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    /// `connections`: how many requests may be in flight to one host at once
    /// (AsyncHTTPClient's default of 8 would queue the rest). `connectTimeout`:
    /// the longest a connection may take to be accepted, at most 10 s; give the
    /// time budget of the work the client is for, since a request's deadline
    /// does not stop a connection that is being made (a host that drops SYNs
    /// held a 2 s refresh for 10 s).
    public init(
        connections: Int, connectTimeout: TimeInterval = 10, maximumBodySize: Int = HTTPBodyLimit.ceiling,
        userAgent: String = Project.userAgent(), allowedHosts: Set<String>? = nil
    ) {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            // Followed here, where each hop is checked (see the type's comment).
            redirectConfiguration: .disallow,
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
        self.allowedHosts = allowedHosts
    }

    /// Closes the connections. Call once the client is no longer needed.
    ///
    /// Returns at once, without waiting for the pool to be done: its shutdown
    /// waits for any connection still being made, and a host that drops SYNs
    /// held it until the connect timeout, long after the work that needed the
    /// client had ended (the air's 2 s grace became the whole 10 s budget). The
    /// pool closes what it can at once, ends the rest by the connect timeout,
    /// and keeps itself alive until then.
    public func shutdown() async {
        client.shutdown(queue: .global()) { _ in }
    }

    /// How many redirects one request may follow.
    static let maximumRedirects = 3

    public func get(_ asked: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize limit: Int) async throws(WeatherError) -> HTTPResponse {
        let url = asked.url
        let remaining = deadline - .now
        guard remaining > .zero else { throw WeatherError(.timeout, detail: .noTimeLeft) }
        try checkAllowed(url)
        let nanoseconds = remaining.components.seconds * 1_000_000_000 + remaining.components.attoseconds / 1_000_000_000
        let nioDeadline = NIODeadline.now() + .nanoseconds(nanoseconds)
        let limit = min(max(0, limit), maximumBodySize)
        do {
            // AsyncHTTPClient's own deadline stops at the response head; racing a
            // sleep until the deadline bounds reading the body (and every hop) too.
            return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask { try await self.following(asked, deadline: nioDeadline, limit: limit) }
                group.addTask {
                    try await Task.sleep(until: deadline, clock: .continuous)
                    throw WeatherError(.timeout, detail: .noAnswerInTime)
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch {
            throw Self.weatherError(error, host: url.host)
        }
    }

    /// Refuses a URL whose host is not one of `allowedHosts`, and one whose
    /// port no socket has (NIO traps on a port past 65535 given with an address).
    private func checkAllowed(_ url: URL) throws(WeatherError) {
        if let allowedHosts, !allowedHosts.contains((url.host ?? "").lowercased()) {
            throw WeatherError(.network, detail: .cannotConnect(server: "a host that is not local"))
        }
        if let port = url.port, !Self.ports.contains(port) {
            throw WeatherError(.network, detail: .cannotConnect(server: "port \(port)"))
        }
    }

    /// The ports a URL may name.
    public static let ports = 1...65_535

    /// `asked`, and the redirects that keep its origin (scheme, host, port).
    private func following(_ asked: ServiceRequest, deadline: NIODeadline, limit: Int) async throws -> HTTPResponse {
        var url = asked.url
        var visited: Set<String> = [url.absoluteString]
        for hop in 0...Self.maximumRedirects {
            let response = try await exchange(request(url, asked.headers), deadline: deadline, limit: limit)
            guard Self.redirectStatuses.contains(response.status), let location = response.headers["location"] else { return response }
            guard hop < Self.maximumRedirects else { break }
            guard let next = Self.redirectTarget(location, from: url) else {
                throw WeatherError(.badResponse, detail: .redirectedElsewhere)
            }
            try checkAllowed(next)
            guard Self.sameOrigin(next, asked.url) else { throw WeatherError(.badResponse, detail: .redirectedElsewhere) }
            guard visited.insert(next.absoluteString).inserted else { break }
            url = next
        }
        throw WeatherError(.badResponse, detail: .tooManyRedirects)
    }

    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// `location` read against `base` (it may be relative), if it is an http(s) URL.
    static func redirectTarget(_ location: String, from base: URL) -> URL? {
        guard location.utf8.count <= 4096, let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme), target.host != nil
        else { return nil }
        return target
    }

    /// Whether two URLs share scheme, host and port (a port left out is the scheme's).
    static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
        }
        guard let one = origin(one), let other = origin(other) else { return false }
        return one == other
    }

    private func request(_ url: URL, _ headers: [String: String]) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: headers["User-Agent"] ?? userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name != "User-Agent" {
            request.headers.add(name: name, value: value)
        }
        return request
    }

    private func exchange(_ request: HTTPClientRequest, deadline: NIODeadline, limit: Int) async throws -> HTTPResponse {
        let response = try await client.execute(request, deadline: deadline)
        var headers: [String: String] = [:]
        for (name, value) in response.headers where headers[name.lowercased()] == nil {
            headers[name.lowercased()] = value
        }
        // A redirect's body is never read: dropping it drops the connection.
        if Self.redirectStatuses.contains(Int(response.status.code)) {
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: Data())
        }
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
        return HTTPResponse(status: Int(response.status.code), headers: headers, body: body)
    }

    /// What went wrong, in a kind and words; never the URL.
    static func weatherError(_ error: any Error, host: String?) -> WeatherError {
        let server = host.map { SafeText.clean($0, maxLength: 100) } ?? "the server"
        switch error {
        case let error as WeatherError:
            return error
        case is CancellationError:
            return WeatherError(.cancelled, detail: .cancelled)
        case let error as HTTPClientError:
            if [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout].contains(error) {
                return WeatherError(.timeout, detail: .noAnswerInTime)
            }
            if error == .cancelled { return WeatherError(.cancelled, detail: .cancelled) }
            if error == .remoteConnectionClosed {
                return WeatherError(.network, detail: .connectionClosed(server: server))
            }
            return WeatherError(.network, detail: .cannotTalk(server: server))
        case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
            return WeatherError(.badResponse, detail: .damagedCompression)
        case let error where String(reflecting: type(of: error)).contains("ConnectionError"):
            return WeatherError(.network, detail: .cannotConnect(server: server))
        default:
            return WeatherError(.network, detail: .cannotTalk(server: server))
        }
    }
}

/// What an unsuccessful status means, for any provider.
enum HTTPStatus {
    static func error(_ response: HTTPResponse, reason: String?) -> WeatherError {
        let status = response.status
        switch status {
        case 401, 403:
            return WeatherError(.unauthorized, detail: .refusedKey(status: status, reason: reason))
        case 404: return WeatherError(.notFound, detail: .notFound(reason: reason))
        case 429: return WeatherError(.rateLimited, detail: .tooManyRequests(reason: reason))
        case 500...599:
            return WeatherError(.provider, detail: .serviceFailed(status: status, reason: reason))
        default: return WeatherError(.provider, detail: .status(status, reason: reason))
        }
    }

    /// Whether asking again may succeed: rate limits and server errors.
    static func isRetryable(_ status: Int) -> Bool { status == 429 || (500...599).contains(status) }

    /// Seconds to wait from a Retry-After header: delta-seconds or an HTTP date.
    /// Anything else (negative, fractional nonsense, a year away) is nil.
    static func retryAfter(_ headers: [String: String], now: Date) -> TimeInterval? {
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces), value.utf8.count <= 64 else { return nil }
        if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // Delta-seconds: digits only. Longer than a day is as good as never.
            return Double(value).map { min($0, 86_400) }
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds.isFinite ? min(max(0, seconds), 86_400) : nil
    }
}

/// HTTP's dates (RFC 9110's IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"),
/// read and written by hand: no formatter, no locale, nothing but digits and
/// the twelve month names accepted.
enum HTTPDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    static func parse(_ text: String) -> Date? {
        guard text.utf8.count <= 64 else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), parts[1].count == 2,
              let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]), parts[3].count == 4 else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second), (1...31).contains(day)
        else { return nil }
        let days = CivilDate(year: year, month: month + 1, day: day).daysSince1970
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    static func format(_ date: Date) -> String {
        let seconds = Int(max(0, min(date.timeIntervalSince1970, 253_402_300_799)).rounded(.down))
        let days = seconds / 86_400, rest = seconds % 86_400
        let civil = CivilDate(daysSince1970: days)
        let two = LocalTime.twoDigits
        return "\(weekdays[days % 7]), \(two(civil.day)) \(months[civil.month - 1]) \(civil.year) "
            + "\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60)) GMT"
    }
}
