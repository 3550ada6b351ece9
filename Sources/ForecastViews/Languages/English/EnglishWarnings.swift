import ForecastCore
import ForecastKit
import Foundation

extension English {
    package var warningsHeading: String { "Warnings" }
    package var warningsColumn: String { "Warnings" }

    package func warningLevel(_ level: WarningLevel) -> String {
        switch level {
        case .unknown: "severity unknown"
        case .minor: "minor (yellow)"
        case .moderate: "moderate (orange)"
        case .severe: "severe (red)"
        case .extreme: "extreme"
        }
    }

    package var noWarningsInForce: String { "No official warnings in force." }

    package func noWarningSource(country: String?) -> String {
        guard let country, !country.isEmpty else { return "No official warnings for this place here." }
        return "No official warnings for \(country) here."
    }

    package var warningsNotChecked: String { "Warnings not checked yet." }
    package func warningsFailed(_ error: WeatherError) -> String { "Warnings could not be checked: " + weatherError(error) }
    package func warningCount(_ count: Int) -> String { count == 1 ? "1 warning" : "\(count) warnings" }

    package func warningWindow(from: String?, until: String?) -> String {
        switch (from, until) {
        case let (from?, until?): "from \(from) until \(until)"
        case let (from?, nil): "from \(from)"
        case let (nil, until?): "until \(until)"
        case (nil, nil): "until further notice"
        }
    }

    package func warningIssuer(_ issuer: String?, credit: String) -> String {
        guard let issuer, !issuer.isEmpty, !credit.hasPrefix(issuer) else { return "From \(credit)" }
        return "Issued by \(issuer) · \(credit)"
    }

    package func warningsChecked(_ age: String) -> String { "checked " + age.replacingOccurrences(of: "updated ", with: "") }
    package var warningKeyHint: String { "w warning" }

    package func warningLevelShort(_ level: WarningLevel) -> String {
        switch level {
        case .unknown: "unknown"
        case .minor: "yellow"
        case .moderate: "orange"
        case .severe: "red"
        case .extreme: "extreme"
        }
    }

    package var warningsFailedNote: String { "warnings not checked" }

    package func noWarningSource(for places: [String], country: String?) -> String {
        let list = places.joined(separator: ", ")
        guard let country, !country.isEmpty else { return "No official warnings for these places here: \(list)." }
        return "No official warnings for \(country) here: \(list)."
    }

    package func warningsFailed(for places: [String], _ error: WeatherError) -> String {
        "Warnings for \(Phrases.listed(places, "and")) could not be checked: " + weatherError(error)
    }

    package func warningsNotChecked(for places: [String]) -> String {
        "Warnings for \(Phrases.listed(places, "and")) not checked yet: run without --offline."
    }

    package func noWarningsAnywhere(_ checked: Int, of places: Int) -> String {
        if checked == places {
            return places == 1 ? "No official warnings in force at the saved place." : "No official warnings in force at the \(places) saved places."
        }
        return "No official warnings in force at the \(checked) of \(places) saved places that could be checked."
    }

    package var noWarningsChecked: String { "No place's warnings could be checked: nothing is known of warnings now." }

    package var noWarningSourceAnywhere: String { "No source of official warnings covers the saved places." }

    package func noWarningsWhenLastChecked(_ age: String?) -> String {
        "No official warnings were in force when last checked" + (age.map { " (\($0))" } ?? "") + "."
    }

    package func warningSourceNeedsKey(_ source: String, variable: String) -> String {
        "\(source)'s warnings are asked only while \(variable) is set."
    }

    package func nextHoursHeading(_ kind: NextHours.Kind) -> String {
        kind == .nowcast ? "Next two hours" : "Next hours (hourly forecast)"
    }

    package func precipitation(_ intensity: PrecipitationIntensity, snow: Bool) -> String {
        let what = snow ? "snow" : "rain"
        return switch intensity.word {
        case .none: "no " + what
        case .veryLight, .light: "light " + what
        case .moderate: what
        case .heavy: "heavy " + what
        }
    }

    package func nextHoursSentence(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String {
        let span = outlook.kind == .nowcast ? "2 hours" : "the next hours"
        guard !outlook.events.isEmpty else { return "No precipitation expected for \(span)." }
        var parts: [String] = []
        for event in outlook.events {
            switch event {
            case .now(let intensity): parts.append(precipitation(intensity, snow: snow) + " now")
            case .starts(let at, let intensity):
                parts.append(parts.isEmpty ? precipitation(intensity, snow: snow) + " starting around " + time(at) : "again from " + time(at))
            case .heavier(let at, _): parts.append("heavier from " + time(at))
            case .lighter(let at, _): parts.append("lighter from " + time(at))
            case .stops(let at): parts.append("stopping around " + time(at))
            }
        }
        if case .stops? = outlook.events.last {} else if outlook.minutesToPrecipitation == 0 { parts.append("for \(span) at least") }
        let sentence = parts.joined(separator: ", ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }

    package func nextHoursNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String? {
        let what = snow ? "snow" : "rain"
        if outlook.minutesToPrecipitation == 0 { return outlook.dryFrom.map { "dry from " + time($0) } ?? what + " now" }
        guard let minutes = outlook.minutesToPrecipitation else { return nil }
        return minutes < 60 ? "\(what) in \(minutes) min" : "\(what) from " + (outlook.startsAt.map(time) ?? "")
    }

    package func nextHoursShortNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String? {
        let what = snow ? "snow" : "rain"
        if outlook.minutesToPrecipitation == 0 { return outlook.dryFrom.map { "dry " + time($0) } ?? what + " now" }
        return outlook.startsAt.map { what + " " + time($0) }
    }

    package func nextHoursFailed(_ error: WeatherError) -> String { "The next hours could not be fetched: " + weatherError(error) }
}

// MARK: - A warning's whole text, and the app's keys for it

extension English {
    package func warningArea(_ area: String) -> String { "Area: " + area }
    package var warningInstructionHeading: String { "What to do" }

    package func warningDetails(severity: String?, certainty: String?, urgency: String?) -> String? {
        let parts = [("Severity", severity), ("Certainty", certainty), ("Urgency", urgency)].compactMap { label, value in
            value.map { "\(label): \($0)" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }


    package var browseWarningKeys: String { "Esc close  ←→ Tab other warning  ↑↓ scroll  ? help" }
    package var browseWarningHelpKey: (key: String, does: String) { ("w", "the warning's whole text") }
    package var browseWarningHelp: (title: String, keys: [(key: String, does: String)]) {
        ("Warning", [("← → Tab", "the other warnings of the place"), ("↑ ↓  k j", "scroll"), ("Esc  q  w", "back")])
    }
}
