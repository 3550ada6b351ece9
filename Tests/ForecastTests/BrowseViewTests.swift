import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastViews

/// `forecast browse`'s pure view: frames read as text grids, for every screen
/// at 60×20, 80×24 and 120×40, in English and Korean.
@Suite struct BrowseViewTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
    static let sizes = [(60, 20), (80, 24), (120, 40)]

    static func place(_ id: Int64, _ city: String) throws -> Place {
        let found = try #require(Gazetteer.bundled.search(city, limit: 1).first?.city)
        return Place(
            id: id, displayName: found.name, canonicalName: found.name, countryCode: found.countryCode, admin1: found.admin1,
            coordinate: found.coordinate, timeZone: found.timeZone, geonamesID: found.geonamesID, position: Int(id), addedAt: now)
    }

    static func report(_ temperature: Double) -> WeatherReport {
        let hours = (0..<48).map { (step: Int) -> HourlyForecast in
            let time: Date = now.addingTimeInterval(Double(step) * 3600)
            let warmth: Double = temperature + Double(step % 12)
            let rain: Double = Double(step * 2 % 100)
            let code: Int = step % 3 == 0 ? 61 : 2
            return HourlyForecast(
                time: time, temperature: warmth, precipitationProbability: rain, windSpeed: 3, windDirection: 200,
                condition: .wmo(code), isDay: true)
        }
        let days = (0..<7).map { day in
            DailyForecast(date: "2026-11-\(18 + day)", minimum: temperature - 3, maximum: temperature + 6, condition: .wmo(3), precipitationProbability: 40)
        }
        return WeatherReport(
            observedAt: now, utcOffsetSeconds: 32_400, timeZone: "Asia/Seoul",
            current: CurrentConditions(temperature: temperature, feelsLike: temperature - 2, humidity: 60, pressure: 1015, windSpeed: 3,
                                       windDirection: 200, condition: .wmo(0), isDay: true),
            hourly: hours, daily: days)
    }

    /// Seoul fresh, Busan's fetch failed (its last weather stale), Tokyo stale, London never fetched.
    static func state() throws -> BrowseState {
        var state = BrowseState(places: [try place(1, "Seoul"), try place(2, "Busan"), try place(3, "Tokyo"), try place(4, "London")])
        state.now = now
        state.weather = [
            1: PlaceWeather(report: report(4), fetchedAt: now.addingTimeInterval(-120)),
            2: PlaceWeather(report: report(9), fetchedAt: now.addingTimeInterval(-7200), stale: true,
                            error: WeatherError(.timeout, detail: .noAnswerInTime)),
            3: PlaceWeather(report: report(12), fetchedAt: now.addingTimeInterval(-3 * 3600), stale: true),
            4: PlaceWeather(),
        ]
        return state
    }

    func text(_ state: BrowseState, _ size: (Int, Int), _ language: Language, emoji: Bool = true) -> [String] {
        BrowseView.frame(state, width: size.0, height: size.1, words: language.words(.bundled), emoji: emoji).lines
    }

    @Test(arguments: [Language.en, .ko])
    func theListShowsEveryPlaceWithItsErrorOrStalenessAtEverySize(_ language: Language) throws {
        let words = language.words(.bundled)
        var state = try Self.state()
        state.selected = 1
        for size in Self.sizes {
            let lines = text(state, size, language)
            #expect(lines.count == size.1 && lines.allSatisfy { DisplayWidth.of($0) <= size.0 })
            #expect(lines[0].contains(words.browseListTitle(4, sort: state.sort, unit: "°C")))
            for place in state.places { #expect(lines.contains { $0.contains(words.name(place)) }, "\(words.name(place)) at \(size)") }
            let busan = try #require(lines.first { $0.contains(words.name(state.places[1])) })
            #expect(busan.hasPrefix("›"), "the selected row is marked, colour or not")
            if size.0 >= 80 {
                #expect(busan.contains(words.errorKind(.timeout)), "the failed place says why, at \(size)")
                #expect(lines.contains { $0.contains(words.name(state.places[2])) && $0.contains(words.stale(nil).prefix(4)) })
            }
            #expect(lines[size.1 - 1].contains(words.browseListKeys.prefix(10)))
            #expect(lines[size.1 - 2].contains(words.age(Self.now.addingTimeInterval(-3 * 3600), now: Self.now)), "the oldest weather's age")
        }
    }

    @Test(arguments: [Language.en, .ko])
    func theDetailPagesWithWrapAroundAndFitsEverySize(_ language: Language) throws {
        let words = language.words(.bundled)
        var state = try Self.state()
        _ = Browse.update(&state, .enter)
        _ = Browse.update(&state, .left)  // from the first to the last: London
        #expect(state.screen == .detail(3))
        _ = Browse.update(&state, .right)
        _ = Browse.update(&state, .right)  // Busan
        state.details[2] = state.weather[2]
        for size in Self.sizes {
            let lines = text(state, size, language)
            #expect(lines[0].hasSuffix("2 / 4 "), "the place's position, at \(size)")
            #expect(lines[1].contains(words.name(state.places[1])))
            // The page: the strip's heading and the days' at every size, the failed fetch said.
            #expect(lines.contains { $0.contains(words.pageHoursHeading) } && lines.contains { $0.contains(words.pageDaysHeading(7)) }, "at \(size)")
            let joined = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(joined.contains(words.errorKind(.timeout)), "the failed fetch is said, at \(size)")
        }
        // The page says how old its weather is, and that its last fetch failed.
        let top = text(state, (80, 24), language).joined(separator: "\n")
        let said = words.staleBecause(words.age(Self.now.addingTimeInterval(-7200), now: Self.now), WeatherError(.timeout, detail: .noAnswerInTime))
        #expect(top.contains(String(said.prefix(30))), "\(said) in \(top)")
        // Scrolling shows the cards at the smallest size, with a mark that more is above.
        for _ in 0..<200 { _ = Browse.update(&state, .down) }
        let bottom = text(state, (60, 20), language)
        #expect(bottom.contains { $0.contains(words.cardMoon) })
        #expect(bottom[1].hasSuffix("↑"))
        let limit = BrowseView.render(state, width: 60, height: 20, words: words, emoji: true).scrollLimit
        #expect(limit > 5 && limit < 200, "the driver stops the scroll at the last line")
        var atLimit = state
        atLimit.scroll = limit
        #expect(BrowseView.frame(atLimit, width: 60, height: 20, words: words, emoji: true) == BrowseView.frame(state, width: 60, height: 20, words: words, emoji: true),
                "past the limit the page shows its end, as at the limit")
    }

    @Test(arguments: [Language.en, .ko])
    func theSearchFiltersInHangulAndKeepsTheRegion(_ language: Language) throws {
        let words = language.words(.bundled)
        var state = try Self.state()
        _ = Browse.update(&state, .character("/"))
        var effects: [Effect] = []
        for character in "부산" { effects = Browse.update(&state, .character(character)) }
        #expect(effects == [.searchOffline("부산")])
        let found = Gazetteer.bundled.search("부산", limit: Browse.candidateLimit).map(\.city)
        _ = Browse.update(&state, .candidates(query: "부산", found, online: false))
        for size in Self.sizes {
            let lines = text(state, size, language)
            #expect(lines[1].contains(words.browseSearchPrompt + "부산"))
            let busan = try #require(lines.first { $0.hasPrefix("›") }, "at \(size)")
            #expect(busan.contains("부산") && busan.contains(words.gazetteer.regionName(country: "KR", code: found[0].admin1) ?? "?"))
        }
        // Springfields at 60 columns: the region tells them apart.
        state.search.query = "Springfield"
        _ = Browse.update(&state, .candidates(query: "Springfield", Gazetteer.bundled.search("Springfield", limit: 30).map(\.city), online: false))
        let rows = text(state, (60, 20), language).filter { $0.contains("Springfield") || $0.contains("스프링필드") }
        #expect(rows.count > 3 && Set(rows.map { $0.dropFirst(3) }).count == rows.count, "no two rows the same")
        // Enter opens the candidate unsaved; a adds it.
        #expect(Browse.update(&state, .enter) == [.fetchFound(state.search.candidates[0])] && state.screen == .found)
        let unsaved = text(state, (80, 24), language)
        #expect(unsaved[0].contains(words.browseNotSavedTitle) && unsaved[0].contains(words.browseAddHint))
        #expect(Browse.update(&state, .character("a")) == [.add(state.search.candidates[0])])
    }

    @Test func nothingOfflineAsksOnlineOnceOnEnter() throws {
        var state = try Self.state()
        _ = Browse.update(&state, .character("/"))
        for character in "Zzyzx" { _ = Browse.update(&state, .character(character)) }
        _ = Browse.update(&state, .candidates(query: "Zzyzx", [], online: false))
        #expect(text(state, (80, 24), .en).contains { $0.contains("Enter asks the online geocoder") })
        #expect(Browse.update(&state, .enter) == [.searchOnline("Zzyzx")])
        #expect(Browse.update(&state, .enter).isEmpty, "once, not again while it is asked")
        _ = Browse.update(&state, .lookupFailed(query: "Zzyzx", "no place called 'Zzyzx'"))
        #expect(Browse.update(&state, .enter).isEmpty && text(state, (80, 24), .en).contains { $0.contains("no place called") })
        #expect(Browse.update(&state, .character("q")) == [.searchOffline("Zzyzxq")], "q is typed, not quit")
    }

    /// The app's search keeps `add`'s rule (issue 38, item 1): a name no built-in city has
    /// (Måløy: Maloyaroslavets only starts so) is asked online on Enter before any candidate
    /// is opened; a candidate the user chose with the arrows opens; so does one after the answer.
    @Test func aNameNoCityHasIsAskedOnlineBeforeACandidateOpens() throws {
        var state = try Self.state()
        _ = Browse.update(&state, .character("/"))
        for character in "Måløy" { _ = Browse.update(&state, .character(character)) }
        let near = Gazetteer.bundled.search("Måløy", limit: Browse.candidateLimit).map(\.city)
        #expect(near.first?.name == "Maloyaroslavets")
        _ = Browse.update(&state, .candidates(query: "Måløy", near, online: false))
        #expect(Browse.update(&state, .enter) == [.searchOnline("Måløy")] && state.screen == .search, "asked, not opened")
        // The geocoder's Måløy comes first; Enter now opens it.
        let maloy = City(
            geonamesID: 3146125, name: "Måløy", countryCode: "NO", admin1: "46", coordinate: try Coordinate(latitude: 61.935, longitude: 5.114),
            population: 3286, timeZone: "Europe/Oslo")
        _ = Browse.update(&state, .candidates(query: "Måløy", [maloy] + near, online: true))
        #expect(Browse.update(&state, .enter) == [.fetchFound(maloy)])
        // Chosen with the arrows: opened as chosen.
        state.screen = .search
        for character in "x" { _ = Browse.update(&state, .character(character)) }
        _ = Browse.update(&state, .backspace)
        _ = Browse.update(&state, .candidates(query: "Måløy", near, online: false))
        _ = Browse.update(&state, .down)
        _ = Browse.update(&state, .up)
        #expect(Browse.update(&state, .enter) == [.fetchFound(near[0])])
    }

    /// A slip gets the nearest name, as the commands give it.
    @Test func nothingOfflineSuggestsTheNearestName() throws {
        var state = try Self.state()
        _ = Browse.update(&state, .character("/"))
        for character in "seoull" { _ = Browse.update(&state, .character(character)) }
        _ = Browse.update(&state, .candidates(query: "seoull", [], online: false, suggestion: "Seoul"))
        let english = text(state, (80, 24), .en).joined(separator: " ")
        #expect(english.contains("Did you mean 'Seoul'? Enter asks") && english.contains("Enter asks"), "\(english)")
        _ = Browse.update(&state, .candidates(query: "seoull", [], online: false, suggestion: "서울"))
        #expect(text(state, (80, 24), .ko).joined(separator: " ").contains("'seoull'과 맞는 장소가 없습니다. '서울'을 찾으셨나요?"))
        _ = Browse.update(&state, .character("x"))
        _ = Browse.update(&state, .candidates(query: "seoullx", [], online: false))
        #expect(!text(state, (80, 24), .en).joined(separator: " ").contains("Did you mean"), "a suggestion lasts for its query only")
    }

    /// The memo of the list's lines changes how often they are made, never a frame:
    /// the same frames with and without it, through selection, units, new weather, a new order and the clock.
    @Test func theListMemoNeverChangesAFrame() throws {
        var state = try Self.state()
        let memo = BrowseView.Memo()
        let words = Language.en.words(.bundled)
        func same(_ why: String) {
            let kept = BrowseView.frame(state, width: 100, height: 30, words: words, emoji: true, memo: memo)
            let fresh = BrowseView.frame(state, width: 100, height: 30, words: words, emoji: true)
            #expect(kept == fresh, "\(why)")
        }
        same("the first frame")
        _ = Browse.update(&state, .down)
        same("a new selection")
        _ = Browse.update(&state, .character("u"))
        same("new units")
        _ = Browse.update(&state, .arrived([4: Self.report(30)]))
        same("London's weather arrived")
        _ = Browse.update(&state, .reloaded(settings: state.settings, places: state.places.reversed()))
        same("a new order")
        state.now = state.now.addingTimeInterval(120)
        same("two minutes later")
    }

    @Test func anEmptyListOpensTheSearchWithAHintAndASmallWindowAsksForMore() throws {
        let listed = SavedPlaces.Listed(settings: Settings(), places: [], outcome: WeatherOutcome(weather: [:], cancelled: false, fetchedAny: false))
        let state = BrowseApp.opening(listed, opensList: false, now: Self.now)
        #expect(state.screen == .search)
        #expect(text(state, (60, 20), .ko).joined().contains("저장된 장소가 없습니다"))
        let small = text(try Self.state(), (59, 20), .en)
        #expect(small.joined(separator: " ").contains("forecast browse needs 60×20 or more"))
        #expect(text(try Self.state(), (80, 19), .ko).joined().contains("60×20"))
    }

    @Test func theAppOpensOnTheLastViewedPlaceUnlessAskedForTheList() throws {
        let places = try Self.state().places
        var settings = Settings()
        settings.lastViewedPlaceID = 3
        let listed = SavedPlaces.Listed(settings: settings, places: places, outcome: WeatherOutcome(weather: [:], cancelled: false, fetchedAny: false))
        #expect(BrowseApp.opening(listed, opensList: false, now: Self.now).screen == .detail(2))
        #expect(BrowseApp.opening(listed, opensList: true, now: Self.now).screen == .list)
        settings.lastViewedPlaceID = nil
        #expect(BrowseApp.opening(SavedPlaces.Listed(settings: settings, places: places, outcome: listed.outcome), opensList: false, now: Self.now).screen == .list)
    }

    @Test func theHelpAndTheRemovalPromptDrawOverTheScreen() throws {
        var state = try Self.state()
        _ = Browse.update(&state, .character("?"))
        for size in Self.sizes {
            let lines = text(state, size, .en)
            #expect(lines.contains { $0.contains("q or Ctrl-C quits; any other key closes this help.") }, "at \(size)")
            #expect(lines.contains { $0.contains("reverse the sort") })
        }
        _ = Browse.update(&state, .character("x"))
        _ = Browse.update(&state, .character("d"))
        #expect(text(state, (60, 20), .en)[18].contains("Remove Seoul? y removes it"))
        _ = Browse.update(&state, .character("n"))
        _ = Browse.update(&state, .writeFailed("attempt to write a readonly database"))
        #expect(text(state, (80, 24), .en)[22].contains("Not saved, nothing changed: attempt to write a readonly database"))
    }

    /// The help said "Any key closes this help" but `q` quit: the words say what the keys do, in
    /// both languages, and `q` quits from the help on every screen, the search's too.
    @Test(arguments: [Language.en, .ko]) func theHelpSaysWhatItsKeysDo(_ language: Language) throws {
        let words = language.words(.bundled)
        #expect(words.browseHelpClose.contains("q") && words.browseHelpClose.contains("Ctrl-C"))
        var state = try Self.state()
        _ = Browse.update(&state, .character("?"))
        _ = Browse.update(&state, .character("x"))
        #expect(!state.showsHelp && !state.quitting, "another key closes the help, and only that")
        _ = Browse.update(&state, .character("?"))
        #expect(Browse.update(&state, .character("q")) == [.quit] && state.quitting)
        // On a page reached from the search (where q is typed into the query), q still quits from the help.
        var searching = try Self.state()
        searching.screen = .search
        searching.overlay = .help(scroll: 0, over: nil)
        #expect(Browse.update(&searching, .character("q")) == [.quit])
    }

    /// A page whose weather was being fetched said "No weather cached yet; run
    /// without --offline to fetch it." (an unsaved place's, cut at 80 columns):
    /// it says that it is being fetched; only with --offline does it say how to fetch it.
    @Test(arguments: [Language.en, .ko]) func aPageBeingFetchedSaysSo(_ language: Language) throws {
        let words = language.words(.bundled)
        var state = try Self.state()
        state.screen = .detail(3)  // London: no weather yet
        for size in Self.sizes {
            let page = text(state, size, language).joined(separator: "\n")
            #expect(page.contains(words.fetchingItsWeather) && !page.contains(words.noWeatherCached), "at \(size): \(page)")
        }
        state.offline = true
        #expect(text(state, (80, 24), language).contains { $0.contains(words.noWeatherCached.prefix(20)) })
        // A search result, not saved: the same, whole at 80 columns.
        var found = try Self.state()
        found.screen = .found
        found.found = BrowseState.Found(city: try #require(Gazetteer.bundled.search("Osaka", limit: 1).first?.city))
        for size in Self.sizes {
            let page = text(found, size, language)
            #expect(page.contains { $0.contains(words.fetchingItsWeather) }, "at \(size): \(page)")
            #expect(!page.joined().contains("--offline"), "at \(size)")
        }
        // Its fetch failed: the page says why, and no longer that it is coming.
        _ = Browse.update(&found, .foundWeather(PlaceWeather(error: WeatherError(.network, "connection refused"))))
        let failed = text(found, (80, 24), language).joined(separator: "\n")
        #expect(failed.contains(words.noWeather(WeatherError(.network, "connection refused")).prefix(12)) && !failed.contains(words.fetchingItsWeather))
    }

    /// With the service down, London's row showed its cached 4 °C while its page
    /// showed only "No weather: network error"; and after a failed refresh the
    /// rows said why while the page said only "Updated 7 min ago". The page shows
    /// the weather there is, with why the rest is missing; list and page agree.
    @Test(arguments: [Language.en, .ko]) func thePageShowsTheWeatherThereIsAndAgreesWithTheList(_ language: Language) throws {
        let words = language.words(.bundled)
        let down = WeatherError(.network, "connection refused")
        var state = try Self.state()
        state.weather[1] = PlaceWeather(report: Self.report(4).summary, fetchedAt: Self.now.addingTimeInterval(-420), stale: true, error: down)
        _ = Browse.update(&state, .enter)  // Seoul's page
        _ = Browse.update(&state, .detailWeather(1, PlaceWeather(error: down)))  // no full report cached, and its fetch failed
        let format = WeatherFormat(state.settings, words: words, emoji: true)
        let page = text(state, (80, 24), language).joined(separator: "\n")
        #expect(page.contains(format.temperatureText(4)), "the summary's temperature: \(page)")
        #expect(page.contains(words.hoursAndDaysNotFetched), "why the rest is missing: \(page)")
        #expect(page.contains(String(words.staleBecause(words.age(Self.now.addingTimeInterval(-420), now: Self.now), down).prefix(20))))
        #expect(!page.contains(words.noWeather(down)), "not 'No weather' beside a row that shows the weather")

        // A page with its full report, then a refresh that failed: the page says so, as the row does.
        var fresh = try Self.state()
        _ = Browse.update(&fresh, .enter)
        _ = Browse.update(&fresh, .detailWeather(1, PlaceWeather(report: Self.report(4), fetchedAt: Self.now.addingTimeInterval(-420))))
        let before = text(fresh, (120, 40), language).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(before.contains(words.capitalised(words.age(Self.now.addingTimeInterval(-420), now: Self.now))), "\(before)")
        _ = Browse.update(&fresh, .weather([1: PlaceWeather(report: Self.report(4).summary, fetchedAt: Self.now.addingTimeInterval(-420), stale: true, error: down)], notSaved: nil))
        let after = text(fresh, (80, 24), language).joined(separator: "\n")
        #expect(after.contains(String(words.staleBecause(words.age(Self.now.addingTimeInterval(-420), now: Self.now), down).prefix(20))), "\(after)")
        // And the other way: a page's failed fetch is the row's failure too; a page fetched since is the row's weather.
        _ = Browse.update(&fresh, .detailWeather(2, PlaceWeather(error: down)))
        #expect(fresh.weather[2]?.error == down && fresh.weather[2]?.report != nil)
        _ = Browse.update(&fresh, .detailWeather(3, PlaceWeather(report: Self.report(20), fetchedAt: Self.now)))
        #expect(fresh.weather[3]?.report?.current.temperature == 20 && fresh.weather[3]?.report?.hourly.isEmpty == true, "the summary only")
    }

    /// A page showing a cached report says when the latest is on its way, until it arrives.
    @Test func aPageSaysItsLatestIsOnItsWay() throws {
        for language in [Language.en, .ko] {
            let words = language.words(.bundled)
            var state = try Self.state()
            _ = Browse.update(&state, .enter)
            _ = Browse.update(&state, .detailWeather(1, PlaceWeather(report: Self.report(4), fetchedAt: Self.now.addingTimeInterval(-900), stale: true)))
            #expect(!text(state, (80, 24), language).joined(separator: "\n").contains(words.fetchingTheLatest))
            _ = Browse.update(&state, .detailFetching(1))
            // The cache read that may come after the fetch began does not end it.
            _ = Browse.update(&state, .detailWeather(1, PlaceWeather(report: Self.report(4), fetchedAt: Self.now.addingTimeInterval(-900), stale: true)))
            #expect(text(state, (80, 24), language).joined(separator: "\n").contains(words.fetchingTheLatest), "\(language)")
            _ = Browse.update(&state, .detailWeather(1, PlaceWeather(report: Self.report(5), fetchedAt: Self.now), fetched: true))
            let done = text(state, (120, 40), language).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
            #expect(!done.contains(words.fetchingTheLatest) && done.contains(words.capitalised(words.age(Self.now, now: Self.now))), "\(done)")
        }
    }

    /// A page's long sentence wraps where the window ends instead of being cut
    /// ("cannot talk to 127.0.0.1" read "cannot talk to 1" at 80 columns).
    @Test func aPagesSentencesWrap() throws {
        let refused = WeatherError(.network, detail: .cannotConnect(server: "127.0.0.1"))
        for (size, language) in [((60, 20), Language.en), ((80, 24), .en), ((60, 20), .ko)] {
            var state = try Self.state()
            _ = Browse.update(&state, .enter)
            _ = Browse.update(&state, .detailWeather(1, PlaceWeather(report: Self.report(4), fetchedAt: Self.now.addingTimeInterval(-240), stale: true, error: refused)))
            let page = text(state, size, language)
            #expect(page.contains { $0.contains("127.0.0.1") }, "\(size) \(language): \(page.joined(separator: "\n"))")
        }
    }

    /// A refresh of the list that failed after the page's report was read is said on the page
    /// (it showed "Updated just now" beside a row saying the fetch failed).
    @Test func aFailedRefreshIsSaidOnAPageReadBefore() throws {
        let words = Language.en.words(.bundled)
        let refused = WeatherError(.network, detail: .cannotConnect(server: "127.0.0.1"))
        var state = try Self.state()
        // The list's refresh fails (r), then the page opens on its cached report.
        _ = Browse.update(&state, .weather([1: PlaceWeather(report: Self.report(4).summary, fetchedAt: Self.now, stale: true, error: refused)], notSaved: nil))
        _ = Browse.update(&state, .enter)
        _ = Browse.update(&state, .detailWeather(1, PlaceWeather(report: Self.report(4), fetchedAt: Self.now)))
        let page = text(state, (80, 24), .en).joined(separator: "\n")
        #expect(page.contains(String(words.staleBecause(words.age(Self.now, now: Self.now), refused).prefix(30))), "\(page)")
    }

    /// The hours' strip is as wide as the window: more hours in a wider one, and `]` scrolls it.
    @Test func theStripHoldsAsManyHoursAsTheWidth() throws {
        var state = try Self.state()
        _ = Browse.update(&state, .enter)
        state.details[1] = state.weather[1]
        let hoursRow = { (lines: [String]) in lines.first { $0.contains(" Now ") || $0.hasPrefix(" Now") } }
        let narrow = try #require(hoursRow(text(state, (60, 20), .en)))
        let wide = try #require(hoursRow(text(state, (120, 40), .en)))
        #expect(wide.split(separator: " ").count > narrow.split(separator: " ").count * 3 / 2, "\(narrow) / \(wide)")
        _ = Browse.update(&state, .character("]"))
        #expect(state.page.stripOffset == Browse.stripStep)
        #expect(hoursRow(text(state, (60, 20), .en)) == nil, "scrolled: Now is off the strip")
        _ = Browse.update(&state, .character("["))
        #expect(hoursRow(text(state, (60, 20), .en)) != nil)
    }

    /// The frame's cells line up whatever width the terminal gives an emoji,
    /// and the ASCII symbols (FORECAST_ASCII) leave no emoji at all.
    @Test func asciiSymbolsAndAlignedColumns() throws {
        let state = try Self.state()
        let ascii = text(state, (80, 24), .en, emoji: false)
        #expect(!ascii.joined().unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F })
        for emoji in [true, false] {
            let frame = BrowseView.frame(state, width: 80, height: 24, words: Language.en.words(.bundled), emoji: emoji)
            let header = try #require((0..<24).first { frame.lines[$0].contains("Temp") })
            let column = try #require(DisplayWidthColumn.of("Temp", in: frame, row: header))
            for row in (header + 1)...(header + 3) {
                #expect(frame[row, column + 3].text == "C", "the temperatures end under their header's end, row \(row), emoji \(emoji): \(frame.lines.joined(separator: "\n"))")
            }
        }
    }
}

/// Where a text starts in a frame's row, in cells.
enum DisplayWidthColumn {
    static func of(_ text: String, in frame: Frame, row: Int) -> Int? {
        let cells = (0..<frame.width).map { frame[row, $0].text }
        for start in 0..<frame.width {
            var matched = true
            for (offset, character) in text.enumerated() where start + offset >= frame.width || cells[start + offset] != String(character) {
                matched = false
                break
            }
            if matched { return start }
        }
        return nil
    }
}

/// Bytes from a terminal to keys.
@Suite struct KeyDecoderTests {
    @Test func arrowsPagesTextHangulAndControls() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~".utf8))
                == [.up, .down, .right, .left, .pageUp, .pageDown, .home, .end])
        #expect(decoder.keys(Array("j/부산\r\u{7F}\u{03}".utf8)) == [.character("j"), .character("/"), .character("부"), .character("산"), .enter, .backspace, .interrupt])
        #expect(decoder.keys([0x1B]) == [.escape], "Esc alone at the end of a read")
        #expect(decoder.keys(Array("\u{1B}[1;5A\u{1B}[2~x\u{01}".utf8)) == [.up, .character("x")], "modifiers, an unused key (Insert) and a control byte: nothing of them typed")
    }

    @Test func piecesCutBetweenReadsAreJoined() {
        var decoder = KeyDecoder()
        let busan = Array("부".utf8)
        #expect(decoder.keys(busan.prefix(2)).isEmpty)
        #expect(decoder.keys(busan.suffix(1)) == [.character("부")])
        #expect(decoder.keys(Array("\u{1B}[".utf8)).isEmpty, "a sequence cut after its introducer waits")
        #expect(decoder.keys(Array("B".utf8)) == [.down])
        // Invalid bytes and unknown sequences are skipped, never shown.
        #expect(decoder.keys([0xFF, 0xC0, 0x80, 0x41]) == [.character("A")])
        #expect(decoder.keys(Array("\u{1B}[99z".utf8)).isEmpty)
        // A lead byte without its continuation takes nothing with it.
        #expect(decoder.keys([0xC3, 0x71]) == [.character("q")])
        // A flood is read in bounded pieces.
        #expect(decoder.keys([UInt8](repeating: 0x61, count: 100_000)).count <= 4096)
    }
}

/// A paste is text for the search, never keys that run commands (a pasted
/// "I am ready" once removed a place: r, e, a, d, y).
@Suite struct PasteTests {
    @Test func aBracketedPasteIsOneTextAndOnlyTheSearchTakesIt() throws {
        var decoder = KeyDecoder()
        let keys = decoder.keys(Array("\u{1B}[200~I am ready\r\nto go\u{1B}[201~j".utf8))
        #expect(keys == [.paste("I am readyto go"), .character("j")])
        var state = try BrowseViewTests.state()
        let before = state.places.map(\.id)
        #expect(Browse.update(&state, .paste("dy")).isEmpty && state.confirmingRemoval == nil && state.places.map(\.id) == before)
        _ = Browse.update(&state, .character("/"))
        #expect(Browse.update(&state, .paste("sao paulo")) == [.searchOffline("sao paulo")])
        _ = Browse.update(&state, .paste(String(repeating: "x", count: 5000)))
        #expect(state.search.query.count == 100, "a query is at most 100 characters, pasted or typed")
        // Ctrl-C inside a paste still quits; a paste's size is bounded.
        #expect(decoder.keys(Array("\u{1B}[200~ab\u{03}".utf8)) == [.interrupt])
        let huge = decoder.keys(Array(String(repeating: "y", count: 3000).utf8) + Array("\u{1B}[201~".utf8))
        if case .paste(let text)? = huge.first { #expect(text.count <= 1000) } else { Issue.record("\(huge)") }
    }
}
