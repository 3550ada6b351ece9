import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastViews
import Foundation

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

    /// The state after `event`, which happened at `now` (nil: the clock as it was, for a test of
    /// keys alone): what the world is to do is returned. The scroll of what is in front is kept
    /// within what the window draws, so that ↑ moves at once after End.
    package static func update(_ state: inout BrowseState, _ event: BrowseEvent, at now: Date? = nil) -> [Effect] {
        if let now { state.now = now }
        let effects = apply(&state, event)
        settle(&state)
        return effects
    }

    static func apply(_ state: inout BrowseState, _ event: BrowseEvent) -> [Effect] {
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
        case .written(let written, let failure):
            return self.written(&state, written, failure: failure)
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
            state.close { if case .reading(let reading) = $0 { reading.placeID == place.id } else { false } }
            state.weather[place.id] = nil
            state.details[place.id] = nil
        case .restored(let place):
            state.status.message = .restored(place)
            state.selectAfterReload = place.id
            return [.refresh(force: false)]
        case .tick(let now):
            state.now = now
            // Ages move on; offline, nothing is fetched.
            return state.offline ? [] : [.refresh(force: false)]
        case .resized(let window):
            state.window = window
        case .databaseReplaced(let message, let settings, let places, let weather):
            // Nothing of the old file stays: its ids mean other places (or none) in the new one.
            state.places = []
            state.weather = weather
            state.details = [:]
            state.detailOrder = []
            state.close {
                switch $0 {
                case .confirmingRemoval, .reading: true
                default: false
                }
            }
            state.found?.savedAs = nil
            if case .detail = state.screen { state.screen = .list }
            state.selected = 0
            let effects = reload(&state, settings: settings, places: places)
            state.status.message = .databaseReplaced(message)
            return effects + [.refresh(force: false)]
        }
        return []
    }

    /// The keys' writes are done: each removal, place put back, addition and the
    /// page viewed's cached report as its own event would say it; then what failed,
    /// or, when all went through, what failed before is no longer said.
    static func written(_ state: inout BrowseState, _ written: PlaceChanges.Written, failure: String?) -> [Effect] {
        var events = written.removed.map(BrowseEvent.removed) + written.restored.map(BrowseEvent.restored)
        for added in written.added {
            switch added {
            case .added(let place): events.append(.added(place, alreadySaved: false))
            case .alreadySaved(let place), .relabelled(_, let place): events.append(.added(place, alreadySaved: true))
            }
        }
        if let viewed = written.viewed, let weather = written.viewedWeather { events.append(.detailWeather(viewed.id, weather)) }
        var effects = events.flatMap { apply(&state, $0) }
        if let failure {
            effects += apply(&state, .writeFailed(failure))
        } else if case .writeFailed? = state.status.message {
            state.status.message = nil
        }
        return effects
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
        // A removal to confirm, or a warning open, of a place no longer in the list closes.
        state.close { open in
            switch open {
            case .confirmingRemoval(let id): !places.contains { $0.id == id }
            case .reading(let reading): reading.placeID.map { id in !places.contains { $0.id == id } } ?? false
            default: false
            }
        }
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
        let closes: Bool = if case .reading? = state.overlay { true } else { false }
        if key == .interrupt || (key == .character("q") && !typing && !closes) {
            state.quitting = true
            return [.quit]
        }
        // What is open takes the keys: the help first (it is over the rest), then the one thing under it.
        switch state.overlay {
        case .help(let scroll, let over)?:
            // ↑ and ↓ scroll it where the window is short; any other key closes it (as it says), and does nothing else.
            switch key {
            case .up, .character("k"), .wheelUp: state.overlay = .help(scroll: max(0, scroll - 1), over: over)
            case .down, .character("j"), .wheelDown: state.overlay = .help(scroll: scroll + 1, over: over)
            case .pageUp: state.overlay = .help(scroll: max(0, scroll - 10), over: over)
            case .pageDown, .character(" "): state.overlay = .help(scroll: scroll + 10, over: over)
            default: state.overlay = over
            }
            return []
        case _ where key == .character("?") && !typing:
            state.overlay = .help(scroll: 0, over: state.overlay)
            return []
        case .reading(let reading)?: return self.reading(&state, reading, key)
        case .unitsMenu(let row)?: return unitsMenu(&state, row, key)
        case .day(let day, let scroll)?: return dayHours(&state, day, scroll, key)
        case .confirmingRemoval(let id)?:
            state.overlay = nil
            return key == .character("y") ? [.remove(id)] : []
        case nil: break
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
            state.overlay = .unitsMenu(.temperature)
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
            state.overlay = .confirmingRemoval(state.places[state.selected].id)
        case .wheelUp: state.selected = max(0, state.selected - 3)
        case .wheelDown: state.selected = min(last, state.selected + 3)
        case .click(let row, _):
            guard case .place(let index)? = clickTarget(state, row: row), state.places.indices.contains(index) else { return [] }
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
        state.overlay = .reading(BrowseState.Reading(placeID: place, index: index))
        return []
    }

    /// Keys in a warning's text: scroll it, step to the place's other warnings
    /// (wrapping around, as pages do), close it.
    static func reading(_ state: inout BrowseState, _ open: BrowseState.Reading, _ key: Key) -> [Effect] {
        var reading = open
        let count = state.warnings(of: reading.placeID).count
        switch key {
        case .escape, .backspace, .character("q"), .character("w"):
            state.overlay = nil
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
        state.overlay = .reading(reading)
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
