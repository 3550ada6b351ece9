import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// No part of an API key of any use ever reaches a message, however the
/// service writes it back and wherever a message is cut.
@Suite struct KeyRedactionTests {
    static let hexKey = "0123456789abcdef0123456789abcdef"
    /// A key with every character a URL treats specially.
    static let oddKey = "ab+cd/ef=gh+ij/kl=mn+op/qr=st+uv"

    /// Every run of 8 characters of `key`, as written, percent-encoded (either
    /// case) or form-decoded: none may show.
    static func pieces(of key: String) -> [String] {
        let encoded = PercentEncoding.query(key)
        let forms = [key, encoded, encoded.lowercased(), key.replacingOccurrences(of: "+", with: " ")]
        return forms.flatMap { form in
            let characters = Array(form)
            return (0...(characters.count - 8)).map { String(characters[$0..<$0 + 8]) }
        }
    }

    static func expectNoPiece(of key: String, in text: String, _ context: String = "") {
        let shown = pieces(of: key).filter { text.contains($0) }
        #expect(shown.isEmpty, "\(context): \(shown) in \(text)")
    }

    /// Forms the attack found leaking: every byte percent-encoded (either case, or
    /// twice), a newline, tab or zero-width character inside the key, full-width
    /// letters, upper case, and the key without its first characters.
    @Test(arguments: [hexKey, oddKey])
    func unforeseenFormsHideTheWholeText(key: String) {
        let allEncoded = key.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        let characters = Array(key)
        let head = String(characters[0..<7]), rest = String(characters[7...])
        let fullWidth = String(String.UnicodeScalarView(key.unicodeScalars.map { scalar -> Unicode.Scalar in
            (0x21...0x7E).contains(scalar.value) ? (Unicode.Scalar(scalar.value + 0xFEE0) ?? scalar) : scalar
        }))
        var forms: [String] = [allEncoded, allEncoded.lowercased(), allEncoded.replacingOccurrences(of: "%", with: "%25")]
        forms += [head + "\n" + rest, head + "\t" + rest]
        forms += [characters.map(String.init).joined(separator: "\u{200B}"), characters.map(String.init).joined(separator: "\u{00AD}")]
        forms += [fullWidth, key.uppercased(), String(key.dropFirst()), String(key.dropFirst(12)), String(characters[10..<20])]
        for form in forms {
            let text = "Invalid API key " + form + " (see docs)"
            #expect(SafeText.redact(text, secrets: [key]) == SafeText.redactionMarker, "\(form)")
        }
        // Text that quotes no part of the key is left as it was.
        #expect(SafeText.redact("Invalid API key; see https://openweathermap.org/faq", secrets: [key]) == "Invalid API key; see https://openweathermap.org/faq")
    }

    @Test(arguments: [hexKey, oddKey])
    func everyFormIsRedacted(key: String) {
        let encoded = PercentEncoding.query(key)
        for form in [key, encoded, encoded.lowercased(), key.replacingOccurrences(of: "+", with: " ")] {
            let text = SafeText.redact("before appid=\(form)&lang=en after", secrets: [key])
            #expect(text == "before appid=[redacted]&lang=en after", "\(form)")
        }
        // Escaped here and there, in mixed case.
        let mixed = "ab%2bcd/ef%3Dgh+ij%2fkl=mn%2Bop/qr=st+uv"
        #expect(SafeText.redact("k=\(mixed)", secrets: [Self.oddKey]) == "k=[redacted]")
    }

    @Test func aKeysStartIsRedactedWhereverTheTextEnds() {
        // The service cut the key short itself.
        let text = "appid=" + Self.hexKey.prefix(23) + "…"
        #expect(SafeText.redact(text, secrets: [Self.hexKey]) == "appid=[redacted]…")
        // Not even part of it: four of its letters and digits in a row hide the whole text.
        #expect(SafeText.redact("id 0123456 here", secrets: [Self.hexKey]) == SafeText.redactionMarker)
        #expect(SafeText.redact("id 012 here", secrets: [Self.hexKey]) == "id 012 here")
        // Keys shorter than four characters cannot be told from the text: a text holding one is not shown.
        #expect(SafeText.redact("a b c", secrets: ["b"]) == SafeText.redactionMarker)
        #expect(SafeText.redact("a c", secrets: ["b"]) == "a c")
    }

    /// The issue's case: a message cut to length before redaction kept 23 of 32 characters.
    @Test(arguments: 80...130)
    func redactionComesBeforeTheCut(padding: Int) {
        let text = String(repeating: "x", count: padding) + " /data/2.5/weather?lat=3.5&lon=20&appid=" + Self.hexKey
        let cleaned = SafeText.clean(text, maxLength: 200, redacting: [Self.hexKey])
        Self.expectNoPiece(of: Self.hexKey, in: cleaned, "padding \(padding)")
        #expect(cleaned.count <= 200)
        // The marker is whole or gone, never cut.
        #expect(!cleaned.contains("[r") || cleaned.contains("[redacted]"), "\(cleaned)")
    }

    @Test func aCutNeverSplitsTheMarker() {
        for length in 1...12 {
            let text = String(repeating: "y", count: 190 + length) + Self.hexKey
            let cleaned = SafeText.clean(text, maxLength: 200, redacting: [Self.hexKey])
            #expect(cleaned.hasSuffix("…") && cleaned.count <= 200)
            let end = cleaned.dropLast()
            #expect(end.hasSuffix("[redacted]") || end.allSatisfy { $0 == "y" }, "\(cleaned)")
        }
    }

    /// Control characters between the key's pieces are dropped by the cleaning: the joined key goes too.
    @Test func aKeySplitByControlsIsRedacted() {
        let text = "key " + Self.oddKey.prefix(5) + "\u{1B}" + Self.oddKey.dropFirst(5)
        // Either the key alone or, when only the safety net saw it, the whole text.
        #expect(["key [redacted]", "[redacted]"].contains(SafeText.clean(text, redacting: [Self.oddKey])))
    }

    @Test func theKeyIsSentPercentEncoded() throws {
        let provider = OpenWeatherMapProvider(apiKey: Self.oddKey, baseURL: URL(string: "http://127.0.0.1:9")!)
        for url in provider.requests(for: [london], detail: .full).map(\.url) {
            let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
            #expect(query.hasSuffix("appid=ab%2Bcd%2Fef%3Dgh%2Bij%2Fkl%3Dmn%2Bop%2Fqr%3Dst%2Buv"), "\(query)")
        }
        #expect(PercentEncoding.query("Etc/GMT+9") == "Etc%2FGMT%2B9")
        #expect(PercentEncoding.query("한") == "%ED%95%9C")
    }

    /// The refresher's messages, from a status's reason and from a 200 body's
    /// `message`, in English (`message`) and as typed detail (what Korean uses).
    @Test(arguments: [hexKey, oddKey])
    func refresherMessagesNeverHoldAPieceOfTheKey(key: String) async {
        let padding = String(repeating: "x", count: 150)
        let reason = #"{"cod":401,"message":"\#(padding) appid=\#(key)"}"#
        let encoded = #"{"cod":401,"message":"\#(padding) appid=\#(PercentEncoding.query(key).lowercased())"}"#
        let client = ScriptedClient(answers: [
            "1": { _ in HTTPResponse(status: 401, body: Data(reason.utf8)) },
            "2": { _ in HTTPResponse(status: 200, body: Data(encoded.utf8)) },
        ])
        var options = RefreshOptions()
        options.budget = 3600
        let time = VirtualTime()
        let refresher = WeatherRefresher(
            provider: OpenWeatherMapProvider(apiKey: key, baseURL: URL(string: "http://127.0.0.1:9")!), client: client, options: options,
            sleeper: time.sleeper, clock: { january2026 }, budgetClock: time.clock)
        let results = await refresher.refresh([place(1, lat: 1), place(2, lat: 2)])
        for id in [Int64(1), 2] {
            guard case .failure(let error)? = results[id] else {
                Issue.record("place \(id): \(String(describing: results[id]))")
                continue
            }
            #expect(error.kind == .unauthorized)
            Self.expectNoPiece(of: key, in: error.message, "message \(id)")
            Self.expectNoPiece(of: key, in: String(describing: error.detail), "detail \(id)")
        }
    }

    /// The command line as main runs it (real HTTP client): the key with `+`, `/` and `=` reaches the service
    /// intact (the other places get their weather), and an echo of the request
    /// cut mid-key shows none of it, in English or Korean, table or JSON.
    @Test(arguments: [(hexKey, false), (oddKey, false), (oddKey, true)])
    func theBinaryNeverShowsAPieceOfTheKey(key: String, raw: Bool) async throws {
        let stub = try await StubWeatherService.start(faults: [3: .echoRequest(status: 401, padding: 100, raw: raw)], apiKey: key)
        var cli = CLI()
        cli.environment = stub.environment
        cli.environment["OPENWEATHER_API_KEY"] = key
        try HostileServiceTests.fivePlaces(cli)
        let json = try await cli.run(["list", "--provider", "openweathermap", "--format", "json"])
        #expect(json.status == 2, "\(json.stderr)")
        let items = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["locations"] as? [[String: Any]])
        for item in items {
            let error = item["error"] as? [String: Any]
            if item["name"] as? String == "P3" {
                #expect(error?["kind"] as? String == "unauthorized", "\(String(describing: error))")
                #expect((error?["message"] as? String)?.contains("xxxxx") == true, "the reason is kept, the key is not")
            } else {
                #expect(error == nil && item["weather"] != nil, "the key arrived as it is: \(String(describing: error))")
            }
        }
        let korean = try await cli.run(["show", "P3", "--provider", "openweathermap", "--lang", "ko", "--refresh"])
        for result in [json, korean] {
            Self.expectNoPiece(of: key, in: result.stdout + result.stderr, "raw \(raw)")
        }
        await stub.stop()
    }

    /// A key set in the wrong variable, or given to the wrong option, is never
    /// repeated by the error that refuses it, in either language or in JSON.
    @Test func aKeyInTheWrongPlaceIsNeverRepeated() async throws {
        let key = "abcd1234abcd1234abcd1234abcd1234"
        var cli = try InProcessCLI()
        cli.environment["OPENWEATHER_API_KEY"] = key
        #expect(await cli.run("add", "Seoul").status == 0)
        for variable in ["FORECAST_PROVIDER", "FORECAST_TTL_MINUTES", "FORECAST_CONCURRENCY", "FORECAST_LANG", "FORECAST_FORMAT", "FORECAST_OPEN_METEO_URL"] {
            var wrong = cli
            wrong.environment[variable] = key
            for arguments in [["list", "--refresh"], ["list", "--refresh", "--lang", "ko"], ["config"]] {
                let result = await wrong.run(arguments: arguments)
                #expect(result.status != 0 || arguments == ["config"], "\(variable) \(arguments)")
                #expect(!(result.stdout + result.stderr).contains("abcd1234"), "\(variable) \(arguments): \(result.stderr)")
            }
        }
        for option in [["list", "--provider", key], ["list", "--lang", key], ["show", "Seoul", "--format", key]] {
            let result = await cli.run(arguments: option)
            #expect(result.status == 64 && !(result.stdout + result.stderr).contains("abcd1234"), "\(option): \(result.stderr)")
        }
        var short = cli
        short.environment["FORECAST_TTL_MINUTES"] = "abc"
        #expect(await short.run("list").stderr.contains("'abc'"), "what cannot be a key is still shown")
    }

    /// A key of three characters, however written, hides the text that holds it (it was shown raw).
    @Test func aShortKeyHidesTheTextThatHoldsIt() {
        for text in ["bad request appid=abc key=abc", "Invalid API key ABC.", "a b c", "a-b-c", "x%61%62%63"] {
            #expect(SafeText.redact(text, secrets: ["abc"]) == SafeText.redactionMarker, "\(text)")
        }
        #expect(SafeText.redact("the service failed", secrets: ["abc"]) == "the service failed")
        #expect(SafeText.redact("key -+- here", secrets: ["-+-"]) == SafeText.redactionMarker)
    }
}
