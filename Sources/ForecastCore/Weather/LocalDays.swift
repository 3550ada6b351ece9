import Foundation

/// One forecast step: an instant and what was forecast for it (°C).
public struct ForecastStep: Hashable, Sendable {
    public var time: Date
    public var temperature: Double?
    public var condition: WeatherCondition?
    /// Chance of precipitation, %.
    public var precipitationProbability: Double?
    /// Millimetres over the step.
    public var precipitation: Double?

    public init(
        time: Date, temperature: Double?, condition: WeatherCondition?, precipitationProbability: Double? = nil,
        precipitation: Double? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.condition = condition
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
    }
}

/// A day's summary in the place's own calendar.
public struct DailySummary: Hashable, Sendable {
    /// The local date, "YYYY-MM-DD".
    public var date: String
    public var minimum: Double
    public var maximum: Double
    /// The most significant condition of the day (thunder over rain over cloud…).
    public var condition: WeatherCondition?
    /// The highest chance of precipitation of the day's steps, %.
    public var precipitationProbability: Double?
    /// The day's millimetres: the sum of its steps' amounts, nil when none has one.
    public var precipitation: Double?
}

/// Builds days from steps (OpenWeatherMap's 3-hour list) in the place's local
/// time: a step belongs to the day its UTC instant plus `utcOffset` falls on,
/// never the machine's day or the UTC day.
public enum LocalDays {
    public static func summarise(_ steps: [ForecastStep], utcOffset: Int) -> [DailySummary] {
        var days: [String: (min: Double, max: Double, conditions: [WeatherCondition], rain: Double?, amount: Double?)] = [:]
        var order: [String] = []
        for step in steps.sorted(by: { $0.time < $1.time }) {
            guard let temperature = step.temperature else { continue }
            let date = localDate(step.time, utcOffset: utcOffset)
            if days[date] == nil {
                days[date] = (temperature, temperature, [], nil, nil)
                order.append(date)
            }
            days[date]!.min = min(days[date]!.min, temperature)
            days[date]!.max = max(days[date]!.max, temperature)
            if let condition = step.condition { days[date]!.conditions.append(condition) }
            if let chance = step.precipitationProbability { days[date]!.rain = max(days[date]!.rain ?? chance, chance) }
            if let amount = step.precipitation { days[date]!.amount = (days[date]!.amount ?? 0) + amount }
        }
        return order.map { date in
            let day = days[date]!
            return DailySummary(
                date: date, minimum: day.min, maximum: day.max, condition: mostSignificant(day.conditions),
                precipitationProbability: day.rain, precipitation: day.amount)
        }
    }

    /// "YYYY-MM-DD" of `instant` at `utcOffset` seconds east of UTC.
    public static func localDate(_ instant: Date, utcOffset: Int) -> String {
        ClockReading(instant, utcOffset: utcOffset).date.iso
    }

    static let significance: [WeatherCondition.Kind] = [
        .tornado, .thunderstorm, .squall, .freezingRain, .snow, .sleet, .snowShowers, .rain, .freezingDrizzle,
        .showers, .drizzle, .fog, .dust, .smoke, .haze, .cloudy, .partlyCloudy, .mainlyClear, .clear, .unknown,
    ]

    static func mostSignificant(_ conditions: [WeatherCondition]) -> WeatherCondition? {
        conditions.min { a, b in
            (significance.firstIndex(of: a.kind) ?? .max) < (significance.firstIndex(of: b.kind) ?? .max)
        }
    }
}
