import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastViews
import Foundation

/// What `forecast browse` knows at a moment: a plain value the pure update
/// changes and the pure view draws. No I/O here: what the app must do in the
/// world (save a sort, fetch weather, remove a place) is returned as an
/// `Effect` for the driver to run through the same use cases as the commands.
package struct BrowseState: Sendable {
    package enum Screen: Equatable, Sendable {
        case list
        /// The detail of the place at this index of `places` (the apps' swipe pages through them).
        case detail(Int)
        case search
        /// A search candidate's weather, not saved: `a` adds it.
        case found
    }

    package var screen: Screen = .list
    /// The saved places in the order the list shows them.
    package var places: [Place] = []
    package var weather: [Int64: PlaceWeather] = [:] {
        didSet { weatherRevision &+= 1 }
    }
    /// Changes whenever `weather` does: what a drawing of the list may be kept by.
    package private(set) var weatherRevision = 0
    /// The full reports (hours, days) of places whose detail was opened (the last `detailsKept`).
    package var details: [Int64: PlaceWeather] = [:]
    /// The place whose full report is being fetched, if any.
    package var detailFetching: Int64?
    package var detailOrder: [Int64] = []
    package static let detailsKept = 32
    /// Units, sort and the rest as the database keeps them.
    package var settings = Settings()
    /// The selected row of the list.
    package var selected = 0
    /// The detail's scroll, in lines.
    package var scroll = 0
    /// A removal asked for and not yet confirmed with `y`.
    package var confirmingRemoval: Int64?
    /// The help over the current screen, and how far it is scrolled (a short window).
    package var showsHelp = false
    package var helpScroll = 0
    /// A warning's whole text, open over the screen (`w`).
    package var reading: Reading?
    package var quitting = false
    package var search = SearchState()
    /// The candidate opened from the search, and its weather once it arrived.
    package var found: Found?
    package var status = Status()
    /// The clock as of the last event: ages and local times are read from it.
    package var now = Date(timeIntervalSince1970: 0)
    /// Whose weather it is (for the credit line).
    package var source: SourceItem?
    /// `--offline`: nothing is fetched, so a page without weather says how to fetch it, not that it is coming.
    package var offline = false
    /// Where the page is: the hours' strip scrolled to, the day selected (the days have the focus: `Tab`).
    package var page = PageLayout.Position()
    /// A day's hours open over the page (`Enter` on a day), by its index among the page's days, and their scroll.
    package var openDay: Int?
    package var dayScroll = 0
    /// The units menu (`U`), open on this row.
    package var unitsMenu: UnitsMenuRow?
    /// The last removal, which `z` undoes until the next change.
    package var undo: Place?
    /// A place to select once the list is read again (the one `z` put back).
    package var selectAfterReload: Int64?
    /// What a click on a row of the last frame means (the driver sets it after each frame).
    package var clickTargets: [Int: ClickTarget] = [:]

    package enum ClickTarget: Equatable, Sendable {
        /// A row of the list: the place at this index.
        case place(Int)
        /// A row of the page's days: the day at this index.
        case day(Int)
    }

    package var sort: PlaceSort {
        get { settings.sort }
        set { settings.sort = newValue }
    }

    package var unit: TemperatureUnit {
        get { settings.temperatureUnit }
        set { settings.temperatureUnit = newValue }
    }

    package init(places: [Place] = [], sort: PlaceSort = PlaceSort(key: .custom), unit: TemperatureUnit = .celsius) {
        self.places = places
        settings.sort = sort
        settings.temperatureUnit = unit
    }

    /// What was typed on the search screen and what it found.
    package struct SearchState: Sendable {
        package var query = ""
        package var candidates: [City] = []
        package var selected = 0
        /// The candidates came from the online geocoder (the gazetteer had none).
        package var online = false
        /// The online geocoder is being asked.
        package var asking = false
        /// Why the last online lookup found nothing or failed.
        package var problem: String?
        /// The nearest name the gazetteer knows, when nothing matched.
        package var suggestion: String?
        /// The user moved the selection: Enter opens what they chose.
        package var chose = false
        /// The online geocoder was asked for this query (whatever it answered).
        package var askedOnline = false
    }

    package struct Found: Sendable {
        package var city: City
        package var weather: PlaceWeather?
        /// Saved since it was opened: `a` says so instead of adding again.
        package var savedAs: Place?
    }

    /// Which warning `w` opened, and how far its text is scrolled.
    package struct Reading: Equatable, Sendable {
        /// The saved place whose warnings these are; nil: the candidate's (the `found` screen).
        package var placeID: Int64?
        /// Which of its warnings, in the order they are shown (most severe first).
        package var index = 0
        package var scroll = 0

        package init(placeID: Int64?, index: Int = 0, scroll: Int = 0) {
            self.placeID = placeID
            self.index = index
            self.scroll = scroll
        }
    }

    /// What the status line says besides the keys.
    package struct Status: Sendable {
        /// A fetch in progress: places answered of all.
        package var fetching: (done: Int, total: Int)?
        /// The last thing that went wrong or was done, in the catalog's words.
        package var message: Message?
    }

    package enum Message: Sendable {
        /// A write failed (worded already: the store's error); nothing changed.
        case writeFailed(String)
        case added(Place)
        case alreadySaved(Place)
        case removed(Place)
        /// The last refresh: these failed, of so many places.
        case failed([WeatherError], of: Int)
        /// The weather arrived but could not be kept (worded already).
        case weatherNotKept(String)
        /// K or J on a sorted list: your own order is shown first, unchanged.
        case ownOrderShown
        /// The database file was replaced or deleted under the app (worded already): what is shown now is the file there.
        case databaseReplaced(String)
        /// A removal `z` can undo.
        case removedUndoable(Place)
        /// `z` put it back.
        case restored(Place)
    }

    /// The place the detail shows.
    package var detailPlace: Place? {
        guard case .detail(let index) = screen, places.indices.contains(index) else { return nil }
        return places[index]
    }

    /// Whose warnings `w` would open on this screen: the selected place's on
    /// the list, the page's on a detail (`.some(nil)`: the candidate's on the
    /// `found` screen); nil where there is no place.
    package var warningsPlace: Int64?? {
        switch screen {
        case .list: places.indices.contains(selected) ? .some(places[selected].id) : nil
        case .detail: detailPlace.map { .some($0.id) }
        case .found: found == nil ? nil : .some(nil)
        case .search: nil
        }
    }

    /// The weather whose warnings are shown for a saved place (nil: the
    /// candidate's): of its page's and its row's, the one whose warnings were checked last.
    package func warningWeather(of id: Int64?) -> PlaceWeather? {
        guard let id else { return found?.weather }
        let checked = { (weather: PlaceWeather) -> Date in
            switch weather.warnings {
            case .checked(_, let at, _): at
            case .failed(_, _, let at?): at
            default: .distantPast
            }
        }
        switch (details[id], weather[id]) {
        case let (page?, row?): return checked(row) > checked(page) ? row : page
        case let (page, row): return page ?? row
        }
    }

    /// The warnings in force at a saved place (nil: the candidate), most severe first.
    package func warnings(of id: Int64?) -> [WeatherWarning] {
        warningWeather(of: id)?.warnings.inForce(at: now) ?? []
    }
}

/// A key as the driver reads it.
package enum Key: Equatable, Sendable {
    case up, down, left, right, enter, escape, backspace, pageUp, pageDown, home, end
    /// Tab and Shift-Tab: the next and the previous warning, in the warning view.
    case tab, backTab
    /// Ctrl-U: the search's text cleared.
    case clearLine
    /// Text pasted (bracketed paste): typed into the search, ignored elsewhere.
    case paste(String)
    /// The markers around a paste, as the decoder reads them (never reach the update).
    case pasteStart, pasteEnd
    case character(Character)
    case interrupt
    /// The mouse (SGR reporting): the wheel, and a click on a row.
    case wheelUp, wheelDown
    case click(row: Int, column: Int)
}

/// Everything that can happen to the app: a key, or the world answering an effect.
package enum BrowseEvent: Sendable {
    case key(Key)
    /// The saved list as the database has it now (after a write, or at the start).
    case reloaded(settings: Settings, places: [Place])
    case fetchProgress(done: Int, total: Int)
    /// Reports that just arrived, before the refresh is over (its air comes with the whole answer).
    case arrived([Int64: WeatherReport])
    /// Weather for these places (the whole refresh's answer).
    case weather([Int64: PlaceWeather], notSaved: String?)
    /// A write failed; the list is reloaded as the database has it.
    case writeFailed(String)
    /// What the gazetteer (or once, the geocoder) found for a query.
    /// What a search found; with none, the nearest name the gazetteer knows ("seoull": Seoul).
    case candidates(query: String, [City], online: Bool, suggestion: String? = nil)
    case lookupFailed(query: String, String)
    case foundWeather(PlaceWeather)
    /// A detail's full report (from the cache at once, then fetched when due).
    /// (`fetched`: the answer of the fetch `detailFetching` announced.)
    case detailWeather(Int64, PlaceWeather, fetched: Bool = false)
    /// A detail's full report is being fetched: its page says so until it arrives.
    case detailFetching(Int64)
    case added(Place, alreadySaved: Bool)
    case removed(Place)
    /// `z` put the place removed last back (its weather is fetched again).
    case restored(Place)
    /// The clock moved on (a minute passed): ages change, weather may be due.
    case tick(Date)
    /// The database file was replaced or deleted while open (`message`, worded): the list and
    /// cached weather of the file now at the path (empty when it could not be read).
    case databaseReplaced(message: String, settings: Settings, places: [Place], weather: [Int64: PlaceWeather])
}

/// What the app asks of the world; each is one use case of `SavedPlaces`.
package enum Effect: Equatable, Sendable {
    case setSort(PlaceSort)
    case setUnit(TemperatureUnit)
    /// Move the place one step in the user's own order (`by`: -1 up, +1 down).
    case move(Int64, by: Int)
    case remove(Int64)
    case recordViewed(Int64)
    /// Fetch what is due (`force`: everything, as `r` asks).
    case refresh(force: Bool)
    /// The offline gazetteer, on every key.
    case searchOffline(String)
    /// The online geocoder, once, on Enter when nothing offline matched.
    case searchOnline(String)
    /// The weather of a candidate, saved nowhere.
    case fetchFound(City)
    case add(City)
    /// `z`: the place removed last, back where it was in your own order.
    case restore(Place)
    case quit
}

/// The one place events change the state: pure, so every key of every screen is a test.
package enum Browse {
    /// The order `s` cycles through, as the issue lists it.
    static let sortCycle: [SortKey] = [.custom, .name, .temperature, .humidity]
    static let unitCycle: [TemperatureUnit] = [.celsius, .fahrenheit, .kelvin]
    /// Candidates the search shows at most.
    package static let candidateLimit = 30

    package static func update(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        update(&state, .key(key))
    }

    package static func update(_ state: inout BrowseState, _ event: BrowseEvent) -> [Effect] {
        switch event {
        case .key(let key):
            let effects = self.key(&state, key)
            // A change to the list ends what `z` could undo (a removal makes its own undo when it is done).
            if effects.contains(where: ends(undo:)) { state.undo = nil }
            return effects
        case .reloaded(let settings, let places):
            return reload(&state, settings: settings, places: places)
        case .fetchProgress(let done, let total):
            state.status.fetching = (done, total)
        case .arrived(let reports):
            for (id, report) in reports {
                var row = PlaceWeather(report: report, fetchedAt: state.now)
                // The warnings and the next hours come with the whole answer: until then, the row keeps the ones it had.
                if let old = state.weather[id] { row.keepSources(of: old) }
                state.weather[id] = row
            }
        case .weather(let weather, let notSaved):
            state.status.fetching = nil
            state.weather.merge(weather) { _, new in new }
            // The pages agree with the list: a page whose place's refresh failed says so; a fresh
            // answer since the page's takes back what an earlier failure said (the hours stay as old as they were).
            for (id, result) in weather {
                guard var page = state.details[id], page.report != nil else { continue }
                if let error = result.error {
                    page.error = error
                    page.stale = true
                } else if page.error != nil, !result.stale, (result.fetchedAt ?? .distantPast) > (page.fetchedAt ?? .distantPast) {
                    page.error = nil
                }
                state.details[id] = page
            }
            let failures = weather.values.compactMap(\.error)
            if let notSaved {
                state.status.message = .weatherNotKept(notSaved)
            } else if !failures.isEmpty {
                state.status.message = .failed(failures, of: weather.count)
            } else if case .failed = state.status.message {
                state.status.message = nil  // what failed before came this time
            }
        case .writeFailed(let reason):
            state.status.message = .writeFailed(reason)
        case .candidates(let query, let cities, let online, let suggestion):
            guard query == state.search.query else { return [] }  // a later key's answer is coming
            state.search.candidates = Array(cities.prefix(candidateLimit))
            state.search.suggestion = cities.isEmpty ? suggestion : nil
            state.search.selected = 0
            state.search.chose = false
            state.search.online = online
            state.search.asking = false
            state.search.problem = nil
        case .lookupFailed(let query, let reason):
            guard query == state.search.query else { return [] }
            state.search.asking = false
            state.search.problem = reason
        case .foundWeather(let weather):
            state.found?.weather = weather
        case .detailFetching(let id):
            state.detailFetching = id
        case .detailWeather(let id, let weather, let fetched):
            // A failed fetch keeps the report on screen, marked by its error.
            state.details[id] = weather
            if fetched, state.detailFetching == id { state.detailFetching = nil }
            // And the list agrees with the page: a page fetched since the row was is the row's weather too
            // (its summary: the list keeps no hours), and a page's failed fetch is the row's failure.
            if let report = weather.report, weather.error == nil {
                // A page read from the cache is no news of the service: a row's failure stays
                // until a fetch succeeds.
                let failed = state.weather[id]?.error != nil && !fetched
                if !failed, (weather.fetchedAt ?? .distantPast) >= (state.weather[id]?.fetchedAt ?? .distantPast) {
                    var row = PlaceWeather(
                        report: report.summary, fetchedAt: weather.fetchedAt, stale: weather.stale, airQualityError: weather.airQualityError)
                    // The row marks the warnings the page found (the list's ⚠ agrees with the page).
                    row.keepSources(of: weather)
                    state.weather[id] = row
                }
            } else if let error = weather.error {
                var row = state.weather[id] ?? PlaceWeather()
                row.error = error
                if row.report != nil { row.stale = true }
                state.weather[id] = row
            }
            // Full reports are kept for the pages seen last only: paging through thousands stays bounded.
            state.detailOrder.removeAll { $0 == id }
            state.detailOrder.append(id)
            while state.detailOrder.count > BrowseState.detailsKept {
                state.details[state.detailOrder.removeFirst()] = nil
            }
        case .added(let place, let alreadySaved):
            state.found?.savedAs = place
            state.status.message = alreadySaved ? .alreadySaved(place) : .added(place)
            if !alreadySaved { return [.refresh(force: false)] }  // its weather, for the list
        case .removed(let place):
            state.status.message = .removedUndoable(place)
            state.undo = place
            if state.reading?.placeID == place.id { state.reading = nil }
            state.weather[place.id] = nil
            state.details[place.id] = nil
        case .restored(let place):
            state.status.message = .restored(place)
            state.selectAfterReload = place.id
            return [.refresh(force: false)]
        case .tick(let now):
            state.now = now
            return [.refresh(force: false)]
        case .databaseReplaced(let message, let settings, let places, let weather):
            // Nothing of the old file stays: its ids mean other places (or none) in the new one.
            state.places = []
            state.weather = weather
            state.details = [:]
            state.detailOrder = []
            state.confirmingRemoval = nil
            state.reading = nil
            state.found?.savedAs = nil
            if case .detail = state.screen { state.screen = .list }
            state.selected = 0
            _ = reload(&state, settings: settings, places: places)
            state.status.message = .databaseReplaced(message)
            return [.refresh(force: false)]
        }
        return []
    }

    /// The list as the database has it, keeping the selected place selected
    /// (and the detail on its place) wherever the new order puts it.
    static func reload(_ state: inout BrowseState, settings: Settings, places: [Place]) -> [Effect] {
        let selectedID = state.places.indices.contains(state.selected) ? state.places[state.selected].id : nil
        let detailID = state.detailPlace?.id
        state.settings = settings
        state.places = places
        let wanted = state.selectAfterReload.flatMap { id in places.firstIndex { $0.id == id } }
        if wanted != nil { state.selectAfterReload = nil }
        state.selected = wanted ?? selectedID.flatMap { id in places.firstIndex { $0.id == id } } ?? min(state.selected, max(0, places.count - 1))
        if case .detail = state.screen {
            if let detailID, let index = places.firstIndex(where: { $0.id == detailID }) {
                state.screen = .detail(index)
            } else {
                state.screen = .list
            }
        }
        if let id = state.confirmingRemoval, !places.contains(where: { $0.id == id }) { state.confirmingRemoval = nil }
        if let id = state.reading?.placeID, !places.contains(where: { $0.id == id }) { state.reading = nil }
        // A candidate just added is a saved place now: its page in the list, remembered as viewed.
        if state.screen == .found, let saved = state.found?.savedAs, let index = places.firstIndex(where: { $0.id == saved.id }) {
            state.screen = .detail(index)
            state.selected = index
            return [.recordViewed(saved.id)]
        }
        return []
    }

    static func key(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        let typing = state.screen == .search && !state.showsHelp
        // In a warning's text q closes it, as Esc does; from its help, q quits as everywhere.
        let closes = state.reading != nil && !state.showsHelp
        if key == .interrupt || (key == .character("q") && !typing && !closes) {
            state.quitting = true
            return [.quit]
        }
        if state.showsHelp {
            // ↑ and ↓ scroll it where the window is short; any other key closes it (as it says), and does nothing else.
            switch key {
            case .up, .character("k"), .wheelUp: state.helpScroll = max(0, state.helpScroll - 1)
            case .down, .character("j"), .wheelDown: state.helpScroll += 1
            case .pageUp: state.helpScroll = max(0, state.helpScroll - 10)
            case .pageDown, .character(" "): state.helpScroll += 10
            default: state.showsHelp = false
            }
            return []
        }
        if key == .character("?") && !typing {
            state.showsHelp = true
            state.helpScroll = 0
            return []
        }
        if state.reading != nil { return reading(&state, key) }
        if state.unitsMenu != nil { return unitsMenu(&state, key) }
        if state.openDay != nil { return dayHours(&state, key) }
        if let id = state.confirmingRemoval {
            state.confirmingRemoval = nil
            return key == .character("y") ? [.remove(id)] : []
        }
        // What the status line said has been seen: the next key clears it. `z` undoes the last
        // removal until the next change; any other key that changes something ends that.
        if key == .character("z"), let place = state.undo, !typing {
            state.undo = nil
            state.status.message = nil
            return [.restore(place)]
        }
        state.status.message = nil
        if key == .character("U"), !typing {
            state.unitsMenu = .temperature
            return []
        }
        switch state.screen {
        case .list: return list(&state, key)
        case .detail(let index): return detail(&state, key, index)
        case .search: return search(&state, key)
        case .found: return found(&state, key)
        }
    }

    static func nextUnit(_ state: inout BrowseState) -> [Effect] {
        state.unit = unitCycle[((unitCycle.firstIndex(of: state.unit) ?? 0) + 1) % unitCycle.count]
        return [.setUnit(state.unit)]
    }

    static func list(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        let count = state.places.count
        let last = max(0, count - 1)
        switch key {
        case .up, .character("k"): state.selected = max(0, state.selected - 1)
        case .down, .character("j"): state.selected = min(last, state.selected + 1)
        case .pageUp: state.selected = max(0, state.selected - 10)
        case .pageDown: state.selected = min(last, state.selected + 10)
        case .home, .character("g"): state.selected = 0
        case .end, .character("G"): state.selected = last
        case .enter, .right, .character("l"):
            guard state.places.indices.contains(state.selected) else { return [] }
            state.screen = .detail(state.selected)
            state.scroll = 0
            state.page = PageLayout.Position()
            return [.recordViewed(state.places[state.selected].id)]
        case .character("s"):
            let next = sortCycle[((sortCycle.firstIndex(of: state.sort.key) ?? 0) + 1) % sortCycle.count]
            state.sort = PlaceSort(key: next, descending: false)
            return [.setSort(state.sort)]
        case .character("S"):
            guard state.sort.key != .custom else { return [] }  // the user's own order has no direction
            state.sort.descending.toggle()
            return [.setSort(state.sort)]
        case .character("u"): return nextUnit(&state)
        case .character("K"), .character("J"):
            guard state.sort.key == .custom else {
                // Moving happens in your own order: it is shown first (unchanged), and the next K or J moves.
                state.sort = PlaceSort(key: .custom)
                state.status.message = .ownOrderShown
                return [.setSort(state.sort)]
            }
            let step = key == .character("K") ? -1 : 1
            let target = state.selected + step
            guard state.places.indices.contains(state.selected), state.places.indices.contains(target) else { return [] }
            let id = state.places[state.selected].id
            state.places.swapAt(state.selected, target)
            state.selected = target
            return [.move(id, by: step)]
        case .character("d"):
            guard state.places.indices.contains(state.selected) else { return [] }
            state.confirmingRemoval = state.places[state.selected].id
        case .wheelUp: state.selected = max(0, state.selected - 3)
        case .wheelDown: state.selected = min(last, state.selected + 3)
        case .click(let row, _):
            guard case .place(let index)? = state.clickTargets[row], state.places.indices.contains(index) else { return [] }
            state.selected = index
            state.screen = .detail(index)
            state.scroll = 0
            state.page = PageLayout.Position()
            return [.recordViewed(state.places[index].id)]
        case .character("w"): return openWarning(&state)
        case .character("r"): return [.refresh(force: true)]
        case .character("/"): return openSearch(&state)
        default: break
        }
        return []
    }

    /// `w`: the first warning's whole text, over the screen, when the place has any.
    static func openWarning(_ state: inout BrowseState) -> [Effect] {
        guard let place = state.warningsPlace, !state.warnings(of: place).isEmpty else { return [] }
        // On a page, the warning its banner shows first (the most severe one under way).
        let index = state.screen == .list ? 0 : BrowseView.page(for: state)?.banner.index ?? 0
        state.reading = BrowseState.Reading(placeID: place, index: index)
        return []
    }

    /// Keys in a warning's text: scroll it, step to the place's other warnings
    /// (wrapping around, as pages do), close it.
    static func reading(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        guard var reading = state.reading else { return [] }
        let count = state.warnings(of: reading.placeID).count
        switch key {
        case .escape, .backspace, .character("q"), .character("w"):
            state.reading = nil
            return []
        case .left, .character("h"), .backTab, .right, .character("l"), .tab:
            guard count > 1 else { return [] }
            let step = [.left, .character("h"), .backTab].contains(key) ? -1 : 1
            reading.index = ((min(reading.index, count - 1) + step) % count + count) % count
            reading.scroll = 0
        case .up, .character("k"): reading.scroll = max(0, reading.scroll - 1)
        case .down, .character("j"): reading.scroll += 1
        case .pageUp: reading.scroll = max(0, reading.scroll - 10)
        case .pageDown: reading.scroll += 10
        case .home, .character("g"): reading.scroll = 0
        case .end, .character("G"): reading.scroll = Int.max / 2  // the view stops it at the last line
        case .character("r"): return [.refresh(force: true)]
        default: break
        }
        state.reading = reading
        return []
    }

    static func openSearch(_ state: inout BrowseState) -> [Effect] {
        state.screen = .search
        state.search = BrowseState.SearchState()
        return []
    }

    static func search(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        switch key {
        case .escape:
            state.screen = .list
            return []
        case .up:
            state.search.selected = max(0, state.search.selected - 1)
            state.search.chose = true
        case .down:
            state.search.selected = min(max(0, state.search.candidates.count - 1), state.search.selected + 1)
            state.search.chose = true
        case .backspace:
            guard !state.search.query.isEmpty else { return [] }
            state.search.query.removeLast()
            return typed(&state)
        case .clearLine:
            guard !state.search.query.isEmpty else { return [] }
            state.search.query = ""
            return typed(&state)
        case .character(let character):
            // What can be typed into a name; control characters are not.
            guard SafeText.printable(String(character)) == String(character), state.search.query.count < 100 else { return [] }
            state.search.query.append(character)
            return typed(&state)
        case .paste(let text):
            let room = 100 - state.search.query.count
            guard room > 0 else { return [] }
            state.search.query += String(SafeText.printable(text).prefix(room))
            return typed(&state)
        case .enter:
            let query = state.search.query.trimmingCharacters(in: .whitespaces)
            // No built-in city is called what was typed (Måløy: Maloyaroslavets only starts so): the online
            // geocoder is asked first, as `add` and `search` ask it, unless the user chose a candidate.
            let key = SearchKey.fold(query)
            let named = state.search.candidates.contains { city in
                ([city.name] + city.names.values).contains { SearchKey.fold($0) == key }
            }
            if !named, !state.search.chose, !query.isEmpty, !state.search.asking, !state.search.askedOnline, state.search.problem == nil {
                state.search.asking = true
                state.search.askedOnline = true
                return [.searchOnline(query)]
            }
            if state.search.candidates.indices.contains(state.search.selected) {
                let city = state.search.candidates[state.search.selected]
                if let index = state.places.firstIndex(where: { $0.geonamesID == city.geonamesID }) {
                    // Saved already: its own page, not an unsaved copy.
                    state.screen = .detail(index)
                    state.selected = index
                    state.scroll = 0
                    return [.recordViewed(state.places[index].id)]
                }
                state.found = BrowseState.Found(city: city)
                state.screen = .found
                state.scroll = 0
                state.page = PageLayout.Position()
                return [.fetchFound(city)]
            }
            // Nothing offline: the online geocoder, once for this query.
            guard !query.isEmpty, !state.search.asking, !state.search.online, !state.search.askedOnline, state.search.problem == nil else { return [] }
            state.search.asking = true
            state.search.askedOnline = true
            return [.searchOnline(query)]
        default: break
        }
        return []
    }

    /// The query changed: the offline candidates go (a stale list is never
    /// shown against a new query) and the gazetteer is asked again.
    static func typed(_ state: inout BrowseState) -> [Effect] {
        state.search.candidates = []
        state.search.selected = 0
        state.search.online = false
        state.search.asking = false
        state.search.askedOnline = false
        state.search.chose = false
        state.search.problem = nil
        let query = state.search.query.trimmingCharacters(in: .whitespaces)
        return query.isEmpty ? [] : [.searchOffline(query)]
    }

    static func found(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        switch key {
        case .escape, .backspace, .left: state.screen = .search
        case .up, .character("k"), .wheelUp: state.scroll = max(0, state.scroll - (key == .wheelUp ? 3 : 1))
        case .down, .character("j"), .wheelDown: state.scroll += key == .wheelDown ? 3 : 1
        case .pageUp: state.scroll = max(0, state.scroll - 10)
        case .pageDown, .character(" "): state.scroll += 10
        case .home, .character("g"): state.scroll = 0
        case .end, .character("G"): state.scroll = Int.max / 2
        case .character("["), .character("<"): state.page.stripOffset = max(0, state.page.stripOffset - stripStep)
        case .character("]"), .character(">"): state.page.stripOffset = min(stripCells - 1, state.page.stripOffset + stripStep)
        case .character("a"):
            guard let found = state.found else { return [] }
            if let place = found.savedAs {
                state.status.message = .alreadySaved(place)
                return []
            }
            return [.add(found.city)]
        case .character("u"): return nextUnit(&state)
        case .character("w"): return openWarning(&state)
        default: break
        }
        return []
    }
}

extension PlaceWeather {
    /// Takes the warnings and the next hours of `other` (a row rebuilt from a
    /// report keeps what its sources said).
    mutating func keepSources(of other: PlaceWeather) {
        warnings = other.warnings
        nextHours = other.nextHours
        nextHoursAt = other.nextHoursAt
        nextHoursError = other.nextHoursError
    }
}
