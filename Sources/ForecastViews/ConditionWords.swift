import ForecastCore

/// The words for weather conditions: one per part of the core's closed list
/// (`ConditionParts`), never per service code, so a new service's conditions
/// have words in every language.
package protocol ConditionWords {
    /// Clear, mainly clear, partly cloudy, cloudy.
    func sky(_ sky: ConditionParts.Sky) -> String
    /// Fog, rime fog, mist, haze, smoke, dust, sand, volcanic ash.
    func veil(_ veil: ConditionParts.Veil) -> String
    /// Squalls, a tornado.
    func wind(_ wind: ConditionParts.Wind) -> String
    /// Drizzle, rain, sleet, snow or snow grains: how hard, freezing or not,
    /// steady or in showers, with thunder (and hail) or without; or a
    /// thunderstorm with nothing said to fall.
    func precipitation(_ parts: ConditionParts) -> String
    /// A condition forecast does not know, by the name the service gave.
    func unknownCondition(_ name: String) -> String
}

extension ConditionWords {
    /// A condition in words, from its parts.
    package func condition(_ condition: WeatherCondition) -> String { words(condition.parts) }

    package func words(_ parts: ConditionParts) -> String {
        if let name = parts.unknown { return unknownCondition(name) }
        if let said = parts.wind { return wind(said) }
        if parts.isPrecipitation { return precipitation(parts) }
        if let said = parts.veil { return veil(said) }
        if let said = parts.sky { return sky(said) }
        return unknownCondition("?")
    }
}
