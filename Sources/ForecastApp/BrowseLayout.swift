import ForecastCore
import ForecastViews
import Foundation

/// What the window shows of the state, computed by the update (never written
/// back by the driver's drawing): how far what is in front scrolls, and what a
/// click on a row means, each as the frame draws it.
extension Browse {
    /// Keeps the state within what its window draws: the scroll of what is in
    /// front stops at its last line (↑ moves at once after End), the hours' strip
    /// at its last hour (`[` acts at once). Without a window, nothing is limited.
    static func settle(_ state: inout BrowseState) {
        // A day's hours are over a page: when the page went (its place left the list), they close with it.
        if case .day? = state.underHelp, !state.screen.isDetail {
            state.close { if case .day = $0 { true } else { false } }
        }
        guard let window = state.window else { return }
        if state.page.stripOffset > 0 {
            let limit = BrowseView.stripLimit(state, width: window.width, height: window.height, words: window.words, emoji: window.emoji)
            state.page.stripOffset = min(state.page.stripOffset, limit)
        }
        // Computed only when something is scrolled: a scroll at its top needs no limit.
        func limit() -> Int { BrowseView.scrollLimit(state, in: window) }
        switch state.overlay {
        case .help(let scroll, let over)? where scroll > 0:
            state.overlay = .help(scroll: min(scroll, limit()), over: over)
        case .reading(var reading)? where reading.scroll > 0:
            reading.scroll = min(reading.scroll, limit())
            state.overlay = .reading(reading)
        case .day(let day, let scroll)? where scroll > 0:
            state.overlay = .day(day, scroll: min(scroll, limit()))
        case .help?, .reading?, .day?:
            break
        case .unitsMenu?, .confirmingRemoval?, nil:
            if state.scroll > 0 { state.scroll = min(state.scroll, limit()) }
        }
    }

    /// What a click on `row` of the frame means, as the window draws the state.
    static func clickTarget(_ state: BrowseState, row: Int) -> BrowseState.ClickTarget? {
        guard let window = state.window else { return nil }
        return BrowseView.clickTargets(state, in: window)[row]
    }
}

extension BrowseState.Screen {
    var isDetail: Bool {
        if case .detail = self { true } else { false }
    }
}

extension BrowseView {
    /// How far what is in front can scroll in `window` (its lines beyond the
    /// window's body; 0 where nothing scrolls), as `render` draws it: each part
    /// drawn alone, on a frame of its own, so the list is never drawn for it.
    package static func scrollLimit(_ state: BrowseState, in window: BrowseState.Window) -> Int {
        guard let (scratch, body, style) = parts(window) else { return 0 }
        var frame = scratch
        let words = window.words
        if state.showsHelp {
            return help(&frame, state.screen, warned: hasWarnings(state), reading: state.reading != nil, scroll: state.helpScroll, words: words)
        }
        if state.reading != nil { return warning(&frame, state, body: body, style: style, words: words) }
        switch state.screen {
        case .list, .search:
            return 0
        case .detail, .found:
            guard let page = page(for: state, words: words, emoji: window.emoji) else { return 0 }
            if case .detail = state.screen, let day = state.openDay {
                return dayHours(&frame, page, day: day, scroll: state.dayScroll, body: body, words: words)
            }
            return drawPage(&frame, page, state, body: body, words: words).0
        }
    }

    /// Which rows of the frame a click opens (a place of the list, a day of a
    /// page), as `render` draws them in `window`.
    package static func clickTargets(_ state: BrowseState, in window: BrowseState.Window) -> [Int: BrowseState.ClickTarget] {
        guard state.reading == nil, let (scratch, body, style) = parts(window) else { return [:] }
        var frame = scratch
        switch state.screen {
        case .list:
            return list(&frame, state, body: body, style: style, words: window.words, memo: window.memo)
        case .detail:
            guard state.openDay == nil, let page = page(for: state, words: window.words, emoji: window.emoji) else { return [:] }
            return drawPage(&frame, page, state, body: body, words: window.words).1
        case .search, .found:
            return [:]
        }
    }

    /// An empty frame of the window's size, its body's rows and the text's style; nil below the smallest window.
    static func parts(_ window: BrowseState.Window) -> (Frame, Range<Int>, TextStyle)? {
        guard window.width >= smallest.width, window.height >= smallest.height else { return nil }
        // As `render`: one column kept free at the right for the marks that say more is above or below.
        let style = TextStyle(words: window.words, columns: window.width - 3, usesColour: true, emoji: window.emoji)
        return (Frame(width: window.width, height: window.height), 1..<(window.height - 2), style)
    }
}
