import Dispatch
import ForecastCore
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// Runs the weather use case for a command, as a terminal program should:
/// a progress line while many places are fetched, and Ctrl-C stopping the
/// refresh cleanly with what had arrived kept.
enum WeatherSession {
    static func weather(
        for places: [Place], detail: ReportDetail, options: WeatherOptions, budget: TimeBudget? = nil, places saved: SavedPlaces,
        in context: CommandContext
    ) async throws -> (outcome: WeatherOutcome, settings: WeatherSettings) {
        let settings = try options.settings(preferences: try context.settings(of: saved).preferences, budget: budget, in: context)
        let outcome = try await interruptible(in: context, cancelled: { $0.cancelled = true }) { events in
            try await saved.weather(for: places, detail: detail, settings: settings, events: events)
        }
        return (outcome, settings)
    }

    /// The saved list with its weather (ordered again if what arrived changes a sort by weather),
    /// to be read a page at a time as it is shown (`WeatherPageReader`).
    static func list(
        _ saved: SavedPlaces, options: WeatherOptions, detail: ReportDetail = .summary, warningTexts: Bool = true, in context: CommandContext
    ) async throws -> (listed: SavedPlaces.Listed, weather: WeatherSettings) {
        let settings = try options.settings(preferences: try context.settings(of: saved).preferences, in: context)
        let listed = try await interruptible(in: context, cancelled: { $0.outcome.cancelled = true }) { events in
            try await saved.listPaged(settings: settings, detail: detail, warningTexts: warningTexts, events: events)
        }
        return (listed, settings)
    }

    /// Every saved place's official warnings (`forecast alerts`): only the warning sources are asked.
    static func warnings(
        _ saved: SavedPlaces, options: WeatherOptions, in context: CommandContext
    ) async throws -> (listing: WarningsListing, weather: WeatherSettings) {
        let settings = try options.settings(preferences: try context.settings(of: saved).preferences, in: context)
        let listing = try await interruptible(in: context, cancelled: { $0.outcome.cancelled = true }) { events in
            try await saved.warnings(settings: settings, events: events)
        }
        return (listing, settings)
    }

    /// Runs a weather use case with a progress line and Ctrl-C stopping it
    /// cleanly (`cancelled` marks what it returns as interrupted).
    static func interruptible<T: Sendable>(
        in context: CommandContext, cancelled: (inout T) -> Void,
        _ work: @escaping @Sendable (_ events: @escaping @Sendable (RefreshEvent) -> Void) async throws -> T
    ) async throws -> T {
        let progress = ProgressLine(words: context.words, stderr: context.stderr, fancy: context.emoji)
        // SIGTERM and SIGHUP end the command as they would, but not with the progress line left on the terminal.
        let endings = [SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                progress.finish()
                signal(number, SIG_DFL)
                kill(getpid(), number)  // to the process: this queue's thread blocks it
            }
            source.resume()
            return source
        }
        defer {
            for (number, source) in zip([SIGTERM, SIGHUP], endings) {
                source.cancel()
                signal(number, SIG_DFL)
            }
        }
        let (result, interrupted) = await cancellableOnInterrupt { () async -> Result<T, any Error> in
            do {
                return .success(try await work { progress.update($0) })
            } catch {
                return .failure(error)
            }
        }
        progress.finish()
        let ended = result ?? .failure(CancellationError())
        if interrupted, case .failure = ended {
            // Stopped before it had anything to keep (a name's online lookup): interrupted, and nothing else to say.
            throw CommandFailure(
                message: context.words.interrupted(nil), status: 130, english: Language.en.words(context.app.gazetteer).interrupted(nil))
        }
        var outcome = try ended.get()
        if interrupted { cancelled(&outcome) }
        return outcome
    }

    /// The weather of places that are not saved (the outcome is keyed by
    /// their index), with Ctrl-C stopping it cleanly.
    static func unsavedWeather(
        for places: [NewPlace], detail: ReportDetail, options: WeatherRequest, preferences: Preferences, in context: CommandContext
    ) async throws -> (outcome: WeatherOutcome, settings: WeatherSettings) {
        let app = context.app
        let settings = try WeatherSettings.resolve(options, environment: app.environment, preferences: preferences)
        let (result, interrupted) = await cancellableOnInterrupt { () async -> Result<WeatherOutcome, any Error> in
            do {
                return .success(try await WeatherLookup.unsaved(places, detail: detail, settings: settings, context: app))
            } catch {
                return .failure(error)
            }
        }
        var outcome = try (result ?? .failure(CancellationError())).get()
        if interrupted { outcome.cancelled = true }
        return (outcome, settings)
    }

    /// Ends the command as the outcome says: 130 if interrupted; 2 (after a
    /// one-line summary) if any place failed; 3 if the weather could not be
    /// saved; else normally. A failed save is always said, whatever else is.
    /// `kept`: whether what arrived is kept (not for places that are not saved).
    static func finish(_ outcome: WeatherOutcome, places: Int, kept: Bool = true, in context: CommandContext) throws {
        let words = context.words
        // A failed save is said even when interrupted: "kept" would not be true.
        if let reason = outcome.notSaved {
            context.stderr.line("\(words.warningPrefix): \(words.notSaved(reason))")
        }
        if outcome.cancelled {
            throw CommandFailure(message: outcome.notSaved != nil ? "" : kept ? words.interruptedKept : words.interrupted(nil), status: 130)
        }
        if let until = outcome.heldUntil {
            // On this machine's clock: when the user may ask again.
            let time = words.dateTime(LocalTime.reading(until, in: TimeZone.current))
            context.stderr.line("\(words.notePrefix): \(words.heldByExpiry(until: time))")
        }
        let failed = outcome.failures
        if !failed.isEmpty {
            throw CommandFailure(message: words.failedSummary(failed, of: places), status: ExitStatus.partial)
        }
        if outcome.notSaved != nil { throw CommandFailure(message: "", status: ExitStatus.notSaved) }
    }

    /// Runs `work` so that Ctrl-C cancels it (its requests stop and what already
    /// arrived is kept) instead of killing the process mid-write. Structured: the
    /// work is a child task, so it runs where its caller runs (on the executor
    /// the caller prefers), and a watcher beside it waits for the signal.
    /// The value is nil only if the work never ended, which a task group does not allow.
    static func cancellableOnInterrupt<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> (T?, Bool) {
        let (signals, arrived) = AsyncStream<Void>.makeStream()
        let interrupted = InterruptFlag()
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            interrupted.set()
            arrived.yield()
        }
        source.resume()
        defer {
            source.cancel()
            arrived.finish()
            signal(SIGINT, SIG_DFL)
        }
        let value = await withTaskGroup(of: Interruptible<T>.self) { group -> T? in
            group.addTask { .done(await work()) }
            group.addTask {
                for await _ in signals { return .interrupted }
                return .quiet
            }
            while let next = await group.next() {
                switch next {
                case .done(let value):
                    group.cancelAll()  // the watcher's wait ends
                    return value
                case .interrupted:
                    group.cancelAll()  // the work stops, keeping what arrived, and ends as .done
                case .quiet:
                    break
                }
            }
            return nil
        }
        return (value, interrupted.isSet)
    }
}

/// What finished first: the work, or Ctrl-C.
private enum Interruptible<T: Sendable>: Sendable {
    case done(T)
    case interrupted
    case quiet
}

final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
