import ForecastCore
import Foundation

extension SavedPlaces.Listed {
    /// The places whose weather matches `filter`, each with its position in
    /// the whole list (which `show` and `remove` take).
    /// The weather is read a page at a time (`pages`).
    public func matching(_ filter: FilterExpression, now: Date) throws -> [(position: Int, place: Place)] {
        var kept: [(position: Int, place: Place)] = []
        for start in stride(from: 0, to: places.count, by: WeatherPages.size) {
            let page = places[start..<min(places.count, start + WeatherPages.size)]
            let found = try weather(for: page)
            for (index, place) in zip(page.indices, page) {
                let matches = filter.matches { name in
                    WeatherField(named: name)?.value(place: place, position: index + 1, weather: found[place.id], units: settings, now: now)
                }
                if matches { kept.append((index + 1, place)) }
            }
        }
        return kept
    }
}
