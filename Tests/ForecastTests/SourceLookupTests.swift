import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastStore

/// The sources through the weather use case: which places ask which source,
/// how long an answer is used (its own lifetime, the terms, `Expires`), what
/// `--offline` shows, and that no source's failure touches the weather. The
/// fake client serves the sources' recorded answers moved to the test's clock.
@Suite struct SourceLookupTests {
    let clock: TestClock
    let http: FakeHTTPClient
    let store: PlaceStore

    init() throws {
        let clock = TestClock(january2026)
        self.clock = clock
        http = FakeHTTPClient(now: { clock.read() }) { _ in
            HTTPResponse(status: 200, body: Fixture.data("openmeteo_current_plus_daily_london_2026.json"))
        }
        store = try PlaceStore.inMemory()
    }

    func context(_ environment: [String: String] = [:]) -> AppContext {
        let http = http, clock = clock
        return AppContext.test(
            makeHTTPClient: { _ in http }, clock: { clock.read() }, environment: [
                "FORECAST_OPEN_METEO_URL": "http://weather.test", "FORECAST_OPEN_METEO_AIR_QUALITY_URL": "http://air.test",
                "FORECAST_METALERTS_URL": "http://met.test", "FORECAST_NOWCAST_URL": "http://met.test", "FORECAST_NWS_URL": "http://nws.test",
                "FORECAST_OPENWEATHER_URL": "http://owm.test",
            ].merging(environment) { $1 })
    }

    func add(_ place: NewPlace) throws -> Place {
        guard case .added(let saved) = try store.add(place, now: clock.read()) else { throw InputError.nothingSaved }
        return saved
    }

    var oslo: NewPlace { newPlace("Oslo", lat: 59.91273, lon: 10.74609, geonamesID: 3143244, country: "NO", zone: "Europe/Oslo") }
    var newYork: NewPlace { newPlace("New York", lat: 40.71427, lon: -74.00597, geonamesID: 5128581, country: "US", zone: "America/New_York") }

    func weather(
        _ places: [Place], refresh: Bool = false, offline: Bool = false, preferences: Preferences = Preferences(),
        environment: [String: String] = [:]
    ) async throws -> WeatherOutcome {
        let context = context(environment)
        var request = WeatherRequest()
        request.refresh = refresh
        request.offline = offline
        let settings = try WeatherSettings.resolve(request, environment: context.environment, preferences: preferences)
        return try await WeatherLookup(context: context, store: store).weather(for: places, detail: .summary, settings: settings)
    }

    /// The warnings a status shows, and where from.
    func checked(_ status: WarningStatus?) -> (warnings: [WeatherWarning], at: Date, sources: [String])? {
        guard case .checked(let warnings, let at, let sources)? = status else { return nil }
        return (warnings, at, sources)
    }

    /// MetAlerts' terms: one request a place in 10 minutes, which not even --refresh overrides.
    @Test func metAlertsAreAskedOnceInTenMinutesEvenWithRefresh() async throws {
        let place = try add(oslo)
        let first = try await weather([place], refresh: true)
        #expect(http.count(of: .source("met-alerts")) == 1 && http.count(of: .source("met-nowcast")) == 1)
        let warnings = try #require(checked(first.weather[place.id]?.warnings))
        #expect(warnings.sources == ["met-alerts"] && warnings.at == january2026)
        #expect(warnings.warnings.count == 3 && warnings.warnings.allSatisfy { $0.event == "Kuling" && $0.level == .minor })
        #expect(first.weather[place.id]?.warnings.leadingLevel(at: january2026) == 1)
        // MET's request carries its User-Agent, as its terms ask.
        let asked = try #require(http.sourceRequests.first { $0.source == "met-alerts" }?.url)
        #expect(asked.query?.contains("lat=59.9127&lon=10.7461") == true)

        clock.advance(minutes: 5)
        let again = try await weather([place], refresh: true)
        #expect(http.weatherCount == 2, "the weather is asked again with --refresh")
        #expect(http.count(of: .source("met-alerts")) == 1, "not within MET's 10 minutes")
        #expect(http.count(of: .source("met-nowcast")) == 2, "the nowcast has no such term and said no Expires")
        let kept = try #require(checked(again.weather[place.id]?.warnings))
        #expect(kept.warnings.map(\.id) == warnings.warnings.map(\.id) && kept.at == january2026, "the kept answer, as of when it was fetched")

        clock.advance(minutes: 6)
        _ = try await weather([place], refresh: true)
        #expect(http.count(of: .source("met-alerts")) == 2)
    }

    /// NWS says how long its answer holds (`Expires`): no request before it,
    /// even with --refresh; without one, its answer lives five minutes, even
    /// when the weather is fresh for ten.
    @Test func nwsExpiresAndLifetimeAreKept() async throws {
        let place = try add(newYork)
        let clock = clock
        http.answerSources { url, headers in
            guard ServiceCall(url) == .source("nws-alerts") else { return RecordedSources.answer(url, headers: headers, now: clock.read()) }
            var answer = RecordedSources.answer(url, headers: headers, now: clock.read())!
            answer.headers["expires"] = HTTPDate.format(clock.read().addingTimeInterval(30 * 60))
            return answer
        }
        let first = try await weather([place])
        #expect(http.count(of: .source("nws-alerts")) == 1)
        let warnings = try #require(checked(first.weather[place.id]?.warnings))
        #expect(warnings.warnings.map(\.event) == ["Excessive Heat Warning", "Air Quality Alert"] && warnings.sources == ["nws-alerts"])
        clock.advance(minutes: 10)
        _ = try await weather([place], refresh: true)
        #expect(http.count(of: .source("nws-alerts")) == 1, "before its Expires")
        clock.advance(minutes: 21)
        _ = try await weather([place], refresh: true)
        #expect(http.count(of: .source("nws-alerts")) == 2, "past its Expires")

        // No Expires: its own life, five minutes.
        http.answerSources { url, headers in RecordedSources.answer(url, headers: headers, now: clock.read()) }
        clock.advance(minutes: 31)
        _ = try await weather([place])
        let (asked, weatherAsked) = (http.count(of: .source("nws-alerts")), http.weatherCount)
        clock.advance(minutes: 4)
        _ = try await weather([place])
        #expect(http.count(of: .source("nws-alerts")) == asked && http.weatherCount == weatherAsked, "within both lives: nothing asked")
        clock.advance(minutes: 2)
        _ = try await weather([place])
        #expect(http.count(of: .source("nws-alerts")) == asked + 1, "past its five minutes")
        #expect(http.weatherCount == weatherAsked, "the weather, fresh for ten, is not asked")
    }

    @Test func offlineShowsKeptWarningsButNeverOnesThatAreOver() async throws {
        let place = try add(oslo)
        _ = try await weather([place])
        let asked = http.count

        clock.advance(minutes: 60)
        let offline = try await weather([place], offline: true)
        let kept = try #require(checked(offline.weather[place.id]?.warnings))
        #expect(kept.warnings.count == 3 && kept.at == january2026)
        // The recorded warnings end within a day and a half of the answer: two days on, none is shown.
        clock.advance(minutes: 2 * 24 * 60)
        let later = try await weather([place], offline: true)
        let over = try #require(checked(later.weather[place.id]?.warnings))
        #expect(over.warnings.isEmpty && later.weather[place.id]?.warnings.leadingLevel(at: january2026) == 0)
        #expect(http.count == asked, "offline asks nothing")

        // A place never asked about: nothing known, which is not "all clear".
        let other = try add(newPlace("Bergen", lat: 60.39299, lon: 5.32415, geonamesID: 3161732, country: "NO", zone: "Europe/Oslo"))
        let unknown = try await weather([other], offline: true)
        #expect(unknown.weather[other.id]?.warnings == .unknown)
    }

    /// A warning source that fails says so for its places; the weather, its
    /// errors and what the command's exit status is made from are untouched.
    @Test func aFailingWarningSourceNeverTouchesTheWeather() async throws {
        let place = try add(newYork)
        let clock = clock
        // An answer that is no list of alerts (a problem document with 200) is not "all clear".
        http.answerSources { url, headers in
            ServiceCall(url) == .source("nws-alerts")
                ? HTTPResponse(status: 200, body: Data(#"{"title":"Unexpected Problem","detail":"try later"}"#.utf8))
                : RecordedSources.answer(url, headers: headers, now: clock.read())
        }
        let failed = try await weather([place])
        let one = try #require(failed.weather[place.id])
        guard case .failed(let error, let kept, let at) = one.warnings else { Issue.record("\(one.warnings)"); return }
        #expect(error.kind == .badResponse && kept == nil && at == nil, "\(error)")
        #expect(one.report != nil && one.error == nil && failed.failures.isEmpty && failed.fetchedAny)
        #expect(one.warnings.warnings.isEmpty)

        // Once an answer is kept, a later failure shows it, as of when it was fetched.
        http.answerSources { url, headers in RecordedSources.answer(url, headers: headers, now: clock.read()) }
        clock.advance(minutes: 11)
        _ = try await weather([place])
        let fetched = clock.read()
        // Down, and asking to be left alone for an hour (no retry within the budget).
        http.answerSources { url, headers in
            ServiceCall(url) == .source("nws-alerts")
                ? HTTPResponse(status: 503, headers: ["retry-after": "3600"], body: Data(#"{"title":"Service Unavailable"}"#.utf8))
                : RecordedSources.answer(url, headers: headers, now: clock.read())
        }
        clock.advance(minutes: 11)
        let again = try await weather([place], refresh: true)
        guard case .failed(let down, let keptNow?, let keptAt) = try #require(again.weather[place.id]).warnings, down.kind == .rateLimited else {
            Issue.record("\(String(describing: again.weather[place.id]?.warnings))")
            return
        }
        #expect(keptNow.map(\.event) == ["Excessive Heat Warning", "Air Quality Alert"] && keptAt == fetched)
        #expect(again.weather[place.id]?.error == nil && again.failures.isEmpty)
    }

    /// A source that failed is not asked again for a while (five minutes; longer where it asked
    /// for longer), --refresh or not: a hung service costs one wait, not one every run. Until
    /// then its failure is said; a cut by this run's own budget is not remembered.
    @Test func aSourcesFailureIsRememberedForAWhile() async throws {
        let place = try add(newYork)
        let clock = clock
        http.answerSources { url, headers in
            ServiceCall(url) == .source("nws-alerts")
                ? HTTPResponse(status: 500, body: Data(#"{"title":"Unexpected Problem"}"#.utf8))
                : RecordedSources.answer(url, headers: headers, now: clock.read())
        }
        let first = try await weather([place])
        guard case .failed(let error, nil, nil)? = first.weather[place.id]?.warnings else {
            Issue.record("\(String(describing: first.weather[place.id]?.warnings))")
            return
        }
        #expect(error.kind == .provider || error.kind == .badResponse || error.kind == .network, "\(error)")
        let asked = http.count(of: .source("nws-alerts"))
        #expect(asked >= 1)

        // Two minutes on, with --refresh: not asked, and still said.
        clock.advance(minutes: 2)
        let soon = try await weather([place], refresh: true)
        #expect(http.count(of: .source("nws-alerts")) == asked, "a failed source is left alone for five minutes")
        guard case .failed(let said, nil, nil)? = soon.weather[place.id]?.warnings else {
            Issue.record("\(String(describing: soon.weather[place.id]?.warnings))")
            return
        }
        #expect(said.kind == error.kind && soon.weather[place.id]?.report != nil)

        // Once the five minutes are over, it is asked again, and what it says now is shown.
        http.answerSources { url, headers in RecordedSources.answer(url, headers: headers, now: clock.read()) }
        clock.advance(minutes: 4)
        let later = try await weather([place])
        #expect(http.count(of: .source("nws-alerts")) == asked + 1)
        #expect(checked(later.weather[place.id]?.warnings)?.warnings.isEmpty == false)
    }

    @Test func onlyTheServicesOwnFailuresAreRemembered() {
        #expect(WeatherError(.provider, detail: .serviceFailed(status: 500, reason: nil)).isTheServices)
        #expect(WeatherError(.timeout, detail: .noAnswerWithin(seconds: 10)).isTheServices, "a hung service")
        #expect(!WeatherError(.timeout, detail: .noAnswerInTime).isTheServices, "cut after the weather: asked next time")
        #expect(!WeatherError(.timeout, detail: .noTimeLeft).isTheServices)
        #expect(!WeatherError(.rateLimited, detail: .clientLimit(callsPerMinute: 60, seconds: 5)).isTheServices)
        #expect(!WeatherError(.cancelled, detail: .cancelled).isTheServices)
    }

    /// Through the command: a list whose warning source fails shows the same weather, says the
    /// warnings were not checked, and exits 0 as with that source well.
    @Test func aFailingWarningSourceLeavesTheListAndItsExitStatusAlone() async throws {
        var good = try InProcessCLI()
        good.environment["FORECAST_METALERTS_URL"] = "http://met.test"
        good.environment["FORECAST_NOWCAST_URL"] = "http://met.test"
        var bad = try InProcessCLI()
        bad.environment = good.environment
        bad.http.answerSources { url, headers in
            // Refused (as MET refuses a request it does not accept): no retry, so no wait.
            ServiceCall(url) == .source("met-alerts") ? HTTPResponse(status: 403, body: Data()) : RecordedSources.answer(url, headers: headers, now: january2026)
        }
        for cli in [good, bad] { #expect(await cli.run("add", "--lat", "59.9127", "--lon", "10.7461", "--as", "Oslo").status == 0) }
        let (fine, failing) = (await good.run("list"), await bad.run("list"))
        #expect(fine.status == 0 && failing.status == 0, "\(failing.stderr)")
        // The weather is the same (the place's name, temperature and conditions); the failure is said, not hidden.
        let weather = { (line: String) in line.split(separator: " ").filter { $0.hasSuffix("°C") || $0 == "Oslo" } }
        #expect(weather(fine.lines[1]) == weather(failing.lines[1]) && !weather(fine.lines[1]).isEmpty, "\(fine.stdout)\n\(failing.stdout)")
        #expect(fine.lines[1].contains("⚠") && failing.stdout.contains("warnings not checked") && !fine.stdout.contains("not checked"))
        #expect(bad.http.count(of: .source("met-alerts")) >= 1, "the failing source was asked")
    }

    /// Where no warning source covers a place, there is no one to ask: not "all clear".
    /// Korea is covered by none of the keyless ones: MET, NWS and the nowcasts are never asked.
    @Test func placesWithoutASourceAskNone() async throws {
        let seoulPlace = try add(seoul)
        let almatyPlace = try add(almaty)
        let outcome = try await weather([seoulPlace, almatyPlace], refresh: true)
        #expect(outcome.weather[seoulPlace.id]?.warnings == .noSource && outcome.weather[almatyPlace.id]?.warnings == .noSource)
        // The normals (everywhere: asked once, kept) aside.
        let normals = http.count(of: .source("open-meteo-normals"))
        #expect(http.sourceRequests.allSatisfy { $0.source == "open-meteo-normals" }, "\(http.sourceRequests.map(\.url))")
        #expect(http.weatherCount == 1 && http.count(of: .air) == 1 && http.count - normals == 2 && normals == 30)
        // The next hours are the hourly forecast's, where the report has hours (a summary has none).
        #expect(outcome.weather[seoulPlace.id]?.nextHours == nil && outcome.weather[seoulPlace.id]?.nextHoursError == nil)
    }

    /// One Call's alerts (Korea's among them) are asked only when the user chose
    /// them (`forecast config alerts openweathermap`) and the key is set.
    @Test func oneCallAlertsNeedTheKeyAndTheChoice() async throws {
        let place = try add(seoul)
        let key = ["OPENWEATHER_API_KEY": "k-123456"]
        let chosen = Preferences(alertSources: "openweathermap")
        let keyOnly = try await weather([place], refresh: true, environment: key)
        #expect(keyOnly.weather[place.id]?.warnings == .noSource)
        let choiceOnly = try await weather([place], refresh: true, preferences: chosen)
        #expect(choiceOnly.weather[place.id]?.warnings == .noSource && choiceOnly.weather[place.id]?.report != nil)
        let official = try await weather([place], refresh: true, preferences: Preferences(alertSources: "official"), environment: key)
        #expect(official.weather[place.id]?.warnings == .noSource)
        #expect(http.count(of: .source("openweathermap-alerts")) == 0)

        let both = try await weather([place], refresh: true, preferences: chosen, environment: key)
        #expect(http.count(of: .source("openweathermap-alerts")) == 1)
        let url = try #require(http.sourceRequests.first { $0.source == "openweathermap-alerts" }?.url)
        #expect(url.host() == "owm.test" && url.query?.contains("appid=k-123456") == true)
        let warnings = try #require(checked(both.weather[place.id]?.warnings))
        #expect(warnings.sources == ["openweathermap-alerts"] && warnings.warnings.map(\.event) == ["Wind"])
    }

    /// A nowcast covering the place is its next hours; a source that says the
    /// place is outside its coverage leaves them to the forecast.
    @Test func theNowcastIsTheNextHoursWhereItCovers() async throws {
        let place = try add(oslo)
        let outcome = try await weather([place])
        let next = try #require(outcome.weather[place.id]?.nextHours)
        #expect(next.source == "met-nowcast" && next.kind == .nowcast && outcome.weather[place.id]?.nextHoursAt == january2026)
        // The recording: dry, then rain about 45 minutes on.
        let outlook = try #require(next.outlook(at: january2026))
        #expect((40...50).contains(outlook.minutesToPrecipitation ?? -1), "\(outlook)")

        let clock = clock
        http.answerSources { url, headers in
            guard ServiceCall(url) == .source("met-nowcast") else { return RecordedSources.answer(url, headers: headers, now: clock.read()) }
            var json = RecordedSources.json(RecordedSources.nowcastTrondheim, now: clock.read()) as! [String: Any]
            var properties = json["properties"] as! [String: Any]
            var meta = properties["meta"] as! [String: Any]
            meta["radar_coverage"] = "temporarily unavailable"
            properties["meta"] = meta
            json["properties"] = properties
            return HTTPResponse(status: 200, body: try! JSONSerialization.data(withJSONObject: json))
        }
        let outside = try await weather([place], refresh: true)
        #expect(outside.weather[place.id]?.nextHours == nil && outside.weather[place.id]?.nextHoursError == nil,
                "outside the radars: no nowcast, and a summary has no hours to fall back on")
    }
}
