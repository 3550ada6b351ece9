import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What every face says (`PlaceWords`), in English: dates and clocks, ages, a place
/// and its weather as text, a place saved or removed.
extension English {
    package func weekday(_ date: CivilDate) -> String {
        Self.weekdays[date.weekday]
    }

    /// "Sun 22 Nov" / "11월 22일 (일)".
    package func day(_ date: CivilDate) -> String {
        "\(weekday(date)) \(date.day) \(Self.months[date.month - 1])"
    }

    /// "Sun 22 Nov 2026 14:05" / "2026년 11월 22일 (일) 14:05".
    package func dateTime(_ r: ClockReading) -> String {
        "\(day(r.date)) \(r.date.year) \(time(r))"
    }

    /// "Sun 14:05" / "(일) 14:05".
    package func weekdayTime(_ r: ClockReading) -> String {
        "\(weekday(r.date)) \(time(r))"
    }

    /// "updated 3 h ago" / "3시간 전 갱신".
    package func age(_ fetchedAt: Date, now: Date) -> String {
        let elapsed = now.timeIntervalSince(fetchedAt)
        let seconds = elapsed.isFinite ? min(max(0, elapsed), 1e12) : 0
        switch seconds {
        case ..<60: return "updated just now"
        case ..<3600: return "updated \(Int(seconds / 60)) min ago"
        case ..<172_800: return "updated \(Int(seconds / 3600)) h ago"
        default: return "updated \(Int(seconds / 86_400)) days ago"
        }
    }

    package func near(_ city: String) -> String { "near \(city)" }

    package func saved(_ place: Place) -> String { "Saved \(describe(place))." }

    package func alreadySaved(_ place: Place) -> String {
        "\(describe(place)) is already saved; nothing changed."
    }

    package func removed(_ place: Place) -> String { "Removed \(describe(place))." }

    package func twelveHour(_ reading: ClockReading) -> String {
        let (text, afternoon) = reading.twelveHour
        return text + (afternoon ? " PM" : " AM")
    }

    package var foundOnline: String {
        "Not in the built-in gazetteer; found online (Open-Meteo geocoding):"
    }

    package var candidateHeaders: [String] {
        ["#", "Name", "Other name", "Region", "Country", "Coordinates",
         "Time zone", "Population"]
    }

    package var listHeaders: [String] {
        ["#", "Name", "Local time", "", "Weather", "Temp",
         "Feels", "Humidity", "Today", "Rain", ""]
    }

    package func interrupted(_ age: String?) -> String {
        age.map { "interrupted (\($0))" } ?? "interrupted"
    }

    package func stale(_ age: String?) -> String { age.map { "stale, \($0)" } ?? "stale" }

    package var noWeatherYet: String { "no weather yet" }

    package func position(_ position: Int, of count: Int) -> String { "\(position) of \(count)" }

    package func feelsLike(_ temperature: String) -> String { "feels like \(temperature)" }

    /// "NNE" / "북북동".
    package func compass(_ point: CompassPoint) -> String { point.rawValue }

    package var gusts: String { "Gusts" }

    package func uvCategory(_ category: UVCategory) -> String {
        switch category {
        case .low: "low"
        case .moderate: "moderate"
        case .high: "high"
        case .veryHigh: "very high"
        case .extreme: "extreme"
        }
    }

    package var grainsPerCubicMetre: String { "grains/m³" }

    package func pollenPlant(_ plant: AirQuality.Pollen.Plant) -> String {
        switch plant {
        case .alder: "alder"
        case .birch: "birch"
        case .grass: "grass"
        case .mugwort: "mugwort"
        case .olive: "olive"
        case .ragweed: "ragweed"
        }
    }

    package func highAgainstYesterday(_ change: Int, kelvin: Bool) -> String {
        let degrees = { (n: Int) in kelvin ? "\(n) K" : "\(n)°" }
        if change == 0 { return "High as yesterday's" }
        return "High \(degrees(abs(change))) " + (change > 0 ? "warmer" : "cooler") + " than yesterday"
    }

    package func highAgainstNormal(_ change: Int, kelvin: Bool, range: String) -> String {
        let degrees = { (n: Int) in kelvin ? "\(n) K" : "\(n)°" }
        let against = change == 0 ? "High as usual for the date" : "High \(degrees(abs(change))) " + (change > 0 ? "above" : "below") + " normal"
        return against + " (\(ClimateNormals.period): \(range))"
    }

    package func airGrade(_ name: AirGrade.Name) -> String {
        switch name {
        case .good: "good"
        case .moderate: "moderate"
        case .unhealthyForSensitiveGroups: "unhealthy for sensitive groups"
        case .unhealthy: "unhealthy"
        case .veryUnhealthy: "very unhealthy"
        case .hazardous: "hazardous"
        case .fair: "fair"
        case .poor: "poor"
        case .veryPoor: "very poor"
        case .extremelyPoor: "extremely poor"
        case .bad: "bad"
        case .veryBad: "very bad"
        }
    }

    package func airScale(_ scale: AirScale) -> String {
        switch scale {
        case .us: "US AQI"
        case .eu: "European AQI"
        case .kr: "Korean grade"
        }
    }

    package func noWeather(_ error: WeatherError) -> String { "No weather: " + weatherError(error) }

    package var notSaved: String { "not saved" }

    package var weatherHeader: String { "Weather" }

    package var temperatureHeader: String { "Temp" }

    /// The line under a table of weather: whose it is.
    package func weatherCredits(_ source: SourceItem, nextHours: String?, air: Bool, normals: Bool) -> [String] {
        ["Weather: \(source.attribution)"] + (nextHours.map { ["next hours: \($0)"] } ?? [])
            + (air ? ["air quality: \(SourceItem.airQuality)"] : []) + (normals ? ["normals: \(SourceItem.normals)"] : [])
    }

    package var creditSeparator: String { "; " }

    package var nothingCachedUnsaved: String {
        "Nothing is cached for a place that is not saved; run without --offline to fetch it."
    }

    package var noWeatherCached: String {
        "No weather cached yet; run without --offline to fetch it."
    }

    package var fetchingItsWeather: String { "Fetching its weather…" }

    package var fetchingHoursAndDays: String { "Fetching the hours and days…" }

    package var fetchingTheLatest: String { "Fetching the latest…" }

    package var hoursAndDaysNotFetched: String { "Only the list's summary is at hand: the hours and days could not be fetched." }

    package var hoursAndDaysNotCached: String { "The hours and days are not cached; run without --offline to fetch them." }

    package func staleBecause(_ age: String, _ error: WeatherError) -> String {
        "Stale (\(age)): this fetch failed, " + weatherError(error)
    }

    package func staleNote(_ age: String) -> String { "Stale, \(age)" }

    /// "Updated 3 h ago" as a sentence of its own.
    package func capitalised(_ age: String) -> String { age.prefix(1).uppercased() + age.dropFirst() }

    package func nextHours(_ hours: Int) -> String { hours == 1 ? "Next hour" : "Next \(hours) hours" }

    package func fetching(_ done: Int, _ total: Int) -> String { "Fetching weather \(done)/\(total)…" }

    package func notSaved(_ reason: StoreError) -> String {
        "the weather was shown but not saved: " + SafeText.clean(message(reason), maxLength: 300)
    }

    /// "weather for 2 of 5 places could not be fetched (not found: 1, timed out: 1)" / "(시간 초과 1곳, …)".
    package func failedSummary(_ failed: [WeatherError], of places: Int) -> String {
        let kinds = Dictionary(grouping: failed, by: \.kind).map { "\(errorKind($0.key)): \($0.value.count)" }.sorted()
        return "weather for \(failed.count) of \(count(places, "place", "places")) could not be fetched"
            + " (\(kinds.joined(separator: ", ")))"
    }
}
