import Foundation
import Testing
@testable import ForecastCore

/// The recorded API responses (copied from shared/fixtures; see Fixtures/SOURCES.md).
enum Fixture {
    /// London's recorded current and daily answer (2026-01-19 05:00, no
    /// `is_day`, sunrise 07:55) with its recorded 48 hours, as one Open-Meteo answer.
    static func londonWithHours() throws -> Data {
        var answer = try #require(json("openmeteo_current_plus_daily_london_2026.json") as? [String: Any])
        let hourly = try #require(json("openmeteo_hourly_2day_2026.json") as? [String: Any])
        answer["hourly"] = hourly["hourly"]
        answer["hourly_units"] = hourly["hourly_units"]
        return try JSONSerialization.data(withJSONObject: answer)
    }

    static func data(_ name: String) -> Data {
        let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)
            ?? Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!
        return try! Data(contentsOf: url)
    }

    static func json(_ name: String) -> Any { try! JSONSerialization.jsonObject(with: data(name)) }
}

extension Fixture {
    /// `name` with every time in it moved by whole days so that its first time
    /// falls on `now`'s UTC day: recorded answers stay what they were, only
    /// current. Unix times under `dt`, `sunrise` and `sunset`, and local ISO
    /// strings under `time`, `sunrise` and `sunset`, are moved.
    static func current(_ name: String, now: Date = Date()) -> Any {
        let json = json(name)
        guard let first = firstTime(json) else { return json }
        // Calendar days, UTC: a recording whose first time is 05:00 lands on today's 05:00 even
        // before five in the morning (the difference of the instants put it on yesterday until then,
        // and every test that expected today's date failed from midnight to 05:00 UTC).
        let days = (now.timeIntervalSince1970 / 86_400).rounded(.down) - (first / 86_400).rounded(.down)
        return shifting(json, seconds: Int(days) * 86_400)
    }

    static func currentData(_ name: String, now: Date = Date()) -> Data {
        try! JSONSerialization.data(withJSONObject: current(name, now: now))
    }

    static let unixKeys: Set<String> = ["dt", "sunrise", "sunset"]
    static let isoKeys: Set<String> = ["time", "sunrise", "sunset"]

    static func firstTime(_ value: Any, key: String? = nil) -> Double? {
        switch value {
        case let object as [String: Any]:
            for k in ["dt", "current", "current_weather", "hourly", "daily", "list"] {
                if let v = object[k], let t = firstTime(v, key: k) { return t }
            }
            if let v = object["time"], let t = firstTime(v, key: "time") { return t }
            return nil
        case let array as [Any]:
            return array.lazy.compactMap { firstTime($0, key: key) }.first
        case let number as NSNumber where key.map(unixKeys.contains) == true:
            return number.doubleValue
        case let text as String where key.map(isoKeys.contains) == true:
            return LocalTime.instant(fromLocal: text, in: TimeZone(secondsFromGMT: 0)!)?.timeIntervalSince1970
        default:
            return nil
        }
    }

    static func shifting(_ value: Any, seconds: Int, key: String? = nil) -> Any {
        switch value {
        case let object as [String: Any]:
            return Dictionary(uniqueKeysWithValues: object.map { ($0.key, shifting($0.value, seconds: seconds, key: $0.key)) })
        case let array as [Any]:
            return array.map { shifting($0, seconds: seconds, key: key) }
        case let number as NSNumber where key.map(unixKeys.contains) == true:
            return number.intValue + seconds
        case let text as String where key.map(isoKeys.contains) == true:
            let utc = TimeZone(secondsFromGMT: 0)!
            guard let instant = LocalTime.instant(fromLocal: text, in: utc) else { return text }
            let moved = instant.addingTimeInterval(Double(seconds))
            let iso = LocalTime.iso8601(moved, in: utc)  // "2026-01-19T05:00:00+00:00"
            return String(iso.prefix(text.count <= 10 ? 10 : text.count <= 16 ? 16 : 19))
        default:
            return value
        }
    }
}
