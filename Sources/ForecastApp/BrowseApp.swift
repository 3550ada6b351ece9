import Dispatch
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import ForecastViews
import Foundation

/// How `forecast browse` was asked to run.
package struct BrowseOptions: Sendable {
    /// `--list`: open on the list even when a place was viewed.
    package var opensList = false
    /// The weather flags (provider, offline, timeout…), as for `list`.
    package var weather = WeatherRequest()
    package var words: AppFaceWords
    package var emoji: Bool
    /// How many colours the terminal shows (none: bold, dim and reverse only).
    package var depth: ColourDepth
    /// Whether the app takes the process's signals (SIGTERM, SIGHUP, SIGWINCH…):
    /// the binary's does; an app run inside another program (a test's) leaves them to it.
    package var takesSignals: Bool

    package init(
        opensList: Bool = false, weather: WeatherRequest = WeatherRequest(), words: AppFaceWords, emoji: Bool, depth: ColourDepth,
        takesSignals: Bool = true
    ) {
        self.opensList = opensList
        self.weather = weather
        self.words = words
        self.emoji = emoji
        self.depth = depth
        self.takesSignals = takesSignals
    }
}

/// The app's driver: it feeds events to the pure update, runs the effects it
/// returns through the same use cases as the commands (`SavedPlaces`,
/// `WeatherLookup`, `PlaceFinder`), and draws the pure view's frame after each
/// event, in one write, only what changed. Nothing runs while nothing happens:
/// keys are read by a blocking read, signals arrive as events, and the clock
/// wakes the app once a minute (ages move on; weather past its TTL is fetched).
package final class BrowseApp: @unchecked Sendable {
    /// What arrives at the loop: the pure update's events, and the terminal's own.
    enum Input: Sendable {
        case event(BrowseEvent)
        /// One read's keys, handled together and drawn once (a paste or a held key never queues a frame a key).
        case keys([Key])
        /// A frame put off while events came faster than frames are worth drawing.
        case redraw
        case resized
        /// SIGTERM or SIGHUP: leave at once, restoring the terminal.
        case signal(Int32)
        /// The terminal closed (read returned end of file).
        case closed
        /// The batch of writes in flight is done: what it did.
        case written(PlaceChanges.Written)
        /// The database file is no longer the one opened: said by an operation (worded), or seen by the clock (nil).
        case databaseChanged(String?)
        /// The app was stopped and goes on (SIGCONT) in the terminal's foreground: the
        /// screen was set up again, and every cell is drawn again.
        case resumed
        /// Quitting waited for the keys' writes as long as it may.
        case quitWaitOver
    }

    /// How long quitting waits for the keys' writes to reach the database (a
    /// write takes milliseconds; SQLite's busy wait for another process's lock, seconds).
    static let quitWait = Duration.seconds(5)

    let places: SavedPlaces
    let context: AppContext
    let options: BrowseOptions
    let screen: TerminalScreen
    let weatherSettings: WeatherSettings
    private let inputs: AsyncStream<Input>
    let post: AsyncStream<Input>.Continuation
    /// Writes go one at a time, off the concurrency pool (SQLite's busy wait blocks its thread).
    let storeQueue = DispatchQueue(label: "forecast.browse.store")

    // Touched only by the loop.
    var state = BrowseState()
    private var previous: Frame?
    private let memo = BrowseView.Memo()
    private var refreshing: Task<Void, Never>?
    /// The writes the keys asked for, coalesced: one in flight, one pending batch.
    var writes = WriteQueue()
    /// A batch written since the list was last read changed it: read it once the writes are done.
    var pendingReload = false
    /// The database file was found replaced, and the file there is being read.
    var following = false
    /// One of each at a time: a new page's fetch replaces the last one's, and so on.
    private var background: [String: Task<Void, Never>] = [:]
    /// When the last frame was drawn, and whether one is put off.
    private var drawnAt = ContinuousClock.now - .seconds(1)
    private var drawPending = false
    /// What the last frame cost: frames are at least twice that apart, so drawing
    /// never takes more than half the time (a list of thousands, updated by a refresh's every batch).
    private var drawCost = Duration.zero
    /// Frames at most this often while events stream in (a refresh, a paste).
    static let frameInterval = Duration.milliseconds(30)

    init(places: SavedPlaces, context: AppContext, options: BrowseOptions, screen: TerminalScreen, weatherSettings: WeatherSettings) {
        self.places = places
        self.context = context
        self.options = options
        self.screen = screen
        self.weatherSettings = weatherSettings
        (inputs, post) = AsyncStream<Input>.makeStream()
    }

    /// Runs the app until `q`, Ctrl-C, SIGTERM or SIGHUP; returns the exit
    /// status (0, 130, 143, 129). The terminal is restored whatever happens.
    /// Errors before the first frame (a bad setting) are thrown with the terminal untouched.
    package static func run(
        places: SavedPlaces, context: AppContext, options: BrowseOptions, screen: TerminalScreen
    ) async throws -> Int32 {
        let settings = try WeatherSettings.resolve(
            options.weather, environment: context.environment, preferences: try places.settings().preferences)
        let app = BrowseApp(places: places, context: context, options: options, screen: screen, weatherSettings: settings)
        try await app.start()
        return await app.loop()
    }

    /// The opening state: the list and the cached weather (no request), on the
    /// screen the apps open on.
    static func opening(_ listed: SavedPlaces.Listed, opensList: Bool, now: Date) -> BrowseState {
        var state = BrowseState()
        state.now = now
        state.settings = listed.settings
        state.places = listed.places
        state.weather = listed.outcome.weather
        if listed.places.isEmpty {
            state.screen = .search
        } else if !opensList, let index = listed.places.firstIndex(where: { $0.id == listed.settings.lastViewedPlaceID }) {
            state.screen = .detail(index)
            state.selected = index
        }
        return state
    }

    func start() async throws {
        var cached = weatherSettings
        cached.offline = true
        cached.refresh = false
        // The cache only: what is on screen at once. Summaries, and the detail's full report if one is open.
        let listed = try await places.listWithWeather(settings: cached)
        state = Self.opening(listed, opensList: options.opensList, now: context.clock())
        state.source = SourceItem(weatherSettings.descriptor)
        state.offline = weatherSettings.offline
        if let place = state.detailPlace, let full = try? await places.weather(for: [place], detail: .full, settings: cached) {
            state.details.merge(full.weather) { _, new in new }
        }
    }

    /// The loop runs on the main thread: weather work blocked in SQLite's busy
    /// wait on the pool's few threads never holds a key's frame back.
    @MainActor
    func loop() async -> Int32 {
        screen.enter()
        defer { screen.leave() }
        let signals = options.takesSignals ? watchSignals() : []
        defer { signals.forEach { $0.cancel() } }
        screen.readKeys({ [post] keys in post.yield(.keys(keys)) }, closed: { [post] in post.yield(.closed) })
        followSize()
        draw()
        if !weatherSettings.offline {
            // --refresh asks for everything now, as it does for list and show.
            refresh(force: weatherSettings.refresh)
            if let place = state.detailPlace { fetchDetail(place, force: weatherSettings.refresh) }
        }
        let clock = Task { [post, context] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(60))
                post.yield(.event(.tick(context.clock())))
            }
        }
        // Once a second, a look (one stat) at whether the database is still the file opened:
        // a restore or a sync tool that moves another file there is followed within a second.
        let watch = Task { [post, places] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if places.fileChanged { post.yield(.databaseChanged(nil)) }
            }
        }
        defer {
            watch.cancel()
            clock.cancel()
            refreshing?.cancel()
            background.values.forEach { $0.cancel() }
        }
        var status: Int32 = 0
        // Quit was asked while writes were under way: only their ends are taken now, until none is left.
        var draining = false
        for await input in inputs {
            if draining {
                switch input {
                case .written:
                    writes.finished()
                    // The pending batch (the keys read with q) goes too; not into a file that replaced the database.
                    if following { writes.discardPending() } else { startWrites() }
                case .signal(let number): return 128 + number
                case .closed, .quitWaitOver: return status
                default: break
                }
                if writes.isIdle { return status }
                continue
            }
            // The window's size as the terminal has it now, before anything is read or drawn in it
            // (a signal says it changed; an app run inside another program has none).
            followSize()
            switch input {
            case .event(let event):
                handle(event)
            case .keys(let keys):
                // A paste or a held key: every key updates the state, the search asks
                // the gazetteer once for what was typed last, and one frame follows.
                var searched: String?
                // Below the smallest size nothing can be seen: only quitting acts.
                let visible = state.window.map { $0.width >= BrowseView.smallest.width && $0.height >= BrowseView.smallest.height } ?? true
                let now = context.clock()
                for key in keys where !state.quitting && (visible || key == .interrupt || key == .character("q")) {
                    if key == .interrupt { status = 130 }
                    for effect in Browse.update(&state, .key(key), at: now) {
                        if case .searchOffline(let query) = effect { searched = query } else { perform(effect) }
                    }
                }
                if let searched { perform(.searchOffline(searched)) }
            case .redraw:
                drawPending = false
            case .resized:
                break  // followed above
            case .signal(let number):
                return 128 + number
            case .closed:
                return 129
            case .written(let done):
                written(done)
            case .databaseChanged(let message):
                followReplacedDatabase(message)
            case .resumed:
                previous = nil  // the screen was cleared: every cell again
                drawPending = false
                draw()
                continue
            case .quitWaitOver:
                break
            }
            if state.quitting {
                // A change read with q (or before it, still being written) is written before the app
                // ends: returning at once ended the process with the write under way (0 of 5 saved).
                if following { writes.discardPending() }
                if writes.isIdle { return status }
                draining = true
                Task { [post] in
                    try? await Task.sleep(for: Self.quitWait)
                    post.yield(.quitWaitOver)
                }
                continue
            }
            drawSoon()
        }
        return status
    }

    /// An event, at the clock's time (ages and local times as of this frame), through
    /// the update; the effects it returns are run.
    func handle(_ event: BrowseEvent) {
        if case .databaseReplaced = event {
            following = false
            writes.discardPending()
        }
        if case .weather = event { refreshing = nil }
        // While keys' writes are under way the state is ahead of the database: a list read
        // meanwhile (a refresh's) would undo the keys; one is read again once they are written.
        if case .reloaded = event, !writes.isIdle {
            pendingReload = true
            return
        }
        Browse.update(&state, event, at: context.clock()).forEach(perform)
    }

    /// A window of a new size (or the first) is an event: the update keeps what
    /// scrolls within what the window draws.
    func followSize() {
        let (width, height) = screen.size()
        guard state.window?.width != width || state.window?.height != height else { return }
        handle(.resized(BrowseState.Window(width: width, height: height, words: options.words, emoji: options.emoji, memo: memo)))
    }

    /// Draws now if the last frame is old enough, else once, a moment later:
    /// a key after a pause is drawn at once; a stream of events, at most every 30 ms.
    func drawSoon() {
        let since = ContinuousClock.now - drawnAt
        let gap = max(Self.frameInterval, drawCost * 2)
        if since >= gap {
            draw()
        } else if !drawPending {
            drawPending = true
            let wait = gap - since
            Task { [post] in
                try? await Task.sleep(for: wait)
                post.yield(.redraw)
            }
        }
    }

    /// The state drawn in its window: only what changed is written. Nothing is
    /// written back: the update keeps the state within what the window draws.
    func draw() {
        let start = ContinuousClock.now
        let (width, height) = state.window.map { ($0.width, $0.height) } ?? screen.size()
        let frame = BrowseView.frame(state, width: width, height: height, words: options.words, emoji: options.emoji, memo: memo)
        let output = frame.output(from: previous, depth: options.depth)
        drawCost = .now - start
        screen.draw(output)
        previous = frame
        drawnAt = .now
    }

    // MARK: - Effects

    func perform(_ effect: Effect) {
        switch effect {
        case .setSort, .setUnit, .move, .remove, .add, .recordViewed, .restore:
            writes.ask(effect)
            startWrites()
        case .refresh(let force):
            refresh(force: force)
            if let place = state.detailPlace { fetchDetail(place, force: force) }
        case .searchOffline(let query):
            // The gazetteer is in memory: answered before the next frame.
            let found = context.gazetteer.search(query, limit: Browse.candidateLimit).map(\.city)
            // Nothing: the nearest name, as the commands suggest it ("seoull": Seoul, "서을": 서울).
            let suggestion = found.isEmpty
                ? PlaceFinder(context: context).suggestion(for: query, country: nil, language: options.words.language) : nil
            handle(.candidates(query: query, found, online: false, suggestion: suggestion))
        case .searchOnline(let query):
            // `forecast search`'s use case, with the geocoder's own budget.
            let search = PlaceSearch(context: context)
            let budget = TimeBudget(OpenMeteoGeocoder.defaultTimeout, clock: context.budgetClock)
            let words = options.words
            run("search") { [post] in
                do {
                    let found = try await search.find(query, country: nil, limit: Browse.candidateLimit, budget: budget)
                    if found.matches.isEmpty {
                        post.yield(.event(.lookupFailed(query: query, words.browseNothingOnline(query))))
                    } else {
                        post.yield(.event(.candidates(query: query, found.matches.map(\.city), online: found.online)))
                    }
                } catch PlaceLookupError.onlineLookupFailed(_, let failure, _) where failure.kind == .notFound {
                    post.yield(.event(.lookupFailed(query: query, words.browseNothingOnline(query))))
                } catch {
                    post.yield(.event(.lookupFailed(query: query, words.describe(error))))
                }
            }
        case .fetchFound(let city):
            let draft = PlaceFinder(context: context).draft(city, label: nil)
            let (settings, weatherSettings) = (state.settings, weatherSettings)
            let words = options.words
            run("found") { [post, context] in
                do {
                    // `forecast show`'s use case for a place not saved.
                    let shown = try await PlaceShowing(context: context).unsaved(draft, settings: settings, weatherSettings: weatherSettings)
                    post.yield(.event(.foundWeather(shown.weather)))
                } catch {
                    // Said on the page, not left saying that it is being fetched.
                    post.yield(.event(.foundWeather(PlaceWeather(error: WeatherError(.provider, words.describe(error))))))
                }
            }
        case .quit:
            break
        }
    }

    /// The list's weather: what is due (everything, forced) fetched in the
    /// background by the same engine, one refresh at a time.
    func refresh(force: Bool) {
        guard !weatherSettings.offline, refreshing == nil || force else { return }
        refreshing?.cancel()
        var settings = weatherSettings
        settings.refresh = force
        let places = self.places
        let words = options.words
        refreshing = Task { [post] in
            do {
                let listed = try await places.listWithWeather(
                    settings: settings,
                    events: { event in
                        if case .progress(let done, let total) = event { post.yield(.event(.fetchProgress(done: done, total: total))) }
                    },
                    arrived: { post.yield(.event(.arrived($0))) })
                guard !Task.isCancelled else { return }  // a forced refresh took its place
                if case .replaced? = listed.outcome.notSaved {
                    post.yield(.databaseChanged(listed.outcome.notSaved.map(words.describe)))
                    return
                }
                // The list as it is now, not as it was when the refresh began: keys written
                // meanwhile (a sort, a unit) are in it. (A refresh waits for the normals: seconds.)
                let (settingsNow, placesNow) = (try? places.ordered()) ?? (listed.settings, listed.places)
                post.yield(.event(.reloaded(settings: settingsNow, places: placesNow)))
                post.yield(.event(.weather(listed.outcome.weather, notSaved: listed.outcome.notSaved.map(words.notSaved))))
            } catch {
                guard !Task.isCancelled else { return }
                if case .replaced? = error as? StoreError {
                    post.yield(.databaseChanged(words.describe(error)))
                    return
                }
                post.yield(.event(.weather([:], notSaved: words.describe(error))))
            }
        }
    }

    func fetchDetail(_ place: Place, force: Bool) {
        var asked = weatherSettings
        asked.refresh = force
        let settings = asked
        let places = self.places
        let words = options.words
        if !settings.offline { post.yield(.event(.detailFetching(place.id))) }
        run("detail") { [post] in
            let weather: PlaceWeather
            do {
                let outcome = try await places.weather(for: [place], detail: .full, settings: settings)
                weather = outcome.weather[place.id] ?? PlaceWeather()
            } catch {
                if case .replaced? = error as? StoreError {
                    post.yield(.databaseChanged(words.describe(error)))
                    return
                }
                // Said on the page, not left saying that it is being fetched.
                weather = PlaceWeather(error: WeatherError(.provider, words.describe(error)))
            }
            guard !Task.isCancelled else { return }
            post.yield(.event(.detailWeather(place.id, weather, fetched: true)))
        }
    }

    /// Background work of one kind (`kind`): a new one replaces the last, which is cancelled.
    func run(_ kind: String, _ work: @escaping @Sendable () async -> Void) {
        background[kind]?.cancel()
        background[kind] = Task(operation: work)
    }

    /// Runs async work to its end from a thread that may block (the store's queue, the start).
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task {
            do { box.set(.success(try await work())) } catch { box.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try box.get()
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error> = .failure(CancellationError())
    func set(_ value: Result<T, any Error>) { lock.withLock { result = value } }
    func get() throws -> T { try lock.withLock { result }.get() }
}
