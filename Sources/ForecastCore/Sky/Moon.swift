import Foundation

/// The moon at an instant and over a local day: its phase (name, lit
/// fraction, age) and when it rises and sets, computed on the machine.
///
/// Method: the moon's ecliptic longitude, latitude and distance from the
/// largest terms of Meeus' lunar theory (*Astronomical Algorithms*, 2nd ed.,
/// chapter 47, tables 47.A and 47.B: the terms over 0.001°, good to about
/// 0.01°); the lit fraction from the phase angle (chapter 48); the sun from
/// the Astronomical Almanac's low-precision formulas. It rises or sets when
/// its centre stands at 0.7275·π − 0.5667° (π its horizontal parallax: the
/// parallax, 34′ of refraction and its radius, as the Almanac takes them),
/// found by sampling its altitude every 20 minutes over the local day and
/// halving the step to a second. A day may have no moonrise or no moonset.
public enum Moon {
    public struct Phase: Sendable, Hashable {
        /// The lit fraction of the disc, 0...1.
        public var illumination: Double
        /// Days since the last new moon (0 ..< 29.53).
        public var age: Double
        /// The moon's longitude from the sun's, degrees (0 new, 90 first quarter, 180 full, 270 last quarter).
        public var elongation: Double
        public var name: PhaseName

        /// The lit part in whole percent, rounded once: what every face says and `--where moon` compares.
        public var percent: Int { SafeNumber.rounded(illumination * 100) ?? 0 }
    }

    /// The eight phases as almanacs and weather apps name them: the four
    /// principal ones within a day and a half of their instant (±18°), the
    /// crescents and gibbous moons between.
    public enum PhaseName: String, Sendable, Hashable, CaseIterable, Codable {
        case new, waxingCrescent = "waxing-crescent", firstQuarter = "first-quarter", waxingGibbous = "waxing-gibbous"
        case full, waningGibbous = "waning-gibbous", lastQuarter = "last-quarter", waningCrescent = "waning-crescent"

        init(elongation: Double) {
            let principal: [(Double, PhaseName)] = [(0, .new), (90, .firstQuarter), (180, .full), (270, .lastQuarter), (360, .new)]
            if let near = principal.first(where: { abs($0.0 - elongation) <= 18 }) {
                self = near.1
            } else {
                self = elongation < 90 ? .waxingCrescent : elongation < 180 ? .waxingGibbous : elongation < 270 ? .waningGibbous : .waningCrescent
            }
        }
    }

    /// The mean length of a lunation, days.
    public static let synodicMonth = 29.530_588_853

    public static func phase(at instant: Date) -> Phase {
        let t = centuries(instant)
        let moon = position(t)
        let sun = sunLongitude(instant)
        let elongation = normalized(moon.longitude - sun)
        // The phase angle from the elongation and the distances (Meeus 48.2, 48.3).
        let cosPsi = cos(radians(moon.latitude)) * cos(radians(moon.longitude - sun))
        let psi = acos(max(-1, min(1, cosPsi)))
        let sunDistance = 149_597_870.7 * 1.000_140_612  // the mean distance is enough for the angle
        let i = atan2(sunDistance * sin(psi), moon.distance - sunDistance * cosPsi)
        let illumination = (1 + cos(i)) / 2
        return Phase(illumination: illumination, age: elongation / 360 * synodicMonth, elongation: elongation, name: PhaseName(elongation: elongation))
    }

    /// Moonrises and moonsets within the local day `date` (clock `utcOffset`
    /// seconds east of UTC), in order: usually one of each, sometimes one is missing.
    public static func risesAndSets(_ date: CivilDate, at coordinate: Coordinate, utcOffset: Int) -> (rises: [Date], sets: [Date]) {
        let offset = TimeInterval(min(86_400, max(-86_400, utcOffset)))
        let start = TimeInterval(date.daysSince1970) * 86_400 - offset
        let step: TimeInterval = 1200
        var rises: [Date] = [], sets: [Date] = []
        let above = { (seconds: TimeInterval) -> Double in
            let instant = Date(timeIntervalSince1970: seconds)
            let (altitude, parallax) = altitudeAndParallax(at: instant, latitude: coordinate.latitude, longitude: coordinate.longitude)
            return altitude - (0.7275 * parallax - 0.5667)
        }
        var previous = above(start)
        var time = start
        while time < start + 86_400 {
            let next = min(time + step, start + 86_400)
            let value = above(next)
            if (previous <= 0) != (value <= 0) {
                // Halve the step to a second.
                var low = time, high = next, lowValue = previous
                while high - low > 1 {
                    let middle = (low + high) / 2, middleValue = above(middle)
                    if (lowValue <= 0) == (middleValue <= 0) { low = middle; lowValue = middleValue } else { high = middle }
                }
                let crossing = Date(timeIntervalSince1970: (low + high) / 2)
                if previous <= 0 { rises.append(crossing) } else { sets.append(crossing) }
            }
            previous = value
            time = next
        }
        return (rises, sets)
    }

    /// The moon's geocentric altitude (degrees, no refraction) and horizontal parallax (degrees).
    static func altitudeAndParallax(at instant: Date, latitude: Double, longitude: Double) -> (Double, Double) {
        let t = centuries(instant)
        let moon = position(t)
        let obliquity = radians(23.439_291_1 - 0.013_004_2 * t)
        let lambda = radians(moon.longitude), beta = radians(moon.latitude)
        let rightAscension = atan2(sin(lambda) * cos(obliquity) - tan(beta) * sin(obliquity), cos(lambda))
        let declination = asin(sin(beta) * cos(obliquity) + cos(beta) * sin(obliquity) * sin(lambda))
        let hourAngle = radians(SolarPosition.siderealDegrees(at: instant) + longitude) - rightAscension
        let phi = radians(latitude)
        let sine = sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)
        let parallax = asin(6378.14 / moon.distance) * 180 / .pi
        return (asin(max(-1, min(1, sine))) * 180 / .pi, parallax)
    }

    /// Julian centuries since J2000.0.
    static func centuries(_ instant: Date) -> Double { SolarPosition.days(instant) / 36_525 }

    /// The sun's apparent ecliptic longitude, degrees (the Almanac's low-precision formula).
    static func sunLongitude(_ instant: Date) -> Double {
        let n = SolarPosition.days(instant)
        let anomaly = radians(357.528 + 0.985_600_3 * n)
        return normalized(280.460 + 0.985_647_4 * n + 1.915 * sin(anomaly) + 0.020 * sin(2 * anomaly))
    }

    /// Meeus 47: (D, M, M', F, longitude 1e-6°, distance 1e-3 km).
    static let longitudeTerms: [(Double, Double, Double, Double, Double, Double)] = [
        (0, 0, 1, 0, 6_288_774, -20_905_355), (2, 0, -1, 0, 1_274_027, -3_699_111), (2, 0, 0, 0, 658_314, -2_955_968),
        (0, 0, 2, 0, 213_618, -569_925), (0, 1, 0, 0, -185_116, 48_888), (0, 0, 0, 2, -114_332, -3_149),
        (2, 0, -2, 0, 58_793, 246_158), (2, -1, -1, 0, 57_066, -152_138), (2, 0, 1, 0, 53_322, -170_733),
        (2, -1, 0, 0, 45_758, -204_586), (0, 1, -1, 0, -40_923, -129_620), (1, 0, 0, 0, -34_720, 108_743),
        (0, 1, 1, 0, -30_383, 104_755), (2, 0, 0, -2, 15_327, 10_321), (0, 0, 1, 2, -12_528, 0),
        (0, 0, 1, -2, 10_980, 79_661), (4, 0, -1, 0, 10_675, -34_782), (0, 0, 3, 0, 10_034, -23_210),
        (4, 0, -2, 0, 8_548, -21_636), (2, 1, -1, 0, -7_888, 24_208), (2, 1, 0, 0, -6_766, 30_824),
        (1, 0, -1, 0, -5_163, -8_379), (1, 1, 0, 0, 4_987, -16_675), (2, -1, 1, 0, 4_036, -12_831),
        (2, 0, 2, 0, 3_994, -10_445), (4, 0, 0, 0, 3_861, -11_650), (2, 0, -3, 0, 3_665, 14_403),
        (0, 1, -2, 0, -2_689, -7_003), (2, 0, -1, 2, -2_602, 0), (2, -1, -2, 0, 2_390, 10_056),
        (1, 0, 1, 0, -2_348, 6_322), (2, -2, 0, 0, 2_236, -9_884),
    ]

    /// Meeus 47.B: (D, M, M', F, latitude 1e-6°).
    static let latitudeTerms: [(Double, Double, Double, Double, Double)] = [
        (0, 0, 0, 1, 5_128_122), (0, 0, 1, 1, 280_602), (0, 0, 1, -1, 277_693), (2, 0, 0, -1, 173_237),
        (2, 0, -1, 1, 55_413), (2, 0, -1, -1, 46_271), (2, 0, 0, 1, 32_573), (0, 0, 2, 1, 17_198),
        (2, 0, 1, -1, 9_266), (0, 0, 2, -1, 8_822), (2, -1, 0, -1, 8_216), (2, 0, -2, -1, 4_324),
        (2, 0, 1, 1, 4_200), (2, 1, 0, -1, -3_359), (2, -1, -1, 1, 2_463), (2, -1, 0, 1, 2_211),
        (2, -1, -1, -1, 2_065), (0, 1, -1, -1, -1_870), (4, 0, -1, -1, 1_828), (0, 1, 0, 1, -1_794),
    ]

    /// The moon's geocentric ecliptic longitude and latitude (degrees) and distance (km), `t` centuries from J2000.0.
    static func position(_ t: Double) -> (longitude: Double, latitude: Double, distance: Double) {
        let meanLongitude = 218.316_447_7 + 481_267.881_234_21 * t - 0.001_578_6 * t * t
        let d = radians(297.850_192_1 + 445_267.111_403_4 * t - 0.001_881_9 * t * t)
        let m = radians(357.529_109_2 + 35_999.050_290_9 * t - 0.000_153_6 * t * t)
        let mm = radians(134.963_396_4 + 477_198.867_505_5 * t + 0.008_741_4 * t * t)
        let f = radians(93.272_095_0 + 483_202.017_523_3 * t - 0.003_653_9 * t * t)
        let e = 1 - 0.002_516 * t - 0.000_007_4 * t * t
        var sumL = 0.0, sumR = 0.0, sumB = 0.0
        for (cd, cm, cmm, cf, l, r) in longitudeTerms {
            let argument = cd * d + cm * m + cmm * mm + cf * f
            let factor = abs(cm) == 2 ? e * e : abs(cm) == 1 ? e : 1
            sumL += factor * l * sin(argument)
            sumR += factor * r * cos(argument)
        }
        for (cd, cm, cmm, cf, b) in latitudeTerms {
            let factor = abs(cm) == 2 ? e * e : abs(cm) == 1 ? e : 1
            sumB += factor * b * sin(cd * d + cm * m + cmm * mm + cf * f)
        }
        let a1 = radians(119.75 + 131.849 * t), a2 = radians(53.09 + 479_264.290 * t), a3 = radians(313.45 + 481_266.484 * t)
        let lPrime = radians(meanLongitude)
        sumL += 3958 * sin(a1) + 1962 * sin(lPrime - f) + 318 * sin(a2)
        sumB += -2235 * sin(lPrime) + 382 * sin(a3) + 175 * sin(a1 - f) + 175 * sin(a1 + f) + 127 * sin(lPrime - mm) - 115 * sin(lPrime + mm)
        return (normalized(meanLongitude + sumL / 1_000_000), sumB / 1_000_000, 385_000.56 + sumR / 1000)
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    static func normalized(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}
