import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastViews
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastStore

/// `forecast` in Korean, throughout: the catalog, the language choice, and
/// what the binary prints.
@Suite struct KoreanTests {
    let korean = Language.ko.words(.bundled)
    let english = Language.en.words(.bundled)

    @Test func theLanguageComesFromTheFlagThenTheEnvironment() {
        #expect(Language.resolve(flag: "ko", environment: ["FORECAST_LANG": "en"]) == .ko)
        #expect(Language.resolve(flag: "en", environment: ["LANG": "ko_KR.UTF-8"]) == .en)
        #expect(Language.resolve(flag: nil, environment: ["FORECAST_LANG": "ko", "LC_ALL": "C"]) == .ko)
        #expect(Language.resolve(flag: nil, environment: ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]) == .en, "LC_ALL overrides LANG")
        #expect(Language.resolve(flag: nil, environment: ["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]) == .ko)
        #expect(Language.resolve(flag: nil, environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(Language.resolve(flag: nil, environment: ["LANG": ""]) == .en)
        #expect(Language.resolve(flag: nil, environment: [:]) == .en)
    }

    /// Every error a library can raise has its own words in every language.
    @Test(arguments: [Language.ko, .ja]) func everyErrorHasItsWords(_ language: Language) {
        let korean = language.words(.bundled)
        let isHangul = { (v: UInt32) in language == .ko ? (0xAC00...0xD7A3).contains(v) : DisplayWidth.breaksBetweenCharacters(String(Unicode.Scalar(v) ?? " ")) }
        let inputs: [InputError] = [
            .empty(.name), .unsafeCharacters(.label, "a\u{7}b"), .invisible(.label), .tooLong(.name, length: 101, maximum: 100),
            .notANumber(.latitude, "north"), .latitudeOutOfRange(91), .longitudeOutOfRange(-181), .nothingSaved,
            .positionOutOfRange(5, count: 4), .noSavedMatch("Tokyo"),
            .ambiguousReference("S", matches: [.init(position: 1, name: "Seoul"), .init(position: 2, name: "Suwon")]),
            .pickOutOfRange(9, candidates: 3), .badCountryCode("KOR"), .notFound("Atlantis", country: "KR"),
        ]
        let settings: [SettingsError] = [
            .unknownProvider("x"), .badTTL("y"), .missingKey(variable: "OPENWEATHER_API_KEY"), .badURL(variable: "V", value: "ftp://x"),
        ]
        let lookups: [PlaceLookupError] = [
            .onlineLookupFailed(query: "q", WeatherError(.timeout, "no answer")), .unknownLocalZone,
            .unreadableZoneTable(path: "/usr/share/zoneinfo/zone1970.tab"), .zoneWithoutCity("Etc/UTC"),
        ]
        let stores: [StoreError] = [
            .notADatabase(path: "/p"), .foreignDatabase(path: "/p"), .newerSchema(path: "/p", found: 9, known: 3),
            .cannotOpen(path: "/p", reason: "r"), .failed("r"),
        ]
        let pairs = inputs.map { (korean.message($0), english.message($0)) } + settings.map { (korean.message($0), english.message($0)) }
            + lookups.map { (korean.message($0), english.message($0)) } + stores.map { (korean.message($0), english.message($0)) }
        for (ko, en) in pairs {
            #expect(ko != en)
            #expect(ko.unicodeScalars.contains { isHangul($0.value) }, "\(language) in: \(ko)")
            #expect(!ko.contains("\n") && !en.contains("\n"))
        }
        // What went wrong with a service, in Korean wherever it is a value.
        let details: [WeatherError.Detail] = [
            .noAnswerInTime, .noAnswerWithin(seconds: 10), .noTimeLeft, .cannotConnect(server: "api.test"),
            .cannotTalk(server: "api.test"), .connectionClosed(server: "api.test"), .refusedKey(status: 401, reason: "bad key"),
            .notFound(reason: nil), .tooManyRequests(reason: nil), .serviceFailed(status: 503, reason: nil), .status(418, reason: nil),
            .tooLarge(megabytes: 8), .damagedCompression, .tooManyRedirects, .redirectedElsewhere, .cancelled,
            .waitLonger(.tooManyRequests(reason: nil), message: "too many requests (HTTP 429)", seconds: 3600),
            .noAnswer, .noLocations, .noEntryForPlace, .entriesForPlace(2), .entryElsewhere(kilometres: 1200), .serviceError(reason: nil), .serviceError(reason: "x"),
            .clientLimit(callsPerMinute: 60, seconds: 30),
        ]
        for detail in details {
            let error = WeatherError(.provider, "English words", detail: detail)
            let ko = korean.weatherError(error)
            #expect(!ko.contains("English words") && ko.unicodeScalars.contains { isHangul($0.value) }, "\(ko)")
            #expect(!english.weatherError(error).contains("English words"), "English comes from the catalog too")
        }
        let humidity = WeatherError.invalid(.field("current.humidity"), .outside(value: "250", range: "0…100"))
        #expect(korean.weatherError(humidity) == (language == .ko ? "잘못된 응답: 비정상 값: current.humidity 값 250이 0…100 범위를 벗어났습니다"
            : "不正な応答: 異常な値: current.humidity の値 250 が範囲 0…100 の外にあります"))
        #expect(english.weatherError(humidity) == "bad answer: \(humidity.message)", "the catalog's English is the error's own")
        let problems: [WeatherError.Detail.Problem] = [
            .notFinite, .outside(value: "1", range: "2…3"), .tooMany(9), .tooManyValues, .farFromNow, .notADate, .notATime, .missingOrNotATime,
            .missing, .wrongType, .notValid, .notValidJSON, .empty, .unreadable,
        ]
        for part in [WeatherError.Detail.Part.field("x.y"), .answer, .currentWeather, .forecast] {
            for problem in problems {
                let error = WeatherError.invalid(part, problem)
                #expect(english.weatherError(error) == "bad answer: \(error.message)")
                #expect(korean.weatherError(error).unicodeScalars.filter { isHangul($0.value) }.count > 4)
            }
        }
        #expect(korean.weatherError(WeatherError(.badResponse, "no detail")) == (language == .ko ? "잘못된 응답" : "不正な応答") + ": no detail", "no value, no translation")

        // What the user typed comes back escaped, on one line.
        #expect(korean.message(InputError.unsafeCharacters(.label, "a\u{1B}[31mb")).contains("\\u{1B}"))
    }

    @Test func datesAndAgesInKorean() {
        let day = CivilDate(year: 2026, month: 11, day: 22)
        #expect(korean.day(day) == "11월 22일 (일)")
        #expect(english.day(day) == "Sun 22 Nov")
        let reading = ClockReading(Date(timeIntervalSince1970: 1_795_305_600), utcOffset: 9 * 3600)  // 2026-11-22T00:00Z
        #expect(korean.dateTime(reading) == "2026년 11월 22일 (일) 09:00")
        #expect(english.dateTime(reading) == "Sun 22 Nov 2026 09:00")
        let now = Date(timeIntervalSince1970: 1_795_305_600)
        #expect(korean.age(now.addingTimeInterval(-3 * 3600), now: now) == "3시간 전 갱신")
        #expect(korean.age(now, now: now) == "방금 갱신")
        #expect(korean.compass(.nne) == "북북동")
    }

    /// The one date algorithm agrees with Foundation's calendar, weekday included.
    @Test func civilDatesAgreeWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
        // From 1600 on: Foundation's calendar turns Julian before 1582.
        for days in stride(from: -135_000, through: 800_000, by: 997) {
            let date = CivilDate(daysSince1970: days)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect([date.year, date.month, date.day, date.weekday + 1] == [parts.year, parts.month, parts.day, parts.weekday])
            #expect(date.daysSince1970 == days)
        }
        // Only days the calendar has: as a day of a forecast, and as a local time.
        #expect(CivilDate(iso: "2028-02-29") == CivilDate(year: 2028, month: 2, day: 29))
        for missing in ["2026-02-29", "2026-02-30", "2026-04-31", "2100-02-29"] {
            #expect(CivilDate(iso: missing) == nil, "\(missing)")
            #expect(LocalTime.instant(fromLocal: missing + "T12:00", in: calendar.timeZone) == nil, "\(missing)")
            #expect(throws: WeatherError.self) { try DailyForecast(date: missing).validate("daily[0]", now: Date()) }
        }
    }

    @Test func theListAndShowSpeakKoreanAndLineUp() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        cli.environment["LANG"] = "ko_KR.UTF-8"
        #expect(try await cli.run("add", "서울").stdout.hasPrefix("서울 (Seoul, 대한민국) 저장했습니다."))
        #expect(try await cli.run("add", "London").status == 0)
        #expect(try await cli.run("add", "Tokyo", "--as", "Home").status == 0)

        let list = try await cli.run("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines[0].hasPrefix("#  이름"))
        #expect(list.lines[1].contains("서울") && list.lines[2].contains("런던"), "Korean names: \(list.stdout)")
        #expect(list.lines[3].contains("Home"), "a label the user chose is shown as given")
        Self.expectNoEnglish(list.stdout, except: ["Home", "Open", "Meteo", "CC", "BY"])
        // Hangul is two columns wide: the humidity column ends at the same column on every row.
        let ends = list.lines.map { line in DisplayWidth.of(String(line[..<(line.firstIndex(of: "%") ?? line.endIndex)])) }
        #expect(Set(ends.dropFirst()).count == 1, "\(list.stdout)")

        let show = try await cli.run("show", "서울")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.lines[0].hasPrefix("서울  3곳 중 1번째"))
        for word in ["체감", "습도", "기압", "앞으로 24시간", "앞으로 며칠", "일출/일몰"] { #expect(show.stdout.contains(word), "\(word)") }
        // The credits' names (CAMS, ERA5: the air's and the normals' data) are names, not words to translate.
        Self.expectNoEnglish(show.stdout, except: ["Seoul", "Asia", "UTC", "hPa", "Open", "Meteo", "CC", "BY", "CAMS", "ERA"])

        // A place added by coordinates is listed under its nearest city's Korean name, and found by it.
        #expect(try await cli.run("add", "--lat", "48.85", "--lon", "2.35").status == 0)
        #expect(try await cli.run("list", "--offline").lines.last?.contains("파리") == true)
        #expect(try await cli.run("show", "파리", "--offline").stdout.hasPrefix("파리"))

        // --lang wins over the locale; errors speak the language too.
        #expect(try await cli.run("list", "--offline", "--lang", "en").lines[0].contains("Humidity"))
        // Before the command's name too (it was "unknown option '--lang'", said in Korean).
        let before = try await cli.run("--lang", "en", "list", "--offline")
        #expect(before.status == 0 && before.lines[0].contains("Humidity"), "\(before.stderr)")
        let missing = try await cli.run("show", "9")
        #expect(missing.status == 4 && missing.stderr == "오류: 9번은 범위를 벗어났습니다: 저장된 장소는 4곳입니다\n")
        let english = try await cli.run("show", "9", "--lang", "en")
        #expect(english.stderr.hasPrefix("error: position 9 is out of range"))

        // JSON keeps its field names and the stored name; the condition follows the language.
        let json = try await cli.run("list", "--offline", "--format", "json")
        let first = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["locations"] as? [[String: Any]]).first
        #expect(first?["name"] as? String == "Seoul")
        let condition = try #require((first?["weather"] as? [String: Any])?["condition"] as? String)
        #expect(condition.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
        await stub.stop()
    }

    @Test func commandLinesThatDoNotFitTogetherAreExplainedInKorean() async throws {
        let cli = CLI()
        let timeout = try await cli.run("list", "--lang", "ko", "--timeout", "0")
        #expect(timeout.status == 64 && timeout.stderr == "오류: --timeout은 0초보다 크고 300초 이하여야 합니다\n")
        let pick = try await cli.run("add", "--lang=ko", "Seoul", "--pick", "0")
        #expect(pick.status == 64 && pick.stderr.hasPrefix("오류: --pick은 1부터"))
        var korean = CLI()
        korean.environment["LANG"] = "ko_KR.UTF-8"
        let sort = try await korean.run("sort", "--descending")
        #expect(sort.status == 64 && sort.stderr.hasPrefix("오류: --descending에는"))
        #expect(try await korean.run("list", "--lang", "xx").stderr.hasPrefix("오류: --lang에는"), "a bad --lang falls back to the locale's language")
        // The argument parser's own complaints, in the shapes it writes them.
        let parser: [([String], String)] = [
            (["remove"], "오류: 지울 장소나 --damaged 중 하나를 주세요\n"),
            (["list", "--frob"], "오류: 알 수 없는 옵션 '--frob' (혹시 '--db'?)\n"),
            (["show", "a", "b"], "오류: 필요 없는 인자 'b'\n"),
            (["sort", "population"], "오류: 'population'은 '<key>'에 쓸 수 없는 값입니다: 'name', 'temperature', 'humidity', 'custom' 중 하나를 쓰세요\n"),
            (["add", "Seoul", "--pick"], "오류: '--pick <N>'에 값이 없습니다\n"),
        ]
        for (arguments, message) in parser {
            let result = try await korean.run(arguments)
            #expect(result.status == 64 && result.stderr == message, "\(arguments): \(result.stderr)")
        }
    }

    /// No English word of three letters or more, apart from names and units.
    static func expectNoEnglish(_ text: String, except allowed: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let words = text.split { !$0.isASCII || !$0.isLetter }.filter { $0.count >= 3 }.map(String.init)
        let stray = words.filter { !allowed.contains($0) }
        let lines = text.split(separator: "\n").filter { line in stray.contains { line.contains($0) } }
        #expect(stray.isEmpty, "English left in the output: \(stray) in \(lines)", sourceLocation: sourceLocation)
    }
}
