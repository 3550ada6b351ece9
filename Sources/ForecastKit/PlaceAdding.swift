import ForecastCore
import ForecastGazetteer
import Foundation

/// `forecast add`'s use case: the place a name, coordinates or the computer's
/// time zone mean, saved at the end of the list (or, saved already, given the
/// label asked for), with what the faces say after: how many other places
/// share the name looked up, and which saved places now share its name.
public struct PlaceAdding: Sendable {
    let context: AppContext

    public init(context: AppContext) {
        self.context = context
    }

    /// What to add.
    public enum Asked: Sendable {
        /// A name (with --pick and --country) or coordinates, and the label asked for in `wanted`.
        case wanted(PlaceWanted)
        /// Where the computer is, roughly: its time zone's main city, with a label of its own if given.
        case here(label: String?)
    }

    /// What adding did.
    public struct Added: Sendable {
        public var added: SavedPlaces.Added
        /// The name looked up and how many other places share it, when one was chosen without `--pick`.
        public var othersCalled: (name: String, count: Int)?
        /// The saved places that now share its name (a place saved or labelled now; none for one saved already).
        public var namesakes: [InputError.Match]
        /// The place saved or labelled now; nil when it was saved already.
        public var named: Place? {
            switch added {
            case .added(let place): place
            case .relabelled(_, let after): after
            case .alreadySaved: nil
            }
        }
    }

    /// Adds what `asked` names: the place is worked out first (a name looked up
    /// online takes `timeout` seconds at most; said in `language` where it was
    /// probably meant to be another), and only then are the saved places
    /// opened (`open`): a failed lookup leaves no trace, not even a new empty database.
    public func add(
        _ asked: Asked, language: Language, timeout: TimeInterval, open: @Sendable () throws -> SavedPlaces
    ) async throws -> Added {
        let finder = PlaceFinder(context: context)
        let drafted: DraftedPlace
        let labelled: Bool
        switch asked {
        case .here(let label):
            let label = try label.map { try PlaceName($0, what: .label).value }
            drafted = DraftedPlace(place: try finder.draftHere(label: label), query: "", othersCalled: 0)
            labelled = label != nil
        case .wanted(var wanted):
            wanted.label = try wanted.label.map { try PlaceName($0, what: .label).value }
            drafted = try await finder.draft(wanted, language: language, timeout: timeout)
            labelled = wanted.label != nil
        }
        let places = try open()
        let added = try places.add(drafted.place, labelled: labelled)
        var result = Added(added: added, othersCalled: drafted.othersCalled > 0 ? (drafted.query, drafted.othersCalled) : nil, namesakes: [])
        if let named = result.named { result.namesakes = try places.namesakes(of: named) }
        return result
    }
}
