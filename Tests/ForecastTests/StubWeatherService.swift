import FlyingFox
import FlyingSocks
import Foundation
@testable import ForecastCore
@testable import ForecastProviders

/// An in-process stand-in for Open-Meteo and OpenWeatherMap on 127.0.0.1,
/// answering in the real services' shapes (built from the recorded fixtures)
/// and, for chosen places, with the faults the real ones have.
final class StubWeatherService: Sendable {
    /// What to answer for a place, chosen by the integer part of its latitude.
    /// A fault that is a whole answer spoils every request the place is part of
    /// (a batch included); `entry` changes only that place's entry of a good one.
    enum Fault: Sendable {
        case unauthorized, notFound, serverError, malformed, truncated, empty, huge
        case slow(seconds: Double)
        /// 429 with Retry-After for the first `times` requests, then fine.
        case rateLimitedThenFine(times: Int, retryAfter: Int)
        /// This exact answer.
        case answer(status: Int, headers: [String: String] = [:], body: String)
        /// The place's own entry of a good Open-Meteo answer, changed.
        case entry(@Sendable (inout [String: Any]) -> Void)
        /// The whole good Open-Meteo answer (an array, or one object), replaced by what this makes of it.
        case whole(@Sendable ([[String: Any]]) -> Any)
        /// Never answers (until the server's own time-out).
        case hang
        /// The head at once, then one byte of the body a second.
        case drip
        /// A small gzip body that expands to 1 GiB.
        case gzipBomb
        /// Redirects to itself.
        case redirectLoop
        /// An error whose message repeats the request, key and all, after
        /// `padding` characters; as decoded, or as it came (`raw`: percent-encoded).
        case echoRequest(status: Int, padding: Int = 0, raw: Bool = false)
    }

    /// The requests asked, told apart by path and query (`ServiceCall`): the
    /// weather and geocoding, the air (which goes along with every weather
    /// fetch), and the sources asked beside the weather (warnings, the next hours).
    actor Log {
        var requests: [(path: String, query: [String: String])] = []
        var airRequests: [[String: String]] = []
        var sourceRequests: [(source: String, query: [String: String], headers: [String: String])] = []
        var attemptsByLatitude: [String: Int] = [:]
        func record(_ path: String, _ query: [String: String], headers: [String: String] = [:]) -> Int {
            let call = ServiceCall(path: path, queryNames: Set(query.keys))
            switch call {
            case .air: airRequests.append(query)
            case .source(let name): sourceRequests.append((name, query, headers))
            case .weather, .geocoding: requests.append((path, query))
            }
            let prefix = switch call {
            case .air: "air "
            case .source(let name): name + " "
            default: ""
            }
            let key = prefix + (query["latitude"] ?? query["lat"] ?? query["point"] ?? "")
            attemptsByLatitude[key, default: 0] += 1
            return attemptsByLatitude[key]!
        }
        /// Weather and geocoding requests: not the air's, not the sources'.
        var count: Int { requests.count }
        func all() -> [(path: String, query: [String: String])] { requests }
        var air: [[String: String]] { airRequests }
        /// The sources' requests, by source name, in the order asked.
        var sources: [(source: String, query: [String: String], headers: [String: String])] { sourceRequests }
        func sourceCount(_ name: String) -> Int { sourceRequests.filter { $0.source == name }.count }
    }

    let server: HTTPServer
    let task: Task<Void, any Error>
    let port: UInt16
    let log = Log()
    let faults: [Int: Fault]
    /// Faults of the air-quality service alone, by latitude like `faults`.
    let airFaults: [Int: Fault]
    /// Faults of the sources asked beside the weather, by source name ("met-alerts"), for every place.
    let sourceFaults: [String: Fault]
    /// When set, every geocoding search gets this body.
    let geocoding: String?
    /// The OpenWeatherMap key it accepts.
    let apiKey: String

    var url: String { "http://127.0.0.1:\(port)" }

    /// Environment that points forecast at this server.
    var environment: [String: String] {
        [
            "FORECAST_OPEN_METEO_URL": url, "FORECAST_OPENWEATHER_URL": url, "FORECAST_OPEN_METEO_GEOCODING_URL": url,
            "FORECAST_OPEN_METEO_AIR_QUALITY_URL": url, "FORECAST_METALERTS_URL": url, "FORECAST_NWS_URL": url,
            "FORECAST_NOWCAST_URL": url, "FORECAST_OPEN_METEO_ARCHIVE_URL": url,
        ]
    }

    private init(
        server: HTTPServer, task: Task<Void, any Error>, port: UInt16, faults: [Int: Fault], airFaults: [Int: Fault],
        sourceFaults: [String: Fault], geocoding: String?, apiKey: String
    ) {
        self.apiKey = apiKey
        self.geocoding = geocoding
        self.airFaults = airFaults
        self.sourceFaults = sourceFaults
        self.server = server
        self.task = task
        self.port = port
        self.faults = faults
    }

    static func start(
        faults: [Int: Fault] = [:], airFaults: [Int: Fault] = [:], sourceFaults: [String: Fault] = [:], geocoding: String? = nil,
        apiKey: String = "stub-key-1234"
    ) async throws -> StubWeatherService {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let task = Task { try await server.run() }
        // Generous: on two loaded cores a start once took longer than FlyingFox's 5 s default.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw CocoaError(.featureUnsupported) }
        let stub = StubWeatherService(
            server: server, task: task, port: port, faults: faults, airFaults: airFaults, sourceFaults: sourceFaults, geocoding: geocoding,
            apiKey: apiKey)
        await server.appendRoute("GET /v1/forecast") { request in try await stub.openMeteo(request) }
        await server.appendRoute("GET /v1/air-quality") { request in try await stub.airQuality(request) }
        await server.appendRoute("GET /v1/search") { request in await stub.geocoding(request) }
        await server.appendRoute("GET /v1/archive") { request in try await stub.archive(request) }
        await server.appendRoute("GET /data/2.5/weather") { request in try await stub.openWeatherMap(request, forecast: false) }
        await server.appendRoute("GET /data/2.5/forecast") { request in try await stub.openWeatherMap(request, forecast: true) }
        for path in ["/weatherapi/metalerts/2.0/current.json", "/alerts/active", "/data/3.0/onecall", "/weatherapi/nowcast/2.0/complete"] {
            await server.appendRoute(HTTPRoute("GET \(path)")) { request in try await stub.source(request) }
        }
        return stub
    }

    func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }

    /// The query as the real servers read it, a form: `+` is a space, then
    /// the escapes are decoded (so a key's `+` must come as `%2B`).
    private static func query(_ request: FlyingFox.HTTPRequest) -> [String: String] {
        Dictionary(queryItems(request), uniquingKeysWith: { $1 })
    }

    private static func queryItems(_ request: FlyingFox.HTTPRequest) -> [(String, String)] {
        let decode = { (text: Substring) in String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
        return request.target.query().split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private func fault(
        _ request: FlyingFox.HTTPRequest, latitude: Double, attempt: Int, errorBody: Data, air: Bool = false
    ) async throws -> FlyingFox.HTTPResponse? {
        guard let fault = (air ? airFaults : faults)[Int(latitude)] else { return nil }
        return try await answer(fault, request, latitude: latitude, attempt: attempt, errorBody: errorBody)
    }

    private func answer(
        _ fault: Fault, _ request: FlyingFox.HTTPRequest, latitude: Double, attempt: Int, errorBody: Data
    ) async throws -> FlyingFox.HTTPResponse? {
        switch fault {
        case .unauthorized: return .init(statusCode: .unauthorized, body: errorBody)
        case .notFound: return .init(statusCode: .notFound, body: Data(#"{"cod":"404","message":"city not found"}"#.utf8))
        case .serverError: return .init(statusCode: .internalServerError, body: Data("oops".utf8))
        case .malformed: return .init(statusCode: .ok, body: Data("{\"latitude\": [1, 2".utf8))
        case .truncated:
            let full = Self.openMeteoBody(latitudes: [latitude])
            return .init(statusCode: .ok, body: full.prefix(full.count / 2))
        case .empty: return .init(statusCode: .ok, body: Data())
        case .huge: return .init(statusCode: .ok, body: Data(repeating: UInt8(ascii: " "), count: 17 << 20) + Self.openMeteoBody(latitudes: [latitude]))
        case .slow(let seconds):
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            return nil
        case .rateLimitedThenFine(let times, let retryAfter):
            guard attempt <= times else { return nil }
            return .init(
                statusCode: .tooManyRequests, headers: [HTTPHeader("Retry-After"): "\(retryAfter)"],
                body: Data(#"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#.utf8))
        case .answer(let status, let headers, let body):
            var fields = HTTPHeaders()
            for (name, value) in headers { fields[HTTPHeader(name)] = value }
            return .init(statusCode: HTTPStatusCode(status, phrase: "Stub"), headers: fields, body: Data(body.utf8))
        case .entry, .whole:
            return nil
        case .hang:
            try await Task.sleep(nanoseconds: 60_000_000_000)
            return .init(statusCode: .ok, body: Data())
        case .drip:
            return .init(statusCode: .ok, headers: [.contentType: "application/json"], body: HTTPBodySequence(from: Drip(), count: 1000))
        case .gzipBomb:
            return .init(
                statusCode: .ok, headers: [.contentType: "application/json", HTTPHeader("Content-Encoding"): "gzip"],
                body: Self.gzipBomb)
        case .redirectLoop:
            return .init(statusCode: .found, headers: [.location: request.path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")])
        case .echoRequest(let status, let padding, let raw):
            // Services that quote the request back put the key in the body.
            let query = raw ? request.target.query() : Self.queryItems(request).map { "\($0)=\($1)" }.joined(separator: "&")
            let echoed = String(repeating: "x", count: padding) + " bad request " + request.path + "?" + query
            let body = try JSONSerialization.data(withJSONObject: ["cod": status, "message": echoed, "reason": echoed, "error": true])
            return .init(statusCode: HTTPStatusCode(status, phrase: "Stub"), body: body)
        }
    }

    /// 1 GiB of zeros in one gzip member, 6.8 MB on the wire, written as a
    /// compressor would write it but without compressing anything (gzip -9 took
    /// 5 s of CPU): a literal zero, then back-references of 258 bytes at
    /// distance 1, in blocks of deflate's fixed codes that each end on a byte
    /// boundary, so that every block after the first is the same bytes; the
    /// trailer holds the CRC-32 and the size of 2^30 zeros.
    static let gzipBomb: Data = GzipBomb.zeros(1 << 30)

    enum Batch {
        case places([Double])
        case answer(FlyingFox.HTTPResponse)
    }

    /// An Open-Meteo request's latitudes, logged; or the answer when the
    /// request is malformed or one of its places has a whole-answer fault.
    private func batch(_ request: FlyingFox.HTTPRequest, _ query: [String: String], air: Bool) async throws -> Batch {
        let attempt = await log.record(request.path, query)
        let latitudes = (query["latitude"] ?? "").split(separator: ",").compactMap { Double($0) }
        guard !latitudes.isEmpty, latitudes.count == (query["longitude"] ?? "").split(separator: ",").count else {
            return .answer(.init(statusCode: .badRequest, body: Data(#"{"error":true,"reason":"Parameter count of latitude and longitude must be the same"}"#.utf8)))
        }
        // The weather's faults are the weather's: the 15-minute source's request (the same path) has its own, by name.
        for latitude in latitudes where query["minutely_15"] == nil {
            if let response = try await fault(
                request, latitude: latitude, attempt: attempt,
                errorBody: Data(#"{"error":true,"reason":"Access denied"}"#.utf8), air: air) {
                return .answer(response)
            }
        }
        return .places(latitudes)
    }

    private func openMeteo(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let query = Self.query(request)
        let latitudes: [Double]
        switch try await batch(request, query, air: false) {
        case .answer(let response): return response
        case .places(let asked): latitudes = asked
        }
        // The 15-minute source's request: its fault, then the frame and the quarters it asked for.
        let minutely = query["minutely_15"] != nil
        if minutely, let fault = sourceFaults[SourceDescriptor.openMeteoMinutely.name],
           let response = try await answer(fault, request, latitude: latitudes[0], attempt: 1, errorBody: Data(#"{"error":true,"reason":"Access denied"}"#.utf8)) {
            return response
        }
        var objects = minutely
            ? latitudes.enumerated().map { Self.minutelyObject(latitude: $1, index: $0, quarters: Int(query["forecast_minutely_15"] ?? "") ?? 96) }
            : Self.openMeteoObjects(latitudes: latitudes, pastDays: query["past_days"] == "1")
        Self.place(&objects, query)
        for (index, latitude) in latitudes.enumerated() where !minutely {
            if case .entry(let change)? = faults[Int(latitude)] { change(&objects[index]) }
        }
        var json: Any = objects.count == 1 ? objects[0] : objects
        for latitude in latitudes where !minutely {
            if case .whole(let make)? = faults[Int(latitude)] { json = make(objects) }
        }
        return .init(
            statusCode: .ok, headers: [.contentType: "application/json"],
            body: try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]))
    }

    /// Each entry at the longitude asked, as the real service answers (its grid cell's, within rounding).
    static func place(_ objects: inout [[String: Any]], _ query: [String: String]) {
        let longitudes = (query["longitude"] ?? "").split(separator: ",").map { Double($0) ?? 0 }
        for index in objects.indices where index < longitudes.count { objects[index]["longitude"] = longitudes[index] }
    }

    static func openMeteoBody(latitudes: [Double]) -> Data {
        let objects = openMeteoObjects(latitudes: latitudes)
        return try! JSONSerialization.data(withJSONObject: objects.count == 1 ? objects[0] : objects)
    }

    /// Today's date and the next six, UTC, as Open-Meteo writes days.
    static var week: [String] {
        (0..<7).map { ClockReading(Date().addingTimeInterval(Double($0) * 86_400), utcOffset: 0).date.iso }
    }

    /// The recorded London answer (°F, mp/h, ft) with the recorded hourly series,
    /// moved to today, once per requested place; the temperature falls with
    /// latitude so places differ.
    /// `pastDays`: yesterday first, as the service puts it with `past_days=1`
    /// (built in the recording's shape: no recorded answer asked for past days),
    /// 4 °F cooler by day than today, so today reads "2° warmer than yesterday".
    static func openMeteoObjects(latitudes: [Double], pastDays: Bool = false) -> [[String: Any]] {
        var base = Fixture.current("openmeteo_current_plus_daily_london_2026.json") as! [String: Any]
        let hourly = Fixture.current("openmeteo_hourly_2day_2026.json") as! [String: Any]
        base["hourly"] = hourly["hourly"]
        base["hourly_units"] = hourly["hourly_units"]
        // The recording asked for no daily temperatures; add a week of them in the same shape.
        var daily = base["daily"] as! [String: Any]
        var dailyUnits = base["daily_units"] as! [String: Any]
        daily["time"] = week
        daily["sunrise"] = week.map { "\($0)T07:55" }
        daily["sunset"] = week.map { "\($0)T16:27" }
        daily["temperature_2m_min"] = [35.6, 33.8, NSNull(), 32.0, 30.2, 37.4, 39.2] as [Any]
        daily["temperature_2m_max"] = [46.4, 44.6, 41.0, 41.0, 39.2, 48.2, 50.0] as [Any]
        daily["weather_code"] = [2, 3, 61, 71, 0, 95, 45]
        daily["uv_index_max"] = nil
        dailyUnits["temperature_2m_min"] = "°F"
        dailyUnits["temperature_2m_max"] = "°F"
        dailyUnits["weather_code"] = "wmo code"
        if pastDays {
            let yesterday = ClockReading(Date().addingTimeInterval(-86_400), utcOffset: 0).date.iso
            for (key, value) in [("time", yesterday as Any), ("sunrise", "\(yesterday)T07:53"), ("sunset", "\(yesterday)T16:29"),
                                 ("temperature_2m_min", 33.8), ("temperature_2m_max", 42.8), ("weather_code", 3)] {
                daily[key] = [value] + (daily[key] as! [Any])
            }
            for key in daily.keys where !["time", "sunrise", "sunset", "temperature_2m_min", "temperature_2m_max", "weather_code"].contains(key) {
                if let values = daily[key] as? [Any] { daily[key] = [NSNull()] + values }
            }
        }
        base["daily"] = daily
        base["daily_units"] = dailyUnits
        return latitudes.enumerated().map { index, latitude -> [String: Any] in
            var object = base
            object["latitude"] = latitude
            var current = object["current"] as! [String: Any]
            current["temperature_2m"] = 60 - latitude  // °F
            current["relative_humidity_2m"] = Int(latitude) % 100
            object["current"] = current
            if index > 0 { object["location_id"] = index }
            return object
        }
    }

    /// Precipitation every 15 minutes, a light shower passing, in the shape of
    /// Open-Meteo's `minutely_15` (the recorded Berlin answer's frame, times
    /// and units; each value the millimetres of the quarter before its time).
    /// Built, not recorded: no recorded answer has `minutely_15` precipitation
    /// (the Berlin recording asked only for its weather codes). The first
    /// time is the current quarter's start, as the service starts its series.
    static let builtShower: [Double] = [0, 0, 0.1, 0.3, 0.6, 0.4, 0.2, 0, 0, 0]

    static func minutelyObject(latitude: Double, index: Int, quarters: Int, now: Date = Date()) -> [String: Any] {
        var object = Fixture.json("openmeteo_forecast_berlin_current_15min_hourly_daily_2023.json") as! [String: Any]
        for key in ["current", "current_units", "hourly", "hourly_units", "daily", "daily_units"] { object[key] = nil }
        let first = (now.timeIntervalSince1970 / 900).rounded(.down) * 900
        let count = min(max(quarters, 1), 400)
        let times = (0..<count).map { LocalTime.iso8601(Date(timeIntervalSince1970: first + Double($0) * 900), in: TimeZone(secondsFromGMT: 0)!).prefix(16) }
        object["minutely_15"] = ["time": times.map(String.init), "precipitation": (0..<count).map { builtShower[$0 % builtShower.count] }] as [String: Any]
        object["minutely_15_units"] = ["time": "iso8601", "precipitation": "mm"]
        object["latitude"] = latitude
        if index > 0 { object["location_id"] = index }
        return object
    }

    /// A source's request (MET's warnings and nowcast, NWS's alerts, One
    /// Call's alerts): its recorded answer moved to now (`RecordedSources`),
    /// refused as the real one refuses (NWS without a User-Agent, One Call
    /// without the key), or the fault the test chose for that source.
    private func source(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let query = Self.query(request)
        var headers: [String: String] = [:]
        for name in ["User-Agent", "Accept"] { headers[name] = request.headers[HTTPHeader(name)] }
        let attempt = await log.record(request.path, query, headers: headers)
        let components = (query.map { URLQueryItem(name: $0.key, value: $0.value) })
        var url = URLComponents(string: self.url + request.path)!
        url.queryItems = components
        guard case .source(let name) = ServiceCall(url.url!) else { return .init(statusCode: .notFound) }
        if let fault = sourceFaults[name],
           let response = try await answer(
               fault, request, latitude: Double(query["lat"] ?? "") ?? 0, attempt: attempt, errorBody: Fixture.data("owm_error_401_body.json")) {
            return response
        }
        guard let recorded = RecordedSources.answer(url.url!, headers: headers, now: Date(), key: apiKey) else { return .init(statusCode: .notFound) }
        var fields = HTTPHeaders()
        for (name, value) in recorded.headers { fields[HTTPHeader(name)] = value }
        return .init(statusCode: HTTPStatusCode(recorded.status, phrase: "Stub"), headers: fields, body: recorded.body)
    }

    /// The historical-weather API's frame: every day asked, the same low and
    /// high every day of every year (`normalHigh(latitude:)`), so a place's
    /// normal is known exactly. Its fault by name (`open-meteo-normals`), for every request.
    private func archive(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let query = Self.query(request)
        let attempt = await log.record(request.path, query)
        let latitudes = (query["latitude"] ?? "").split(separator: ",").compactMap { Double($0) }
        if let fault = sourceFaults[SourceDescriptor.openMeteoNormals.name],
           let response = try await answer(
               fault, request, latitude: latitudes.first ?? 0, attempt: attempt, errorBody: Data(#"{"error":true,"reason":"Access denied"}"#.utf8)) {
            return response
        }
        guard let start = CivilDate(iso: query["start_date"] ?? ""), let end = CivilDate(iso: query["end_date"] ?? ""), !latitudes.isEmpty,
              start.daysSince1970 <= end.daysSince1970 else {
            return .init(statusCode: .badRequest, body: Data(#"{"error":true,"reason":"Parameter start_date or end_date missing"}"#.utf8))
        }
        // Thirty years of days a place: written as text (JSONSerialization of these arrays cost
        // 5% of a test run's CPU), the archive's shape otherwise.
        let days = (start.daysSince1970...end.daysSince1970).map { CivilDate(daysSince1970: $0).iso }
        let time = "[" + days.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let longitudes = (query["longitude"] ?? "").split(separator: ",").map { Double($0) ?? 0 }
        let objects = latitudes.enumerated().map { index, latitude in
            let high = Self.normalHigh(latitude: latitude)
            let highs = "[" + Array(repeating: "\(high)", count: days.count).joined(separator: ",") + "]"
            let lows = "[" + Array(repeating: "\(high - 8)", count: days.count).joined(separator: ",") + "]"
            let longitude = index < longitudes.count ? longitudes[index] : 0
            return #"{"latitude":\#(latitude),"longitude":\#(longitude),"generationtime_ms":0.3,"utc_offset_seconds":0,"timezone":"GMT","#
                + #""timezone_abbreviation":"GMT","elevation":24.0,"# + (index > 0 ? #""location_id":\#(index),"# : "")
                + #""daily_units":{"time":"iso8601","temperature_2m_max":"°C","temperature_2m_min":"°C"},"#
                + #""daily":{"time":\#(time),"temperature_2m_max":\#(highs),"temperature_2m_min":\#(lows)}}"#
        }
        let json = objects.count == 1 ? objects[0] : "[" + objects.joined(separator: ",") + "]"
        return .init(statusCode: .ok, headers: [.contentType: "application/json"], body: Data(json.utf8))
    }

    /// The stand-in's normal high of a place at `latitude`, every day: 20 °C at the equator, cooler northwards.
    static func normalHigh(latitude: Double) -> Double { ((20 - latitude / 5) * 10).rounded() / 10 }

    /// The air-quality API's frame: the air now, worse the further north.
    private func airQuality(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let query = Self.query(request)
        let latitudes: [Double]
        switch try await batch(request, query, air: true) {
        case .answer(let response): return response
        case .places(let asked): latitudes = asked
        }
        var objects = latitudes.enumerated().map { index, latitude in Self.airObject(latitude: latitude, index: index) }
        Self.place(&objects, query)
        for (index, latitude) in latitudes.enumerated() {
            if case .entry(let change)? = airFaults[Int(latitude)] { change(&objects[index]) }
        }
        let json: Any = objects.count == 1 ? objects[0] : objects
        return .init(
            statusCode: .ok, headers: [.contentType: "application/json"],
            body: try JSONSerialization.data(withJSONObject: json))
    }

    static func airObject(latitude: Double, index: Int) -> [String: Any] {
        let hour = ClockReading(Date(), utcOffset: 0)
        var object: [String: Any] = [
            "latitude": latitude, "longitude": 0, "generationtime_ms": 0.2, "utc_offset_seconds": 0, "timezone": "GMT",
            "timezone_abbreviation": "GMT", "elevation": 10,
            "current_units": ["time": "iso8601", "interval": "seconds", "us_aqi": "USAQI", "european_aqi": "EAQI", "pm2_5": "μg/m³", "pm10": "μg/m³"],
            "current": [
                "time": "\(hour.date.iso)T\(String(format: "%02d", hour.hour)):00", "interval": 3600,
                "us_aqi": 20 + latitude * 2, "european_aqi": 10 + latitude, "pm2_5": 5.5 + latitude / 10, "pm10": 9.1 + latitude / 5,
                // CAMS' pollen are Europe's: counts north of 45°, null (as the service writes none) south of it.
                "alder_pollen": NSNull(), "mugwort_pollen": NSNull(), "olive_pollen": NSNull(),
                "birch_pollen": latitude > 45 ? 3.4 as Any : NSNull(), "grass_pollen": latitude > 45 ? 12.5 as Any : NSNull(),
                "ragweed_pollen": latitude > 45 ? 0.0 as Any : NSNull(),
            ] as [String: Any],
        ]
        if index > 0 { object["location_id"] = index }
        return object
    }

    /// "Nowhereville" finds nothing (the recorded no-match body); any other name
    /// finds the recorded London results, renamed to the name asked for.
    private func geocoding(_ request: FlyingFox.HTTPRequest) async -> FlyingFox.HTTPResponse {
        let query = Self.query(request)
        _ = await log.record(request.path, query)
        let name = query["name"] ?? ""
        if let geocoding { return .init(statusCode: .ok, body: Data(geocoding.utf8)) }
        if name == "Nowhereville" {
            return .init(statusCode: .ok, body: Fixture.data("openmeteo_geocoding_no_results_2026.json"))
        }
        var body = Fixture.json("openmeteo_geocoding_london_2026.json") as! [String: Any]
        body["results"] = (body["results"] as! [[String: Any]]).map { result in
            var renamed = result
            renamed["name"] = name
            return renamed
        }
        return .init(statusCode: .ok, body: try! JSONSerialization.data(withJSONObject: body))
    }

    private func openWeatherMap(_ request: FlyingFox.HTTPRequest, forecast: Bool) async throws -> FlyingFox.HTTPResponse {
        let query = Self.query(request)
        let attempt = await log.record(request.path, query)
        guard query["appid"] == apiKey else {
            return .init(statusCode: .unauthorized, body: Fixture.data("owm_error_401_body.json"))
        }
        if let response = try await fault(
            request, latitude: Double(query["lat"] ?? "") ?? 0, attempt: attempt, errorBody: Fixture.data("owm_error_401_body.json")) {
            return response
        }
        return .init(
            statusCode: .ok, headers: [.contentType: "application/json"],
            body: Fixture.currentData(forecast ? "owm_forecast5_london_2025.json" : "owm_current_london_latlon_2020.json"))
    }
}

/// One byte a second, forever (well, 1,000 of them).
struct Drip: AsyncBufferedSequence, AsyncBufferedIteratorProtocol {
    typealias Element = UInt8
    func makeAsyncIterator() -> Drip { self }
    mutating func next() async throws -> UInt8? {
        try await Task.sleep(nanoseconds: 1_000_000_000)
        return UInt8(ascii: " ")
    }
    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
        try await next().map { [$0] }
    }
}
