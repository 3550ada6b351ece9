@testable import ForecastCLI
@testable import ForecastViews
import ForecastCore
import ForecastKit
import ForecastProviders
import Foundation
import Testing

/// Starting a process and writing an executable file must never overlap. A
/// child forked while another thread has a file open for writing inherits that
/// descriptor until it execs (or for good, if the descriptor is not
/// close-on-exec), and while any process holds an executable open for writing,
/// exec-ing it fails with ETXTBSY ("Text file busy"). Tests run in parallel, so
/// one test copying the binary raced the others' launches.
/// Both wait for the lock on a thread of their own, never on the cooperative
/// pool, whose few threads the in-process stub servers need meanwhile.
enum ProcessLaunch {
    static let lock = NSLock()

    /// Copies an executable with no launch in progress.
    static func copyExecutable(at source: URL, to destination: URL) async throws {
        try await locked { try FileManager.default.copyItem(at: source, to: destination) }
    }

    /// Starts `process` with no copy in progress.
    static func start(_ process: Process) async throws {
        try await locked { try process.run() }
    }

    static func locked(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                done.resume(with: Result { try lock.withLock(work) })
            }
        }
    }
}

/// Runs the built `forecast` binary, as a user would, on a database of the test's own.
struct CLI: Sendable {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// How long the command itself took, for one run in-process (not the
        /// wait for its turn among the tests' commands).
        var elapsed: Duration?
        /// stdout's lines, without the line that credits the weather's provider (`credit`).
        var lines: [String] {
            CreditLine.strip(stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stdout.hasSuffix("\n") ? 1 : 0)).lines
        }
        /// The last line, when it credits the weather's provider ("Weather: Open-Meteo (CC BY 4.0)").
        var credit: String? { CreditLine.strip(stdout.split(separator: "\n").map(String.init)).credit }
    }

    /// The package's own folder (for files in the repository: docs, scripts).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable SwiftPM built beside this test bundle (or $FORECAST_BIN).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["FORECAST_BIN"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appending(path: "forecast")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        fatalError("cannot find the forecast binary near \(CommandLine.arguments[0]); set FORECAST_BIN")
    }()

    let folder = TemporaryFolder()
    var database: String { folder.path("forecast.sqlite") }
    var environment: [String: String] = [:]
    /// Where the command's output goes instead of what the result reads (a
    /// full device, a closed pipe), written as `main` writes its own standard
    /// output; then the result's stdout is empty.
    var standardOutput: FileHandle?

    /// The terminal `forecast browse` runs on in this process (it takes none of this process's signals).
    var terminal: VirtualTerminal?

    /// What every run in this process reads as now, unless the test sets
    /// FORECAST_NOW: the moment the CLI was made, in whole seconds. All of a
    /// test's runs see the same now; none reads the machine's clock as it moves.
    var now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

    /// The world's time the companions' grace is waited on in this process's
    /// runs: it stands still, so a source that answers at once is never cut,
    /// however loaded the machine, unless the test lets it pass (`runPassingTheGrace`).
    let graceTime = VirtualTime()

    /// Whether `run` starts the binary (for what only a process shows: signals,
    /// exit statuses set by the process, its standard streams, a copied binary)
    /// rather than running the same command line in this process.
    var process = false

    /// Runs `forecast arguments…` with `--db` pointing at this CLI's database via
    /// FORECAST_DB (so every command is also tested without the flag): in this
    /// process, as `main` would but on the test's time (`inProcessContext`),
    /// with its output captured; or, with `process`, the binary itself.
    func run(_ arguments: String...) async throws -> Result { try await run(arguments) }

    /// The same, with the arguments in an array.
    func run(_ arguments: [String]) async throws -> Result {
        process ? try await run(arguments, binary: Self.binary) : await runInProcess(arguments)
    }

    /// What a run takes of this process's environment: where programs are
    /// (tmux, a shell) and where temporary files go; nothing else of the
    /// machine's (its TZ, TERM, COLUMNS, locale or a FORECAST_ variable) leaks
    /// into what a test sees.
    static let inheritedVariables = ["PATH", "TMPDIR", "LD_LIBRARY_PATH", "USER", "LOGNAME", "SHELL"]

    /// The environment a run sees: an allowlist of this process's
    /// (`inheritedVariables`), every service pointed at a closed port on this
    /// machine, and the test's own settings on top.
    func runEnvironment(inheriting host: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var env = host.filter { Self.inheritedVariables.contains($0.key) }
        env["FORECAST_DB"] = database
        env["NO_COLOR"] = nil
        env["HOME"] = folder.url.path
        // Nothing a test runs may reach the real services: every base URL the
        // providers' descriptors name is a closed port on this machine unless a
        // test sets its server's, and the client refuses any host that is not
        // this machine's, so a variable forgotten here still fails closed.
        for variable in Self.closedURLVariables { env[variable] = "http://127.0.0.1:9" }
        env[AppContext.localOnlyVariable] = "1"
        env[Project.contactVariable] = nil
        env["FORECAST_PROVIDER"] = nil
        env["OPENWEATHER_API_KEY"] = nil
        env["FORECAST_TTL_MINUTES"] = nil
        env["FORECAST_CONCURRENCY"] = nil
        env["FORECAST_FORMAT"] = nil
        env["XDG_DATA_HOME"] = nil
        // English unless a test asks otherwise, whatever this machine's locale.
        for variable in ["FORECAST_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] { env[variable] = nil }
        env.merge(environment) { $1 }
        return env
    }

    /// The context a command line run in this process gets: `main`'s live one
    /// over `environment` (the real database file, the HTTP client limited to
    /// this machine), on the test's time, which every use case gets (the saved
    /// places' too): the clock reads `now` (or the test's FORECAST_NOW),
    /// budgets and waits pass on `time`, the grace on `graceTime`.
    func inProcessContext(environment: [String: String], time: VirtualTime) -> CommandContext {
        var app = AppContext.live(environment: environment)
        if environment[AppContext.fixedClockVariable] == nil {
            let now = self.now
            app.clock = { now }
        }
        app.budgetClock = time.clock
        app.sleeper = time.sleeper
        app.graceClock = graceTime.graceClock
        return CommandContext.live(app: app)
    }

    /// The command line run in this process: what `Forecast.runMain` does, but
    /// with the output captured (as from a pipe: no terminal, no colour).
    func runInProcess(_ arguments: [String]) async -> Result {
        let environment = runEnvironment()
        let out = CapturedOutput(), err = CapturedOutput()
        // As many at once as binaries were allowed: dozens of refreshes against
        // hostile stub servers at once, on two cores, missed their budgets.
        await Self.inProcess.acquire()
        // Budgets and waits on the test's time, from when the work first reads
        // it (not from before the wait for a slot): nothing but what the work
        // waits (a rate limit's turn, a retry's pause) uses a budget up, so a
        // loaded machine never runs one out between two steps, and no wait takes
        // the machine's time. The HTTP client still keeps the services' deadlines
        // in real time (a hanging stub is cut when the budget, begun then, ends).
        var context = inProcessContext(environment: environment, time: VirtualTime())
        context.stdout = Terminal(isInteractive: false, columns: nil, usesColour: false, sink: out.append)
        context.stderr = Terminal(isInteractive: false, columns: nil, usesColour: false, sink: err.append)
        if let terminal {
            context.appTerminal = .init(input: terminal.device, output: terminal.device, takesSignals: false)
        }
        if let standardOutput {
            // As `main` does: a reader that went away is EPIPE, not the signal that would end this process.
            signal(SIGPIPE, SIG_IGN)
            context.stdout = .stream(standardOutput.fileDescriptor, environment: environment)
        }
        let started = ContinuousClock.now
        let status = await withTaskExecutorPreference(CommandThreads.shared) {
            await Forecast.run(arguments, in: context)
        }
        let elapsed = ContinuousClock.now - started
        await Self.inProcess.release()
        return Result(status: status, stdout: out.value, stderr: err.value, elapsed: elapsed)
    }

    /// Runs `arguments` in this process and lets the companions' grace pass
    /// whenever it waits (`VirtualTime.passingTheGrace`), for a run whose
    /// source never answers. Also returns the moments the grace waited for, from the run's start.
    func runPassingTheGrace(_ arguments: String...) async -> (result: Result, waited: [Duration]) {
        await graceTime.passingTheGrace { await runInProcess(arguments) }
    }

    /// Every service's base URL variable, from the descriptors.
    static var closedURLVariables: [String] { WeatherProviders.urlVariables }

    static let running = ProcessSlots(max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// Command lines run in this process at once: twice as many as binaries,
    /// their budgets being the test's time (`VirtualTime`), which a crowd does not use up.
    static let inProcess = ProcessSlots(2 * max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// Runs the binary without blocking a thread: the tests' in-process servers
    /// share the same small pool of threads and must keep answering meanwhile.
    /// `whileRunning` gets the process once started (to interrupt it, say).
    func run(
        _ arguments: [String], binary: URL, whileRunning: (@Sendable (Process) async throws -> Void)? = nil
    ) async throws -> Result {
        Self.noteLaunch()
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        let env = runEnvironment()
        process.environment = env
        let out = folder.url.appending(path: "stdout-\(UUID().uuidString)")
        let err = folder.url.appending(path: "stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let exited = AsyncStream<Void> { continuation in
            process.terminationHandler = { _ in
                continuation.yield()
                continuation.finish()
            }
        }
        // At most a few binaries at once: dozens of debug builds starting
        // together on two cores starved the in-process stub servers past their
        // 10 s budgets (seen once in a full run).
        await Self.running.acquire()
        do {
            try await ProcessLaunch.start(process)
            try await whileRunning?(process)
        } catch {
            if process.isRunning { process.terminate() }
            await Self.running.release()
            throw error
        }
        for await _ in exited {}
        await Self.running.release()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// The JSON a command prints (run as `run` runs it), which must succeed.
    func json(_ arguments: String...) async throws -> [String: Any] {
        let result = try await run(arguments)
        guard result.status == 0 else { throw CLIError(result: result) }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    func databaseBytes() -> Data? { FileManager.default.contents(atPath: database) }

    struct CLIError: Error { var result: Result }

    /// With $FORECAST_TEST_LAUNCH_LOG set, the test starting a process (the binary,
    /// or a shell or tmux that runs it) is named on a line of that file: how many
    /// tests start one is counted, not guessed.
    static func noteLaunch() {
        guard let path = ProcessInfo.processInfo.environment["FORECAST_TEST_LAUNCH_LOG"], let test = Test.current else { return }
        ProcessLaunch.lock.withLock {
            guard let file = FileHandle(forWritingAtPath: path) else { return }
            defer { try? file.close() }
            _ = try? file.seekToEnd()
            try? file.write(contentsOf: Data("\(test.id)\n".utf8))
        }
    }
}

/// A counting semaphore for the binaries the tests run.
actor ProcessSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// Runs the in-process command lines on threads of their own, off Swift's
/// cooperative pool (as many threads as cores: two here). A command does
/// blocking work (SQLite waiting for a lock, decoding a hostile answer), and on
/// the pool that work starved the in-process stub servers the tests talk to,
/// so their answers missed the commands' time budgets. A process of its own
/// never had that problem; threads of their own are the same for this.
final class CommandThreads: TaskExecutor, @unchecked Sendable {
    static let shared = CommandThreads()
    private let queue = DispatchQueue(label: "forecast-tests.commands", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
