import Foundation

/// The sky at a place today, as the list's fields read it.
public enum Sky {
    /// The sun over the place's local day at `now`: sunrise, sunset and civil
    /// twilight (what a list's fields say), not the other twilights.
    public static func today(_ place: Place, now: Date) -> SunDay {
        let offset = LocalTime.zone(place.timeZone).secondsFromGMT(for: now)
        return Sun.day(ClockReading(now, utcOffset: offset).date, at: place.coordinate, utcOffset: offset, twilights: false)
    }

    /// Today's daylight in whole minutes (rounded once, as shown).
    public static func daylightMinutes(_ place: Place, now: Date) -> Int { today(place, now: now).minutes }
}
