import Foundation

/// Clock readings in a place's own time zone.
public enum LocalTime {
    /// The zone for an IANA name; GMT if the name is unknown to this system.
    public static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
    }

    /// "+09:00", "-03:30", "+00:00".
    public static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
    }

    /// ISO 8601 with the place's offset: "2026-11-22T03:56:00+09:00".
    public static func iso8601(_ date: Date, in zone: TimeZone) -> String {
        format(date, "yyyy-MM-dd'T'HH:mm:ss", in: zone) + offset(zone.secondsFromGMT(for: date))
    }

    /// Formats with a fixed pattern, in English, whatever the machine's locale.
    public static func format(_ date: Date, _ pattern: String, in zone: TimeZone) -> String {
        formatters.withLock { cache in
            let key = pattern + "\u{0}" + zone.identifier
            if let formatter = cache[key] { return formatter.string(from: date) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            cache[key] = formatter
            return formatter.string(from: date)
        }
    }

    /// Setting up a formatter costs far more than formatting (ICU loads its
    /// symbols each time): a list of 1,000 places spent half its time there.
    /// One formatter per pattern and zone, kept for the process.
    private static let formatters = LockedCache<DateFormatter>()

    /// The instant a service's local wall-clock reading ("2026-01-19T05:00",
    /// "2026-01-19T05:00:30", or a date alone) stands for in `zone`, DST included.
    public static func instant(fromLocal text: String, in zone: TimeZone) -> Date? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).map { Int($0) }
        guard digits.count >= 3, digits.allSatisfy({ $0 != nil }) else { return nil }
        let v = digits.map { $0! }
        let (year, month, day) = (v[0], v[1], v[2])
        let hour = v.count > 3 ? v[3] : 0, minute = v.count > 4 ? v[4] : 0, second = v.count > 5 ? v[5] : 0
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), (0...60).contains(second)
        else {
            return nil
        }
        let wall = Double(daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second)
        // The offset at the wall time read as UTC is right except within an hour of a
        // change; asking again at the corrected instant settles it.
        let guess = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        return Date(timeIntervalSince1970: wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// A dictionary behind a lock, for values that are costly to make and safe to share.
final class LockedCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    func withLock<T>(_ body: (inout [String: Value]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
