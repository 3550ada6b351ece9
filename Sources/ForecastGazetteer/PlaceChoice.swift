import ForecastCore

/// Which city a name means, when adding or showing a place.
///
/// The rule: never pick silently, neither among different places with the
/// same name nor a place with another name. A choice is clear when exactly
/// one city is called that (its name, or its everyday name in a language
/// the interface speaks: 서울, ソウル), or when one city with that name is at
/// least ten times as large as the next (London, Paris): the caller then says
/// which it took and that others exist. A spelling of GeoNames' of only one
/// city answers too when it spells that city's name (Kiev, München: `spells`);
/// a shorter one ("Ber" of Véroia, "Mos" of Moss), another name altogether
/// ("Ireland" of West Springfield) and a name a city's only starts with
/// ("Måløy" of Maloyaroslavets, "Undo" of Ŭndŏk) are candidates, never an
/// answer: `nearNames`, which the user settles with a pick or coordinates,
/// after the online lookup was asked.
public enum PlaceChoice: Equatable, Sendable {
    case chosen(City, othersWithName: Int)
    /// Several cities are called that.
    case ambiguous([City])
    /// No city is called that; these are called something like it, best first.
    case nearNames([City])
    case notFound

    public static let dominanceFactor = 10
    static let candidateLimit = 50
    /// How wide (in terminal columns) a spelling of GeoNames' must be to name
    /// its one city on its own: "Kiev" and "경성" do, "Ber" and "Mos" do not.
    public static let alternateWidth = 4

    /// `regions`: only cities in these regions ("US.IL"), when a query named one ("Springfield, Illinois").
    /// `pick` chooses among cities called `query`; among near names it is the
    /// caller's to apply (`pick(_:from:)`), once every candidate is known.
    public static func resolve(
        _ query: String, country: String? = nil, pick: Int? = nil, in gazetteer: Gazetteer = .bundled, regions: Set<String>? = nil
    ) throws(InputError) -> PlaceChoice {
        var matches = gazetteer.search(query, country: country, limit: regions == nil ? candidateLimit : 1000)
        if let regions { matches = Array(matches.filter { regions.contains($0.city.countryCode + "." + $0.city.admin1) }.prefix(candidateLimit)) }
        guard !matches.isEmpty else { return .notFound }
        // A city called that outranks one that was once called that, or is
        // also called that: "Portland" means the Portlands, not Sandusky, Ohio.
        let byName = matches.filter { $0.kind == .exactName }
        if !byName.isEmpty { return try choose(exact: byName.map(\.city), others: [], pick: pick) }
        let alternates = matches.filter { $0.kind == .exactAlternate }
        if alternates.count == 1, spells(query, alternates[0].city, in: gazetteer) {
            return try choose(exact: alternates.map(\.city), others: [], pick: pick)
        }
        // Several cities share that spelling: which one is the user's to say.
        if alternates.count > 1 {
            if let pick { return try self.pick(pick, from: alternates.map(\.city)) }
            return .ambiguous(alternates.map(\.city))
        }
        return .nearNames(nearest(matches))
    }

    /// Whether `query`, a GeoNames spelling of `city` and of no other, is a
    /// spelling of the city's own name that says enough to name it: four
    /// columns wide or more as folded (ＭＯＳ is "mos"), no country's or
    /// region's name (GeoNames lists "Ireland" for West Springfield, "Chile"
    /// for Şile, "Vestland" for Westland), and a spelling of its name, not
    /// another name (München, Muenchen of Munich; Kiev of Kyiv; Peking of
    /// Beijing): at most half its letters edited.
    static func spells(_ query: String, _ city: City, in gazetteer: Gazetteer) -> Bool {
        let key = SearchKey.fold(query)
        guard DisplayWidth.of(key) >= alternateWidth else { return false }
        if gazetteer.countryCode(named: query) != nil || !gazetteer.regions(named: query).isEmpty { return false }
        return Suggestion.distance(key, SearchKey.fold(city.name)) <= max(2, key.count / 2)
    }

    /// How many near names are offered: the likeliest, not fifty.
    public static let nearNamesOffered = 10

    /// Of names like the one typed, those offered, likeliest first: cities
    /// spelled so (GeoNames' other spellings), then cities whose name starts
    /// so, then those an other spelling of starts so, each larger places first.
    static func nearest(_ matches: [GazetteerMatch]) -> [City] {
        let byPopulation = { (a: GazetteerMatch, b: GazetteerMatch) in
            a.city.population != b.city.population ? a.city.population > b.city.population : a.city.geonamesID < b.city.geonamesID
        }
        let ranked = [MatchKind.exactAlternate, .prefixName, .prefixAlternate].flatMap { kind in
            matches.filter { $0.kind == kind }.sorted(by: byPopulation)
        }
        return Array(ranked.map(\.city).prefix(nearNamesOffered))
    }

    /// The rule itself, for candidates from anywhere (the gazetteer, an online
    /// lookup): cities called the name if any, else the rest; both best first.
    public static func choose(exact: [City], others: [City], pick: Int?) throws(InputError) -> PlaceChoice {
        guard !exact.isEmpty else {
            let offered = Array(others.prefix(nearNamesOffered))
            guard !offered.isEmpty else { return .notFound }
            if let pick { return try self.pick(pick, from: offered) }
            return .nearNames(offered)
        }
        if let pick { return try self.pick(pick, from: exact) }
        if exact.count == 1 { return .chosen(exact[0], othersWithName: 0) }
        // Only a known population can dominate (an online result may have none).
        if exact[0].population > 0, exact[0].population >= dominanceFactor * exact[1].population {
            return .chosen(exact[0], othersWithName: exact.count - 1)
        }
        return .ambiguous(exact)
    }

    /// The `pick`th of `candidates` (from 1), as listed.
    public static func pick(_ pick: Int, from candidates: [City]) throws(InputError) -> PlaceChoice {
        guard pick >= 1, pick <= candidates.count else {
            throw .pickOutOfRange(pick, candidates: candidates.count)
        }
        return .chosen(candidates[pick - 1], othersWithName: candidates.count - 1)
    }
}
