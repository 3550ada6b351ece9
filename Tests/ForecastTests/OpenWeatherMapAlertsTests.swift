import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// One Call's `alerts` as recorded (Oryol, 2022-02-16: four warnings, each in
/// English with no description and in Russian with one).
struct OpenWeatherMapAlertsTests {
    /// The recording's own `current.dt`: every alert is current then.
    let recordedNow = Date(timeIntervalSince1970: 1_645_005_349)

    @Test func eachWarningOnceInTheReadersScriptWithTheOthersDescription() throws {
        let warnings = try OpenWeatherMapAlerts.warnings(Fixture.data("owm_onecall25_oryol_8_alerts_2022.json"), now: recordedNow).get()
        #expect(warnings.map(\.event) == ["Freezing rain, icing", "Fog", "Wind", "Other dangers"])
        // The English copy had no description: the Russian one's is kept, as the agency wrote it.
        let fog = try #require(warnings.first { $0.event == "Fog" })
        #expect(fog.description == "местами туман")
        #expect(fog.onset == Date(timeIntervalSince1970: 1_645_002_000) && fog.ends == Date(timeIntervalSince1970: 1_645_034_400))
        #expect(warnings.allSatisfy { $0.source == "openweathermap-alerts" && $0.issuer == nil })
        // Neither a colour nor "warning" in its words: the lowest level (the tag
        // "Extreme temperature value" is a kind of weather, not a level).
        #expect(warnings.allSatisfy { $0.level == .minor })
        // Once merged by the rules, all four are in force at the recording's time, none twice.
        #expect(Warnings.current(warnings, now: recordedNow).count == 4)
    }

    @Test func aKoreanReaderGetsTheCopyInTheAgencysScriptOnlyWhenItIsHangul() throws {
        // Russian is not Hangul: a Korean reader gets the English copy, with the Russian description.
        let warnings = try OpenWeatherMapAlerts.warnings(
            Fixture.data("owm_onecall25_oryol_8_alerts_2022.json"), now: recordedNow, language: "kr").get()
        #expect(warnings.map(\.event) == ["Freezing rain, icing", "Fog", "Wind", "Other dangers"])
        let body = Data("""
            {"lat":37.5665,"lon":126.978,"alerts":[{"sender_name":"KMA","event":"Heavy rain warning","start":1645002000,"end":1645034400,"description":"","tags":["Rain"]},
            {"sender_name":"KMA","event":"호우경보","start":1645002000,"end":1645034400,"description":"서울 호우경보","tags":["Rain"]}]}
            """.utf8)
        let korean = try OpenWeatherMapAlerts.warnings(body, now: recordedNow, language: "kr").get()
        #expect(korean.map(\.event) == ["호우경보"] && korean.first?.level == .moderate)
        let english = try OpenWeatherMapAlerts.warnings(body, now: recordedNow, language: "en").get()
        #expect(english.map(\.event) == ["Heavy rain warning"] && english.first?.description == "서울 호우경보")
    }

    @Test func levelsFromTheAgencysWords() {
        #expect(OpenWeatherMapAlerts.level(event: "Red warning for wind", tags: []) == .severe)
        #expect(OpenWeatherMapAlerts.level(event: "Orange Thunderstorm", tags: []) == .moderate)
        #expect(OpenWeatherMapAlerts.level(event: "Yellow rain", tags: ["Rain"]) == .minor)
        #expect(OpenWeatherMapAlerts.level(event: "Winter Storm Warning", tags: []) == .moderate)
        #expect(OpenWeatherMapAlerts.level(event: "Frost Advisory", tags: []) == .minor)
        // "Reduced" has "red" in it but is not the colour.
        #expect(OpenWeatherMapAlerts.level(event: "Reduced visibility", tags: []) == .minor)
        #expect(OpenWeatherMapAlerts.level(event: "Extreme Heat Warning", tags: ["Extreme temperature value"]) == .moderate)
    }
}
