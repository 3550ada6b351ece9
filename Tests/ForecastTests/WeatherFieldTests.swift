import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastViews

/// One field registry (`WeatherField`) for `--where`, `--template` and the
/// report formats' columns: the names people type keep meaning what they did,
/// and what `--where` compares is what the columns show.
@Suite struct WeatherFieldTests {
    /// CSV's and TSV's columns, in their order (appended to, never reordered).
    static let columns = [
        "position", "name", "country", "region", "latitude", "longitude", "timezone", "time", "condition", "symbol", "temp", "feels",
        "humidity", "wind", "direction", "pressure", "clouds", "low", "high", "rain", "uv", "aqi", "eaqi", "pm25", "pm10", "updated",
        "stale", "error", "alert_level", "alert_count", "rain_next", "dawn", "sunrise", "sunset", "dusk", "daylight", "moon", "air_scale",
        "air_grade", "vs_yesterday", "vs_normal",
    ]
    /// The fields `--where` has compared, as its help and errors list them.
    static let compared = [
        "position", "latitude", "longitude", "temp", "feels", "humidity", "wind", "pressure", "clouds", "low", "high", "rain", "uv",
        "aqi", "eaqi", "pm25", "pm10", "alert", "rain_next", "daylight", "moon", "vs_yesterday", "vs_normal",
    ]

    @Test func theNamesPeopleTypeKeepTheirMeaning() {
        #expect(WeatherField.allCases.map(\.rawValue) == Self.columns)
        #expect(WeatherField.compared.map(\.comparedName) == Self.compared)
        #expect(Self.compared.allSatisfy { WeatherField.comparedNames.contains($0) && WeatherField(named: $0) != nil })
        // `alert` is the column alert_level, in --where and --template alike; the column's own name works in both.
        #expect(WeatherField(named: "alert") == .alertLevel && WeatherField(named: "alert_level") == .alertLevel)
        #expect(WeatherField.comparedNames.contains("alert_level"))
        #expect(!WeatherField.comparedNames.contains("name") && !WeatherField.comparedNames.contains("alert_count"))
        #expect(WeatherField(named: "nonsense") == nil)
        #expect((try? ReportTemplate("{alert} {alert_level} {temp}")) != nil)
        #expect(WeatherField.templateNames.joined(separator: ", ") == (Self.columns + ["alert (alert_level)"]).joined(separator: ", "))
    }

    /// Each compared field's number is the number its column shows (the
    /// report rows in the same units), so `--where temp<5` keeps what reads 4.9.
    @Test func whatWhereComparesIsWhatTheColumnsShow() throws {
        let now = BrowseViewTests.now
        let place = try BrowseViewTests.place(1, "Seoul")
        let weather = PlaceWeather(report: BrowseViewTests.report(4.96), fetchedAt: now)
        let words = Language.en.words(Gazetteer.bundled)
        let settings = Settings()
        let row = ReportRow(place: place, position: 1, weather: weather, format: WeatherFormat(settings, words: words, emoji: true), words: words, now: now)
        for field in WeatherField.compared {
            let value = field.value(place: place, position: 1, weather: weather, units: settings, now: now)
            #expect(value == row.bare[field].flatMap(Double.init), "\(field.rawValue): \(value.map { "\($0)" } ?? "nil") against \(row.bare[field] ?? "nil")")
        }
        #expect(WeatherField.temp.value(place: place, position: 1, weather: weather, units: settings, now: now) == 5)
        #expect(WeatherField.name.value(place: place, position: 1, weather: weather, units: settings, now: now) == nil, "--where compares no text")
    }
}
