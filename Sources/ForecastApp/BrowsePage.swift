import ForecastCore
import ForecastKit
import ForecastViews
import Foundation

/// The keys of a place's page, of a day's hours open over it, and of the units menu.
extension Browse {
    /// How far `[` and `]` move the hours' strip.
    static let stripStep = 6
    /// The most a strip can hold: two days of hours and their suns' risings and settings.
    static let stripCells = PlacePage.stripHours + 6

    static func detail(_ state: inout BrowseState, _ key: Key, _ index: Int) -> [Effect] {
        let count = state.places.count
        guard count > 0 else { state.screen = .list; return [] }
        let days = BrowseView.page(for: state)?.days.count ?? 0
        // With the days in focus, ↑ and ↓ choose a day and Enter opens its hours.
        if let selected = state.page.selectedDay {
            switch key {
            case .up, .character("k"):
                state.page.selectedDay = max(0, min(selected, days - 1) - 1)
                return []
            case .down, .character("j"):
                state.page.selectedDay = max(0, min(days - 1, selected + 1))
                return []
            case .enter:
                guard days > 0 else { return [] }
                state.overlay = .day(min(selected, days - 1), scroll: 0)
                return []
            case .tab, .escape, .backTab:
                state.page.selectedDay = nil
                return []
            default: break
            }
        }
        switch key {
        case .left, .character("h"), .right, .character("l"):
            let step = key == .left || key == .character("h") ? -1 : 1
            let next = PlaceOrdering.page(from: min(index, count - 1), step: step, count: count) ?? 0
            state.screen = .detail(next)
            state.selected = next
            state.scroll = 0
            state.page = PageLayout.Position()
            return [.recordViewed(state.places[next].id)]
        case .tab, .backTab:
            if days > 0 { state.page.selectedDay = 0 }
        case .character("["), .character("<"): state.page.stripOffset = max(0, state.page.stripOffset - stripStep)
        case .character("]"), .character(">"): state.page.stripOffset = min(stripCells - 1, state.page.stripOffset + stripStep)
        case .up, .character("k"), .wheelUp: state.scroll = max(0, state.scroll - (key == .wheelUp ? 3 : 1))
        case .down, .character("j"), .wheelDown: state.scroll += key == .wheelDown ? 3 : 1
        case .pageUp: state.scroll = max(0, state.scroll - 10)
        case .pageDown, .character(" "): state.scroll += 10
        case .home, .character("g"): state.scroll = 0
        case .end, .character("G"): state.scroll = Int.max / 2  // the window stops it at the last line (`settle`)
        case .click(let row, _):
            guard case .day(let day)? = clickTarget(state, row: row) else { return [] }
            state.page.selectedDay = day
            state.overlay = .day(day, scroll: 0)
        case .escape, .backspace: state.screen = .list
        case .character("u"): return nextUnit(&state)
        case .character("w"): return openWarning(&state)
        case .character("r"): return [.refresh(force: true)]
        case .character("/"): return openSearch(&state)
        default: break
        }
        return []
    }

    /// A day's hours over the page: scroll them, step to the day before or after, close.
    static func dayHours(_ state: inout BrowseState, _ day: Int, _ scroll: Int, _ key: Key) -> [Effect] {
        let days = BrowseView.page(for: state)?.days.count ?? 0
        switch key {
        case .escape, .backspace, .enter, .character("q"):
            state.overlay = nil
        case .left, .character("h"), .right, .character("l"):
            let step = key == .left || key == .character("h") ? -1 : 1
            let next = max(0, min(days - 1, day + step))
            state.overlay = .day(next, scroll: 0)
            state.page.selectedDay = next
        case .up, .character("k"), .wheelUp: state.overlay = .day(day, scroll: max(0, scroll - 1))
        case .down, .character("j"), .wheelDown: state.overlay = .day(day, scroll: scroll + 1)
        case .pageUp: state.overlay = .day(day, scroll: max(0, scroll - 10))
        case .pageDown, .character(" "): state.overlay = .day(day, scroll: scroll + 10)
        case .home, .character("g"): state.overlay = .day(day, scroll: 0)
        case .end, .character("G"): state.overlay = .day(day, scroll: Int.max / 2)
        case .character("u"): return nextUnit(&state)
        default: break
        }
        return []
    }

    /// The units menu: ↑ and ↓ choose a unit, ← → and Enter change it (written at once), Esc closes.
    static func unitsMenu(_ state: inout BrowseState, _ row: UnitsMenuRow, _ key: Key) -> [Effect] {
        let rows = UnitsMenuRow.allCases
        switch key {
        case .escape, .character("U"), .backspace:
            state.overlay = nil
        case .up, .character("k"):
            state.overlay = .unitsMenu(rows[max(0, row.rawValue - 1)])
        case .down, .character("j"):
            state.overlay = .unitsMenu(rows[min(rows.count - 1, row.rawValue + 1)])
        case .left, .character("h"), .right, .character("l"), .enter, .character(" "):
            let step = key == .left || key == .character("h") ? -1 : 1
            change(&state.settings, row, by: step)
            return [.setUnit(state.unit)]
        default: break
        }
        return []
    }

    /// The next (or previous) value of one unit, round the values it has.
    static func change(_ settings: inout Settings, _ row: UnitsMenuRow, by step: Int) {
        func next<T: CaseIterable & Equatable>(_ value: T) -> T {
            let all = Array(T.allCases)
            let index = all.firstIndex(of: value) ?? 0
            return all[((index + step) % all.count + all.count) % all.count]
        }
        switch row {
        case .temperature: settings.temperatureUnit = next(settings.temperatureUnit)
        case .wind: settings.windUnit = next(settings.windUnit)
        case .precipitation: settings.measures.precipitation = next(settings.measures.precipitation)
        case .distance: settings.measures.distance = next(settings.measures.distance)
        case .pressure: settings.measures.pressure = next(settings.measures.pressure)
        case .clock: settings.measures.clock = next(settings.measures.clock)
        }
    }

    /// Whether an effect changes the list or its settings: after it, `z` no longer undoes a removal.
    static func ends(undo effect: Effect) -> Bool {
        switch effect {
        case .setSort, .move, .add, .remove, .restore: true
        default: false
        }
    }
}
