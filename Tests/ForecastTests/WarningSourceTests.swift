import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// An instant written as the services write them ("2024-07-18T12:47:00-07:00").
func instant(_ text: String) -> Date { SourceAnswers.instant(text)! }

/// A recorded answer's JSON with one change made to it (a warning built from a
/// recorded one, never made up whole), back as the body a service sends.
func edited(_ name: String, _ change: (inout [String: Any]) -> Void) -> Data {
    var json = Fixture.json(name) as! [String: Any]
    change(&json)
    return try! JSONSerialization.data(withJSONObject: json)
}

/// The features of a GeoJSON answer, for editing.
func features(_ json: [String: Any]) -> [[String: Any]] { json["features"] as! [[String: Any]] }

/// Each warning source read from its real recorded answer (Fixtures/SOURCES.md),
/// at the moment it was recorded: levels, instants with their offsets, what
/// updates and cancels, and what a source's answer may not hold.
@Suite struct WarningSourceTests {
    // MARK: MET Norway, MetAlerts 2.0

    /// The recording's own moment (its `lastChange`).
    let metRecorded = instant("2025-06-04T18:38:08+00:00")

    @Test func metAlertsRecordedAnswerIsThreeYellowGaleWarnings() throws {
        let warnings = try MetAlerts.warnings(Fixture.data("metno_metalerts_current_3_marine_gale_alerts_2025.json"), now: metRecorded).get()
        #expect(warnings.count == 3)
        #expect(warnings.map(\.area) == ["Måløy - Svinøy", "Bulandet - Måløy", "Fedje - Bulandet"])
        #expect(warnings.allSatisfy { $0.event == "Kuling" && $0.source == "met-alerts" && $0.issuer == "MET Norway" })
        // "2; yellow; Moderate": the colour is the level, on forecast's scale (yellow is its first step).
        #expect(warnings.allSatisfy { $0.level == .minor && $0.severity == "Moderate" })
        #expect(warnings.map(\.certainty) == ["Observed", "Likely", "Observed"])
        // `when.interval`, with its +00:00 offsets, is when the weather begins and ends.
        #expect(warnings[0].onset == instant("2025-06-03T17:00:00Z") && warnings[0].ends == instant("2025-06-05T18:00:00Z"))
        #expect(warnings[2].onset == instant("2025-06-03T03:00:00Z") && warnings[2].ends == instant("2025-06-05T09:00:00Z"))
        // Its type "Update" is MET's word for a current warning, not a message that replaces another.
        #expect(warnings.allSatisfy { $0.message == .alert && $0.references.isEmpty })
        #expect(warnings[0].id == "2.49.0.1.578.0.20250604171130.040")
        #expect(warnings[0].url?.hasPrefix("https://www.met.no/") == true)
        // Consequences, then what to do; the recording's trailing spaces are gone.
        let instruction = try #require(warnings[0].instruction)
        #expect(instruction.split(separator: "\n").count == 2 && !instruction.hasSuffix(" "))
        #expect(warnings[0].headline?.hasPrefix("Kuling, gult nivå, Måløy - Svinøy") == true)
        // All three are in force when recorded, at the same level: the earliest first (two begin together: by id).
        let current = Warnings.current(warnings, now: metRecorded)
        #expect(current.map(\.area) == ["Fedje - Bulandet", "Bulandet - Måløy", "Måløy - Svinøy"])
    }

    /// Each colour of the awareness scale is a level; green is no warning at all.
    @Test(arguments: [
        ("2; yellow; Moderate", WarningLevel?.some(.minor)), ("3; orange; Severe", .moderate), ("4; red; Extreme", .severe),
        ("1; green; Minor", nil),
    ])
    func metAlertsColourIsTheLevel(awareness: String, level: WarningLevel?) throws {
        let body = edited("metno_metalerts_current_3_marine_gale_alerts_2025.json") { json in
            json["features"] = features(json).map { feature in
                var feature = feature
                var properties = feature["properties"] as! [String: Any]
                properties["awareness_level"] = awareness
                feature["properties"] = properties
                return feature
            }
        }
        let warnings = try MetAlerts.warnings(body, now: metRecorded).get()
        #expect(warnings.map(\.level) == (level.map { Array(repeating: $0, count: 3) } ?? []))
    }

    @Test func metAlertsCancelIsNeverShown() throws {
        let body = edited("metno_metalerts_current_3_marine_gale_alerts_2025.json") { json in
            var list = features(json)
            var properties = list[0]["properties"] as! [String: Any]
            properties["type"] = "Cancel"
            list[0]["properties"] = properties
            json["features"] = list
        }
        let warnings = try MetAlerts.warnings(body, now: metRecorded).get()
        #expect(warnings.map(\.message) == [.cancel, .alert, .alert])
        #expect(Warnings.current(warnings, now: metRecorded).map(\.area) == ["Fedje - Bulandet", "Bulandet - Måløy"])
    }

    // MARK: US National Weather Service, alerts/active

    /// The Phoenix recording's own moment (its `updated`).
    let phoenixRecorded = instant("2024-07-18T19:50:06+00:00")

    @Test func nwsPhoenixRecordedAnswer() throws {
        let warnings = try NWSAlerts.warnings(Fixture.data("nws_alerts_point_phoenix_2_alerts_2024.json"), now: phoenixRecorded).get()
        #expect(warnings.count == 2, "both features have a null geometry, which is not read")
        let heat = try #require(warnings.first { $0.event == "Excessive Heat Warning" })
        #expect(heat.level == .severe && heat.severity == "Severe" && heat.certainty == "Likely" && heat.urgency == "Expected")
        // Times with -07:00 offsets are instants: 12:47 MST is 19:47 UTC.
        #expect(heat.sent == instant("2024-07-18T19:47:00Z"))
        #expect(heat.onset == instant("2024-07-19T17:00:00Z") && heat.ends == instant("2024-07-21T03:00:00Z"))
        // Its message expires before the heat begins; the warning is over when the heat ends.
        #expect(heat.expires! < heat.onset! && heat.over == heat.ends)
        #expect(heat.message == .update && heat.references == ["urn:oid:2.49.0.1.840.0.2852349b8f25500975c692db29cb2f047ff20a7c.004.2"])
        #expect(heat.issuer == "NWS Phoenix AZ" && heat.url?.hasPrefix("https://api.weather.gov/alerts/urn:oid:") == true)
        // "Unknown" severity is still a warning, at the lowest level; no end: over when the message expires.
        let air = try #require(warnings.first { $0.event == "Air Quality Alert" })
        #expect(air.level == .unknown && air.severity == "Unknown" && air.certainty == "Unknown")
        #expect(air.ends == nil && air.over == instant("2024-07-20T04:00:00Z") && air.instruction == nil)
        #expect(air.message == .alert && air.references.isEmpty)
        // The warning first: severe before minor.
        #expect(Warnings.current(warnings, now: phoenixRecorded).map(\.event) == ["Excessive Heat Warning", "Air Quality Alert"])
        #expect(Warnings.leadingLevel(warnings, now: phoenixRecorded) == WarningLevel.severe.rawValue)
    }

    /// An update replaces the messages it references: the earlier message it
    /// names (built from the recorded one: its id and time from the reference) is gone.
    @Test func nwsUpdateReplacesTheMessagesItReferences() throws {
        let recorded = try NWSAlerts.warnings(Fixture.data("nws_alerts_point_minneapolis_update_2024.json"), now: instant("2024-01-12T20:06:13Z")).get()
        let update = try #require(recorded.first)
        #expect(update.event == "Winter Weather Advisory" && update.level == .moderate && update.message == .update)
        #expect(update.references.count == 2)
        #expect(update.sent == instant("2024-01-12T20:05:00Z") && update.over == instant("2024-01-13T12:00:00Z"))
        // The description's hard line breaks at ~70 columns are kept as lines.
        #expect((update.description?.split(separator: "\n").count ?? 0) > 1)
        var earlier = update
        earlier.id = update.references[0]
        earlier.message = .alert
        earlier.references = []
        earlier.sent = instant("2024-01-12T16:10:00Z")
        earlier.ends = instant("2024-01-13T06:00:00Z")
        let current = Warnings.current([earlier, update], now: instant("2024-01-12T21:00:00Z"))
        #expect(current.map(\.id) == [update.id])
    }

    @Test func nwsEmptyAnswerIsAllClear() throws {
        #expect(try NWSAlerts.warnings(Fixture.data("nws_alerts_point_empty_2024.json"), now: instant("2024-01-08T19:49:08Z")).get().isEmpty)
    }

    /// The service refuses a request without a User-Agent (403): forecast always sends one, naming a contact.
    @Test func nwsRequestsCarryAUserAgentAndFourDecimals() throws {
        let service = NWSAlerts(baseURL: URL(string: "http://nws.test")!, userAgent: Project.userAgent(contact: "me@example.com"))
        let phoenix = PlaceQuery(id: 1, coordinate: try Coordinate(latitude: 33.25, longitude: -112.300_004), timeZone: "America/Phoenix")
        let request = try #require(service.requests(for: [phoenix], detail: .summary).first)
        #expect(request.url.absoluteString == "http://nws.test/alerts/active?point=33.25,-112.3")
        #expect(request.headers["User-Agent"]?.contains("me@example.com") == true && request.headers["Accept"] == "application/geo+json")
        let forbidden = RecordedSources.answer(request.url, headers: [:], now: Date())
        #expect(forbidden?.status == 403 && service.reason(in: forbidden!.body)?.contains("User-Agent") == true)
    }

    // MARK: OpenWeatherMap One Call alerts

    @Test func oneCallAlertsComeInTwoLanguagesAndNoLevelOfTheirOwn() throws {
        let moscowRecorded = Date(timeIntervalSince1970: 1_665_996_478)
        let moscow = try OpenWeatherMapAlerts.warnings(Fixture.data("owm_onecall25_moscow_2_alerts_2022.json"), now: moscowRecorded).get()
        // The same warning, sent once in English (no description) and once in Russian:
        // shown once, in English, with the Russian copy's description as the agency wrote it.
        #expect(moscow.map(\.event) == ["Wind"])
        #expect(moscow.map(\.onset) == [instant("2022-10-16T18:00:00Z")] && moscow.map(\.ends) == [instant("2022-10-17T18:00:00Z")])
        #expect(moscow.allSatisfy { $0.issuer == nil && $0.level == .minor })
        #expect(moscow.first?.description == "местами порывы до17 м/с")

        let oryolRecorded = Date(timeIntervalSince1970: 1_645_005_349)
        let oryol = try OpenWeatherMapAlerts.warnings(Fixture.data("owm_onecall25_oryol_8_alerts_2022.json"), now: oryolRecorded).get()
        #expect(oryol.count == 4, "four warnings, each sent in two languages")
        // "Extreme temperature value" is the kind of weather its tags name, not how severe it is.
        let freezing = try #require(oryol.first { $0.event == "Freezing rain, icing" })
        #expect(freezing.level == .minor)
        // Fog had begun when recorded; the wind had not: both are in force (not over).
        let current = Warnings.current(oryol, now: oryolRecorded)
        #expect(current.count == 4 && current.first?.event == "Fog", "all minor: the earliest first")
    }

    /// A level from an agency's own words, where it says one.
    @Test(arguments: [
        ("Red warning for wind", WarningLevel.severe), ("Orange Thunderstorm warning", .moderate), ("Yellow rain", .minor),
        ("Gale Warning", .moderate), ("Small Craft Advisory", .minor), ("강풍경보", .moderate), ("강풍주의보", .minor),
        // "Extreme" names the weather, not the level ("Extreme Heat Warning" is an ordinary warning).
        ("Extreme Wind Warning", .moderate),
    ])
    func oneCallLevelFromTheEvent(event: String, level: WarningLevel) {
        #expect(OpenWeatherMapAlerts.level(event: event, tags: ["Extreme temperature value"]) == level)
    }

    @Test func oneCallIsAskedForItsAlertsOnlyWithTheKeyInTheUsersLanguage() throws {
        let service = OpenWeatherMapAlerts(apiKey: "k-123456", baseURL: URL(string: "http://owm.test")!, language: .ko)
        let seoul = PlaceQuery(id: 1, coordinate: try Coordinate(latitude: 37.566, longitude: 126.9784), timeZone: "Asia/Seoul")
        let url = try #require(service.requests(for: [seoul], detail: .summary).first?.url)
        let items = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(url.path == "/data/3.0/onecall" && items["exclude"] == "current,minutely,hourly,daily")
        #expect(items["lang"] == "kr" && items["appid"] == "k-123456" && service.secrets == ["k-123456"])
        let refused = try #require(RecordedSources.answer(url, headers: [:], now: Date(), key: "another"))
        #expect(refused.status == 401)
    }

    // MARK: What no answer may hold

    /// A body that is not the service's answer is not "all clear": MetAlerts
    /// and NWS without `features`, One Call without its place.
    @Test func anAnswerWithoutItsListIsNotAllClear() throws {
        let now = metRecorded
        let weather = Fixture.data("openmeteo_current_plus_daily_london_2026.json")
        #expect(throws: WeatherError.self) { try MetAlerts.warnings(weather, now: now).get() }
        #expect(throws: WeatherError.self) { try NWSAlerts.warnings(weather, now: now).get() }
        #expect(throws: WeatherError.self) { try OpenWeatherMapAlerts.warnings(Data("{}".utf8), now: now).get() }
        // One Call without `alerts` is its all clear.
        let clear = edited("owm_onecall25_moscow_2_alerts_2022.json") { $0["alerts"] = nil }
        #expect(try OpenWeatherMapAlerts.warnings(clear, now: now).get().isEmpty)
    }

    @Test func moreThanFiftyWarningsAreRefused() throws {
        let body = edited("nws_alerts_point_phoenix_2_alerts_2024.json") { json in
            let one = features(json)[0]
            json["features"] = (0..<51).map { index in
                var feature = one
                var properties = feature["properties"] as! [String: Any]
                properties["id"] = "copy-\(index)"
                feature["properties"] = properties
                return feature
            }
        }
        let error = try #require(throws: WeatherError.self) { try NWSAlerts.warnings(body, now: phoenixRecorded).get() }
        #expect(error.kind == .badResponse && error.detail == .invalid(.field("features"), .tooMany(51)))
        // Fifty are read.
        let fifty = edited("nws_alerts_point_phoenix_2_alerts_2024.json") { json in
            let one = features(json)[1]
            json["features"] = (0..<50).map { index in
                var feature = one
                var properties = feature["properties"] as! [String: Any]
                properties["id"] = "copy-\(index)"
                feature["properties"] = properties
                return feature
            }
        }
        #expect(try NWSAlerts.warnings(fifty, now: phoenixRecorded).get().count == 50)
    }

    /// Every text from a service is bounded and cleaned before it is kept.
    @Test func textsAreCutAndCleaned() throws {
        let long = String(repeating: "Heavy rain and strong wind expected. ", count: 200)  // 7,400 characters
        let body = edited("nws_alerts_point_phoenix_2_alerts_2024.json") { json in
            var list = features(json)
            var properties = list[0]["properties"] as! [String: Any]
            properties["description"] = long
            properties["event"] = "Excessive\u{1B}[2J Heat\u{202E} Warning\u{7}"
            properties["headline"] = "Heat\u{0}\r\nwarning\u{2066} until\u{85} Saturday"
            properties["areaDesc"] = "\u{202D}Phoenix\u{200F}"
            properties["@id"] = "javascript:alert(1)"
            list[0]["properties"] = properties
            json["features"] = list
        }
        let heat = try #require(try NWSAlerts.warnings(body, now: phoenixRecorded).get().first)
        let description = try #require(heat.description)
        #expect(description.count == WeatherWarning.Limit.description && description.hasSuffix("…"))
        #expect(long.hasPrefix(String(description.dropLast())))
        #expect(heat.event == "Excessive[2J Heat Warning", "the escape character, the override and the bell are gone")
        #expect(heat.headline == "Heat warning until Saturday")
        #expect(heat.area == "Phoenix")
        #expect(heat.url == nil, "only http(s) links are kept")
        let texts = [heat.event, heat.headline, heat.description, heat.area].compactMap { $0 }.joined()
        #expect(!texts.unicodeScalars.contains { SafeText.isUnsafe($0) })
    }

    /// A warning with a time years away (or none left once cleaned) is no
    /// warning to drop quietly: the answer fails, so nothing reads as all clear.
    @Test func aWarningThatCannotBeKeptFailsTheAnswer() throws {
        let far = edited("metno_metalerts_current_3_marine_gale_alerts_2025.json") { json in
            var list = features(json)
            list[1]["when"] = ["interval": ["2025-06-03T03:00:00+00:00", "9999-12-31T23:00:00+00:00"]]
            json["features"] = list
        }
        let error = try #require(throws: WeatherError.self) { try MetAlerts.warnings(far, now: metRecorded).get() }
        #expect(error.detail == .invalid(.field("features[1]"), .notValid))

        let blank = edited("nws_alerts_point_phoenix_2_alerts_2024.json") { json in
            var list = features(json)
            var properties = list[1]["properties"] as! [String: Any]
            properties["event"] = "\u{1B}\u{202E}\u{7}"
            list[1]["properties"] = properties
            json["features"] = list
        }
        #expect(throws: WeatherError.self) { try NWSAlerts.warnings(blank, now: phoenixRecorded).get() }

        // A year on, One Call's recorded alerts are too far from now to be read at all.
        #expect(throws: WeatherError.self) {
            try OpenWeatherMapAlerts.warnings(Fixture.data("owm_onecall25_moscow_2_alerts_2022.json"), now: Date(timeIntervalSince1970: 1_665_996_478 + 400 * 86_400)).get()
        }
    }

    // MARK: Instants

    /// Every time in the recorded answers is read as ISO8601DateFormatter reads
    /// it (RFC 3339, with fractions), and what is not one is nil.
    @Test func instantsAreReadAsTheStandardFormatterReadsThem() throws {
        var texts = Set<String>()
        func collect(_ value: Any) {
            switch value {
            case let object as [String: Any]: object.values.forEach(collect)
            case let array as [Any]: array.forEach(collect)
            case let text as String where text.wholeMatch(of: /\d{4}-\d\d-\d\dT.*/) != nil: texts.insert(text)
            default: break
            }
        }
        for name in ["metno_metalerts_current_3_marine_gale_alerts_2025.json", "nws_alerts_point_phoenix_2_alerts_2024.json",
                     "nws_alerts_point_minneapolis_update_2024.json", "nws_alerts_point_empty_2024.json", "metno_nowcast_complete_trondheim_2023.json"] {
            collect(Fixture.json(name))
        }
        texts.formUnion(["2024-07-18T12:47:00.5-07:00", "2026-11-26T13:00:00.123456789Z", "2024-02-29T23:59:59+14:00", "1970-01-01T00:00:00Z"])
        #expect(texts.count > 40)
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for text in texts.sorted() {
            let expected = try #require(plain.date(from: text) ?? fractional.date(from: text), "\(text)")
            let read = try #require(SourceAnswers.instant(text), "\(text)")
            #expect(abs(read.timeIntervalSince(expected)) < 0.001, "\(text)")
        }
        #expect(SourceAnswers.instant(" 2024-07-18T12:47:00Z ") == instant("2024-07-18T12:47:00Z"), "spaces around are trimmed")
        for bad in ["2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-07-18T24:00:00Z", "2024-07-18T12:60:00Z", "2024-07-18T12:47:00",
                    "2024-07-18 12:47:00Z", "2024-07-18T12:47Z", "2024-07-18T12:47:00+0700", "2024-07-18T12:47:00.Z", "2024-7-18T12:47:00Z",
                    "2024-07-18T12:47:00Zjunk", "0000-01-01T00:00:00Z", "", "Tuesday", String(repeating: "9", count: 41)] {
            #expect(SourceAnswers.instant(bad) == nil, "\(bad)")
        }
    }

    // MARK: Warnings.current

    /// The rules that make what a user sees, on messages read from the recordings.
    @Test func currentShowsWhatIsInForceOnceMostSevereFirst() throws {
        let phoenix = try NWSAlerts.warnings(Fixture.data("nws_alerts_point_phoenix_2_alerts_2024.json"), now: phoenixRecorded).get()
        let heat = try #require(phoenix.first { $0.event == "Excessive Heat Warning" })
        let air = try #require(phoenix.first { $0.event == "Air Quality Alert" })

        // Over: never shown, whatever else it says.
        let afterAir = try #require(air.over).addingTimeInterval(1)
        #expect(Warnings.current([heat, air], now: afterAir).map(\.event) == ["Excessive Heat Warning"])
        #expect(Warnings.current([heat, air], now: try #require(heat.ends)).isEmpty, "over at its very end")

        // A cancellation removes what it references, and is never shown itself.
        var cancel = air
        cancel.id = "cancel-1"
        cancel.message = .cancel
        cancel.references = [air.id]
        cancel.sent = air.sent!.addingTimeInterval(3600)
        #expect(Warnings.current([heat, air, cancel], now: phoenixRecorded).map(\.event) == ["Excessive Heat Warning"])

        // An update replaces the one it references: only the newer shows.
        var update = air
        update.id = "update-1"
        update.message = .update
        update.references = [air.id]
        update.headline = "Air Quality Alert extended"
        update.sent = air.sent!.addingTimeInterval(1800)
        #expect(Warnings.current([air, update], now: phoenixRecorded).map(\.headline) == ["Air Quality Alert extended"])

        // The same warning twice (asked twice, the same id): once, the newer copy.
        var newer = air
        newer.sent = air.sent!.addingTimeInterval(60)
        newer.headline = "newer copy"
        #expect(Warnings.current([air, newer], now: phoenixRecorded).map(\.headline) == ["newer copy"])
        // The same event, times and area under another id (another request, another source): once.
        var other = air
        other.id = "another-id"
        other.source = "openweathermap-alerts"
        #expect(Warnings.current([air, other], now: phoenixRecorded).count == 1)

        // Most severe first, then the earliest.
        var extreme = air
        extreme.id = "extreme-1"
        extreme.event = "Extreme Wind Warning"
        extreme.level = .extreme
        extreme.onset = heat.onset!.addingTimeInterval(3600)
        let ordered = Warnings.current([air, heat, extreme], now: phoenixRecorded)
        #expect(ordered.map(\.level) == [.extreme, .severe, .unknown])
        #expect(Warnings.leadingLevel(ordered, now: phoenixRecorded) == 4 && Warnings.leadingLevel([], now: phoenixRecorded) == 0)
    }
}
