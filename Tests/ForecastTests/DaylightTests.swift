import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// Day and night where a service does not say: from the answer's sunrise and
/// sunset, else from the sun's height (`SolarPosition`).
@Suite struct DaylightTests {
    static let london = try! Coordinate(latitude: 51.5, longitude: -0.12)

    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text + "Z")!
    }

    /// London on 2026-01-19: sunrise 07:58 and sunset 16:26 UTC by the
    /// Astronomical Almanac's rule (the sun's upper limb, 34′ of refraction;
    /// HM Nautical Almanac Office's tables for London give 07:58 and 16:26).
    @Test func theSunsHeightGivesSunriseAndSunset() {
        let (lat, lon) = (Self.london.latitude, Self.london.longitude)
        #expect(!SolarPosition.isDay(at: Self.utc("2026-01-19T07:55:00"), latitude: lat, longitude: lon))
        #expect(SolarPosition.isDay(at: Self.utc("2026-01-19T08:01:00"), latitude: lat, longitude: lon))
        #expect(SolarPosition.isDay(at: Self.utc("2026-01-19T16:23:00"), latitude: lat, longitude: lon))
        #expect(!SolarPosition.isDay(at: Self.utc("2026-01-19T16:29:00"), latitude: lat, longitude: lon))
        // Noon's height: 90° − 51.5° − 20.4° (the sun's declination that day) ≈ 18.1°.
        let noon = SolarPosition.elevation(at: Self.utc("2026-01-19T12:11:00"), latitude: lat, longitude: lon)
        #expect(abs(noon - 18.1) < 0.2, "\(noon)")
        // Polar night in Tromsø, midnight sun at the pole in June.
        #expect(!SolarPosition.isDay(at: Self.utc("2026-12-21T11:00:00"), latitude: 69.65, longitude: 18.96))
        #expect(SolarPosition.isDay(at: Self.utc("2026-06-21T00:00:00"), latitude: 89.9, longitude: 0))
    }

    /// Open-Meteo's recorded London answer at 05:00 carries no `is_day`: the
    /// partly cloudy sky before the 07:55 sunrise it gives is a night one.
    @Test func aNightWithoutIsDayIsANight() async throws {
        let body = try Fixture.londonWithHours()
        let cli = try InProcessCLI(answer: { _ in HTTPResponse(status: 200, body: body) })
        #expect(await cli.run("add", "London").status == 0)
        let shown = await cli.run("show", "London", "--format", "json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let current = try #require(json["current"] as? [String: Any])
        #expect(current["isDay"] as? Bool == false && current["symbol"] as? String == "☁️", "\(current)")
        let hours = try #require(json["hourly"] as? [[String: Any]])
        let byTime = Dictionary(hours.compactMap { hour in (hour["time"] as? String).map { ($0, hour) } }, uniquingKeysWith: { a, _ in a })
        // 07:00 before the 07:55 sunrise, 08:00 after it, 17:00 after the 16:27 sunset.
        #expect(byTime["2026-01-19T07:00:00+00:00"]?["symbol"] as? String != "⛅")
        #expect(byTime["2026-01-19T12:00:00+00:00"].map { $0["symbol"] as? String } != nil)
        for (time, hour) in byTime {
            guard let code = hour["condition"] as? String, code == "Partly cloudy" else { continue }
            let clock = time.dropFirst(11).prefix(5)
            let day = clock >= "08:00" && clock < "16:27"
            #expect((hour["symbol"] as? String == "⛅") == day, "\(time): \(hour)")
        }
    }

    @Test func whatTheServiceSaidIsKept() throws {
        let now = Self.utc("2026-01-19T05:00:00")
        let report = WeatherReport(
            observedAt: now, utcOffsetSeconds: 0, timeZone: "Europe/London",
            current: CurrentConditions(condition: .wmo(2), isDay: true),
            hourly: [HourlyForecast(time: now, isDay: nil), HourlyForecast(time: now.addingTimeInterval(4 * 3600), isDay: false)],
            daily: []
        ).withDaylight(at: Self.london)
        #expect(report.current.isDay == true, "the service's word stands")
        #expect(report.hourly.map(\.isDay) == [false, false])
    }

    /// MET Norway gives no sunrise or sunset: they are computed for its days
    /// (`Sun`), where a provider that gives its own keeps them.
    @Test func metNorwaysDaysGetTheSunsTimes() throws {
        let provider = MetNorwayProvider(baseURL: URL(string: "http://met.test")!, userAgent: Project.userAgent(contact: "me@example.com"))
        let oslo = PlaceQuery(id: 1, coordinate: try Coordinate(latitude: 59.912_73, longitude: 10.746_09), timeZone: "Europe/Oslo")
        let decoded = try provider.decode([oslo], responses: [ok("metno_complete_oslo_2026.json")], now: april2026).get()[0].get()
        #expect(decoded.current.sunrise == nil && decoded.daily.allSatisfy { $0.sunrise == nil }, "MET says none")
        let report = decoded.withDaylight(at: oslo.coordinate)
        let today = Sun.day(try #require(CivilDate(iso: "2026-04-26")), at: oslo.coordinate, utcOffset: report.utcOffsetSeconds)
        #expect(report.current.sunrise == today.sunrise && report.current.sunset == today.sunset && today.sunrise != nil)
        #expect(!report.daily.isEmpty && report.daily.allSatisfy { $0.sunrise != nil && $0.sunset != nil })
        // Oslo, 26 April 2026 (CEST): about 05:40 and 21:00.
        let rise = try #require(report.current.sunrise), set = try #require(report.current.sunset)
        let clock = { (date: Date) in ClockReading(date, utcOffset: report.utcOffsetSeconds) }
        #expect(clock(rise).hour == 5 && [20, 21].contains(clock(set).hour), "\(clock(rise)) \(clock(set))")
        // A provider's own times stand.
        let given = WeatherReport(
            observedAt: april2026, utcOffsetSeconds: 0, timeZone: "UTC", current: CurrentConditions(sunrise: april2026, sunset: april2026),
            hourly: [], daily: []).withDaylight(at: oslo.coordinate)
        #expect(given.current.sunrise == april2026 && given.current.sunset == april2026)
    }
}
