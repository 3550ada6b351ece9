/// Bad input from the user, as a value: what was wrong and with what. Only
/// the command line turns it into words, in the user's language.
public enum InputError: Error, Equatable, Sendable {
    /// What a typed value was meant to be.
    public enum Field: String, Sendable {
        case name, label, searchText, latitude, longitude, position
    }

    case empty(Field)
    /// Text with control or text-direction characters (the text as typed).
    case unsafeCharacters(Field, String)
    case invisible(Field)
    case tooLong(Field, length: Int, maximum: Int)
    /// A label that is a whole number, which would be read as a list position.
    case numericLabel(String)
    /// A label ending as an address does ("Seoul#1"), which would name another place.
    case addressLabel(String)
    case notANumber(Field, String)
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)

    /// A command that needs saved places found none.
    case nothingSaved
    case positionOutOfRange(Int, count: Int)
    /// No saved place matches what was typed.
    case noSavedMatch(String)
    /// `Name#N` with a number none of the places of that name has (any more): they, by their addresses.
    case noSuchAddress(String, matches: [Match])
    /// Several saved places match: their positions and names.
    case ambiguousReference(String, matches: [Match])
    case pickOutOfRange(Int, candidates: Int)
    case badCountryCode(String)

    /// Neither the gazetteer nor the online lookup knows the name.
    case notFound(String, country: String?, suggestion: String? = nil)
    /// Not in the gazetteer, and not asked online (`--offline`).
    case notInGazetteer(String, country: String?, suggestion: String? = nil)

    /// A saved place, as an error names it.
    public struct Match: Equatable, Sendable {
        public var position: Int
        public var name: String
        public var countryCode: String
        public var admin1: String
        /// `Name#N`, where every match has the name asked for.
        public var address: String?
        /// Where it is ("37.5, 127.03"): two places of one name in one region still differ there.
        public var coordinate: String
        public init(position: Int, name: String, countryCode: String = "", admin1: String = "", address: String? = nil, coordinate: String = "") {
            self.position = position
            self.name = name
            self.countryCode = countryCode
            self.admin1 = admin1
            self.address = address
            self.coordinate = coordinate
        }

        /// `place` at `position` in the list shown; with `number`, addressed as `Name#number`.
        public init(_ place: Place, position: Int, number: Int?) {
            self.init(
                position: position, name: place.displayName, countryCode: place.countryCode, admin1: place.admin1,
                address: number.map { "\(place.displayName)#\($0)" }, coordinate: place.coordinate.description)
        }
    }
}
