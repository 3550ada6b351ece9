import ForecastCore
import ForecastKit
import Foundation
import ForecastViews

/// Everything a command gets from outside, in one value: the application
/// layer's context (HTTP client, clock, environment, gazetteer, files), where
/// output goes, the language, and how the database is opened. `runMain` makes
/// the live one; a test makes its own (captured output, an in-memory database,
/// a fake HTTP client, a fixed clock) and runs commands in-process.
struct CommandContext: Sendable {
    var app: AppContext
    var stdout: Terminal
    var stderr: Terminal
    var words: CommandFaceWords
    /// The saved places in the database at a path, opened (and created) for commands that write.
    var openStore: @Sendable (_ path: String) throws -> SavedPlaces
    /// Whether there is a database at a path, for commands that only read.
    var storeExists: @Sendable (_ path: String) -> Bool
    /// Emoji symbols, or ASCII ones (FORECAST_ASCII=1, TERM=dumb).
    var emoji: Bool
    /// The database the command line names (`Invocation.databasePath`).
    var databasePath = ""
    /// Whether `--lang` or $FORECAST_LANG chose the language (else the configured one, or the locale's, speaks).
    var languageChosen = false
    /// The terminal `forecast browse` runs on: the process's own standard
    /// input and output, or (a test's) a pseudo-terminal of its own.
    var appTerminal = AppTerminal()
    /// The settings, as read once before the command ran from its database
    /// (for the language and the default format, needed before the command
    /// runs); nil when there is no database yet, or it could not be read.
    var settings: Settings?

    /// What `forecast config` keeps, as read before the command ran.
    var preferences: Preferences { settings?.preferences ?? Preferences() }

    /// The settings of `store`, the command's database: as read before the
    /// command ran, else read now. (A command that changes them uses what its write returns.)
    /// The database is opened only when they were not read: `store` is the
    /// command's way to open it (nil: there is none, and the defaults hold).
    func settings(of store: @autoclosure () throws -> SavedPlaces?) throws -> Settings {
        if let settings { return settings }
        return try store()?.settings() ?? Settings()
    }

    var environment: [String: String] { app.environment }

    /// Where the full-screen app reads keys and draws, and whether it takes the
    /// process's signals (only a process of its own does: its terminal is restored on SIGTERM).
    struct AppTerminal: Sendable {
        var input: Int32 = STDIN_FILENO
        var output: Int32 = STDOUT_FILENO
        var takesSignals = true
    }

    /// How text reads here: the words, the terminal's width and colour, the symbols.
    var style: CommandStyle { CommandStyle(words: words, columns: stdout.columns, usesColour: stdout.usesColour, emoji: emoji, placesByCursor: stdout.columns != nil && app.environment["TERM"] != "dumb") }

    /// The live context, speaking the environment's language until the command line says otherwise (`Forecast.configured`).
    static func live(environment: [String: String]) -> CommandContext {
        live(app: AppContext.live(environment: environment))
    }

    /// The process's streams and database files over `app`'s world (its
    /// environment, clock and time), which every use case gets, the saved
    /// places' included.
    static func live(app: AppContext) -> CommandContext {
        let environment = app.environment
        return CommandContext(
            app: app,
            stdout: .stream(STDOUT_FILENO, environment: environment),
            stderr: .stream(STDERR_FILENO, environment: environment),
            words: Language.resolve(flag: nil, environment: environment).words(app.gazetteer),
            openStore: { try SavedPlaces.open(path: $0, context: app) },
            storeExists: { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || isDirectory.boolValue
            },
            emoji: environment["FORECAST_ASCII"] == nil && environment["TERM"] != "dumb")
    }

    /// Prints `output` in `format`: its JSON, or its text.
    func render(_ output: some CommandOutput, as format: CommandFormat = .table) throws {
        switch format {
        case .json:
            guard let streamed = output as? any StreamedJSON else { return stdout.line(try JSONOutput.render(output)) }
            // Written in pieces of about 64 KB, each whole places' (a key is never split between two).
            var pending = ""
            try streamed.writeJSON { piece in
                pending += piece
                if pending.utf8.count >= 1 << 16 { stdout.write(pending); pending = "" }
            }
            stdout.write(pending + "\n")
        case .table:
            guard let streamed = output as? any StreamedText else { return stdout.lines(output.text(style)) }
            // Written a thousand lines at a time, as they are made.
            var pending: [String] = []
            streamed.writeText(style) { line in
                pending.append(line)
                if pending.count == 1_000 { stdout.lines(pending); pending.removeAll(keepingCapacity: true) }
            }
            if !pending.isEmpty { stdout.lines(pending) }
        }
    }

    /// A warning, not a refusal: when `place`'s name is now shared by other
    /// saved places, says so on stderr, and how to tell them apart (`Seoul#2`).
    func noteNamesakes(of place: Place, in places: SavedPlaces) throws {
        noteNamesakes(try places.namesakes(of: place), of: place)
    }

    /// Says on stderr that `namesakes`, saved places, share `place`'s name (nothing when none does).
    func noteNamesakes(_ namesakes: [InputError.Match], of place: Place) {
        guard let first = namesakes.first?.address else { return }
        stderr.line("\(words.notePrefix): " + words.sameName(words.name(place), namesakes.map(words.match), first: namesakes.last?.address ?? first))
    }
}
