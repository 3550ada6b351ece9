import Foundation

/// One place's answer from a source.
public enum SourceAnswer: Sendable, Hashable, Codable {
    /// The warning messages it sent (none: all clear, from this source).
    case warnings([WeatherWarning])
    case nextHours(NextHours)
    case air(AirQuality)
    /// The usual lows and highs of the calendar days fetched (`ClimateNormals`).
    case normals(ClimateNormals)
    /// The place lies outside what the source covers, as its answer says
    /// (a radar's edge): ask another, or say there is none.
    case outside
    /// The source failed for the place and nothing it said before is kept:
    /// what is said until it may be asked again.
    case failed(WeatherError)
}

extension WeatherError {
    /// Whether the failure was the service's (it refused, failed, hung or sent
    /// what cannot be read), and so is remembered for a while rather than
    /// asked again at once; not an interruption, nor this run's own budget or
    /// limit running out (a slow source cut after the weather is asked next time).
    public var isTheServices: Bool {
        switch (kind, detail) {
        case (.cancelled, _): false
        case (.timeout, .noAnswerInTime?), (.timeout, .noTimeLeft?): false
        case (.rateLimited, .clientLimit?): false
        default: true
        }
    }
}

/// An answer with how long it may be used: the source's terms and its `Expires`.
public struct SourceResult: Sendable, Hashable, Codable {
    public var answer: SourceAnswer
    /// No new request for this place before this (the terms, or `Expires`).
    public var notBefore: Date?

    public init(_ answer: SourceAnswer, notBefore: Date? = nil) {
        self.answer = answer
        self.notBefore = notBefore
    }
}

/// What a place's warnings come to, for every face to say the same.
public enum WarningStatus: Sendable, Hashable {
    /// No warning source covers the place: not "all clear", but "no one to ask".
    case noSource
    /// Nothing known yet (`--offline` with nothing kept).
    case unknown
    /// The warnings in force (none: all clear), as of `checkedAt`, from `sources`.
    case checked([WeatherWarning], checkedAt: Date, sources: [String])
    /// This run's request failed; `kept`: what an earlier one found, as of `checkedAt`.
    case failed(WeatherError, kept: [WeatherWarning]?, checkedAt: Date?)

    /// The warnings to show (those in force, whether just checked or kept).
    public var warnings: [WeatherWarning] {
        switch self {
        case .checked(let warnings, _, _): warnings
        case .failed(_, let kept?, _): kept
        default: []
        }
    }
}
