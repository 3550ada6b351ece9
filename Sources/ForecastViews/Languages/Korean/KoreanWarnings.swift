import ForecastCore
import ForecastKit
import Foundation

extension Korean {
    package var warningsHeading: String { "기상 특보" }
    package var warningsColumn: String { "특보" }

    package func warningLevel(_ level: WarningLevel) -> String {
        switch level {
        case .unknown: "단계 알 수 없음"
        case .minor: "주의 (노랑)"
        case .moderate: "경계 (주황)"
        case .severe: "위험 (빨강)"
        case .extreme: "극한"
        }
    }

    package var noWarningsInForce: String { "발효 중인 공식 특보 없음." }

    package func noWarningSource(country: String?) -> String {
        guard let country, !country.isEmpty else { return "이곳의 공식 특보는 여기서 볼 수 없습니다." }
        return "\(country)의 공식 특보는 여기서 볼 수 없습니다."
    }

    package var warningsNotChecked: String { "특보를 아직 확인하지 않았습니다." }
    package func warningsFailed(_ error: WeatherError) -> String { "특보를 확인하지 못함: " + weatherError(error) }
    package func warningCount(_ count: Int) -> String { "특보 \(count)건" }

    package func warningWindow(from: String?, until: String?) -> String {
        switch (from, until) {
        case let (from?, until?): "\(from)부터 \(until)까지"
        case let (from?, nil): "\(from)부터"
        case let (nil, until?): "\(until)까지"
        case (nil, nil): "해제 시까지"
        }
    }

    package func warningIssuer(_ issuer: String?, credit: String) -> String {
        guard let issuer, !issuer.isEmpty, !credit.hasPrefix(issuer) else { return "출처: \(credit)" }
        return "발표: \(issuer) · \(credit)"
    }

    package func warningsChecked(_ age: String) -> String { age.replacingOccurrences(of: "갱신", with: "확인") }
    package var warningKeyHint: String { "w 특보" }

    package func warningLevelShort(_ level: WarningLevel) -> String {
        switch level {
        case .unknown: "알 수 없음"
        case .minor: "노랑"
        case .moderate: "주황"
        case .severe: "빨강"
        case .extreme: "극한"
        }
    }

    package var warningsFailedNote: String { "특보 확인 못 함" }

    package func noWarningSource(for places: [String], country: String?) -> String {
        let list = places.joined(separator: ", ")
        guard let country, !country.isEmpty else { return "이곳들의 공식 특보는 여기서 볼 수 없습니다: \(list)." }
        return "\(country)의 공식 특보는 여기서 볼 수 없습니다: \(list)."
    }

    package func warningsFailed(for places: [String], _ error: WeatherError) -> String {
        "\(places.joined(separator: ", "))의 특보를 확인하지 못함: " + weatherError(error)
    }

    package func warningsNotChecked(for places: [String]) -> String {
        "\(places.joined(separator: ", "))의 특보를 아직 확인하지 않았습니다: --offline 없이 실행하세요."
    }

    package func noWarningsAnywhere(_ checked: Int, of places: Int) -> String {
        checked == places ? "저장한 \(places)곳 모두 발효 중인 공식 특보 없음." : "저장한 \(places)곳 중 확인한 \(checked)곳에 발효 중인 공식 특보 없음."
    }

    package var noWarningsChecked: String { "어느 곳의 특보도 확인하지 못해 지금의 특보는 알 수 없습니다." }

    package var noWarningSourceAnywhere: String { "저장한 곳의 공식 특보를 알려 주는 곳이 없습니다." }

    package func noWarningsWhenLastChecked(_ age: String?) -> String {
        "마지막 확인" + (age.map { "(\($0))" } ?? "") + " 때 발효 중인 공식 특보 없음."
    }

    package func warningSourceNeedsKey(_ source: String, variable: String) -> String {
        "\(source)의 특보는 \(variable)\(Self.josa(variable, .iGa)) 설정되어 있을 때만 받아 옵니다."
    }

    package func nextHoursHeading(_ kind: NextHours.Kind) -> String {
        kind == .nowcast ? "앞으로 2시간" : "앞으로 몇 시간 (시간별 예보)"
    }

    package func precipitation(_ intensity: PrecipitationIntensity, snow: Bool) -> String {
        let what = snow ? "눈" : "비"
        return switch intensity.word {
        case .none: what + " 없음"
        case .veryLight, .light: "약한 " + what
        case .moderate: what
        case .heavy: "강한 " + what
        }
    }

    package func nextHoursSentence(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String {
        let span = outlook.kind == .nowcast ? "2시간 동안" : "앞으로 몇 시간 동안"
        guard !outlook.events.isEmpty else { return "\(span) 강수 없음." }
        var parts: [String] = []
        for event in outlook.events {
            switch event {
            case .now(let intensity): parts.append("지금 " + precipitation(intensity, snow: snow))
            case .starts(let at, let intensity):
                parts.append(parts.isEmpty ? "\(time(at))쯤 \(precipitation(intensity, snow: snow)) 시작" : "\(time(at))부터 다시")
            case .heavier(let at, _): parts.append("\(time(at))부터 강해짐")
            case .lighter(let at, _): parts.append("\(time(at))부터 약해짐")
            case .stops(let at): parts.append("\(time(at))쯤 그침")
            }
        }
        if case .stops? = outlook.events.last {} else if outlook.minutesToPrecipitation == 0 { parts.append("\(span) 계속") }
        return parts.joined(separator: ", ") + "."
    }

    package func nextHoursNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String? {
        let what = snow ? "눈" : "비"
        if outlook.minutesToPrecipitation == 0 { return outlook.dryFrom.map { "\(time($0))부터 그침" } ?? "지금 " + what }
        guard let minutes = outlook.minutesToPrecipitation else { return nil }
        return minutes < 60 ? "\(minutes)분 후 \(what)" : "\(outlook.startsAt.map(time) ?? "")부터 \(what)"
    }

    package func nextHoursShortNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String? {
        let what = snow ? "눈" : "비"
        if outlook.minutesToPrecipitation == 0 { return outlook.dryFrom.map { "\(time($0)) 그침" } ?? "지금 " + what }
        return outlook.startsAt.map { "\(time($0)) \(what)" }
    }

    package func nextHoursFailed(_ error: WeatherError) -> String { "앞으로의 강수를 가져오지 못함: " + weatherError(error) }
}

// MARK: - A warning's whole text, and the app's keys for it

extension Korean {
    package func warningArea(_ area: String) -> String { "지역: " + area }
    package var warningInstructionHeading: String { "행동 요령" }

    package func warningDetails(severity: String?, certainty: String?, urgency: String?) -> String? {
        let parts = [("심각도", severity), ("확실성", certainty), ("긴급성", urgency)].compactMap { label, value in
            value.map { "\(label): \($0)" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }


    package var browseWarningKeys: String { "Esc 닫기  ←→ Tab 다른 특보  ↑↓ 스크롤  ? 도움말" }
    package var browseWarningHelpKey: (key: String, does: String) { ("w", "특보 전문") }
    package var browseWarningHelp: (title: String, keys: [(key: String, does: String)]) {
        ("특보", [("← → Tab", "이 장소의 다른 특보"), ("↑ ↓  k j", "스크롤"), ("Esc  q  w", "돌아가기")])
    }
}
