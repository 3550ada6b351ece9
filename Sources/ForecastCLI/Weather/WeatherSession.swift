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
/// from the provider (all due places at once), keeping what arrives. `list`
/// asks for summaries, `show` for the full report of its one place.
struct WeatherSession {
    let options: WeatherOptions
    let store: PlaceStore

    struct Outcome {
        var weather: [Int64: PlaceWeather]
        var cancelled: Bool
        /// Why the weather fetched could not be kept in the cache (it was still shown).
        var notSaved: String?
        /// Whether anything new arrived (a sort by weather may then change).
        var fetchedAny = false
    }

    func weather(for places: [Place], detail: ReportDetail, now: Date = Date()) async throws -> Outcome {
        let providerName = try options.providerName()
        let ttl = try options.timeToLive()
        // Every setting is checked before anything is read or asked.
        let provider: (any WeatherProvider)? = options.offline ? nil : try options.makeProvider()
        let cache: [Int64: PlaceStore.CachedWeather]
        switch detail {
        case .summary:
            cache = try store.cachedSummaries(provider: providerName.rawValue, now: now)
        case .full:
            cache = try places.reduce(into: [:]) { cache, place in
                cache[place.id] = try store.cachedReport(placeID: place.id, provider: providerName.rawValue, now: now)
            }
        }
        let due = options.offline ? [] : places.filter { place in
            options.refresh || (cache[place.id].map { $0.age(now: now) > ttl } ?? true)
        }

        var fetched: [Int64: WeatherRefresher.Outcome] = [:]
        var cancelled = false
        var notSaved: String?
        if let provider, !due.isEmpty {
            var refreshOptions = options.refreshOptions(for: providerName)
            refreshOptions.detail = detail
            let client = NetworkHTTPClient(connections: refreshOptions.concurrency)
            let refresher = WeatherRefresher(
                provider: provider, client: client, options: refreshOptions, sharedBucket: StoreRateBucket(store: store))
            let queries = due.map { PlaceQuery(id: $0.id, coordinate: $0.coordinate, timeZone: $0.timeZone) }
            let progress = ProgressLine(total: queries.count)
            (fetched, cancelled) = await Self.cancellableOnInterrupt {
                await refresher.refresh(queries) { event in progress.update(event) }
            }
            progress.finish()
            await client.shutdown()
            let successes = fetched.compactMapValues { try? $0.get() }
            do {
                try store.saveWeather(successes, provider: providerName.rawValue, fetchedAt: Date(), full: detail == .full)
            } catch {
                // What arrived is still shown; the command says it was not kept.
                notSaved = SafeText.clean("\(error)", maxLength: 300)
            }
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
        return Outcome(
            weather: result, cancelled: cancelled, notSaved: notSaved,
            fetchedAny: fetched.values.contains { (try? $0.get()) != nil })
    }

    /// Ends the command as the outcome says: 130 if interrupted; 2 (after a
    /// one-line summary) if any place failed; 3 if the weather could not be
    /// saved; else normally. A failed save is always said, whatever else is.
    static func finish(_ outcome: Outcome, places: Int) throws {
        if outcome.cancelled {
            throw CommandFailure(message: "interrupted; the weather that had arrived was kept", status: 130)
        }
        if let reason = outcome.notSaved {
            Terminal.standardError.line("warning: the weather was shown but not saved: \(reason)")
        }
        let failed = outcome.weather.values.compactMap(\.error)
        if !failed.isEmpty {
            let kinds = Dictionary(grouping: failed, by: \.kind).map { "\($0.value.count) \($0.key.rawValue)" }.sorted()
            throw CommandFailure(
                message: "weather for \(failed.count) of \(places) place\(places == 1 ? "" : "s") could not be fetched (\(kinds.joined(separator: ", ")))",
                status: ExitStatus.partial)
        }
        if outcome.notSaved != nil { throw CommandFailure(message: "", status: ExitStatus.notSaved) }
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
/// and only when a refresh is big enough to notice; says so when the rate limit
/// holds requests back, and for how long.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let enabled: Bool
    private var shown = false
    private var done = 0
    /// When the latest request held back by the rate limit may go.
    private var waitingUntil: Date?

    init(total: Int, terminal: Terminal = .standardError) {
        self.total = total
        enabled = terminal.isInteractive && total >= 3
    }

    func update(_ event: RefreshEvent) {
        lock.withLock {
            switch event {
            case .progress(let done, _):
                self.done = done
            case .waitingForRateLimit(let seconds):
                let until = Date().addingTimeInterval(seconds)
                waitingUntil = max(waitingUntil ?? until, until)
            }
            // A wait is worth saying even for one place: the command seems to hang otherwise.
            let left = waitingUntil.map { $0.timeIntervalSinceNow } ?? 0
            if left > 0.5, Terminal.standardError.isInteractive {
                write("Fetching weather \(done)/\(total): waiting up to \(WeatherRefresher.duration(left.rounded(.up))) for the rate limit…")
            } else if enabled {
                write("Fetching weather \(done)/\(total)…")
            }
        }
    }

    private func write(_ text: String) {
        shown = true
        Terminal.standardError.write("\r\u{1B}[2K" + text)
    }

    func finish() {
        lock.withLock { if shown { Terminal.standardError.write("\r\u{1B}[2K") } }
    }
}

/// The store's rate bucket, as the refresher's shared limit.
struct StoreRateBucket: SharedRateBucket {
    let store: PlaceStore
    func take(_ calls: Double, service: String, capacity: Double) throws -> TimeInterval {
        try store.takeRateTokens(calls, service: service, capacity: capacity)
    }
}
