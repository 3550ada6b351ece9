import ForecastCore
import Foundation

/// A source answer as `source_answer.outline` keeps it for a list to read
/// fast, in lines of tab-separated fields, the first line its kind:
/// - `warnings`: then a line a warning, without its long texts:
///   `level sent onset ends expires message source id event area references`
///   (times in seconds since 1970 as Swift prints them, which read back
///   exactly, or empty; the references apart by U+001F): all that
///   `Warnings.current` compares, so a list counts what `alerts` shows;
/// - `next-hours`: then `source kind`, then a line a step: `start minutes rate probability`
///   (a number as Swift prints it, which reads back exactly; empty for none);
/// - `outside`, alone;
/// - `normals`: then a line a calendar day: `MM-DD low high count` (the
///   store writes none: a place's normals are read from `normal_day`).
///
/// No JSON decoder is needed to read it: a list of 100 places' warnings and
/// nowcasts read their whole JSON answers in a third of its time. A warning's
/// texts are cleaned before they are kept (`WeatherWarning.bounded`), so none
/// holds a tab, a line break or U+001F; one read back that does is no outline.
enum SourceOutline {
    static let field: Character = "\t"
    static let reference: Character = "\u{1F}"

    static func encode(_ answer: SourceAnswer) -> String? {
        switch answer {
        case .warnings(let warnings):
            var lines = ["warnings"]
            for warning in warnings {
                let texts = [warning.source, warning.id, warning.event, warning.area ?? ""] + warning.references
                // A text with a separator in it could not be read back as it was: no outline, the whole answer is read.
                guard !texts.contains(where: { $0.contains(where: { $0 == field || $0 == reference || $0.isNewline }) }) else { return nil }
                lines.append(join([
                    String(warning.level.rawValue), seconds(warning.sent), seconds(warning.onset), seconds(warning.ends),
                    seconds(warning.expires), warning.message.rawValue, warning.source, warning.id, warning.event, warning.area ?? "",
                    warning.references.joined(separator: String(reference)),
                ]))
            }
            return bounded(lines.joined(separator: "\n"))
        case .nextHours(let hours):
            guard !hours.source.contains(where: { $0 == field || $0.isNewline }) else { return nil }
            var lines = ["next-hours", join([hours.source, hours.kind.rawValue])]
            for step in hours.steps {
                lines.append(join([seconds(step.start), String(step.minutes), number(step.rate), number(step.probability)]))
            }
            return bounded(lines.joined(separator: "\n"))
        case .outside:
            return "outside"
        case .normals(let normals):
            let lines = ["normals"] + normals.days.map { join([$0.day, number($0.low), number($0.high), String($0.count)]) }
            return bounded(lines.joined(separator: "\n"))
        case .air, .failed:
            return nil
        }
    }

    /// The answer of an outline, or nil when it is not one (edited by hand, or
    /// by a newer forecast): then that answer is as if never kept. Read as bytes
    /// (the separators are ASCII): splitting by characters took most of a list's time here.
    static func decode(_ text: String) -> SourceAnswer? {
        let bytes = Array(text.utf8)
        let lines = split(bytes[...], at: 0x0A)
        guard let kind = lines.first.map(string) else { return nil }
        let rows = lines.dropFirst().map { split($0, at: 0x09) }
        switch kind {
        case "warnings":
            guard rows.count <= WeatherWarning.Limit.count else { return nil }
            var warnings: [WeatherWarning] = []
            for fields in rows {
                guard fields.count == 11, let number = integer(fields[0]), let level = WarningLevel(rawValue: number),
                      let message = WarningMessage(rawValue: string(fields[5])),
                      let sent = instant(fields[1]), let onset = instant(fields[2]), let ends = instant(fields[3]),
                      let expires = instant(fields[4]) else { return nil }
                warnings.append(WeatherWarning(
                    source: string(fields[6]), id: string(fields[7]), event: string(fields[8]), level: level,
                    sent: sent, onset: onset, ends: ends, expires: expires, area: fields[9].isEmpty ? nil : string(fields[9]),
                    message: message, references: fields[10].isEmpty ? [] : split(fields[10], at: 0x1F).map(string)))
            }
            return .warnings(warnings)
        case "next-hours":
            guard let head = rows.first, head.count == 2, let kind = NextHours.Kind(rawValue: string(head[1])),
                  rows.count - 1 <= NextHours.maximumSteps else { return nil }
            var steps: [NextHours.Step] = []
            steps.reserveCapacity(rows.count - 1)
            for fields in rows.dropFirst() {
                guard fields.count == 4, let start = instant(fields[0]), let start, let minutes = integer(fields[1]),
                      let rate = value(fields[2]), let probability = value(fields[3]) else { return nil }
                steps.append(NextHours.Step(start: start, minutes: minutes, rate: rate, probability: probability))
            }
            return .nextHours(NextHours(source: string(head[0]), kind: kind, steps: steps))
        case "outside":
            return rows.isEmpty ? .outside : nil
        case "normals":
            guard rows.count <= ClimateNormals.maximumDays else { return nil }
            var days: [DayNormal] = []
            days.reserveCapacity(rows.count)
            for fields in rows {
                guard fields.count == 4, fields[0].count == 5, let low = number(fields[1]), let high = number(fields[2]),
                      let count = integer(fields[3]) else { return nil }
                days.append(DayNormal(day: string(fields[0]), low: low, high: high, count: count))
            }
            return .normals(ClimateNormals(days: days))
        default:
            return nil
        }
    }

    private static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == separator {
            parts.append(bytes[start..<index])
            start = index + 1
        }
        parts.append(bytes[start..<bytes.endIndex])
        return parts
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A whole number of at most 9 digits, a minus sign allowed.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
        var digits = bytes[...], negative = false
        if digits.first == 0x2D { negative = true; digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var number = 0
        for byte in digits {
            guard (0x30...0x39).contains(byte) else { return nil }
            number = number * 10 + Int(byte - 0x30)
        }
        return negative ? -number : number
    }

    private static func join(_ fields: [String]) -> String { fields.joined(separator: String(field)) }

    /// The longest outline kept (the column's CHECK): a longer one (a warning
    /// with a hundred long references) is none, and its whole answer is read.
    static let maximumLength = 100_000

    private static func bounded(_ text: String) -> String? { text.utf8.count <= maximumLength ? text : nil }

    private static func seconds(_ date: Date?) -> String {
        guard let seconds = date?.timeIntervalSince1970, seconds.isFinite, abs(seconds) < 1e15 else { return "" }
        return String(seconds)
    }

    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return String(value)
    }

    /// A time field: nil when it is not one; `.some(nil)` when empty.
    private static func instant(_ field: ArraySlice<UInt8>) -> Date?? {
        if field.isEmpty { return .some(nil) }
        guard let seconds = number(field), abs(seconds) < 1e15 else { return nil }
        return .some(Date(timeIntervalSince1970: seconds))
    }

    /// A number field, as `instant`.
    private static func value(_ field: ArraySlice<UInt8>) -> Double?? {
        if field.isEmpty { return .some(nil) }
        guard let number = number(field) else { return nil }
        return .some(number)
    }

    /// A finite number as Swift prints one (digits, a point, an exponent), at most 32 bytes.
    private static func number(_ field: ArraySlice<UInt8>) -> Double? {
        let allowed = field.allSatisfy { byte in
            switch byte {
            case 0x30...0x39, 0x2D, 0x2B, 0x2E, 0x65, 0x45: true
            default: false
            }
        }
        guard field.count <= 32, allowed,
              let number = Double(string(field)), number.isFinite else { return nil }
        return number
    }
}
