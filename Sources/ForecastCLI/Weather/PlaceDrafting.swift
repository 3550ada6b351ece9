import ForecastCore
import ForecastGazetteer
import ForecastKit
import Foundation
import ForecastViews

/// The place a name or coordinates mean, as `add` and `show` work it out:
/// the kit chooses (`PlaceFinder`), and an ambiguous name is listed here, on
/// the command line, with how to choose, before the command fails.
enum PlaceDrafting {
    /// The place a name or coordinates mean, under the never-silent choosing
    /// rule: ambiguous candidates are listed (with how to choose, as
    /// `forecast COMMAND … --pick 1`) and the command fails with nothing done.
    /// A name looked up online takes what is left of `budget`.
    static func draft(
        name: String, lat: String?, lon: String?, label: String?, pick: Int?, country: String?, command: String, online: Bool = true,
        budget: TimeBudget, in context: CommandContext
    ) async throws -> NewPlace {
        let words = context.words
        let finder = PlaceFinder(context: context.app)
        if let lat, let lon {
            let coordinate = try Coordinate(
                latitude: Coordinate.parseDegrees(lat, field: .latitude),
                longitude: Coordinate.parseDegrees(lon, field: .longitude))
            return finder.draft(at: coordinate, label: label)
        }
        let query = try PlaceName(name).value
        let choice: PlaceChoice
        do {
            choice = try await finder.choose(query, country: country, pick: pick, online: online, timeout: budget.left)
        } catch PlaceLookupError.onlineLookupFailed(let asked, let failure, nil) {
            // Offline on a laptop, a slip still gets the name it was probably meant to be.
            let parsed = try finder.query(query, country: country)
            throw PlaceLookupError.onlineLookupFailed(
                query: asked, failure, suggestion: finder.suggestion(for: parsed.name, country: parsed.country, language: words.language))
        }
        switch choice {
        case .notFound:
            let asked = try finder.query(query, country: country)
            let meant = finder.suggestion(for: asked.name, country: asked.country, language: words.language)
            throw online
                ? InputError.notFound(asked.name, country: asked.country, suggestion: meant)
                : InputError.notInGazetteer(asked.name, country: asked.country, suggestion: meant)
        case .ambiguous(let cities):
            let parsed = try? finder.query(query, country: country)
            let narrowed = country != nil || parsed?.country != nil || parsed?.regions != nil
            let example = "forecast \(command) \(shellQuoted(query))" + (country.map { " --country \(shellQuoted($0))" } ?? "") + " --pick 1"
            throw AmbiguousName(query: query, cities: cities, example: example, narrowed: narrowed)
        case .chosen(let city, let others):
            if others > 0 && pick == nil {
                context.stderr.line("\(words.notePrefix): " + words.othersCalled(query, others))
            }
            return finder.draft(city, label: label)
        }
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? text : "'\(text.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
}

/// A name that could be any of several places: nothing was done. Said as the
/// candidates' table with how to choose (stderr), or, with --format json, as
/// JSON's error with the candidates.
struct AmbiguousName: Error {
    var query: String
    var cities: [City]
    /// The command line that would choose the first.
    var example: String
    /// Whether a country narrowed them already (then narrowing is not suggested).
    var narrowed = false
}
