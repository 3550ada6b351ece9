import Foundation

/// Precipitation over the next hours at one place, step by step: from a
/// nowcast (radar, or a model's real 15-minute steps) where one covers the
/// place, else from the hourly forecast, and then never called a nowcast.
public struct NextHours: Hashable, Sendable, Codable {
    public enum Kind: String, Codable, Sendable {
        /// Radar or a model's own 15-minute steps: minutes matter.
        case nowcast
        /// Read from the hourly forecast: an hour is the finest it knows.
        case hourly
    }

    public struct Step: Hashable, Sendable, Codable {
        /// When the step begins.
        public var start: Date
        /// How long it lasts.
        public var minutes: Int
        /// Precipitation, mm an hour (a rate, whatever the step's length).
        public var rate: Double?
        /// Chance of precipitation, %, where the source gives one.
        public var probability: Double?

        public init(start: Date, minutes: Int, rate: Double?, probability: Double? = nil) {
            self.start = start
            self.minutes = minutes
            self.rate = rate
            self.probability = probability
        }

        public var end: Date { start.addingTimeInterval(Double(minutes) * 60) }
    }

    /// The source's name ("met-nowcast", "open-meteo-15", "forecast").
    public var source: String
    public var kind: Kind
    public var steps: [Step]

    public init(source: String, kind: Kind, steps: [Step]) {
        self.source = source
        self.kind = kind
        self.steps = steps.sorted { $0.start < $1.start }
    }

    /// Kept by columns (the steps' starts, lengths, rates and chances, each a
    /// list of numbers): a nowcast's two dozen steps as keyed objects took
    /// longer to read back than the rest of its place's cached answers.
    enum CodingKeys: String, CodingKey { case source, kind, start, minutes, rate, probability }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let starts = try container.decode([Double].self, forKey: .start)
        let minutes = try container.decode([Int].self, forKey: .minutes)
        let rates = try container.decode([Double?].self, forKey: .rate)
        let probabilities = try container.decode([Double?].self, forKey: .probability)
        guard minutes.count == starts.count, rates.count == starts.count, probabilities.count == starts.count else {
            throw DecodingError.dataCorruptedError(forKey: .start, in: container, debugDescription: "columns of different lengths")
        }
        self.init(
            source: try container.decode(String.self, forKey: .source), kind: try container.decode(Kind.self, forKey: .kind),
            steps: starts.indices.map {
                Step(start: Date(timeIntervalSince1970: starts[$0]), minutes: minutes[$0], rate: rates[$0], probability: probabilities[$0])
            })
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(kind, forKey: .kind)
        try container.encode(steps.map(\.start.timeIntervalSince1970), forKey: .start)
        try container.encode(steps.map(\.minutes), forKey: .minutes)
        try container.encode(steps.map(\.rate), forKey: .rate)
        try container.encode(steps.map(\.probability), forKey: .probability)
    }

    /// What the next hours say: two hours from `now`.
    public static let span: TimeInterval = 2 * 3600
    /// Steps one answer may have (5-minute steps over a few hours, 15-minute ones over a day).
    public static let maximumSteps = 400
    /// Less than this (mm/h) is dry: a trace no one would call rain.
    public static let wet = 0.1

    /// The same steps from the hourly forecast: what the next hours are where
    /// no nowcast covers the place. A step's amount is what fell over the span
    /// its service means, as a rate in mm an hour: the hour before its time
    /// (Open-Meteo's hourly `precipitation`, "the preceding hour sum"), the
    /// three hours before it (OpenWeatherMap's `rain.3h`), or the hour or six
    /// from its time on (MET Norway's `next_1_hours`, `next_6_hours`): what
    /// `WeatherReport.amountsEndAtTheirTimes` says.
    public static func fromHourly(_ report: WeatherReport, now: Date) -> NextHours? {
        let hours = report.hourly.sorted { $0.time < $1.time }
        // The finest spacing is the steps' length (MET's 6-hourly steps come days later).
        let spacing = zip(hours, hours.dropFirst()).map { $1.time.timeIntervalSince($0.time) }.filter { $0 > 0 }.min() ?? 3600
        let length = min(max(spacing, 3600), 6 * 3600)
        let endsAtTime = report.amountsEndAtTheirTimes
        let steps = hours.map { hour in
            Step(
                start: endsAtTime ? hour.time.addingTimeInterval(-length) : hour.time, minutes: Int(length / 60),
                rate: hour.precipitation.map { $0 / (length / 3600) }, probability: hour.precipitationProbability)
        }.filter { $0.end > now && $0.start < now.addingTimeInterval(span) }
        guard !steps.isEmpty, steps.contains(where: { $0.rate != nil }) else { return nil }
        return NextHours(source: "forecast", kind: .hourly, steps: steps)
    }

    /// Steps that are still to come or under way at `now`, within the span.
    public func coming(from now: Date) -> [Step] {
        steps.filter { $0.end > now && $0.start < now.addingTimeInterval(Self.span) }
    }

    /// Whether it covers the next two hours from `now`: steps from now (an old
    /// nowcast has none), on to the end of the span (a nowcast of ten minutes
    /// does not say two dry hours), with no gap between them longer than a step
    /// of its kind. One that does not is not used: the hourly forecast stands in.
    public func covers(_ now: Date) -> Bool {
        let steps = coming(from: now).filter { $0.rate != nil }
        let slack: TimeInterval = kind == .hourly ? 3600 : 20 * 60
        guard let first = steps.first, let last = steps.last, first.start <= now.addingTimeInterval(slack),
              last.end >= now.addingTimeInterval(Self.span - slack) else { return false }
        return zip(steps, steps.dropFirst()).allSatisfy { $1.start.timeIntervalSince($0.end) <= slack }
    }

    /// What it comes to at `now`, or nil when its steps are all past.
    public func outlook(at now: Date) -> NextHoursOutlook? {
        let steps = coming(from: now).filter { $0.rate != nil }
        guard !steps.isEmpty, covers(now) else { return nil }
        var events: [NextHoursOutlook.Event] = []
        var previous: PrecipitationIntensity?
        for step in steps {
            // Words know light, moderate and heavy: the two faint bands are one to them.
            let intensity = PrecipitationIntensity(rate: step.rate ?? 0).word
            guard intensity != previous else { continue }
            let time = max(step.start, now)
            switch previous {
            case nil where intensity == .none: break
            case nil: events.append(step.start <= now ? .now(intensity) : .starts(time, intensity))
            case _ where intensity == .none: events.append(.stops(time))
            case .none?: events.append(.starts(time, intensity))
            case let was?: events.append(intensity > was ? .heavier(time, intensity) : .lighter(time, intensity))
            }
            previous = intensity
        }
        let firstWet = steps.first { PrecipitationIntensity(rate: $0.rate ?? 0) != PrecipitationIntensity.none }
        let minutes = firstWet.map { max(0, Int((max($0.start, now).timeIntervalSince(now) / 60).rounded(.toNearestOrAwayFromZero))) }
        return NextHoursOutlook(kind: kind, events: events, minutesToPrecipitation: minutes, strip: strip(steps, from: now))
    }

    /// The intensity of each quarter hour (hour, from the hourly forecast) of
    /// the span from now: the strongest step that overlaps it (a 3-hour step
    /// under way since long before now still starts the strip now).
    func strip(_ steps: [Step], from now: Date) -> [PrecipitationIntensity] {
        let slot: TimeInterval = kind == .hourly ? 3600 : 15 * 60
        let count = Int(Self.span / slot)
        let first = now
        return (0..<count).compactMap { index in
            let start = first.addingTimeInterval(Double(index) * slot), end = start.addingTimeInterval(slot)
            let overlapping = steps.filter { $0.start < end && $0.end > start }
            guard !overlapping.isEmpty else { return nil }
            return overlapping.map { PrecipitationIntensity(rate: $0.rate ?? 0) }.max()
        }
    }

    /// Keeps only plausible steps: finite rates within bounds, times near `now`.
    public func validated(now: Date) throws(WeatherError) -> NextHours {
        guard steps.count <= Self.maximumSteps else { throw WeatherReport.bad("steps", .tooMany(steps.count)) }
        for (index, step) in steps.enumerated() {
            try WeatherReport.check(step.rate, in: WeatherBounds.precipitation, "steps[\(index)].rate")
            try WeatherReport.check(step.probability, in: WeatherBounds.percent, "steps[\(index)].probability")
            try WeatherReport.check(step.start, now: now, "steps[\(index)].time")
            guard (1...1440).contains(step.minutes) else { throw WeatherReport.bad("steps[\(index)].minutes", .notValid) }
        }
        return self
    }
}

/// How hard it rains (or snows), by rate: the usual bands (light under
/// 2.5 mm/h, heavy from 7.6), of the rate as the source gave it.
public enum PrecipitationIntensity: Int, Comparable, Sendable, Codable {
    case none, veryLight, light, moderate, heavy

    public init(rate: Double) {
        switch rate {
        case ..<NextHours.wet: self = .none
        case ..<1: self = .veryLight
        case ..<2.5: self = .light
        case ..<7.6: self = .moderate
        default: self = .heavy
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// Its bar in a strip: ▁▂▃▅▇ (with `ascii`: _.:=#).
    public func bar(ascii: Bool) -> String {
        let bars = ascii ? ["_", ".", ":", "=", "#"] : ["▁", "▂", "▃", "▅", "▇"]
        return bars[rawValue]
    }

    /// How its words name it: light for both faint bands.
    public var word: PrecipitationIntensity { self == .veryLight ? .light : self }
}

/// The next two hours in a few events, for a sentence and a strip: "light rain
/// starting around 14:20, heavier from 14:45, stopping around 15:30".
public struct NextHoursOutlook: Hashable, Sendable {
    public enum Event: Hashable, Sendable {
        /// Already falling.
        case now(PrecipitationIntensity)
        case starts(Date, PrecipitationIntensity)
        case heavier(Date, PrecipitationIntensity)
        case lighter(Date, PrecipitationIntensity)
        case stops(Date)
    }

    public var kind: NextHours.Kind
    /// Empty: none expected over the span.
    public var events: [Event]
    /// Minutes until it starts (0: falling now); nil when none is expected.
    public var minutesToPrecipitation: Int?
    /// Each quarter hour's intensity (each hour's, from the hourly forecast).
    public var strip: [PrecipitationIntensity]

    public init(kind: NextHours.Kind, events: [Event], minutesToPrecipitation: Int?, strip: [PrecipitationIntensity]) {
        self.kind = kind
        self.events = events
        self.minutesToPrecipitation = minutesToPrecipitation
        self.strip = strip
    }

    /// When it stops, if it is falling or starts and then stops within the span.
    public var dryFrom: Date? {
        guard minutesToPrecipitation != nil else { return nil }
        for event in events.reversed() {
            if case .stops(let time) = event { return time }
            break
        }
        return nil
    }

    /// When it starts, when not already falling.
    public var startsAt: Date? {
        for event in events { if case .starts(let time, _) = event { return time } }
        return nil
    }
}
