import ForecastCore

/// What `forecast browse` knows at a moment: a plain value the pure update
/// changes and the pure view draws. No I/O here: what the app must do in the
/// world (save a sort, fetch weather, remove a place) is returned as an
/// `Effect` for the driver to run through the same use cases as the commands.
package struct BrowseState: Equatable, Sendable {
    package enum Screen: Equatable, Sendable {
        case list
        /// The detail of the place at this index of `places` (the apps' swipe pages through them).
        case detail(Int)
        case search
    }

    package var screen: Screen = .list
    /// The saved places in the order the list shows them.
    package var places: [Place] = []
    package var sort = PlaceSort(key: .custom)
    package var unit: TemperatureUnit = .celsius
    /// The selected row of the list.
    package var selected = 0
    /// The detail's scroll, in lines.
    package var scroll = 0
    /// A removal asked for and not yet confirmed with `y`.
    package var confirmingRemoval: Int64?
    /// The help over the current screen.
    package var showsHelp = false
    package var quitting = false

    package init(places: [Place] = [], sort: PlaceSort = PlaceSort(key: .custom), unit: TemperatureUnit = .celsius) {
        self.places = places
        self.sort = sort
        self.unit = unit
    }
}

/// A key as the driver reads it.
package enum Key: Equatable, Sendable {
    case up, down, left, right, enter, escape, backspace
    case character(Character)
    case interrupt
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
    case quit
}

/// The one place keys change the state: pure, so every key of every screen is a test.
package enum Browse {
    /// The order `s` cycles through, as the issue lists it.
    static let sortCycle: [SortKey] = [.custom, .name, .temperature, .humidity]
    static let unitCycle: [TemperatureUnit] = [.celsius, .fahrenheit, .kelvin]

    package static func update(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        if key == .interrupt || (key == .character("q") && state.screen != .search) {
            state.quitting = true
            return [.quit]
        }
        if state.showsHelp {
            // Any key closes the help; it does nothing else.
            state.showsHelp = false
            return []
        }
        if key == .character("?") && state.screen != .search {
            state.showsHelp = true
            return []
        }
        if let id = state.confirmingRemoval {
            state.confirmingRemoval = nil
            return key == .character("y") ? [.remove(id)] : []
        }
        switch state.screen {
        case .list: return list(&state, key)
        case .detail(let index): return detail(&state, key, index)
        case .search: return key == .escape ? { state.screen = .list; return [] }() : []
        }
    }

    static func list(_ state: inout BrowseState, _ key: Key) -> [Effect] {
        let count = state.places.count
        switch key {
        case .up, .character("k"): state.selected = max(0, state.selected - 1)
        case .down, .character("j"): state.selected = min(max(0, count - 1), state.selected + 1)
        case .enter, .right:
            guard state.places.indices.contains(state.selected) else { return [] }
            state.screen = .detail(state.selected)
            state.scroll = 0
            return [.recordViewed(state.places[state.selected].id)]
        case .character("s"):
            let next = sortCycle[((sortCycle.firstIndex(of: state.sort.key) ?? 0) + 1) % sortCycle.count]
            state.sort = PlaceSort(key: next, descending: false)
            return [.setSort(state.sort)]
        case .character("S"):
            guard state.sort.key != .custom else { return [] }  // the user's own order has no direction
            state.sort.descending.toggle()
            return [.setSort(state.sort)]
        case .character("u"):
            state.unit = unitCycle[((unitCycle.firstIndex(of: state.unit) ?? 0) + 1) % unitCycle.count]
            return [.setUnit(state.unit)]
        case .character("K"), .character("J"):
            let step = key == .character("K") ? -1 : 1
            let target = state.selected + step
            guard state.places.indices.contains(state.selected), state.places.indices.contains(target) else { return [] }
            let id = state.places[state.selected].id
            state.places.swapAt(state.selected, target)
            state.selected = target
            state.sort = PlaceSort(key: .custom)  // moving makes the order the user's own, as `forecast move` does
            return [.move(id, by: step)]
        case .character("d"):
            guard state.places.indices.contains(state.selected) else { return [] }
            state.confirmingRemoval = state.places[state.selected].id
        case .character("r"): return [.refresh(force: true)]
        case .character("/"): state.screen = .search
        default: break
        }
        return []
    }

    static func detail(_ state: inout BrowseState, _ key: Key, _ index: Int) -> [Effect] {
        let count = state.places.count
        guard count > 0 else { state.screen = .list; return [] }
        switch key {
        case .left, .character("h"), .right, .character("l"):
            let step = key == .left || key == .character("h") ? -1 : 1
            let next = PlaceOrdering.page(from: min(index, count - 1), step: step, count: count) ?? 0
            state.screen = .detail(next)
            state.selected = next
            state.scroll = 0
            return [.recordViewed(state.places[next].id)]
        case .up, .character("k"): state.scroll = max(0, state.scroll - 1)
        case .down, .character("j"): state.scroll += 1
        case .escape: state.screen = .list
        case .character("u"):
            state.unit = unitCycle[((unitCycle.firstIndex(of: state.unit) ?? 0) + 1) % unitCycle.count]
            return [.setUnit(state.unit)]
        case .character("r"): return [.refresh(force: true)]
        default: break
        }
        return []
    }
}
