import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore

/// An HTTP client that answers from a script and records what it was asked.
final class FakeHTTPClient: ClosableHTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var answer: @Sendable (URL) -> HTTPResponse
    private(set) var requests: [URL] = []
    /// Each request's headers, in the same order.
    private(set) var headers: [[String: String]] = []
    private(set) var shutDown = false
    /// The seconds each request had left until its deadline, in the same order.
    private(set) var secondsLeft: [TimeInterval] = []
    /// The time budget of each client made (its connect timeout), when the context records them.
    private(set) var budgets: [TimeInterval] = []

    /// Records what a client was made for, and is that client.
    func made(for needs: HTTPClientNeeds) -> FakeHTTPClient {
        lock.withLock { budgets.append(needs.budget) }
        return self
    }

    /// What the sources asked beside the weather get (warnings, the nowcast):
    /// by default their recorded answers moved to `now` (`RecordedSources`),
    /// so no test sees a source refused; nil for a URL that is not theirs,
    /// which `answer` then answers.
    private var sources: @Sendable (URL, [String: String]) -> HTTPResponse?

    /// `now`: the test's clock, which the recorded sources' times are moved to.
    init(now: @escaping @Sendable () -> Date = { Date() }, _ answer: @escaping @Sendable (URL) -> HTTPResponse) {
        self.answer = answer
        sources = { url, headers in RecordedSources.answer(url, headers: headers, now: now()) }
    }

    func answer(with answer: @escaping @Sendable (URL) -> HTTPResponse) { lock.withLock { self.answer = answer } }

    /// The sources' requests answered by `answer` instead (nil: by the test's own `answer`).
    func answerSources(with answer: (@Sendable (URL, [String: String]) -> HTTPResponse?)?) {
        lock.withLock { sources = answer ?? { _, _ in nil } }
    }

    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        let left = deadline - .now
        return lock.withLock {
            secondsLeft.append(Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
            requests.append(request.url)
            headers.append(request.headers)
            return sources(request.url, request.headers) ?? answer(request.url)
        }
    }

    func shutdown() async { lock.withLock { shutDown = true } }
    var count: Int { lock.withLock { requests.count } }
    /// Requests for the weather alone, told by their path and query (the air
    /// and the sources asked beside it go along with them).
    var weatherCount: Int { count(of: .weather) }
    /// Requests of one kind (`.air`, `.source("met-alerts")`…).
    func count(of kind: ServiceCall) -> Int { lock.withLock { requests.filter { ServiceCall($0) == kind }.count } }
    /// The sources asked, by name, in the order asked.
    var sourceRequests: [(source: String, url: URL)] {
        lock.withLock { requests.compactMap { url in if case .source(let name) = ServiceCall(url) { (name, url) } else { nil } } }
    }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: Date
    init(_ now: Date) { self.now = now }
    func read() -> Date { lock.withLock { now } }
    func advance(minutes: Double) { lock.withLock { now = now.addingTimeInterval(minutes * 60) } }
}

/// A test's world for the kit's use cases: a fake Open-Meteo that answers
/// London's recorded weather (the sources their recorded answers), a clock at
/// january2026 the test moves, a budget clock that stands still.
struct FakeWorld {
    let clock: TestClock
    let http: FakeHTTPClient

    init() {
        let clock = TestClock(january2026)
        self.clock = clock
        http = FakeHTTPClient(now: { clock.read() }) { _ in
            HTTPResponse(status: 200, body: Fixture.data("openmeteo_current_plus_daily_london_2026.json"))
        }
    }

    func context(_ environment: [String: String] = [:]) -> AppContext {
        let http = http, clock = clock
        return AppContext.test(
            makeHTTPClient: { _ in http }, clock: { clock.read() }, environment: ["FORECAST_OPEN_METEO_URL": "http://weather.test", "FORECAST_OPEN_METEO_AIR_QUALITY_URL": "http://air.test",
                          "FORECAST_OPEN_METEO_GEOCODING_URL": "http://geocoding.test"].merging(environment) { $1 })
    }
}

/// The weather use case in-process: no binary, no server, no file.
@Suite struct WeatherLookupTests {
    let world = FakeWorld()
    var clock: TestClock { world.clock }
    var http: FakeHTTPClient { world.http }
    func context(_ environment: [String: String] = [:]) -> AppContext { world.context(environment) }

    func londonStore() throws -> (PlaceStore, Place) {
        let store = try PlaceStore.inMemory()
        guard case .added(let place) = try store.add(newPlace("London", lat: 51.5085, lon: -0.1257, geonamesID: 2643743, country: "GB"), now: Date()) else {
            throw InputError.nothingSaved
        }
        return (store, place)
    }

    @Test func cachesWithinTheTTLAndMarksOldWeatherStaleWhenAFetchFails() async throws {
        let (store, london) = try londonStore()
        let context = context()
        let lookup = WeatherLookup(context: context, store: store)
        let settings = try WeatherSettings.resolve(WeatherRequest(), environment: context.environment)

        let first = try await lookup.weather(for: [london], detail: .summary, settings: settings)
        // One request for the weather, one for the air beside it, and one for Open-Meteo's
        // 15-minute data (London lies in ICON-D2's domain), on the weather service's host: no other.
        #expect(http.weatherCount == 1 && http.count(of: .air) == 1 && http.count(of: .source("open-meteo-15")) == 1)
        // And the normals, thirty requests, once (the archive's host is not set: what it answers is no normal).
        let normals = http.count(of: .source("open-meteo-normals"))
        #expect(http.count - normals == 3 && normals == 30 && http.shutDown)
        #expect(Set(http.requests.filter { ServiceCall($0) != .source("open-meteo-normals") }.map { $0.host() ?? "" }) == ["weather.test", "air.test"])
        let report = try #require(first.weather[london.id]?.report)
        #expect(abs(report.current.temperature! - 8.0) < 1e-9)   // 46.4 °F in the recording
        #expect(first.fetchedAny && first.failures.isEmpty && first.weather[london.id]?.stale == false)

        clock.advance(minutes: 5)
        let cached = try await lookup.weather(for: [london], detail: .summary, settings: settings)
        #expect(http.count == 33, "within the TTL and the 15-minute data's life: no request (the normals' failure waits an hour)")
        #expect(cached.weather[london.id]?.report == report.summary && !cached.fetchedAny)

        clock.advance(minutes: 10)
        http.answer { _ in HTTPResponse(status: 404, body: Data(#"{"error":true,"reason":"gone"}"#.utf8)) }
        let failed = try await lookup.weather(for: [london], detail: .summary, settings: settings)
        #expect(http.weatherCount == 2)
        let weather = try #require(failed.weather[london.id])
        #expect(weather.error?.kind == .notFound && weather.stale && weather.report == report.summary)
        #expect(weather.fetchedAt == january2026, "the age is the cached report's")
    }

    /// Weather younger than the TTL is used: with a TTL of 0, none is, even on
    /// a clock that stands still (FORECAST_NOW, a test's fixed now), so every
    /// lookup asks again; offline, the weather from the last minute is never stale.
    @Test func aTTLOfZeroAlwaysAsksAndTheLastMinuteIsNeverStale() async throws {
        let (store, london) = try londonStore()
        let context = context()
        let lookup = WeatherLookup(context: context, store: store)
        var request = WeatherRequest()
        request.ttlMinutes = 0
        let settings = try WeatherSettings.resolve(request, environment: context.environment)
        _ = try await lookup.weather(for: [london], detail: .summary, settings: settings)
        _ = try await lookup.weather(for: [london], detail: .summary, settings: settings)
        #expect(http.weatherCount == 2, "asked again at the same moment")
        request.offline = true
        let offline = try WeatherSettings.resolve(request, environment: context.environment)
        clock.advance(minutes: 0.5)
        #expect(try await lookup.weather(for: [london], detail: .summary, settings: offline).weather[london.id]?.stale == false)
        clock.advance(minutes: 1)
        #expect(try await lookup.weather(for: [london], detail: .summary, settings: offline).weather[london.id]?.stale == true)
        #expect(http.weatherCount == 2)
    }

    @Test func settingsThatCannotWorkAreTypedErrorsAndNothingIsAsked() async throws {
        let (store, london) = try londonStore()
        #expect(throws: SettingsError.unknownProvider("bogus")) {
            try WeatherSettings.resolve(WeatherRequest(), environment: ["FORECAST_PROVIDER": "bogus"])
        }
        #expect(throws: SettingsError.badTTL("-3")) {
            try WeatherSettings.resolve(WeatherRequest(), environment: ["FORECAST_TTL_MINUTES": "-3"])
        }
        var request = WeatherRequest()
        request.provider = ProviderDescriptor.openWeatherMap.name
        let context = context()
        // Refused when the settings are resolved, before any lookup could read or ask anything.
        #expect(throws: SettingsError.missingKey(variable: "OPENWEATHER_API_KEY")) {
            try WeatherSettings.resolve(request, environment: context.environment)
        }
        request.offline = true
        let offline = try WeatherSettings.resolve(request, environment: context.environment)
        #expect(offline.makeProvider() == nil)
        _ = try await WeatherLookup(context: context, store: store).weather(for: [london], detail: .summary, settings: offline)
        #expect(http.count == 0)
        #expect(try store.cachedSummaries(provider: "openweathermap", now: Date()).isEmpty)
    }

    @Test func showAsksForTheFullReportOfItsPlaceOnly() async throws {
        let (store, london) = try londonStore()
        let context = context()
        let settings = try WeatherSettings.resolve(WeatherRequest(), environment: context.environment)
        _ = try await WeatherLookup(context: context, store: store).weather(for: [london], detail: .full, settings: settings)
        // The forecast's request (the 15-minute source asks the same host, in either order).
        let queries = http.requests.filter { $0.host() == "weather.test" }.compactMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems }
        let query = try #require(queries.first { items in !items.contains { $0.name == "minutely_15" } })
        #expect(query.contains(URLQueryItem(name: "forecast_days", value: "10")) && query.contains { $0.name == "hourly" })
        #expect(try store.cachedReport(placeID: london.id, provider: "open-meteo", now: january2026) != nil)
        #expect(try store.cachedSummaries(provider: "open-meteo", now: january2026)[london.id] != nil, "a full report updates the summary too")
    }
}

/// A backup copied over the database while its places' weather is fetched
/// (issue 38, item 14, the attack's second pass: `cat backup > "$FORECAST_DB"`
/// during `list --refresh`): the ids the refresh asked for may now be other
/// places', which must not get its weather (Paris showed Berlin's −1 °C).
@Suite struct RewrittenDuringRefreshTests {
    let folder = TemporaryFolder()

    @Test func weatherIsKeptOnlyForPlacesTheFileStillHasAsAsked() async throws {
        let world = FakeWorld()
        let path = folder.path("forecast.sqlite"), backupPath = folder.path("backup.sqlite")
        // The backup: Paris has id 1 there.
        let backupStore = try PlaceStore.open(path: backupPath)
        _ = try backupStore.add(newPlace("Paris", lat: 48.8534, lon: 2.3488, geonamesID: 2988507, country: "FR", zone: "Europe/Paris"), now: Date())
        try backupStore.queue?.close()
        let backup = try Data(contentsOf: URL(fileURLWithPath: backupPath))
        // The database: London has id 1.
        let store = try PlaceStore.open(path: path)
        guard case .added(let london) = try store.add(newPlace("London", lat: 51.5085, lon: -0.1257, geonamesID: 2643743, country: "GB"), now: Date()) else {
            Issue.record("not added"); return
        }
        #expect(london.id == 1)
        // While the weather is asked, the backup is copied over the file (the same file, other bytes).
        let copied = LockedFlag()
        world.http.answer { _ in
            if copied.setOnce() {
                // As a user restores it, later than the file system's clock tick (a few ms): its times change.
                usleep(30_000)
                if let handle = FileHandle(forWritingAtPath: path) {
                    try? handle.truncate(atOffset: 0)
                    try? handle.write(contentsOf: backup)
                    try? handle.close()
                }
            }
            return HTTPResponse(status: 200, body: Fixture.data("openmeteo_current_plus_daily_london_2026.json"))
        }
        let context = world.context()
        let settings = try WeatherSettings.resolve(WeatherRequest(), environment: context.environment)
        _ = try await WeatherLookup(context: context, store: store).weather(for: [london], detail: .summary, settings: settings)
        let places = try store.ordered().places
        #expect(places.map(\.displayName) == ["Paris"], "the backup's places")
        #expect(try store.cachedSummaries(provider: "open-meteo", now: january2026).isEmpty, "Paris has no London weather")
    }
}

/// A flag set once, from any thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false
    /// True the first time only.
    func setOnce() -> Bool { lock.withLock { defer { set = true }; return !set } }
}
