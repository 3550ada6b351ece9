import ForecastCore
import ForecastGazetteer
import ForecastProviders
import Foundation

/// Why a place could not be found or drafted. The CLI says it in words.
public enum PlaceLookupError: Error, Equatable, Sendable {
    /// The gazetteer had nothing and the online lookup failed.
    case onlineLookupFailed(query: String, WeatherError, suggestion: String? = nil)
    /// Neither $TZ nor /etc/localtime names this computer's zone.
    case unknownLocalZone
    /// The tz database's zone table cannot be read (tzdata missing).
    case unreadableZoneTable(path: String)
    /// The zone table has no coordinates for this zone.
    case zoneWithoutCity(String)
}

/// Finding places by name (the built-in gazetteer first, then once online)
/// and drafting what will be saved: from a city, from coordinates, or from
/// this computer's time zone.
public struct PlaceFinder: Sendable {
    let context: AppContext

    public init(context: AppContext) {
        self.context = context
    }

    /// What a typed name asks for: "Seoul, KR", "Paris, France" and
    /// "서울, 대한민국" are a name in a country (as `--country` says), which
    /// must then be one the gazetteer knows (`--country XX` is refused, not
    /// asked online). A comma followed by no country is part of the name.
    ///
    /// A region may come after the comma too ("Springfield, Illinois",
    /// "Springfield, IL"): `regions` are those it names. Two letters that are
    /// both a country and a region (IL: Israel, Illinois) mean the country
    /// first, the region when the country has no such place.
    public func query(_ text: String, country: String?) throws(InputError) -> (name: String, country: String?, regions: Set<String>?) {
        // What draws nothing is no part of a name: 'Par\u{200B}is' is Paris, as it is shown.
        let text = SafeText.clean(text, maxLength: 200)
        if let country {
            guard country.count == 2, country.allSatisfy(\.isLetter), let code = context.gazetteer.countryCode(named: country) else {
                throw .badCountryCode(country)
            }
            return (text, code, nil)
        }
        guard let comma = text.lastIndex(of: ",") else { return (text, nil, nil) }
        let name = text[..<comma].trimmingCharacters(in: .whitespaces)
        let tail = text[text.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !tail.isEmpty else { return (text, nil, nil) }
        let regions = context.gazetteer.regions(named: tail)
        let code = context.gazetteer.countryCode(named: tail)
        if code != nil || !regions.isEmpty { return (name, code, regions.isEmpty ? nil : regions) }
        // Two letters after a comma are meant as a code: one that is none is said so.
        if tail.count == 2, tail.allSatisfy({ $0.isASCII && $0.isLetter }) { throw .badCountryCode(tail) }
        return (text, nil, nil)
    }

    /// A name a slip away from `query` that the gazetteer knows, in this language where it has one.
    public func suggestion(for query: String, country: String?, language: Language) -> String? {
        guard let city = context.gazetteer.closest(to: query, country: country) else { return nil }
        let typedHangul = query.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        return (typedHangul ? city.name(in: .ko) : nil) ?? city.name(in: language) ?? city.name
    }

    /// Cities called `query` (or starting so), best first, and the ids of
    /// those that came from the online lookup. The online lookup is asked when the
    /// gazetteer has no city of that name (only names that start so, or other
    /// spellings: "Måløy" is not Maloyaroslavets); its cities of that name
    /// come first, then the gazetteer's, then its others. `timeout`: the
    /// seconds it may take, connecting included. When it fails, the
    /// gazetteer's candidates are still the answer; with none, the failure is.
    public func search(
        _ text: String, country: String?, limit: Int, timeout: TimeInterval = OpenMeteoGeocoder.defaultTimeout
    ) async throws -> (matches: [GazetteerMatch], online: Set<Int>) {
        let (query, country, regions) = try query(text, country: country)
        var found = context.gazetteer.search(query, country: country, limit: limit)
        if let regions, found.isEmpty || country == nil {
            found = Array(context.gazetteer.search(query, limit: 1000).filter { regions.contains($0.city.countryCode + "." + $0.city.admin1) }.prefix(limit))
        }
        guard !found.contains(where: { $0.kind == .exactName }) else { return (found, []) }
        let key = SearchKey.fold(query)
        let cities: [City]
        do {
            cities = try await onlineCities(query, country: country, timeout: timeout)
        } catch where !found.isEmpty {
            return (found, [])
        }
        let known = Set(found.map(\.city.geonamesID))
        let online = cities.filter { !known.contains($0.geonamesID) }.map { city in
            GazetteerMatch(city: city, kind: SearchKey.fold(city.name) == key ? .exactName : .prefixName)
        }
        let merged = online.filter { $0.kind == .exactName } + found + online.filter { $0.kind != .exactName }
        let shown = Array(merged.prefix(limit))
        return (shown, Set(shown.map(\.city.geonamesID).filter { !known.contains($0) }))
    }

    /// Which city `query` means, under the never-silent choosing rule: from
    /// the gazetteer, else (unless `online` is false: `--offline`) from the online
    /// lookup, which may take `timeout` seconds, connecting included. A name
    /// no city has, but some are like, is asked online too; what it finds of
    /// that name is the answer, else every near name is a candidate
    /// (`nearNames`, the gazetteer's first), and `pick` chooses among them.
    public func choose(
        _ text: String, country: String?, pick: Int?, online: Bool = true, timeout: TimeInterval = OpenMeteoGeocoder.defaultTimeout
    ) async throws -> PlaceChoice {
        let (query, country, regions) = try query(text, country: country)
        var choice = country == nil && regions != nil ? .notFound : try PlaceChoice.resolve(query, country: country, pick: pick, in: context.gazetteer)
        if choice == .notFound, let regions {
            choice = try PlaceChoice.resolve(query, pick: pick, in: context.gazetteer, regions: regions)
        }
        let near: [City]
        switch choice {
        case .chosen, .ambiguous: return choice
        case .notFound: near = []
        case .nearNames(let cities): near = cities
        }
        guard online else { return try pick.map { try PlaceChoice.pick($0, from: near) } ?? choice }
        let cities = try await onlineCities(query, country: country, timeout: timeout)
        let key = SearchKey.fold(query)
        let known = Set(near.map(\.geonamesID))
        return try PlaceChoice.choose(
            exact: cities.filter { SearchKey.fold($0.name) == key },
            others: near + cities.filter { SearchKey.fold($0.name) != key && !known.contains($0.geonamesID) },
            pick: pick)
    }

    /// Names the gazetteer does not know, asked of Open-Meteo's geocoding and
    /// shaped like gazetteer cities so that the same rules choose among them.
    func onlineCities(_ query: String, country: String?, timeout: TimeInterval) async throws -> [City] {
        let baseURL = try WeatherSettings.url(
            OpenMeteoGeocoder.urlVariable, default: OpenMeteoGeocoder.defaultBaseURL, context.environment)
        // The command's budget (connecting counts: the client's connect timeout is it too).
        let timeout = timeout.isFinite ? min(max(timeout, 0.001), 300) : OpenMeteoGeocoder.defaultTimeout
        let client = context.makeHTTPClient(HTTPClientNeeds(connections: 1, budget: timeout))
        let geocoder = OpenMeteoGeocoder(baseURL: baseURL, client: client, timeout: timeout)
        let answer: Result<[GeocodedPlace], WeatherError>
        do { answer = .success(try await geocoder.search(query, countryCode: country)) } catch { answer = .failure(error) }
        await client.shutdown()
        guard case .success(let found) = answer else {
            if case .failure(let error) = answer { throw PlaceLookupError.onlineLookupFailed(query: query, error) }
            return []
        }
        return found.map { place in
            // The service sometimes leaves the zone or the country out: the place's own, from its coordinate.
            let here = place.timeZone == nil || place.countryCode.isEmpty ? zone(at: place.coordinate) : nil
            return City(
                geonamesID: place.id, name: place.name, countryCode: place.countryCode.isEmpty ? here?.country ?? "" : place.countryCode,
                admin1: place.admin1 ?? "", coordinate: place.coordinate, population: place.population ?? 0,
                timeZone: place.timeZone ?? here?.zone ?? ZoneLocation.nauticalZone(longitude: place.coordinate.longitude),
                names: [:])
        }
    }

    /// A city, to be saved under `label` or its own name.
    public func draft(_ city: City, label: String?) -> NewPlace {
        NewPlace(
            displayName: label ?? city.name, canonicalName: city.name, countryCode: city.countryCode,
            admin1: city.admin1, coordinate: city.coordinate, timeZone: city.timeZone, geonamesID: city.geonamesID)
    }

    /// How near a city must be for a place to be named after it ("near Seoul").
    public static let nearbyCityKilometres = 100.0

    /// A place at `coordinate`: named after the nearest city when one is
    /// within 100 km ("near Seoul", never "Seoul": it is not the city, and
    /// would become a second Seoul beside a saved one), else by its
    /// coordinates ("82.71°S 3.88°E"). Its zone and country are those of the
    /// boundaries at that point, whatever city is near (Lofoten is
    /// Europe/Oslo in Norway though 100 km from any city; a place "near
    /// Illkirch-Graffenstaden" across the Rhine is in Germany, without the
    /// French city's region); at sea, the nautical zone of the longitude and no country.
    public func draft(at coordinate: Coordinate, label: String?) -> NewPlace {
        let city = nearbyCity(coordinate)
        let (zone, country) = zone(at: coordinate, near: city)
        if let city {
            let near = "near \(city.name)"
            return NewPlace(
                displayName: label ?? ((try? PlaceName(near).value) ?? city.name), canonicalName: near, countryCode: country ?? "",
                admin1: country == city.countryCode ? city.admin1 : "", coordinate: coordinate, timeZone: zone, geonamesID: nil)
        }
        return NewPlace(
            displayName: label ?? coordinate.name, canonicalName: coordinate.name, countryCode: country ?? "", admin1: "",
            coordinate: coordinate, timeZone: zone, geonamesID: nil)
    }

    /// The nearest city, if it is near enough to speak for `coordinate`.
    func nearbyCity(_ coordinate: Coordinate) -> City? {
        context.gazetteer.nearest(to: coordinate).flatMap {
            $0.coordinate.distance(to: coordinate) <= Self.nearbyCityKilometres ? $0 : nil
        }
    }

    /// The time zone and country at `coordinate`: the boundaries' on land
    /// (territorial waters included); at sea (`country` nil), the nautical
    /// zone of the longitude (Etc/GMT-9 at 135°E). Never a zone this system
    /// does not know: a zone newer than its tz database is taken from
    /// `city` (the nearby one) where given, else from the longitude.
    public func zone(at coordinate: Coordinate, near city: City? = nil) -> (zone: String, country: String?) {
        let nautical = ZoneLocation.nauticalZone(longitude: coordinate.longitude)
        guard let found = context.gazetteer.zone(at: coordinate) else { return (nautical, nil) }
        let zone = SafeText.timeZone(found.zone) ?? city.flatMap { SafeText.timeZone($0.timeZone) } ?? nautical
        return (zone, found.country)
    }

    /// The time zone at `coordinate` (see `zone(at:near:)`).
    func timeZone(at coordinate: Coordinate) -> String {
        zone(at: coordinate).zone
    }

    /// The tz database's zone1970.tab, where $TZDIR (or the system) keeps it.
    func zoneTable() -> (path: String, text: String?) {
        let path = zoneDirectory + "/zone1970.tab"
        return (path, context.files.readText(path))
    }

    /// Where this computer's time zone says the user is: the zone's main city.
    public func draftHere(label: String?) throws(PlaceLookupError) -> NewPlace {
        let environment = context.environment
        guard let zone = ZoneLocation.zoneName(tz: environment["TZ"], localtimeTarget: context.files.symbolicLinkTarget("/etc/localtime"))
        else {
            throw .unknownLocalZone
        }
        let table = zoneTable()
        guard let text = table.text else { throw .unreadableZoneTable(path: table.path) }
        // zone.tab has the zones zone1970.tab merged into others (Europe/Oslo's own
        // place, not Berlin's); an alias (US/Eastern, Asia/Calcutta) is looked up as what it links to.
        let tables = [text] + [context.files.readText(zoneDirectory + "/zone.tab")].compactMap { $0 }
        var found: (zone: String, coordinate: Coordinate)?
        for name in [zone] + aliasTargets(of: zone) where found == nil {
            for table in tables where found == nil {
                if let coordinate = ZoneLocation.coordinate(of: name, zoneTable: table) { found = (name, coordinate) }
            }
        }
        guard let (zone, coordinate) = found else { throw .zoneWithoutCity(zone) }
        // The zone's main city itself, when the gazetteer has it in that zone: then
        // `add --here` and `add Seoul` are the same place, and never saved twice.
        // The most populous near the zone's point, not the nearest (a suburb).
        if let city = context.gazetteer.largest(near: coordinate, within: Self.mainCityKilometres, zone: zone)
            ?? context.gazetteer.nearest(to: coordinate).flatMap({ $0.timeZone == zone ? $0 : nil })
        {
            var draft = draft(city, label: label)
            draft.timeZone = zone
            return draft
        }
        var draft = draft(at: coordinate, label: label)
        draft.timeZone = zone
        return draft
    }

    /// How far from a tz zone's point its main city may be (Kyiv's centre is 5 km from it).
    static let mainCityKilometres = 30.0

    /// Where the tz database is: $TZDIR, else the system's.
    var zoneDirectory: String { context.environment["TZDIR"] ?? "/usr/share/zoneinfo" }

    /// What `zone` is an alias of: its file's link target, else tzdata.zi's link line.
    func aliasTargets(of zone: String) -> [String] {
        var targets: [String] = []
        if let target = context.files.symbolicLinkTarget(zoneDirectory + "/" + zone),
           let name = ZoneLocation.zoneName(linkedFrom: zone, target: target) {
            targets.append(name)
        }
        if let tzdata = context.files.readText(zoneDirectory + "/tzdata.zi"),
           let name = ZoneLocation.linkTarget(of: zone, tzdata: tzdata), !targets.contains(name) {
            targets.append(name)
        }
        return targets
    }
}
