import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation

/// What the shell offers on Tab beyond what the parser knows itself: saved
/// places' names (read from the database the command line names, never
/// created), config keys and their values, languages. The generated scripts
/// (`--generate-completion-script bash|zsh|fish`) ask the binary for these
/// through ArgumentParser's hidden `---completion` command.
enum Completions {
    /// The saved places' names, for the arguments that name a saved place.
    /// (The word completed is read at its index: ArgumentParser's prefix is
    /// the command line's last word, wrong when words follow the cursor.)
    static let savedPlaces = CompletionKind.custom { arguments, index, prefix in
        let word = arguments.indices.contains(index) ? arguments[index] : prefix
        return savedNames(arguments: arguments, prefix: word, environment: ProcessInfo.processInfo.environment)
    }

    /// Config keys.
    static let configKeys = CompletionKind.list(ConfigKey.allCases.map(\.rawValue))

    /// A config value: the choices of the key typed before it.
    static let configValues = CompletionKind.custom { arguments, index, prefix in
        let key = arguments.prefix(max(0, min(index, arguments.count))).last { ConfigKey(rawValue: $0) != nil }
        return (key.flatMap(ConfigKey.init(rawValue:))?.choices ?? []).filter { $0.hasPrefix(prefix) }
    }

    /// Languages.
    static let languages = CompletionKind.list(Language.allCases.map(\.rawValue))

    /// The names of the places saved in the database `arguments` (or the
    /// environment) name, in the list's order, that start with `prefix`
    /// (any case or accents); nothing when there is no database, or one this
    /// forecast would have to upgrade: it is opened to read only, never
    /// created, migrated or changed. A name is offered only if no shell can
    /// read anything into it: bash's completion expands its candidates, so a
    /// label like `$(touch x)` (from an imported file, say) would run.
    static func savedNames(arguments: [String], prefix: String, environment: [String: String]) -> [String] {
        // (The shell asks with the words typed so far: no context was made for them.)
        let path = Invocation.databasePath(Invocation.GlobalOptions(arguments).db, environment: environment)
        let context = AppContext.live(environment: environment)
        guard let places = try? SavedPlaces.openForReading(path: path, context: context).ordered().places
        else { return [] }
        let wanted = SearchKey.fold(prefix)
        var seen = Set<String>()
        // Places sharing a label are offered by their addresses (Seoul#1, Seoul#2), which name one each;
        // a lone place whose label the start typed is not, by its name in another language that it
        // is the start of (서 → 서울 for Seoul), which finds it as well.
        return places.compactMap { place -> String? in
            guard place.shownNumber == nil else { return SafeText.printable(place.displayName) + "#\(place.namesake ?? 1)" }
            let label = SafeText.printable(place.displayName)
            guard !wanted.isEmpty, !SearchKey.fold(label).hasPrefix(wanted) else { return label }
            return Language.allCases.compactMap { SavedPlaces.name(of: place, in: $0, context.gazetteer) }.map { SafeText.printable($0) }
                .first { SearchKey.fold($0).hasPrefix(wanted) } ?? label
        }
        .filter { !$0.isEmpty && isInert($0) && SearchKey.fold($0).hasPrefix(wanted) && seen.insert($0).inserted }
    }

    /// Whether `name` has nothing a shell expands, quotes or splits commands
    /// at ($, backquote, backslash, quotes, !, ;, &, |, <, >, parentheses, braces, globs).
    static func isInert(_ name: String) -> Bool {
        !name.unicodeScalars.contains { "$`\\\"'!;&|<>(){}[]*?~".unicodeScalars.contains($0) }
    }

    /// A generated completion script that also knows the commands' aliases
    /// (`forecast rm <Tab>` offered the commands again): bash and zsh dispatch
    /// on the command's name, and the alias is added beside it; and, in bash,
    /// the options every command takes before its name (`forecast --lang ko
    /// show <Tab>` offered the commands; `forecast --lang <Tab>` too). (fish's
    /// script matches whole command lines and is left as generated.)
    static func patched(_ script: String, aliases: [(alias: String, command: String)]) -> String {
        var script = script
        // The root knows the options every command takes, so that their values are not read as the command.
        if let range = script.range(of: "    local -a non_repeating_flags=(--version -h --help)\n    local -a repeating_options=()\n    local -a non_repeating_options=()\n") {
            script.replaceSubrange(range, with: "    local -a non_repeating_flags=(--version -h --help)\n    local -a repeating_options=()\n    local -a non_repeating_options=(--db --lang --format)\n")
        }
        let values = """
                # The values of the options every command takes, wherever they are.
                case "${prev}" in
                --lang) COMPREPLY+=($(compgen -W '\(Language.allCases.map(\.rawValue).joined(separator: " "))' -- "${cur}")); return ;;
                --db) COMPREPLY+=($(compgen -f -- "${cur}")); return ;;
                esac

            """
        if let range = script.range(of: "    local -r subcommand=\"${unparsed_words[0]}\"\n") {
            script.insert(contentsOf: values, at: range.lowerBound)
        }
        // bash: the aliases among the commands offered.
        if let range = script.range(of: " report help' -- \"${cur}\"))") {
            script.replaceSubrange(range, with: " report help \(aliases.map(\.alias).joined(separator: " "))' -- \"${cur}\"))")
        }
        for (alias, command) in aliases {
            // bash: the top-level dispatch's case list.
            script = script.replacingOccurrences(
                of: "    case \"${subcommand}\" in\n", with: "    case \"${subcommand}\" in\n    \(alias))\n        _forecast_\(command)\n        ;;\n",
                options: [], range: script.range(of: "    case \"${subcommand}\" in\n"))
            // zsh: the argument dispatch.
            script = script.replacingOccurrences(
                of: "        case \"${words[1]}\" in\n", with: "        case \"${words[1]}\" in\n        \(alias))\n            _forecast_\(command) && ret=0\n            ;;\n")
        }
        return script
    }

    /// Every alias and the command it stands for.
    static var aliases: [(alias: String, command: String)] {
        Forecast.configuration.subcommands.flatMap { command in
            command.configuration.aliases.map { ($0, command.configuration.commandName ?? command._commandName) }
        }
    }
}
