import CGazetteerData
import ForecastCore

/// The world's cities, searchable without a network.
///
/// The data (see scripts/build_gazetteer.py) is compiled into the binary, so a
/// copied binary finds places on its own. It is scanned in place, byte by byte:
/// nothing is parsed until a line matches, which keeps a search to a few
/// milliseconds.
public struct Gazetteer: @unchecked Sendable {  // the buffers are immutable static data
    private let cities: UnsafeBufferPointer<UInt8>
    private let countries: UnsafeBufferPointer<UInt8>
    private let regions: UnsafeBufferPointer<UInt8>
    /// The time zone and country boundaries (`zone(at:)`).
    public let zones: ZoneBoundaries

    public static let bundled = Gazetteer(
        cities: UnsafeBufferPointer(
            start: UnsafeRawPointer(forecast_gazetteer_cities()).assumingMemoryBound(to: UInt8.self),
            count: Int(forecast_gazetteer_cities_size())),
        countries: UnsafeBufferPointer(
            start: UnsafeRawPointer(forecast_gazetteer_countries()).assumingMemoryBound(to: UInt8.self),
            count: Int(forecast_gazetteer_countries_size())),
        regions: UnsafeBufferPointer(
            start: UnsafeRawPointer(forecast_gazetteer_regions()).assumingMemoryBound(to: UInt8.self),
            count: Int(forecast_gazetteer_regions_size()))
    )

    init(
        cities: UnsafeBufferPointer<UInt8>, countries: UnsafeBufferPointer<UInt8>, regions: UnsafeBufferPointer<UInt8>,
        zones: ZoneBoundaries = .bundled
    ) {
        self.cities = cities
        self.countries = countries
        self.regions = regions
        self.zones = zones
    }

    /// The IANA time zone and ISO country at `coordinate` from the compiled-in
    /// boundaries, or nil at sea (see `ZoneBoundaries`).
    public func zone(at coordinate: Coordinate) -> (zone: String, country: String?)? {
        zones.zone(at: coordinate)
    }

    private static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), bar = UInt8(ascii: "|")

    /// Cities whose names equal or start with `query` (folded), best first:
    /// exact before prefix, a name before other spellings, then larger population.
    /// A city's name is its primary name or its everyday name in one of the
    /// interface's languages (서울, ソウル): GeoNames' other spellings ("Ber"
    /// of Véroia, "Mos" of Moss) are `exactAlternate`.
    public func search(_ query: String, country: String? = nil, limit: Int = 10) -> [GazetteerMatch] {
        let folded = SearchKey.fold(query)
        let key = Array(folded.utf8)
        guard !key.isEmpty else { return [] }
        let wantedCountry = country?.uppercased()
        var found: [GazetteerMatch] = []
        forEachLine { line in
            guard var kind = Self.match(key, keysOf: line) else { return }
            guard let city = Self.parse(line) else { return }
            if let wantedCountry, city.countryCode != wantedCountry { return }
            if kind == .exactAlternate, city.names.values.contains(where: { SearchKey.fold($0) == folded }) { kind = .exactName }
            found.append(GazetteerMatch(city: city, kind: kind))
        }
        found.sort { a, b in
            if a.kind != b.kind { return a.kind < b.kind }
            if a.city.population != b.city.population { return a.city.population > b.city.population }
            return a.city.geonamesID < b.city.geonamesID
        }
        return Array(found.prefix(max(0, limit)))
    }

    /// The city nearest to `coordinate`.
    public func nearest(to coordinate: Coordinate) -> City? {
        var best: (distance: Double, line: UnsafeBufferPointer<UInt8>)?
        forEachLine { line in
            let fields = Self.fields(line, upTo: 6)
            guard fields.count >= 6,
                  let lat = Double(Self.string(fields[4])), let lon = Double(Self.string(fields[5])),
                  let here = try? Coordinate(latitude: lat, longitude: lon)
            else { return }
            let d = here.distance(to: coordinate)
            if best == nil || d < best!.distance { best = (d, line) }
        }
        return best.flatMap { Self.parse($0.line) }
    }

    /// The most populous city within `kilometres` of `coordinate`, in `zone`
    /// if given: a tz zone's principal place is its main city, where the
    /// nearest point may be a suburb (Europe/Kyiv's is nearest "Nova
    /// Zabudova", Asia/Ho_Chi_Minh's "Quận Năm").
    public func largest(near coordinate: Coordinate, within kilometres: Double, zone: String? = nil) -> City? {
        var best: (population: Int, line: UnsafeBufferPointer<UInt8>)?
        let wantedZone = zone.map { Array($0.utf8) }
        forEachLine { line in
            let fields = Self.fields(line, upTo: 8)
            guard fields.count >= 8, let population = Int(Self.string(fields[6])), population > (best?.population ?? -1),
                  let lat = Double(Self.string(fields[4])), let lon = Double(Self.string(fields[5])),
                  let here = try? Coordinate(latitude: lat, longitude: lon), here.distance(to: coordinate) <= kilometres
            else { return }
            if let wantedZone, !fields[7].elementsEqual(wantedZone) { return }
            best = (population, line)
        }
        return best.flatMap { Self.parse($0.line) }
    }

    /// The city with this GeoNames id. The lines are in id order
    /// (build_gazetteer.py writes them so; a test checks it): a binary search
    /// over the bytes, a few dozen lines read, where a scan read them all
    /// (a page drawn per key in the app looked its place up each time).
    public func city(id: Int) -> City? {
        var low = cities.startIndex, high = cities.endIndex
        while low < high {
            // The line around the middle: back to its start, on to its end.
            var start = low + (high - low) / 2
            while start > low && cities[start - 1] != Self.newline { start -= 1 }
            var stop = start
            while stop < cities.endIndex && cities[stop] != Self.newline { stop += 1 }
            let line = UnsafeBufferPointer(rebasing: cities[start..<stop])
            guard let lineID = Self.leadingID(line) else { return nil }
            if lineID == id { return Self.parse(line) }
            if lineID < id { low = stop + 1 } else { high = start }
        }
        return nil
    }

    /// The id a line starts with (its digits before the first tab), if any.
    static func leadingID(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var id = 0, digits = 0
        for byte in line {
            guard byte != tab else { break }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            id = id * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? id : nil
    }

    /// The language GeoNames' main names are in: a place saved from the
    /// gazetteer is stored under its name in this language.
    public static let namesLanguage = Language.en

    /// A country's name in `language` ("KR" → "South Korea", "대한민국"), or nil if unknown.
    public func countryName(_ code: String, in language: Language) -> String? {
        guard let column = language.namesColumn else { return countryName(code) }
        return Self.countryNames[column]?[code.uppercased()]
    }

    /// The name in `language` of the city with this GeoNames id, where it has one.
    public func cityName(id: Int, in language: Language) -> String? {
        guard let column = language.namesColumn else { return city(id: id)?.name }
        return localNames.byID[id]?[column]
    }

    /// The name in `language` of the largest city called `name` (its main name), where it has one.
    public func cityName(named name: String, in language: Language) -> String? {
        guard let column = language.namesColumn else { return name }
        return localNames.byName[name]?[column]
    }

    /// The Korean name of a country code ("KR" → "대한민국"), or nil if unknown.
    public func koreanCountryName(_ code: String) -> String? { countryName(code, in: .ko) }

    /// The English name of a country code ("KR" → "South Korea"), or nil if unknown.
    public func countryName(_ code: String) -> String? {
        let wanted = Array(code.uppercased().utf8)
        guard wanted.count == 2 else { return nil }
        var start = countries.startIndex
        while start < countries.endIndex {
            var end = start
            while end < countries.endIndex && countries[end] != Self.newline { end += 1 }
            if end - start > 3, countries[start] == wanted[0], countries[start + 1] == wanted[1],
               countries[start + 2] == Self.tab {
                return String(decoding: UnsafeBufferPointer(rebasing: countries[(start + 3)..<end]), as: UTF8.self)
            }
            start = end + 1
        }
        return nil
    }

    /// The name of a GeoNames admin1 region ("KR", "11" → "Seoul"; "US", "IL" →
    /// "Illinois"), or nil where the data has none.
    public func regionName(country: String, code: String) -> String? {
        guard !code.isEmpty, code != "00" else { return nil }  // "00": GeoNames has no region there (Monaco, Kowloon)
        if let corrected = Self.regionCorrections[country.uppercased() + "." + code] { return corrected }
        let prefix = Array((country.uppercased() + "\t" + code + "\t").utf8)
        var start = regions.startIndex
        while start < regions.endIndex {
            var end = start
            while end < regions.endIndex && regions[end] != Self.newline { end += 1 }
            if end - start > prefix.count, regions[start..<(start + prefix.count)].elementsEqual(prefix) {
                return String(decoding: UnsafeBufferPointer(rebasing: regions[(start + prefix.count)..<end]), as: UTF8.self)
            }
            start = end + 1
        }
        return nil
    }

    /// The region as shown: its name; else its code when the code says
    /// something ("IL", "ENG"), nothing when it is a bare number or "00".
    public func regionText(country: String, code: String) -> String {
        regionName(country: country, code: code) ?? (code.allSatisfy(\.isNumber) ? "" : code)
    }

    /// Region names the built data gets wrong, as GeoNames itself names these
    /// admin1 codes (admin1CodesASCII.txt, the list the codes come from). The
    /// build names a code by the region most of its towns' nearest neighbours
    /// are in, which fails where a small region lies inside a larger one (the
    /// city-states Bremen and Sejong, the emirate of Dubai, Metro Manila,
    /// Delhi, Hong Kong's districts), and its source predates France's 2016 regions
    /// (the codes are the new ones: 76 is Occitanie, not Midi-Pyrénées).
    static let regionCorrections: [String: String] = [
        "AE.03": "Dubai", "AE.06": "Sharjah", "DE.03": "Bremen", "KR.22": "Sejong", "PH.NCR": "Metro Manila",
        "IN.07": "Delhi",
        "FR.24": "Centre-Val de Loire", "FR.27": "Bourgogne-Franche-Comté", "FR.28": "Normandy", "FR.32": "Hauts-de-France",
        "FR.44": "Grand Est", "FR.75": "Nouvelle-Aquitaine", "FR.76": "Occitanie", "FR.84": "Auvergne-Rhône-Alpes",
        "HK.HEA": "Eastern", "HK.HSO": "Southern", "HK.KKT": "Kwun Tong", "HK.KYT": "Yau Tsim Mong", "HK.NIS": "Islands",
        "HK.NKT": "Kwai Tsing", "HK.NNO": "North",
    ]

    /// The Korean name of the city with this GeoNames id, if it has one.
    public func koreanName(id: Int) -> String? { cityName(id: id, in: .ko) }

    /// The names in other languages of every city that has some: the first
    /// call reads every city once (a few milliseconds); later ones are lookups.
    private var localNames: LocalNames { Self.bundledLocalNames }

    /// Read once per process (static lets are made lazily and thread-safely),
    /// from the one data set there is.
    private static let bundledLocalNames: LocalNames = {
        var built = LocalNames()
        var population: [String: Int] = [:]
        Gazetteer.bundled.forEachLine { line in
            let f = Self.fields(line, upTo: 9)
            guard f.count == 9, !f[8].isEmpty, let id = Int(Self.string(f[0])) else { return }
            let names = Self.names(Self.string(f[8])), name = Self.string(f[1]), people = Int(Self.string(f[6])) ?? 0
            built.byID[id] = names
            if people > population[name, default: -1] {
                population[name] = people
                built.byName[name] = names
            }
        }
        return built
    }()

    private struct LocalNames {
        var byID: [Int: [String: String]] = [:]
        var byName: [String: [String: String]] = [:]
    }

    /// "ko=서울|ja=ソウル" → ["ko": "서울", "ja": "ソウル"].
    static func names(_ field: String) -> [String: String] {
        var names: [String: String] = [:]
        for pair in field.split(separator: "|") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex, pair.index(after: equals) != pair.endIndex else { continue }
            names[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return names
    }

    /// Every city, in GeoNames id order (for tests and data checks).
    public func allCities() -> [(city: City, keys: [String])] {
        var all: [(City, [String])] = []
        forEachLine { line in
            guard let city = Self.parse(line), let keys = Self.fields(line, upTo: 10).last else { return }
            all.append((city, Self.string(keys).split(separator: "|").map(String.init)))
        }
        return all
    }

    // MARK: - Scanning

    /// "Did you mean …?" for a name nothing matched: the largest city with a
    /// name a slip away from `query` ("Seoull" → Seoul, "Pariss" → Paris), in
    /// `country` if given. Only names of about the query's length are compared.
    public func closest(to query: String, country: String? = nil) -> City? {
        let key = SearchKey.fold(query)
        if SearchKey.hasHangul(key) { return closestHangul(to: key, country: country) }
        let length = key.unicodeScalars.count
        guard length >= 3, length <= 64 else { return nil }
        let allowance = Suggestion.allowance(for: key)
        let keyBytes = key.utf8.count
        return closest(within: allowance, country: country) { name in
            // Bytes bound scalars: a name far longer or shorter cannot be a slip away.
            guard name.count >= keyBytes - 4 * allowance, name.count <= 4 * (length + allowance) else { return nil }
            let text = String(decoding: name, as: UTF8.self)
            guard abs(text.unicodeScalars.count - length) <= allowance else { return nil }
            return Suggestion.distance(key, text)
        }
    }

    /// `closest` for a Korean name, compared letter by letter (jamo), where
    /// one wrong key is one edit: 서을 → 서울, 부싼 → 부산. One edit in a name
    /// of up to three syllables, two beyond; names of one syllable more or
    /// less only.
    func closestHangul(to key: String, country: String?) -> City? {
        let syllables = key.unicodeScalars.count
        guard syllables >= 2, syllables <= 32 else { return nil }
        let typed = SearchKey.jamo(key)
        return closest(within: syllables <= 3 ? 1 : 2, country: country) { name in
            // Hangul is three bytes a syllable, led by 0xEA…0xED.
            guard name.count >= 3 * (syllables - 1), name.count <= 3 * (syllables + 1), (0xEA...0xED).contains(name[0]) else { return nil }
            let text = String(decoding: name, as: UTF8.self)
            return SearchKey.hasHangul(text) ? Suggestion.distance(typed, SearchKey.jamo(text)) : nil
        }
    }

    /// The city with a search name nearest by `distance` (nil: not compared),
    /// within `allowance`, in `country` if given; the most populous of equals.
    private func closest(
        within allowance: Int, country: String?, distance: (UnsafeBufferPointer<UInt8>) -> Int?
    ) -> City? {
        let wantedCountry = country?.uppercased()
        var best: (distance: Int, city: City)?
        forEachLine { line in
            var keysStart = line.endIndex
            while keysStart > line.startIndex && line[keysStart - 1] != Self.tab { keysStart -= 1 }
            var start = keysStart
            var nearest = Int.max
            while start <= line.endIndex {
                var stop = start
                while stop < line.endIndex && line[stop] != Self.bar { stop += 1 }
                if let d = distance(UnsafeBufferPointer(rebasing: line[start..<stop])) { nearest = min(nearest, d) }
                start = stop + 1
            }
            guard nearest <= allowance, nearest <= (best?.distance ?? .max), let city = Self.parse(line) else { return }
            if let wantedCountry, city.countryCode != wantedCountry { return }
            if let best, nearest == best.distance, best.city.population >= city.population { return }
            best = (nearest, city)
        }
        return best?.city
    }

    /// The code of the country `text` names: a known ISO code ("kr"), its
    /// name in English or another language the gazetteer has ("South Korea", "대한민국", "韓国", "france"), or a name
    /// people use for it ("Korea", "UK", "USA", "미국" is its own).
    public func countryCode(named text: String) -> String? {
        let key = SearchKey.fold(text)
        guard !key.isEmpty else { return nil }
        if key.count == 2, countryName(key) != nil { return key.uppercased() }
        if let code = Self.countryNicknames[key] { return code }
        var found: String?
        var start = countries.startIndex
        while start < countries.endIndex, found == nil {
            var end = start
            while end < countries.endIndex && countries[end] != Self.newline { end += 1 }
            if end - start > 3 {
                let code = String(decoding: UnsafeBufferPointer(rebasing: countries[start..<(start + 2)]), as: UTF8.self)
                let name = String(decoding: UnsafeBufferPointer(rebasing: countries[(start + 3)..<end]), as: UTF8.self)
                if SearchKey.fold(name) == key || Self.countryNames.values.contains(where: { $0[code].map(SearchKey.fold) == key }) { found = code }
            }
            start = end + 1
        }
        return found
    }

    /// The regions `text` names, as "CC.code": by name in any case or accents
    /// ("Illinois", "ile-de-france") or by a code that is not a bare number ("IL", "NCR").
    public func regions(named text: String) -> Set<String> {
        let key = SearchKey.fold(text)
        guard !key.isEmpty else { return [] }
        let code = text.uppercased()
        var found = Set<String>()
        for (region, name) in Self.regionCorrections where SearchKey.fold(name) == key { found.insert(region) }
        var start = regions.startIndex
        while start < regions.endIndex {
            var end = start
            while end < regions.endIndex && regions[end] != Self.newline { end += 1 }
            let fields = String(decoding: UnsafeBufferPointer(rebasing: regions[start..<end]), as: UTF8.self).split(separator: "\t", maxSplits: 2)
            if fields.count == 3 {
                let id = fields[0] + "." + fields[1]
                let named = Self.regionCorrections[String(id)].map(SearchKey.fold) ?? SearchKey.fold(String(fields[2]))
                if named == key || (fields[1] == code && !code.allSatisfy(\.isNumber)) { found.insert(String(id)) }
            }
            start = end + 1
        }
        return found
    }

    /// Names people give countries that are not GeoNames' own.
    static let countryNicknames: [String: String] = [
        "usa": "US", "united states of america": "US", "america": "US", "uk": "GB", "england": "GB", "scotland": "GB",
        "wales": "GB", "great britain": "GB", "britain": "GB", "korea": "KR", "republic of korea": "KR", "한국": "KR",
        "남한": "KR", "north korea": "KP", "북한": "KP", "russia": "RU", "holland": "NL", "czechia": "CZ",
        "vatican": "VA", "uae": "AE", "turkiye": "TR",
    ]

    private func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = cities.startIndex
        let end = cities.endIndex
        while start < end {
            var stop = start
            while stop < end && cities[stop] != Self.newline { stop += 1 }
            if stop > start { body(UnsafeBufferPointer(rebasing: cities[start..<stop])) }
            start = stop + 1
        }
    }

    /// The best way `key` matches one of the line's search keys (the last field,
    /// '|'-separated, the primary name first), or nil.
    private static func match(_ key: [UInt8], keysOf line: UnsafeBufferPointer<UInt8>) -> MatchKind? {
        var keysStart = line.endIndex
        while keysStart > line.startIndex && line[keysStart - 1] != tab { keysStart -= 1 }
        var best: MatchKind?
        var index = 0
        var start = keysStart
        while start <= line.endIndex {
            var stop = start
            while stop < line.endIndex && line[stop] != bar { stop += 1 }
            let length = stop - start
            if length >= key.count {
                var same = true
                for i in 0..<key.count where line[start + i] != key[i] {
                    same = false
                    break
                }
                if same {
                    let kind: MatchKind = length == key.count
                        ? (index == 0 ? .exactName : .exactAlternate)
                        : (index == 0 ? .prefixName : .prefixAlternate)
                    if best == nil || kind < best! { best = kind }
                    if kind == .exactName { return kind }
                }
            }
            index += 1
            start = stop + 1
        }
        return best
    }

    private static func fields(_ line: UnsafeBufferPointer<UInt8>, upTo count: Int) -> [UnsafeBufferPointer<UInt8>] {
        var result: [UnsafeBufferPointer<UInt8>] = []
        result.reserveCapacity(count)
        var start = line.startIndex
        while result.count < count {
            var stop = start
            while stop < line.endIndex && line[stop] != tab { stop += 1 }
            result.append(UnsafeBufferPointer(rebasing: line[start..<stop]))
            if stop >= line.endIndex { break }
            start = stop + 1
        }
        return result
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func parse(_ line: UnsafeBufferPointer<UInt8>) -> City? {
        let f = fields(line, upTo: 10).map(string)
        guard f.count == 10, let id = Int(f[0]), let lat = Double(f[4]), let lon = Double(f[5]),
              let population = Int(f[6]), let coordinate = try? Coordinate(latitude: lat, longitude: lon)
        else { return nil }
        return City(
            geonamesID: id, name: f[1], countryCode: f[2], admin1: f[3], coordinate: coordinate,
            population: population, timeZone: f[7], names: Self.names(f[8]))
    }
}
