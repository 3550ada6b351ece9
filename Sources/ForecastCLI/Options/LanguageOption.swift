import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// The language to speak, on every command: `--lang`, else $FORECAST_LANG,
/// else $LC_ALL, $LC_MESSAGES or $LANG. It is read and checked with the
/// command line (`Invocation`), before the parse; this declares it.
struct LanguageOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Language: \(Phrases.listed(Language.allCases.map(\.rawValue), "or")) (default: $FORECAST_LANG, else from $LC_ALL, $LC_MESSAGES or $LANG).", valueName: "code"), completion: Completions.languages)
    var lang: String?
}
