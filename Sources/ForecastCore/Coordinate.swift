import Foundation

/// A point on Earth in decimal degrees (WGS 84).
public struct Coordinate: Hashable, Sendable, Codable {
    public let latitude: Double
    public let longitude: Double

    /// Accepts only finite latitudes in -90...90 and longitudes in -180...180.
    public init(latitude: Double, longitude: Double) throws(InputError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw .latitudeOutOfRange(latitude)
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .longitudeOutOfRange(longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses a user's number without regard to locale ("37.5", not "37,5").
    public static func parseDegrees(_ text: String, field: InputError.Field) throws(InputError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = SafeNumber.decimal(trimmed) else {
            throw .notANumber(field, text)
        }
        return value
    }

    /// Great-circle distance in kilometres (haversine).
    public func distance(to other: Coordinate) -> Double {
        let r = 6371.0088
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = (other.latitude - latitude) * .pi / 180
        let Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * r * atan2(sqrt(a), sqrt(1 - a))
    }

    /// "37.5665, 126.9780": always a point and never grouping, whatever the locale.
    public var description: String { "\(Self.format(latitude)), \(Self.format(longitude))" }

    /// What a place with no name nearby is called: "82.71°S 3.88°E", to two
    /// decimals (about a kilometre), a point whatever the locale.
    public var name: String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let digits = SafeNumber.fixed(abs(value), decimals: 2, trim: true)
            return digits + "°" + (value < 0 && digits != "0" ? negative : positive)
        }
        return part(latitude, "N", "S") + " " + part(longitude, "E", "W")
    }

    public static func format(_ degrees: Double) -> String {
        guard degrees.isFinite else { return String(degrees) }
        return SafeNumber.fixed(degrees, decimals: 4, trim: true)
    }

    /// `degrees`, which lie beyond ±`limit`, with as many decimals as it takes
    /// to show them beyond it (180.0000001, not 180, which is in range).
    public static func format(_ degrees: Double, beyond limit: Double) -> String {
        guard degrees.isFinite else { return String(degrees) }
        for decimals in 4...12 {
            let shown = SafeNumber.fixed(degrees, decimals: decimals, trim: true)
            if let read = Double(shown), abs(read) > limit { return shown }
        }
        return SafeNumber.fixed(degrees, decimals: 12, trim: true)
    }
}
