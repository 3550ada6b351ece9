import Foundation

/// Where a source can answer for: whole countries (ISO 3166 codes, a place's
/// `countryCode`), and boxes of latitude and longitude (a radar's or a model's domain).
public struct Coverage: Sendable, Hashable {
    public struct Box: Sendable, Hashable {
        public var latitudes: ClosedRange<Double>
        public var longitudes: ClosedRange<Double>

        public init(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) {
            self.latitudes = latitudes
            self.longitudes = longitudes
        }

        public func contains(_ coordinate: Coordinate) -> Bool {
            latitudes.contains(coordinate.latitude) && longitudes.contains(coordinate.longitude)
        }
    }

    public var countries: Set<String>
    public var boxes: [Box]
    /// Seas it covers: boxes that count only for a place in no country (saved
    /// by coordinates at sea), so a neighbour's land is never taken for them.
    public var waters: [Box]
    /// Everywhere (a worldwide service).
    public var everywhere: Bool

    public init(countries: Set<String> = [], boxes: [Box] = [], waters: [Box] = [], everywhere: Bool = false) {
        self.countries = countries
        self.boxes = boxes
        self.waters = waters
        self.everywhere = everywhere
    }

    public static let world = Coverage(everywhere: true)

    /// Whether a place in `countryCode` at `coordinate` is covered: its
    /// country is, or it lies in a box (a place saved by coordinates at sea
    /// has no country, but may lie in a box).
    public func covers(countryCode: String, at coordinate: Coordinate) -> Bool {
        everywhere || countries.contains(countryCode.uppercased()) || boxes.contains { $0.contains(coordinate) }
            || (countryCode.isEmpty && waters.contains { $0.contains(coordinate) })
    }
}
