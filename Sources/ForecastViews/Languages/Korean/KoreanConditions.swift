import ForecastCore

extension Korean {
    package func sky(_ sky: ConditionParts.Sky) -> String {
        switch sky {
        case .clear: "맑음"
        case .mainlyClear: "대체로 맑음"
        case .partlyCloudy: "구름 조금"
        case .cloudy: "흐림"
        }
    }

    package func veil(_ veil: ConditionParts.Veil) -> String {
        switch veil {
        case .fog: "안개"
        case .rimeFog: "착빙성 안개"
        case .mist: "박무"
        case .haze: "연무"
        case .smoke: "연기"
        case .dust: "먼지"
        case .sand: "모래"
        case .ash: "화산재"
        }
    }

    package func wind(_ wind: ConditionParts.Wind) -> String {
        switch wind {
        case .squall: "돌풍"
        case .tornado: "토네이도"
        }
    }

    /// "천둥을 동반한 약한 소나기", "어는 이슬비", "강한 우박을 동반한 뇌우".
    package func precipitation(_ parts: ConditionParts) -> String {
        let strength = switch parts.intensity {
        case .light: "약한 "
        case .heavy: "강한 "
        case .moderate, nil: ""
        }
        guard let falling = parts.falling else {
            return parts.hail ? strength + "우박을 동반한 뇌우" : strength + "뇌우"
        }
        let noun = switch (falling, parts.showers) {
        case (.drizzle, _): "이슬비"
        case (.rain, false): "비"
        case (.rain, true): "소나기"
        case (.sleet, false): "진눈깨비"
        case (.sleet, true): "진눈깨비 소나기"
        case (.snow, false): "눈"
        case (.snow, true): "눈 소나기"
        case (.snowGrains, _): "싸락눈"
        }
        let said = strength + (parts.freezing ? "어는 " : "") + noun
        return (parts.thunder ? "천둥" + (parts.hail ? "과 우박" : "") + "을 동반한 " : parts.hail ? "우박을 동반한 " : "") + said
    }

    package func unknownCondition(_ name: String) -> String { "알 수 없는 날씨 (\(name))" }
}
