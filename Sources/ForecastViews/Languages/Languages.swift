import ForecastCore
import ForecastGazetteer

/// Every language `forecast` speaks, as `WeatherProviders.all` lists the
/// services: each language's facts (its code, aliases, locales, gazetteer
/// column, plural and particle rules: `Language` in the core), its catalog
/// and its help. A new language is its folder here (the catalog and the help),
/// its gazetteer names (scripts/build_gazetteer.py), and a line in each list.
package enum Languages {
    package static let all: [LanguageRoom] = [
        LanguageRoom(.en, catalog: English.init, help: nil),
        LanguageRoom(.ko, catalog: Korean.init, help: KoreanHelp.self),
        LanguageRoom(.ja, catalog: Japanese.init, help: JapaneseHelp.self),
    ]

    /// The room of `language`; English's for a language without one.
    package static func room(_ language: Language) -> LanguageRoom {
        all.first { $0.language == language } ?? all[0]
    }
}

/// One language: its facts, its catalog, its help.
package struct LanguageRoom: @unchecked Sendable {  // immutable: a value, a function and a metatype
    package let language: Language
    /// The words, for a gazetteer to name places and countries from.
    package let catalog: @Sendable (Gazetteer) -> Words
    /// `--help` in this language, or nil where ArgumentParser's own (English) is the help.
    package let help: (any HelpTranslation.Type)?

    package init(_ language: Language, catalog: @escaping @Sendable (Gazetteer) -> Words, help: (any HelpTranslation.Type)?) {
        self.language = language
        self.catalog = catalog
        self.help = help
    }
}

/// `--help` in a language other than English: each help text the commands
/// declare (in English, as ArgumentParser takes them) in this language, each
/// command's explanation, and the help screen's headings. A text missing
/// shows in English; a test checks that none is missing.
package protocol HelpTranslation {
    static var texts: [String: String] { get }
    /// The words for `english`, a help text; nil where there are none.
    static func text(_ english: String) -> String?
    /// Each command's explanation, by paragraph ("" is forecast itself).
    static var explanations: [String: [String]] { get }
    static var headings: HelpHeadings { get }
}

extension HelpTranslation {
    /// `text`, or for a help text that lists the languages ("Language: en,
    /// ko or ja …"), its words with the list as it is today: the key says
    /// "{languages}", so a new language does not make the translations stale.
    package static func translated(_ english: String) -> String? {
        if let words = text(english) { return words }
        let codes = Language.all.map(\.code)
        let listed = Phrases.listed(codes, "or")
        guard english.contains(listed), let words = text(english.replacingOccurrences(of: listed, with: "{languages}")) else { return nil }
        return words.replacingOccurrences(of: "{languages}", with: codes.joined(separator: ", "))
    }
}

/// The help screen's own words.
package struct HelpHeadings: Sendable {
    package let overview, usage, arguments, options, subcommands, examples, englishHelp, perCommand: String
    /// The placeholder of the usage line's command ("<하위 명령>").
    package let subcommand: String

    package init(overview: String, usage: String, arguments: String, options: String, subcommands: String,
                 examples: String, englishHelp: String, perCommand: String, subcommand: String) {
        (self.overview, self.usage, self.arguments, self.options, self.subcommands) = (overview, usage, arguments, options, subcommands)
        (self.examples, self.englishHelp, self.perCommand, self.subcommand) = (examples, englishHelp, perCommand, subcommand)
    }
}
