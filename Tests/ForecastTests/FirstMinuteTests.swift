import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastViews
@testable import ForecastGazetteer
@testable import ForecastProviders

/// What a new user types and sees in the first minute: slips, habits and
/// narrow terminals.
@Suite struct FirstMinuteTests {
    @Test func editDistanceCountsSlips() {
        #expect(Suggestion.distance("list", "list") == 0)
        #expect(Suggestion.distance("lsit", "list") == 1, "a swap of neighbours is one slip")
        #expect(Suggestion.distance("lst", "list") == 1)
        #expect(Suggestion.distance("shwo", "show") == 1)
        #expect(Suggestion.distance("", "abc") == 3 && Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("서울", "서을") == 1)
        let commands = Invocation.commandWords
        #expect(Suggestion.closest(to: "lst", among: commands) == "list")
        #expect(Suggestion.closest(to: "REMVOE", among: commands) == "remove")
        #expect(Suggestion.closest(to: "Seoul", among: commands) == nil)
        #expect(Suggestion.closest(to: String(repeating: "l", count: 10_000), among: commands) == nil)
    }

    @Test(arguments: [
        (["lst"], "did you mean 'list'"), (["lsit", "--offline"], "did you mean 'list'"), (["shwo", "Seoul"], "did you mean 'show'"),
        (["help", "lst"], "did you mean 'list'"), (["--db", "x.sqlite", "sotr", "name"], "did you mean 'sort'"),
        (["help", "frobnicate"], "'frobnicate' is not a forecast command"),
    ])
    func slipsAreAnsweredWithTheCommandMeant(arguments: [String], message: String) async throws {
        let cli = try InProcessCLI()
        let result = await cli.run(arguments: arguments)
        #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try cli.store.ordered().places.isEmpty)
    }

    @Test func habitsWork() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "London").status == 0)
        #expect(await cli.run("add", "Seoul").status == 0)
        // (The fake service answers London's weather only: Seoul's fetch fails, status 2.)
        let names = { (result: InProcessCLI.Result) in result.lines.dropFirst().map { $0.split(separator: " ")[1] } }
        let alone = await cli.run(arguments: [])
        #expect(alone.lines.first?.hasPrefix("#  Name") == true && names(alone) == ["London", "Seoul"], "forecast alone lists: \(alone.stdout)")
        #expect(names(await cli.run("ls")) == ["London", "Seoul"])
        #expect(names(await cli.run("--offline")) == ["London", "Seoul"], "options alone go to the list")
        // The wttr.in habit: a place's name as the command.
        let seoul = await cli.run("Seoul")
        #expect(seoul.status == 0 && seoul.lines.first?.hasPrefix("Seoul  2 of 2") == true, "\(seoul.stdout)\(seoul.stderr)")
        // Rome is one edit from 'move', but it is a place.
        let rome = await cli.run("Rome")
        #expect(rome.status == 0 && rome.lines.first?.contains("not saved") == true, "\(rome.stdout)\(rome.stderr)")
        #expect(try cli.store.ordered().places.count == 2, "showing an unsaved place saves nothing")
        // Aliases people type, and the options every command takes before its name.
        #expect(await cli.run("sort", "temp").status == 0)
        #expect(try cli.store.settings().sort == PlaceSort(key: .temperature))
        #expect(await cli.run("sort", "name", "--desc").status == 0)
        #expect(try cli.store.settings().sort == PlaceSort(key: .name, descending: true))
        #expect(await cli.run("show", "--prev").status == 0)
        let json = await cli.run("--format", "json", "--lang", "ko", "sort")
        #expect(json.status == 0 && json.stdout.hasPrefix("{"), "\(json.stdout)\(json.stderr)")
    }

    /// Eight Springfields on a narrow terminal: the region, the one column that
    /// differs, stays; the Korean name they share goes first.
    @Test func candidatesKeepWhatTellsThemApart() {
        let words = Language.en.words(Gazetteer.bundled)
        let cities = Gazetteer.bundled.search("Springfield", limit: 10).map(\.city)
        #expect(cities.count >= 8)
        for width in [50, 60, 80] {
            let lines = SearchOutput.table(cities, width: width, words: words)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
            let rows = lines.dropFirst().map { $0.split(separator: " ", maxSplits: 1)[1] }
            #expect(Set(rows).count == cities.count, "at \(width) columns every row still differs: \(lines)")
            #expect(lines.dropFirst().allSatisfy { !$0.contains("스프링필드") } || width >= 80, "\(lines)")
        }
        // In Korean the English name is the one that goes.
        let korean = SearchOutput.table(cities, width: 60, words: Language.ko.words(Gazetteer.bundled))
        #expect(Set(korean.dropFirst().map { $0.split(separator: " ", maxSplits: 1)[1] }).count == cities.count, "\(korean)")
    }

    @Test func leastTellingColumnGoesFirst() {
        var table = TextTable(headers: ["#", "Name", "Same", "Differs"])
        table.append(["1", "Springfield", "US", "Ohio"])
        table.append(["2", "Springfield", "US", "Oregon"])
        // 'Differs' comes first in the drop order but is the only column telling the rows apart.
        let lines = table.fitted(width: 24, dropOrder: [3, 2], ignoring: [0])
        #expect(lines == ["#  Name         Differs", "1  Springfield  Ohio", "2  Springfield  Oregon"])
        // Where nothing is lost either way, the drop order decides.
        #expect(table.fitted(width: 24, dropOrder: [3, 2]) == ["#  Name         Same", "1  Springfield  US", "2  Springfield  US"],
                "counting the position column, every row differs whatever goes")
    }

    /// tmux 3.3a draws ☀️ in one column, most terminals in two: on a
    /// terminal, the columns after an emoji line up either way.
    @Test func emojiColumnsLineUpWhateverTheTerminalsWidthTable() async throws {
        var cli = try InProcessCLI()
        #expect(await cli.run("add", "London").status == 0)
        cli.columns = 120
        let list = await cli.run("list")
        #expect(list.status == 0 && list.lines.count == 2)
        let (header, row) = (list.lines[0], list.lines[1])
        // Partly cloudy at 05:00, before sunrise: the night's cloud.
        #expect(row.contains("☁️"), "the fixture's weather is an emoji: \(row)")
        for width in [1, 2] {
            #expect(column(of: "Partly cloudy", in: row, unsettledWidth: width) == column(of: "Weather", in: header, unsettledWidth: width),
                    "\(width): \(String(drawn(row, unsettledWidth: width)))")
            // Right-aligned after it: the temperature ends where its header does.
            let temp = column(of: "Temp", in: header, unsettledWidth: width).map { $0 + 4 }
            #expect(column(of: "8°C", in: row, unsettledWidth: width).map { $0 + 3 } == temp)
        }
        // The same row laid out with spaces only shifts on a one-column terminal: the test can tell.
        cli.columns = nil
        let piped = await cli.run("list")
        #expect(!piped.stdout.contains("\u{1B}"), "piped, plain spaces: nothing but text in the lines")
        #expect(column(of: "Partly cloudy", in: piped.lines[1], unsettledWidth: 1) != column(of: "Weather", in: piped.lines[0], unsettledWidth: 1))
        #expect(column(of: "Partly cloudy", in: piped.lines[1]) == column(of: "Weather", in: piped.lines[0]))
        #expect(!(await cli.run("show", "London").stdout.contains("\u{1B}")))
    }

    /// A second "Seoul" is saved with a warning, and either can be named.
    @Test func namesakesAreWarnedOfAndAddressable() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "Seoul").status == 0)
        #expect(await cli.run("add", "London").status == 0)
        // Coordinates alone are "near Seoul", no namesake: a second Seoul is one so labelled.
        let near = await cli.run("add", "--lat", "37.55", "--lon", "127.0")
        #expect(near.stdout == "Saved near Seoul (Seoul, South Korea).\n" && near.stderr.isEmpty, "\(near.stdout)\(near.stderr)")
        #expect(await cli.run("remove", "near Seoul").status == 0)
        let second = await cli.run("add", "--lat", "37.5", "--lon", "127.03", "--name", "Seoul")
        #expect(second.status == 0 && second.stderr.contains("2 saved places are called 'Seoul' now") && second.stderr.contains("'Seoul#2'"),
                "\(second.stderr)")
        let before = try cli.store.ordered().places
        let ambiguous = await cli.run("show", "seoul")
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("Seoul#1 = 1 (Seoul, South Korea, 37.566, 126.9784), Seoul#2 = 3 (Seoul, South Korea, 37.5, 127.03)"),
                "\(ambiguous.stderr)")
        // The list shows them by their addresses; in Korean too, by the name it shows them under.
        let listed = await cli.run("list")
        #expect(listed.lines.count == 4 && listed.lines[1].contains("Seoul#1") && listed.lines[3].contains("Seoul#2"), "\(listed.stdout)")
        #expect(await cli.run("show", "서울#2", "--lang", "ko").lines.first?.hasPrefix("서울#2  3곳 중 3번째") == true, "the title names it as the list does")
        #expect(await cli.run("show", "서울#2", "--lang", "ko").status == 0)
        #expect(await cli.run("show", "London#1").status == 0, "#1 of a name no other place has is that place")
        let shown = await cli.run("show", "Seoul#2")
        #expect(shown.status == 0 && shown.lines.first?.hasPrefix("Seoul#2  3 of 3") == true, "\(shown.stdout)\(shown.stderr)")
        #expect(await cli.run("show", "seoul #1").lines.first?.hasPrefix("Seoul#1  1 of 3") == true)
        let outOfRange = await cli.run("remove", "Seoul#3")
        #expect(outOfRange.status == 4 && outOfRange.stderr.contains("no saved place is 'Seoul#3'") && outOfRange.stderr.contains("Seoul#2 = 3"), "\(outOfRange.stderr)")
        #expect(try cli.store.ordered().places == before, "a failed command changes nothing")
        // Numbers follow your own order, not the sort shown.
        #expect(await cli.run("sort", "name", "--desc").status == 0)
        #expect(await cli.run("rename", "Seoul#2", "Gangnam").status == 0)
        let renamed = try cli.store.ordered().places.first { $0.displayName == "Gangnam" }
        #expect(renamed?.coordinate.latitude == 37.5, "Seoul#2 is the second Seoul added, however sorted")
        // A label wins over a name: "Seoul" is the place labelled so, not the city Gangnam stands on.
        let seoul = await cli.run("show", "Seoul")
        #expect(seoul.status == 0 && seoul.lines.first?.hasPrefix("Seoul  ") == true, "\(seoul.stdout)\(seoul.stderr)")
        // A label with '#' of its own is matched whole; one that reads as an address is refused.
        #expect(await cli.run("rename", "Gangnam", "Flat #B").stderr.isEmpty)
        #expect(await cli.run("show", "flat #b").status == 0)
        let address = await cli.run("rename", "Flat #B", "Flat#2")
        #expect(address.status == 1 && address.stderr.contains("cannot end in '#' and a number"), "\(address.stderr)")
        #expect(await cli.run("add", "Paris", "--as", "Seoul #3").status == 1)
    }

    /// "Seoul, KR" and "Paris, France" as people write them; slips get the name
    /// meant; a country code that is none is refused before anything goes online.
    @Test func namesAsPeopleWriteThem() async throws {
        let cli = try InProcessCLI()
        // Named in the interface's language; another language's name beside it only where it was typed (issue 38, item 7).
        for (typed, shown) in [("Seoul, KR", "Seoul  "), ("Paris, France", "Paris  "), ("서울, 대한민국", "Seoul (서울)  "),
                               ("London, UK", "London  ")] {
            let result = await cli.run("show", typed, "--offline")
            #expect(result.status == 0 && result.lines.first?.hasPrefix(shown) == true, "\(typed): \(result.stdout)\(result.stderr)")
        }
        let paris = await cli.run("show", "Paris, US", "--offline")
        #expect(paris.status == 0 && paris.lines.count > 1 && paris.lines[1].contains("United States"), "\(paris.stdout)")
        let springfields = await cli.run("show", "Springfield, us", "--offline")
        #expect(springfields.status == 1 && springfields.stderr.contains("could be any of 8 places"), "\(springfields.stderr)")
        #expect(!springfields.stderr.contains("narrow with --country"), "narrowed already")
        // A region after the comma, by name or code; two letters that are a country and a region mean the one with the place.
        for (typed, region) in [("Springfield, Illinois", "Illinois, United States"), ("Springfield, IL", "Illinois, United States"),
                                ("Portland, Oregon", "Oregon, United States"), ("Jerusalem, IL", "Israel")] {
            let found = await cli.run("show", typed, "--offline")
            #expect(found.status == 0 && found.lines.count > 1 && found.lines[1].contains(region), "\(typed): \(found.stdout)\(found.stderr)")
        }
        let slip = await cli.run("show", "Seoull", "--offline")
        #expect(slip.status == 4 && slip.stderr.contains("did you mean 'Seoul'?"), "\(slip.stderr)")
        // With the online lookup failing (a laptop with no network), the slip still gets its suggestion.
        let offline = try InProcessCLI(answer: { _ in HTTPResponse(status: 503, body: Data()) })
        let unreachable = await offline.run("show", "Seoull")
        #expect(unreachable.status == 1 && unreachable.stderr.contains("did you mean 'Seoul'?"), "\(unreachable.stderr)")
        let korean = await cli.run("show", "부산시티", "--offline", "--lang", "ko")
        #expect(korean.status == 4 && !korean.stderr.contains("did you mean"), "\(korean.stderr)")
        #expect(await cli.run("show", "Qwertyvillex", "--offline").stderr.contains("did you mean") == false)
        for bad in [["add", "Springfield", "--country", "XX"], ["show", "Paris, QQ"], ["search", "Paris", "--country", "ZZ"]] {
            let refused = await cli.run(arguments: bad)
            #expect(refused.status == 64 && refused.stderr.contains("is not a country code"), "\(bad): \(refused.stderr)")
        }
        #expect(cli.http.count == 0, "nothing was asked online")
        #expect(try cli.store.ordered().places.isEmpty)
    }

    /// The progress line shows for one place too, its spinner turns while
    /// nothing arrives, and it is gone when the refresh ends; it never shows
    /// when nothing is fetched, nor when stderr is not a terminal.
    @Test func progressShowsForAnyRefreshAndSpins() async throws {
        let words = Language.en.words(Gazetteer.bundled)
        let written = CapturedOutput()
        let line = ProgressLine(words: words, stderr: Terminal(isInteractive: true, columns: 80, usesColour: false, sink: written.append), fancy: true)
        line.update(.progress(done: 0, total: 1))
        // Polled, not timed: the line must come, and turn (a bound on how soon is scripts/bench's).
        for _ in 0..<200 where written.value.components(separatedBy: "Fetching weather 0/1").count < 3 {
            try await Task.sleep(for: .milliseconds(25))
        }
        let frames = written.value.components(separatedBy: "\r\u{1B}[2K").filter { !$0.isEmpty }
        #expect(frames.count >= 2 && frames.allSatisfy { $0.hasSuffix(" Fetching weather 0/1…") }, "\(frames)")
        #expect(Set(frames.map { $0.prefix(1) }).count >= 2, "the spinner turns: \(frames)")
        line.finish()
        #expect(written.value.hasSuffix("\r\u{1B}[2K"), "the line is cleared at the end")
        let after = written.value
        try await Task.sleep(for: .milliseconds(300))
        #expect(written.value == after, "nothing is drawn after the end")

        let cached = CapturedOutput()
        let idle = ProgressLine(words: words, stderr: Terminal(isInteractive: true, columns: 80, usesColour: false, sink: cached.append), fancy: false)
        let piped = CapturedOutput()
        let pipe = ProgressLine(words: words, stderr: Terminal(isInteractive: false, columns: nil, usesColour: false, sink: piped.append), fancy: false)
        pipe.update(.progress(done: 0, total: 5))
        try await Task.sleep(for: .milliseconds(500))
        idle.finish()
        pipe.finish()
        #expect(cached.value.isEmpty && piped.value.isEmpty)
    }

    /// Scripts do not break on settings: CSV and TSV keep their field names,
    /// SI values and English words whatever the units and language, and every
    /// failure with --format json is a JSON document.
    @Test func machineFormatsAreStable() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "London").status == 0)
        let plain = await cli.run("list", "--format", "csv")
        #expect(await cli.run("units", "f").status == 0)
        #expect(await cli.run("units", "c", "--wind", "mph").status == 0)
        #expect(await cli.run("units", "f").status == 0)
        for arguments in [["list", "--format", "csv", "--lang", "ko"], ["list", "--format", "csv"]] {
            let csv = await cli.run(arguments: arguments)
            #expect(csv.stdout.components(separatedBy: "\r\n")[0] == ReportField.allCases.map(\.rawValue).joined(separator: ","))
            #expect(csv.stdout == plain.stdout, "\(arguments): \(csv.stdout) vs \(plain.stdout)")
        }
        let tsv = await cli.run("list", "--format", "tsv", "--lang", "ko")
        #expect(tsv.lines[0].hasPrefix("position\tname\tcountry") && tsv.lines[1].contains("\tLondon\t") && tsv.lines[1].contains("\tPartly cloudy\t"), "\(tsv.stdout)")
        // For people, their units and language.
        #expect(await cli.run("list", "--format", "line", "--lang", "ko").stdout.hasPrefix("런던 ☁️ 4"))

        for arguments in [["add", "Springfield", "--format", "json"], ["--format", "json", "show", "Nowhereville", "--offline"],
                          ["lsit", "--format", "json"], ["show", "Paris, QQ", "--format", "json"], ["show", "9", "--format", "json"]] {
            let failed = await cli.run(arguments: arguments)
            #expect(failed.status != 0)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any], "\(arguments): \(failed.stdout)")
            let error = try #require(document["error"] as? [String: Any])
            #expect(error["status"] as? Int == Int(failed.status) && (error["message"] as? String)?.isEmpty == false && error["kind"] is String)
            #expect(failed.stderr.hasPrefix("error: "), "people still read a line on stderr: \(failed.stderr)")
            if arguments[0] == "add" {
                #expect((error["candidates"] as? [[String: Any]])?.count == 8 && error["kind"] as? String == "ambiguousName")
                #expect(failed.stderr.split(separator: "\n").count == 1, "no table on stderr with JSON: \(failed.stderr)")
            }
        }
        // A partial failure keeps its one JSON document (with the place's error in it).
        let partial = try InProcessCLI(answer: { _ in HTTPResponse(status: 503, body: Data()) })
        #expect(await partial.run("add", "Paris").status == 0)
        let list = await partial.run("list", "--format", "json")
        #expect(list.status == 2 && (try? JSONSerialization.jsonObject(with: Data(list.stdout.utf8))) != nil, "\(list.stdout)")
    }

    /// "Where I am" from a zone alias (a link in the tz database, by its file's
    /// symbolic link or by tzdata.zi's link line), and the zone's main city
    /// rather than the suburb nearest its point; regions named as GeoNames names them.
    @Test func whereIAmFromAliasesAndMainCities() async throws {
        let folder = TemporaryFolder()
        let zones = folder.path("zoneinfo")
        try FileManager.default.createDirectory(atPath: zones + "/US", withIntermediateDirectories: true)
        let table = """
            UA\t+5026+03031\tEurope/Kyiv
            US\t+404251-0740023\tAmerica/New_York\tEastern (most areas)
            VN\t+1045+10640\tAsia/Ho_Chi_Minh
            AE\t+2518+05518\tAsia/Dubai

            """
        try table.write(toFile: zones + "/zone1970.tab", atomically: true, encoding: .utf8)
        try "L Europe/Kyiv Europe/Kiev\nL Asia/Ho_Chi_Minh Asia/Saigon\n".write(toFile: zones + "/tzdata.zi", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: zones + "/US/Eastern", withDestinationPath: "../America/New_York")
        for (zone, city, region) in [("US/Eastern", "New York City", "New York, United States"), ("Europe/Kiev", "Kyiv", "Kyiv City, Ukraine"),
                                     ("Asia/Saigon", "Ho Chi Minh City", "Vietnam"), ("Asia/Dubai", "Dubai", "Dubai, United Arab Emirates")] {
            var cli = try InProcessCLI()
            cli.files = .live  // the zone files this test wrote
            cli.environment["TZ"] = zone
            cli.environment["TZDIR"] = zones
            let added = await cli.run("add", "--here")
            #expect(added.status == 0 && added.stdout.hasPrefix("Saved \(city) (") && added.stdout.contains(region), "\(zone): \(added.stdout)\(added.stderr)")
        }
        let words = Language.en.words(Gazetteer.bundled)
        #expect(words.region(countryCode: "DE", admin1: "03") == "Bremen, Germany")
        #expect(words.region(countryCode: "MC", admin1: "00") == "Monaco", "no '00'")
        #expect(words.region(countryCode: "PH", admin1: "NCR") == "Metro Manila, Philippines")
        #expect(Language.ko.words(Gazetteer.bundled).name(Gazetteer.bundled.search("Sao Paulo", limit: 1)[0].city).hasPrefix("상파울루"))
    }

    /// `show` on a terminal prints the whole page at its width (it scrolls: at 80×24 the wind,
    /// humidity, UV, air and sun were cut off); `--brief` keeps to the window: fewer
    /// hours and days, saying how to see the rest; asked spans, --full, a pipe
    /// and JSON are never cut. One or two hours draw no chart.
    @Test func showFitsTheTerminal() async throws {
        // London's recorded current and daily answer, with its recorded 48 hours (43 of them to come).
        let body = try Fixture.londonWithHours()
        var cli = try InProcessCLI(answer: { _ in HTTPResponse(status: 200, body: body) })
        #expect(await cli.run("add", "London").status == 0)
        cli.columns = 100
        let tall = await cli.run("show", "London")
        #expect(tall.stdout.contains("Next 24 hours") && !tall.stdout.contains("More:"))
        cli.rows = 24
        let whole = await cli.run("show", "London")
        let wholeText = whole.stdout.replacing(/\x1B\[[0-9;]*[A-Za-z]/, with: "")
        #expect(whole.stdout.components(separatedBy: "\n").count - 1 > 22 && !wholeText.contains("More:"), "the whole page: \(wholeText)")
        #expect(wholeText.contains("Weather: Open-Meteo") && wholeText.contains("HUMIDITY") && wholeText.contains("WIND") && wholeText.contains("SUN"), "\(wholeText)")
        #expect(wholeText.components(separatedBy: "\n").allSatisfy { DisplayWidth.of($0) <= 100 })
        #expect(await cli.run("show", "London", "--brief", "--full").status == 64)
        for rows in [50, 40, 34] {
            cli.rows = rows
            let shown = await cli.run("show", "London", "--brief")
            #expect(shown.status == 0 && shown.stdout.components(separatedBy: "\n").count - 1 <= rows - 2, "\(rows): \(shown.stdout)")
            // The page the app shows, cut where a part ends, saying how to see the rest.
            let plain = shown.stdout.replacing(/\x1B\[[0-9;]*[A-Za-z]/, with: "")
            #expect(plain.hasPrefix(" London  "), "\(rows): \(plain)")
            #expect(plain.contains("-day forecast") && (plain.contains("More: --full") || plain.contains("Weather: Open-Meteo")), "\(rows): \(plain)")
        }
        cli.rows = 40
        #expect(await cli.run("show", "London", "--full").stdout.contains("Next 43 hours"), "all there is of the 48 asked")
        let asked = await cli.run("show", "London", "--hours", "2")
        #expect(asked.stdout.contains("Next 2 hours") && !asked.stdout.contains("More:") && !asked.stdout.contains("┤"), "no chart for two points")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(await cli.run("show", "London", "--format", "json").stdout.utf8)) as? [String: Any])
        #expect((json["daily"] as? [Any])?.count ?? 0 >= 1 && (json["hourly"] as? [Any])?.count == 24, "JSON is never cut to a terminal")
        (cli.columns, cli.rows) = (nil, nil)
        #expect(await cli.run("show", "London").stdout.contains("Next 24 hours"), "a pipe gets the whole default")
    }

    /// Unit systems and each quantity's unit, kept across runs; CSV never changes with them.
    @Test func unitsForEveryQuantity() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "London").status == 0)
        let csv = await cli.run("list", "--format", "csv").stdout
        let imperial = await cli.run("units", "imperial")
        #expect(imperial.status == 0 && imperial.stdout.contains("fahrenheit") && imperial.stdout.contains("inches"), "\(imperial.stdout)")
        let settings = try cli.store.settings()
        #expect(settings.temperatureUnit == .fahrenheit && settings.windUnit == .mph)
        #expect(settings.measures == MeasureUnits(precipitation: .inch, distance: .mi, pressure: .inHg, clock: .h12))
        let shown = await cli.run("show", "London")
        #expect(shown.stdout.contains("29.94 inHg") && shown.stdout.contains("2 mph SE") && shown.stdout.contains("4 mi") && shown.stdout.contains("7:55 AM / 4:27 PM"),
                "\(shown.stdout)")
        #expect(await cli.run("list", "--format", "csv").stdout == csv, "CSV keeps its units")
        #expect(await cli.run("units", "c", "--wind", "kn", "--pressure", "mmhg", "--clock", "24h").status == 0)
        let knots = await cli.run("show", "London")
        #expect(knots.stdout.contains(" kn ") && knots.stdout.contains(" mmHg") && !knots.stdout.contains(" AM"), "\(knots.stdout)")
        #expect(await cli.run("units", "--wind", "bft").status == 0)
        #expect(await cli.run("show", "London").stdout.contains("Bft "))
        #expect(WindUnit.beaufort(metresPerSecond: 0) == 0 && WindUnit.beaufort(metresPerSecond: 5.4) == 3 && WindUnit.beaufort(metresPerSecond: 5.5) == 4)
        #expect(WindUnit.beaufort(metresPerSecond: 40) == 12)
        let bad = await cli.run("units", "--pressure", "bar")
        let wind = try cli.store.settings().windUnit
        #expect(bad.status == 64 && wind == .bft, "a bad unit changes nothing")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(await cli.run("units", "--format", "json").stdout.utf8)) as? [String: Any])
        #expect((json["units"] as? [String: String])?["pressure"] == "mmHg")
        // An export carries them, and an older file without them imports as metric.
        let exported = await cli.run("export")
        #expect(exported.stdout.contains("\"pressureUnit\" : \"mmHg\""), "\(exported.stdout)")
    }

    /// The man page has the sections a man page has, and names every variable the program reads.
    @Test func theManPageNamesEveryVariableAndStatus() throws {
        let page = try String(contentsOf: CLI.packageRoot.appending(path: "docs/forecast.1"), encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(page.contains(".SH \(section)\n"), "\(section)")
        }
        var read = Set<String>()
        let sources = CLI.packageRoot.appending(path: "Sources")
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) ?? FileManager.DirectoryEnumerator()
        where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /"((?:FORECAST|OPENWEATHER|XDG|NO|LC)_[A-Z_]+|TZDIR|TZ|LANG|COLUMNS|LINES|TERM|HOME)"/) { read.insert(String(match.1)) }
        }
        #expect(read.count >= 20, "\(read)")
        for name in read.sorted() { #expect(page.contains(name), "the man page does not mention \(name)") }
        for status in ["0", "1", "2", "3", "4", "64", "130", "141"] { #expect(page.contains(".B \(status)\n"), "exit status \(status)") }
    }

    /// Tab offers saved places' names (read from the database, none created),
    /// config keys and values, and knows the aliases: through the parser's own
    /// `---completion` request, as the shell asks it. (Run in this process, the
    /// database is named by `--db` among the words typed, as a user may type it:
    /// the environment here is the test process's. $FORECAST_DB is read by the
    /// same function, given the environment: NamesakeTests.)
    @Test func completionsOfferWhatIsSaved() async throws {
        let cli = CLI()
        for name in ["Seoul", "London", "Busan"] { #expect(try await cli.run("add", name).status == 0) }
        let complete = { (words: [String]) in
            try await cli.run(["---completion"] + [words[1], "--", "positional@0", "\(words.count - 1)", "\(words[words.count - 1].count)"] + words)
        }
        #expect(try await complete(["forecast", "show", "--db", cli.database, ""]).stdout == "Seoul\nLondon\nBusan\n")
        #expect(try await complete(["forecast", "remove", "--db", cli.database, "b"]).stdout == "Busan\n")
        let keys = try await cli.run("---completion", "config", "--", "positional@1", "3", "0", "forecast", "config", "format", "")
        #expect(keys.stdout.contains("json\n") && keys.stdout.contains("markdown\n"), "\(keys.stdout)")
        let none = cli.folder.path("none.sqlite")
        #expect(try await complete(["forecast", "show", "--db", none, ""]).stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: none), "completion creates no database")
        for shell in ["bash", "zsh"] {
            let script = try await cli.run("--generate-completion-script", shell).stdout
            #expect(script.contains("rm)\n") && script.contains("_forecast_remove") && script.contains("ls)\n"), "\(shell)")
            if shell == "bash" {
                #expect(script.contains("non_repeating_options=(--db --lang --format)") && script.contains("--lang) COMPREPLY+=($(compgen -W 'en ko ja'"),
                        "the options every command takes, before its name")
            }
        }
    }

    /// Korean particles follow the sound before them, not "(이)가" everywhere.
    @Test func koreanParticlesFollowTheSound() {
        let cases: [(String, Korean.Josa, String)] = [
            ("서울", .iGa, "이"), ("부산", .eunNeun, "은"), ("도쿄", .iGa, "가"), ("서울", .euro, "로"), ("부산", .euro, "으로"),
            ("'Seoull'", .iGa, "이"), ("'Paris'", .ira, "라"), ("'London'", .ira, "이라"), ("Tokyo", .eulReul, "를"),
            ("m/s", .euro, "로"), ("'-5'", .eunNeun, "는"), ("250", .iGa, "이"), ("7", .euro, "로"), ("'🌧️'", .iGa, "이(가)"), ("", .eulReul, "을(를)"),
        ]
        for (word, particle, expected) in cases { #expect(Korean.josa(word, particle) == expected, "\(word) \(particle)") }
    }

    /// What the attack on this work found: a label that bash would run, an
    /// address a label could hijack, a crash, escapes for a dumb terminal, Korean in JSON.
    @Test func attacksOnTheFirstMinute() async throws {
        #expect(!Completions.isInert("$(touch x)") && !Completions.isInert("`id`") && !Completions.isInert("L'Aquila"))
        #expect(Completions.isInert("São Paulo") && Completions.isInert("서울") && Completions.isInert("Seoul#2"))

        let cli = CLI()
        for arguments in [["add", "Seoul"], ["add", "--lat", "37.5", "--lon", "127", "--name", "Seoul"], ["add", "Paris"],
                          ["rename", "Paris", "$(touch pwned)"]] {
            #expect(try await cli.run(arguments).status == 0, "\(arguments)")
        }
        // No label may read as an address (it once hijacked 'Seoul#1'), nor as a position.
        #expect(try await cli.run("rename", "$(touch pwned)", "Seoul#1").status == 1)
        #expect(try await cli.run("rename", "$(touch pwned)", "--", "-5").status == 1)
        let removed = try await cli.run("remove", "Seoul#1")
        #expect(removed.status == 0 && removed.stdout == "Removed Seoul#1 (Seoul, South Korea, 37.566, 126.9784).\n", "the first Seoul: \(removed.stdout)")
        let names = Completions.savedNames(arguments: ["forecast", "show", ""], prefix: "", environment: cli.runEnvironment())
        #expect(names == ["Seoul"], "\(names)")
        // (In this process: a request no shell sends is refused before the parser sees it.)
        for bad in [["positional@-1"], ["positional@0", "2", "-1", "forecast", "show", "S"]] {
            let crash = try await cli.run(["---completion", "show", "--"] + bad)
            #expect(crash.status == 0 && crash.stdout.isEmpty, "no trap: \(crash.status)")
        }
        // Completion reads only: an empty file stays empty.
        let empty = cli.folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        _ = try await cli.run("---completion", "show", "--", "positional@0", "4", "0", "forecast", "show", "--db", empty, "")
        #expect((try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int) == 0)

        var terminal = try InProcessCLI()
        terminal.environment["TERM"] = "dumb"
        terminal.columns = 100
        #expect(await terminal.run("add", "London").status == 0)
        #expect(!(await terminal.run("list").stdout.contains("\u{1B}")), "TERM=dumb gets no cursor moves")
        let json = await terminal.run("--lang", "ko", "--format", "json", "lsit")
        #expect(json.stdout.contains("is not a forecast command") && json.stderr.contains("명령이 아닙니다"), "JSON in English, the line in Korean")
    }
}
