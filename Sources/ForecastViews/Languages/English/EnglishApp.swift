import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// The full-screen app's words (`forecast browse`), in English: `AppWords`.
extension English {
    package func browseListTitle(_ count: Int, sort: PlaceSort, unit: String) -> String {
        let order = sort.key == .custom ? "your order" : "by \(sortKey(sort.key)) \(sort.descending ? "↓" : "↑")"
        return "\(self.count(count, "place", "places")) · \(order) · \(unit)"
    }
    package var browseSearchTitle: String { "Search" }
    package var browseNotSavedTitle: String { "Not saved" }
    package var browseListKeys: String { "? help  q quit  / search  Enter open  s sort  u units  d remove  r refresh" }
    package var browseDetailKeys: String { "? help  q quit  ←→ previous/next  Esc list  [ ] hours  Tab days  ↑↓ scroll  u units  r refresh" }
    package var browseSearchKeys: String { "type a name  Enter its weather  ↑↓ choose  Esc back  Ctrl-U clear" }
    package var browseFoundKeys: String { "a add  Esc back to the search  q quit  [ ] hours  ↑↓ scroll  u units" }
    package var browseHelp: [(title: String, keys: [(key: String, does: String)])] {
        [
            ("List", [
                ("↑ ↓  k j", "select a place"), ("Enter →", "open its weather"), ("s", "sort: your order, name, temperature, humidity"),
                ("S", "reverse the sort"), ("u", "units: °C, °F, K"), ("K J", "move the place up or down in your order"),
                ("d then y", "remove the place"), ("z", "undo the removal (until the next change)"), ("r", "refresh now"),
                ("/", "search for a place to add"), ("wheel, click", "select; a click opens the place"),
            ]),
            ("Detail", [
                ("← → h l", "previous or next place (wraps around)"), ("[ ]  < >", "scroll the hours"),
                ("Tab", "the days: ↑ ↓ choose one, Enter opens its hours (← → the day before or after), Esc back"),
                ("↑ ↓  k j", "scroll"), ("PgUp PgDn Space", "scroll a screenful"), ("Home End g G", "top, bottom"),
                ("wheel, click", "scroll; a click on a day opens its hours"), ("r", "refresh now"), ("Esc", "back to the list"),
            ]),
            ("Search", [
                ("letters", "filter the built-in places (by any of their names)"), ("↑ ↓", "choose"),
                ("Enter", "see the weather (asks online when nothing is found)"), ("a", "add the place shown"), ("Ctrl-U", "clear what was typed"),
                ("Esc", "back"),
            ]),
            ("Everywhere", [("u", "°C, °F, K"), ("U", "units: temperature, wind, precipitation, distance, pressure, clock"), ("?", "this help"), ("q  Ctrl-C", "quit")]),
        ]
    }
    package var browseHelpClose: String { "q or Ctrl-C quits; any other key closes this help." }
    package func browseTooSmall(width: Int, height: Int, needs: (width: Int, height: Int)) -> String {
        "The window is \(width)×\(height); forecast browse needs \(needs.width)×\(needs.height) or more."
    }
    package var browseSearchPrompt: String { "Search: " }
    package var browseSearchHint: String { "Type a place's name in English, Korean or Japanese, e.g. 부산, 東京 or sao paulo." }
    package var browseEmptyHint: String { "Nothing saved yet: type a place's name, Enter to see its weather, then a to add it." }
    package func browseNothingOffline(_ query: String, suggestion: String?) -> String {
        "No built-in place matches \(quoted(query))." + (suggestion.map { " Did you mean \(quoted($0))?" } ?? "")
            + " Enter asks the online geocoder."
    }
    package var browseAsking: String { "Asking the online geocoder…" }
    package func browseNothingOnline(_ query: String) -> String { "No place called \(quoted(query)), built in or online." }
    package func browseConfirmRemoval(_ name: String) -> String { "Remove \(name)? y removes it, any other key keeps it." }
    package var browseAddHint: String { "a adds it to your places" }
    package var browseEmptyList: String { "Nothing saved yet: press / to find a place, then a to add it." }
    package var browseOwnOrderShown: String { "This is your own order (K and J move places in it): press K or J again to move." }
    package func browseWriteFailed(_ reason: String) -> String { "Not saved, nothing changed: \(reason)" }
    package var browseNeedsTerminal: String {
        "forecast browse needs a terminal for both input and output; in scripts and pipes use 'forecast list' and 'forecast show'"
    }
}
