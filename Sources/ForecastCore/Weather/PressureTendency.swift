import Foundation

/// Which way the pressure goes, as a barometer reads it: the change over three
/// hours, more than 1 hPa up or down, else steady.
public enum PressureTrend: Sendable, Equatable {
    case rising, falling, steady
}

/// The pressure's 3-hour tendency from a report's hours: over the last three
/// hours where the report still has them (Open-Meteo's hours start at
/// midnight), else over the next three (the forecast's, where the hours start
/// now, as MET Norway's and OpenWeatherMap's do). Nil where the hours carry no
/// pressure near those times.
public struct PressureTendency: Sendable, Equatable {
    public var trend: PressureTrend
    /// The change, hPa, over the three hours.
    public var change: Double
    /// Over the last three hours (true) or the next three (false).
    public var past: Bool

    /// A change of more than this over three hours is rising or falling.
    public static let steadyWithin = 1.0
    /// More than this over three hours is no weather (the deepest storms fall about 24 hPa in
    /// 3 hours): hours that say so give no tendency.
    public static let plausibleChange = 30.0

    public init?(_ report: WeatherReport, now: Date) {
        let steps = report.hourly.compactMap { step in step.pressure.flatMap { $0.isFinite ? (step.time, $0) : nil } }
        // The step nearest an instant, within 40 minutes of it.
        func near(_ instant: Date) -> Double? {
            steps.filter { abs($0.0.timeIntervalSince(instant)) <= 40 * 60 }
                .min { abs($0.0.timeIntervalSince(instant)) < abs($1.0.timeIntervalSince(instant)) }?.1
        }
        // The pressure shown (the current one) where there is one: the arrow and the number agree.
        guard let present = report.current.pressure ?? near(now) else { return nil }
        if let before = near(now.addingTimeInterval(-3 * 3600)) {
            change = present - before
            past = true
        } else if let after = near(now.addingTimeInterval(3 * 3600)) {
            change = after - present
            past = false
        } else {
            return nil
        }
        guard change.isFinite, abs(change) <= Self.plausibleChange else { return nil }
        trend = change > Self.steadyWithin ? .rising : change < -Self.steadyWithin ? .falling : .steady
    }
}
