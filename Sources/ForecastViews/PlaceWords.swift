import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What every face says: how dates, clocks and ages read, a place and its
/// weather as text, the measures' names, and what is said of a place saved,
/// removed or not saved. The commands (`CommandWords`, `ErrorWords`) and the
/// app (`AppWords`) each add their own; the views both draw add theirs
/// (`PageWords`, `WarningWords`, `SkyWords`, `ConditionWords`).
package protocol PlaceWords: Sendable {
    var language: Language { get }
    /// Where place, region and country names in this language are looked up.
    var gazetteer: Gazetteer { get }
    /// "near Seoul", for a place added by its coordinates.
    func near(_ city: String) -> String
    func weekday(_ date: CivilDate) -> String
    /// "Sun 22 Nov" / "11월 22일 (일)".
    func day(_ date: CivilDate) -> String
    /// "Sun 22 Nov 2026 14:05" / "2026년 11월 22일 (일) 14:05".
    func dateTime(_ r: ClockReading) -> String
    /// "Sun 14:05" / "(일) 14:05".
    func weekdayTime(_ r: ClockReading) -> String
    /// "updated 3 h ago" / "3시간 전 갱신".
    func age(_ fetchedAt: Date, now: Date) -> String
    func saved(_ place: Place) -> String
    func alreadySaved(_ place: Place) -> String
    func removed(_ place: Place) -> String
    /// "2:05 PM" / "오후 2:05".
    func twelveHour(_ reading: ClockReading) -> String
    var foundOnline: String { get }
    var listHeaders: [String] { get }
    func interrupted(_ age: String?) -> String
    func stale(_ age: String?) -> String
    var noWeatherYet: String { get }
    func position(_ position: Int, of count: Int) -> String
    func feelsLike(_ temperature: String) -> String
    /// "NNE" / "북북동".
    func compass(_ point: CompassPoint) -> String
    var gusts: String { get }
    func uvCategory(_ category: UVCategory) -> String
    /// Today's high against yesterday's, `change` whole degrees: "High 3° warmer than yesterday".
    func highAgainstYesterday(_ change: Int, kelvin: Bool) -> String
    /// Today's high against the normal high of the date, `change` whole
    /// degrees, and the normal low/high (`range`, "5°C/12°C"): "High 2° above normal (1991–2020: 5°C/12°C)".
    func highAgainstNormal(_ change: Int, kelvin: Bool, range: String) -> String
    /// The unit of a pollen count: "grains/m³", "개/m³".
    var grainsPerCubicMetre: String { get }
    /// A plant whose pollen is counted: "birch", "자작나무".
    func pollenPlant(_ plant: AirQuality.Pollen.Plant) -> String
    /// A band of an air scale: "good", "fair", "unhealthy for sensitive groups", "나쁨".
    func airGrade(_ name: AirGrade.Name) -> String
    /// The scale's name, said wherever a grade or index is: "US AQI", "European AQI", "Korean grade".
    func airScale(_ scale: AirScale) -> String
    func noWeather(_ error: WeatherError) -> String
    var notSaved: String { get }
    /// The line under a table of weather: whose it is, and whose the next
    /// hours' nowcast and the air are where they are shown, each a part.
    func weatherCredits(_ source: SourceItem, nextHours: String?, air: Bool, normals: Bool) -> [String]
    /// What goes between those parts on one line ("; ").
    var creditSeparator: String { get }
    var nothingCachedUnsaved: String { get }
    var noWeatherCached: String { get }
    /// The app's page of a place whose weather is on its way.
    var fetchingItsWeather: String { get }
    /// The app's page showing the list's summary while the hours and days are on their way.
    var fetchingHoursAndDays: String { get }
    /// The app's page showing the list's summary: the hours and days could not be fetched (the line above says why).
    var hoursAndDaysNotFetched: String { get }
    /// The app's page showing the list's summary, offline: the hours and days are not cached.
    var hoursAndDaysNotCached: String { get }
    func staleBecause(_ age: String, _ error: WeatherError) -> String
    func staleNote(_ age: String) -> String
    /// "Updated 3 h ago" as a sentence of its own.
    func capitalised(_ age: String) -> String
    func nextHours(_ hours: Int) -> String
    func fetching(_ done: Int, _ total: Int) -> String
    func notSaved(_ reason: StoreError) -> String
    /// "weather for 2 of 5 places could not be fetched (not found: 1, timed out: 1)" / "(시간 초과 1곳, …)".
    func failedSummary(_ failed: [WeatherError], of places: Int) -> String
    /// The app's page, while the latest of what it shows is being fetched.
    var fetchingTheLatest: String { get }
    var candidateHeaders: [String] { get }
    var weatherHeader: String { get }
    var temperatureHeader: String { get }
}

/// What the views both faces draw say: a place's page and rows, its warnings, the sky, conditions, errors.
package typealias ViewWords = any PlaceWords & ErrorWords & PageWords & WarningWords & SkyWords & ConditionWords

/// What the full-screen app says: the views' words, its own and the errors' (its status line), none of the commands'.
package typealias AppFaceWords = any AppWords & ErrorWords & PlaceWords & PageWords & WarningWords & SkyWords & ConditionWords

/// What the command line says: the views' words, the commands' and the errors', none of the app's.
package typealias CommandFaceWords = any CommandWords & ErrorWords & PlaceWords & PageWords & WarningWords & SkyWords & ConditionWords
