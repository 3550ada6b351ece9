import ForecastCore

/// What add, remove, rename and move did to the saved places: their one output.
struct PlacesChanged: CommandOutput {
    enum Action: String, Encodable {
        case added, alreadySaved, relabelled, renamed, removed, moved
    }

    var action: Action
    /// The places as they are now (as they were, for removed ones).
    var locations: [LocationItem]
    /// The name a relabelled or renamed place had before.
    var previousName: String?
    /// Where a moved place is now (the list is then in custom order).
    var position: Int?
    private let before: [Place]

    enum CodingKeys: CodingKey { case action, locations, previousName, position }

    /// `before`: the places as they were; `after`: as they are now (the same places).
    init(_ action: Action, before: [Place], after: [Place]? = nil, position: Int? = nil) {
        self.action = action
        self.before = before
        let now = after ?? before
        locations = now.map { LocationItem($0, position: position ?? $0.position) }
        previousName = [.relabelled, .renamed].contains(action) ? before.first?.displayName : nil
        self.position = position
    }

    func text(_ style: TextStyle) -> [String] {
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
struct SortShown: CommandOutput {
    var sort: SortItem
    var changed: Bool
    private let order: PlaceSort

    enum CodingKeys: CodingKey { case sort, changed }

    init(_ order: PlaceSort, changed: Bool) {
        self.order = order
        sort = SortItem(order)
        self.changed = changed
    }

    func text(_ style: TextStyle) -> [String] { [style.words.sorted(order, now: changed)] }
}

/// The units, shown or just set: `units`' one output.
struct UnitsShown: CommandOutput {
    var units: UnitsItem
    /// What was just set: "temperature", "wind"; empty when only shown.
    var changed: [String]

    func text(_ style: TextStyle) -> [String] {
        let words = style.words
        if changed.isEmpty {
            return [words.temperaturesShown(in: units.temperature, now: false), words.windShown(in: units.wind, now: false)]
        }
        return (changed.contains("temperature") ? [words.temperaturesShown(in: units.temperature, now: true)] : [])
            + (changed.contains("wind") ? [words.windShown(in: units.wind, now: true)] : [])
    }
}
