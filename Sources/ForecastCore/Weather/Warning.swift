import Foundation

/// How serious an official warning is, on the one scale every source is read
/// onto (and `--where alert` compares): 1 minor (yellow), 2 moderate (orange),
/// 3 severe (red), 4 extreme; a severity the source itself calls unknown
/// (NWS's "Unknown") is shown as it says, ranked below minor, and reads 0 as
/// a number, as no warning does (a place's count of warnings tells them apart).
public enum WarningLevel: Int, Comparable, Codable, Sendable, CaseIterable {
    case unknown = 0, minor, moderate, severe, extreme

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The CAP severity word ("Minor", "Moderate", "Severe", "Extreme"); nil
    /// for "Unknown" or anything else.
    public init?(capSeverity text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "minor": self = .minor
        case "moderate": self = .moderate
        case "severe": self = .severe
        case "extreme": self = .extreme
        default: return nil
        }
    }

    /// A colour of the European awareness scale ("yellow", "orange", "red");
    /// green (no particular awareness) is no warning: nil.
    public init?(colour text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "yellow": self = .minor
        case "orange", "amber": self = .moderate
        case "red": self = .severe
        default: return nil
        }
    }
}

/// What a warning message does to those before it (CAP's `msgType`, NWS's `messageType`).
public enum WarningMessage: String, Codable, Sendable {
    /// A warning of its own.
    case alert
    /// Replaces the warnings it references.
    case update
    /// Ends the warnings it references; never shown itself.
    case cancel

    public init(_ text: String?) {
        switch text?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "update"?: self = .update
        case "cancel"?: self = .cancel
        default: self = .alert
        }
    }
}

/// An official weather warning as forecast keeps and shows it: every text
/// already cleaned and bounded (`WeatherWarning.bounded`), every time an
/// instant (shown in the place's zone).
public struct WeatherWarning: Hashable, Sendable, Codable {
    /// The source's name ("met-alerts", "nws", "openweathermap").
    public var source: String
    /// The source's own identifier of the message.
    public var id: String
    /// "Wind", "Winter Storm Warning".
    public var event: String
    public var level: WarningLevel
    /// The words as the source gave them (CAP: "Moderate", "Likely", "Expected").
    public var severity: String?
    public var certainty: String?
    public var urgency: String?
    /// When it was sent.
    public var sent: Date?
    /// When the weather it warns of begins.
    public var onset: Date?
    /// When it ends.
    public var ends: Date?
    /// When the message stops being current (NWS `expires`), where that is not `ends`.
    public var expires: Date?
    public var headline: String?
    public var description: String?
    public var instruction: String?
    public var area: String?
    /// Who issued it ("NWS Boulder CO", "Meteorologisk institutt").
    public var issuer: String?
    /// Where to read it whole.
    public var url: String?
    public var message: WarningMessage
    /// The ids of the messages this one updates or cancels.
    public var references: [String]

    public init(
        source: String, id: String, event: String, level: WarningLevel, severity: String? = nil, certainty: String? = nil,
        urgency: String? = nil, sent: Date? = nil, onset: Date? = nil, ends: Date? = nil, expires: Date? = nil,
        headline: String? = nil, description: String? = nil, instruction: String? = nil, area: String? = nil,
        issuer: String? = nil, url: String? = nil, message: WarningMessage = .alert, references: [String] = []
    ) {
        self.source = source
        self.id = id
        self.event = event
        self.level = level
        self.severity = severity
        self.certainty = certainty
        self.urgency = urgency
        self.sent = sent
        self.onset = onset
        self.ends = ends
        self.expires = expires
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.area = area
        self.issuer = issuer
        self.url = url
        self.message = message
        self.references = references
    }

    /// When it is over: its end, else the message's expiry; nil when it says neither.
    public var over: Date? { ends ?? expires }

    /// Whether it is over at `now`.
    public func isOver(at now: Date) -> Bool { over.map { $0 <= now } ?? false }

    /// The bounds every text from a service is kept within.
    public enum Limit {
        public static let id = 300
        public static let event = 120
        public static let word = 40
        public static let headline = 400
        public static let description = 4000
        public static let instruction = 2000
        public static let area = 600
        public static let issuer = 200
        public static let url = 500
        public static let references = 100
        /// Warnings one answer may carry for one place.
        public static let count = 50
    }

    /// This warning with every text cleaned of control and bidirectional
    /// characters and cut to its bound ("…"), and only http(s) URLs kept;
    /// nil when it has no id or event left, or a time is far from `now`.
    public func bounded(now: Date) -> WeatherWarning? {
        var warning = self
        warning.source = SafeText.clean(source, maxLength: Limit.word)
        warning.id = SafeText.clean(id, maxLength: Limit.id)
        warning.event = SafeText.clean(event, maxLength: Limit.event)
        guard !warning.id.isEmpty, !warning.event.isEmpty else { return nil }
        let word = { (text: String?) in text.map { SafeText.clean($0, maxLength: Limit.word) }.flatMap { $0.isEmpty ? nil : $0 } }
        warning.severity = word(severity)
        warning.certainty = word(certainty)
        warning.urgency = word(urgency)
        let line = { (text: String?, limit: Int) in text.map { SafeText.clean($0, maxLength: limit) }.flatMap { $0.isEmpty ? nil : $0 } }
        warning.headline = line(headline, Limit.headline)
        warning.area = line(area, Limit.area)
        warning.issuer = line(issuer, Limit.issuer)
        let text = { (text: String?, limit: Int) in text.map { SafeText.paragraphs($0, maxLength: limit) }.flatMap { $0.isEmpty ? nil : $0 } }
        warning.description = text(description, Limit.description)
        warning.instruction = text(instruction, Limit.instruction)
        warning.url = url.flatMap { link in
            let cleaned = SafeText.clean(link, maxLength: Limit.url)
            guard cleaned == link, !cleaned.contains(" "), let parsed = URL(string: cleaned),
                  ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else { return nil }
            return cleaned
        }
        warning.references = references.prefix(Limit.references).map { SafeText.clean($0, maxLength: Limit.id) }.filter { !$0.isEmpty }
        for date in [sent, onset, ends, expires] {
            guard let date else { continue }
            let seconds = date.timeIntervalSince(now)
            guard seconds.isFinite, abs(seconds) <= WeatherBounds.timeSpan else { return nil }
        }
        // A warning that ends before it begins is not one.
        if let onset, let ends, ends < onset { return nil }
        // One that says neither when it ends nor when its message expires is
        // believed for a day from when it was read (or from its start, if later):
        // a copy kept offline a year later is not "in force".
        if warning.over == nil {
            warning.expires = max(now, onset ?? now).addingTimeInterval(Self.openEndedLife)
        }
        return warning
    }

    /// This warning with its long texts (description, what to do, headline)
    /// cut to `limit` characters each ("…"), none where `limit` is 0, and its
    /// area to no fewer than 80: what is kept of a warning answer too large to keep whole.
    public func cut(textsTo limit: Int) -> WeatherWarning {
        let cut = { (text: String?, limit: Int) -> String? in
            guard let text, limit > 0 else { return nil }
            return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
        }
        var warning = self
        warning.description = cut(description, limit)
        warning.instruction = cut(instruction, limit)
        warning.headline = cut(headline, limit)
        warning.area = cut(area, max(limit, 80))
        return warning
    }

    /// This warning with `secrets` (an API key a service echoed into its texts)
    /// redacted from every text, even in part (`SafeText.redact`).
    public func redacting(_ secrets: [String]) -> WeatherWarning {
        guard !secrets.isEmpty else { return self }
        let redact = { (text: String) in SafeText.redact(text, secrets: secrets) }
        var warning = self
        warning.id = redact(id)
        warning.event = redact(event)
        warning.severity = severity.map(redact)
        warning.certainty = certainty.map(redact)
        warning.urgency = urgency.map(redact)
        warning.headline = headline.map(redact)
        warning.description = description.map(redact)
        warning.instruction = instruction.map(redact)
        warning.area = area.map(redact)
        warning.issuer = issuer.map(redact)
        warning.url = url.map(redact)
        warning.references = references.map(redact)
        return warning
    }

    /// How long a warning that gives no end is believed after it was read.
    public static let openEndedLife: TimeInterval = 86_400
}

/// The rules that make the warnings a user sees out of the messages sources sent.
public enum Warnings {
    /// The warnings in force at `now`, in the order they are shown (`ordered`): a message that another updates or cancels is gone, a
    /// cancellation is never shown, nothing over is shown, and the same warning
    /// (the same id, or the same event, times and area from two requests) once.
    public static func current(_ messages: [WeatherWarning], now: Date) -> [WeatherWarning] {
        let replaced = replacedIDs(messages)
        var seenIDs = Set<String>(), seenContent = Set<ContentKey>()
        var kept: [WeatherWarning] = []
        // The latest message first, so of two copies the newer one stays.
        for warning in messages.sorted(by: { ($0.sent ?? .distantPast) > ($1.sent ?? .distantPast) }) {
            guard warning.message != .cancel, !replaced.contains(warning.id), !warning.isOver(at: now) else { continue }
            guard seenIDs.insert(warning.source + "\u{0}" + warning.id).inserted else { continue }
            guard seenContent.insert(ContentKey(warning)).inserted else { continue }
            kept.append(warning)
        }
        return ordered(kept, now: now)
    }

    /// The ids an update or a cancellation replaces: each it references, but
    /// never itself, and never a message sent after it (of two that name each
    /// other, the later replaces the earlier; sent at the same moment, or
    /// either time unknown, neither replaces the other). Nor, without times,
    /// one whose references lead back to it, however long the loop: three
    /// updates naming each other in a ring would otherwise leave none.
    static func replacedIDs(_ messages: [WeatherWarning]) -> Set<String> {
        var sent: [String: Date] = [:]
        for message in messages { if let time = message.sent { sent[message.id] = max(sent[message.id] ?? time, time) } }
        var referencedBy: [String: Set<String>] = [:]
        for message in messages where message.message != .alert { referencedBy[message.id, default: []].formUnion(message.references) }
        // Whether `start`'s references lead, through any number of messages, to `target`.
        func leads(from start: String, to target: String) -> Bool {
            var stack = [start], seen = Set<String>()
            while let id = stack.popLast() {
                guard seen.insert(id).inserted else { continue }
                for next in referencedBy[id] ?? [] {
                    if next == target { return true }
                    stack.append(next)
                }
            }
            return false
        }
        var replaced = Set<String>()
        for message in messages where message.message != .alert {
            for reference in message.references where reference != message.id {
                let mutual = leads(from: reference, to: message.id)
                switch (message.sent, sent[reference]) {
                case let (newer?, older?): if newer > older { replaced.insert(reference) }
                default: if !mutual { replaced.insert(reference) }
                }
            }
        }
        return replaced
    }

    /// How far ahead a warning to come may lead what is shown.
    public static let leadingHorizon: TimeInterval = 86_400

    /// The one order every face shows warnings in, and so the one that leads
    /// (the list's mark, the page's banner, `show`, `alerts`, the report, the
    /// app's `w`): those in force or beginning within the next 24 hours
    /// first, the most severe first; of equals the one in force, then the
    /// earliest; then those beginning later, by the same rule.
    public static func ordered(_ warnings: [WeatherWarning], now: Date) -> [WeatherWarning] {
        warnings.sorted { a, b in
            let (rankA, rankB) = (Rank(a, now: now), Rank(b, now: now))
            if rankA != rankB { return rankA < rankB }
            return (a.event, a.source, a.id) < (b.event, b.source, b.id)
        }
    }

    /// The warning that leads at `now` (`ordered`'s first), if any.
    public static func leading(_ warnings: [WeatherWarning], now: Date) -> WeatherWarning? {
        warnings.min { a, b in
            let (rankA, rankB) = (Rank(a, now: now), Rank(b, now: now))
            if rankA != rankB { return rankA < rankB }
            return (a.event, a.source, a.id) < (b.event, b.source, b.id)
        }
    }

    /// The leading warning's level as a number, 0 when none: what `--where alert` reads.
    public static func leadingLevel(_ warnings: [WeatherWarning], now: Date) -> Int {
        leading(warnings, now: now)?.level.rawValue ?? 0
    }

    /// Where a warning stands in `ordered`: soon or later, level, in force, start.
    public struct Rank: Comparable {
        var later: Bool
        var level: WarningLevel
        var inForce: Bool
        var start: Date

        public init(_ warning: WeatherWarning, now: Date) {
            inForce = (warning.onset ?? .distantPast) <= now
            start = warning.onset ?? warning.sent ?? .distantPast
            later = !inForce && start.timeIntervalSince(now) > Warnings.leadingHorizon
            level = warning.level
        }

        public static func < (a: Rank, b: Rank) -> Bool {
            if a.later != b.later { return !a.later }
            if a.level != b.level { return a.level > b.level }
            if a.inForce != b.inForce { return a.inForce }
            return a.start < b.start
        }
    }

    /// What makes two messages the same warning although their ids differ (the
    /// same warning asked for twice, in two languages' requests, from two sources).
    struct ContentKey: Hashable {
        var event: String
        var level: WarningLevel
        var onset: Date?
        var ends: Date?
        var area: String?

        init(_ warning: WeatherWarning) {
            level = warning.level
            event = warning.event.lowercased()
            onset = warning.onset
            ends = warning.over
            area = warning.area?.lowercased()
        }
    }
}
