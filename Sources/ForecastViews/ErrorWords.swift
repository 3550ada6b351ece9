import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What went wrong, in words: a service's failure by kind and detail, a
/// field and each library's errors, a command line's problems.
package protocol ErrorWords: PlaceWords {
    func errorKind(_ kind: WeatherError.Kind) -> String
    /// What went wrong, after the kind. A failure without a typed detail (which
    /// field of an answer failed validation) is described by the error itself.
    func detail(_ error: WeatherError) -> String

    func field(_ field: InputError.Field) -> String
    func message(_ error: InputError) -> String
    func message(_ error: SettingsError) -> String
    func message(_ error: ConfigError) -> String
    func message(_ error: ImportError) -> String
    func message(_ error: PlaceLookupError) -> String
    func message(_ error: StoreError) -> String
    /// "--where 'rain>=x': expected a number at 'x' (character 7)".
    func filterProblem(_ text: String, _ error: FilterExpression.ParseError) -> String
    func usage(_ problem: UsageProblem) -> String
    /// The argument parser's own complaint (it writes English), in the user's
    /// language where its shape is known; as it is otherwise.
    func parserMessage(_ english: String) -> String
}
