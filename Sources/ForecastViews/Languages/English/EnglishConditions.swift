import ForecastCore

extension English {
    package func sky(_ sky: ConditionParts.Sky) -> String {
        switch sky {
        case .clear: "Clear sky"
        case .mainlyClear: "Mainly clear"
        case .partlyCloudy: "Partly cloudy"
        case .cloudy: "Cloudy"
        }
    }

    package func veil(_ veil: ConditionParts.Veil) -> String {
        switch veil {
        case .fog: "Fog"
        case .rimeFog: "Rime fog"
        case .mist: "Mist"
        case .haze: "Haze"
        case .smoke: "Smoke"
        case .dust: "Dust"
        case .sand: "Sand"
        case .ash: "Volcanic ash"
        }
    }

    package func wind(_ wind: ConditionParts.Wind) -> String {
        switch wind {
        case .squall: "Squalls"
        case .tornado: "Tornado"
        }
    }

    /// "Light rain showers and thunder", "Freezing drizzle", "Thunderstorm with heavy hail".
    package func precipitation(_ parts: ConditionParts) -> String {
        let strength = switch parts.intensity {
        case .light: "light "
        case .heavy: "heavy "
        case .moderate, nil: ""
        }
        guard let falling = parts.falling else {
            // Thunder, with hail or nothing said to fall.
            if parts.hail { return "Thunderstorm with " + (strength.isEmpty ? "hail" : strength + "hail") }
            return (strength + "thunderstorm").capitalizedFirst
        }
        let noun = switch falling {
        case .drizzle: "drizzle"
        case .rain: "rain"
        case .sleet: "sleet"
        case .snow: "snow"
        case .snowGrains: "snow grains"
        }
        let said = strength + (parts.freezing ? "freezing " : "") + noun + (parts.showers ? " showers" : "")
        return said.capitalizedFirst + (parts.thunder ? " and thunder" : "") + (parts.hail ? " and hail" : "")
    }

    package func unknownCondition(_ name: String) -> String { "Unknown weather (\(name))" }
}

extension String {
    /// The first letter in capitals ("light rain" → "Light rain").
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
