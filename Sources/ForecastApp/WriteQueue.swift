import ForecastCore
import ForecastGazetteer

/// What the app has to write, coalesced: a flood of keys never queues a write a
/// key (1 MiB of `s` typed queued a million writes and reloads: 510 MB, still
/// busy after 90 s). The sort, the units, your own order and the place viewed
/// last are state: the queue keeps only whether each changed (the place viewed,
/// the last one), and the driver writes each as the app's state has it when the
/// write starts, so the last key wins. A removal and an addition are each
/// written (each needs a confirmation or a search first: no flood makes many).
/// One write is in flight at a time; what is asked meanwhile waits as one
/// pending batch. Pure: a test drives it as the driver does.
package struct WriteQueue: Equatable, Sendable {
    package struct Batch: Equatable, Sendable {
        package var sort = false
        package var unit = false
        package var order = false
        package var viewed: Int64?
        package var removals: [Int64] = []
        package var additions: [City] = []
        /// Places put back (`z`), each where it was in your own order.
        package var restorations: [Place] = []

        package var isEmpty: Bool { self == Batch() }
        /// Whether the list must be read again once written (the place viewed last changes no list).
        package var changesTheList: Bool { sort || unit || order || !removals.isEmpty || !additions.isEmpty || !restorations.isEmpty }
    }

    package private(set) var pending = Batch()
    package private(set) var inFlight = false

    package init() {}

    /// Notes what `effect` writes; false for an effect that writes nothing.
    @discardableResult
    package mutating func ask(_ effect: Effect) -> Bool {
        switch effect {
        case .setSort: pending.sort = true
        case .setUnit: pending.unit = true
        case .move: pending.order = true
        case .recordViewed(let id): pending.viewed = id
        case .remove(let id): if !pending.removals.contains(id) { pending.removals.append(id) }
        case .add(let city): if !pending.additions.contains(city) { pending.additions.append(city) }
        case .restore(let place): if !pending.restorations.contains(place) { pending.restorations.append(place) }
        default: return false
        }
        return true
    }

    /// The batch to write now: what is pending, when nothing is in flight.
    package mutating func start() -> Batch? {
        guard !inFlight, !pending.isEmpty else { return nil }
        inFlight = true
        defer { pending = Batch() }
        return pending
    }

    /// The write in flight is done (or failed).
    package mutating func finished() { inFlight = false }

    /// What is pending goes unwritten: the database file was replaced, and its ids are the old file's.
    package mutating func discardPending() { pending = Batch() }

    /// Nothing in flight, nothing pending: the database has what the app shows.
    package var isIdle: Bool { !inFlight && pending.isEmpty }
}
