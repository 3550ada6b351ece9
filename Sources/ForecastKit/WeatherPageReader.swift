import ForecastCore
import Foundation

/// Where a shown list's weather comes from: held, or read from the store a
/// page of places at a time as the list is written (`SavedPlaces.Listed`),
/// so that 100,000 places' weather is never all held. The views read it as
/// they render; a read that fails gives that page no weather, and the first
/// failure is kept for the command to end with (`check`).
public final class WeatherPageReader: @unchecked Sendable {
    private let source: @Sendable ([Place]) throws -> [Int64: PlaceWeather]
    private let lock = NSLock()
    private var failure: (any Error)?

    /// The weather held already.
    public convenience init(_ weather: [Int64: PlaceWeather]) {
        self.init { places in places.reduce(into: [:]) { found, place in found[place.id] = weather[place.id] } }
    }

    /// A listed list's weather, from its pages where it has them.
    public convenience init(_ listed: SavedPlaces.Listed) {
        self.init { try listed.weather(for: $0) }
    }

    init(_ source: @escaping @Sendable ([Place]) throws -> [Int64: PlaceWeather]) {
        self.source = source
    }

    /// The weather of `places`; none if it could not be read (the failure is kept).
    public func read(_ places: [Place]) -> [Int64: PlaceWeather] {
        do {
            return try source(places)
        } catch {
            lock.withLock { if failure == nil { failure = error } }
            return [:]
        }
    }

    /// Whether every page asked for was read.
    public var isWhole: Bool { lock.withLock { failure == nil } }

    /// Throws the first failure to read, if there was one.
    public func check() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}
