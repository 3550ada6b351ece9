/// A language `forecast` speaks, described by its facts: the code the user
/// types, the other spellings accepted for it, the locales that choose it,
/// the gazetteer's column of its place names and how it counts. The words
/// themselves are the language's catalog (ForecastViews' `Languages.all`
/// pairs each language with its catalog and its help).
///
/// A new language is a line in `Language.all`, its catalog, and its
/// gazetteer column (scripts/build_gazetteer.py's `NAME_PICKERS`).
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The ISO 639-1 code: the `--lang` value and the stored setting ("ko").
    public let code: String
    /// Other spellings accepted for `--lang` ("kr", as OpenWeatherMap spells Korean).
    public let aliases: [String]
    /// Locale language codes that choose it ("ko" in ko_KR.UTF-8).
    public let localePrefixes: [String]
    /// The gazetteer's name column for it (`code=name` in the data), or nil
    /// for the language GeoNames' main names are in.
    public let namesColumn: String?
    /// How it counts.
    public let plural: PluralRule
    /// Whether words take particles chosen by the word before (Korean 이/가, 을/를).
    public let particles: ParticleRule

    public init(code: String, aliases: [String] = [], localePrefixes: [String], namesColumn: String?, plural: PluralRule, particles: ParticleRule) {
        self.code = code
        self.aliases = aliases
        self.localePrefixes = localePrefixes
        self.namesColumn = namesColumn
        self.plural = plural
        self.particles = particles
    }

    /// The code, as `--lang` takes it and settings keep it.
    public var rawValue: String { code }
    public var description: String { code }

    public static func == (a: Language, b: Language) -> Bool { a.code == b.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public static let en = Language(code: "en", localePrefixes: ["en"], namesColumn: nil, plural: .oneOther, particles: .none)
    public static let ko = Language(code: "ko", aliases: ["kr"], localePrefixes: ["ko"], namesColumn: "ko", plural: .none, particles: .afterFinalSound)
    public static let ja = Language(code: "ja", aliases: ["jp"], localePrefixes: ["ja"], namesColumn: "ja", plural: .none, particles: .none)

    /// Every language `forecast` speaks, English first (the default).
    public static let all: [Language] = [.en, .ko, .ja]
    public static var allCases: [Language] { all }

    /// The flag's value ("en", "ko", "ja"; an alias such as "kr"), or nil.
    public init?(code: String) {
        // ASCII letters only: Unicode's lower case makes the Kelvin sign a "k".
        guard code.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        let wanted = code.lowercased()
        guard let language = Self.all.first(where: { $0.code == wanted || $0.aliases.contains(wanted) }) else { return nil }
        self = language
    }

    /// `FORECAST_LANG`'s value: a code ("ko"), or a code with a locale's
    /// region and encoding ("ko_KR.UTF-8", "en-GB", "ja_JP.eucJP"); anything
    /// else is nil ("korean", "ko\n", "xx").
    public init?(setting text: String) {
        let head = text.prefix { $0.isASCII && $0.isLetter }
        let rest = text.dropFirst(head.count)
        guard let language = Language(code: String(head)),
              rest.isEmpty || (["_", "-", "."].contains(rest.first) && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.@".contains($0)) })
        else { return nil }
        self = language
    }

    /// The language to speak: `--lang`, then $FORECAST_LANG, then the locale the
    /// way POSIX reads it ($LC_ALL, else $LC_MESSAGES, else $LANG: the first
    /// that is set decides). A locale whose language one of `all` claims
    /// ("ko_KR.UTF-8", "ja_JP.UTF-8") means that language; any other, or none, English.
    public static func resolve(flag: String?, environment: [String: String]) -> Language {
        if let flag, let language = Language(code: flag) { return language }
        if let chosen = environment["FORECAST_LANG"], !chosen.isEmpty {
            return Language(setting: chosen) ?? .en
        }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let locale = environment[variable], !locale.isEmpty {
                return Language(locale: locale) ?? .en
            }
        }
        return .en
    }

    /// The language a locale name's language part chooses ("ja_JP.UTF-8" → ja), or nil.
    public init?(locale: String) {
        let head = locale.prefix { $0.isASCII && $0.isLetter }.lowercased()
        guard let language = Self.all.first(where: { $0.localePrefixes.contains(head) }) else { return nil }
        self = language
    }
}

/// How a language counts: "1 place, 2 places", or one form for every number ("3곳", "3か所").
public enum PluralRule: Sendable {
    case oneOther, none

    /// The form for `n`: `one` for exactly 1 where the language has a singular, else `other`.
    public func form(_ n: Int, one: String, other: String) -> String {
        self == .oneOther && n == 1 ? one : other
    }
}

/// Whether a language's particles change with the sound before them.
public enum ParticleRule: Sendable {
    /// They do not (English has none that change; Japanese は, が, を never change).
    case none
    /// Korean: 이/가, 을/를, 은/는, 으로/로 by the final consonant of the word before.
    case afterFinalSound
}

/// Locale names as POSIX writes them ("ja_JP.UTF-8", "ko_KR.eucKR@dict", "C",
/// "POSIX"), told apart from values no locale has.
public enum LocaleName {
    /// The locale variables Foundation would read, in the order POSIX does.
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_CTYPE", "LC_COLLATE", "LC_NUMERIC", "LC_MONETARY", "LANG"]

    /// Whether `text` is shaped like a locale: a language of 2 to 8 ASCII
    /// letters, then optionally _REGION, .encoding and @modifier (each of
    /// ASCII letters, digits, '-' or '_', at most 32), or C or POSIX.
    public static func isUsable(_ text: String) -> Bool {
        if text == "C" || text == "POSIX" || text.hasPrefix("C.") { return text.utf8.count <= 40 }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, (0x61...0x7A).contains(bytes[index] | 0x20), (0x41...0x7A).contains(bytes[index]) { index += 1 }
        guard (2...8).contains(index) else { return false }
        let rest = bytes[index...]
        guard rest.count <= 64 else { return false }
        return rest.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || [0x5F, 0x2D, 0x2E, 0x40].contains(byte)
        } && (rest.first.map { [0x5F, 0x2D, 0x2E, 0x40].contains($0) } ?? true)
    }

    /// The locale variables in `environment` that are set to something no locale is.
    public static func unusable(in environment: [String: String]) -> [String] {
        variables.filter { variable in environment[variable].map { !$0.isEmpty && !isUsable($0) } ?? false }
    }
}
