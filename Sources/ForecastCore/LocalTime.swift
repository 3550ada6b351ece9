import Foundation

/// Clock readings in a place's own time zone.
public enum LocalTime {
    /// The zone for an IANA name; GMT if the name is unknown to this system.
    public static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
    }

    /// "07", "23": a number from 0 to 99 in two digits (by hand: String(format:) is slow).
    public static func twoDigits(_ value: Int) -> String {
        value >= 0 && value < 10 ? "0" + String(value) : String(value)
    }

    /// "+09:00", "-03:30", "+00:00".
    public static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// ISO 8601 with the place's offset: "2026-11-22T03:56:00+09:00".
    public static func iso8601(_ date: Date, in zone: TimeZone) -> String {
        let r = reading(date, in: zone)
        return r.date.iso + "T" + twoDigits(r.hour) + ":" + twoDigits(r.minute) + ":" + twoDigits(r.second) + offset(r.utcOffset)
    }

    /// What a clock and calendar in `zone` show at `date`.
    public static func reading(_ date: Date, in zone: TimeZone) -> ClockReading {
        ClockReading(date, utcOffset: zone.secondsFromGMT(for: date))
    }

    /// The instant a service's local wall-clock reading ("2026-01-19T05:00",
    /// "2026-01-19T05:00:30", or a date alone) stands for in `zone`, DST included.
    public static func instant(fromLocal text: String, in zone: TimeZone) -> Date? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).map { Int($0) }
        guard digits.count >= 3, digits.allSatisfy({ $0 != nil }) else { return nil }
        let v = digits.map { $0! }
        let (year, month, day) = (v[0], v[1], v[2])
        let hour = v.count > 3 ? v[3] : 0, minute = v.count > 4 ? v[4] : 0, second = v.count > 5 ? v[5] : 0
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), (0...60).contains(second), CivilDate(year: year, month: month, day: day).exists
        else {
            return nil
        }
        let wall = Double(CivilDate(year: year, month: month, day: day).daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second)
        // The offset at the wall time read as UTC is right except within an hour of a
        // change; asking again at the corrected instant settles it.
        let guess = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        return Date(timeIntervalSince1970: wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))))
    }
}

/// A day of the proleptic Gregorian calendar. The one place dates are
/// computed (Howard Hinnant's algorithms), for every zone and offset.
public struct CivilDate: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether this day is in the calendar (month 1–12, day within its month).
    public var exists: Bool {
        (1...12).contains(month) && (1...31).contains(day) && CivilDate(daysSince1970: daysSince1970) == self
    }

    /// The date `days` after 1970-01-01.
    public init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 0 for Sunday … 6 for Saturday.
    public var weekday: Int {
        let days = daysSince1970
        return ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday
    }

    /// "2026-11-22".
    public var iso: String {
        guard year >= 0 else { return String(format: "%05d-%02d-%02d", year, month, day) }
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-" + LocalTime.twoDigits(month) + "-" + LocalTime.twoDigits(day)
    }

    /// The date of an ISO "YYYY-MM-DD…" text, or nil.
    public init?(iso text: String) {
        let parts = text.prefix(10).split(separator: "-").map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2],
              (1...9999).contains(y), (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        self.init(year: y, month: m, day: d)
        guard exists else { return nil }  // "2026-02-30" is no date
    }
}

/// A wall clock and calendar reading at some UTC offset.
public struct ClockReading: Hashable, Sendable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var utcOffset: Int
    /// The clock it is read on (the user's `units --clock`).
    public var clock: ClockStyle = .h24

    /// The reading at `instant`, `utcOffset` seconds east of UTC. Beyond
    /// ±100,000 years an instant is nonsense; clamping keeps the arithmetic from trapping.
    public init(_ instant: Date, utcOffset: Int) {
        let limit = 3.0e12
        let since1970 = min(limit, max(-limit, instant.timeIntervalSince1970.isFinite ? instant.timeIntervalSince1970 : 0))
        let offset = min(86_400, max(-86_400, utcOffset))
        let seconds = Int(since1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let within = seconds - days * 86_400
        date = CivilDate(daysSince1970: days)
        hour = within / 3600
        minute = within % 3600 / 60
        second = within % 60
        self.utcOffset = offset
    }

    /// "14:05".
    public var hourMinute: String { LocalTime.twoDigits(hour) + ":" + LocalTime.twoDigits(minute) }

    /// On a 12-hour clock: the hour 1–12 and the minutes ("2:05"), and whether it is after noon.
    public var twelveHour: (text: String, afternoon: Bool) {
        let h = hour % 12 == 0 ? 12 : hour % 12
        return ("\(h):" + LocalTime.twoDigits(minute), hour >= 12)
    }
}
