import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastViews

/// The air graded on the scale a country uses: the Korean Ministry of
/// Environment's grades, the European AQI, the US AQI; each from the number as
/// it is shown, and named wherever it is said.
struct AirScaleTests {
    static func kr(pm10: Double?, pm2_5: Double?) -> AirGrade? { AirGrade(AirQuality(pm2_5: pm2_5, pm10: pm10), scale: .kr) }

    @Test func koreanGradesOfPM10AreTheMinistrysBands() {
        let cases: [(Double, AirGrade.Name)] = [
            (0, .good), (30, .good), (30.4, .good), (30.5, .moderate), (31, .moderate), (80, .moderate), (81, .bad), (150, .bad),
            (150.5, .veryBad), (151, .veryBad), (900, .veryBad),
        ]
        for (value, name) in cases {
            #expect(Self.kr(pm10: value, pm2_5: nil)?.name == name, "PM10 \(value)")
        }
    }

    @Test func koreanGradesOfPM25AreTheMinistrysBands() {
        // 15.5 µg/m³ is shown as 16: 보통, as read.
        let cases: [(Double, AirGrade.Name)] = [
            (0, .good), (15, .good), (15.4, .good), (15.5, .moderate), (16, .moderate), (35, .moderate), (36, .bad), (75, .bad),
            (76, .veryBad), (500, .veryBad),
        ]
        for (value, name) in cases {
            #expect(Self.kr(pm10: nil, pm2_5: value)?.name == name, "PM2.5 \(value)")
        }
    }

    @Test func theKoreanGradeIsTheWorseOfTheTwo() {
        let coarse = Self.kr(pm10: 95, pm2_5: 12)
        #expect(coarse?.name == .bad && coarse?.pollutant == "pm10" && coarse?.value == 95 && coarse?.rank == 3)
        let fine = Self.kr(pm10: 20, pm2_5: 40)
        #expect(fine?.name == .bad && fine?.pollutant == "pm2_5" && fine?.value == 40)
        // Alike: the finer particles, which Korean reports lead with.
        #expect(Self.kr(pm10: 50, pm2_5: 20)?.pollutant == "pm2_5")
        #expect(Self.kr(pm10: nil, pm2_5: nil) == nil)
        // A US AQI alone never makes a Korean grade.
        #expect(AirGrade(AirQuality(usAQI: 180), scale: .kr) == nil)
    }

    @Test func europeanAQIBands() {
        let cases: [(Double, AirGrade.Name)] = [
            (0, .good), (20, .good), (20.4, .good), (20.5, .fair), (40, .fair), (41, .moderate), (60, .moderate), (61, .poor),
            (80, .poor), (81, .veryPoor), (100, .veryPoor), (101, .extremelyPoor), (250, .extremelyPoor),
        ]
        for (value, name) in cases {
            #expect(AirGrade(AirQuality(europeanAQI: value), scale: .eu)?.name == name, "EAQI \(value)")
        }
        #expect(AirGrade(AirQuality(usAQI: 42, pm2_5: 10), scale: .eu) == nil)
    }

    @Test func usAQIBandsAgreeWithTheCategory() {
        for value in stride(from: 0.0, through: 520, by: 0.5) {
            let grade = AirGrade(AirQuality(usAQI: value), scale: .us)
            #expect(grade?.name.rawValue == AirQuality.Category(usAQI: value).rawValue, "AQI \(value)")
        }
    }

    @Test func implausibleNumbersGradeNothing() {
        for bad in [-1.0, .nan, .infinity, -.infinity, 1e9] {
            #expect(Self.kr(pm10: bad, pm2_5: nil) == nil)
            #expect(AirGrade(AirQuality(usAQI: bad), scale: .us) == nil)
            #expect(AirGrade(AirQuality(europeanAQI: bad), scale: .eu) == nil)
        }
    }

    @Test func eachCountryItsOwnScale() {
        #expect(AirScale.local(countryCode: "KR") == .kr)
        #expect(AirScale.local(countryCode: "kr") == .kr)
        for code in ["DE", "FR", "NO", "IS", "LI", "SE", "PL", "IE"] { #expect(AirScale.local(countryCode: code) == .eu, "\(code)") }
        for code in ["US", "GB", "CH", "JP", "KP", "CN", "BR"] { #expect(AirScale.local(countryCode: code) == .us, "\(code)") }
        #expect(AirScale.local(countryCode: nil) == .us)
        #expect(AirScaleChoice.kr.scale(countryCode: "US") == .kr)
        #expect(AirScaleChoice.local.scale(countryCode: "AT") == .eu)
        #expect(AirGrade.euNames.count == 6 && AirGrade.krNames.count == 4 && AirGrade.usNames.count == 6)
    }

    @Test func theScaleIsNamedInEveryLanguage() {
        let air = AirQuality(usAQI: 95.4, europeanAQI: 48, pm2_5: 40.2, pm10: 95.5)
        #expect(English(gazetteer: .bundled).air(air, scale: .kr, error: nil) == "bad (Korean grade) · PM10 96 µg/m³ · PM2.5 40 µg/m³")
        #expect(Korean(gazetteer: .bundled).air(air, scale: .kr, error: nil) == "나쁨 (환경부 기준) · 미세먼지 96 µg/m³ · 초미세먼지 40 µg/m³")
        #expect(English(gazetteer: .bundled).air(air, scale: .us, error: nil) == "US AQI 95 (moderate) · PM2.5 40 µg/m³")
        #expect(Korean(gazetteer: .bundled).air(air, scale: .eu, error: nil) == "유럽 AQI 48 (보통) · 초미세먼지 40 µg/m³")
        // Particles alone, on a scale of indices: the particles, no grade invented.
        #expect(English(gazetteer: .bundled).air(AirQuality(pm10: 33), scale: .us, error: nil) == "PM10 33 µg/m³")
        #expect(Korean(gazetteer: .bundled).air(AirQuality(pm10: 33), scale: .kr, error: nil) == "보통 (환경부 기준) · 미세먼지 33 µg/m³")
        for name in AirGrade.Name.allCases {
            #expect(!English(gazetteer: .bundled).airGrade(name).isEmpty && !Korean(gazetteer: .bundled).airGrade(name).isEmpty)
        }
    }

    /// From the attack: Korean grades with neither particle known say "–", not an empty fact.
    @Test func aKoreanPlaceWithoutParticlesSaysADash() {
        #expect(English(gazetteer: .bundled).air(AirQuality(usAQI: 50), scale: .kr, error: nil) == "–")
        #expect(Korean(gazetteer: .bundled).air(AirQuality(usAQI: 50), scale: .kr, error: nil) == "–")
    }

    /// From the attack: the air of another hour than now (a week old, weeks ahead) is not the air now; a bad pollen
    /// count is that plant's unknown, not the whole air's.
    @Test func theAirIsNowsAndABadPollenCountLosesOnlyItself() throws {
        let service = OpenMeteoAirQuality(baseURL: URL(string: "http://127.0.0.1:9")!)
        let now = Date()
        func decode(_ current: [String: Any]) throws -> Result<AirQuality, WeatherError> {
            var object = StubWeatherService.airObject(latitude: 51.5, index: 0)
            var merged = object["current"] as! [String: Any]
            for (key, value) in current { merged[key] = value }
            object["current"] = merged
            let body = try JSONSerialization.data(withJSONObject: object)
            return try service.decode([london], responses: [HTTPResponse(status: 200, body: body)], now: now).get()[0]
        }
        #expect(try decode([:]).get().pollen?.grass == 12.5)
        let hour = { (offset: Double) in
            let reading = ClockReading(now.addingTimeInterval(offset), utcOffset: 0)
            return "\(reading.date.iso)T\(String(format: "%02d", reading.hour)):00"
        }
        #expect(throws: WeatherError.self) { try decode(["time": hour(-7 * 86_400)]).get() }
        #expect(throws: WeatherError.self) { try decode(["time": hour(21 * 86_400)]).get() }
        let partial = try decode(["birch_pollen": -1, "grass_pollen": 1e9]).get()
        #expect(partial.pollen?.birch == nil && partial.pollen?.grass == nil && partial.pollen?.ragweed == 0 && partial.usAQI != nil)
    }

    /// From the trial: the sky's lines fold at their " · " ("Dusk 17:43" never split from its time).
    /// One sky (issue 38, item 3): the sun is computed for a place everywhere, today's and each day's alike,
    /// dawn < sunrise < sunset < dusk; a polar night has no sunrise.
    @Test func theSkyFoldsAtItsPartsAndIsOneSky() throws {
        let lines = SkyText.folded("Dawn 06:55 · Sunrise 07:23 · Sunset 17:15 · Dusk 17:43", width: 30)
        #expect(lines == ["Dawn 06:55 · Sunrise 07:23", "Sunset 17:15 · Dusk 17:43"])
        #expect(SkyText.folded("Dawn 06:55", width: 5) == ["Dawn", "06:55"], "a part wider than the line still wraps")
        let seoul = Place(
            id: 1, displayName: "Seoul", canonicalName: "Seoul", countryCode: "KR", admin1: "",
            coordinate: try Coordinate(latitude: 37.566, longitude: 126.9784), timeZone: "Asia/Seoul", geonamesID: nil, position: 1,
            addedAt: Date(timeIntervalSince1970: 0))
        let now = ISO8601DateFormatter().date(from: "2026-11-26T03:00:00Z")!
        let zone = LocalTime.zone("Asia/Seoul")
        let sky = SkyView(place: seoul, now: now)
        let today = try #require(SkyView.sun(on: "2026-11-26", place: seoul, zone: zone))
        #expect(today.sunrise == sky.sun.sunrise && today.sunset == sky.sun.sunset, "a day's sun is today's sun on today")
        for day in ["2026-11-26", "2026-11-27", "2026-06-21", "2026-12-21"] {
            let sun = try #require(SkyView.sun(on: day, place: seoul, zone: zone))
            let times = [sun.civilDawn, sun.sunrise, sun.sunset, sun.civilDusk].compactMap { $0 }
            #expect(times.count == 4 && times == times.sorted() && Set(times).count == 4, "\(day): \(times)")
        }
        #expect(SkyView.sun(on: "not a day", place: seoul, zone: zone) == nil)
        let tromso = Place(
            id: 2, displayName: "Tromsø", canonicalName: "Tromsø", countryCode: "NO", admin1: "",
            coordinate: try Coordinate(latitude: 69.6496, longitude: 18.956), timeZone: "Europe/Oslo", geonamesID: nil, position: 2,
            addedAt: Date(timeIntervalSince1970: 0))
        let polar = SkyView(place: tromso, now: ISO8601DateFormatter().date(from: "2026-12-15T10:00:00Z")!)
        #expect(polar.sun.polar == .night && polar.sun.sunrise == nil)
    }

    @Test func theChoiceIsKeptAndCheckedByConfig() throws {
        let settings = try Configuration.set(.airScale, to: "KR", in: Settings())
        #expect(settings.preferences.airScale == .kr)
        #expect(Configuration.stored(.airScale, settings) == "kr")
        #expect(throws: ConfigError.self) { try Configuration.set(.airScale, to: "jp", in: Settings()) }
        #expect(try Configuration.set(.airScale, to: nil, in: settings).preferences.airScale == nil)
        #expect(Configuration.entry(.airScale, Settings(), environment: [:]).value == "local")
    }
}
