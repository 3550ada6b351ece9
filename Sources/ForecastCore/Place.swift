import Foundation

/// A place the user has saved.
public struct Place: Identifiable, Hashable, Sendable {
    public var id: Int64
    /// The name as the user gave it (`--as`/`--name`), or the gazetteer's name.
    public var displayName: String
    /// The gazetteer's name for the place (or the nearest city's, for coordinates).
    public var canonicalName: String
    /// ISO 3166 alpha-2, empty where none applies (open sea).
    public var countryCode: String
    /// Region code (GeoNames admin1: "IL", "11"), possibly empty.
    public var admin1: String
    public var coordinate: Coordinate
    /// IANA time zone name.
    public var timeZone: String
    public var geonamesID: Int?
    /// 1-based position in the manual (custom) order.
    public var position: Int
    public var addedAt: Date
    /// Its N in `Name#N`: given when it was saved (1 for the first place
    /// under its label, then one more than the highest there) and kept until
    /// it is removed, so an address names one place for as long as it exists
    /// (`PlaceReference.numbered`). Nil for a place not read from the list.
    public var namesake: Int?
    /// Whether another saved place has the same label: then it is shown and
    /// addressed as `Name#N`.
    public var hasNamesakes = false

    /// Its number where it is shown with it ("Seoul#2"): where its label is shared.
    public var shownNumber: Int? { hasNamesakes ? namesake : nil }

    public init(
        id: Int64, displayName: String, canonicalName: String, countryCode: String, admin1: String,
        coordinate: Coordinate, timeZone: String, geonamesID: Int?, position: Int, addedAt: Date, namesake: Int? = nil
    ) {
        self.namesake = namesake
        self.id = id
        self.displayName = displayName
        self.canonicalName = canonicalName
        self.countryCode = countryCode
        self.admin1 = admin1
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.geonamesID = geonamesID
        self.position = position
        self.addedAt = addedAt
    }
}

/// A place about to be saved.
public struct NewPlace: Hashable, Sendable {
    public var displayName: String
    public var canonicalName: String
    public var countryCode: String
    public var admin1: String
    public var coordinate: Coordinate
    public var timeZone: String
    public var geonamesID: Int?

    public init(
        displayName: String, canonicalName: String, countryCode: String, admin1: String,
        coordinate: Coordinate, timeZone: String, geonamesID: Int?
    ) {
        self.displayName = displayName
        self.canonicalName = canonicalName
        self.countryCode = countryCode
        self.admin1 = admin1
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.geonamesID = geonamesID
    }

    /// This place as saved under `id`, at `position`.
    public func saved(id: Int64, position: Int, addedAt: Date) -> Place {
        Place(
            id: id, displayName: displayName, canonicalName: canonicalName, countryCode: countryCode, admin1: admin1,
            coordinate: coordinate, timeZone: timeZone, geonamesID: geonamesID, position: position, addedAt: addedAt)
    }

    /// Whether this is the same place as one already saved: the same GeoNames
    /// city, or (for places added by coordinates) within about 100 metres.
    public func isSame(as place: Place) -> Bool {
        Self.same(geonamesID, coordinate, place.geonamesID, place.coordinate)
    }

    /// The same for another place about to be saved (two rows of one import file).
    public func isSame(as other: NewPlace) -> Bool {
        Self.same(geonamesID, coordinate, other.geonamesID, other.coordinate)
    }

    private static func same(_ id: Int?, _ at: Coordinate, _ otherID: Int?, _ otherAt: Coordinate) -> Bool {
        if let id, let otherID { return id == otherID }
        return at.distance(to: otherAt) < 0.1
    }
}

extension NewPlace {
    /// Two capital ASCII letters (ISO 3166-1 alpha-2), as every place's country is kept.
    public static func isCountryCode(_ code: String) -> Bool {
        code.utf8.count == 2 && code.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }

    /// The GeoNames ids a place may keep (the store's column is checked against them).
    public static let geonamesIDs = 1...Int(Int32.max)
}
