import ForecastCore
import ForecastKit

/// What add, remove, rename and move did to the saved places: their one output.
package struct PlacesChanged: CommandOutput {
    package enum Action: String, Encodable {
        case added, alreadySaved, relabelled, renamed, removed, moved
    }

    package var action: Action
    /// The places as they are now (as they were, for removed ones).
    package var locations: [LocationItem]
    /// The name a relabelled or renamed place had before.
    package var previousName: String?
    /// Where a moved place is now (the list is then in custom order).
    package var position: Int?
    private let before: [Place]

    package enum CodingKeys: CodingKey { case action, locations, previousName, position }

    /// `before`: the places as they were; `after`: as they are now (the same places).
    package init(_ action: Action, before: [Place], after: [Place]? = nil, position: Int? = nil) {
        self.action = action
        self.before = before
        let now = after ?? before
        locations = now.map { LocationItem($0, position: position ?? $0.position) }
        previousName = [.relabelled, .renamed].contains(action) ? before.first?.displayName : nil
        self.position = position
    }

    /// What adding a place did (`add`).
    package init(_ added: SavedPlaces.Added) {
        switch added {
        case .added(let place): self.init(.added, before: [place])
        case .relabelled(let before, let after): self.init(.relabelled, before: [before], after: [after])
        case .alreadySaved(let place): self.init(.alreadySaved, before: [place])
        }
    }

    package func text(_ style: CommandStyle) -> [String] {
        let words = style.words
        let label = locations.first?.name ?? ""
        return before.map { place in
            switch action {
            case .added: words.saved(place)
            case .alreadySaved: words.alreadySaved(place)
            case .relabelled: words.relabelled(place, to: label)
            case .renamed: words.renamed(place, to: label)
            case .removed: words.removed(place)
            case .moved: words.moved(place, to: position ?? place.position)
            }
        }
    }
}

/// The sort order, shown or just set: `sort`'s one output.
package struct SortShown: CommandOutput {
    package var sort: SortItem
    package var changed: Bool
    private let order: PlaceSort

    package enum CodingKeys: CodingKey { case sort, changed }

    package init(_ order: PlaceSort, changed: Bool) {
        self.order = order
        sort = SortItem(order)
        self.changed = changed
    }

    package func text(_ style: CommandStyle) -> [String] { [style.words.sorted(order, now: changed)] }
}

/// The units, shown or just set: `units`' one output.
package struct UnitsShown: CommandOutput {
    package init(units: UnitsItem, measures: MeasureUnits, changed: [String]) {
        self.units = units
        self.measures = measures
        self.changed = changed
    }
    package var units: UnitsItem
    /// What was just set: "temperature", "wind", "precipitation", "distance", "pressure", "clock"; empty when only shown.
    package var changed: [String]
    private let measures: MeasureUnits

    package enum CodingKeys: CodingKey { case units, changed }

    package func text(_ style: CommandStyle) -> [String] {
        let words = style.words
        let now = !changed.isEmpty
        let others = ["precipitation", "distance", "pressure", "clock"]
        return (!now || changed.contains("temperature") ? [words.temperaturesShown(in: units.temperature, now: now)] : [])
            + (!now || changed.contains("wind") ? [words.windShown(in: units.wind, now: now)] : [])
            + (!now || changed.contains(where: others.contains) ? [words.measuresShown(measures, now: now)] : [])
    }
}
