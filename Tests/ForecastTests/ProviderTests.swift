import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders
@testable import ForecastKit

let london = PlaceQuery(id: 1, coordinate: try! Coordinate(latitude: 51.5085, longitude: -0.1257), timeZone: "Europe/London")
let seoulQuery = PlaceQuery(id: 2, coordinate: try! Coordinate(latitude: 37.566, longitude: 126.9784), timeZone: "Asia/Seoul")

func ok(_ name: String) -> HTTPResponse { HTTPResponse(status: 200, body: Fixture.data(name)) }

/// When the recorded answers were made: their times are plausible then.
let january2026 = Date(timeIntervalSince1970: 1_768_798_800)  // 2026-01-19T05:00Z

extension AppContext {
    /// A test's context: what it does not give fails closed. The clock stands
    /// at `january2026`; time budgets pass only by what the work waits (a rate
    /// limit's turn, a retry's pause: `VirtualTime`), never because the machine
    /// is loaded, and no wait takes the machine's time; the companions' grace
    /// ends only when the test lets `grace` pass; no file of this machine
    /// is read; the gazetteer is the one built in.
    static func test(
        makeHTTPClient: @escaping @Sendable (HTTPClientNeeds) -> any ClosableHTTPClient,
        clock: @escaping @Sendable () -> Date = { january2026 },
        time: VirtualTime = VirtualTime(),
        grace: VirtualTime = VirtualTime(),
        environment: [String: String],
        files: FileReader = .unavailable
    ) -> AppContext {
        AppContext(makeHTTPClient: makeHTTPClient, clock: clock, budgetClock: time.clock, sleeper: time.sleeper, graceClock: grace.graceClock,
                   environment: environment, gazetteer: .bundled, files: files)
    }
}
let july2022 = Date(timeIntervalSince1970: 1_657_584_000)      // 2022-07-12
let march2025 = Date(timeIntervalSince1970: 1_742_504_400)     // 2025-03-20T21:00Z

/// Lets a batch's result be read place by place: a whole-answer failure is every place's.
extension Result where Success == [PlaceOutcome], Failure == WeatherError {
    subscript(_ index: Int) -> PlaceOutcome {
        switch self {
        case .success(let outcomes): outcomes[index]
        case .failure(let error): .failure(error)
        }
    }
}

@Suite struct OpenMeteoTests {
    let provider = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9/base")!, batchSize: 2)

    @Test func asksForEveryPlaceOfABatchInOneRequest() throws {
        let urls = provider.requests(for: [london, seoulQuery], detail: .full).map(\.url)
        #expect(urls.count == 1)
        let components = try #require(URLComponents(url: urls[0], resolvingAgainstBaseURL: false))
        #expect(components.path == "/base/v1/forecast")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["latitude"] == "51.5085,37.566")
        #expect(query["longitude"] == "-0.1257,126.9784")
        #expect(query["timezone"] == "Europe/London,Asia/Seoul")
        #expect(query["wind_speed_unit"] == "ms")
        #expect(query["forecast_days"] == "10", "the page's ten days")
        #expect(query["current"]?.contains("weather_code") == true)
    }

    /// A batched answer's entries are matched by `location_id`, then checked by their
    /// coordinates (their grid cells', within 75 km of the place asked): ids reversed
    /// gave each place another's weather.
    @Test func anEntryForAnotherPlaceIsThatPlacesFailureOnly() throws {
        func answer(_ change: (inout [[String: Any]]) -> Void) throws -> Result<[PlaceOutcome], WeatherError> {
            var objects = StubWeatherService.openMeteoObjects(latitudes: [51.5, 37.55])
            // Where Open-Meteo's grid puts them: a few km from what was asked.
            objects[0]["longitude"] = -0.12
            objects[1]["longitude"] = 127.0
            change(&objects)
            let body = try JSONSerialization.data(withJSONObject: objects)
            return provider.decode([london, seoulQuery], responses: [HTTPResponse(status: 200, body: body)], now: Date())
        }
        let fine = try answer { _ in }
        #expect((try? fine[0].get()) != nil && (try? fine[1].get()) != nil, "\(fine)")

        let reversed = try answer { objects in
            objects[0]["location_id"] = 1
            objects[1]["location_id"] = 0
        }
        // London's answered for Seoul, and Seoul's for London.
        #expect(throws: WeatherError(.badResponse, detail: .entryElsewhere(kilometres: 8_860))) { try reversed[0].get() }
        #expect(throws: WeatherError(.badResponse, detail: .entryElsewhere(kilometres: 8_858))) { try reversed[1].get() }

        let moved = try answer { objects in objects[1]["latitude"] = 38.5 }  // 104 km north of Seoul
        #expect((try? moved[0].get()) != nil)
        #expect(throws: WeatherError(.badResponse, detail: .entryElsewhere(kilometres: 104))) { try moved[1].get() }

        let unplaced = try answer { objects in objects[0]["longitude"] = nil }
        #expect(throws: WeatherError.invalid(.field("longitude"), .missing)) { try unplaced[0].get() }
        #expect((try? unplaced[1].get()) != nil)
    }

    /// The recorded answer is in °F, mp/h and ft: it must come out in °C, m/s and metres.
    @Test func decodesARecordedAnswerInItsOwnUnits() throws {
        let result = provider.decode([london], responses: [ok("openmeteo_current_plus_daily_london_2026.json")], now: january2026)
        let report = try result[0].get()
        #expect(report.utcOffsetSeconds == 0 && report.timeZone == "Europe/London")
        #expect(report.observedAt == Date(timeIntervalSince1970: 1_768_798_800))  // 2026-01-19T05:00Z
        let now = report.current
        #expect(abs(now.temperature! - 8.0) < 1e-9)          // 46.4 °F
        #expect(abs(now.feelsLike! - 6.6111) < 1e-3)         // 43.9 °F
        #expect(now.humidity == 93)
        #expect(abs(now.windSpeed! - 1.0729) < 1e-3)         // 2.4 mp/h
        #expect(now.windDirection == 131)
        #expect(abs(now.visibility! - 7200) < 0.01)          // 23622.047 ft
        #expect(now.pressure == 1013.9)
        #expect(now.condition == .wmo(2))
        #expect(now.windGust == nil && now.cloudCover == nil)  // not asked in that recording: nil, not 0
        #expect(report.daily.map(\.date) == ["2026-01-19"])
        #expect(now.sunrise == Date(timeIntervalSince1970: 1_768_809_300))  // 07:55 GMT
        #expect(report.daily[0].sunset == Date(timeIntervalSince1970: 1_768_840_020))  // 16:27 GMT
    }

    @Test func decodesHourlySeriesWithNulls() throws {
        let report = try provider.decode([london], responses: [ok("openmeteo_hourly_2day_2026.json")], now: january2026)[0].get()
        #expect(report.hourly.count == 48)
        #expect(report.hourly[0].time == Date(timeIntervalSince1970: 1_768_780_800))  // 2026-01-19T00:00Z
        #expect(abs(report.hourly[0].temperature! - (47.6 - 32) * 5 / 9) < 1e-9)
        #expect(report.hourly.allSatisfy { $0.condition?.kind != .unknown })
    }

    @Test func mapsAMultiLocationAnswerBackByLocationID() throws {
        // Open-Meteo's own test puts both entries at 41°N 2°E: two places there, a few km apart.
        let first = PlaceQuery(id: 1, coordinate: try Coordinate(latitude: 41.0, longitude: 2.0), timeZone: "Europe/Madrid")
        let second = PlaceQuery(id: 2, coordinate: try Coordinate(latitude: 41.05, longitude: 2.05), timeZone: "Europe/Madrid")
        let results = provider.decode([first, second], responses: [ok("openmeteo_multi_location_from_server_unit_test.json")], now: july2022)
        #expect(try results[0].get().utcOffsetSeconds == 3600)
        #expect(try results[1].get().utcOffsetSeconds == 3600)

        // Answers out of order still land on the right place.
        var objects = try #require(Fixture.json("openmeteo_multi_location_from_server_unit_test.json") as? [[String: Any]])
        objects[0]["utc_offset_seconds"] = 0
        objects[0]["location_id"] = 0
        objects[1]["utc_offset_seconds"] = 32_400
        let reversed = try JSONSerialization.data(withJSONObject: [objects[1], objects[0]])
        let mapped = provider.decode([first, second], responses: [HTTPResponse(status: 200, body: reversed)], now: july2022)
        #expect(try mapped[0].get().utcOffsetSeconds == 0)
        #expect(try mapped[1].get().utcOffsetSeconds == 32_400)
    }

    @Test func aMissingEntryFailsOnlyItsPlace() throws {
        let one = Fixture.data("openmeteo_current_plus_daily_london_2026.json")
        let results = provider.decode([london, seoulQuery], responses: [HTTPResponse(status: 200, body: one)], now: january2026)
        #expect((try? results[0].get()) != nil)
        #expect(throws: WeatherError.self) { try results[1].get() }
    }

    @Test(arguments: [
        ("", "the answer is empty"), ("{\"latitude\": 5", "the answer is not valid JSON"),
        ("[1, 2]", "[0] has the wrong type"), ("<html>oops</html>", "the answer is not valid JSON"), ("[]", "the answer has no locations"),
    ])
    func badBodiesAreBadResponses(body: String, message: String) {
        let results = provider.decode([london], responses: [HTTPResponse(status: 200, body: Data(body.utf8))], now: january2026)
        let error = #expect(throws: WeatherError.self) { try results[0].get() }
        #expect(error?.kind == .badResponse && error?.message == message)
        #expect(error?.detail != nil, "typed, so it can be said in Korean")
    }

    @Test func readsTheServicesReason() {
        #expect(provider.reason(in: Fixture.data("openmeteo_error_400_latitude_out_of_range.json")) == "Latitude must be in range of -90 to 90°. Given: 200.0.")
    }

    @Test func formatsCoordinatesWithoutTheLocale() {
        #expect(urlDegrees(52.52) == "52.52")
        #expect(urlDegrees(-0.00000001) == "0")
        #expect(urlDegrees(126.978412345) == "126.97841")
    }
}

@Suite struct OpenWeatherMapTests {
    let provider = OpenWeatherMapProvider(apiKey: "SECRET-KEY", baseURL: URL(string: "http://127.0.0.1:9")!, language: .ko)

    @Test func asksTwiceAPlaceInStandardUnitsAndKorean() throws {
        let urls = provider.requests(for: [london], detail: .full).map(\.url)
        #expect(urls.map(\.path) == ["/data/2.5/weather", "/data/2.5/forecast"])
        let query = try #require(URLComponents(url: urls[0], resolvingAgainstBaseURL: false)?.queryItems)
        #expect(query.contains(URLQueryItem(name: "lang", value: "kr")))
        #expect(query.contains(URLQueryItem(name: "units", value: "standard")))
        #expect(query.contains(URLQueryItem(name: "appid", value: "SECRET-KEY")))
    }

    @Test func decodesCurrentAndBuildsLocalDays() throws {
        // The two recordings are five years apart; the current one is moved to the forecast's day.
        let currentJSON = Fixture.current("owm_current_london_latlon_2020.json", now: march2025) as! [String: Any]
        let current = HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: currentJSON))
        let report = try provider.decode([london], responses: [current, ok("owm_forecast5_london_2025.json")], now: march2025)[0].get()
        #expect(abs(report.current.temperature! - 8.93) < 1e-9)   // 282.08 K
        #expect(abs(report.current.feelsLike! - 4.22) < 1e-9)
        #expect(report.current.windSpeed == 5.7 && report.current.windDirection == 90)
        #expect(report.current.precipitation == 1.52)
        #expect(report.current.visibility == 8000 && report.current.cloudCover == 75)
        #expect(report.current.windGust == nil)
        #expect(report.current.condition == .openWeatherMap(501))
        #expect(report.utcOffsetSeconds == 3600)
        let sunrise = try #require((currentJSON["sys"] as? [String: Any])?["sunrise"] as? Int)
        #expect(sunrise % 86_400 == 1_588_048_633 % 86_400)
        #expect(report.current.sunrise == Date(timeIntervalSince1970: Double(sunrise)))
        #expect(report.hourly.count == 40)
        #expect(report.hourly.allSatisfy { ($0.precipitationProbability ?? -1) >= 0 })

        // The forecast's city.timezone is 0: days are UTC days here. Check against the steps.
        let list = try #require((Fixture.json("owm_forecast5_london_2025.json") as? [String: Any])?["list"] as? [[String: Any]])
        var byDay: [String: [Double]] = [:]
        for step in list {
            let day = String((step["dt_txt"] as! String).prefix(10))
            byDay[day, default: []].append(((step["main"] as! [String: Any])["temp"] as! NSNumber).doubleValue - 273.15)
        }
        #expect(report.daily.map(\.date) == byDay.keys.sorted())
        for day in report.daily {
            #expect(abs(day.minimum! - byDay[day.date]!.min()!) < 1e-9)
            #expect(abs(day.maximum! - byDay[day.date]!.max()!) < 1e-9)
        }
    }

    @Test func theDocsExampleHasGustAndSeaLevel() throws {
        let zocca = HTTPResponse(status: 200, body: Fixture.currentData("owm_current_official_docs_example_zocca.json", now: march2025))
        let report = try provider.decode([london], responses: [zocca, ok("owm_forecast5_london_2025.json")], now: march2025)[0].get()
        #expect(report.current.windGust == 1.18)
        #expect(report.current.pressure == 1015)
        #expect(report.utcOffsetSeconds == 7200)
    }

    @Test func readsErrorsWhateverTheTypeOfCod() {
        #expect(provider.reason(in: Fixture.data("owm_error_401_body.json"))?.hasPrefix("Invalid API key") == true)
        #expect(provider.reason(in: Fixture.data("owm_error_400_onecall_timemachine.json")) == "requested time is out of allowed range of 5 days back")
        let notFound = HTTPResponse(status: 200, body: Data(#"{"cod":"404","message":"city not found"}"#.utf8))
        let result = provider.decode([london], responses: [notFound, ok("owm_forecast5_london_2025.json")], now: march2025)
        #expect(throws: WeatherError(.notFound, detail: .notFound(reason: "city not found"))) { try result[0].get() }
        // One English wording, the detail's: the service's reason after what happened.
        #expect(WeatherError(.notFound, detail: .notFound(reason: "city not found")).message == "not found (HTTP 404): city not found")
    }
}
