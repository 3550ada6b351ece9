import ForecastCore
import ForecastGazetteer
import ForecastProviders
import Foundation

/// `forecast show`'s use case: the place asked for (a saved one when one
/// answers to what was typed; else the place the name or the coordinates
/// mean, shown without saving anything unless it turns out saved), its full
/// weather, and, once a saved place is shown, it recorded as the last viewed.
/// The app shows a found place's weather with `unsaved` too.
public struct PlaceShowing: Sendable {
    let context: AppContext

    public init(context: AppContext) {
        self.context = context
    }

    /// What was asked: a saved place (by reference, or paging from the last
    /// viewed), or a place by name or coordinates (`wanted`).
    public struct Asked: Sendable {
        /// The place typed: a saved place's number or name, or any place's name.
        public var place: String?
        public var next = false
        public var previous = false
        /// A lookup asked for outright (coordinates, `--pick`, `--country`): no saved place is tried first.
        public var lookup = false
        /// How the name or the coordinates are looked up when no saved place answers.
        public var wanted: PlaceWanted

        public init(place: String?, next: Bool = false, previous: Bool = false, lookup: Bool = false, wanted: PlaceWanted) {
            self.place = place
            self.next = next
            self.previous = previous
            self.lookup = lookup
            self.wanted = wanted
        }
    }

    /// A place shown, with everything its page is drawn from.
    public struct Shown: Sendable {
        public var place: Place
        /// Its position in the saved list from 1, and the list's length; 0 and 0 for a place not saved.
        public var position: Int
        public var count: Int
        public var weather: PlaceWeather
        /// The settings it is shown with (units, the air's scale).
        public var settings: Settings
        /// Whose weather it is.
        public var provider: ProviderDescriptor
        /// How the weather went: interrupted, failures, not saved (the last viewed place included).
        public var outcome: WeatherOutcome
        /// Saved rows that cannot be read (left out of what is shown).
        public var damage: StoreDamage
        /// The name looked up and how many other places share it, when one was chosen without `--pick`.
        public var othersCalled: (name: String, count: Int)?
        public var now: Date

        public var saved: Bool { position > 0 }
    }

    /// Shows what `asked` names. `store`: the saved places, if there is a
    /// database; `settings`: its settings as already read; `request`: the
    /// weather as the command line asks it, its budget (`budget`) shared with
    /// the name's online lookup. A place shown that is saved becomes the last
    /// viewed unless the weather was interrupted; nothing else is written.
    public func show(
        _ asked: Asked, store: SavedPlaces?, settings: Settings, request: WeatherRequest, budget: TimeBudget,
        events: (@Sendable (RefreshEvent) -> Void)? = nil
    ) async throws -> Shown {
        var request = request
        request.budgetEnds = budget.ends
        // Every setting is checked before anything is read or asked.
        let weatherSettings = try WeatherSettings.resolve(request, environment: context.environment, preferences: settings.preferences)
        var damage = StoreDamage(places: [], settings: [])
        var othersCalled: (name: String, count: Int)?
        var target: (place: Place, index: Int, count: Int, store: SavedPlaces)?
        var unsaved: NewPlace?
        if !asked.lookup {
            do {
                guard let store else { throw InputError.nothingSaved }
                let viewTarget: SavedPlaces.ViewTarget =
                    if let place = asked.place { .reference(place) } else if asked.next { .next } else if asked.previous { .previous } else { .lastViewed }
                let viewed = try store.view(viewTarget)
                damage = viewed.damage
                target = (viewed.place, viewed.index, viewed.count, store)
            } catch let error as InputError {
                if let store { damage = try store.damage() }
                guard let place = asked.place, SavedPlaces.looksUpElsewhere(place, after: error) else { throw error }
            }
        } else if let store {
            damage = try store.damage()
        }
        if target == nil {
            let drafted = try await PlaceFinder(context: context).draft(asked.wanted, language: weatherSettings.language, timeout: budget.left)
            othersCalled = drafted.othersCalled > 0 ? (drafted.query, drafted.othersCalled) : nil
            if let store, let (place, index, count) = try store.saved(drafted.place) {
                target = (place, index, count, store)
            } else {
                unsaved = drafted.place
            }
        }
        if let unsaved {
            var shown = try await self.unsaved(unsaved, settings: settings, weatherSettings: weatherSettings, events: events)
            shown.damage = damage
            shown.othersCalled = othersCalled
            return shown
        }
        guard let (place, index, count, store) = target else { throw InputError.nothingSaved }
        var outcome = try await store.weather(for: [place], detail: .full, settings: weatherSettings, events: events)
        // Only now, with the place shown, is it the last viewed.
        if !outcome.cancelled && !Task.isCancelled {
            do { try store.recordViewed(place) } catch {
                outcome.notSaved = outcome.notSaved ?? error
            }
        }
        return Shown(
            place: place, position: index + 1, count: count, weather: outcome.weather[place.id] ?? PlaceWeather(), settings: settings,
            provider: weatherSettings.descriptor, outcome: outcome, damage: damage, othersCalled: othersCalled, now: context.clock())
    }

    /// A place that is not saved: its weather, asked for and shown, never read
    /// from or written to any cache; nothing is written anywhere.
    public func unsaved(
        _ draft: NewPlace, settings: Settings, weatherSettings: WeatherSettings, events: (@Sendable (RefreshEvent) -> Void)? = nil
    ) async throws -> Shown {
        let outcome = try await WeatherLookup.unsaved([draft], detail: .full, settings: weatherSettings, context: context, events: events)
        let now = context.clock()
        let place = Place(
            id: 0, displayName: draft.displayName, canonicalName: draft.canonicalName, countryCode: draft.countryCode,
            admin1: draft.admin1, coordinate: draft.coordinate, timeZone: draft.timeZone, geonamesID: draft.geonamesID,
            position: 0, addedAt: now)
        return Shown(
            place: place, position: 0, count: 0, weather: outcome.weather[0] ?? PlaceWeather(), settings: settings,
            provider: weatherSettings.descriptor, outcome: outcome, damage: StoreDamage(places: [], settings: []), othersCalled: nil, now: now)
    }
}
