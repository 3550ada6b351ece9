import Dispatch
import ForecastCore
import ForecastProviders
import ForecastStore
import Foundation

/// One place's weather as a command shows it: a report (fresh or cached), and
/// the error of this run's fetch, if it failed.
struct PlaceWeather {
    var report: WeatherReport?
    var fetchedAt: Date?
    /// Older than the TTL: the fetch failed, or --offline served an old entry.
    var stale = false
    var error: WeatherError?
}

/// Gets the weather for places: from the cache while it is young enough, else
/// from the provider (all due places at once), keeping what arrives.
struct WeatherSession {
    let options: WeatherOptions
    let store: LocationStore

    struct Outcome {
        var weather: [Int64: PlaceWeather]
        var cancelled: Bool
        var failures: Int { weather.values.filter { $0.error != nil }.count }
    }

    func weather(for places: [Place], now: Date = Date()) async throws -> Outcome {
        let providerName = try options.providerName()
        let ttl = try options.timeToLive()
        let cache = try store.cachedWeather(provider: providerName.rawValue)
        let due = options.offline ? [] : places.filter { place in
            options.refresh || (cache[place.id].map { $0.age(now: now) > ttl } ?? true)
        }

        var fetched: [Int64: WeatherRefresher.Outcome] = [:]
        var cancelled = false
        if !due.isEmpty {
            let refresher = WeatherRefresher(
                provider: try options.makeProvider(), client: URLSessionHTTPClient(),
                options: options.refreshOptions(for: providerName))
            let queries = due.map { PlaceQuery(id: $0.id, coordinate: $0.coordinate, timeZone: $0.timeZone) }
            let progress = ProgressLine(total: queries.count)
            (fetched, cancelled) = await Self.cancellableOnInterrupt {
                await refresher.refresh(queries) { done, total in progress.update(done) }
            }
            progress.finish()
            let successes = fetched.compactMapValues { try? $0.get() }
            try store.saveWeather(successes, provider: providerName.rawValue, fetchedAt: Date())
        }

        var result: [Int64: PlaceWeather] = [:]
        for place in places {
            var weather = PlaceWeather()
            switch fetched[place.id] {
            case .success(let report)?:
                weather.report = report
                weather.fetchedAt = Date()
            case .failure(let error)?:
                weather.error = error
                if let old = cache[place.id] {
                    weather.report = old.report
                    weather.fetchedAt = old.fetchedAt
                    weather.stale = true
                }
            case nil:
                if let old = cache[place.id] {
                    weather.report = old.report
                    weather.fetchedAt = old.fetchedAt
                    weather.stale = old.age(now: now) > ttl
                }
            }
            result[place.id] = weather
        }
        return Outcome(weather: result, cancelled: cancelled)
    }

    /// Ends the command as the outcome says: 130 if interrupted, 2 (after a
    /// one-line summary) if any place failed, else normally.
    static func finish(_ outcome: Outcome, places: Int) throws {
        if outcome.cancelled {
            throw CommandFailure(message: "interrupted; the weather that had arrived was kept", status: 130)
        }
        let failed = outcome.weather.values.compactMap(\.error)
        guard !failed.isEmpty else { return }
        let kinds = Dictionary(grouping: failed, by: \.kind).map { "\($0.value.count) \($0.key.rawValue)" }.sorted()
        throw CommandFailure(
            message: "weather for \(failed.count) of \(places) place\(places == 1 ? "" : "s") could not be fetched (\(kinds.joined(separator: ", ")))",
            status: ExitStatus.partial)
    }

    /// Runs `work` so that Ctrl-C cancels it (its requests stop and what already
    /// arrived is kept) instead of killing the process mid-write.
    static func cancellableOnInterrupt<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> (T, Bool) {
        let task = Task { await work() }
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let interrupted = InterruptFlag()
        source.setEventHandler {
            interrupted.set()
            task.cancel()
        }
        source.resume()
        let value = await task.value
        source.cancel()
        signal(SIGINT, SIG_DFL)
        return (value, interrupted.isSet)
    }
}

final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// "Fetching weather 37/100" on stderr, rewritten in place, only on a terminal
/// and only when a refresh is big enough to notice.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let enabled: Bool
    private var shown = false

    init(total: Int, terminal: Terminal = .standardError) {
        self.total = total
        enabled = terminal.isInteractive && total >= 3
    }

    func update(_ done: Int) {
        guard enabled else { return }
        lock.withLock {
            shown = true
            Terminal.standardError.write("\r\u{1B}[2KFetching weather \(done)/\(total)…")
        }
    }

    func finish() {
        lock.withLock { if shown { Terminal.standardError.write("\r\u{1B}[2K") } }
    }
}
