import Foundation

/// The usual low and high of one calendar day at a place: the means of the
/// daily minimum and maximum of the 30 years 1991–2020 (the WMO's current
/// standard normal period), each day taken with the seven days either side
/// (15 days × 30 years: 450 values a mean), so one odd year or week does not
/// make the normal. °C, from ERA5 reanalysis (Open-Meteo's historical-weather API).
public struct DayNormal: Sendable, Hashable, Codable {
    /// The calendar day, "MM-DD" ("02-29" too).
    public var day: String
    /// °C.
    public var low: Double
    public var high: Double
    /// How many days' values each mean is made of.
    public var count: Int

    public init(day: String, low: Double, high: Double, count: Int) {
        self.day = day
        self.low = low
        self.high = high
        self.count = count
    }
}

/// A place's normals, the calendar days fetched so far: a month's days (and
/// the day either side of it) each time a month begins, kept with those of
/// the months before, so a year of months fetched is every day of the year.
public struct ClimateNormals: Sendable, Hashable, Codable {
    /// The standard normal period.
    public static let years = 1991...2020
    /// "1991–2020", as outputs name it.
    public static let period = "1991–2020"
    /// Days either side of the day itself in its mean.
    public static let halfWindow = 7
    /// The most values one mean can have.
    public static var fullCount: Int { (2 * halfWindow + 1) * years.count }
    /// A mean is made only of at least this share of its days (ERA5 has no
    /// gaps; an answer with many is no normal).
    public static let minimumShare = 0.8
    /// Every calendar day of a leap year.
    public static let maximumDays = 366
    /// What a mean of 450 days can be, °C: Vostok's coldest month averages
    /// about −70, Death Valley's hottest highs about 47.
    public static let plausible = -90.0...60.0

    /// Sorted by day, one each.
    public private(set) var days: [DayNormal]

    public init(days: [DayNormal]) {
        var byDay: [String: DayNormal] = [:]
        for normal in days { byDay[normal.day] = normal }
        self.days = byDay.values.sorted { $0.day < $1.day }
    }

    /// The normal of the calendar day of `date` ("2026-11-26": the 26th of November's).
    public func normal(on date: String) -> DayNormal? {
        guard date.utf8.count == 10 else { return nil }
        let day = String(date.suffix(5))
        return days.first { $0.day == day }
    }

    /// Whether the normal of the calendar day of `date` is kept.
    public func covers(_ date: CivilDate) -> Bool { normal(on: date.iso) != nil }

    /// The calendar days a place's today may be at `now`, whatever its zone
    /// (UTC−12 to UTC+14): the day before, the day and the day after in UTC.
    public static func daysNear(_ now: Date) -> Set<String> {
        Set([-86_400.0, 0, 86_400].map { String(ClockReading(now.addingTimeInterval($0), utcOffset: 0).date.iso.suffix(5)) })
    }

    /// These days, with those of `older` that these have not (the months fetched before).
    public func keeping(_ older: ClimateNormals?) -> ClimateNormals {
        guard let older else { return self }
        let mine = Set(days.map(\.day))
        return ClimateNormals(days: days + older.days.filter { !mine.contains($0.day) })
    }

    /// Whether every normal is one: a known calendar day, plausible
    /// temperatures (the low no higher than the high), a count that can be.
    public func validated() throws(WeatherError) -> ClimateNormals {
        guard days.count <= Self.maximumDays else { throw WeatherError.invalid(.field("normals"), .notValid) }
        for (index, normal) in days.enumerated() {
            let name = "normals[\(index)]"
            guard Self.calendarDay(normal.day) != nil else { throw WeatherError.invalid(.field(name + ".day"), .notValid) }
            for (value, part) in [(normal.low, "low"), (normal.high, "high")] {
                guard value.isFinite, Self.plausible.contains(value) else {
                    throw WeatherError.invalid(
                        .field(name + "." + part),
                        .outside(value: SafeNumber.fixed(value, decimals: 1, trim: true), range: "-90…60 °C"))
                }
            }
            guard normal.low <= normal.high, (1...Self.fullCount).contains(normal.count) else {
                throw WeatherError.invalid(.field(name), .notValid)
            }
        }
        return self
    }

    /// The month and day of "MM-DD", if it is a day of a leap year's calendar.
    static func calendarDay(_ text: String) -> (month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 5, parts.count == 2, parts.allSatisfy({ $0.utf8.count == 2 }),
              let month = Int(parts[0]), let day = Int(parts[1]), CivilDate(year: 2000, month: month, day: day).exists
        else { return nil }
        return (month, day)
    }

    // MARK: - What is asked, and what it comes to

    /// The days asked of one year for `month`'s normals: from the eighth day
    /// before the month to the eighth after it, so the day before the month
    /// and the day after it have their fifteen days too (a place an hour
    /// ahead of the month it was asked in still has its normal). At most 47
    /// days: under Open-Meteo's 14 days × 10 variables a call, one call a
    /// place for two variables.
    public static func window(month: Int, year: Int) -> (start: CivilDate, end: CivilDate) {
        let first = CivilDate(year: year, month: month, day: 1).daysSince1970
        let next = month == 12 ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1)
        return (CivilDate(daysSince1970: first - halfWindow - 1), CivilDate(daysSince1970: next.daysSince1970 - 1 + halfWindow + 1))
    }

    /// The calendar days `month`'s windows give a normal for: the month's (29
    /// February's with February's, and with March's as the day before), the
    /// day before it and the day after it.
    static func calendarDays(month: Int) -> [(month: Int, day: Int)] {
        let before = month == 1 ? 12 : month - 1, after = month == 12 ? 1 : month + 1
        let length = { (m: Int) in (28...31).last { CivilDate(year: 2000, month: m, day: $0).exists } ?? 28 }
        return [(before, length(before))] + (1...length(month)).map { (month, $0) } + [(after, 1)]
    }

    /// The normals of `month`'s days from the daily lows and highs of its
    /// windows (`window(month:year:)` for every year of the period), by day
    /// since 1970; nil when no day has enough values. In a year without 29
    /// February, that day's fifteen days are the 28th's.
    public static func from(month: Int, lows: [Int: Double], highs: [Int: Double]) -> ClimateNormals? {
        guard (1...12).contains(month) else { return nil }
        var normals: [DayNormal] = []
        for (m, d) in calendarDays(month: month) {
            var lowSum = 0.0, highSum = 0.0, lowCount = 0, highCount = 0
            for year in years {
                // The neighbour days of January and December are in the year before and after.
                let y = m == 12 && month == 1 ? year - 1 : m == 1 && month == 12 ? year + 1 : year
                var centre = CivilDate(year: y, month: m, day: d)
                if !centre.exists { centre = CivilDate(year: y, month: m, day: d - 1) }
                let middle = centre.daysSince1970
                for day in (middle - halfWindow)...(middle + halfWindow) {
                    if let low = lows[day] { lowSum += low; lowCount += 1 }
                    if let high = highs[day] { highSum += high; highCount += 1 }
                }
            }
            let needed = Int((Double(fullCount) * minimumShare).rounded(.up))
            guard lowCount >= needed, highCount >= needed else { continue }
            let low = lowSum / Double(lowCount), high = highSum / Double(highCount)
            guard low.isFinite, high.isFinite, low <= high else { continue }
            normals.append(DayNormal(
                day: LocalTime.twoDigits(m) + "-" + LocalTime.twoDigits(d), low: low, high: high, count: min(lowCount, highCount)))
        }
        return normals.isEmpty ? nil : ClimateNormals(days: normals)
    }
}

extension WeatherReport {
    /// Today in the place's calendar and its normal, where both are known.
    public func todayAndNormal(_ normals: ClimateNormals?, now: Date) -> (today: DailyForecast, normal: DayNormal)? {
        let date = LocalDays.localDate(now, utcOffset: utcOffsetSeconds)
        guard let normals, let today = daily.first(where: { $0.date == date }), let normal = normals.normal(on: date) else { return nil }
        return (today, normal)
    }

    /// Today's high less its normal, each to a tenth in `unit` as shown (JSON,
    /// CSV and `--where`'s `vs_normal`; the text says the difference of the whole degrees it shows).
    public func highAgainstNormal(_ normals: ClimateNormals?, now: Date, unit: TemperatureUnit) -> Double? {
        guard let days = todayAndNormal(normals, now: now) else { return nil }
        return ShownNumber.temperatureDifference(from: days.normal.high, to: days.today.maximum, in: unit)
    }
}
