import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastViews

/// The one rule for numbers shown (`ShownNumber`): converted from the stored
/// SI value, rounded once to what is shown, halves away from zero, in decimal;
/// bands taken from the number read. Each case is one a check against real
/// recorded answers found wrong.
@Suite struct NumbersRuleTests {
    static let words = Language.en.words(.bundled)

    static func format(_ temperature: TemperatureUnit = .celsius, wind: WindUnit = .ms) -> WeatherFormat {
        WeatherFormat(temperatureUnit: temperature, windUnit: wind, words: words, emoji: false)
    }

    // MARK: - The rule

    @Test func halvesRoundAwayFromZeroInDecimal() {
        // 47.3 °F as stored: 8.499999999999998 °C.
        let fromFahrenheit = ServiceUnits.celsius(47.3, unit: "°F")
        #expect(fromFahrenheit != 8.5)  // the binary noise the rule is for
        #expect(ShownNumber.text(fromFahrenheit, places: 0) == "9")
        #expect(ShownNumber.text(fromFahrenheit, places: 1) == "8.5")
        #expect(ShownNumber.text(8.5, places: 0) == "9")
        #expect(ShownNumber.text(-8.5, places: 0) == "-9")
        #expect(ShownNumber.text(2.5, places: 0) == "3")  // not to even
        #expect(ShownNumber.text(-42.65, places: 1) == "-42.7")
        #expect(ShownNumber.rounded(-42.65, places: 1) == -42.7)
        #expect(ShownNumber.text(TemperatureUnit.kelvin.convert(celsius: 12.2), places: 1) == "285.4")
        #expect(ShownNumber.text(1.005, places: 2) == "1.01")
        #expect(ShownNumber.text(0.05, places: 1) == "0.1")
        #expect(ShownNumber.text(-0.04, places: 1) == "0.0")  // never -0
        #expect(ShownNumber.text(-0.4, places: 0) == "0")
        #expect(ShownNumber.text(8.49, places: 0) == "8")
        #expect(ShownNumber.text(1234.5678, places: 2) == "1234.57")
        #expect(ShownNumber.text(0.000123, places: 4) == "0.0001")
        #expect(ShownNumber.text(99.95, places: 1) == "100.0")
        #expect(ShownNumber.text(12.5, places: 3, trim: true) == "12.5")
        #expect(ShownNumber.text(.nan, places: 1) == nil)
        #expect(ShownNumber.text(.infinity, places: 1) == nil)
        #expect(ShownNumber.text(1e300, places: 1) == nil)
        #expect(SafeNumber.rounded(8.499999999999998) == 9)
        #expect(SafeNumber.fixed(6.5, decimals: 0) == "7")
        #expect(SafeNumber.rounded(2.5, places: 0) == 3)
    }

    /// The rule against a plain decimal reference over many values: every
    /// tenth and hundredth from -100 to 100 converted to and from °F keeps its
    /// half.
    @Test func everyDecimalHalfSurvivesAConversion() {
        for hundredths in stride(from: -10_000, through: 10_000, by: 5) {
            let exact = Double(hundredths) / 100  // nearest double to the decimal
            let roundTrip = TemperatureUnit.fahrenheit.convert(celsius: ServiceUnits.celsius(exact, unit: "°F"))
            // Reference: the decimal hundredths, halves away from zero, in integers.
            let tenths = (abs(hundredths) + 5) / 10 * (hundredths < 0 ? -1 : 1)
            #expect(ShownNumber.units(roundTrip, places: 1) == Int64(tenths), "\(exact) -> \(roundTrip)")
        }
    }

    // MARK: - Wind: rounded once, from m/s

    @Test func windIsConvertedFromMetresPerSecondAndRoundedOnce() {
        #expect(Self.format(wind: .kmh).windText(5.7, direction: nil) == "21 km/h")  // 20.52
        #expect(Self.format(wind: .mph).windText(3.8, direction: nil) == "9 mph")  // 8.50
        #expect(Self.format(wind: .kn).windText(1.8, direction: nil) == "3 kn")  // 3.499
        #expect(Self.format(wind: .kmh).windText(9.3, direction: nil) == "33 km/h")  // 33.48
        #expect(Self.format(wind: .kmh).wind(9.3) == 33.5)  // JSON's tenth of the same
        // 6.5 mph from a service, stored in m/s, shown in mph again.
        #expect(Self.format(wind: .mph).windText(ServiceUnits.metresPerSecond(6.5, unit: "mph"), direction: nil) == "7 mph")
        #expect(Self.format(wind: .ms).windText(3.35, direction: nil) == "3.4 m/s")
    }

    @Test func beaufortIsTheForceOfTheSpeedToATenth() {
        #expect(WindUnit.beaufort(metresPerSecond: 3.38) == 3)  // shown 3.4 m/s
        #expect(WindUnit.beaufort(metresPerSecond: ServiceUnits.metresPerSecond(7.5, unit: "mph")) == 3)
        #expect(WindUnit.beaufort(metresPerSecond: 3.34) == 2)  // shown 3.3
        #expect(WindUnit.beaufort(metresPerSecond: 0.24) == 0)
        #expect(WindUnit.beaufort(metresPerSecond: 0.25) == 1)
        #expect(WindUnit.beaufort(metresPerSecond: 32.65) == 12)
        #expect(WindUnit.beaufort(metresPerSecond: 32.64) == 11)
        #expect(WindUnit.beaufort(metresPerSecond: 0) == 0)
        #expect(Self.format(wind: .bft).windText(3.38, direction: nil) == "Bft 3")
        // Every tenth of the WMO table lands in its own force.
        let forces: [(ClosedRange<Int>, Int)] = [
            (0...2, 0), (3...15, 1), (16...33, 2), (34...54, 3), (55...79, 4), (80...107, 5), (108...138, 6),
            (139...171, 7), (172...207, 8), (208...244, 9), (245...284, 10), (285...326, 11), (327...400, 12),
        ]
        for (tenths, force) in forces {
            for tenth in tenths { #expect(WindUnit.beaufort(metresPerSecond: Double(tenth) / 10) == force, "\(tenth)") }
        }
    }

    /// A chart's labels are rounded once, from the converted value (8.46 °C read 9 °C
    /// when the chart was given tenths: 8.5, then rounded again).
    @Test func chartLabelsAreRoundedOnce() {
        let format = Self.format()
        let hours = [8.46, 5, 3.0].enumerated().map { HourlyForecast(time: Date(timeIntervalSince1970: Double($0.offset) * 3600), temperature: $0.element) }
        let chart = TextChart.render(hours.map { format.converted($0.temperature) }, height: 8, label: ShowOutput.chartLabel(hours, format)).joined(separator: "\n")
        #expect(chart.contains("8°C") && !chart.contains("9°C"), "\(chart)")
        // A rise of less than a degree: its ends in tenths, not "26°F" twice.
        let flat = [-3.3, -3.2, -3.1].enumerated().map { HourlyForecast(time: Date(timeIntervalSince1970: Double($0.offset) * 3600), temperature: $0.element) }
        let fahrenheit = Self.format(.fahrenheit)
        let labels = TextChart.render(flat.map { fahrenheit.converted($0.temperature) }, height: 8, label: ShowOutput.chartLabel(flat, fahrenheit)).joined(separator: "\n")
        #expect(labels.contains("26.4°F") && labels.contains("26.1°F"), "\(labels)")
    }

    @Test func temperaturesInTextRoundOnceEvenInKelvin() {
        #expect(Self.format().text(displayed: 8.5) == "9°C" && Self.format().text(displayed: 8.46, decimals: 1) == "8.5°C")
        #expect(Self.format(.kelvin).temperatureText(12.2) == "285K" && Self.format().temperatureText(-0.4) == "0°C")
    }

    @Test func visibilityChangesUnitOnTheNumberShown() {
        let format = Self.format()
        #expect(format.visibilityText(999.6) == "1 km" && format.visibilityText(999.4) == "999 m")
        var miles = format
        miles.measures.distance = .mi
        #expect(miles.visibilityText(1_600) == "1 mi" && miles.visibilityText(1_500) == "0.9 mi")
    }

    /// A unit the program does not know is a bad answer, not read as the default
    /// ("°K" and "furlongs" were read as °C and m/s).
    @Test func anUnknownUnitIsABadAnswer() throws {
        #expect(ServiceUnits.celsius(10, unit: "°K").isNaN && ServiceUnits.metresPerSecond(3, unit: "furlongs").isNaN)
        #expect(ServiceUnits.celsius(10, unit: nil) == 10 && ServiceUnits.millimetres(1, unit: "inch") == 25.4)
        var answer = try #require(Fixture.json("openmeteo_current_plus_daily_london_2026.json") as? [String: Any])
        var units = try #require(answer["current_units"] as? [String: Any])
        units["temperature_2m"] = "°K"
        answer["current_units"] = units
        let body = try JSONSerialization.data(withJSONObject: answer)
        let provider = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:9")!)
        let outcome = try provider.decode([london], responses: [HTTPResponse(status: 200, body: body)], now: january2026).get()
        guard case .failure(let error) = outcome[0] else { Issue.record("read as if it were °C"); return }
        #expect(error.kind == .badResponse, "\(error)")
    }

    // MARK: - Bands of the number read

    @Test func bandsAreOfTheNumberShown() {
        #expect(Self.words.uv(2.8) == "3 (moderate)")
        #expect(Self.words.uv(2.4) == "2 (low)")
        #expect(Self.words.uv(5.5) == "6 (high)")
        #expect(UVCategory(index: 10.6) == .extreme)
        #expect(AirQuality.Category(usAQI: 50.6) == .moderate)
        #expect(AirQuality.Category(usAQI: 50.4) == .good)
    }

    // MARK: - The HTML report's summary, as every other output

    @Test func theReportsSummaryShowsPercentagesAndUVWhole() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let place = Place(
            id: 1, displayName: "Oslo", canonicalName: "Oslo", countryCode: "NO", admin1: "", coordinate: try Coordinate(latitude: 59.9, longitude: 10.7),
            timeZone: "Europe/Oslo", geonamesID: nil, position: 1, addedAt: now)
        let report = WeatherReport(
            observedAt: now, utcOffsetSeconds: 3600, timeZone: "Europe/Oslo",
            current: CurrentConditions(temperature: 8.5, humidity: 86.3, windSpeed: 5.7, windDirection: 180, condition: .wmo(3)),
            hourly: [], daily: [DailyForecast(date: "2023-11-14", minimum: 2, maximum: 9, precipitationProbability: 0.3, uvIndexMax: 0.9)])
        let html = HTMLReport(
            entries: [.init(position: 1, place: place, weather: PlaceWeather(report: report, fetchedAt: now))],
            format: Self.format(wind: .kmh), words: Self.words, source: SourceItem(WeatherProviders.all[0]), now: now
        ).summary()
        #expect(html.contains(">86%<") && html.contains(">0%<"), "\(html)")
        #expect(!html.contains("86.3") && !html.contains("0.3%"))
        #expect(html.contains(">1<") && !html.contains("0.9"), "UV as the section says it: \(html)")
        #expect(html.contains(">9°C<") && html.contains("21 km/h"))
        let row = ReportRow(place: place, position: 1, weather: PlaceWeather(report: report, fetchedAt: now), format: Self.format(), words: Self.words, now: now)
        // Whole in every format, CSV included: a humidity shown as 86% is 86 to --where too.
        #expect(row.bare[.humidity] == "86" && row.shown[.humidity] == "86")
        #expect(row.shown[.uv] == "1" && row.bare[.uv] == "1")
    }
}
