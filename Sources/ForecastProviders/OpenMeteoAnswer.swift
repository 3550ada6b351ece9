import Foundation
import ForecastCore

/// The frame every Open-Meteo API answers in: for one location a plain object,
/// for several an array in request order with `location_id` on all but the
/// first. This matches the entries back to the places of a batch.
enum OpenMeteoAnswer<Location: Decodable> {
    /// Where the places of a batch are, as every Open-Meteo API asks: the
    /// coordinates and the zones, comma-separated in batch order. Each place is
    /// asked in its saved zone (`Etc/GMT+10` for one far out at sea), so its days
    /// are built in the zone its times are shown in.
    static func locationItems(_ batch: [PlaceQuery]) -> (coordinates: [URLQueryItem], timeZone: URLQueryItem) {
        ([
            URLQueryItem(name: "latitude", value: batch.map { urlDegrees($0.coordinate.latitude) }.joined(separator: ",")),
            URLQueryItem(name: "longitude", value: batch.map { urlDegrees($0.coordinate.longitude) }.joined(separator: ",")),
        ], URLQueryItem(
            name: "timezone",
            value: batch.map(\.timeZone).joined(separator: ",")))
    }

    /// The request for `path` with these places and `items`.
    static func url(_ base: URL, path: String, _ batch: [PlaceQuery], _ items: [URLQueryItem]) -> URL {
        let (coordinates, timeZone) = locationItems(batch)
        return serviceURL(base, path: path, coordinates + items + [timeZone])
    }

    /// One place's answer of the forecast API as asked (a week of days, 48
    /// hours, a dozen variables each) is about 5 KB, and 24 KB even for the
    /// service's longest range (16 days, 384 hours); this allows 32 KB a place
    /// and 1 MB besides, in whole MB: 2 MB for a batch of 50, 4 MB for 100.
    /// The decoder's cost grows with the limit (the worst shape, a 4 MB array
    /// of zeros, peaks under 100 MB), so it is no larger than that.
    static func maximumBodySize(_ batch: [PlaceQuery]) -> Int {
        HTTPBodyLimit.megabytes(1 + batch.count / 32)
    }

    /// One result per place of `batch`, in order: its entry, or why it has none.
    /// Fails whole only when the answer as a whole cannot be read.
    static func locations(_ batch: [PlaceQuery], responses: [HTTPResponse]) -> Result<[Result<Location, WeatherError>], WeatherError> {
        guard let body = responses.first?.body else { return .failure(WeatherError(.badResponse, detail: .noAnswer)) }
        let entries: [Entry]
        do {
            // Read through a pointer: Data's own iterator took half the CPU of refusing a megabyte of spaces.
            if body.withUnsafeBytes({ $0.first(where: { !$0.isWhitespace }) }) == UInt8(ascii: "[") {
                // A place's entry, and room for duplicates to be told apart; not a million.
                let decoder = JSONDecoder()
                decoder.userInfo[.maximumCount] = 2 * batch.count + 8
                entries = try ServiceJSON.decode(Entries.self, from: body, using: decoder).entries
            } else {
                entries = [try ServiceJSON.decode(Entry.self, from: body)]
            }
        } catch {
            return .failure(ServiceJSON.failure(error, body: body))
        }
        if entries.isEmpty { return .failure(WeatherError(.badResponse, detail: .noLocations)) }
        if case .failure(let error) = entries.first?.location, entries.allSatisfy({ (try? $0.location.get()) == nil }) {
            // Nothing in it is a location at all: the answer as a whole is bad.
            return .failure(error)
        }

        // Each place gets exactly one entry: its location_id, or its position when
        // the entry has none. An id claimed twice is no answer for that place.
        var claims: [Int: [Entry]] = [:]
        for (position, entry) in entries.enumerated() {
            let index: Int
            switch entry.locationID {
            case .success(let id?): index = id
            case .success(nil): index = position
            case .failure: continue
            }
            guard batch.indices.contains(index) else { continue }
            claims[index, default: []].append(entry)
        }
        return .success(batch.indices.map { index in
            guard let claimed = claims[index] else {
                return .failure(WeatherError(.badResponse, detail: .noEntryForPlace))
            }
            guard claimed.count == 1 else {
                return .failure(WeatherError(.badResponse, detail: .entriesForPlace(claimed.count)))
            }
            // An id says which place an entry claims to be; its coordinates say which it is.
            // (With one place there is nothing to mix up, and the answer is for the place asked.)
            // An entry that is an error, or cannot be read, says so itself.
            if batch.count > 1, !claimed[0].reportsError, case .success = claimed[0].location,
               let error = misplaced(claimed[0], asked: batch[index].coordinate) {
                return .failure(error)
            }
            return claimed[0].location
        })
    }

    /// The farthest an entry's grid cell may lie from the place asked, in km.
    /// An entry's `latitude`/`longitude` are its grid cell's, not what was
    /// asked (London's 51.5074, −0.1278 comes back as 51.5, −0.12). The
    /// coarsest grid behind an answer is CAMS global's 0.4° for the air
    /// (cells about 44 km wide, so the nearest centre is at most 31 km away),
    /// and Open-Meteo may take a neighbouring cell whose elevation fits the
    /// place better; 75 km allows for both. Two places closer than that, were
    /// their entries swapped, would have all but the same weather.
    static var gridTolerance: Double { 75 }

    /// Why `entry` is not the answer for a place at `asked`: coordinates
    /// missing, or too far off.
    static func misplaced(_ entry: Entry, asked: Coordinate) -> WeatherError? {
        guard let latitude = entry.latitude, let longitude = entry.longitude else {
            return .invalid(.field(entry.latitude == nil ? "latitude" : "longitude"), .missing)
        }
        guard let answered = try? Coordinate(latitude: latitude, longitude: longitude) else {
            return .invalid(.field("latitude"), .outside(value: SafeNumber.fixed(latitude, decimals: 4, trim: true), range: "±90°"))
        }
        let kilometres = answered.distance(to: asked)
        guard kilometres <= gridTolerance else {
            return WeatherError(.badResponse, detail: .entryElsewhere(kilometres: SafeNumber.rounded(kilometres) ?? 0))
        }
        return nil
    }

    /// The answer's array, refused before its elements are decoded when it has too many.
    struct Entries: Decodable {
        var entries: [Entry]

        init(from decoder: any Decoder) throws {
            var items = try decoder.unkeyedContainer()
            entries = try items.decodeAll(Entry.self, atMost: decoder.userInfo[.maximumCount] as? Int ?? Int.max)
        }
    }

    /// One element of the answer: its location_id and its body, each of which
    /// may fail on its own, so one bad entry never spoils its neighbours.
    struct Entry: Decodable {
        var locationID: Result<Int?, WeatherError>
        /// The grid cell it answers for (nil when absent or not a finite number).
        var latitude: Double?, longitude: Double?
        /// Whether it is the service's error for its place (`"error": true`), which has no grid cell.
        var reportsError = false
        var location: Result<Location, WeatherError>

        init(from decoder: any Decoder) throws {
            do {
                let container = try decoder.container(keyedBy: AnyKey.self)
                locationID = .success(try container.decodeIfPresent(WholeNumber.self, forKey: AnyKey("location_id"))?.value)
                let degrees = { (key: String) in (try? container.decodeIfPresent(Double.self, forKey: AnyKey(key))).flatMap { $0 }.flatMap { $0.isFinite ? $0 : nil } }
                latitude = degrees("latitude")
                longitude = degrees("longitude")
                reportsError = (try? container.decodeIfPresent(Bool.self, forKey: AnyKey("error"))).flatMap { $0 } == true
            } catch {
                locationID = .failure(ServiceJSON.failure(error, body: Data("?".utf8)))
            }
            do {
                location = .success(try Location(from: decoder))
            } catch {
                location = .failure(ServiceJSON.failure(error, body: Data("?".utf8)))
            }
        }
    }
}
