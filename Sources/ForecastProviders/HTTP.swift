import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ForecastCore

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
/// (`network` or `timeout`) and never contain the URL, which may hold a key.
public protocol HTTPClient: Sendable {
    func get(_ url: URL, timeout: TimeInterval) async throws(WeatherError) -> HTTPResponse
}

/// `HTTPClient` over Foundation's URLSession.
public final class URLSessionHTTPClient: HTTPClient {
    /// Bodies larger than this are refused rather than decoded.
    public static let maximumBodySize = 16 << 20

    private let session: URLSession
    private let userAgent: String

    public init(userAgent: String = "forecast/0.2") {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
        self.userAgent = userAgent
    }

    public func get(_ url: URL, timeout: TimeInterval) async throws(WeatherError) -> HTTPResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let session = session
        let prepared = request
        do {
            // URLSession's timeout is an idle timeout; the race makes it a deadline.
            return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask {
                    let (data, response) = try await session.data(for: prepared)
                    guard let http = response as? HTTPURLResponse else {
                        throw WeatherError(.badResponse, "not an HTTP response")
                    }
                    var headers: [String: String] = [:]
                    for (name, value) in http.allHeaderFields {
                        if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
                    }
                    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    throw WeatherError(.timeout, "no answer within \(Self.seconds(timeout))")
                }
                defer { group.cancelAll() }
                let response = try await group.next()!
                if response.body.count > Self.maximumBodySize {
                    throw WeatherError(.badResponse, "the answer is too large (\(response.body.count / 1_048_576) MB)")
                }
                return response
            }
        } catch let error as WeatherError {
            throw error
        } catch is CancellationError {
            throw WeatherError(.cancelled, "cancelled")
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw WeatherError(.timeout, "no answer within \(Self.seconds(timeout))")
            case .cancelled: throw WeatherError(.cancelled, "cancelled")
            case .cannotFindHost, .dnsLookupFailed: throw WeatherError(.network, "cannot find the server \(url.host ?? "")")
            case .cannotConnectToHost: throw WeatherError(.network, "cannot connect to \(url.host ?? "the server")")
            case .notConnectedToInternet: throw WeatherError(.network, "not connected to the internet")
            case .networkConnectionLost: throw WeatherError(.network, "the connection was lost")
            default: throw WeatherError(.network, "network error \(error.code.rawValue)")
            }
        } catch {
            throw WeatherError(.network, "network error")
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

/// What an unsuccessful status means, for any provider.
enum HTTPStatus {
    static func error(_ response: HTTPResponse, reason: String?) -> WeatherError {
        let why = reason.map { ": \($0)" } ?? ""
        switch response.status {
        case 401, 403: return WeatherError(.unauthorized, "the service refused the API key (HTTP \(response.status))\(why)")
        case 404: return WeatherError(.notFound, "not found (HTTP 404)\(why)")
        case 429: return WeatherError(.rateLimited, "too many requests (HTTP 429)\(why)")
        case 500...599: return WeatherError(.provider, "the service failed (HTTP \(response.status))\(why)")
        default: return WeatherError(.provider, "HTTP \(response.status)\(why)")
        }
    }

    /// Whether asking again may succeed: rate limits and server errors.
    static func isRetryable(_ status: Int) -> Bool { status == 429 || (500...599).contains(status) }

    /// Seconds to wait from a Retry-After header: delta-seconds or an HTTP date.
    static func retryAfter(_ headers: [String: String], now: Date = Date()) -> TimeInterval? {
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
