import ForecastCore
import Foundation

/// The numbers `list --where` compares: one place's, as `ShownNumber` gives
/// them to every output (the user's units, to a tenth), so `temp<5` keeps what reads
/// "4.9" and drops what reads "5.0" in any format.
public enum FilterField: String, CaseIterable, Sendable {
    case position, latitude, longitude
    case temp, feels, humidity, wind, pressure, clouds, low, high, rain
    case uv, aqi, eaqi, pm25, pm10
    /// The highest official warning level in force: 0 none, 1 minor (yellow),
    /// 2 moderate (orange), 3 severe (red), 4 extreme; absent where no source
    /// covers the place or it could not be checked.
    case alert
    /// Minutes until precipitation starts (0: falling now); absent when none is expected in the next two hours.
    case rainNext = "rain_next"
    /// Today's daylight, sunrise to sunset, in minutes (0 in a polar night, 1440 in a polar day).
    case daylight
    /// The moon's lit part now, %.
    case moon
    /// Today's high less yesterday's, in the temperature unit; absent where yesterday is not known.
    case vsYesterday = "vs_yesterday"
    /// Today's high less the normal high of the date (1991–2020), in the temperature unit; absent where not known.
    case vsNormal = "vs_normal"

    /// The names `FilterExpression.parse` accepts.
    public static let names = Set(allCases.map(\.rawValue))

    /// This field of the place at `position` (1-based in the whole list), or
    /// nil where it has none (no weather, or the service gave no such value).
    public func value(
        place: Place, position: Int, weather: PlaceWeather?, units: Settings, now: Date
    ) -> Double? {
        let tenth = ShownNumber.tenth, whole = ShownNumber.whole
        let temperature = { (celsius: Double?) in ShownNumber.temperature(celsius, in: units.temperatureUnit) }
        switch self {
        case .position: return Double(position)
        case .latitude: return place.coordinate.latitude
        case .longitude: return place.coordinate.longitude
        // Neither needs the report: the warnings and the next hours have sources of their own.
        case .alert: return weather?.warnings.leadingLevel(at: now).map(Double.init)
        case .rainNext: return weather?.nextHours?.outlook(at: now)?.minutesToPrecipitation.map(Double.init)
        // Computed on the machine, with or without weather.
        case .daylight: return Double(Sky.daylightMinutes(place, now: now))
        case .moon: return Double(Moon.phase(at: now).percent)
        default: break
        }
        guard let report = weather?.report else { return nil }
        let current = report.current
        let today = report.today(now: now)
        return switch self {
        case .position, .latitude, .longitude, .alert, .rainNext, .daylight, .moon: nil
        case .temp: temperature(current.temperature)
        case .feels: temperature(current.feelsLike)
        case .humidity: whole(current.humidity)
        case .wind: ShownNumber.wind(current.windSpeed, in: units.windUnit)
        case .pressure: tenth(current.pressure)
        case .clouds: whole(current.cloudCover)
        case .low: temperature(today?.minimum)
        case .high: temperature(today?.maximum)
        case .rain: whole(today?.precipitationProbability)
        case .uv: whole(today?.uvIndexMax)
        case .aqi: whole(report.airQuality?.usAQI)
        case .eaqi: whole(report.airQuality?.europeanAQI)
        case .pm25: tenth(report.airQuality?.pm2_5)
        case .pm10: tenth(report.airQuality?.pm10)
        case .vsYesterday: report.highAgainstYesterday(now: now, unit: units.temperatureUnit)
        case .vsNormal: report.highAgainstNormal(weather?.normals, now: now, unit: units.temperatureUnit)
        }
    }
}

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
                    FilterField(rawValue: name)?.value(place: place, position: index + 1, weather: found[place.id], units: settings, now: now)
                }
                if matches { kept.append((index + 1, place)) }
            }
        }
        return kept
    }
}
