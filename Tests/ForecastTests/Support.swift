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

/// Time that passes only when the work waits: a budget clock and a sleeper
/// over one moment. A sleep (a rate limit's turn, a retry's pause) moves the
/// moment on at once, and nothing else does: a budget runs out only by what
/// the work waited, never because the machine is loaded, and no wait takes
/// the machine's time. The moment is the machine's when first read (so an
/// HTTP client's deadline, which is the machine's time, begins with the
/// work's budget, as it would on the live clock), and stands still from then on.
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

    /// What each sleep asked, in order.
    var slept: [TimeInterval] { lock.withLock { waits } }

    var clock: BudgetClock { BudgetClock { [self] in lock.withLock { moment } } }

    var sleeper: Sleeper {
        Sleeper { [self] seconds in
            try Task.checkCancellation()
            lock.withLock {
                passed += .seconds(min(max(0, seconds), 86_400))
                waits.append(seconds)
            }
            await Task.yield()
        }
    }
}
