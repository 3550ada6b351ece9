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
        // The language is needed before the parse is done: its checks speak too.
        let language = Language.resolve(flag: languageFlag(in: arguments), environment: environment)
        // A closed pipe is seen as an error of the write (below), not a signal that
        // would end the process in the middle of its work.
        signal(SIGPIPE, SIG_IGN)
        let context = CommandContext.live(environment: environment, language: language)
        let status = await run(arguments, in: context)
        Foundation.exit(outputStatus(status, failure: context.stdout.failure.errno, context: context))
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
    /// `runMain` does, and what in-process tests call.
    static func run(_ arguments: [String], in context: CommandContext) async -> Int32 {
        // The command line as the parser takes it. A slip ('forecast lsit') is
        // answered here, before any database is opened (opening one may migrate
        // it), in the language of the flags and environment.
        let words: [String]
        do {
            words = try Spoken.$parsing.withValue(context.words) {
                try invocation(arguments) { context.app.gazetteer.search($0, limit: 1).first?.kind.isExact ?? false }
            }
        } catch {
            return report(error, in: context, json: flag("--format", in: arguments)?.lowercased() == "json", arguments: arguments)
        }
        let context = configured(context, arguments: arguments)
        do {
            // Checked like every other variable (it is read before the parse, to speak in it).
            if let chosen = context.environment["FORECAST_LANG"], !chosen.isEmpty, Language(setting: chosen) == nil {
                throw SettingsError.badLanguage(Configuration.shown(chosen, environment: context.environment))
            }
            // Help in the language spoken where it has its own (the parser's own is English),
            // as wide as the terminal, else $COLUMNS (as the parser's), else 80.
            if let help = Languages.room(context.words.language).help, let asked = TranslatedHelpScreen.asked(words),
               let text = TranslatedHelpScreen.text(
                for: asked, in: help, columns: context.stdout.columns ?? context.environment["COLUMNS"].flatMap(Int.init).map { min(max($0, 20), 1000) } ?? 80) {
                context.stdout.line(text)
                return 0
            }
            // The parse's checks speak the user's language; the command gets its context.
            let command = try Spoken.$parsing.withValue(context.words) { try parseAsRoot(Self.helpWithoutLanguage(words)) }
            if let command = command as? any ForecastCommand {
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
            return report(error, in: context, json: wantsJSON(words, in: context), arguments: arguments)
        }
    }

    /// `forecast help list --lang en`: the parser's `help` takes no options,
    /// but the language was read already (and the translated help screens say
    /// to add it), so it is dropped there rather than refused.
    static func helpWithoutLanguage(_ words: [String]) -> [String] {
        guard words.first == "help" else { return words }
        var kept: [String] = []
        var skipNext = false
        for word in words {
            if skipNext { skipNext = false; continue }
            if word == "--lang" { skipNext = true; continue }
            if word.hasPrefix("--lang=") { continue }
            kept.append(word)
        }
        return kept
    }

    /// Whether the output asked for is JSON: `--format json`, else (no
    /// --format) $FORECAST_FORMAT or `forecast config format` for the
    /// commands that take them as their default (list and show; `arguments`
    /// as the parser takes them).
    static func wantsJSON(_ arguments: [String], in context: CommandContext) -> Bool {
        if let format = flag("--format", in: arguments) { return format.lowercased() == "json" }
        guard let command = arguments.first, ["list", "ls", "show"].contains(command) else { return false }
        if let format = context.environment[Configuration.formatVariable], !format.isEmpty { return format.lowercased() == "json" }
        return context.preferences.format == "json"
    }

    /// `context` with what `forecast config` keeps: its language where neither
    /// --lang nor $FORECAST_LANG chose one, and its default format. Read from
    /// the database the command will use, if there is one; a file that cannot
    /// be read is left for the command to report.
    static func configured(_ context: CommandContext, arguments: [String]) -> CommandContext {
        // Help, the version and the parser's own dumps need no preferences: they
        // never open (let alone create or migrate) a database.
        if Self.asksNoDatabase(arguments) { return context }
        let environment = context.environment
        let path = DatabaseLocation.resolve(
            explicit: flag("--db", in: arguments), environment: environment, home: StoreOptions.home(environment))
        guard context.storeExists(path), let opened = try? context.openStore(path), let settings = try? opened.settings() else {
            return context
        }
        var context = context
        context.preferences = settings.preferences
        // The command uses the database opened here rather than opening it again
        // (each open checks the file, its schema and its journal: ~4 ms a command).
        let open = context.openStore
        context.openStore = { asked in asked == path ? opened : try open(asked) }
        if flag("--lang", in: arguments) == nil, (environment["FORECAST_LANG"] ?? "").isEmpty,
           let language = settings.preferences.language.flatMap(Language.init(code:)) {
            context.words = language.words(context.app.gazetteer)
        }
        return context
    }

    /// Whether the command line is help, the version or a parser dump.
    static func asksNoDatabase(_ arguments: [String]) -> Bool {
        let options = Array(arguments.prefix { $0 != "--" })
        if options.contains(where: { ["--help", "-h", "--version"].contains($0) || $0.hasPrefix("--generate-completion-script")
            || $0.hasPrefix("--experimental-dump-help") || $0.hasPrefix("---completion") }) {
            return true
        }
        // The first word that is neither a global option nor its value is the command.
        var index = 0
        while index < options.count {
            let word = options[index]
            if leadingOptions.contains(word) { index += 2; continue }
            if leadingOptions.contains(where: { word.hasPrefix($0 + "=") }) { index += 1; continue }
            return word == "help"
        }
        return false
    }

    /// The value of `--lang` among the arguments (before any `--`), if given.
    static func languageFlag(in arguments: [String]) -> String? { flag("--lang", in: arguments) }

    /// The options every command takes, which may come before the command's name too.
    static let leadingOptions = ["--lang", "--db", "--format"]

    /// The command line as the parser takes it, from the ways people type it:
    /// `forecast --lang ko add Seoul` as `forecast add --lang ko Seoul`;
    /// `forecast` alone (or with options only) as `forecast list`;
    /// `forecast Seoul` (the wttr.in habit) as `forecast show Seoul`. A first
    /// word that is a slip away from a command (`lsit`, `shwo`) and names no
    /// place is refused with the command it was probably meant to be, as is
    /// `help` with a word that is no command. `isPlace` says whether a word
    /// names a place the gazetteer knows ("Rome" is a place, not a slip for "move").
    static func invocation(_ arguments: [String], isPlace: (String) -> Bool) throws -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if leadingOptions.contains(first), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if leadingOptions.contains(where: { first.hasPrefix($0 + "=") }) {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        let rootOnly = ["--help", "-h", "--version", "help"]
        // The shell's completion asks the parser itself, with the words typed as they are;
        // a negative index (no shell sends one) traps inside ArgumentParser 1.8.2: nothing is offered.
        if arguments.first?.hasPrefix("---completion") == true {
            let request = arguments.drop { $0 != "--" }.dropFirst().prefix(3)
            if request.contains(where: { $0.contains("@-") || (Int($0).map { $0 < 0 } ?? false) }) {
                throw CommandFailure(message: "", status: 0)
            }
            return arguments
        }
        guard let word = rest.first, word != "--" else { return ["list"] + leading + rest }
        if word.hasPrefix("--generate-completion-script") || word.hasPrefix("--experimental-dump-help") || rootOnly.contains(word) {
            if word == "help", rest.count > 1 {
                let topic = rest[rest.index(after: rest.startIndex)]
                if !topic.hasPrefix("-"), !commandWords.contains(topic) {
                    throw usage(.unknownCommand(topic, suggestion: Suggestion.closest(to: topic, among: commandWords)))
                }
            }
            // Help and the version as the parser gives them (the leading options have done their part).
            return Array(rest)
        }
        if word.hasPrefix("-") { return ["list"] + leading + rest }
        if commandWords.contains(word) { return [word] + leading + rest.dropFirst() }
        if !isPlace(word), let command = Suggestion.closest(to: word, among: commandWords) {
            throw usage(.unknownCommand(word, suggestion: command))
        }
        return ["show"] + leading + rest
    }

    /// Every command's name and alias (`ls`, `rm`).
    static let commandWords: [String] = configuration.subcommands.flatMap { [$0.configuration.commandName ?? $0._commandName] + $0.configuration.aliases }

    /// A command line that does not fit, said as the parser's checks say it (exit 64).
    static func usage(_ problem: UsageProblem) -> CommandFailure {
        CommandFailure(message: Spoken.parsing.usage(problem), status: ExitStatus.usage, english: Language.en.words(Gazetteer.bundled).usage(problem))
    }

    /// The value of an option among the arguments (before any `--`), if given.
    static func flag(_ name: String, in arguments: [String]) -> String? {
        var found: String?
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == name, index + 1 < arguments.endIndex {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix(name + "=") {
                found = String(argument.dropFirst(name.count + 1))
            }
            index += 1
        }
        return found
    }

    /// Prints `error` and returns the exit status it stands for: a line on
    /// stderr in the user's language; with `json` (--format json, or the
    /// format configured), also a JSON document on stdout when nothing else was
    /// printed there, its message in English as JSON's messages always are.
    static func report(_ error: any Error, in context: CommandContext, json: Bool = false, arguments: [String] = []) -> Int32 {
        let words = context.words
        if exitCode(for: error) == .success {
            // --help, --version and the completion scripts come here too, as "errors" that succeed.
            let text = Forecast.fullMessage(for: error)
            let script = arguments.contains { $0.hasPrefix("--generate-completion-script") }
            // (No completions is no line at all: an empty one would be offered as a candidate.)
            if !text.isEmpty { context.stdout.line(script ? Completions.patched(text, aliases: Completions.aliases) : text) }
            return 0
        }
        let (message, status) = explain(error, words, environment: context.environment)
        if let ambiguous = error as? AmbiguousName, !json {
            let out = context.stderr
            out.line(words.couldBeAnyOf(ambiguous.query, ambiguous.cities.count))
            let placement: TextTable.Placement = out.columns == nil || context.environment["TERM"] == "dumb" ? .padded : .cursor(indent: 0)
            out.lines(SearchOutput.table(ambiguous.cities, width: out.columns, words: words, placement: placement))
            out.line(words.nothingSavedChoose(ambiguous.example, narrowed: ambiguous.narrowed))
        } else if !message.isEmpty {
            context.stderr.line("\(words.errorPrefix): \(SafeText.printable(message))")
        }
        if json, !context.stdout.failure.written {
            let english = Language.en.words(context.app.gazetteer)
            let candidates = (error as? AmbiguousName).map { ambiguous in
                SearchOutput(
                    query: ambiguous.query, matches: ambiguous.cities.map { GazetteerMatch(city: $0, kind: .exactName) }, online: false,
                    now: context.app.clock()
                ).results
            }
            let item = ErrorOutput(status: status, kind: ErrorOutput.kind(of: error, status: status), message: explain(error, english, environment: context.environment).message, candidates: candidates)
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
    static func explain(_ error: any Error, _ words: Words, environment: [String: String] = [:]) -> (message: String, status: Int32) {
        switch error {
        case let error as InputError:
            return (words.describe(error), error.isNotFound ? ExitStatus.notFound : error.isUsage ? ExitStatus.usage : ExitStatus.failure)
        case is SettingsError, is ConfigError, is ImportError, is PlaceLookupError, is StoreError:
            // Worded by the catalog's one description of the use cases' errors (the app's status line uses it too).
            return (words.describe(error), ExitStatus.failure)
        case let error as AmbiguousName:
            let heading = words.couldBeAnyOf(error.query, error.cities.count).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            return (heading + ". " + words.nothingSavedChoose(error.example, narrowed: error.narrowed), ExitStatus.failure)
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
