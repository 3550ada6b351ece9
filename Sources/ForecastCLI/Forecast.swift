import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// The `forecast` command: saved places and their weather.
public struct Forecast: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Keep your favourite places and see their weather at once.",
        discussion: HelpText.flowing("""
            forecast alone lists your places; forecast PLACE shows one, saved or
            not (forecast Seoul). Places are kept in a SQLite database: --db PATH, else $FORECAST_DB, else
            $XDG_DATA_HOME/forecast/forecast.sqlite (~/.local/share/forecast/forecast.sqlite).

            Examples:
              $ forecast add Seoul
              $ forecast add 서울 --as Home
              $ forecast add Springfield --country US --pick 2
              $ forecast add --lat 51.5074 --lon -0.1278 --name Office
              $ forecast list
              $ forecast sort name --descending
              $ forecast show --next

            Exit status: 0 success; 1 the command failed (bad input, an ambiguous
            name, a service or a database that cannot be used); 2 the weather for
            some places could not be fetched (the rest was shown); 3 the weather
            was shown but could not be saved; 4 not found (no such saved place,
            no place of that name); 64 the command line itself is wrong; 130
            interrupted; 141 the output's reader went away (as with | head).
            """),
        version: Project.version,
        subcommands: [
            AddCommand.self, RemoveCommand.self, RenameCommand.self, ListCommand.self, SortCommand.self, MoveCommand.self, BrowseCommand.self,
            ShowCommand.self, AlertsCommand.self, UnitsCommand.self, SearchCommand.self, ConfigCommand.self, ExportCommand.self,
            ImportCommand.self, ReportCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line and exits. Errors are one line on stderr, in the
    /// user's language (the parser's own, about the command line itself, in English).
    public static func runMain(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        var environment = ProcessInfo.processInfo.environment
        // A locale name no locale has (LANG=aaaaaaaaaaaa) crashes ICU when Foundation
        // first makes a calendar for it (reading a date from the database does):
        // such variables are dropped from this process before anything reads them.
        for variable in LocaleName.unusable(in: environment) {
            unsetenv(variable)
            environment[variable] = nil
        }
        // A closed pipe is seen as an error of the write (below), not a signal that
        // would end the process in the middle of its work.
        signal(SIGPIPE, SIG_IGN)
        Foundation.exit(await run(arguments, in: CommandContext.live(environment: environment)))
    }

    /// The exit status once the output is written: a command whose output could
    /// not be written did not succeed. A reader that went away (`| head`) ends
    /// it as a closed pipe ends any command, with 141 (128 + SIGPIPE) and no
    /// message; any other failure (a full disk) is said, with status 1.
    static func outputStatus(_ status: Int32, failure: Int32?, context: CommandContext) -> Int32 {
        guard let failure else { return status }
        if failure == EPIPE { return 141 }
        context.stderr.line("\(context.words.errorPrefix): " + context.words.cannotWriteOutput(String(cString: strerror(failure))))
        return status == 0 ? 1 : status
    }

    /// Runs one command line in `context` and returns its exit status: what
    /// `runMain` does, and what in-process tests call. The command line is
    /// read once (`Invocation`: its language, database, format, help), the
    /// context made from it, then parsed once; the command runs in that context.
    static func run(_ arguments: [String], in context: CommandContext) async -> Int32 {
        var context = context
        // Errors and notes echo what was typed: never a key, nor a piece of one.
        context.stderr.secrets = Configuration.secrets(in: context.environment)
        let invocation: Invocation
        do {
            invocation = try Invocation.read(arguments, environment: context.environment) {
                context.app.gazetteer.search($0, limit: 1).first.map { $0.kind.isExact ? .named : .nameStart } ?? .unknown
            }
        } catch {
            // Said in the language of the flags and environment, as far as they go.
            let options = Invocation.GlobalOptions(arguments)
            context.words = Language.resolve(flag: options.lang, environment: context.environment).words(context.app.gazetteer)
            let status = report(error, in: context, json: options.format?.lowercased() == "json")
            return outputStatus(status, failure: context.stdout.failure.errno, context: context)
        }
        context = configured(context, invocation)
        let status = await run(invocation, in: context)
        return outputStatus(status, failure: context.stdout.failure.errno, context: context)
    }

    /// Runs the command `invocation` asks for in its context.
    static func run(_ invocation: Invocation, in context: CommandContext) async -> Int32 {
        do {
            // Checked like every other variable (it is read before the parse, to speak in it).
            if let chosen = context.environment["FORECAST_LANG"], !chosen.isEmpty, Language(setting: chosen) == nil {
                throw SettingsError.badLanguage(Configuration.shown(chosen, environment: context.environment))
            }
            // Help in the language spoken where it has its own (the parser's own is English),
            // as wide as the terminal, else $COLUMNS (as the parser's), else 80.
            if let help = Languages.room(context.words.language).help, let asked = invocation.helpAsked,
               let text = TranslatedHelpScreen.text(
                for: asked, in: help, columns: context.stdout.columns ?? context.environment["COLUMNS"].flatMap(Int.init).map { min(max($0, 20), 1000) } ?? 80) {
                context.stdout.line(text)
                return 0
            }
            let command = try parseAsRoot(invocation.words)
            if let command = command as? any ForecastCommand {
                // The command's own checks, after the parse: they throw `UsageFailure`, worded in the context's language.
                try command.check()
                try await command.run(context)
            } else if var builtIn = command as? any AsyncParsableCommand {
                // `forecast` alone and `--help`/`help`: the parser's own, which say the help.
                try await builtIn.run()
            } else {
                var builtIn = command
                try builtIn.run()
            }
            return 0
        } catch {
            return report(
                error, in: context, json: invocation.wantsJSON(configured: context.preferences.format, environment: context.environment),
                completionScript: invocation.asksCompletionScript)
        }
    }

    /// `context` for `invocation`: its language and database, and what
    /// `forecast config` keeps (its language where neither --lang nor
    /// $FORECAST_LANG chose one, and its default format), read once from the
    /// database the command will use, if there is one, and opened once; a file
    /// that cannot be read is left for the command to report. Help, the version
    /// and the parser's own dumps never open (let alone create or migrate) a database.
    static func configured(_ context: CommandContext, _ invocation: Invocation) -> CommandContext {
        var context = context
        context.words = invocation.language.words(context.app.gazetteer)
        context.languageChosen = invocation.languageChosen
        let path = invocation.databasePath
        context.databasePath = path
        guard !invocation.needsNoDatabase, context.storeExists(path), let opened = try? context.openStore(path),
              let settings = try? opened.settings() else {
            return context
        }
        context.settings = settings
        // The command uses the database opened here rather than opening it again
        // (each open checks the file, its schema and its journal: ~4 ms a command).
        let open = context.openStore
        context.openStore = { asked in asked == path ? opened : try open(asked) }
        if !invocation.languageChosen, let language = settings.preferences.language.flatMap(Language.init(code:)) {
            context.words = language.words(context.app.gazetteer)
        }
        return context
    }

    /// Prints `error` and returns the exit status it stands for: a line on
    /// stderr in the user's language; with `json` (--format json, or the
    /// format configured), also a JSON document on stdout when nothing else was
    /// printed there, its message in English as JSON's messages always are.
    static func report(_ error: any Error, in context: CommandContext, json: Bool = false, completionScript: Bool = false) -> Int32 {
        let words = context.words
        if exitCode(for: error) == .success {
            // --help, --version and the completion scripts come here too, as "errors" that succeed.
            let text = Forecast.fullMessage(for: error)
            // (No completions is no line at all: an empty one would be offered as a candidate.)
            if !text.isEmpty { context.stdout.line(completionScript ? Completions.patched(text, aliases: Completions.aliases) : text) }
            return 0
        }
        let (message, status) = explain(error, words, environment: context.environment)
        if let ambiguous = error as? AmbiguousName, !json {
            let out = context.stderr
            out.line(ambiguous.nearNames
                ? words.noneCalledButLike(ambiguous.query, ambiguous.cities.count, online: ambiguous.askedOnline)
                : words.couldBeAnyOf(ambiguous.query, ambiguous.cities.count))
            let placement: TextTable.Placement = out.columns == nil || context.environment["TERM"] == "dumb" ? .padded : .cursor(indent: 0)
            out.lines(SearchOutput.table(ambiguous.cities, width: out.columns, words: words, placement: placement, typed: ambiguous.query))
            out.line(ambiguous.nearNames
                ? words.nothingSavedChooseNear(ambiguous.example) : words.nothingSavedChoose(ambiguous.example, narrowed: ambiguous.narrowed))
        } else if !message.isEmpty {
            context.stderr.line("\(words.errorPrefix): \(SafeText.printable(message))")
        }
        if json, !context.stdout.failure.written {
            let english = Language.en.words(context.app.gazetteer)
            let candidates = (error as? AmbiguousName).map { ambiguous in
                // How each matched, as `search` says it: a near name is no exact one (nor one the gazetteer lacks, online).
                let kinds = ambiguous.nearNames
                    ? Dictionary(context.app.gazetteer.search(ambiguous.query, limit: 1000).map { ($0.city.geonamesID, $0.kind) }) { first, _ in first }
                    : [:]
                let known = Set(kinds.keys)
                return SearchOutput(
                    query: ambiguous.query,
                    matches: ambiguous.cities.map { GazetteerMatch(city: $0, kind: ambiguous.nearNames ? kinds[$0.geonamesID] ?? .prefixName : .exactName) },
                    online: ambiguous.nearNames && !known.isEmpty ? Set(ambiguous.cities.map(\.geonamesID).filter { !known.contains($0) }) : [],
                    now: context.app.clock()
                ).results
            }
            let message = SafeText.redact(explain(error, english, environment: context.environment).message, secrets: context.stderr.secrets, short: .replaceWhereAlone)
            let item = ErrorOutput(status: status, kind: ErrorOutput.kind(of: error, status: status), message: message, candidates: candidates)
            let document: [String: ErrorOutput] = ["error": item]
            if let text = try? JSONOutput.render(document) { context.stdout.line(text) }
        }
        return status
    }

    /// The parser's message with every value it quotes that could be a key
    /// ('--provider KEY': "The value 'KEY' is invalid…") put as '…': one that
    /// holds an API key of the environment (or 4 of its characters in a row),
    /// or that is as long as a key and looks like one (`Configuration.shown`'s rule).
    static func withoutKeys(_ message: String, environment: [String: String]) -> String {
        message.replacing(/'([^'\n]*)'/) { match in
            let quoted = String(match.output.1)
            let option = quoted.hasPrefix("-") || quoted.contains(" ") || quoted.contains("<")
            return Configuration.shown(quoted, environment: environment) != nil || option ? "'\(quoted)'" : "'…'"
        }
    }

    /// What `error` says in `words`, and the exit status it stands for.
    static func explain(_ error: any Error, _ words: CommandFaceWords, environment: [String: String] = [:]) -> (message: String, status: Int32) {
        switch error {
        case let error as InputError:
            return (words.describe(error), error.isNotFound ? ExitStatus.notFound : error.isUsage ? ExitStatus.usage : ExitStatus.failure)
        case is SettingsError, is ConfigError, is ImportError, is PlaceLookupError, is StoreError:
            // Worded by the catalog's one description of the use cases' errors (the app's status line uses it too).
            return (words.describe(error), ExitStatus.failure)
        case let error as AmbiguousName where error.nearNames:
            // No place is called that: not found (4), with what it may have meant.
            return (words.noneCalledButLike(error.query, error.cities.count, online: error.askedOnline) + " " + words.nothingSavedChooseNear(error.example), ExitStatus.notFound)
        case let error as AmbiguousName:
            let heading = words.couldBeAnyOf(error.query, error.cities.count).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            return (heading + ". " + words.nothingSavedChoose(error.example, narrowed: error.narrowed), ExitStatus.failure)
        case let error as UsageFailure:
            return (error.say(words), ExitStatus.usage)
        case let error as CommandFailure:
            return (words.language == .en ? error.english ?? error.message : error.message, error.status)
        default:
            let code = exitCode(for: error)
            // The parser's message may list choices on lines of their own: keep them, on one line.
            let parts = Forecast.message(for: error).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let choices = parts.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
            let line = parts.isEmpty ? "\(error)" : parts[0] + (choices.isEmpty ? "" : " " + choices.joined(separator: ", "))
            let safe = withoutKeys(line.replacingOccurrences(of: "Error: ", with: ""), environment: environment)
            return (words.parserMessage(safe), code == .validationFailure ? ExitStatus.usage : code.rawValue)
        }
    }
}
