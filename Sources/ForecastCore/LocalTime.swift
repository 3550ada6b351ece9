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
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
