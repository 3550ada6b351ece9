import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// The places a name may mean: `search`'s one output.
package struct SearchOutput: CommandOutput {
    package var query: String
    package var results: [Result]
    private let cities: [City]
    private var weather: [PlaceWeather]?
    private var format: WeatherFormat?

    package enum CodingKeys: CodingKey { case query, results }

    package struct Result: FlatPlaceJSON {
        package var place: PlaceFields
        package var own: Found

        package struct Found: Encodable {
            package var geonamesId: Int
            package var koreanName: String?
            /// Its names in the other languages the gazetteer has, by code ("ko": "서울", "ja": "ソウル").
            package var names: [String: String]
            package var population: Int
            package var match: String
            package var weather: WeatherItem?
            package var error: ErrorItem?
        }
    }

    package init(
        query: String, matches: [GazetteerMatch], online: Set<Int>, weather: [PlaceWeather]? = nil, format: WeatherFormat? = nil,
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
                    format.map {
                        WeatherItem(
                            report, fetchedAt: w.fetchedAt ?? now, stale: false, zone: LocalTime.zone(m.city.timeZone),
                            airScale: $0.airScale(countryCode: m.city.countryCode), format: $0, now: now)
                    }
                }
            }
            return Result(
                place: PlaceFields(
                    name: m.city.name, countryCode: m.city.countryCode, admin1: m.city.admin1, coordinate: m.city.coordinate,
                    timeZone: m.city.timeZone),
                own: Result.Found(
                    geonamesId: m.city.geonamesID, koreanName: m.city.koreanName, names: m.city.names, population: m.city.population,
                    match: online.contains(m.city.geonamesID) ? "online" : "\(m.kind)", weather: item, error: found?.error.map(ErrorItem.init)))
        }
    }

    package func text(_ style: CommandStyle) -> [String] {
        Self.table(cities, width: style.columns, words: style.words, weather: weather, format: format, placement: style.placement(), typed: query)
    }

    /// The candidates, fitted to `width` columns (a terminal's; nil for a pipe).
    /// What gives way first is what tells them apart least (eight Springfields
    /// keep their region and lose the Korean name they share); between equals,
    /// population, coordinates, time zone, the other name, country and region,
    /// in that order. With `weather` (one per city), the weather's symbol,
    /// words and temperature too, before the columns that give way first.
    package static func table(
        _ cities: [City], width: Int?, words: ViewWords, weather: [PlaceWeather]? = nil, format: WeatherFormat? = nil,
        placement: TextTable.Placement = .padded, typed: String? = nil
    ) -> [String] {
        let withWeather = weather != nil && format != nil
        var headers = words.candidateHeaders
        var alignments: [TextTable.Alignment] = [.right, .left, .left, .left, .left, .left, .left, .right]
        let names = cities.map { words.names($0, typed: typed) }
        // The other name's column, when no candidate has one, says nothing.
        let otherNames = names.contains { $0.count > 1 }
        if withWeather {
            headers.insert(contentsOf: ["", words.weatherHeader, words.temperatureHeader], at: 5)
            alignments.insert(contentsOf: [.left, .left, .right], at: 5)
        }
        var table = TextTable(headers: headers, alignments: alignments)
        for (index, city) in cities.enumerated() {
            var row = [
                "\(index + 1)", names[index].first ?? "", names[index].dropFirst().first ?? "",
                SafeText.clean(words.gazetteer.regionText(country: city.countryCode, code: city.admin1), maxLength: 100),
                "\(words.countryName(city.countryCode)) (\(city.countryCode))",
                city.coordinate.description, city.timeZone, Self.grouped(city.population),
            ]
            if let weather, let format, index < weather.count {
                let report = weather[index].report
                let condition = report.map { format.describe($0.current.condition) }
                    ?? weather[index].error.map { words.errorKind($0.kind) } ?? "–"
                row.insert(contentsOf: [format.symbol(report?.current.condition, isDay: report?.current.isDay), condition, format.temperatureText(report?.current.temperature)], at: 5)
            }
            table.append(row)
        }
        let dropOrder = withWeather ? [10, 8, 9, 2, 6, 4, 3] : [7, 5, 6, 2, 4, 3]
        return table.fitted(width: width, dropOrder: dropOrder, ignoring: [0], placement: placement, leaving: otherNames ? [] : [2])
    }

    /// 1234567 as "1,234,567".
    package static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { result.append(",") }
            result.append(c)
        }
        return String(result.reversed())
    }
}
