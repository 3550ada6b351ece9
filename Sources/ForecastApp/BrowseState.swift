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
    /// What is open over the screen, if anything: one thing at a time, the help over it.
    package var overlay: Overlay?
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
    /// The last removal, which `z` undoes until the next change.
    package var undo: Place?
    /// A place to select once the list is read again (the one `z` put back).
    package var selectAfterReload: Int64?
    /// The window the frames are drawn in (nil until the driver says: a test of keys alone).
    package var window: Window?

    /// What a click on a row of the frame means (`BrowseView.clickTargets`).
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

    /// What is open over the screen. One at a time, so the keys' precedence is
    /// the type's: the help is over whatever else is open (and gives it back
    /// when it closes), and the one under it takes the keys the screen would.
    package indirect enum Overlay: Equatable, Sendable {
        /// A removal asked for (`d`) and not yet confirmed with `y`.
        case confirmingRemoval(Int64)
        /// The units menu (`U`), open on this row.
        case unitsMenu(UnitsMenuRow)
        /// A day's hours over the page (`Enter` on a day), by its index among the page's days, and their scroll.
        case day(Int, scroll: Int)
        /// A warning's whole text (`w`).
        case reading(Reading)
        /// Every key (`?`), scrolled where the window is short, over what was open.
        case help(scroll: Int, over: Overlay?)
    }

    /// What is open, the help set aside: what takes the keys once the help closes.
    package var underHelp: Overlay? {
        if case .help(_, let over) = overlay { over } else { overlay }
    }

    /// Closes what is open (under the help too) when `test` says so; the help stays.
    package mutating func close(where test: (Overlay) -> Bool) {
        switch overlay {
        case .help(let scroll, let over?) where test(over): overlay = .help(scroll: scroll, over: nil)
        case let open? where test(open): overlay = nil
        default: break
        }
    }

    package var showsHelp: Bool {
        if case .help = overlay { true } else { false }
    }

    package var helpScroll: Int {
        if case .help(let scroll, _) = overlay { scroll } else { 0 }
    }

    package var confirmingRemoval: Int64? {
        if case .confirmingRemoval(let id) = underHelp { id } else { nil }
    }

    package var unitsMenu: UnitsMenuRow? {
        if case .unitsMenu(let row) = underHelp { row } else { nil }
    }

    package var openDay: Int? {
        if case .day(let day, _) = underHelp { day } else { nil }
    }

    package var dayScroll: Int {
        if case .day(_, let scroll) = underHelp { scroll } else { 0 }
    }

    package var reading: Reading? {
        if case .reading(let reading) = underHelp { reading } else { nil }
    }

    /// The window the app draws in, as the driver says it (`BrowseEvent.resized`):
    /// its size and how its frames are drawn, from which the update computes how
    /// far each thing scrolls and what a click means, as the frame shows them.
    package struct Window: Sendable {
        package var width: Int
        package var height: Int
        package var words: AppFaceWords
        package var emoji: Bool
        /// The list's rows as the frames last made them (a cache the driver shares):
        /// a click on a list of thousands makes none again.
        package var memo: BrowseView.Memo?

        package init(width: Int, height: Int, words: AppFaceWords, emoji: Bool, memo: BrowseView.Memo? = nil) {
            self.width = width
            self.height = height
            self.words = words
            self.emoji = emoji
            self.memo = memo
        }
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
