import Dispatch
import ForecastCore
import ForecastKit
import ForecastViews
import Foundation

/// The keys' writes, through the use cases, one batch at a time off the pool,
/// and following a database file that was replaced.
extension BrowseApp {
    /// Starts the pending batch of writes, unless one is in flight: one use case
    /// (`SavedPlaces.apply`), off the pool, each setting as the state has it now
    /// (the last key's). What it did comes back to the loop as one value (`.written`).
    func startWrites() {
        // While the file that replaced the database is being read, the keys' writes wait (and then go: its ids are not theirs).
        guard !following, let batch = writes.start() else { return }
        let finder = PlaceFinder(context: context)
        let units = state.settings
        let changes = PlaceChanges(
            sort: batch.sort ? state.sort : nil,
            units: batch.unit ? UnitChange(
                temperature: state.unit, wind: units.windUnit, precipitation: units.measures.precipitation,
                distance: units.measures.distance, pressure: units.measures.pressure, clock: units.measures.clock) : nil,
            order: batch.order ? state.places.map(\.id) : nil,
            removals: batch.removals, restorations: batch.restorations,
            additions: batch.additions.map { finder.draft($0, label: nil) },
            viewed: batch.viewed.flatMap { id in state.places.first { $0.id == id } })
        let cached = weatherSettings
        storeQueue.async { [places, post] in
            let written = (try? Self.wait { await places.apply(changes, cached: cached) }) ?? PlaceChanges.Written()
            post.yield(.written(written))
        }
    }

    /// The database file is not the one opened (replaced or deleted): the store
    /// let the old one go; the list and cached weather are read from the file
    /// now at the path (the first read says the file changed, if nothing has
    /// yet), and everything of the old file leaves the screen.
    func followReplacedDatabase(_ message: String?) {
        guard !following else { return }
        following = true
        var cached = weatherSettings
        cached.offline = true
        cached.refresh = false
        let settings = cached
        let words = options.words
        storeQueue.async { [places, post] in
            var said = message
            var listed: SavedPlaces.Listed?
            for _ in 0..<2 where listed == nil {
                do {
                    listed = try Self.wait { try await places.listWithWeather(settings: settings) }
                } catch {
                    said = said ?? words.describe(error)
                    if case .replaced? = error as? StoreError { continue }
                    break  // the file there is no database of ours: said, and an empty list
                }
            }
            post.yield(.event(.databaseReplaced(
                message: said ?? words.describe(StoreError.replaced(path: "")), settings: listed?.settings ?? Settings(),
                places: listed?.places ?? [], weather: listed?.outcome.weather ?? [:])))
        }
    }

    /// A batch is written: what it did said by the update, the next batch started,
    /// or, when none is left, the list read as the database has it (a failed write changed nothing).
    func written(_ written: PlaceChanges.Written) {
        writes.finished()
        let failure = written.failure.map(options.words.describe)
        // Found replaced: what was written before is said, and the file there is followed (it says why).
        handle(.written(written, failure: written.replaced ? nil : failure))
        if written.replaced { return followReplacedDatabase(failure) }
        if let viewed = written.viewed, !weatherSettings.offline, state.detailPlace?.id == viewed.id { fetchDetail(viewed, force: false) }
        pendingReload = pendingReload || written.listChanged
        guard writes.isIdle else { return startWrites() }
        guard pendingReload else { return }
        pendingReload = false
        storeQueue.async { [places, post] in
            if let (settings, ordered) = try? places.ordered() {
                post.yield(.event(.reloaded(settings: settings, places: ordered)))
            }
        }
    }
}
