import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastStore
@testable import ForecastViews
import ForecastGazetteer
import GRDB

/// A service that misbehaves in every way we know of, against the command line
/// run as `main` runs it (the real HTTP client and database file, in-process).
/// Five places share one Open-Meteo request; the third (latitude 3.5) is the
/// one the service spoils. Every case checks the exact error kind, that the
/// four others still get their weather, that no control character reaches the
/// output, and that the next command works. The cases run side by side: no
/// binary is started (three binaries a case, all at once, swamped two cores).
@Suite struct HostileServiceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var fault: StubWeatherService.Fault
        var kind: WeatherError.Kind
        /// Part of the message the user sees, where it matters.
        var message: String? = nil
        /// The budget: generous, since CI runs many binaries at once on two cores.
        var timeout = "30"
        /// Seconds the whole command may take, where that is the point.
        var within: Double? = nil
        var testDescription: String { name }
    }

    static func entry(_ change: @escaping @Sendable (inout [String: Any]) -> Void) -> StubWeatherService.Fault { .entry(change) }
    static func current(_ field: String, _ value: Any) -> StubWeatherService.Fault {
        let box = UncheckedBox(value)
        return .entry { object in
            var current = object["current"] as! [String: Any]
            current[field] = box.value
            object["current"] = current
        }
    }
    static let escape = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}"

    static let numberCases: [Case] = [
        Case(name: "temperature 1e20", fault: current("temperature_2m", 1e20), kind: .badResponse, message: "current.temperature"),
        Case(name: "temperature 10000 °C", fault: current("temperature_2m", 18032), kind: .badResponse, message: "current.temperature"),
        Case(name: "temperature as the string nan", fault: current("temperature_2m", "nan"), kind: .badResponse, message: "temperature_2m has the wrong type"),
        Case(name: "temperature as the string Infinity", fault: current("temperature_2m", "Infinity"), kind: .badResponse),
        Case(name: "humidity −50 %", fault: current("relative_humidity_2m", -50), kind: .badResponse, message: "current.humidity"),
        Case(name: "cloud cover 250 %", fault: current("cloud_cover", 250), kind: .badResponse, message: "current.cloud_cover"),
        Case(name: "wind 1e300", fault: current("wind_speed_10m", 1e300), kind: .badResponse, message: "current.wind_speed"),
        Case(name: "weather_code 1e300", fault: current("weather_code", 1e300), kind: .badResponse, message: "weather_code"),
        Case(name: "weather_code 2.5", fault: current("weather_code", 2.5), kind: .badResponse, message: "weather_code"),
        Case(name: "year 999999999999999", fault: current("time", "999999999999999-01-01T00:00"), kind: .badResponse, message: "current.time"),
        Case(name: "a time ten years off", fault: current("time", "2099-01-01T00:00"), kind: .badResponse, message: "current.time"),
        Case(name: "utc_offset_seconds 1e300", fault: entry { $0["utc_offset_seconds"] = 1e300 }, kind: .badResponse, message: "utc_offset_seconds"),
        Case(name: "utc_offset_seconds 20 h", fault: entry { $0["utc_offset_seconds"] = 72_000 }, kind: .badResponse, message: "utc_offset_seconds"),
        Case(name: "current is an array", fault: entry { $0["current"] = [1, 2, 3] }, kind: .badResponse, message: "current has the wrong type"),
        Case(name: "hourly temperatures are strings", fault: entry { object in
            var hourly = object["hourly"] as! [String: Any]
            hourly["temperature_2m"] = ["warm", "hot"]
            object["hourly"] = hourly
        }, kind: .badResponse),
        Case(name: "the entry is a number", fault: .whole { objects in
            var all: [Any] = objects
            all[2] = 42
            return all
        }, kind: .badResponse),
    ]

    static let shapeCases: [Case] = [
        Case(name: "location_id duplicated", fault: .whole { objects in objects + [objects[2]] },
             kind: .badResponse, message: "2 entries for this place"),
        Case(name: "its entry missing", fault: .whole { objects in
            objects.enumerated().filter { $0.offset != 2 }.map(\.element)
        }, kind: .badResponse, message: "no entry"),
        Case(name: "location_id out of range", fault: .whole { objects in
            var all = objects
            all[2]["location_id"] = 99
            return all
        }, kind: .badResponse, message: "no entry"),
        Case(name: "location_id 1e300", fault: .whole { objects in
            var all = objects
            all[2]["location_id"] = 1e300
            return all
        }, kind: .badResponse, message: "no entry"),
        Case(name: "400 for one bad coordinate", fault: .answer(status: 400, body: #"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 200.0."}"#), kind: .provider, message: "Latitude must be in range"),
        Case(name: "500 for the whole batch", fault: .serverError, kind: .provider, message: "HTTP 500"),
        Case(name: "escapes in the error reason", fault: .answer(status: 400, body: #"{"error":true,"reason":"\u001b]0;pwned\u0007bad\u001b[2J\u202e"}"#), kind: .provider, message: "pwnedbad"),
        Case(name: "a redirect loop", fault: .redirectLoop, kind: .badResponse, message: "redirected too often"),
    ]

    /// An answer that cannot be read as a whole is the service's doing, whatever places
    /// it was for: every place of its request fails, and the request is not asked again
    /// half by half (each half would fetch it again at full size). One place a request,
    /// they must fail P3's only.
    static let answerCases: [Case] = [
        Case(name: "an empty array", fault: .answer(status: 200, body: "[]"), kind: .badResponse, message: "no locations"),
        Case(name: "a scalar", fault: .answer(status: 200, body: "42"), kind: .badResponse),
        Case(name: "an HTML page", fault: .answer(status: 200, headers: ["Content-Type": "text/html"], body: "<html><body>Gateway</body></html>"), kind: .badResponse, message: "not valid JSON"),
        Case(name: "a NaN literal", fault: .answer(status: 200, body: #"{"utc_offset_seconds": NaN}"#), kind: .badResponse, message: "not valid JSON"),
        // Under the body limit, but shapes that cost the decoder far more than their bytes.
        Case(name: "900 KB of 1e308", fault: .answer(status: 200, body: numbers(150_000)), kind: .badResponse,
             message: "the answer has 150000 entries", timeout: "10", within: 20),
        Case(name: "a 900,000-digit number", fault: .answer(status: 200, body: #"{"utc_offset_seconds":"# + digits(900_000) + "}"),
             kind: .badResponse, message: "the answer is not valid", timeout: "10", within: 20),
    ]

    /// `[1e308,1e308,…]`, `count` of them.
    static func numbers(_ count: Int) -> String { "[" + Array(repeating: "1e308", count: count).joined(separator: ",") + "]" }
    static func digits(_ count: Int) -> String { String(repeating: "7", count: count) }

    /// A rate limit, or an answer too large to take, spoils a whole request,
    /// whatever is in it (splitting would only fetch it again per half).
    static let requestCases: [Case] = [
        // One place's answer may have 1 MB (a real one has under 10 KB).
        Case(name: "an oversized body", fault: .huge, kind: .badResponse, message: "larger than 1 MB"),
        Case(name: "7.5 MB of 1e308", fault: .answer(status: 200, body: numbers(1_250_000)), kind: .badResponse,
             message: "larger than 1 MB", timeout: "10", within: 20),
        Case(name: "a 7-million-digit number", fault: .answer(status: 200, body: "[" + digits(7_000_000) + "]"), kind: .badResponse,
             message: "larger than 1 MB", timeout: "10", within: 20),
        // Refused by the decompression limit or by the body limit, whichever the
        // stream meets first (which depends on timing): both are badResponse.
        Case(name: "a gzip bomb", fault: .gzipBomb, kind: .badResponse, timeout: "60"),
        Case(name: "Retry-After malformed", fault: .answer(status: 429, headers: ["Retry-After": "soon, or -5, or 1e999"], body: "{}"), kind: .rateLimited),
        Case(name: "Retry-After absurdly long", fault: .answer(status: 429, headers: ["Retry-After": "99999999999999999999999999"], body: "{}"), kind: .rateLimited, message: "try again in"),
        Case(name: "Retry-After of a day", fault: .answer(status: 429, headers: ["Retry-After": "86400"], body: "{}"), kind: .rateLimited, message: "try again in 24 h"),
    ]

    /// So does a service that never finishes answering.
    static let timeCases: [Case] = [
        Case(name: "a service that never answers", fault: .hang, kind: .timeout, message: "within the 8 s budget", timeout: "8"),
        Case(name: "a drip of one byte a second", fault: .drip, kind: .timeout, message: "within the 8 s budget", timeout: "8"),
    ]

    /// Faults of a whole request (no answer in time, a rate limit) fail every
    /// place of that request, rightly; run one place a request, they must fail
    /// P3's only.
    static let perRequest = ["--batch-size", "1"]

    /// A database with five places at latitudes 1.5 … 5.5, made in-process.
    static func fivePlaces(_ cli: CLI) throws { try places(cli, count: 5) }

    /// Places P1 … Pn at latitudes 1.5 … n.5, made in-process.
    static func places(_ cli: CLI, count: Int) throws {
        let store = try PlaceStore.open(path: cli.database)
        for i in 1...count {
            _ = try store.add(NewPlace(
                displayName: "P\(i)", canonicalName: "P\(i)", countryCode: "KR", admin1: "",
                coordinate: try Coordinate(latitude: Double(i) + 0.5, longitude: 20), timeZone: "Asia/Seoul", geonamesID: nil), now: Date())
        }
    }

    static func expectClean(_ result: CLI.Result, _ context: String) {
        for text in [result.stdout, result.stderr] {
            #expect(!text.unicodeScalars.contains { SafeText.isUnsafe($0) && $0 != "\n" }, "control character in output: \(context)")
        }
    }

    func run(_ test: Case, extra: [String] = []) async throws {
        let stub = try await StubWeatherService.start(faults: [3: test.fault])
        var cli = CLI()
        cli.environment = stub.environment
        try Self.fivePlaces(cli)

        let result = await cli.runInProcess(["list", "--format", "json", "--timeout", test.timeout] + extra)
        if let within = test.within, let elapsed = result.elapsed {
            #expect(elapsed < .seconds(within), "\(test.name): past \(within) s")
        }
        #expect(result.status == 2, "\(test.name): \(result.stderr)")
        Self.expectClean(result, test.name)
        let items = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["locations"] as? [[String: Any]])
        for item in items {
            let name = item["name"] as? String ?? ""
            let error = item["error"] as? [String: Any]
            if name == "P3" {
                #expect(error?["kind"] as? String == test.kind.rawValue, "\(test.name): \(String(describing: error))")
                if let message = test.message {
                    #expect((error?["message"] as? String)?.contains(message) == true, "\(test.name): \(String(describing: error?["message"]))")
                }
                #expect(item["weather"] == nil, "\(test.name): nothing invalid was cached or shown")
            } else {
                #expect(error == nil && item["weather"] != nil, "\(test.name): \(name) must not suffer for P3: \(String(describing: error))")
            }
        }
        #expect(result.stderr == "error: weather for 1 of 5 places could not be fetched (\(Language.en.words(Gazetteer.bundled).errorKind(test.kind)): 1)\n")

        // The table says the same without a control character; then the cache serves every later command.
        let table = try await cli.run("list", "--offline")
        Self.expectClean(table, test.name)
        #expect(table.status == 0 && table.lines.count == 6, "\(test.name): \(table.stderr)")
        let show = try await cli.run("show", "P1", "--offline")
        #expect(show.status == 0, "\(test.name): \(show.stderr)")
        await stub.stop()
    }

    @Test(arguments: numberCases) func numbersAndTypes(_ test: Case) async throws { try await run(test) }

    @Test(arguments: shapeCases) func shapesStatusesAndBodies(_ test: Case) async throws { try await run(test) }

    @Test(arguments: answerCases) func answersThatCannotBeRead(_ test: Case) async throws {
        try await run(test, extra: Self.perRequest)
    }

    @Test(arguments: timeCases) func timeIsBounded(_ test: Case) async throws {
        try await run(test, extra: Self.perRequest)
    }

    @Test(arguments: requestCases) func wholeRequestFaults(_ test: Case) async throws {
        try await run(test, extra: Self.perRequest)
    }

    /// A batch split to isolate one bad place costs a bounded number of extra requests.
    @Test func splittingIsBounded() async throws {
        let stub = try await StubWeatherService.start(faults: [13: .answer(status: 400, body: #"{"error":true,"reason":"bad"}"#)])
        var cli = CLI()
        cli.environment = stub.environment
        try Self.places(cli, count: 30)
        let result = try await cli.run("list", "--format", "json", "--timeout", "30")
        #expect(result.stderr == "error: weather for 1 of 30 places could not be fetched (service error: 1)\n")
        let requests = await stub.log.count
        // One request, then halves down to the bad place: 2 per level, log2(30) < 5 levels.
        #expect(requests <= 1 + 2 * 5, "\(requests) requests")
        await stub.stop()
    }

    /// An answer whose location_ids are reversed once gave each place another's weather,
    /// exit 0: an entry is the answer for the place whose id it carries only if it is
    /// where that place is. The middle place keeps its own entry and its weather.
    @Test func entriesWithOtherPlacesIDsAreRefused() async throws {
        let stub = try await StubWeatherService.start(faults: [3: .whole { objects in
            var all = objects
            for index in all.indices { all[index]["location_id"] = all.count - 1 - index }
            return all
        }])
        var cli = CLI()
        cli.environment = stub.environment
        try Self.fivePlaces(cli)
        let result = try await cli.run("list", "--format", "json", "--timeout", "30")
        #expect(result.status == 2, "\(result.stderr)")
        let items = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["locations"] as? [[String: Any]])
        for item in items {
            let error = item["error"] as? [String: Any]
            if item["name"] as? String == "P3" {
                #expect(error == nil && item["weather"] != nil, "\(item)")
            } else {
                #expect(error?["kind"] as? String == "badResponse" && item["weather"] == nil, "\(item)")
                #expect((error?["message"] as? String)?.contains("km away") == true, "\(String(describing: error))")
            }
        }
        #expect(result.stderr == "error: weather for 4 of 5 places could not be fetched (bad answer: 4)\n")
        await stub.stop()
    }

    /// An HTTP 500 with a 7 MB reason, for 20 places, once took 12 s wall, 18 s
    /// of CPU and 176 MB: of an error only its first few KB are read, so the
    /// retries and the halving that finds the place cost little.
    @Test func aHugeErrorCostsLittle() async throws {
        let reason = #"{"error":true,"reason":""# + String(repeating: "x", count: 7 << 20) + #""}"#
        let stub = try await StubWeatherService.start(faults: [13: .answer(status: 500, body: reason)])
        var cli = CLI()
        cli.environment = stub.environment
        try Self.places(cli, count: 20)
        let result = try await cli.run(["list", "--format", "json", "--timeout", "120"])
        // What only a few KB are read of is ServiceLimitsTests' to show; here, the outcome, and no
        // runaway, counted in requests (never timed: a loaded machine is slow): one batch, then
        // halves down to the bad place (2 a level, log2(20) < 5 levels), each 5xx tried at most 3 times.
        #expect(result.stderr == "error: weather for 1 of 20 places could not be fetched (service error: 1)\n")
        let requests = await stub.log.count  // weather requests (the air's are kept apart)
        #expect(requests <= 3 * (1 + 2 * 5), "\(requests) requests")
        Self.expectClean(result, "7 MB reason")
        await stub.stop()
    }

    /// Bodies that echo the request (key included) never show the key.
    @Test(arguments: [401, 500, 200]) func theKeyNeverShows(status: Int) async throws {
        let fault: StubWeatherService.Fault = status == 200
            ? .answer(status: 200, body: #"{"cod":401,"message":"Invalid API key stub-key-1234 for /data/2.5/weather?appid=stub-key-1234"}"#)
            : .echoRequest(status: status)
        let stub = try await StubWeatherService.start(faults: [3: fault])
        var cli = CLI()
        cli.environment = stub.environment
        cli.environment["OPENWEATHER_API_KEY"] = stub.apiKey
        try Self.fivePlaces(cli)
        for arguments in [["list", "--provider", "openweathermap", "--format", "json"], ["list", "--provider", "openweathermap"],
                          ["show", "P3", "--provider", "openweathermap"], ["show", "P3", "--provider", "openweathermap", "--format", "json"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains(stub.apiKey) && !result.stderr.contains(stub.apiKey), "\(arguments)")
            #expect(result.stdout.contains("[redacted]"), "\(arguments): the message is kept, the key is not")
            Self.expectClean(result, "\(arguments)")
        }
        let expected = status == 500 ? "provider" : "unauthorized"
        let json = try await cli.run(["list", "--provider", "openweathermap", "--format", "json", "--refresh"])
        #expect(json.stdout.contains("\"kind\" : \"\(expected)\""))
        await stub.stop()
    }

    /// Escape sequences and paths in what geocoding says never reach the
    /// terminal or the database.
    @Test func geocodingTextIsCleanedBeforeItIsStored() async throws {
        let hostile = #"{"results":[{"id":1e300,"name":"Bad","latitude":1,"longitude":2},{"id":7777777,"name":"\u001b]0;pwned\u0007Evil\u001b[31mville\u202e","latitude":48.85,"longitude":2.35,"country_code":"F\u001bR","country":"\u001b[2JFrance","admin1":"\u001b]8;;http://x\u0007Île","timezone":"../../../etc/passwd","population":-5}]}"#
        let stub = try await StubWeatherService.start(geocoding: hostile)
        var cli = CLI()
        cli.environment = stub.environment
        let added = try await cli.run("add", "Evilvillezz", "--pick", "1")
        #expect(added.status == 0, "\(added.stderr)")
        Self.expectClean(added, "add")
        let list = try await cli.run("list", "--offline", "--format", "json")
        let place = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["locations"] as? [[String: Any]]).first
        #expect(place?["canonicalName"] as? String == "]0;pwnedEvil[31mville", "control characters dropped, the printable rest kept")
        #expect(place?["timezone"] as? String == "Europe/Paris", "not a path: the nearest city's zone instead")
        #expect(place?["country"] as? String == "FR", "not the service's text: the boundaries' country at 48.85, 2.35")
        #expect((place?["region"] as? String)?.unicodeScalars.contains { SafeText.isUnsafe($0) } == false)
        let queue = try DatabaseQueue(path: cli.database)
        let stored = try await queue.read { db in
            try String.fetchAll(db, sql: "SELECT display_name || canonical_name || country_code || admin1 || time_zone FROM place")
        }
        #expect(stored.count == 1 && stored.allSatisfy { !$0.unicodeScalars.contains { SafeText.isUnsafe($0) } }, "nothing unsafe was stored")
        await stub.stop()
    }
}

/// Lets a JSON value (Any) ride in a Sendable closure; it is only ever read.
struct UncheckedBox: @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value }
}
