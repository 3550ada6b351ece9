import Foundation
import Testing
@testable import ForecastViews
@testable import ForecastCore

@Suite struct WeatherConditionTests {
    @Test func everyWMOCodeHasADescriptionAndSymbol() {
        for code in WeatherCondition.wmoCodes {
            let condition = WeatherCondition.wmo(code)
            #expect(condition.kind != .unknown, "WMO \(code)")
            #expect(!condition.english.isEmpty && !condition.korean.isEmpty)
            for isDay in [true, false, nil] {
                let symbol = condition.symbol(isDay: isDay)
                #expect(DisplayWidth.of(symbol) == 2, "WMO \(code) \(symbol)")
                #expect(condition.plainSymbol(isDay: isDay).unicodeScalars.allSatisfy { $0.isASCII })
            }
        }
        #expect(WeatherCondition.wmo(0).english == "Clear sky")
        #expect(WeatherCondition.wmo(99).korean == "강한 우박을 동반한 뇌우")
        #expect(WeatherCondition.wmo(42).kind == .unknown)
        #expect(WeatherCondition.wmo(42).english.contains("42"))
    }

    @Test func everyOpenWeatherMapIDHasADescriptionAndSymbol() {
        for id in WeatherCondition.openWeatherMapIDs {
            let condition = WeatherCondition.openWeatherMap(id)
            #expect(condition.kind != .unknown, "OWM \(id)")
            #expect(DisplayWidth.of(condition.symbol(isDay: true)) == 2 && DisplayWidth.of(condition.symbol(isDay: false)) == 2, "OWM \(id)")
        }
        #expect(WeatherCondition.openWeatherMap(500).kind == .rain)
        #expect(WeatherCondition.openWeatherMap(804).english == "Cloudy" && WeatherCondition.openWeatherMap(232).english == "Heavy drizzle and thunder")
        #expect(WeatherCondition.openWeatherMap(999).kind == .unknown)
    }

    /// Conditions are worded from the core's parts, never a service's codes:
    /// every code of every scheme reads into known parts, and every part, in
    /// any combination a service can send, has words in every language.
    @Test func conditionsAreWordedFromPartsInEveryLanguage() {
        let codes = WeatherCondition.wmoCodes.map(ConditionParts.wmo) + WeatherCondition.openWeatherMapIDs.map(ConditionParts.openWeatherMap)
        #expect(codes.allSatisfy { $0.unknown == nil })
        var combinations = codes
        for falling in ConditionParts.Falling.allCases {
            for intensity in [nil] + WeatherCondition.Intensity.allCases.map(Optional.some) {
                for (showers, thunder, freezing) in [(false, false, false), (true, false, false), (false, true, false), (true, true, false), (false, false, true)] {
                    combinations.append(ConditionParts(falling: falling, intensity: intensity, freezing: freezing, showers: showers, thunder: thunder))
                }
            }
        }
        combinations += ConditionParts.Veil.allCases.map { ConditionParts(veil: $0) } + ConditionParts.Sky.allCases.map { ConditionParts(sky: $0) }
            + ConditionParts.Wind.allCases.map { ConditionParts(wind: $0) }
        for room in Languages.all {
            let words = room.catalog(.bundled)
            let unknown = words.unknownCondition("")
            let said = combinations.map { words.words($0) }
            #expect(said.allSatisfy { !$0.isEmpty && !$0.contains(unknown.prefix(4)) && !$0.contains("  ") && $0 == $0.trimmingCharacters(in: .whitespaces) },
                    "\(room.language): \(said.filter { $0.isEmpty || $0.contains(unknown.prefix(4)) })")
            // Different parts read differently: drizzle is not rain, haze is not smoke.
            #expect(words.words(ConditionParts(falling: .drizzle)) != words.words(ConditionParts(falling: .rain)))
            #expect(Set(ConditionParts.Veil.allCases.map { words.words(ConditionParts(veil: $0)) }).count == ConditionParts.Veil.allCases.count)
        }
        #expect(Language.ja.words(.bundled).condition(.wmo(61)) == "弱い雨" && Language.ja.words(.bundled).condition(.wmo(99)) == "強いひょうを伴う雷雨")
    }

    /// The cache keeps the service's code and the kind, never words: words are
    /// made when shown, in either language, and a code from a damaged cache is
    /// cleaned; an entry of an older forecast (words, no code) does not decode.
    @Test func theCacheKeepsCodesNotWords() throws {
        let encoded = try JSONEncoder().encode(WeatherCondition.wmo(61))
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: String])
        #expect(object == ["kind": "rain", "code": "wmo:61"])
        let back = try JSONDecoder().decode(WeatherCondition.self, from: encoded)
        #expect(back == .wmo(61) && back.english == "Light rain" && back.korean == "약한 비")
        let parts = WeatherCondition.falling(.snow, .heavy, showers: true, thunder: true)
        #expect(try JSONDecoder().decode(WeatherCondition.self, from: JSONEncoder().encode(parts)).english == "Heavy snow showers and thunder")
        let hostile = Data(#"{"kind":"rain","code":"unknown:\u001b[2J\u001b]0;x\u0007bad"}"#.utf8)
        let cleaned = try JSONDecoder().decode(WeatherCondition.self, from: hostile)
        #expect(!cleaned.english.unicodeScalars.contains { $0.value < 0x20 } && cleaned.english.contains("bad"))
        let old = Data(#"{"kind":"rain","english":"Slight rain","korean":"약한 비"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WeatherCondition.self, from: old) }
        // A code of no known scheme, or a number out of its table, still reads as unknown weather.
        #expect(WeatherCondition(kind: .rain, code: "wmo:nope").english.hasPrefix("Unknown weather"))
        #expect(WeatherCondition(kind: .rain, code: "nonsense").korean.hasPrefix("알 수 없는 날씨"))
    }
}

@Suite struct WindTests {
    static let points: [(Double, String)] = [
        (0.0, "N"), (11.2, "N"), (11.25, "NNE"), (22.5, "NNE"), (45, "NE"), (90, "E"), (135, "SE"),
        (180, "S"), (202.5, "SSW"), (225, "SW"), (270, "W"), (315, "NW"), (348.7, "NNW"), (348.75, "N"),
        (359.9, "N"), (360, "N"), (-45, "NW"), (810, "E"),
    ]

    @Test(arguments: points)
    func compassPoints(degrees: Double, point: String) {
        #expect(CompassPoint(degrees: degrees).rawValue == point)
    }

    @Test func convertsSpeeds() {
        #expect(WindUnit.ms.convert(metresPerSecond: 10) == 10)
        #expect(abs(WindUnit.kmh.convert(metresPerSecond: 10) - 36) < 1e-9)
        #expect(abs(WindUnit.mph.convert(metresPerSecond: 10) - 22.3694) < 1e-4)
        #expect(WindUnit.kmh.convert(metresPerSecond: 0) == 0)
    }
}

@Suite struct LocalDaysTests {
    /// 40 three-hour steps from 2025-03-20T00:00Z, as OpenWeatherMap's forecast gives them.
    static let start = Date(timeIntervalSince1970: 1_742_428_800)  // 2025-03-20T00:00:00Z
    static let steps = (0..<40).map { i in
        ForecastStep(
            time: start.addingTimeInterval(Double(i) * 10_800), temperature: Double(i % 8) - 2,
            condition: i == 13 ? .wmo(95) : .wmo(1))
    }

    /// The oracle: Foundation's calendar in a fixed-offset zone.
    static func calendarDate(_ date: Date, offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    @Test(arguments: [-14_400, 0, 19_800, 20_700, 46_800])
    func stepsFallOnTheLocalDay(offset: Int) {
        let days = LocalDays.summarise(Self.steps, utcOffset: offset)
        var expected: [String: [Double]] = [:]
        for step in Self.steps { expected[Self.calendarDate(step.time, offset: offset), default: []].append(step.temperature!) }
        #expect(days.map(\.date) == expected.keys.sorted())
        for day in days {
            #expect(day.minimum == expected[day.date]!.min(), "\(offset) \(day.date)")
            #expect(day.maximum == expected[day.date]!.max(), "\(offset) \(day.date)")
        }
    }

    @Test func knownBoundaries() {
        // 21:00Z on the 20th is already the 21st at +5:30 (02:30) and at +13:00 (10:00) …
        let late = Self.start.addingTimeInterval(21 * 3600)
        #expect(LocalDays.localDate(late, utcOffset: 19_800) == "2025-03-21")
        #expect(LocalDays.localDate(late, utcOffset: 46_800) == "2025-03-21")
        #expect(LocalDays.localDate(late, utcOffset: 20_700) == "2025-03-21")
        // … and 00:00Z on the 20th is still the 19th at -4:00 (20:00).
        #expect(LocalDays.localDate(Self.start, utcOffset: -14_400) == "2025-03-19")
        // 18:14Z + 5:45 = 23:59 on the 20th; 18:15Z is midnight of the 21st.
        #expect(LocalDays.localDate(Self.start.addingTimeInterval(18 * 3600 + 14 * 60), utcOffset: 20_700) == "2025-03-20")
        #expect(LocalDays.localDate(Self.start.addingTimeInterval(18 * 3600 + 15 * 60), utcOffset: 20_700) == "2025-03-21")
        // Before 1970 and leap days.
        #expect(LocalDays.localDate(Date(timeIntervalSince1970: -1), utcOffset: 0) == "1969-12-31")
        #expect(LocalDays.localDate(Date(timeIntervalSince1970: 1_709_164_800), utcOffset: 0) == "2024-02-29")
    }

    @Test func theDaysConditionIsItsMostSignificant() {
        let days = LocalDays.summarise(Self.steps, utcOffset: 0)
        // Step 13 (the 21st, 15:00Z) has a thunderstorm; every other step is mainly clear.
        #expect(days[1].condition?.kind == .thunderstorm)
        #expect(days[0].condition?.kind == .mainlyClear)
    }

    @Test func stepsWithoutATemperatureAreSkippedAndZeroCounts() {
        let steps = [
            ForecastStep(time: Self.start, temperature: nil, condition: nil),
            ForecastStep(time: Self.start.addingTimeInterval(3600), temperature: 0, condition: nil),
            ForecastStep(time: Self.start.addingTimeInterval(7200), temperature: 3.5, condition: nil),
        ]
        let days = LocalDays.summarise(steps, utcOffset: 0)
        #expect(days.count == 1)
        #expect(days[0].minimum == 0 && days[0].maximum == 3.5)
        #expect(LocalDays.summarise([], utcOffset: 0).isEmpty)
    }
}

@Suite struct TextChartTests {
    @Test func aFlatSeriesIsDrawnAcrossTheMiddle() {
        let lines = TextChart.render([4, 4, 4, 4], height: 6) { "\(Int($0))°" }
        #expect(lines.count == 6)
        #expect(lines[3] == "   ┤****")
        #expect(lines[0] == "4° ┤")
        #expect(lines.filter { $0.contains("*") }.count == 1)
    }

    @Test func highestOnTopLowestAtTheBottomGapsBlank() {
        let lines = TextChart.render([0, nil, 10, 5], height: 3) { "\(Int($0))" }
        #expect(lines == ["10 ┤  *", "   ┤   *", " 0 ┤*"])
    }

    @Test func stepsAreJoinedAndEmptyInputDrawsNothing() {
        let lines = TextChart.render([0, 10], height: 5) { "\(Int($0))" }
        #expect(lines.map { $0.suffix(2) } == ["┤ *", "┤ |", "┤ |", "┤ |", "┤*"].map { $0.suffix(2) })
        #expect(TextChart.render([nil, nil], height: 5) { "\($0)" }.isEmpty)
        #expect(TextChart.render([], height: 5) { "\($0)" }.isEmpty)
    }
}
