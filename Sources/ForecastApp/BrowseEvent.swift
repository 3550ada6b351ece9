import ForecastCore
import ForecastGazetteer
import ForecastKit
import Foundation

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
    /// The keys' writes are done (`SavedPlaces.apply`): what they did, and what failed first (worded).
    case written(PlaceChanges.Written, failure: String?)
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
    /// The window is this size now (and at the start): what scrolls is kept within what it draws.
    case resized(BrowseState.Window)
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
