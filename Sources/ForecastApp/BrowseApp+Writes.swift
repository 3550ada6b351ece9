import Dispatch
import ForecastCore
import ForecastKit
import ForecastViews
import Foundation

/// The keys' writes, through the use cases, one batch at a time off the pool,
/// and following a database file that was replaced.
extension BrowseApp {
    /// Starts the pending batch of writes, unless one is in flight: through the
    /// use cases, off the pool, each setting as the state has it now (the last
    /// key's). Its end comes back to the loop as `.written`.
    func startWrites() {
        // While the file that replaced the database is being read, the keys' writes wait (and then go: its ids are not theirs).
        guard !following, let batch = writes.start() else { return }
        let (sort, unit, order, units) = (state.sort, state.unit, state.places.map(\.id), state.settings)
        let viewed = batch.viewed.flatMap { id in state.places.first { $0.id == id } }
        let finder = PlaceFinder(context: context)
        let additions = batch.additions.map { finder.draft($0, label: nil) }
        var cached = weatherSettings
        cached.offline = true
        let offline = cached
        let words = options.words
        storeQueue.async { [places, post] in
            var failure: String?
            var replaced = false
            func attempt(_ work: () throws -> Void) {
                // Once the file is found replaced, nothing more of the batch: its ids are the old file's.
                guard !replaced else { return }
                do { try work() } catch {
                    failure = failure ?? words.describe(error)
                    if case .replaced? = error as? StoreError { replaced = true }
                }
            }
            if batch.sort { attempt { try places.setSort(sort) } }
            if batch.unit {
                attempt {
                    _ = try places.setUnits(UnitChange(
                        temperature: unit, wind: units.windUnit, precipitation: units.measures.precipitation,
                        distance: units.measures.distance, pressure: units.measures.pressure, clock: units.measures.clock))
                }
            }
            if batch.order { attempt { try places.reorder(order) } }
            for id in batch.removals {
                attempt { if let place = try places.remove(id: id) { post.yield(.event(.removed(place))) } }
            }
            for place in batch.restorations {
                attempt {
                    let back = try places.restore(place)
                    post.yield(.event(.restored(back)))
                }
            }
            for draft in additions {
                attempt {
                    switch try places.add(draft, labelled: false) {
                    case .added(let place): post.yield(.event(.added(place, alreadySaved: false)))
                    case .alreadySaved(let place), .relabelled(_, let place): post.yield(.event(.added(place, alreadySaved: true)))
                    }
                }
            }
            if let viewed {
                attempt { try places.recordViewed(viewed) }
                // The page's cached full report at once; a fetch follows if it is due.
                if let outcome = try? Self.wait({ try await places.weather(for: [viewed], detail: .full, settings: offline) }),
                    let weather = outcome.weather[viewed.id]
                {
                    post.yield(.event(.detailWeather(viewed.id, weather)))
                }
            }
            if replaced {
                post.yield(.written(failure: nil, reload: false, viewed: nil))
                post.yield(.databaseChanged(failure))
                return
            }
            post.yield(.written(failure: failure, reload: batch.changesTheList || failure != nil, viewed: viewed))
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

    /// A batch is written: its failure said, the next batch started, or, when
    /// none is left, the list read as the database has it (a failed write changed nothing).
    func written(failure: String?, reload: Bool, viewed: Place?) {
        writes.finished()
        if let failure {
            handle(.writeFailed(failure))
        } else if case .writeFailed? = state.status.message {
            state.status.message = nil  // a later write went through: what failed before is no longer so
        }
        if let viewed, !weatherSettings.offline, state.detailPlace?.id == viewed.id { fetchDetail(viewed, force: false) }
        pendingReload = pendingReload || reload
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
