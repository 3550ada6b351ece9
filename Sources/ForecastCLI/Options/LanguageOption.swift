import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// The language to speak, on every command: `--lang`, else $FORECAST_LANG,
/// else $LC_ALL, $LC_MESSAGES or $LANG. `Invocation` reads and checks it,
/// before the parse, and takes it out of the words the parser gets: this
/// declares it for help and completions only (it is never set).
struct LanguageOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Language: \(Phrases.listed(Language.allCases.map(\.rawValue), "or")) (default: $FORECAST_LANG, else from $LC_ALL, $LC_MESSAGES or $LANG).", valueName: "code"), completion: Completions.languages)
    var lang: String?
}
