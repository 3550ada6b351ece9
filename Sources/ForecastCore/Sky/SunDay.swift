import Foundation

/// The sun over one local day at a place: dawns, sunrise, solar noon, sunset,
/// dusks, the golden hours and the day's length, computed on the machine for
/// any date and any provider.
///
/// Method: the sun's declination and the equation of time from the
/// Astronomical Almanac's low-precision formulas (section C, good to 0.01°
/// between 1950 and 2050), the hour angle at which the sun's centre stands at
/// each altitude solved in closed form and refined at that very moment (three
/// rounds), as NOAA's Solar Calculator (after Meeus, *Astronomical Algorithms*)
/// does. Sunrise and sunset are the upper limb on a horizon at elevation 0
/// with 34′ of refraction (the centre at −0.833°); civil, nautical and
/// astronomical twilight end and begin at −6°, −12° and −18°; the golden hour
/// is the sun below 6°. Where the sun does not reach an altitude that day
/// (polar day or night, a summer night that never gets dark) there is no time,
/// never a wrong one, and `polar` says which.
public struct SunDay: Sendable, Hashable {
    /// The day at the place (its own calendar day).
    public var date: CivilDate
    public var solarNoon: Date
    public var sunrise: Date?
    public var sunset: Date?
    public var civilDawn: Date?, civilDusk: Date?
    public var nauticalDawn: Date?, nauticalDusk: Date?
    public var astronomicalDawn: Date?, astronomicalDusk: Date?
    /// When the morning's golden hour ends (the sun at 6°) and the evening's begins.
    public var goldenHourEnds: Date?, goldenHourBegins: Date?
    /// The sun's height at solar noon, degrees (its centre, no refraction).
    public var noonElevation: Double
    /// The sun never sets this day (`.day`) or never rises (`.night`); nil on an ordinary day.
    public var polar: Polar?

    public enum Polar: String, Sendable, Hashable, Codable {
        case day, night
    }

    /// Seconds between sunrise and sunset: 24 h in a polar day, 0 in a polar night.
    public var length: TimeInterval {
        switch polar {
        case .day?: return 86_400
        case .night?: return 0
        case nil:
            // The first or last day of a midnight sun has a sunrise and no sunset in
            // its half day after noon (or the reverse): the sun is up to that end.
            switch (sunrise, sunset) {
            case let (rise?, set?): return max(0, set.timeIntervalSince(rise))
            case let (rise?, nil): return min(86_400, solarNoon.addingTimeInterval(43_200).timeIntervalSince(rise))
            case let (nil, set?): return min(86_400, set.timeIntervalSince(solarNoon.addingTimeInterval(-43_200)))
            case (nil, nil): return 0
            }
        }
    }

    /// The length in whole minutes, rounded once: what every face says and `--where daylight` compares.
    public var minutes: Int { SafeNumber.rounded(length / 60) ?? 0 }

    /// The altitudes of the sun's centre that name its times.
    public enum Altitude {
        public static let sunrise = SolarPosition.horizon
        public static let civil = -6.0
        public static let nautical = -12.0
        public static let astronomical = -18.0
        public static let golden = 6.0
    }
}

public enum Sun {
    /// The sun over `date` at `coordinate`, whose clock is `utcOffset` seconds
    /// east of UTC on that day. The solar day taken is the one whose noon is
    /// nearest the local clock's noon; a time of it that falls outside the
    /// local date (a sunset after midnight near the poles) is kept, as the
    /// event belongs to that day's light.
    /// `twilights`: whether the nautical and astronomical twilights and the
    /// golden hours are wanted (`show`), or only sunrise, sunset and civil
    /// twilight (a list's fields: a third of the work); those not computed are nil.
    public static func day(_ date: CivilDate, at coordinate: Coordinate, utcOffset: Int, twilights: Bool = true) -> SunDay {
        let offset = TimeInterval(min(86_400, max(-86_400, utcOffset)))
        let localNoon = Date(timeIntervalSince1970: TimeInterval(date.daysSince1970) * 86_400 + 43_200 - offset)
        let latitude = coordinate.latitude, longitude = coordinate.longitude
        let noon = solarNoon(near: localNoon, longitude: longitude)
        let noonElevation = SolarPosition.elevation(at: noon, latitude: latitude, longitude: longitude)
        let midnightElevation = SolarPosition.elevation(at: noon.addingTimeInterval(-43_200), latitude: latitude, longitude: longitude)
        let pair = { (altitude: Double) -> (Date?, Date?) in
            (crossing(altitude, rising: true, noon: noon, latitude: latitude, longitude: longitude),
             crossing(altitude, rising: false, noon: noon, latitude: latitude, longitude: longitude))
        }
        let rise = pair(SunDay.Altitude.sunrise), civil = pair(SunDay.Altitude.civil)
        let none: (Date?, Date?) = (nil, nil)
        let nautical = twilights ? pair(SunDay.Altitude.nautical) : none
        let astronomical = twilights ? pair(SunDay.Altitude.astronomical) : none
        let golden = twilights ? pair(SunDay.Altitude.golden) : none
        var polar: SunDay.Polar?
        if rise.0 == nil && rise.1 == nil {
            polar = noonElevation > SunDay.Altitude.sunrise || midnightElevation > SunDay.Altitude.sunrise ? .day : .night
        }
        return SunDay(
            date: date, solarNoon: noon, sunrise: rise.0, sunset: rise.1, civilDawn: civil.0, civilDusk: civil.1,
            nauticalDawn: nautical.0, nauticalDusk: nautical.1, astronomicalDawn: astronomical.0, astronomicalDusk: astronomical.1,
            goldenHourEnds: golden.0, goldenHourBegins: golden.1, noonElevation: noonElevation, polar: polar)
    }

    /// The moment the sun crosses the meridian nearest `guess`.
    static func solarNoon(near guess: Date, longitude: Double) -> Date {
        var noon = guess
        for _ in 0..<3 {
            noon = noon.addingTimeInterval(-hourAngle(at: noon, longitude: longitude) / 15 * 3600)
        }
        return noon
    }

    /// When the sun's centre stands at `altitude`, rising before `noon` or setting
    /// after it; nil when it does not reach that altitude in the half day.
    static func crossing(_ altitude: Double, rising: Bool, noon: Date, latitude: Double, longitude: Double) -> Date? {
        var time = noon
        for round in 0..<4 {
            // One position of the sun for both (a list of 1,000 places computes this 16,000 times).
            let (declination, angle) = SolarPosition.declinationAndHourAngle(at: time, longitude: longitude)
            let phi = SolarPosition.radians(latitude), delta = SolarPosition.radians(declination)
            let cosine = (sin(SolarPosition.radians(altitude)) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
            guard cosine.isFinite, cosine >= -1, cosine <= 1 else {
                // Out of reach: none today (a guess near the threshold would be a wrong time).
                return nil
            }
            let wanted = acos(cosine) * 180 / .pi * (rising ? -1 : 1)
            // Move by the difference between the hour angle it has and the one it needs (15° an hour).
            let now = wrapped(angle)
            // The shorter way round: near the poles the angle wanted is near ±180°, and a
            // step of a whole turn would land on another day.
            var step = (wanted - now + 540).truncatingRemainder(dividingBy: 360) - 180
            if round == 0 { step = wanted }  // from noon, where the hour angle is 0
            time = time.addingTimeInterval(step / 15 * 3600)
        }
        return time
    }

    /// The sun's hour angle at `instant`, degrees in -180..<180 (negative before noon).
    static func hourAngle(at instant: Date, longitude: Double) -> Double {
        wrapped(SolarPosition.hourAngle(at: instant, longitude: longitude))
    }

    /// An angle in -180..<180.
    static func wrapped(_ angle: Double) -> Double {
        let turned = (angle + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }
}
