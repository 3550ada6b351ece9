import ForecastCore
import Foundation

/// The words of the sun and the moon, in each language (`EnglishSky`, `KoreanSky`).
package protocol SkyWords: PlaceWords {
    var skyHeading: String { get }
    /// "Dawn 07:04 · Sunrise 07:43 · Sunset 15:55 · Dusk 16:34"; a part without a time is left out.
    func sunTimes(dawn: String?, sunrise: String?, sunset: String?, dusk: String?) -> String
    /// "Polar night: the sun does not rise today" / "Midnight sun: …".
    func polar(_ polar: SunDay.Polar) -> String
    /// "Day 8 h 12 min, 2 min shorter than yesterday"; `change` in whole minutes (nil: not known).
    func dayLength(minutes: Int, change: Int?) -> String
    func moonPhase(_ name: Moon.PhaseName) -> String
    /// "Waxing crescent, 23% lit · Moonrise 10:12 · Moonset 19:40".
    func moonLine(phase: String, percent: String, rise: String?, set: String?) -> String
}

/// The sun and the moon at a place today, computed once for every face
/// (`show`, its JSON, the report, the app).
package struct SkyView: Sendable {
    package var sun: SunDay
    package var yesterday: SunDay
    package var moon: Moon.Phase
    package var moonRise: Date?
    package var moonSet: Date?

    package init(place: Place, now: Date) {
        let zone = LocalTime.zone(place.timeZone)
        let offset = zone.secondsFromGMT(for: now)
        let today = ClockReading(now, utcOffset: offset).date
        sun = Sun.day(today, at: place.coordinate, utcOffset: offset)
        yesterday = Sun.day(
            CivilDate(daysSince1970: today.daysSince1970 - 1), at: place.coordinate,
            utcOffset: zone.secondsFromGMT(for: now.addingTimeInterval(-86_400)))
        moon = Moon.phase(at: now)
        let (rises, sets) = Moon.risesAndSets(today, at: place.coordinate, utcOffset: offset)
        moonRise = rises.first
        moonSet = sets.first
    }

    /// The sun on the local day `iso` ("2026-11-23") at `place`: one source
    /// of sun times for a place everywhere (computed, within seconds of the
    /// Almanac), so a page, JSON, CSV and `--where` never show two sunrises
    /// and dawn < sunrise < sunset < dusk always; a provider's times are not
    /// mixed in. Nil for a date that is not one.
    package static func sun(on iso: String, place: Place, zone: TimeZone) -> SunDay? {
        guard let day = CivilDate(iso: iso) else { return nil }
        let noon = Date(timeIntervalSince1970: Double(day.daysSince1970 * 86_400 + 43_200))
        return Sun.day(day, at: place.coordinate, utcOffset: zone.secondsFromGMT(for: noon.addingTimeInterval(-Double(zone.secondsFromGMT(for: noon)))))
    }

    /// Seconds longer (or shorter, negative) than yesterday; nil when either has no sunrise and sunset.
    package var lengthChange: TimeInterval? {
        sun.polar == nil && yesterday.polar == nil && sun.sunrise != nil && yesterday.sunrise != nil ? sun.length - yesterday.length : nil
    }

    /// The phase's picture: 🌑 🌒 🌓 🌔 🌕 🌖 🌗 🌘.
    package static func symbol(_ name: Moon.PhaseName) -> String {
        switch name {
        case .new: "🌑"
        case .waxingCrescent: "🌒"
        case .firstQuarter: "🌓"
        case .waxingGibbous: "🌔"
        case .full: "🌕"
        case .waningGibbous: "🌖"
        case .lastQuarter: "🌗"
        case .waningCrescent: "🌘"
        }
    }
}

/// The sun and the moon in sentences: the sun's times (or polar day or night
/// said), the day's length against yesterday's, and the moon. `show` and the
/// app print them under their heading; the HTML report in a paragraph.
package enum SkyText {
    package static func sentences(_ sky: SkyView, zone: TimeZone, format: WeatherFormat, words: ViewWords, emoji: Bool) -> [String] {
        let time = { (date: Date?) in date.map { words.time(format.reading($0, in: zone)) } }
        var sentences: [String] = []
        if let polar = sky.sun.polar {
            sentences.append(words.polar(polar))
            if polar == .night, sky.sun.civilDawn != nil {
                sentences.append(words.sunTimes(dawn: time(sky.sun.civilDawn), sunrise: nil, sunset: nil, dusk: time(sky.sun.civilDusk)))
            }
        } else {
            sentences.append(words.sunTimes(
                dawn: time(sky.sun.civilDawn), sunrise: time(sky.sun.sunrise), sunset: time(sky.sun.sunset), dusk: time(sky.sun.civilDusk)))
            // The change between the two lengths as shown, so that they add up.
            let change = sky.lengthChange.map { _ in sky.sun.minutes - sky.yesterday.minutes }
            sentences.append(words.dayLength(minutes: sky.sun.minutes, change: change))
        }
        let percent = "\(sky.moon.percent)%"
        let phase = (emoji ? SkyView.symbol(sky.moon.name) + " " : "") + words.moonPhase(sky.moon.name)
        sentences.append(words.moonLine(phase: phase, percent: percent, rise: time(sky.moonRise), set: time(sky.moonSet)))
        return sentences
    }

    /// Under the heading, each sentence folded to the terminal.
    package static func lines(_ sky: SkyView, zone: TimeZone, format: WeatherFormat, style: TextStyle) -> [String] {
        let width = max(20, (style.columns ?? Int.max / 2) - 4)
        return ["  " + style.bold(style.words.skyHeading)]
            + sentences(sky, zone: zone, format: format, words: style.words, emoji: style.emoji)
                .flatMap { folded($0, width: width).map { "    " + $0 } }
    }

    /// A sentence folded at its " · " first ("Dusk 17:43" stays whole), then at spaces for a part still too wide.
    static func folded(_ sentence: String, width: Int) -> [String] {
        var lines: [String] = [], current = ""
        for part in sentence.components(separatedBy: " · ") {
            let joined = current.isEmpty ? part : current + " · " + part
            if current.isEmpty || DisplayWidth.of(joined) <= width {
                current = joined
            } else {
                lines.append(current)
                current = part
            }
        }
        lines.append(current)
        return lines.flatMap { DisplayWidth.wrap($0, width: width) }
    }
}

/// `sun` in JSON: today's times in the place's zone with their offset, the
/// day's length and its change since yesterday in seconds; `polar` "day" or
/// "night" when the sun does not set or rise (then no sunrise or sunset).
package struct SunItem: Encodable, Sendable {
    package var astronomicalDawn, nauticalDawn, dawn, sunrise, solarNoon, sunset, dusk, nauticalDusk, astronomicalDusk: String?
    package var goldenHourEnds, goldenHourBegins: String?
    package var dayLength: Int
    package var dayLengthChange: Int?
    package var polar: String?

    package init(_ sky: SkyView, zone: TimeZone) {
        let local = { (date: Date?) in date.map { LocalTime.iso8601($0, in: zone) } }
        let sun = sky.sun
        astronomicalDawn = local(sun.astronomicalDawn)
        nauticalDawn = local(sun.nauticalDawn)
        dawn = local(sun.civilDawn)
        sunrise = local(sun.sunrise)
        solarNoon = local(sun.solarNoon)
        sunset = local(sun.sunset)
        dusk = local(sun.civilDusk)
        nauticalDusk = local(sun.nauticalDusk)
        astronomicalDusk = local(sun.astronomicalDusk)
        goldenHourEnds = local(sun.goldenHourEnds)
        goldenHourBegins = local(sun.goldenHourBegins)
        dayLength = SafeNumber.rounded(sun.length) ?? 0
        dayLengthChange = sky.lengthChange.flatMap(SafeNumber.rounded)
        polar = sun.polar?.rawValue
    }
}

/// `moon` in JSON: the phase's name ("waxing-crescent"), the lit part in
/// whole percent, its age in days (one decimal), today's rise and set.
package struct MoonItem: Encodable, Sendable {
    package var phase: String
    package var illumination: Int
    package var age: Double
    package var rise, set: String?

    package init(_ sky: SkyView, zone: TimeZone) {
        phase = sky.moon.name.rawValue
        illumination = sky.moon.percent
        age = ShownNumber.rounded(sky.moon.age, places: 1) ?? 0
        rise = sky.moonRise.map { LocalTime.iso8601($0, in: zone) }
        set = sky.moonSet.map { LocalTime.iso8601($0, in: zone) }
    }
}
