import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// The places a name may mean: `search`'s one output.
struct SearchOutput: CommandOutput {
    var query: String
    var results: [Result]
    private let cities: [City]
    private var weather: [PlaceWeather]?
    private var format: WeatherFormat?

    enum CodingKeys: CodingKey { case query, results }

    struct Result: FlatPlaceJSON {
        var place: PlaceFields
        var own: Found

        struct Found: Encodable {
            var geonamesId: Int
            var koreanName: String?
            var population: Int
            var match: String
            var weather: WeatherItem?
            var error: ErrorItem?
        }
    }

    init(
        query: String, matches: [GazetteerMatch], online: Bool, weather: [PlaceWeather]? = nil, format: WeatherFormat? = nil,
        now: Date
    ) {
        self.query = query
        self.weather = weather
        self.format = format
        cities = matches.map(\.city)
        results = matches.enumerated().map { index, m in
            let found = weather.flatMap { index < $0.count ? $0[index] : nil }
            let item = found.flatMap { w in
                w.report.flatMap { report in
                    format.map { WeatherItem(report, fetchedAt: w.fetchedAt ?? now, stale: false, zone: LocalTime.zone(m.city.timeZone), format: $0, now: now) }
                }
            }
            return Result(
                place: PlaceFields(
                    name: m.city.name, countryCode: m.city.countryCode, admin1: m.city.admin1, coordinate: m.city.coordinate,
                    timeZone: m.city.timeZone),
                own: Result.Found(
                    geonamesId: m.city.geonamesID, koreanName: m.city.koreanName, population: m.city.population,
                    match: online ? "online" : "\(m.kind)", weather: item, error: found?.error.map(ErrorItem.init)))
        }
    }

    func text(_ style: TextStyle) -> [String] {
        SearchCommand.table(cities, width: style.columns, words: style.words, weather: weather, format: format)
    }
}
