import Foundation

extension WeatherWarning {
    /// The bytes (UTF-8) of every text it holds: what keeping it costs, near enough.
    public var textBytes: Int {
        let optional = [severity, certainty, urgency, headline, description, instruction, area, issuer, url]
        return source.utf8.count + id.utf8.count + event.utf8.count
            + optional.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
            + references.reduce(0) { $0 + $1.utf8.count }
    }
}

extension Warnings {
    /// The bytes of texts all of `warnings` hold.
    public static func textBytes(_ warnings: [WeatherWarning]) -> Int {
        warnings.reduce(0) { $0 + $1.textBytes }
    }

    /// `warnings` holding at most `bytes` of texts where that can be had
    /// without losing a warning or changing which are in force (`current`):
    /// whole when they fit; else without references to messages that are not
    /// among them (which replace nothing here), then with their long texts cut
    /// shorter and shorter (1,000, 300, 80 characters, none); last, without
    /// the words a face can do without (issuer, link, CAP's words). What is
    /// left then (ids, events, levels, times, areas of 80 characters) is kept
    /// whatever its size: a warning is never dropped to save memory.
    public static func kept(_ warnings: [WeatherWarning], withinBytes bytes: Int) -> [WeatherWarning] {
        if textBytes(warnings) <= bytes { return warnings }
        let ids = Set(warnings.map(\.id))
        var kept = warnings.map { warning in
            var warning = warning
            warning.references = warning.references.filter { ids.contains($0) }
            return warning
        }
        if textBytes(kept) <= bytes { return kept }
        for limit in [1000, 300, 80, 0] {
            let cut = kept.map { $0.cut(textsTo: limit) }
            if textBytes(cut) <= bytes { return cut }
            kept = cut
        }
        return kept.map { warning in
            var warning = warning
            (warning.issuer, warning.url, warning.severity, warning.certainty, warning.urgency) = (nil, nil, nil, nil, nil)
            return warning
        }
    }
}
