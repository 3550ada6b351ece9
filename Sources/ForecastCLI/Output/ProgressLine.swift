import Dispatch
import ForecastCore
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// "⠹ Fetching weather 37/100…" on stderr, rewritten in place, only on a
/// terminal: it appears within 300 ms of the first request of any refresh,
/// however few places (a slow service otherwise leaves a blank screen), and
/// its spinner turns while nothing arrives; it says when the rate limit holds
/// requests back, and for how long. Drawn by a timer while the refresh runs,
/// never after it ends; nothing at all when everything came from the cache.
final class ProgressLine: @unchecked Sendable {
    /// How long a refresh runs before the line appears (a fast one never shows it).
    static let delay: TimeInterval = 0.15
    /// How often the line is redrawn (the spinner's step): the line is up by delay + tick.
    static let tick: TimeInterval = 0.08

    private let lock = NSLock()
    private var total = 0
    private var done = 0
    private var started: Date?
    private var shown = false
    private var finished = false
    private var step = 0
    /// When the latest request held back by the rate limit may go.
    private var waitingUntil: Date?

    private let words: CommandFaceWords
    private let stderr: Terminal
    private let frames: [String]
    private let timer: (any DispatchSourceTimer)?

    init(words: CommandFaceWords, stderr: Terminal, fancy: Bool) {
        self.words = words
        self.stderr = stderr
        frames = fancy ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
        guard stderr.isInteractive else {
            timer = nil
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + Self.tick, repeating: Self.tick, leeway: .milliseconds(10))
        self.timer = timer
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    func update(_ event: RefreshEvent) {
        lock.withLock {
            if started == nil { started = Date() }
            switch event {
            case .progress(let done, let total):
                self.done = done
                self.total = total
            case .waitingForRateLimit(let seconds):
                let until = Date().addingTimeInterval(seconds)
                waitingUntil = max(waitingUntil ?? until, until)
            }
        }
    }

    private func draw() {
        lock.withLock {
            guard !finished, total > 0, let started, Date().timeIntervalSince(started) >= Self.delay else { return }
            step += 1
            let spinner = frames[step % frames.count]
            // A wait is worth saying: the command seems to hang otherwise.
            let left = waitingUntil.map { $0.timeIntervalSinceNow } ?? 0
            let text = left > 0.5
                ? words.waitingForRateLimit(done, total, WeatherRefresher.duration(left.rounded(.up)))
                : words.fetching(done, total)
            shown = true
            stderr.write("\r\u{1B}[2K\(spinner) \(text)")
        }
    }

    func finish() {
        lock.withLock {
            finished = true
            timer?.cancel()
            if shown { stderr.write("\r\u{1B}[2K") }
        }
    }
}
