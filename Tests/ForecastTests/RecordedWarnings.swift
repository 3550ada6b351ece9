import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastKit
@testable import ForecastProviders

/// Warnings and nowcasts for the faces' tests, read by the sources themselves
/// from recorded answers (Fixtures/SOURCES.md says where each comes from).
enum RecordedWarnings {
    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// A saved place of the gazetteer.
    static func place(_ id: Int64, _ city: String, now: Date) throws -> Place {
        let found = try #require(Gazetteer.bundled.search(city, limit: 1).first?.city)
        return Place(
            id: id, displayName: found.name, canonicalName: found.name, countryCode: found.countryCode, admin1: found.admin1,
            coordinate: found.coordinate, timeZone: found.timeZone, geonamesID: found.geonamesID, position: Int(id), addedAt: now)
    }

    static func query(_ place: Place) -> PlaceQuery { PlaceQuery(id: place.id, coordinate: place.coordinate, timeZone: place.timeZone) }

    /// What a source made of its recorded answer for `place`.
    static func answer(_ service: some BatchService<SourceResult>, _ fixture: String, for place: Place, now: Date) throws -> SourceAnswer {
        let decoded = service.decode([query(place)], responses: [HTTPResponse(status: 200, body: Fixture.data(fixture))], now: now)
        let outcomes = try decoded.get()
        return try #require(try outcomes.first?.get()).answer
    }

    /// Phoenix on 19 July 2024, 08:00 MST: NWS's Excessive Heat Warning (an
    /// update, severe, from 10:00 until Saturday 20:00) and an Air Quality
    /// Alert (its severity "Unknown": minor; no end, no instruction).
    static let phoenixNow = instant("2024-07-19T15:00:00Z")

    static func phoenix(_ place: Place) throws -> [WeatherWarning] {
        let service = NWSAlerts(baseURL: URL(string: "http://127.0.0.1")!, userAgent: "forecast-tests")
        guard case .warnings(let messages) = try answer(service, "nws_alerts_point_phoenix_2_alerts_2024.json", for: place, now: phoenixNow) else {
            Issue.record("no warnings")
            return []
        }
        return Warnings.current(messages, now: phoenixNow)
    }

    /// NWS's recorded Phoenix answer with every time in it moved by whole days,
    /// so that the moment it was read at (`phoenixNow`) falls within 12 hours of
    /// `now` (both warnings are shown until 13 hours after it): for
    /// the binary, which reads the real clock.
    static func phoenixAnswer(now: Date) -> Data {
        let text = String(decoding: Fixture.data("nws_alerts_point_phoenix_2_alerts_2024.json"), as: UTF8.self)
        let days = (now.timeIntervalSince(phoenixNow) / 86_400).rounded()
        let pattern = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})([+-]\d{2}):(\d{2})/
        let moved = text.replacing(pattern) { match in
            let offset = (Int(match.2) ?? 0) * 3600 + (match.2.hasPrefix("-") ? -1 : 1) * (Int(match.3) ?? 0) * 60
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            guard let date = formatter.date(from: String(match.0)) else { return String(match.0) }
            return formatter.string(from: date.addingTimeInterval(days * 86_400))
        }
        return Data(moved.utf8)
    }

    /// MetAlerts' three yellow gale warnings on the coast (Norwegian texts), 4 June 2025.
    static let galesNow = instant("2025-06-04T12:00:00Z")

    static func gales(_ place: Place) throws -> [WeatherWarning] {
        let service = MetAlerts(baseURL: URL(string: "http://127.0.0.1")!, userAgent: "forecast-tests", language: .en)
        guard case .warnings(let messages) = try answer(
            service, "metno_metalerts_current_3_marine_gale_alerts_2025.json", for: place, now: galesNow) else {
            Issue.record("no warnings")
            return []
        }
        return Warnings.current(messages, now: galesNow)
    }

    /// MET Nowcast 2.0 at Trondheim, 14 August 2023: dry until 18:55 UTC, then rain rising from 0.2 to 2.5 mm/h.
    static let trondheimNow = instant("2023-08-14T18:20:00Z")

    static func trondheim(_ place: Place) throws -> NextHours {
        let service = MetNowcast(baseURL: URL(string: "http://127.0.0.1")!, userAgent: "forecast-tests")
        guard case .nextHours(let hours) = try answer(service, "metno_nowcast_complete_trondheim_2023.json", for: place, now: trondheimNow) else {
            Issue.record("no nowcast")
            return NextHours(source: "met-nowcast", kind: .nowcast, steps: [])
        }
        return hours
    }

    /// A place's weather with these warnings, checked five minutes before `now` by `source`.
    static func weather(_ warnings: [WeatherWarning], now: Date, source: String = "nws-alerts") -> PlaceWeather {
        var weather = PlaceWeather()
        weather.warnings = .checked(warnings, checkedAt: now.addingTimeInterval(-300), sources: [source])
        return weather
    }
}
