import ForecastCore
import ForecastGazetteer
import ForecastStore

/// The saved list as the user points at it: by position as `list` shows it,
/// by name or label, by any gazetteer name of its city, or by a prefix; and
/// paging through it from the last viewed place.
public struct SavedPlaces: Sendable {
    public let store: PlaceStore
    let cities: PlaceReference.CityLookup
    let aliases: PlaceReference.Aliases

    public init(store: PlaceStore, context: AppContext) {
        self.store = store
        let gazetteer = context.gazetteer
        // What a typed name means in the gazetteer, so that "서울" finds the place saved as "Seoul".
        cities = { name in Set(gazetteer.search(name, limit: 50).filter(\.kind.isExact).map(\.city.geonamesID)) }
        // A place added by coordinates is named after its nearest city, and shown
        // in Korean under that city's Korean name: "파리" finds it too.
        aliases = { place in Self.koreanName(of: place, in: gazetteer).map { [$0] } ?? [] }
    }

    /// The Korean name a place is shown under, when the gazetteer named it
    /// (not the user): its city's, or its nearest city's for a place added by
    /// coordinates. Nil for a label the user chose, which is shown as given.
    public static func koreanName(of place: Place, in gazetteer: Gazetteer) -> String? {
        if place.displayName == place.canonicalName, let id = place.geonamesID { return gazetteer.koreanName(id: id) }
        if place.geonamesID == nil, place.canonicalName == "near " + place.displayName { return gazetteer.koreanName(of: place.displayName) }
        return nil
    }

    private func resolve(_ reference: String, in ordered: [Place]) throws -> Place {
        try PlaceReference.resolve(reference, in: ordered, cities: cities, aliases: aliases)
    }

    /// Removes every place `references` points at. All are resolved before
    /// anything is deleted: one bad reference and nothing is removed.
    public func remove(_ references: [String]) throws -> [Place] {
        try store.remove { ordered in
            var targets: [Place] = []
            for reference in references {
                let place = try resolve(reference, in: ordered)
                if !targets.contains(place) { targets.append(place) }
            }
            return targets
        }
    }

    public func rename(_ reference: String, to label: String) throws -> (before: Place, after: Place) {
        try store.rename(choosing: { try resolve(reference, in: $0) }, to: label)
    }

    /// Moves a place to `position`; the list as shown becomes the custom order.
    @discardableResult
    public func move(_ reference: String, to position: Int) throws -> Place {
        try store.move(choosing: { try resolve(reference, in: $0) }, to: position)
    }

    public enum ViewTarget: Sendable, Equatable {
        case reference(String)
        case lastViewed
        case next, previous
    }

    /// The place to show, its index and the list's length, writing nothing:
    /// with no place viewed yet that is the first; next and previous wrap around.
    public func view(_ target: ViewTarget) throws -> (place: Place, index: Int, count: Int) {
        let (settings, ordered) = try store.ordered()
        guard !ordered.isEmpty else { throw InputError.nothingSaved }
        let current = ordered.firstIndex { $0.id == settings.lastViewedPlaceID }
        let index: Int
        switch target {
        case .reference(let reference):
            let place = try resolve(reference, in: ordered)
            index = ordered.firstIndex(of: place) ?? 0
        case .lastViewed:
            index = current ?? 0
        case .next:
            index = PlaceOrdering.page(from: current, step: 1, count: ordered.count) ?? 0
        case .previous:
            index = PlaceOrdering.page(from: current, step: -1, count: ordered.count) ?? 0
        }
        return (ordered[index], index, ordered.count)
    }

    /// Remembers a place as the last viewed, once it has been shown.
    public func recordViewed(_ place: Place) throws {
        try store.recordViewed(place.id)
    }
}
