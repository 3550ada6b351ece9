import ForecastCore
import ForecastGazetteer
import ForecastProviders
import Foundation

/// `forecast search`'s use case, and the app's: the places a name may mean
/// (the built-in gazetteer, then online), and on request each one's current
/// weather, asked for all at once; nothing is saved or cached.
public struct PlaceSearch: Sendable {
    let context: AppContext

    public init(context: AppContext) {
        self.context = context
    }

    /// What a search found.
    public struct Found: Sendable {
        /// The name searched for, as checked.
        public var query: String
        /// Best first: exact names, then names that start so, larger places first.
        public var matches: [GazetteerMatch]
        /// The ids of those that came from the online lookup (the gazetteer had no city of that name).
        public var onlineIDs: Set<Int>
        /// Whether the first came from the online lookup.
        public var online: Bool { matches.first.map { onlineIDs.contains($0.city.geonamesID) } ?? false }
    }

    /// The places `text` may mean, at most `limit`, in `country` if given;
    /// the online lookup takes what is left of `budget`.
    public func find(_ text: String, country: String?, limit: Int, budget: TimeBudget) async throws -> Found {
        let query = try PlaceName(text, what: .searchText).value
        let (matches, online) = try await PlaceFinder(context: context).search(query, country: country, limit: limit, timeout: budget.left)
        return Found(query: query, matches: matches, onlineIDs: online)
    }

    /// What `search` shows: the places found and, when asked, each one's weather.
    public struct Searched: Sendable {
        public var found: Found
        /// Each found place's current weather, in the order found; nil when not asked, or nothing was found.
        public var weather: [PlaceWeather]?
        public var outcome: WeatherOutcome?
        /// The settings the weather is shown with, as kept.
        public var settings: Settings?
    }

    /// The places `text` may mean (at most `limit`, in `country` if given)
    /// and, when `weather` asks for it (as the command line does), each one's
    /// current weather, both within `budget`. `settings`: the kept settings,
    /// read only when the weather is asked and something was found.
    public func search(
        _ text: String, country: String?, limit: Int, budget: TimeBudget, weather request: WeatherRequest?,
        settings: @Sendable () throws -> Settings, events: (@Sendable (RefreshEvent) -> Void)? = nil
    ) async throws -> Searched {
        let found = try await find(text, country: country, limit: limit, budget: budget)
        guard let request, !found.matches.isEmpty else { return Searched(found: found) }
        let settings = try settings()
        let (weather, outcome) = try await self.weather(of: found, request: request, preferences: settings.preferences, budget: budget, events: events)
        return Searched(found: found, weather: weather, outcome: outcome, settings: settings)
    }

    /// Each found place's current weather, in the order found (`request` as
    /// the command line asks it, within `budget`; `preferences` as kept).
    public func weather(
        of found: Found, request: WeatherRequest, preferences: Preferences, budget: TimeBudget,
        events: (@Sendable (RefreshEvent) -> Void)? = nil
    ) async throws -> (weather: [PlaceWeather], outcome: WeatherOutcome) {
        var request = request
        request.budgetEnds = budget.ends
        let settings = try WeatherSettings.resolve(request, environment: context.environment, preferences: preferences)
        let finder = PlaceFinder(context: context)
        let outcome = try await WeatherLookup.unsaved(
            found.matches.map { finder.draft($0.city, label: nil) }, detail: .summary, settings: settings, context: context, events: events)
        return (found.matches.indices.map { outcome.weather[Int64($0)] ?? PlaceWeather() }, outcome)
    }
}
