import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
import ForecastStore

/// When the recorded Oslo answer was made: 2026-04-26T10:30:00Z.
let april2026 = Date(timeIntervalSince1970: 1_777_199_400)

/// An HTTP client that answers as MET Norway does: the recorded answer with
/// `Expires` and `Last-Modified`, or 304 to a request that says
/// `If-Modified-Since` (when `unchanged`).
final class ConditionalClient: ClosableHTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var requests: [ServiceRequest] = []
    let body: Data
    let headers: [String: String]
    var unchanged = true

    /// The test's clock: the sources asked beside the weather (MET's warnings and nowcast for Oslo)
    /// get their recorded answers moved to it.
    let now: @Sendable () -> Date

    init(body: Data = Fixture.data("metno_complete_oslo_2026.json"), headers: [String: String], now: @escaping @Sendable () -> Date = { Date() }) {
        self.body = body
        self.headers = headers
        self.now = now
    }

    func get(_ request: ServiceRequest, deadline: ContinuousClock.Instant, maximumBodySize: Int) async throws(WeatherError) -> HTTPResponse {
        lock.withLock {
            requests.append(request)
            if request.url.path.hasSuffix("/air-quality") { return HTTPResponse(status: 404, body: Data()) }
            if let recorded = RecordedSources.answer(request.url, headers: request.headers, now: now()) { return recorded }
            if unchanged && request.headers["If-Modified-Since"] != nil {
                return HTTPResponse(status: 304, headers: ["expires": headers["expires"] ?? ""], body: Data())
            }
            return HTTPResponse(status: 200, headers: headers, body: body)
        }
    }

    func shutdown() async {}

    /// Requests for the weather alone, by path and query (not the air, not MET's warnings or nowcast).
    var weatherRequests: [ServiceRequest] { lock.withLock { requests.filter { ServiceCall($0.url) == .weather } } }
}

@Suite struct MetNorwayTests {
    let oslo = PlaceQuery(id: 1, coordinate: try! Coordinate(latitude: 59.912_73, longitude: 10.746_09), timeZone: "Europe/Oslo")
    let provider = MetNorwayProvider(baseURL: URL(string: "http://met.test")!, userAgent: Project.userAgent(contact: "me@example.com"))

    func decode(_ body: Data, status: Int = 200, headers: [String: String] = [:], query: PlaceQuery? = nil, now: Date = april2026) throws -> WeatherReport {
        let outcomes = try provider.decode([query ?? oslo], responses: [HTTPResponse(status: status, headers: headers, body: body)], now: now).get()
        return try #require(outcomes.first).get()
    }

    @Test func asksOncePerPlaceWithFourDecimalsAndAUserAgentNamingForecastAndAContact() throws {
        let seoul = PlaceQuery(id: 2, coordinate: try! Coordinate(latitude: 37.566_54, longitude: 126.977_96), timeZone: "Asia/Seoul")
        let requests = provider.requests(for: [oslo, seoul], detail: .summary)
        #expect(requests.count == 2 && provider.batchSize == 1)
        #expect(requests[0].url.absoluteString == "http://met.test/weatherapi/locationforecast/2.0/complete?lat=59.9127&lon=10.7461")
        #expect(requests[1].url.query == "lat=37.5665&lon=126.978")
        #expect(requests[0].headers["User-Agent"] == "forecast/\(Project.version) (+me@example.com)")
        #expect(requests[0].headers["If-Modified-Since"] == nil)
        // The default names the project's own contact.
        #expect(Project.userAgent().hasPrefix("forecast/") && Project.userAgent().contains(Project.defaultContact))
    }

    @Test func theRecordedCompleteAnswerBecomesCurrentHoursAndLocalDays() throws {
        let report = try decode(Fixture.data("metno_complete_oslo_2026.json"))
        let now = report.current
        #expect(report.observedAt == Date(timeIntervalSince1970: 1_777_197_600))  // 2026-04-26T10:00Z, the first step
        #expect(now.temperature == 10.1 && now.humidity == 30.9 && now.pressure == 1022.6 && now.cloudCover == 90)
        #expect(now.windSpeed == 1.9 && now.windDirection == 261 && now.windGust == 6.1 && now.precipitation == 0)
        #expect(now.condition == .sky(.cloudy) && now.isDay == nil)  // "cloudy" has no _day/_night
        // Apparent temperature from 10.1 °C, 30.9 %, 1.9 m/s: 6.0 °C.
        #expect(abs((now.feelsLike ?? 0) - 6.03) < 0.05)
        #expect(report.timeZone == "Europe/Oslo" && report.utcOffsetSeconds == 7200)
        // Hours: every step with next_1_hours (56 of 87), in order, from the hour under way.
        #expect(report.hourly.count == 56)
        #expect(report.hourly.first?.time == report.observedAt)
        #expect(report.stepsEndAtTheirTimes == false)
        // Days in Oslo's calendar (UTC+2): 26 April from 12:00 local, lows and highs of the steps.
        let first = try #require(report.daily.first)
        #expect(first.date == "2026-04-26", "\(report.daily)")
        #expect(abs((first.minimum ?? 0) - 7.4) < 0.05 && abs((first.maximum ?? 0) - 12.7) < 0.05, "\(first)")
        #expect(first.uvIndexMax == 3.4 && first.precipitationProbability == 0)
        // The last day (6 May, two steps before 08:00 local) is too short to have a low and a high.
        #expect(report.daily.last?.date == "2026-05-05")
        #expect(report.daily.count == 10)
        // Past 29 April the answer has no UV index: the days say none rather than 0.
        #expect(report.daily.first { $0.date == "2026-04-30" }?.uvIndexMax == nil)
    }

    @Test func theRecordedCompactAnswerToo() throws {
        let report = try decode(Fixture.data("metno_compact_oslo_2026.json"))
        #expect(report.current.temperature != nil && report.hourly.count == 56)
        // Compact has no chance of rain and no UV: nil, never 0.
        #expect(report.hourly.allSatisfy { $0.precipitationProbability == nil })
        #expect(report.daily.allSatisfy { $0.uvIndexMax == nil && $0.precipitationProbability == nil })
    }

    @Test func everySymbolCodeHasAConditionInBothLanguages() {
        let codes = [
            "clearsky", "cloudy", "fair", "fog", "heavyrain", "heavyrainandthunder", "heavyrainshowers", "heavyrainshowersandthunder",
            "heavysleet", "heavysleetandthunder", "heavysleetshowers", "heavysleetshowersandthunder", "heavysnow", "heavysnowandthunder",
            "heavysnowshowers", "heavysnowshowersandthunder", "lightrain", "lightrainandthunder", "lightrainshowers",
            "lightrainshowersandthunder", "lightsleet", "lightsleetandthunder", "lightsleetshowers", "lightsnow", "lightsnowandthunder",
            "lightsnowshowers", "lightssleetshowersandthunder", "lightssnowshowersandthunder", "partlycloudy", "rain", "rainandthunder",
            "rainshowers", "rainshowersandthunder", "sleet", "sleetandthunder", "sleetshowers", "sleetshowersandthunder", "snow",
            "snowandthunder", "snowshowers", "snowshowersandthunder",
        ]
        for code in codes {
            for suffix in ["", "_day", "_night", "_polartwilight"] {
                let condition = MetNorwayProvider.condition(code + suffix)
                #expect(condition.kind != .unknown, "\(code)\(suffix)")
                #expect(!condition.english.isEmpty && !condition.korean.isEmpty && condition.english != condition.korean)
            }
        }
        #expect(MetNorwayProvider.condition("lightrainshowers_day") == .falling(.rain, .light, showers: true, thunder: false))
        #expect(MetNorwayProvider.condition("lightrainshowers_day").english == "Light rain showers")
        #expect(MetNorwayProvider.condition("heavysnowandthunder").kind == .thunderstorm)
        #expect(MetNorwayProvider.condition("heavysnowandthunder").korean == "천둥을 동반한 강한 눈")
        #expect(MetNorwayProvider.condition("lightssleetshowersandthunder").english == "Light sleet showers and thunder")
        #expect(MetNorwayProvider.isDay("fair_day") == true && MetNorwayProvider.isDay("fair_night") == false)
        #expect(MetNorwayProvider.isDay("fair_polartwilight") == nil)
        // Anything else is unknown, shown cleaned and bounded.
        let odd = MetNorwayProvider.condition("\u{1B}[2Jsunny" + String(repeating: "x", count: 500))
        #expect(odd.kind == .unknown && !odd.english.contains("\u{1B}") && odd.english.count < 80)
        // Line separators and invisible marks are not shown either.
        let invisible = MetNorwayProvider.condition("a\u{2028}b\u{2029}c\u{200B}d\u{FEFF}e")
        #expect(invisible.english == "Unknown weather (a b cde)", "\(invisible.english)")
    }

    @Test func hostileAnswersFailThePlaceNamingWhatIsWrong() throws {
        func failure(_ json: String) -> WeatherError? {
            let outcomes = try? provider.decode([oslo], responses: [HTTPResponse(status: 200, body: Data(json.utf8))], now: april2026).get()
            guard case .failure(let error)? = outcomes?.first else { return nil }
            return error
        }
        let step = { (time: String, temperature: String) in
            #"{"time":"\#(time)","data":{"instant":{"details":{"air_temperature":\#(temperature)}},"next_1_hours":{"summary":{"symbol_code":"rain"}}}}"#
        }
        #expect(failure("{}")?.detail == .invalid(.field("properties.timeseries"), .missing))
        #expect(failure(#"{"properties":{"timeseries":[]}}"#)?.detail == .invalid(.field("properties.timeseries"), .empty))
        #expect(failure(#"{"properties":{"timeseries":[\#(step("2026-04-26T10:00:00Z", "1e308"))]}}"#)?.kind == .badResponse)
        let hot = failure(#"{"properties":{"timeseries":[\#(step("2026-04-26T10:00:00Z", "5000"))]}}"#)
        guard case .invalid(.field(let field), let problem)? = hot?.detail else { Issue.record("\(String(describing: hot))"); return }
        #expect(field == "current.temperature" && problem.isImplausible)
        #expect(failure(#"{"properties":{"timeseries":[\#(step("yesterday", "5"))]}}"#)?.detail
            == .invalid(.field("properties.timeseries[0].time"), .missingOrNotATime))
        #expect(failure(#"{"properties":{"timeseries":[\#(step("2031-04-26T10:00:00Z", "5"))]}}"#)?.kind == .badResponse)
        #expect(failure(#"{"properties":{"timeseries":"many"}}"#)?.detail == .invalid(.field("properties.timeseries"), .wrongType))
        let many = Array(repeating: step("2026-04-26T10:00:00Z", "5"), count: 401).joined(separator: ",")
        #expect(failure(#"{"properties":{"timeseries":[\#(many)]}}"#)?.detail == .invalid(.field("properties.timeseries"), .tooMany(401)))
        #expect(failure("[" + String(repeating: "0,", count: 50_000) + "0]")?.detail == .invalid(.answer, .tooManyValues))
        #expect(failure("<html>403 Forbidden</html>")?.detail == .invalid(.answer, .notValidJSON))
        // A place the answer is good for still gets its weather.
        #expect(failure(#"{"properties":{"timeseries":[\#(step("2026-04-26T10:00:00Z", "5"))]}}"#) == nil)
    }

    @Test func expiresAndLastModifiedAreReadAsDatesAndBounded() {
        let now = april2026
        let good = MetNorwayProvider.validity(
            ["expires": "Sun, 26 Apr 2026 10:35:40 GMT", "last-modified": "Sun, 26 Apr 2026 10:04:52 GMT"], now: now)
        #expect(good.expires == Date(timeIntervalSince1970: 1_777_199_740))
        #expect(good.lastModified == Date(timeIntervalSince1970: 1_777_197_892))
        #expect(HTTPDate.format(good.lastModified!) == "Sun, 26 Apr 2026 10:04:52 GMT")
        // Next year, the past, nonsense and header injection are no dates.
        let bad = MetNorwayProvider.validity(
            ["expires": "Mon, 26 Apr 2027 10:35:40 GMT", "last-modified": "Sun, 26 Apr 2026 10:04:52 GMT\r\nX-Evil: 1"], now: now)
        #expect(bad.expires == nil && bad.lastModified == nil)
        #expect(MetNorwayProvider.validity(["expires": "Sun, 26 Apr 2026 09:00:00 GMT"], now: now).expires == nil)
        #expect(HTTPDate.parse("Sun, 26 Apr 2026 25:00:00 GMT") == nil && HTTPDate.parse("26 Apr 2026") == nil)
        #expect(HTTPDate.parse("Sun, 26 Foo 2026 10:00:00 GMT") == nil && HTTPDate.parse("Sun, 26 Apr 2026 10:00:00 UTC") == nil)
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test func aNotModifiedAnswerReusesTheCopyKeptAndOnlyThat() throws {
        let headers = ["expires": "Sun, 26 Apr 2026 11:00:00 GMT", "last-modified": "Sun, 26 Apr 2026 10:04:52 GMT"]
        let fresh = try decode(Fixture.data("metno_complete_oslo_2026.json"), headers: headers)
        #expect(fresh.validity?.lastModified != nil)
        var asking = oslo
        asking.cached = fresh
        #expect(provider.requests(for: [asking], detail: .full)[0].headers["If-Modified-Since"] == "Sun, 26 Apr 2026 10:04:52 GMT")
        let later = april2026.addingTimeInterval(3600)
        let reused = try decode(Data(), status: 304, headers: ["expires": "Sun, 26 Apr 2026 12:00:00 GMT"], query: asking, now: later)
        #expect(reused.current == fresh.current && reused.hourly == fresh.hourly)
        #expect(reused.validity?.expires == HTTPDate.parse("Sun, 26 Apr 2026 12:00:00 GMT"))
        #expect(reused.validity?.lastModified == fresh.validity?.lastModified)
        // A 304 to a request that named no copy is the service's error, not weather.
        #expect(throws: WeatherError.self) { try decode(Data(), status: 304) }
    }

    /// Through the weather use case: no request before Expires, not even with
    /// --refresh; after it, If-Modified-Since, and a 304 keeps the weather.
    @Test func theLookupHonoursExpiresAndRevalidates() async throws {
        let store = try PlaceStore.inMemory()
        guard case .added(let place) = try store.add(newPlace("Oslo", lat: 59.91273, lon: 10.74609, geonamesID: 3143244, country: "NO", zone: "Europe/Oslo"), now: Date()) else {
            throw InputError.nothingSaved
        }
        let clock = TestClock(april2026)
        let http = ConditionalClient(
            headers: ["expires": "Sun, 26 Apr 2026 11:00:00 GMT", "last-modified": "Sun, 26 Apr 2026 10:04:52 GMT"], now: { clock.read() })
        let context = AppContext.test(
            makeHTTPClient: { _ in http }, clock: { clock.read() }, environment: ["FORECAST_METNO_URL": "http://met.test", "FORECAST_OPEN_METEO_AIR_QUALITY_URL": "http://air.test"])
        var request = WeatherRequest()
        request.provider = ProviderDescriptor.metNorway.name
        request.refresh = true
        let settings = try WeatherSettings.resolve(request, environment: context.environment)
        #expect(settings.refreshOptions.callsPerMinute == 1200 && settings.refreshOptions.rateWindow == 1)
        let lookup = WeatherLookup(context: context, store: store)

        let first = try await lookup.weather(for: [place], detail: .summary, settings: settings)
        #expect(first.weather[place.id]?.report?.current.temperature == 10.1)
        #expect(http.weatherRequests.count == 1)

        clock.advance(minutes: 20)  // 10:50, before Expires: --refresh or not, nothing is asked
        let cached = try await lookup.weather(for: [place], detail: .summary, settings: settings)
        #expect(http.weatherRequests.count == 1 && cached.weather[place.id]?.report?.current.temperature == 10.1)

        clock.advance(minutes: 20)  // 11:10, past Expires: asked again, "changed since 10:04:52?"
        let revalidated = try await lookup.weather(for: [place], detail: .summary, settings: settings)
        #expect(http.weatherRequests.count == 2)
        #expect(http.weatherRequests.last?.headers["If-Modified-Since"] == "Sun, 26 Apr 2026 10:04:52 GMT")
        let weather = try #require(revalidated.weather[place.id])
        #expect(weather.error == nil && weather.report?.current.temperature == 10.1 && weather.fetchedAt == clock.read())
    }

    /// `list` then `show` within Expires: one request, not two (the summary's
    /// answer is the full one, kept whole); `--refresh` then asks nothing and
    /// says until when, and a contact with a space is refused.
    @Test func listThenShowAskOnceWithinExpiresAndRefreshSaysWhy() async throws {
        let headers = ["expires": "Sun, 26 Apr 2026 11:00:00 GMT", "last-modified": "Sun, 26 Apr 2026 10:04:52 GMT"]
        var cli = try InProcessCLI(now: april2026) { url in
            url.path.hasSuffix("/air-quality")
                ? HTTPResponse(status: 404, body: Data())
                : HTTPResponse(status: 200, headers: headers, body: Fixture.data("metno_complete_oslo_2026.json"))
        }
        cli.environment["FORECAST_METNO_URL"] = "http://met.test"
        _ = await cli.run("add", "--lat", "59.9127", "--lon", "10.7461", "--as", "Oslo")
        #expect(await cli.run("list", "--provider", "metno").status == 0)
        let show = await cli.run("show", "Oslo", "--provider", "metno")
        #expect(show.status == 0 && show.stdout.contains("Next 24 hours"), "\(show.stdout)")
        #expect(cli.http.weatherCount == 1, "show asked again within Expires")
        let refreshed = await cli.run("list", "--provider", "metno", "--refresh")
        #expect(refreshed.status == 0 && cli.http.weatherCount == 1)
        #expect(refreshed.stderr.contains("asks not to be asked again before"), "\(refreshed.stderr)")
        cli.environment["FORECAST_CONTACT"] = "me at example dot com"
        let spaced = await cli.run("list", "--provider", "metno")
        #expect(spaced.status == 1 && spaced.stderr.contains("FORECAST_CONTACT"))
    }

    @Test func theRateIsTwentyASecondInBurstsOfASecond() async throws {
        let rate = ProviderDescriptor.metNorway.rate
        #expect(rate.capacity == 20)
        actor Sleeps { var total: TimeInterval = 0; func add(_ s: TimeInterval) { total += s } }
        let sleeps = Sleeps()
        let limiter = RateLimiter(rate: rate, sleeper: Sleeper { await sleeps.add($0) }, budgetClock: .live)
        for _ in 0..<60 { try await limiter.acquire(1, before: .now + .seconds(60), events: nil) }
        // 20 at once, then 40 more at 20 a second: about two seconds of waiting, not none.
        let waited = await sleeps.total
        #expect(waited > 1.5, "\(waited)")
    }
}

/// What the providers' descriptors give the rest of the program.
@Suite struct ProviderDescriptorTests {
    @Test func namesHelpAndVariablesComeFromTheDescriptors() async throws {
        #expect(WeatherProviders.names == ["open-meteo", "openweathermap", "metno"])
        #expect(Phrases.listed(WeatherProviders.names, "or") == "open-meteo, openweathermap or metno")
        #expect(Phrases.listed(["a"], "또는") == "a" && Phrases.listed([], "or").isEmpty)
        #expect(ProviderName(rawValue: "MetNo")?.rawValue == "metno" && ProviderName(rawValue: "met") == nil)
        for descriptor in WeatherProviders.all {
            #expect(WeatherProviders.urlVariables.contains(descriptor.urlVariable))
            #expect(CLI.closedURLVariables.contains(descriptor.urlVariable))
        }
        let cli = try InProcessCLI()
        let help = await cli.run("list", "--help")
        for name in WeatherProviders.names { #expect(help.stdout.contains(name), "\(name)") }
        let wrong = await cli.run("list", "--provider", "nope")
        #expect(wrong.status == 64 && wrong.stderr.contains("metno"))
        let config = await cli.run("config", "provider", "metno")
        #expect(config.status == 0, "\(config.stderr)")
        #expect(try cli.store.settings().preferences.provider == "metno")
    }

    @Test func aContactThatCannotGoInAHeaderIsRefusedBeforeAnythingIsAsked() async throws {
        var cli = try InProcessCLI()
        cli.environment["FORECAST_METNO_URL"] = "http://met.test"
        _ = await cli.run("add", "--lat", "59.9", "--lon", "10.7", "--as", "Oslo")
        cli.environment["FORECAST_CONTACT"] = "me@example.com\r\nX-Evil: 1"
        let refused = await cli.run("list", "--provider", "metno")
        #expect(refused.status != 0 && refused.stderr.contains("FORECAST_CONTACT") && !refused.stderr.contains("X-Evil"))
        #expect(cli.http.count == 0)
    }

    @Test func theCreditIsUnderTheTableAndInTheJSON() async throws {
        var cli = try InProcessCLI(now: april2026) { url in
            url.path.hasSuffix("/air-quality")
                ? HTTPResponse(status: 500, body: Data())
                : HTTPResponse(status: 200, body: Fixture.data("metno_complete_oslo_2026.json"))
        }
        cli.environment["FORECAST_METNO_URL"] = "http://met.test"
        _ = await cli.run("add", "--lat", "59.9127", "--lon", "10.7461", "--as", "Oslo")
        let table = await cli.run("list", "--provider", "metno")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.credit == "Weather: MET Norway (CC BY 4.0)", "\(table.stdout)")
        #expect(table.stdout.hasSuffix("Weather: MET Norway (CC BY 4.0)\n"))
        #expect(table.stdout.contains("10°C"))
        let json = await cli.run("list", "--provider", "metno", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let source = try #require(object["source"] as? [String: Any])
        #expect(source["provider"] as? String == "metno" && source["credit"] as? String == "MET Norway")
        let show = await cli.run("show", "Oslo", "--provider", "metno", "--lang", "ko")
        #expect(show.stdout.contains("날씨: MET Norway"), "\(show.stdout)")
        let csv = await cli.run("list", "--provider", "metno", "--format", "csv")
        #expect(!csv.stdout.contains("MET Norway"))  // a CSV is rows only
    }
}
