import ForecastCore
import Foundation

/// Turns fixed-unit values into what the user asked to see. The only place
/// units are converted, and where JSON's numbers get the precision the text
/// gives them.
package struct WeatherFormat {
    package init(temperatureUnit: TemperatureUnit, windUnit: WindUnit, words: ViewWords, emoji: Bool, measures: MeasureUnits = .metric) {
        self.temperatureUnit = temperatureUnit
        self.windUnit = windUnit
        self.words = words
        self.emoji = emoji
        self.measures = measures
    }

    /// In the user's units (`settings`'), said in `words`.
    package init(_ settings: Settings, words: ViewWords, emoji: Bool) {
        self.init(temperatureUnit: settings.temperatureUnit, windUnit: settings.windUnit, words: words, emoji: emoji, measures: settings.measures)
        airScales = settings.preferences.airScale ?? .local
    }

    /// The scale the air is graded on: each place's country's, or one for all (`config air-scale`).
    package var airScales: AirScaleChoice = .local
    /// The scale a place in `countryCode` is graded on.
    package func airScale(countryCode: String?) -> AirScale { airScales.scale(countryCode: countryCode) }

    /// Precipitation, distance, pressure and the clock.
    package var measures: MeasureUnits
    package var temperatureUnit: TemperatureUnit
    package var windUnit: WindUnit
    /// The words conditions and compass points are said in.
    package var words: ViewWords
    package var language: Language { words.language }
    /// Emoji symbols, or ASCII ones (FORECAST_ASCII=1, TERM=dumb).
    package var emoji: Bool

    /// In the temperature unit, to a tenth.
    package func temperature(_ celsius: Double?) -> Double? {
        ShownNumber.temperature(celsius, in: temperatureUnit)
    }

    /// In the temperature unit, not rounded: what a chart places, and whose
    /// labels `text(displayed:)` then round once.
    package func converted(_ celsius: Double?) -> Double? {
        celsius.flatMap { $0.isFinite ? temperatureUnit.convert(celsius: $0) : nil }
    }

    /// In the wind unit, to a tenth.
    package func wind(_ metresPerSecond: Double?) -> Double? {
        ShownNumber.wind(metresPerSecond, in: windUnit)
    }

    /// Percentages (humidity, cloud cover, chance of precipitation) and
    /// compass bearings, whole: 57, not 56.99999999999999.
    package func whole(_ value: Double?) -> Double? { ShownNumber.whole(value) }

    /// Millimetres, hPa, the UV index, AQIs and µg/m³, to a tenth as the report
    /// fields give them: 1.6, not 1.6001999999999998.
    package func tenth(_ value: Double?) -> Double? { ShownNumber.tenth(value) }

    /// "12°C", "-3°F", "285K".
    package func temperatureText(_ celsius: Double?) -> String {
        guard let celsius else { return "–" }
        return text(displayed: temperatureUnit.convert(celsius: celsius))
    }

    /// "12°C" of a temperature already in the display unit; "12.4°C" with a decimal.
    package func text(displayed value: Double, decimals: Int = 0) -> String {
        guard value.isFinite, let shown = ShownNumber.text(value, places: decimals) else { return "–" }
        return temperatureUnit == .kelvin ? "\(shown)K" : "\(shown)\(temperatureUnit.symbol)"
    }

    /// From `before` to `after` (°C), whole degrees in the display unit,
    /// rounded once from the unrounded values (the guide's rule for differences).
    package func temperatureChange(from before: Double?, to after: Double?) -> Int? {
        // Rounded once, from the unrounded values, as JSON's and CSV's tenths are.
        ShownNumber.temperatureDifference(from: before, to: after, in: temperatureUnit, places: 0).flatMap { Int(exactly: $0) }
    }

    /// Today's high against yesterday's, in words ("High 3° warmer than yesterday"), where the report has both days.
    package func againstYesterday(_ report: WeatherReport, now: Date) -> String? {
        guard let days = report.todayAndYesterday(now: now),
              let change = temperatureChange(from: days.yesterday.maximum, to: days.today.maximum) else { return nil }
        return words.highAgainstYesterday(change, kelvin: temperatureUnit == .kelvin)
    }

    /// Today's high against the normal high of the date, in words, with the
    /// normal low and high ("High 2° above normal (normal 5°/12°)"), where both are known.
    package func againstNormal(_ report: WeatherReport, normals: ClimateNormals?, now: Date) -> String? {
        guard let days = report.todayAndNormal(normals, now: now),
              let change = temperatureChange(from: days.normal.high, to: days.today.maximum) else { return nil }
        return words.highAgainstNormal(change, kelvin: temperatureUnit == .kelvin, range: range(days.normal.low, days.normal.high))
    }

    package func range(_ low: Double?, _ high: Double?) -> String {
        guard low != nil || high != nil else { return "–" }
        return "\(temperatureText(low))/\(temperatureText(high))"
    }

    /// "3.2 m/s NE", "6 kn NE", "Bft 3 NE": converted from m/s and rounded
    /// once, to what is shown (5.7 m/s = 20.52 km/h reads 21 km/h).
    package func windText(_ speed: Double?, direction: Double?) -> String {
        guard let speed, speed.isFinite else { return "–" }
        let compass = direction.map { " " + words.compass(CompassPoint(degrees: $0)) } ?? ""
        let converted = windUnit.convert(metresPerSecond: speed)
        if windUnit == .bft { return "Bft " + SafeNumber.fixed(converted, decimals: 0) + compass }
        return SafeNumber.fixed(converted, decimals: windUnit == .ms ? 1 : 0) + " " + windUnit.symbol + compass
    }

    /// "1014 hPa", "29.94 inHg", "761 mmHg".
    package func pressureText(_ hectopascals: Double?) -> String {
        let unit = measures.pressure
        return hectopascals.map { SafeNumber.fixed(unit.convert(hectopascals: $0), decimals: unit.decimals) + " " + unit.symbol } ?? "–"
    }

    /// "1.5 mm", "0.06 in".
    package func millimetresText(_ millimetres: Double?) -> String {
        let unit = measures.precipitation
        return millimetres.map { SafeNumber.fixed(unit.convert(millimetres: $0), decimals: unit.decimals) + " " + unit.symbol } ?? "–"
    }

    /// "8 km" or "5 mi"; below one, "600 m" or "0.4 mi".
    package func visibilityText(_ metres: Double?) -> String {
        guard let metres else { return "–" }
        let unit = measures.distance
        let value = unit.convert(metres: metres)
        // Whether it is under one is decided on the number shown: 999.6 m is 1 km, not "1000 m".
        let below = unit == .km ? SafeNumber.rounded(metres, places: 0) < 1000 : SafeNumber.rounded(value, places: 1) < 1
        if !below { return SafeNumber.fixed(value, decimals: 0) + " " + unit.symbol }
        return unit == .km ? SafeNumber.fixed(metres, decimals: 0) + " m" : SafeNumber.fixed(value, decimals: 1) + " mi"
    }

    /// `date` as read in `zone`, on the user's clock (what the catalog's times say).
    package func reading(_ date: Date, in zone: TimeZone) -> ClockReading {
        var reading = LocalTime.reading(date, in: zone)
        reading.clock = measures.clock
        return reading
    }

    /// A time of day on the user's clock: "14:05" or "2:05 PM" ("오후 2:05").
    package func time(_ date: Date, in zone: TimeZone) -> String { words.time(reading(date, in: zone)) }

    package func percent(_ value: Double?) -> String { value.flatMap(SafeNumber.rounded).map { "\($0)%" } ?? "–" }

    /// The condition's symbol, by night a night one (🌙, not ☀️, at 23:30).
    package func symbol(_ condition: WeatherCondition?, isDay: Bool?) -> String {
        guard let condition else { return emoji ? "  " : "" }
        return emoji ? condition.symbol(isDay: isDay) : condition.plainSymbol(isDay: isDay)
    }

    package func describe(_ condition: WeatherCondition?) -> String {
        condition.map(words.condition) ?? "–"
    }
}
