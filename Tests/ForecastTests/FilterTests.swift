import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastKit
import ForecastViews

/// `list --where`: the expression language, and the command's exit status.
@Suite struct FilterTests {
    let fields: Set<String> = ["temp", "rain", "aqi", "humidity", "wind"]

    @Test func andBindsTighterThanOrAndParenthesesGroup() throws {
        let expression = try FilterExpression.parse("rain>=60 or temp<0 and aqi>100", fields: fields)
        #expect(expression == .or(
            .compare(field: "rain", .greaterOrEqual, 60),
            .and(.compare(field: "temp", .less, 0), .compare(field: "aqi", .greater, 100))))
        let grouped = try FilterExpression.parse("(rain >= 60 OR temp < -0.5) and not wind=3", fields: fields)
        #expect(grouped == .and(
            .or(.compare(field: "rain", .greaterOrEqual, 60), .compare(field: "temp", .less, -0.5)),
            .not(.compare(field: "wind", .equal, 3))))
        #expect(try FilterExpression.parse("temp==5", fields: fields) == .compare(field: "temp", .equal, 5))
    }

    /// 17,000 parentheses overflowed the stack (SIGSEGV); now a usage error.
    @Test func nestingAndLengthAreBounded() throws {
        let deep = String(repeating: "(", count: 17_000) + "temp>1" + String(repeating: ")", count: 17_000)
        #expect(throws: FilterExpression.ParseError.self) { try FilterExpression.parse(deep, fields: fields) }
        do {
            _ = try FilterExpression.parse(deep, fields: fields)
        } catch {
            #expect(error.problem == .tooDeep(maximum: FilterExpression.maximumDepth))
            #expect(error.position == FilterExpression.maximumDepth + 1)
        }
        let nots = String(repeating: "not ", count: 20_000) + "temp>1"
        #expect(throws: FilterExpression.ParseError.self) { try FilterExpression.parse(nots, fields: fields) }
        let chain = Array(repeating: "temp>1", count: 50_000).joined(separator: " and ")
        do {
            _ = try FilterExpression.parse(chain, fields: fields)
            Issue.record("a 50,000-term chain was accepted")
        } catch {
            #expect(error.problem == .tooLong(maximum: FilterExpression.maximumComparisons))
        }
        // Up to the limits, it still parses and evaluates.
        let fine = String(repeating: "(", count: 256) + "temp>1" + String(repeating: ")", count: 256)
        #expect(try FilterExpression.parse(fine, fields: fields).matches { _ in 2 })
        let long = Array(repeating: "temp>1", count: 1_000).joined(separator: " or ")
        #expect(try FilterExpression.parse(long, fields: fields).matches { _ in 2 })
    }

    @Test func aMissingValueNeverMatches() throws {
        let values: [String: Double] = ["temp": -3, "rain": 80]
        let look = { (name: String) in values[name] }
        #expect(try FilterExpression.parse("rain>=60 and temp<0", fields: fields).matches(look))
        #expect(!(try FilterExpression.parse("aqi>100", fields: fields).matches(look)), "no air: no match")
        #expect(!(try FilterExpression.parse("aqi<=100", fields: fields).matches(look)), "nor its opposite")
        #expect(try FilterExpression.parse("not aqi>100", fields: fields).matches(look), "not says what it says")
        #expect(!(try FilterExpression.parse("temp!=-3 or rain<80", fields: fields).matches(look)))
    }

    @Test(arguments: [
        ("rain>=abc", FilterExpression.ParseError.Problem.expectedNumber, 7),
        ("rian>5", .unknownField("rian"), 1),
        ("temp>1 humidity<3", .expectedAndOr, 8),
        ("temp>1 and", .expectedField, 11),
        ("(temp>1 and rain<3", .unclosedParenthesis, 1),
        ("temp 5", .expectedComparison, 6),
        ("temp=>5", .expectedNumber, 6),
        ("temp>1 and $x", .unexpectedCharacter, 12),
        ("temp>1e999", .expectedAndOr, 7),
        ("", .expectedField, 1),
    ])
    func errorsPointAtTheBadToken(text: String, problem: FilterExpression.ParseError.Problem, position: Int) {
        #expect(throws: FilterExpression.ParseError.self) { try FilterExpression.parse(text, fields: fields) }
        do { _ = try FilterExpression.parse(text, fields: fields) } catch {
            #expect(error.problem == problem && error.position == position, "\(text): \(error)")
        }
    }

    @Test func listKeepsTheMatchesWithTheirNumbersAndSaysByItsStatus() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        for name in ["Seoul", "London", "Busan"] { #expect(try await cli.run("add", name).status == 0) }
        // The stub: °C = (60 − latitude °F) → London is coldest; US AQI = 20 + 2 × latitude.
        let cold = try await cli.run("list", "--where", "temp<-10", "--format", "line", "--template", "{position} {name}")
        #expect(cold.status == 0 && cold.lines == ["2 London"], "\(cold.stdout)")
        let either = try await cli.run("list", "--where", "temp<-10 or aqi<92", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(either.stdout.utf8)) as? [String: Any])
        #expect((object["locations"] as? [[String: Any]])?.compactMap { $0["position"] as? Int } == [2, 3])
        let none = try await cli.run("list", "--where", "temp>100")
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty, "like grep: no match, no words")
        let bad = try await cli.run("list", "--where", "rain>=abc")
        #expect(bad.status == 64 && bad.stderr == "error: --where 'rain>=abc', at 'abc' (character 7): expected a number\n")
        #expect(await stub.log.count == 1, "a bad expression asks nothing")
        await stub.stop()
    }

    /// The kit evaluates --where on values, in the user's units and to the
    /// tenth every output shows: 4.96 °C reads "5.0" and is not below 5;
    /// in °F it is 40.9. A place without weather never matches a weather field.
    @Test func theKitComparesValuesInTheUsersUnits() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let seoul = try Coordinate(latitude: 37, longitude: 127)
        func place(_ id: Int64, _ name: String) -> Place {
            Place(id: id, displayName: name, canonicalName: name, countryCode: "KR", admin1: "", coordinate: seoul,
                  timeZone: "Asia/Seoul", geonamesID: nil, position: Int(id), addedAt: now)
        }
        let report = WeatherReport(
            observedAt: now, utcOffsetSeconds: 32_400, timeZone: "Asia/Seoul",
            current: CurrentConditions(temperature: 4.96, humidity: 40.04, windSpeed: 10, condition: .wmo(3)),
            hourly: [], daily: [DailyForecast(date: "2023-11-15", minimum: -1, maximum: 4.25, condition: .wmo(61), precipitationProbability: 60)])
        let places = [place(1, "A"), place(2, "B")]
        var listed = SavedPlaces.Listed(
            settings: Settings(), places: places,
            outcome: WeatherOutcome(weather: [1: PlaceWeather(report: report, fetchedAt: now)], cancelled: false, fetchedAny: false))
        let kept = { (text: String) in try listed.matching(try FilterExpression.parse(text, fields: WeatherField.comparedNames), now: now).map { $0.position } }
        #expect(try kept("temp<5") == [])
        #expect(try kept("temp=5 and humidity=40 and rain>=60 and high=4.3") == [1])
        #expect(try kept("position=2") == [2], "position and coordinates need no weather")
        #expect(try kept("temp>100 or not temp>100") == [1, 2], "a missing value never matches a comparison: 'not' keeps the place without weather")
        #expect(try kept("temp<100") == [1])
        listed.settings.temperatureUnit = .fahrenheit
        listed.settings.windUnit = .kmh
        #expect(try kept("temp=40.9 and low=30.2 and wind=36") == [1])
    }
}
