import Foundation

/// What a value from a weather service may be, physically. A report with any
/// value outside these bounds is refused whole (as `badResponse`, naming the
/// field): a service that says 10000 °C is not to be believed about the rest.
public enum WeatherBounds {
    /// Air temperature, °C (the records are −89 and +57).
    public static let temperature = -100.0...70.0
    /// Apparent temperature, °C: wind chill and heat index reach a little further.
    public static let feelsLike = -120.0...90.0
    public static let percent = 0.0...100.0
    /// Wind speed and gusts, m/s.
    public static let wind = 0.0...150.0
    /// Sea-level pressure, hPa.
    public static let pressure = 800.0...1100.0
    public static let direction = 0.0...360.0
    /// Metres.
    public static let visibility = 0.0...1_000_000.0
    /// Millimetres (the wettest day on record is under 2 m).
    public static let precipitation = 0.0...2000.0
    /// UV index (the highest ever measured is about 43).
    public static let uvIndex = 0.0...50.0
    /// Air quality indices (US AQI tops out at 500; the European one has no top).
    public static let airQualityIndex = 0.0...1000.0
    /// Particulate matter, µg/m³ (dust storms reach a few thousand).
    public static let particulates = 0.0...10_000.0
    /// Grains a cubic metre: a heavy birch day has a few thousand.
    public static let pollen = 0.0...100_000.0
    /// Seconds east of UTC.
    public static let utcOffset = -18 * 3600...18 * 3600
    /// How far from now a time in a report may be.
    public static let timeSpan: TimeInterval = 366 * 86_400
    /// Most hours and days a report may hold.
    public static let maximumHours = 24 * 16
    /// Open-Meteo's 16 days and the past ones before them (`past_days`).
    public static let maximumDays = 18
}

extension WeatherReport {
    /// This report if every value in it is finite and plausible, its times are
    /// within a year of `now` and its zone name is one this system knows;
    /// otherwise a `badResponse` error naming the first bad field.
    public func validated(now: Date) throws(WeatherError) -> WeatherReport {
        var report = self
        try Self.check(utcOffsetSeconds, in: WeatherBounds.utcOffset, "utc_offset_seconds")
        try Self.check(observedAt, now: now, "current.time")
        if let zone = timeZone { report.timeZone = SafeText.timeZone(zone) }
        try current.validate("current", now: now)
        guard hourly.count <= WeatherBounds.maximumHours else { throw Self.bad("hourly", .tooMany(hourly.count)) }
        guard daily.count <= WeatherBounds.maximumDays else { throw Self.bad("daily", .tooMany(daily.count)) }
        for (i, hour) in hourly.enumerated() { try hour.validate("hourly[\(i)]", now: now) }
        for (i, day) in daily.enumerated() { try day.validate("daily[\(i)]", now: now) }
        try airQuality?.validate("air_quality", now: now)
        return report
    }

    /// The field's name is built only when it is bad (a list checks thousands of values).
    static func bad(_ field: String, _ problem: WeatherError.Detail.Problem) -> WeatherError {
        WeatherError(.badResponse, detail: .invalid(.field(field), problem))
    }

    static func check(_ value: Double?, in range: ClosedRange<Double>, _ field: @autoclosure () -> String) throws(WeatherError) {
        guard let value else { return }
        guard value.isFinite else { throw bad(field(), .notFinite) }
        guard range.contains(value) else {
            throw bad(field(), .outside(value: SafeNumber.rounded(value).map(String.init) ?? "out of range", range: Self.text(range)))
        }
    }

    static func check(_ value: Int, in range: ClosedRange<Int>, _ field: @autoclosure () -> String) throws(WeatherError) {
        guard range.contains(value) else { throw bad(field(), .outside(value: "\(value)", range: "\(range.lowerBound)…\(range.upperBound)")) }
    }

    static func check(_ date: Date?, now: Date, _ field: @autoclosure () -> String) throws(WeatherError) {
        guard let date else { return }
        let seconds = date.timeIntervalSince(now)
        guard seconds.isFinite, abs(seconds) <= WeatherBounds.timeSpan else { throw bad(field(), .farFromNow) }
    }

    private static func text(_ range: ClosedRange<Double>) -> String {
        "\(SafeNumber.rounded(range.lowerBound) ?? 0)…\(SafeNumber.rounded(range.upperBound) ?? 0)"
    }
}

extension CurrentConditions {
    func validate(_ prefix: @autoclosure () -> String, now: Date) throws(WeatherError) {
        typealias R = WeatherReport
        try R.check(temperature, in: WeatherBounds.temperature, "\(prefix()).temperature")
        try R.check(feelsLike, in: WeatherBounds.feelsLike, "\(prefix()).feels_like")
        try R.check(humidity, in: WeatherBounds.percent, "\(prefix()).humidity")
        try R.check(pressure, in: WeatherBounds.pressure, "\(prefix()).pressure")
        try R.check(windSpeed, in: WeatherBounds.wind, "\(prefix()).wind_speed")
        try R.check(windDirection, in: WeatherBounds.direction, "\(prefix()).wind_direction")
        try R.check(windGust, in: WeatherBounds.wind, "\(prefix()).wind_gust")
        try R.check(visibility, in: WeatherBounds.visibility, "\(prefix()).visibility")
        try R.check(cloudCover, in: WeatherBounds.percent, "\(prefix()).cloud_cover")
        try R.check(precipitation, in: WeatherBounds.precipitation, "\(prefix()).precipitation")
        try R.check(sunrise, now: now, "\(prefix()).sunrise")
        try R.check(sunset, now: now, "\(prefix()).sunset")
    }
}

extension HourlyForecast {
    func validate(_ prefix: @autoclosure () -> String, now: Date) throws(WeatherError) {
        typealias R = WeatherReport
        try R.check(time, now: now, "\(prefix()).time")
        try R.check(temperature, in: WeatherBounds.temperature, "\(prefix()).temperature")
        try R.check(feelsLike, in: WeatherBounds.feelsLike, "\(prefix()).feels_like")
        try R.check(humidity, in: WeatherBounds.percent, "\(prefix()).humidity")
        try R.check(precipitationProbability, in: WeatherBounds.percent, "\(prefix()).precipitation_probability")
        try R.check(precipitation, in: WeatherBounds.precipitation, "\(prefix()).precipitation")
        try R.check(windSpeed, in: WeatherBounds.wind, "\(prefix()).wind_speed")
        try R.check(windDirection, in: WeatherBounds.direction, "\(prefix()).wind_direction")
        try R.check(pressure, in: WeatherBounds.pressure, "\(prefix()).pressure")
    }
}

extension DailyForecast {
    func validate(_ prefix: @autoclosure () -> String, now: Date) throws(WeatherError) {
        typealias R = WeatherReport
        guard date.utf8.count == 10, CivilDate(iso: date) != nil else {
            throw R.bad("\(prefix()).date", .notADate)
        }
        try R.check(minimum, in: WeatherBounds.temperature, "\(prefix()).temperature_min")
        try R.check(maximum, in: WeatherBounds.temperature, "\(prefix()).temperature_max")
        try R.check(precipitation, in: WeatherBounds.precipitation, "\(prefix()).precipitation")
        try R.check(precipitationProbability, in: WeatherBounds.percent, "\(prefix()).precipitation_probability")
        try R.check(uvIndexMax, in: WeatherBounds.uvIndex, "\(prefix()).uv_index_max")
        try R.check(sunrise, now: now, "\(prefix()).sunrise")
        try R.check(sunset, now: now, "\(prefix()).sunset")
    }
}

extension AirQuality {
    /// These values if every one is finite and plausible; otherwise a
    /// `badResponse` error naming the first bad field.
    public func validate(_ prefix: @autoclosure () -> String, now: Date) throws(WeatherError) {
        typealias R = WeatherReport
        try R.check(time, now: now, "\(prefix()).time")
        try R.check(usAQI, in: WeatherBounds.airQualityIndex, "\(prefix()).us_aqi")
        try R.check(europeanAQI, in: WeatherBounds.airQualityIndex, "\(prefix()).european_aqi")
        try R.check(pm2_5, in: WeatherBounds.particulates, "\(prefix()).pm2_5")
        try R.check(pm10, in: WeatherBounds.particulates, "\(prefix()).pm10")
        for (plant, grains) in pollen?.known ?? [] {
            try R.check(grains, in: WeatherBounds.pollen, "\(prefix()).\(plant.rawValue)_pollen")
        }
    }
}
