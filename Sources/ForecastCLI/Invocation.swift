import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastViews
import Foundation

/// The command line, read once: what was asked (the words as the parser takes
/// them), in which language, on which database, in which format, and whether
/// it is help. `Forecast.run` reads it before anything else, makes the one
/// context the command runs with from it, then parses once; nothing scans the
/// arguments again.
struct Invocation: Sendable {
    /// The arguments as typed.
    var arguments: [String]
    /// What the parser parses: the words as it takes them (`forecast --lang ko
    /// add Seoul` as `add Seoul`, `forecast` alone as `list`, `forecast Seoul`
    /// as `show Seoul`; see `routed`), without `--lang` and `--db`, which are
    /// read here and nowhere else (the commands declare them for help only).
    var words: [String]
    /// The options every command takes, as given (the last of each before any `--`).
    var options: GlobalOptions
    /// The language spoken: `--lang`, else $FORECAST_LANG, else the locale's.
    /// (`forecast config language` is read with the database: `Forecast.configured`.)
    var language: Language
    /// Whether `--lang` or $FORECAST_LANG chose it (then the configured one does not count).
    var languageChosen: Bool
    /// The database the command uses: `--db`, else $FORECAST_DB, else the XDG place.
    var databasePath: String
    /// Help, the version, a completion script or a parser dump: no database is opened.
    var needsNoDatabase: Bool
    /// The help screen asked for ("" for forecast's own), by `--help`, `-h` or `help CMD`.
    var helpAsked: String?
    /// The shell's completion script is asked for (its text is patched before it is printed).
    var asksCompletionScript: Bool

    /// The options any command takes, found anywhere before `--`. `--lang`
    /// and `--db` are read here only: the parser never sees them. `--format`
    /// is each command's own (its choices differ); it is read here too, only
    /// to say a command line's error as JSON when JSON was asked for.
    struct GlobalOptions: Sendable, Equatable {
        var lang: String?
        var db: String?
        var format: String?

        /// Their names, which may come before the command's name too.
        static let names = ["--lang", "--db", "--format"]

        /// The options read here alone, each with its value's name as help and errors show it.
        static let ownValues = ["--lang": "<code>", "--db": "<path>"]

        /// The options in `arguments` (before any `--`): the last value of each.
        init(_ arguments: [String]) {
            self = Self.read(arguments).options
        }

        private init() {}

        /// The options in `arguments` (before any `--`, the last value of each);
        /// `rest`, the arguments without `--lang` and `--db` and their values;
        /// `missing`, the first of those two given without a value: at the end,
        /// or, for `--db`, before what the parser takes for an option ("--db
        /// --offline", which it refused so). `--lang` takes whatever follows,
        /// as it always has: a wrong language is refused as one.
        static func read(_ arguments: [String]) -> (options: GlobalOptions, rest: [String], missing: String?) {
            var options = GlobalOptions()
            var rest: [String] = []
            var missing: String?
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let argument = arguments[index]
                index += 1
                if argument == "--" {
                    rest += arguments[(index - 1)...]
                    break
                }
                guard let name = names.first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) else {
                    rest.append(argument)
                    continue
                }
                let own = ownValues[name] != nil
                var value: String?
                if argument.count > name.count {
                    value = String(argument.dropFirst(name.count + 1))
                } else if index < arguments.endIndex, name != "--db" || !looksLikeAnOption(arguments[index]) {
                    value = arguments[index]
                    index += 1
                } else if own {
                    missing = missing ?? name
                }
                if !own {
                    // --format is the parser's too: left where it is.
                    rest.append(argument)
                    if let value, argument == name { rest.append(value) }
                }
                guard let value else { continue }
                switch name {
                case "--lang": options.lang = value
                case "--db": options.db = value
                default: options.format = value
                }
            }
            return (options, rest, missing)
        }

        /// Whether the parser would take `word` for an option rather than a value ("-" alone is a value).
        static func looksLikeAnOption(_ word: String) -> Bool { word.hasPrefix("-") && word != "-" }
    }

    /// The command line `arguments` in `environment`: its words routed for the
    /// parser (`isPlace` tells a place's name from a slip of a command's), its
    /// language, database and format. A slip (`forecast lsit`), `help` with no
    /// such command and a `--lang` no language has are refused here, before
    /// any database is opened, in the language of the flags and environment.
    static func read(_ arguments: [String], environment: [String: String], isPlace: (String) -> KnownPlace) throws -> Invocation {
        let options = GlobalOptions(arguments)
        if let lang = options.lang, Language(code: lang) == nil { throw UsageFailure(.language) }
        // `--db ''` names no file (it is not "the default", which is said by leaving it out).
        if options.db?.isEmpty == true { throw UsageFailure { $0.parserMessage("Missing value for '--db <path>'") } }
        let chosen = options.lang != nil || !(environment["FORECAST_LANG"] ?? "").isEmpty
        let typed = Array(arguments.prefix { $0 != "--" })
        let words = try forParser(routed(arguments, isPlace: isPlace))
        return Invocation(
            arguments: arguments, words: words, options: options,
            language: Language.resolve(flag: options.lang, environment: environment), languageChosen: chosen,
            databasePath: databasePath(options.db, environment: environment),
            needsNoDatabase: needsNoDatabase(typed), helpAsked: helpAsked(words),
            asksCompletionScript: typed.contains { $0.hasPrefix("--generate-completion-script") })
    }

    /// The database at `--db` (`explicit`), else $FORECAST_DB, else the XDG place.
    static func databasePath(_ explicit: String?, environment: [String: String]) -> String {
        DatabaseLocation.resolve(explicit: explicit, environment: environment, home: home(environment))
    }

    /// $HOME as the user set it; the account's home only when it is unset.
    static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// Whether the output asked for is JSON: `--format json`, else (no
    /// --format) $FORECAST_FORMAT or `forecast config format` (`configured`)
    /// for the commands that take them as their default (list and show).
    func wantsJSON(configured: String?, environment: [String: String]) -> Bool {
        if let format = options.format { return format.lowercased() == "json" }
        guard let command = words.first, ["list", "ls", "show"].contains(command) else { return false }
        if let format = environment[Configuration.formatVariable], !format.isEmpty { return format.lowercased() == "json" }
        return configured == "json"
    }

    /// The routed words as the parser gets them: a command's without `--lang`
    /// and `--db` (read here, never by the parser; one given without its value
    /// is said in the parser's words, unless help is asked); `help`'s without
    /// `--lang` (the parser's `help` takes no options, but the language was
    /// read already, and the translated help screens say to add it); help, the
    /// version, a parser dump and the shell's completion requests as they are.
    static func forParser(_ routed: [String]) throws -> [String] {
        guard let first = routed.first else { return routed }
        if first == "help" {
            var kept: [String] = []
            var skipNext = false
            for word in routed {
                if skipNext { skipNext = false; continue }
                if word == "--lang" { skipNext = true; continue }
                if word.hasPrefix("--lang=") { continue }
                kept.append(word)
            }
            return kept
        }
        guard commandWords.contains(first) else { return routed }
        let (_, rest, missing) = GlobalOptions.read(routed)
        // (Help comes first, as the parser's: `forecast list --db -h` is list's help.)
        if let missing, let value = GlobalOptions.ownValues[missing], helpAsked(routed) == nil {
            throw UsageFailure { $0.parserMessage("Missing value for '\(missing) \(value)'") }
        }
        return rest
    }

    /// Whether the command line (its words before `--`) is help, the version or a parser dump.
    static func needsNoDatabase(_ typed: [String]) -> Bool {
        if typed.contains(where: { ["--help", "-h", "--version"].contains($0) || $0.hasPrefix("--generate-completion-script")
            || $0.hasPrefix("--experimental-dump-help") || $0.hasPrefix("---completion") }) {
            return true
        }
        return command(in: typed) == "help"
    }

    /// The help screen asked for: "" for forecast's own, else the command's
    /// own name (`ls` → list); nil when no help is asked. `routed`: the words
    /// as the parser takes them (`forecast Seoul --help` is show's).
    static func helpAsked(_ routed: [String]) -> String? {
        let words = routed.prefix { $0 != "--" }
        let commands = Set(commandWords)
        if words.first == "help" {
            return canonical(words.dropFirst().first { commands.contains($0) } ?? "")
        }
        guard words.contains("--help") || words.contains("-h") else { return nil }
        return canonical(words.first { commands.contains($0) } ?? "")
    }

    /// A command's own name for an alias (`ls` → list).
    static func canonical(_ word: String) -> String {
        Completions.aliases.first { $0.alias == word }?.command ?? word
    }

    /// The first word that is neither a global option nor its value.
    static func command(in typed: [String]) -> String? {
        var index = 0
        while index < typed.count {
            let word = typed[index]
            if GlobalOptions.names.contains(word) { index += 2; continue }
            if GlobalOptions.names.contains(where: { word.hasPrefix($0 + "=") }) { index += 1; continue }
            return word
        }
        return nil
    }

    /// The command line as the parser takes it, from the ways people type it:
    /// `forecast --lang ko add Seoul` as `forecast add --lang ko Seoul`;
    /// `forecast` alone (or with options only) as `forecast list`;
    /// `forecast Seoul` (the wttr.in habit) as `forecast show Seoul`. A first
    /// word that is a slip away from a command (`lsit`, `shwo`) and names no
    /// place is refused with the command it was probably meant to be, as is
    /// `help` with a word that is no command. `isPlace` says whether a word
    /// names a place the gazetteer knows, or starts one's name: a word a place
    /// is called is a place ("Rome", not a slip for "move"); so is the start of
    /// one, unless it is a single edit from a command ("Addis" is Addis Ababa,
    /// "ad" is add).
    static func routed(_ arguments: [String], isPlace: (String) -> KnownPlace) throws -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if GlobalOptions.names.contains(first), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if GlobalOptions.names.contains(where: { first.hasPrefix($0 + "=") }) {
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
                if !topic.hasPrefix("-"), !commandWords.contains(topic), topic != "help" {
                    throw UsageFailure(.unknownCommand(topic, suggestion: Suggestion.closest(to: topic, among: commandWords)))
                }
            }
            // Help and the version as the parser gives them (the leading options have done their part).
            return Array(rest)
        }
        if word.hasPrefix("-") { return ["list"] + leading + rest }
        if commandWords.contains(word) { return [word] + leading + rest.dropFirst() }
        if let command = Suggestion.closest(to: word, among: commandWords) {
            let slip = switch isPlace(word) {
            case .named: false
            case .nameStart: Suggestion.distance(SearchKey.fold(word), SearchKey.fold(command)) <= 1
            case .unknown: true
            }
            if slip { throw UsageFailure(.unknownCommand(word, suggestion: command)) }
        }
        return ["show"] + leading + rest
    }

    /// Every command's name and alias (`ls`, `rm`).
    static let commandWords: [String] = Forecast.configuration.subcommands.flatMap {
        [$0.configuration.commandName ?? $0._commandName] + $0.configuration.aliases
    }
}

/// What the gazetteer knows of a word: a place called so, the start of a place's name, or nothing.
enum KnownPlace {
    case named, nameStart, unknown
}

/// A command line that does not fit (exit 64): the problem, worded when it is
/// said, in the language it is said in (English in JSON's message). What the
/// commands' and the options' checks throw, after the parse, with no
/// task-local to know the language by.
struct UsageFailure: Error {
    let say: @Sendable (CommandFaceWords) -> String

    init(_ problem: UsageProblem) { say = { $0.usage(problem) } }

    init(_ say: @escaping @Sendable (CommandFaceWords) -> String) { self.say = say }
}
