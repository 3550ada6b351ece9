import ForecastCore

extension Japanese {
    package func sky(_ sky: ConditionParts.Sky) -> String {
        switch sky {
        case .clear: "快晴"
        case .mainlyClear: "晴れ"
        case .partlyCloudy: "晴れ時々曇り"
        case .cloudy: "曇り"
        }
    }

    package func veil(_ veil: ConditionParts.Veil) -> String {
        switch veil {
        case .fog: "霧"
        case .rimeFog: "着氷性の霧"
        case .mist: "もや"
        case .haze: "煙霧"
        case .smoke: "煙"
        case .dust: "ちり"
        case .sand: "砂"
        case .ash: "火山灰"
        }
    }

    package func wind(_ wind: ConditionParts.Wind) -> String {
        switch wind {
        case .squall: "スコール"
        case .tornado: "竜巻"
        }
    }

    /// "雷を伴う弱いにわか雨", "着氷性の霧雨", "強いひょうを伴う雷雨".
    package func precipitation(_ parts: ConditionParts) -> String {
        let strength = switch parts.intensity {
        case .light: "弱い"
        case .heavy: "強い"
        case .moderate, nil: ""
        }
        guard let falling = parts.falling else {
            return parts.hail ? strength + "ひょうを伴う雷雨" : strength + "雷雨"
        }
        let noun = switch (falling, parts.showers) {
        case (.drizzle, _): "霧雨"
        case (.rain, false): "雨"
        case (.rain, true): "にわか雨"
        case (.sleet, false): "みぞれ"
        case (.sleet, true): "にわかみぞれ"
        case (.snow, false): "雪"
        case (.snow, true): "にわか雪"
        case (.snowGrains, _): "霧雪"
        }
        let said = strength + (parts.freezing ? "着氷性の" : "") + noun
        return (parts.thunder ? "雷" + (parts.hail ? "とひょう" : "") + "を伴う" : parts.hail ? "ひょうを伴う" : "") + said
    }

    package func unknownCondition(_ name: String) -> String { "不明な天気(\(name))" }
}
