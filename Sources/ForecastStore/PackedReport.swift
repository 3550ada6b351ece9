import ForecastCore
import Foundation

/// The cache's own form of a report: fields in a fixed order, numbers as
/// their IEEE bits, little-endian. A thousand summaries read in about a
/// millisecond, where JSON took most of a `list` (the database is read on
/// every command; JSON stays the format of everything a person or a script sees).
///
/// What is read back is untrusted like any cache: every read is bounded by
/// what is left, a count can never ask for more elements than bytes remain,
/// text is cleaned like decoded text, and the report is then validated as
/// any other is. Anything short, long or strange is no report (it is fetched again).
enum PackedReport {
    /// "FCR" and the layout's version: a layout change is a new version, and
    /// an older one reads as no report, but for version 1, which is version 2
    /// without the pollen (read as none), and version 2, which is version 3
    /// without the hours' pressure (read as none).
    static let header: [UInt8] = [0x46, 0x43, 0x52, 3]

    struct Malformed: Error {}

    static func pack(_ report: WeatherReport) -> [UInt8] {
        var out = Packer()
        out.bytes.reserveCapacity(128 + report.hourly.count * 96 + report.daily.count * 96)
        out.bytes.append(contentsOf: header)
        out.date(report.observedAt)
        out.integer(report.utcOffsetSeconds)
        out.text(report.timeZone)
        let c = report.current
        for value in [c.temperature, c.feelsLike, c.humidity, c.pressure, c.windSpeed, c.windDirection, c.windGust,
                      c.visibility, c.cloudCover, c.precipitation] { out.number(value) }
        out.condition(c.condition)
        out.flag(c.isDay)
        out.date(c.sunrise)
        out.date(c.sunset)
        out.count(report.hourly.count)
        for h in report.hourly {
            out.date(h.time)
            for value in [h.temperature, h.feelsLike, h.humidity, h.precipitationProbability, h.precipitation, h.windSpeed,
                          h.windDirection, h.pressure] { out.number(value) }
            out.condition(h.condition)
            out.flag(h.isDay)
        }
        out.count(report.daily.count)
        for d in report.daily {
            out.text(d.date)
            for value in [d.minimum, d.maximum] { out.number(value) }
            out.condition(d.condition)
            for value in [d.precipitation, d.precipitationProbability, d.uvIndexMax] { out.number(value) }
            out.date(d.sunrise)
            out.date(d.sunset)
        }
        out.flag(report.airQuality != nil)
        if let air = report.airQuality {
            out.date(air.time)
            for value in [air.usAQI, air.europeanAQI, air.pm2_5, air.pm10] { out.number(value) }
            for plant in AirQuality.Pollen.Plant.allCases { out.number(air.pollen?[plant]) }
        }
        out.flag(report.stepsEndAtTheirTimes)
        out.flag(report.validity != nil)
        if let validity = report.validity {
            out.date(validity.expires)
            out.date(validity.lastModified)
        }
        return out.bytes
    }

    static func unpack(_ bytes: [UInt8]) throws(Malformed) -> WeatherReport {
        var r = Unpacker(bytes: bytes)
        guard bytes.count >= header.count, bytes[0..<3].elementsEqual(header[0..<3]), [1, 2, header[3]].contains(bytes[3]) else { throw Malformed() }
        let withPollen = bytes[3] >= 2
        let withPressure = bytes[3] >= 3
        r.offset = header.count
        let observedAt = try r.date()
        let offset = try r.integer()
        let zone = try r.text()
        var current = CurrentConditions(
            temperature: try r.number(), feelsLike: try r.number(), humidity: try r.number(), pressure: try r.number(),
            windSpeed: try r.number(), windDirection: try r.number(), windGust: try r.number(), visibility: try r.number(),
            cloudCover: try r.number(), precipitation: try r.number())
        current.condition = try r.condition()
        current.isDay = try r.flag()
        current.sunrise = try r.optionalDate()
        current.sunset = try r.optionalDate()
        // An hour takes at least 8 + 7 (8 with its pressure) + 1 + 1 bytes: a count cannot promise more than the bytes left.
        let hours = try r.count(eachAtLeast: withPressure ? 18 : 17)
        var hourly: [HourlyForecast] = []
        hourly.reserveCapacity(hours)
        for _ in 0..<hours {
            var hour = HourlyForecast(
                time: try r.date(), temperature: try r.number(), feelsLike: try r.number(), humidity: try r.number(),
                precipitationProbability: try r.number(), precipitation: try r.number(), windSpeed: try r.number(),
                windDirection: try r.number())
            if withPressure { hour.pressure = try r.number() }
            hour.condition = try r.condition()
            hour.isDay = try r.flag()
            hourly.append(hour)
        }
        let days = try r.count(eachAtLeast: 11)
        var daily: [DailyForecast] = []
        daily.reserveCapacity(days)
        for _ in 0..<days {
            guard let date = try r.text() else { throw Malformed() }
            var day = DailyForecast(date: date, minimum: try r.number(), maximum: try r.number())
            day.condition = try r.condition()
            day.precipitation = try r.number()
            day.precipitationProbability = try r.number()
            day.uvIndexMax = try r.number()
            day.sunrise = try r.optionalDate()
            day.sunset = try r.optionalDate()
            daily.append(day)
        }
        var air: AirQuality?
        if try r.flag() == true {
            air = AirQuality(time: try r.optionalDate(), usAQI: try r.number(), europeanAQI: try r.number(), pm2_5: try r.number(), pm10: try r.number())
            if withPollen {
                air?.pollen = AirQuality.Pollen(
                    alder: try r.number(), birch: try r.number(), grass: try r.number(), mugwort: try r.number(), olive: try r.number(),
                    ragweed: try r.number())
                if air?.pollen?.isEmpty == true { air?.pollen = nil }
            }
        }
        var report = WeatherReport(
            observedAt: observedAt, utcOffsetSeconds: offset, timeZone: zone, current: current, hourly: hourly, daily: daily,
            airQuality: air, stepsEndAtTheirTimes: try r.flag())
        if try r.flag() == true { report.validity = AnswerValidity(expires: try r.optionalDate(), lastModified: try r.optionalDate()) }
        guard r.offset == bytes.count else { throw Malformed() }
        return report
    }
}

private struct Packer {
    var bytes: [UInt8] = []

    mutating func raw(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    mutating func number(_ value: Double?) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        raw(value.bitPattern)
    }
    mutating func date(_ date: Date) { raw(date.timeIntervalSinceReferenceDate.bitPattern) }
    mutating func date(_ date: Date?) { number(date?.timeIntervalSinceReferenceDate) }
    mutating func integer(_ value: Int) { raw(UInt64(bitPattern: Int64(value))) }
    mutating func count(_ value: Int) { raw(UInt64(max(0, value))) }
    /// 0: none, 1: false, 2: true.
    mutating func flag(_ value: Bool?) { bytes.append(value.map { $0 ? 2 : 1 } ?? 0) }
    mutating func text(_ value: String?) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }
    mutating func condition(_ value: WeatherCondition?) {
        text(value?.kind.rawValue)
        if let value { text(value.code) }
    }
}

private struct Unpacker {
    let bytes: [UInt8]
    var offset = 0
    typealias Malformed = PackedReport.Malformed

    mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }
    mutating func raw() throws(Malformed) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Malformed() }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return value
    }
    mutating func number() throws(Malformed) -> Double? {
        switch try byte() {
        case 0: return nil
        case 1: return Double(bitPattern: try raw())
        default: throw Malformed()
        }
    }
    mutating func date() throws(Malformed) -> Date {
        let seconds = Double(bitPattern: try raw())
        guard seconds.isFinite else { throw Malformed() }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
    mutating func optionalDate() throws(Malformed) -> Date? {
        guard let seconds = try number() else { return nil }
        guard seconds.isFinite else { throw Malformed() }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
    mutating func integer() throws(Malformed) -> Int {
        let value = Int64(bitPattern: try raw())
        guard let int = Int(exactly: value) else { throw Malformed() }
        return int
    }
    /// A count of elements each taking at least `size` bytes, never more than what is left.
    mutating func count(eachAtLeast size: Int) throws(Malformed) -> Int {
        let value = try raw()
        guard value <= UInt64((bytes.count - offset) / max(1, size)) else { throw Malformed() }
        return Int(value)
    }
    mutating func flag() throws(Malformed) -> Bool? {
        switch try byte() {
        case 0: return nil
        case 1: return false
        case 2: return true
        default: throw Malformed()
        }
    }
    mutating func text() throws(Malformed) -> String? {
        switch try byte() {
        case 0: return nil
        case 1:
            let length = try count(eachAtLeast: 1)
            defer { offset += length }
            return SafeText.clean(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self), maxLength: 200)
        default: throw Malformed()
        }
    }
    mutating func condition() throws(Malformed) -> WeatherCondition? {
        guard let kind = try text() else { return nil }
        guard let code = try text() else { throw Malformed() }
        return WeatherCondition.stored(kind: WeatherCondition.Kind(rawValue: kind) ?? .unknown, code: code)
    }
}

/// A cached report as the database holds it.
enum StoredReport: Sendable {
    case packed([UInt8])
    /// Cached before migration 0006.
    case json(String)
}
