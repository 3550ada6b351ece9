import ForecastCore
import ForecastKit
import Foundation

extension Japanese {
    package var warningsHeading: String { "警報・注意報" }
    package var warningsColumn: String { "警報" }

    package func warningLevel(_ level: WarningLevel) -> String {
        switch level {
        case .unknown: "程度不明"
        case .minor: "注意報(黄)"
        case .moderate: "警報(橙)"
        case .severe: "重大な警報(赤)"
        case .extreme: "特別警報"
        }
    }

    package var noWarningsInForce: String { "発表中の公式の警報・注意報はありません。" }

    package func noWarningSource(country: String?) -> String {
        guard let country, !country.isEmpty else { return "この地点の公式な警報・注意報には対応していません。" }
        return "\(country)の公式な警報・注意報には対応していません。"
    }

    package var warningsNotChecked: String { "警報・注意報はまだ確認していません。" }
    package func warningsFailed(_ error: WeatherError) -> String { "警報・注意報を確認できませんでした: " + weatherError(error) }
    package func warningCount(_ count: Int) -> String { "警報 \(count)件" }

    package func warningWindow(from: String?, until: String?) -> String {
        switch (from, until) {
        case let (from?, until?): "\(from)から\(until)まで"
        case let (from?, nil): "\(from)から"
        case let (nil, until?): "\(until)まで"
        case (nil, nil): "解除されるまで"
        }
    }

    package func warningIssuer(_ issuer: String?, credit: String) -> String {
        guard let issuer, !issuer.isEmpty, !credit.hasPrefix(issuer) else { return "出典: \(credit)" }
        return "発表: \(issuer) · \(credit)"
    }

    package func warningsChecked(_ age: String) -> String { age.replacingOccurrences(of: "更新", with: "確認") }
    package var warningKeyHint: String { "w 警報" }

    package func warningLevelShort(_ level: WarningLevel) -> String {
        switch level {
        case .unknown: "不明"
        case .minor: "黄"
        case .moderate: "橙"
        case .severe: "赤"
        case .extreme: "特別警報"
        }
    }

    package var warningsFailedNote: String { "警報未確認" }

    package func noWarningSource(for places: [String], country: String?) -> String {
        let list = places.joined(separator: "、")
        guard let country, !country.isEmpty else { return "これらの地点の公式な警報・注意報には対応していません: \(list)。" }
        return "\(list)(\(country))の公式な警報・注意報には対応していません。"
    }

    package func warningsFailed(for places: [String], _ error: WeatherError) -> String {
        "\(places.joined(separator: "、"))の警報・注意報を確認できませんでした: " + weatherError(error)
    }

    package func warningsNotChecked(for places: [String]) -> String {
        "\(places.joined(separator: "、"))の警報・注意報はまだ確認していません: --offline を付けずに実行してください。"
    }

    package func noWarningsAnywhere(_ checked: Int, of places: Int) -> String {
        checked == places
            ? "保存した\(places)か所のすべてで、発表中の公式の警報・注意報はありません。"
            : "保存した\(places)か所のうち確認できた\(checked)か所で、発表中の公式の警報・注意報はありません。"
    }

    package var noWarningsChecked: String { "どの地点の警報・注意報も確認できなかったため、現在の警報・注意報は不明です。" }

    package var noWarningSourceAnywhere: String { "保存した地点の公式の警報・注意報を提供する情報源がありません。" }

    package func noWarningsWhenLastChecked(_ age: String?) -> String {
        "前回の確認時" + (age.map { "(\($0))" } ?? "") + "には、発表中の公式の警報・注意報はありませんでした。"
    }

    package func warningSourceNeedsKey(_ source: String, variable: String) -> String {
        "\(source)の警報・注意報は、\(variable) が設定されているときだけ取得します。"
    }

    package func nextHoursHeading(_ kind: NextHours.Kind) -> String {
        kind == .nowcast ? "今後2時間" : "今後数時間(時間ごとの予報)"
    }

    package func precipitation(_ intensity: PrecipitationIntensity, snow: Bool) -> String {
        let what = snow ? "雪" : "雨"
        return switch intensity.word {
        case .none: what + "なし"
        case .veryLight, .light: "弱い" + what
        case .moderate: what
        case .heavy: "強い" + what
        }
    }

    package func nextHoursSentence(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String {
        let span = outlook.kind == .nowcast ? "今後2時間" : "今後数時間"
        guard !outlook.events.isEmpty else { return "\(span)、降水の予想はありません。" }
        var parts: [String] = []
        for event in outlook.events {
            switch event {
            case .now(let intensity): parts.append("現在\(precipitation(intensity, snow: snow))が降っています")
            case .starts(let at, let intensity):
                parts.append(parts.isEmpty ? "\(time(at))ごろから\(precipitation(intensity, snow: snow))が降り始めます" : "\(time(at))から再び降り出します")
            case .heavier(let at, _): parts.append("\(time(at))から強まります")
            case .lighter(let at, _): parts.append("\(time(at))から弱まります")
            case .stops(let at): parts.append("\(time(at))ごろに止みます")
            }
        }
        if case .stops? = outlook.events.last {} else if outlook.minutesToPrecipitation == 0 { parts.append("少なくとも\(span)は降り続く見込みです") }
        return parts.joined(separator: "。") + "。"
    }

    package func nextHoursNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String? {
        let what = snow ? "雪" : "雨"
        if outlook.minutesToPrecipitation == 0 { return outlook.dryFrom.map { "\(time($0))ごろ止む" } ?? "降" + what + "中" }
        guard let minutes = outlook.minutesToPrecipitation else { return nil }
        return minutes < 60 ? "\(minutes)分後に\(what)" : "\(outlook.startsAt.map(time) ?? "")から\(what)"
    }

    package func nextHoursShortNote(_ outlook: NextHoursOutlook, snow: Bool, time: (Date) -> String) -> String? {
        let what = snow ? "雪" : "雨"
        if outlook.minutesToPrecipitation == 0 { return outlook.dryFrom.map { "\(time($0))止む" } ?? what }
        return outlook.startsAt.map { "\(time($0))\(what)" }
    }

    package func nextHoursFailed(_ error: WeatherError) -> String { "今後の降水を取得できませんでした: " + weatherError(error) }
}

// MARK: - A warning's whole text, and the app's keys for it

extension Japanese {
    package func warningArea(_ area: String) -> String { "対象地域: " + area }
    package var warningInstructionHeading: String { "とるべき行動" }

    package func warningDetails(severity: String?, certainty: String?, urgency: String?) -> String? {
        let parts = [("深刻度", severity), ("確実度", certainty), ("緊急度", urgency)].compactMap { label, value in
            value.map { "\(label): \($0)" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }


    package var browseWarningKeys: String { "Esc 閉じる  ←→ Tab 他の警報  ↑↓ スクロール  ? ヘルプ" }
    package var browseWarningHelpKey: (key: String, does: String) { ("w", "警報の全文") }
    package var browseWarningHelp: (title: String, keys: [(key: String, does: String)]) {
        ("警報", [("← → Tab", "この地点の他の警報"), ("↑ ↓  k j", "スクロール"), ("Esc  q  w", "戻る")])
    }
}
