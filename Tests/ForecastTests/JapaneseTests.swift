import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastViews
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastProviders

/// `forecast` in Japanese, tested as Korean is: the language chosen, the
/// catalog, place names and search, widths, help, and what the commands print.
@Suite struct JapaneseTests {
    let japanese = Language.ja.words(.bundled)

    @Test func theLanguageComesFromTheFlagThenTheEnvironment() {
        #expect(Language.resolve(flag: "ja", environment: ["FORECAST_LANG": "en"]) == .ja)
        #expect(Language.resolve(flag: "jp", environment: [:]) == .ja, "an alias, as kr is Korean's")
        #expect(Language.resolve(flag: nil, environment: ["LANG": "ja_JP.UTF-8"]) == .ja)
        #expect(Language.resolve(flag: nil, environment: ["LC_ALL": "C", "LANG": "ja_JP.UTF-8"]) == .en, "LC_ALL overrides LANG")
        #expect(Language.resolve(flag: nil, environment: ["LC_MESSAGES": "ja_JP.eucJP", "LANG": "ko_KR.UTF-8"]) == .ja)
        #expect(Language.resolve(flag: nil, environment: ["FORECAST_LANG": "ja-JP"]) == .ja)
        #expect(Language(setting: "japanese") == nil && Language(code: "jpn") == nil)
        #expect(Language.all.map(\.code) == ["en", "ko", "ja"])
        // Every language has its room: its catalog speaks it, and English is the only one without translated help.
        for room in Languages.all { #expect(room.catalog(.bundled).language == room.language) }
        #expect(Languages.all.filter { $0.help == nil }.map(\.language) == [.en])
    }

    @Test func countingTakesNoPluralAndNoParticleChoice() {
        #expect(Language.ja.plural.form(1, one: "place", other: "places") == "places")
        #expect(Language.en.plural.form(1, one: "place", other: "places") == "place")
        #expect(Language.en.plural.form(2, one: "place", other: "places") == "places")
        #expect(Language.ja.particles == .none && Language.ko.particles == .afterFinalSound)
        #expect(japanese.removedDamaged(3).contains("3か所"))
    }

    @Test func datesClocksAndAgesAsJapaneseWritesThem() {
        let day = CivilDate(year: 2026, month: 11, day: 26)
        #expect(japanese.day(day) == "11月26日(木)")
        let reading = ClockReading(Date(timeIntervalSince1970: 1_795_305_600), utcOffset: 9 * 3600)  // 2026-11-22T00:00Z
        #expect(japanese.dateTime(reading) == "2026年11月22日(日) 09:00")
        #expect(japanese.weekdayTime(reading) == "(日) 09:00")
        var afternoon = ClockReading(Date(timeIntervalSince1970: 1_795_305_600 + 5 * 3600 + 300), utcOffset: 9 * 3600)
        afternoon.clock = .h12
        #expect(japanese.time(afternoon) == "午後2:05")
        let now = Date(timeIntervalSince1970: 1_795_305_600)
        #expect(japanese.age(now.addingTimeInterval(-3 * 3600), now: now) == "3時間前に更新")
        #expect(japanese.age(now, now: now) == "たった今更新")
        #expect(japanese.compass(.nne) == "北北東")
    }

    /// Place names: kanji for Japan's cities (and China's), katakana for the
    /// others where GeoNames has it, else the English name; countries from CLDR.
    @Test func placeNamesFromGeoNames() throws {
        let gazetteer = Gazetteer.bundled
        let names: [(String, String?)] = [
            ("Tokyo", "東京"), ("Sapporo", "札幌"), ("Yokohama", "横浜"), ("Beijing", "北京"), ("Taipei", "台北"),
            ("Seoul", "ソウル"), ("London", "ロンドン"), ("Paris", "パリ"), ("Berlin", "ベルリン"),
        ]
        for (english, expected) in names {
            let city = try #require(gazetteer.search(english, limit: 1).first?.city, "\(english)")
            #expect(city.name(in: .ja) == expected, "\(english): \(city.names)")
            #expect(gazetteer.cityName(id: city.geonamesID, in: .ja) == expected)
            #expect(gazetteer.cityName(named: english, in: .ja) == expected)
        }
        // Not the simplified Chinese spellings GeoNames also lists (东京, 横滨).
        #expect(gazetteer.allCities().allSatisfy { $0.city.names["ja"].map { !$0.contains("东") && !$0.contains("滨") } ?? true })
        #expect(gazetteer.countryName("JP", in: .ja) == "日本" && gazetteer.countryName("KR", in: .ja) == "韓国")
        #expect(gazetteer.countryCode(named: "イギリス") == "GB", "a country by its Japanese name")
        // A city without a Japanese name keeps its English one in a Japanese catalog.
        let qods = try #require(gazetteer.city(id: 362))
        #expect(qods.name(in: .ja) == nil && qods.name(in: .en) == "Shahrak-e Qods")
    }

    /// Search folding keeps the voicing marks and reads hiragana as katakana.
    @Test func searchInKanaAndKanji() throws {
        #expect(SearchKey.fold("ガス") != SearchKey.fold("カス"), "dakuten make another word")
        #expect(SearchKey.fold("パリ") != SearchKey.fold("ハリ") && SearchKey.fold("パリ") != SearchKey.fold("バリ"), "handakuten too")
        #expect(SearchKey.fold("さっぽろ") == SearchKey.fold("サッポロ"))
        #expect(SearchKey.fold("ｻｯﾎﾟﾛ") == SearchKey.fold("サッポロ"), "half-width katakana, its marks joined")
        #expect(SearchKey.fold("ゞ") == SearchKey.fold("ヾ"))
        #expect(SearchKey.fold("Ｔｏｋｙｏ") == "tokyo")
        let gazetteer = Gazetteer.bundled
        #expect(gazetteer.search("さっぽろ", limit: 1).first?.city.name == "Sapporo")
        #expect(gazetteer.search("東京", limit: 1).first?.city.name == "Tokyo")
        #expect(gazetteer.search("ロンドン", limit: 1).first?.city.name == "London")
        #expect(gazetteer.search("ろんどん", limit: 1).first?.city.name == "London", "hiragana finds katakana")
        let paris = gazetteer.search("パリ", limit: 20).map(\.city.name)
        #expect(paris.first == "Paris" && !gazetteer.search("ハリ", limit: 50).contains { $0.city.name == "Paris" })
    }

    /// Full-width is two columns: lines fold to the width, never before a closing mark.
    @Test func japaneseFoldsBetweenCharacters() {
        let text = "東京、大阪、札幌の天気をひと目で確認します。地点は SQLite データベース(forecast.sqlite)に保存されます。"
        for width in [10, 20, 33, 60] {
            let lines = DisplayWidth.wrap(text, width: width)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
            #expect(lines.allSatisfy { !"、。)」".contains($0.first ?? "x") }, "\(width): \(lines)")
            #expect(lines.joined().replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
        }
        #expect(DisplayWidth.wrap(text, width: 20).contains { $0.contains("SQLite") }, "a Latin word stays whole where it fits")
        // Korean keeps breaking at spaces.
        #expect(DisplayWidth.wrap("서울의 날씨를 한눈에 봅니다", width: 13) == ["서울의 날씨를", "한눈에 봅니다"])
        #expect(DisplayWidth.of("東京ソウル") == 10)
    }

    @Test func theListAndShowSpeakJapaneseAndLineUp() async throws {
        // The stub's answer for the places asked, as Open-Meteo answers a batch.
        var cli = try InProcessCLI(now: Date()) { url in
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let query = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
            let latitudes = (query["latitude"] ?? "").split(separator: ",").compactMap { Double($0) }
            // The air is the air's answer (the weather's, moved to today's recorded hour, is no air of now:
            // a fast build decoded it and said so, in the field's English name).
            if url.path.hasSuffix("/air-quality") {
                let air = latitudes.enumerated().map { StubWeatherService.airObject(latitude: $1, index: $0) }
                return HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: air.count == 1 ? air[0] : air)) ?? Data())
            }
            var objects = StubWeatherService.openMeteoObjects(latitudes: latitudes)
            StubWeatherService.place(&objects, query)
            return HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: objects.count == 1 ? objects[0] : objects)) ?? Data())
        }
        cli.environment["LANG"] = "ja_JP.UTF-8"
        let added = await cli.run("add", "東京")
        #expect(added.status == 0 && added.stdout == "東京 (Tokyo, 日本)を保存しました。\n", "\(added.stdout)\(added.stderr)")
        #expect(await cli.run("add", "ろんどん").status == 0, "found by hiragana")
        #expect(await cli.run("add", "Seoul", "--as", "Home").status == 0)
        let list = await cli.run("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines[0].hasPrefix("#  名前"), "\(list.stdout)")
        #expect(list.lines[1].contains("東京") && list.lines[2].contains("ロンドン") && list.lines[3].contains("Home"), "\(list.stdout)")
        // Kanji and katakana are two columns wide: the humidity column ends at the same column on every row.
        let ends = list.lines.dropFirst().filter { $0.contains("%") }.map { line in DisplayWidth.of(String(line[..<(line.firstIndex(of: "%") ?? line.endIndex)])) }
        #expect(ends.count == 3 && Set(ends).count == 1, "\(list.stdout)")
        KoreanTests.expectNoEnglish(list.stdout, except: ["Home", "Open", "Meteo", "CC", "BY"])

        let show = await cli.run("show", "東京", "--full")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.lines[0].hasPrefix("東京  3か所中1番目"), "\(show.lines[0])")
        for word in ["体感", "湿度", "気圧", "日の出/日の入り"] { #expect(show.stdout.contains(word), "\(word)") }
        KoreanTests.expectNoEnglish(show.stdout, except: ["Tokyo", "Asia", "UTC", "hPa", "AQI", "Open", "Meteo", "CC", "BY", "CAMS", "ERA"])

        // Errors speak Japanese; --lang wins over the locale.
        let missing = await cli.run("show", "9")
        #expect(missing.status == 4 && missing.stderr.hasPrefix("エラー: ") && DisplayWidth.breaksBetweenCharacters(missing.stderr), "\(missing.stderr)")
        #expect(await cli.run("list", "--offline", "--lang", "en").lines[0].contains("Humidity"))
        // JSON keeps its field names and the stored name; search gives the names in every language.
        let json = await cli.run("search", "Tokyo", "--format", "json")
        let first = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["results"] as? [[String: Any]]).first
        #expect(first?["name"] as? String == "Tokyo")
        #expect((first?["names"] as? [String: String]) == ["ko": "도쿄", "ja": "東京"])
    }

    /// Help in every language that has its own: every text translated, the
    /// examples kept, English one flag away, folded to the terminal.
    @Test(arguments: [Language.ko, .ja]) func helpSpeaksTheLanguage(_ language: Language) async throws {
        let help = try #require(Languages.room(language).help)
        var cli = try InProcessCLI()
        var missing: [String] = []
        let english = try Regex("[A-Za-z]+ [a-z]+ [a-z]+ [a-z]+")
        let usage = help.headings.usage + ": "
        for command in [""] + Forecast.configuration.subcommands.map({ $0._commandName }) {
            let screen = await cli.run(arguments: (command.isEmpty ? [] : [command]) + ["--help", "--lang", language.code])
            #expect(screen.status == 0 && screen.stdout.hasPrefix(help.headings.overview + ": ") && screen.stdout.contains(usage + "forecast"),
                    "\(command): \(screen.stdout)")
            #expect(help.explanations[command] != nil, "\(command) has its explanation")
            // Outside examples and usage, a line of English words is a text without its translation.
            for line in screen.lines where !line.contains("$ forecast") && !line.hasPrefix(usage) && !line.contains("--help --lang en") {
                if line.contains(english) { missing.append("\(command): \(line)") }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
        let alias = await cli.run("help", "ls", "--lang", language.code)
        #expect(alias.stdout.hasPrefix(help.headings.overview + ": " + (help.text("Show the saved places and their weather, in the current sort order.") ?? "?").prefix(6)))
        // The --lang help lists today's languages.
        let options = await cli.run("list", "--help", "--lang", language.code)
        #expect(options.stdout.contains("en, ko, ja"), "\(options.stdout)")
        cli.columns = 60
        let folded = await cli.run("list", "--help", "--lang", language.code)
        let wide = folded.lines.filter { !$0.contains("$ ") && !$0.hasPrefix(usage) && DisplayWidth.of($0) > 60 }
        #expect(wide.isEmpty, "\(wide)")
    }

    /// What the attack on this work found.
    @Test func attacksOnTheLanguages() async throws {
        // A locale name no locale has crashed ICU (LANG=aaaaaaaaaaaa): such variables are dropped before use.
        #expect(LocaleName.unusable(in: ["LANG": "aaaaaaaaaaaa", "LC_ALL": "ja_JP.UTF-8", "LC_TIME": "C", "LC_MESSAGES": ""]) == ["LANG"])
        for usable in ["ja_JP.UTF-8", "ko_KR.eucKR", "en_US.UTF-8@euro", "C", "POSIX", "C.UTF-8", "de", "ja-JP"] { #expect(LocaleName.isUsable(usable), "\(usable)") }
        for unusable in ["aaaaaaaaaaaa", "aaaaaaaaaaaa_JP.UTF-8", "ja JP", "j", "ja_JP;rm", "日本語", "ja\n"] { #expect(!LocaleName.isUsable(unusable), "\(unusable)") }
        // The Kelvin sign is not a k.
        #expect(Language(code: "\u{212A}o") == nil && Language(code: "ＪＡ") == nil && Language(code: "JA") == .ja)
        // Half-width voicing marks take a column each.
        #expect(DisplayWidth.of("ｶﾞ") == 2 && DisplayWidth.of("ｻｯﾎﾟﾛ") == 5)
        // Japanese punctuation sits with the kanji: no line is a lone 。, nor starts with 、.
        let text = "地点は SQLite データベース(~/.local/share/forecast/forecast.sqlite)に保存されます。次、latin、words、here。"
        for width in 8...40 {
            let lines = DisplayWidth.wrap(text, width: width)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width && !"、。".contains($0.first ?? "x") }, "\(width): \(lines)")
        }
        // English help after a Japanese one is one flag away, as the Japanese help says.
        var cli = try InProcessCLI()
        cli.environment["LANG"] = "ja_JP.UTF-8"
        let english = await cli.run("help", "list", "--lang", "en")
        #expect(english.status == 0 && english.stdout.hasPrefix("OVERVIEW: "), "\(english.stderr)")
        // Help in a narrow terminal stays inside it, but for words that cannot break.
        cli.columns = 40
        let narrow = await cli.run("help", "search", "--lang", "ja")
        let wide = narrow.lines.filter { DisplayWidth.of($0) > 40 && !$0.contains("$ ") && !$0.hasPrefix("使い方") && $0.contains(" ") == false }
        #expect(narrow.status == 0 && wide.isEmpty, "\(wide)")
    }
}
