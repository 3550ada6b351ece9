import ArgumentParser
import ForecastCore
import Foundation
import ForecastViews

/// `--help` (and `help COMMAND`) in the language spoken, when it has its help
/// (`LanguageRoom.help`: Korean, Japanese): the same command tree
/// ArgumentParser's English help is made from (its `--experimental-dump-help`),
/// each text and explanation in that language, the usage line and the
/// examples as they are (commands are the same in every language).
enum TranslatedHelpScreen {
    /// The help screen of `command` ("" for forecast) in `help`'s language, its
    /// descriptions folded to `columns` (a terminal's width; 80 for a pipe).
    static func text(for command: String, in help: any HelpTranslation.Type, columns: Int = 80) -> String? {
        guard let tree = dump(), let root = tree["command"] as? [String: Any] else { return nil }
        let subcommands = root["subcommands"] as? [[String: Any]] ?? []
        let node = command.isEmpty ? root : subcommands.first { $0["commandName"] as? String == command }
        guard let node else { return nil }
        let words = { (english: String) in help.translated(english) ?? english }
        let heading = help.headings
        var lines: [String] = []
        let overviewIndent = DisplayWidth.of(heading.overview) + 2
        let overview = fold(words(node["abstract"] as? String ?? ""), width: max(20, columns - overviewIndent))
        lines.append(heading.overview + ": " + (overview.first ?? ""))
        lines += overview.dropFirst().map { String(repeating: " ", count: overviewIndent) + $0 }
        lines.append("")
        let type = Forecast.configuration.subcommands.first { $0._commandName == command }
        let usage = type.map { Forecast.usageString(for: $0) } ?? "forecast [--db <path>] [--lang <code>] [--format <format>] \(heading.subcommand)"
        let usageIndent = DisplayWidth.of(heading.usage) + 2
        let usageLines = fold(usage.replacingOccurrences(of: "\n", with: " "), width: max(20, columns - usageIndent), atSpaces: true)
        lines.append(heading.usage + ": " + (usageLines.first ?? ""))
        lines += usageLines.dropFirst().map { String(repeating: " ", count: usageIndent) + $0 }
        for paragraph in help.explanations[command] ?? [] {
            lines.append("")
            lines += fold(paragraph, width: max(20, columns))
        }
        let arguments = (node["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }
        let positional = arguments.filter { $0["kind"] as? String == "positional" }
        let options = arguments.filter { $0["kind"] as? String != "positional" }
        func section(_ title: String, _ items: [(String, String)]) {
            guard !items.isEmpty else { return }
            lines.append("")
            lines.append(title + ":")
            // A narrow terminal has the names on lines of their own, their help under them.
            let stacked = columns - min(28, items.map { DisplayWidth.of($0.0) }.max() ?? 0) - 4 < 24
            let width = stacked ? 0 : min(28, items.map { DisplayWidth.of($0.0) }.max() ?? 0)
            let indent = String(repeating: " ", count: width + 4)
            for (name, help) in items {
                let folded = fold(help, width: max(8, columns - width - 4))
                if stacked || DisplayWidth.of(name) > width {
                    lines.append("  " + name)
                    lines += folded.map { indent + $0 }
                } else {
                    lines.append("  " + DisplayWidth.pad(name, to: width) + "  " + (folded.first ?? ""))
                    lines += folded.dropFirst().map { indent + $0 }
                }
            }
        }
        section(heading.arguments, positional.map { (Self.name(of: $0), words($0["abstract"] as? String ?? "")) })
        section(heading.options, options.map { (Self.name(of: $0), words($0["abstract"] as? String ?? "")) })
        if command.isEmpty {
            section(heading.subcommands, subcommands.filter { $0["commandName"] as? String != "help" }.map { sub in
                let name = sub["commandName"] as? String ?? ""
                let aliases = Completions.aliases.filter { $0.command == name }.map(\.alias)
                return (([name] + aliases).joined(separator: ", "), words(sub["abstract"] as? String ?? ""))
            })
        }
        let examples = (node["discussion"] as? String ?? "").split(separator: "\n").map(String.init).filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("$ ")
        }
        if !examples.isEmpty {
            lines.append("")
            lines.append(heading.examples + ":")
            lines += examples.map { "  " + $0.trimmingCharacters(in: .whitespaces) }
        }
        lines.append("")
        lines.append(heading.englishHelp + ": " + (command.isEmpty ? "forecast --help --lang en" : "forecast \(command) --help --lang en") + ", man forecast")
        if command.isEmpty { lines.append(heading.perCommand) }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns, broken at spaces (a word
    /// longer than that stands alone); text in kanji and kana, which has no
    /// spaces, between its characters, unless `atSpaces` (a usage line, whose
    /// words are options and placeholders: `<サブコマンド>` stays whole).
    static func fold(_ text: String, width: Int, atSpaces: Bool = false) -> [String] {
        if !atSpaces, DisplayWidth.breaksBetweenCharacters(text) { return DisplayWidth.wrap(text, width: width) }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) > width, !line.isEmpty {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// "--lat <degrees>", "-h, --help", "<place> ...".
    static func name(of argument: [String: Any]) -> String {
        let names = (argument["names"] as? [[String: Any]] ?? []).map { name in
            (name["kind"] as? String == "short" ? "-" : "--") + (name["name"] as? String ?? "")
        }
        let value = "<" + (argument["valueName"] as? String ?? "value") + ">"
        switch argument["kind"] as? String {
        case "positional": return value + ((argument["isRepeating"] as? Bool ?? false) ? " ..." : "")
        case "option": return names.joined(separator: ", ") + " " + value
        default: return names.joined(separator: ", ")
        }
    }

    /// The command tree as ArgumentParser describes it.
    static func dump() -> [String: Any]? {
        do {
            _ = try Forecast.parseAsRoot(["--experimental-dump-help"])
            return nil
        } catch {
            let json = Forecast.fullMessage(for: error)
            return try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        }
    }
}
