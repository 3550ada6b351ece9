import ForecastCore
import Foundation

extension English {
    package func highLow(high: String, low: String) -> String { "H:\(high)  L:\(low)" }
    package var pageNow: String { "Now" }
    package var pageToday: String { "Today" }
    package var pageHoursHeading: String { "Hours" }
    package func pageChartHeading(rain: Bool) -> String { rain ? "Temperature and chance of rain" : "Temperature" }
    package func pageDaysHeading(_ count: Int) -> String { "\(count)-day forecast" }
    package func pageDayHours(_ day: String) -> String { "Hours of \(day)" }
    package func pageNoHoursThatDay(last: String?) -> String {
        "The forecast has no hours for that day" + (last.map { " (its hours reach \($0))." } ?? ".")
    }
    package var sunriseShort: String { "Sunrise" }
    package var sunsetShort: String { "Sunset" }
    package var cardUV: String { "UV INDEX" }
    package var cardAir: String { "AIR" }
    package var cardWind: String { "WIND" }
    package var cardSun: String { "SUN" }
    package var cardMoon: String { "MOON" }
    package var cardHumidity: String { "HUMIDITY" }
    package var cardPressure: String { "PRESSURE" }
    package var cardVisibility: String { "VISIBILITY" }
    package var cardPrecipitation: String { "PRECIPITATION" }
    package func dewPoint(_ temperature: String) -> String { "Dew point \(temperature)" }
    package func gusts(_ speed: String) -> String { "Gusts \(speed)" }
    package var uvTodaysHighest: String { "Today's highest" }
    package func dayLengthShort(minutes: Int) -> String { "Day \(minutes / 60) h \(minutes % 60) min" }
    package func pressureTrend(_ trend: PressureTrend, past: Bool) -> String {
        let word = switch trend {
        case .rising: "Rising"
        case .falling: "Falling"
        case .steady: "Steady"
        }
        return word + (past ? " over the last 3 h" : " over the next 3 h")
    }
    package func precipitationToday(_ amount: String) -> String { "\(amount) today" }
    package func chanceOf(_ percent: String) -> String { "Chance \(percent)" }
    package func moonLit(_ percent: String) -> String { "\(percent) lit" }
    package var pageKeysDays: String { "↑↓ day  Enter its hours  Tab or Esc back to the page  ←→ place  ? help" }
    package var pageDayHoursKeys: String { "↑↓ scroll  ←→ day  Esc back  ? help" }
    package var unitsTitle: String { "Units" }
    package func unitsRow(_ row: UnitsMenuRow) -> String {
        switch row {
        case .temperature: "Temperature"
        case .wind: "Wind"
        case .precipitation: "Precipitation"
        case .distance: "Distance"
        case .pressure: "Pressure"
        case .clock: "Clock"
        }
    }
    package var unitsKeys: String { "↑↓ choose  ←→ or Enter change  Esc close" }
    package func removedUndoable(_ place: Place) -> String { "Removed \(address(place)) · z undoes it" }
    package func restored(_ place: Place) -> String { "\(address(place)) is back in the list." }
    package var helpScrollHint: String { "↑↓ scroll the help" }
}
