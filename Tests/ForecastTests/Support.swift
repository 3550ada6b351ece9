import Foundation
import ForecastCore
import ForecastStore
import ForecastViews
import ForecastGazetteer
import ForecastProviders

/// A folder of its own for each test, removed afterwards.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(path: "forecast-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appending(path: name).path }
}

func newPlace(_ name: String, lat: Double, lon: Double, geonamesID: Int?, country: String = "KR", zone: String = "Asia/Seoul") -> NewPlace {
    NewPlace(
        displayName: name, canonicalName: name, countryCode: country, admin1: "",
        coordinate: try! Coordinate(latitude: lat, longitude: lon), timeZone: zone, geonamesID: geonamesID)
}

let seoul = newPlace("Seoul", lat: 37.566, lon: 126.9784, geonamesID: 1835848)
let busan = newPlace("Busan", lat: 35.10168, lon: 129.03004, geonamesID: 1838524)
let daegu = newPlace("Daegu", lat: 35.87028, lon: 128.59111, geonamesID: 1835329)
let almaty = newPlace("Almaty", lat: 43.25, lon: 76.91, geonamesID: 1526384, country: "KZ")

/// Runs CPU-heavy test work on a thread of its own. The cooperative pool has
/// as many threads as cores (two on CI); seconds of work there would stall the
/// in-process stub servers that other tests' binaries are talking to.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { done in
        DispatchQueue.global().async { done.resume(returning: work()) }
    }
}

/// The line under a table of weather that says whose weather it is: tests of
/// a table's rows count them without it, and check it on its own.
enum CreditLine {
    static func strip(_ lines: [String]) -> (lines: [String], credit: String?) {
        guard let last = lines.last else { return (lines, nil) }
        let text = last.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("Weather: ") || text.hasPrefix("날씨: ") else { return (lines, nil) }
        var kept = Array(lines.dropLast())
        // show leaves a blank line above it.
        if last.hasPrefix("  "), kept.last == "" { kept.removeLast() }
        return (kept, text)
    }
}

extension WeatherCondition {
    /// Its words in the English catalog, as every face says it.
    var english: String { Language.en.words(.bundled).condition(self) }
    /// Its words in the Korean catalog.
    var korean: String { Language.ko.words(.bundled).condition(self) }
    /// A condition as the cache might hold it, whatever wrote it.
    init(kind: Kind, code: String) {
        let json = try? JSONEncoder().encode(["kind": kind.rawValue, "code": code])
        self = json.flatMap { try? JSONDecoder().decode(WeatherCondition.self, from: $0) } ?? .unknown(code)
    }
}

/// A line of terminal output as a terminal draws it: `ESC [ n G` moves the
/// cursor to column n, colours are skipped, and an emoji shown as a picture
/// (whose width terminals disagree on) takes `unsettledWidth` columns, as the
/// terminal's width table says (tmux 3.3a: one; most terminals: two). The
/// result has one `Character` per column (a wide character's right half is "\u{0}").
func drawn(_ line: String, unsettledWidth: Int = 2) -> [Character] {
    var cells: [Character] = []
    var cursor = 0
    var rest = Substring(line)
    func put(_ character: Character, width: Int) {
        while cells.count < cursor + width { cells.append(" ") }
        cells[cursor] = character
        for extra in 1..<max(1, width) { cells[cursor + extra] = "\u{0}" }
        cursor += width
    }
    while let character = rest.first {
        if character == "\u{1B}", let match = rest.prefixMatch(of: /\x1B\[([0-9;]*)([A-Za-z])/) {
            if match.2 == "G", let column = Int(match.1) { cursor = max(0, column - 1) }
            rest = rest[match.range.upperBound...]
            continue
        }
        let emoji = character.unicodeScalars.first.map { $0.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") } ?? false
        put(character, width: emoji ? unsettledWidth : DisplayWidth.of(character))
        rest = rest.dropFirst()
    }
    return cells
}

/// The column where `text` starts in `line` as drawn, if it is there.
func column(of text: String, in line: String, unsettledWidth: Int = 2) -> Int? {
    let cells = drawn(line, unsettledWidth: unsettledWidth)
    let wanted = Array(text)
    guard wanted.count <= cells.count else { return nil }
    return (0...(cells.count - wanted.count)).first { start in
        var index = start
        for character in wanted {
            while index < cells.count, cells[index] == "\u{0}" { index += 1 }
            guard index < cells.count, cells[index] == character else { return false }
            index += 1
        }
        return true
    }
}

/// Time that passes only when the work waits, or the test says so: a budget
/// clock, a sleeper and a grace clock over one moment. A sleep (a rate
/// limit's turn, a retry's pause, a stand-in service's delay) moves the moment
/// on at once, and so does `advance`; nothing else does: a budget runs out
/// only by what the work waited, never because the machine is loaded, and no
/// wait takes the machine's time. A wait on the grace clock moves nothing: it
/// ends when the moment it waits for is reached. The moment is the machine's
/// when first read (so an HTTP client's deadline, which is the machine's time,
/// begins with the work's budget, as it would on the live clock), and stands
/// still from then on.
final class VirtualTime: @unchecked Sendable {
    private let lock = NSLock()
    private var begun: ContinuousClock.Instant?
    private var passed = Duration.zero
    private var waits: [TimeInterval] = []
    /// Under the lock.
    private var moment: ContinuousClock.Instant {
        let begun = begun ?? .now
        self.begun = begun
        return begun + passed
    }
    /// The grace clock's waits, until their moment comes (or they are cancelled).
    private var alarms: [UUID: (moment: ContinuousClock.Instant, wake: CheckedContinuation<Void, any Error>)] = [:]
    private var cancelledAlarms: Set<UUID> = []
    /// Who waits for a wait to be set (`nextWait`).
    private var watchers: [UUID: CheckedContinuation<ContinuousClock.Instant?, Never>] = [:]

    /// What each sleep asked, in order.
    var slept: [TimeInterval] { lock.withLock { waits } }

    var now: ContinuousClock.Instant { lock.withLock { moment } }

    var clock: BudgetClock { BudgetClock { [self] in now } }

    var sleeper: Sleeper {
        Sleeper { [self] seconds in
            try Task.checkCancellation()
            lock.withLock { waits.append(seconds) }
            try await sleep(for: .seconds(min(max(0, seconds), 86_400)))
        }
    }

    /// A wait that takes `duration` of this time (a stand-in service's delay): the moment moves on at once.
    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        advance(by: duration)
        await Task.yield()
    }

    /// The companions' grace on this time: it ends when the moment is reached, never by itself.
    var graceClock: GraceClock {
        GraceClock(now: { [self] in now }, wait: { [self] moment in try await wait(until: moment) })
    }

    /// Moves the moment on by `duration`, ending every wait whose moment has come.
    func advance(by duration: Duration) {
        let woken = lock.withLock {
            passed += duration
            let due = alarms.filter { $0.value.moment <= moment }
            for id in due.keys { alarms[id] = nil }
            return due.values.map(\.wake)
        }
        for wake in woken { wake.resume() }
    }

    private func wait(until wanted: ContinuousClock.Instant) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let (result, told): (Result<Void, any Error>?, [CheckedContinuation<ContinuousClock.Instant?, Never>]) = lock.withLock {
                    if cancelledAlarms.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if wanted <= moment { return (.success(()), []) }
                    alarms[id] = (wanted, wake)
                    defer { watchers = [:] }
                    return (nil, Array(watchers.values))
                }
                if let result { wake.resume(with: result) }
                for watcher in told { watcher.resume(returning: wanted) }
            }
        } onCancel: {
            let wake = lock.withLock {
                guard let alarm = alarms.removeValue(forKey: id) else {
                    cancelledAlarms.insert(id)
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return alarm.wake
            }
            wake?.resume(throwing: CancellationError())
        }
        lock.withLock { _ = cancelledAlarms.remove(id) }
    }

    /// The moment of the soonest wait on the grace clock, once one is set;
    /// nil when cancelled first.
    func nextWait() async -> ContinuousClock.Instant? {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (watcher: CheckedContinuation<ContinuousClock.Instant?, Never>) in
                let soonest: ContinuousClock.Instant?? = lock.withLock {
                    if Task.isCancelled { return .some(nil) }
                    if let soonest = alarms.values.map(\.moment).min() { return .some(soonest) }
                    watchers[id] = watcher
                    return nil
                }
                if let soonest { watcher.resume(returning: soonest) }
            }
        } onCancel: {
            lock.withLock { watchers.removeValue(forKey: id) }?.resume(returning: nil)
        }
    }

    /// Runs `work` and meanwhile lets time pass whenever the grace waits: to
    /// each wait's moment as it is set, until `work` is done (for a source
    /// that never answers). Returns what `work` returned, and the moments the
    /// grace waited for, from when `work` began.
    func passingTheGrace<T: Sendable>(during work: () async -> T) async -> (T, waited: [Duration]) {
        let start = now
        let passer = Task { [self] in
            var waited: [Duration] = []
            while let moment = await nextWait() {
                waited.append(moment - start)
                advance(by: max(.zero, moment - now))
            }
            return waited
        }
        let value = await work()
        passer.cancel()
        return (value, await passer.value)
    }
}
