/// The language `forecast` speaks: English or Korean.
public enum Language: String, Sendable, CaseIterable {
    case en, ko

    /// The flag's value ("en", "ko"; "kr" as OpenWeatherMap spells Korean), or nil.
    public init?(code: String) {
        switch code.lowercased() {
        case "en": self = .en
        case "ko", "kr": self = .ko
        default: return nil
        }
    }

    /// `FORECAST_LANG`'s value: a code ("ko"), or a code with a locale's
    /// region and encoding ("ko_KR.UTF-8", "en-GB"); anything else is nil
    /// ("korean", "ko\n", "xx").
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
    /// that is set decides). Korean locales ("ko_KR.UTF-8") mean Korean; any
    /// other, or none, English.
    public static func resolve(flag: String?, environment: [String: String]) -> Language {
        if let flag, let language = Language(code: flag) { return language }
        if let chosen = environment["FORECAST_LANG"], !chosen.isEmpty {
            return Language(setting: chosen) ?? .en
        }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let locale = environment[variable], !locale.isEmpty {
                return locale.lowercased().hasPrefix("ko") ? .ko : .en
            }
        }
        return .en
    }
}
