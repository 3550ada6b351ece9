import ForecastCore
import Foundation

/// The words of the page a place gets in `browse` and in `show` on a
/// terminal (`EnglishPage`, `KoreanPage`): the cards' titles, the strip's
/// and the days' labels, the units menu, the undo.
package protocol PageWords: PlaceWords {
    /// "H:12° L:3°" / "최고 12° 최저 3°".
    func highLow(high: String, low: String) -> String
    var pageNow: String { get }
    var pageToday: String { get }
    /// The strip's heading.
    var pageHoursHeading: String { get }
    /// The hours' chart (a tall window): "Temperature and chance of rain" / "Temperature" where no hour has a chance shown.
    func pageChartHeading(rain: Bool) -> String
    /// "7-day forecast" / "7일 예보".
    func pageDaysHeading(_ count: Int) -> String
    /// A day's hours opened from its row: "Hours of Thu 27 Nov".
    func pageDayHours(_ day: String) -> String
    /// A day past the forecast's hours: "(its hours reach Sun 29 Nov 10:00)".
    func pageNoHoursThatDay(last: String?) -> String
    var sunriseShort: String { get }
    var sunsetShort: String { get }
    var cardUV: String { get }
    var cardAir: String { get }
    var cardWind: String { get }
    var cardSun: String { get }
    var cardMoon: String { get }
    var cardHumidity: String { get }
    var cardPressure: String { get }
    var cardVisibility: String { get }
    var cardPrecipitation: String { get }
    /// "Dew point 6°".
    func dewPoint(_ temperature: String) -> String
    /// "Gusts 9 m/s".
    func gusts(_ speed: String) -> String
    /// "Today's highest".
    var uvTodaysHighest: String { get }
    /// "Day 9 h 28 min" (the sun card's length of day).
    func dayLengthShort(minutes: Int) -> String
    /// "Rising over the last 3 h" / "Falling over the next 3 h" / "Steady over the last 3 h".
    func pressureTrend(_ trend: PressureTrend, past: Bool) -> String
    /// "2.4 mm today" / "오늘 2.4 mm".
    func precipitationToday(_ amount: String) -> String
    /// "Chance 40%".
    func chanceOf(_ percent: String) -> String
    /// "42% lit".
    func moonLit(_ percent: String) -> String
    /// The keys of the page, for its last line.
    var pageKeysDays: String { get }
    /// A day's hours: its keys.
    var pageDayHoursKeys: String { get }
    /// `U`: the units menu.
    var unitsTitle: String { get }
    func unitsRow(_ row: UnitsMenuRow) -> String
    var unitsKeys: String { get }
    /// Under a help longer than the window.
    var helpScrollHint: String { get }
    /// "Removed Seoul · z undoes it".
    func removedUndoable(_ place: Place) -> String
    /// "Seoul is back in the list".
    func restored(_ place: Place) -> String
}

extension PressureTrend {
    /// The arrow beside the number.
    package var arrow: String {
        switch self {
        case .rising: "↑"
        case .falling: "↓"
        case .steady: "→"
        }
    }
}

/// The rows of the units menu (`U` in the app).
package enum UnitsMenuRow: Int, CaseIterable, Sendable {
    case temperature, wind, precipitation, distance, pressure, clock
}
