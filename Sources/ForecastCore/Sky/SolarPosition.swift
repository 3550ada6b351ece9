import Foundation

/// Where the sun stands in a place's sky at an instant: the low-precision
/// formulae of the Astronomical Almanac (section C, "Low precision formulas
/// for the Sun", good to 0.01° from 1950 to 2050) and the Greenwich mean
/// sidereal time of USNO's approximation. Pure arithmetic, no request.
public enum SolarPosition {
    /// The sun's centre's altitude above the horizon, in degrees, without
    /// refraction.
    public static func elevation(at instant: Date, latitude: Double, longitude: Double) -> Double {
        let (rightAscension, declination) = equatorial(at: instant)
        let hourAngle = radians(siderealDegrees(at: instant) + longitude) - rightAscension
        let phi = radians(latitude)
        let sine = sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)
        return asin(max(-1, min(1, sine))) * 180 / .pi
    }

    /// The sun's declination at `instant`, degrees.
    public static func declination(at instant: Date) -> Double { equatorial(at: instant).declination * 180 / .pi }

    /// The sun's local hour angle at `instant`, degrees (any turn: 0 at noon).
    public static func hourAngle(at instant: Date, longitude: Double) -> Double {
        declinationAndHourAngle(at: instant, longitude: longitude).hourAngle
    }

    /// Both at once, from one position of the sun, degrees.
    public static func declinationAndHourAngle(at instant: Date, longitude: Double) -> (declination: Double, hourAngle: Double) {
        let (rightAscension, declination) = equatorial(at: instant)
        return (declination * 180 / .pi, siderealDegrees(at: instant) + longitude - rightAscension * 180 / .pi)
    }

    /// Days since J2000.0.
    static func days(_ instant: Date) -> Double { instant.timeIntervalSince1970 / 86_400 + 2_440_587.5 - 2_451_545.0 }

    /// Greenwich mean sidereal time, degrees.
    static func siderealDegrees(at instant: Date) -> Double { 280.46061837 + 360.98564736629 * days(instant) }

    /// The sun's right ascension and declination, radians.
    static func equatorial(at instant: Date) -> (rightAscension: Double, declination: Double) {
        let n = days(instant)
        let meanLongitude = 280.460 + 0.9856474 * n
        let meanAnomaly = radians(357.528 + 0.9856003 * n)
        let eclipticLongitude = radians(meanLongitude + 1.915 * sin(meanAnomaly) + 0.020 * sin(2 * meanAnomaly))
        let obliquity = radians(23.439 - 0.0000004 * n)
        return (atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude)), asin(sin(obliquity) * sin(eclipticLongitude)))
    }

    /// The altitude of the sun's centre at sunrise and sunset: its upper limb
    /// on a horizon at elevation 0, with 34′ of refraction and a 16′ radius.
    public static let horizon = -0.833

    /// Whether the sun is up at `instant` (its upper limb above the horizon).
    public static func isDay(at instant: Date, latitude: Double, longitude: Double) -> Bool {
        elevation(at: instant, latitude: latitude, longitude: longitude) > horizon
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}

extension WeatherReport {
    /// This report with the sun's times the service left out computed, and day
    /// or night said for every time the service left it unsaid (no `is_day`, a
    /// symbol without "_day"/"_night"): from the day's
    /// sunrise and sunset where the answer gives them, else from the sun's
    /// height at `coordinate`. What the service said is kept.
    public func withDaylight(at coordinate: Coordinate) -> WeatherReport {
        var filled = self
        // The sun's times a service leaves out (MET Norway gives none), computed
        // (`Sun`); a service's own are kept. None in a polar day or night.
        let sun = { (date: CivilDate) in Sun.day(date, at: coordinate, utcOffset: self.utcOffsetSeconds) }
        if filled.current.sunrise == nil || filled.current.sunset == nil {
            let today = sun(ClockReading(observedAt, utcOffset: utcOffsetSeconds).date)
            filled.current.sunrise = filled.current.sunrise ?? today.sunrise
            filled.current.sunset = filled.current.sunset ?? today.sunset
        }
        for index in filled.daily.indices where filled.daily[index].sunrise == nil || filled.daily[index].sunset == nil {
            guard let date = CivilDate(iso: filled.daily[index].date) else { continue }
            let day = sun(date)
            filled.daily[index].sunrise = filled.daily[index].sunrise ?? day.sunrise
            filled.daily[index].sunset = filled.daily[index].sunset ?? day.sunset
        }
        if filled.current.isDay == nil {
            filled.current.isDay = isDay(at: observedAt, coordinate: coordinate)
        }
        for index in filled.hourly.indices where filled.hourly[index].isDay == nil {
            filled.hourly[index].isDay = isDay(at: filled.hourly[index].time, coordinate: coordinate)
        }
        return filled
    }

    /// Day or night at `instant`: between the answer's own sunrise and sunset
    /// of that local day, where it gives both, else by the sun's height.
    func isDay(at instant: Date, coordinate: Coordinate) -> Bool {
        let date = LocalDays.localDate(instant, utcOffset: utcOffsetSeconds)
        let day = daily.first { $0.date == date }
        let sunrise = day?.sunrise ?? sameDay(current.sunrise, as: date)
        let sunset = day?.sunset ?? sameDay(current.sunset, as: date)
        if let sunrise, let sunset, sunrise < sunset {
            return instant >= sunrise && instant < sunset
        }
        return SolarPosition.isDay(at: instant, latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    private func sameDay(_ time: Date?, as date: String) -> Date? {
        guard let time, LocalDays.localDate(time, utcOffset: utcOffsetSeconds) == date else { return nil }
        return time
    }
}
