import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// Every word `forecast` says to its user: one type per language conforms
/// (`English`, `Korean`, `Japanese`, each in its folder under Languages/), so
/// a language that misses a word, or a word that misses a language, does not
/// build. The words come in parts, each on its own: what every face says
/// (`PlaceWords`: dates, ages, a place and its weather as text), the
/// commands' (`CommandWords`), the errors' (`ErrorWords`), the app's
/// (`AppWords`), a place's page (`PageWords`), warnings' (`WarningWords`), the
/// sky's (`SkyWords`), conditions' (`ConditionWords`, from the core's parts,
/// never a service's codes) and the help (`HelpTranslation`). A face depends
/// only on its parts: the command line on `CommandFaceWords`, the app on
/// `AppFaceWords`, the views both draw on `ViewWords` (PlaceWords.swift).
/// Counting ("1 place", "3 places"; "3곳", "3か所") follows the language's `PluralRule`.
package protocol Catalog: PlaceWords, CommandWords, ErrorWords, AppWords, WarningWords, SkyWords, PageWords, ConditionWords, Sendable {}

/// The commands' words: their answers, the weather as tables and text say
/// it, dates and clocks, counts.
package protocol CommandWords: PlaceWords {
    var errorPrefix: String { get }
    /// stdin or stdout is not a terminal.
    var browseNeedsTerminal: String { get }
    var warningPrefix: String { get }
    /// A saved row that cannot be read: left out of the list, with how to remove it.
    func damaged(_ place: DamagedPlace) -> String
    /// A saved setting that cannot be used: its default stands in until it is set again.
    func damagedSetting(_ column: String) -> String
    func removedDamaged(_ removed: Int) -> String
    var notePrefix: String { get }
    func relabelled(_ place: Place, to label: String) -> String
    func renamed(_ place: Place, to label: String) -> String
    func moved(_ place: Place, to position: Int) -> String
    func sortKey(_ key: SortKey) -> String
    /// "Places are now sorted by name (descending)."
    func sorted(_ order: PlaceSort, now: Bool) -> String
    var sortedByNameUntilWeather: String { get }
    func temperatureUnitName(_ unit: TemperatureUnit) -> String
    func temperaturesShown(in unit: TemperatureUnit, now: Bool) -> String
    func windShown(in unit: WindUnit, now: Bool) -> String
    /// "Precipitation is shown in mm, distances in km, pressure in hPa, times on a 24-hour clock."
    func measuresShown(_ measures: MeasureUnits, now: Bool) -> String
    var nothingSavedYet: String { get }
    func couldBeAnyOf(_ query: String, _ count: Int) -> String
    /// No place is called `query`, in the gazetteer nor (`online`) online; `count` are called something like it (none was taken for it).
    func noneCalledButLike(_ query: String, _ count: Int, online: Bool) -> String
    /// After `noneCalledButLike`'s list: how to choose one, or add the place by its coordinates.
    func nothingSavedChooseNear(_ example: String) -> String
    func nothingSavedChoose(_ example: String, narrowed: Bool) -> String
    func othersCalled(_ query: String, _ others: Int) -> String
    /// Under a `show` cut to the terminal's height: how to see the rest.
    var showMore: String { get }
    /// A label now shared by several saved places (`matches` as `match` says them, with `Name#N`).
    func sameName(_ name: String, _ matches: [String], first: String) -> String
    /// Both were asked: the built-in gazetteer, then the online service.
    func searchFoundNothing(_ query: String) -> String
    var humidity: String { get }
    var wind: String { get }
    var pressure: String { get }
    var clouds: String { get }
    var visibility: String { get }
    var precipitation: String { get }
    var sunriseSunset: String { get }
    var uvIndex: String { get }
    var airQuality: String { get }
    /// "Pollen": the row's label.
    var pollen: String { get }
    /// "US AQI 42 (good) · PM2.5 6 µg/m³", "bad (Korean grade) · PM10 95 µg/m³ · PM2.5 40 µg/m³", or why there is none.
    func air(_ air: AirQuality?, scale: AirScale, error: WeatherError?) -> String
    func reportTitle(_ places: Int) -> String
    var reportHeaders: [String] { get }
    func hoursCaption(_ steps: Int, unit: String) -> String
    func daysCaption(unit: String) -> String
    func hoursChartLabel(low: String, high: String, rain: Int?) -> String
    /// `--refresh` asked nothing of a service whose answer is still valid.
    func heldByExpiry(until time: String) -> String
    func reportCredits(_ source: SourceItem, normals: Bool) -> String
    func reportWritten(_ places: Int, to file: String) -> String
    func exported(_ count: Int, to file: String) -> String
    func cannotWrite(_ file: String, _ error: any Error) -> String
    func cannotRead(_ file: String) -> String
    /// The output could not be written (`why`: the system's words, as a full disk's).
    func cannotWriteOutput(_ why: String) -> String
    func imported(added: Int, skipped: Int, removed: Int, settings: Bool, dryRun: Bool) -> [String]
    var configHeaders: [String] { get }
    func configSource(_ source: ConfigSource, variable: String?) -> String
    func configSet(_ key: String, _ value: String) -> String
    func configUnset(_ key: String, now value: String) -> String
    func configOverridden(_ variable: String, _ value: String) -> String
    func notSavedHint(_ name: String, _ command: String) -> String
    var hourHeaders: [String] { get }
    var comingDays: String { get }
    var dayHeaders: [String] { get }
    func waitingForRateLimit(_ done: Int, _ total: Int, _ duration: String) -> String
    var interruptedKept: String { get }
}

/// The words of one language, whichever it is.
package typealias Words = any Catalog

extension Language {
    /// The catalog that speaks this language.
    package func words(_ gazetteer: Gazetteer) -> Words {
        Languages.room(self).catalog(gazetteer)
    }
}

/// What every language shares: the shapes of the sentences built from words.
extension PlaceWords {
    /// What the user typed, safe to print and quoted.
    package func quoted(_ text: String) -> String { "'\(SafeText.quoted(text))'" }

    /// "Seoul, South Korea" / "Seoul, 대한민국". Region names have no Korean
    /// spelling in the data; they stay as GeoNames writes them.
    package func region(countryCode: String, admin1: String) -> String {
        let region = gazetteer.regionText(country: countryCode, code: admin1)
        return [region, countryCode.isEmpty ? "" : countryName(countryCode)]
            .map { SafeText.clean($0, maxLength: 100) }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// A time of day on the reading's clock: "14:05", "2:05 PM", "오후 2:05".
    package func time(_ reading: ClockReading) -> String {
        reading.clock == .h12 ? twelveHour(reading) : reading.hourMinute
    }

    /// A saved place as an error names it: "3 Springfield (Illinois, United States)";
    /// namesakes by their address and where they are: "Seoul#2 = 3 (Seoul, South Korea, 37.5, 127.03)".
    package func match(_ match: InputError.Match) -> String {
        let region = region(countryCode: match.countryCode, admin1: match.admin1)
        guard let address = match.address else {
            return "\(match.position) \(SafeText.clean(match.name))" + (region.isEmpty ? "" : " (\(region))")
        }
        let place = [region, match.coordinate].filter { !$0.isEmpty }.joined(separator: ", ")
        return "\(SafeText.clean(address)) = \(match.position)" + (place.isEmpty ? "" : " (\(place))")
    }

    /// "6 (high)".
    package func uv(_ index: Double?) -> String {
        guard let index, let rounded = SafeNumber.rounded(index) else { return "–" }
        return "\(rounded) (\(uvCategory(UVCategory(index: Double(rounded)))))"
    }

    /// "open-meteo, openweathermap or …".
    /// "en or ko": every language forecast speaks.
    package static func languageCodes(or word: String) -> String {
        Phrases.listed(Language.allCases.map(\.rawValue), word)
    }

    package static func providerNames(or word: String) -> String {
        Phrases.listed(WeatherProviders.names, word)
    }

    package static var configKeys: String { ConfigKey.allCases.map(\.rawValue).joined(separator: ", ") }

    package static var fieldList: String { WeatherField.templateNames.joined(separator: ", ") }

    // MARK: - Places, named in the catalog's language where the gazetteer knows how

    /// What stands beside the name shown (`shown`), if anything: beside a label
    /// of the user's, the city's name in this language ("会社 (London)", "회사
    /// (런던)"); beside the city's own name, its name in another language only
    /// where the user typed that one (`typed`: `show 서울` in English is
    /// "Seoul (서울)", `show London` is "London", never "London (런던)").
    package func otherName(of city: City, shownAs shown: String, typed: String? = nil) -> String? {
        let own = city.name(in: language) ?? city.name
        let cityNames = [city.name] + Language.all.compactMap { city.name(in: $0) }
        if !cityNames.contains(shown) { return own == shown ? nil : own }
        guard let typed else { return nil }
        let key = SearchKey.fold(typed)
        return cityNames.first { $0 != shown && SearchKey.fold($0) == key }
    }

    /// The place's name as shown: the user's own label as given; else the
    /// gazetteer's name in this language where it has one.
    package func name(_ place: Place) -> String {
        if let name = SavedPlaces.name(of: place, in: language, gazetteer) { return SafeText.clean(name) }
        // Named by forecast after its nearest city: "near Paris", "파리 부근".
        if place.geonamesID == nil, place.displayName == place.canonicalName { return canonical(place.displayName) }
        return SafeText.clean(place.displayName)
    }

    /// A saved place as lists, titles and confirmations name it: its name, and
    /// where another place shares its label, its number ("Seoul#2", "서울#2"),
    /// which `Name#N` finds. `truncatedTo` cuts the name, never the number.
    package func address(_ place: Place, truncatedTo width: Int? = nil) -> String {
        let full = name(place)
        return (width.map { DisplayWidth.truncate(full, to: $0) } ?? full) + (place.shownNumber.map { "#\($0)" } ?? "")
    }

    /// A city's name as candidates show it: in this language, then the other
    /// name the user typed, if any ("Seoul (서울)" for 서울 typed in English).
    package func name(_ city: City, typed: String? = nil) -> String {
        let names = names(city, typed: typed)
        guard let first = names.first else { return "" }
        return names.count > 1 ? "\(first) (\(names[1]))" : first
    }

    /// A city's names, each once: in this language first (else its own), then
    /// those of other languages the user typed, or typed the start of (`typed`:
    /// `search 서` lists Seoul with 서울 beside it; `search Springfield` no other names).
    package func names(_ city: City, typed: String? = nil) -> [String] {
        var names: [String] = []
        let key = typed.map(SearchKey.fold) ?? ""
        let others: [String?] = [city.name] + Language.allCases.map { city.name(in: $0) }
        let candidates: [String?] = [city.name(in: language) ?? city.name] + others.map { name in
            name.flatMap { !key.isEmpty && SearchKey.fold($0).hasPrefix(key) ? $0 : nil }
        }
        for name in candidates {
            if let name, !name.isEmpty, !names.contains(name) { names.append(SafeText.clean(name)) }
        }
        return names
    }

    package func countryName(_ code: String) -> String {
        gazetteer.countryName(code, in: language) ?? gazetteer.countryName(code, in: .en) ?? code
    }

    /// "Springfield [Springfield] (Illinois, United States)": the name, what
    /// it stands for when labelled, and where; a place that shares its label
    /// by its address and coordinates too, which tell apart two in one region
    /// ("Seoul#2 (Seoul, South Korea, 37.5, 127.03)").
    package func describe(_ place: Place) -> String {
        var text = address(place)
        if place.displayName != place.canonicalName {
            let city = language == Gazetteer.namesLanguage ? nil : place.geonamesID.flatMap { gazetteer.cityName(id: $0, in: language) }
            text += " [\(city.map { SafeText.clean($0) } ?? canonical(place.canonicalName))]"
        }
        let region = region(countryCode: place.countryCode, admin1: place.admin1)
        let where_ = [region, place.hasNamesakes ? place.coordinate.description : ""].filter { !$0.isEmpty }.joined(separator: ", ")
        return where_.isEmpty ? text : "\(text) (\(where_))"
    }

    /// A stored canonical name; "near Seoul" (places added by coordinates) reads "서울 부근" in Korean.
    package func canonical(_ text: String) -> String {
        let clean = SafeText.clean(text)
        guard clean.hasPrefix("near ") else { return clean }
        let city = String(clean.dropFirst(5))
        return near(gazetteer.cityName(named: city, in: language).map { SafeText.clean($0) } ?? city)
    }
}

/// Errors as every face says them (the commands' lines, the app's status line, a page's note).
extension ErrorWords {
    /// "timeout: no complete answer within the 10 s budget" / "시간 초과: 10 s 안에 …".
    /// Any error a use case throws, in this language (the app's status line).
    package func describe(_ error: any Error) -> String {
        switch error {
        case let error as InputError: message(error)
        case let error as SettingsError: message(error)
        case let error as ConfigError: message(error)
        case let error as ImportError: message(error)
        case let error as PlaceLookupError: message(error)
        case let error as StoreError: message(error)
        default: SafeText.clean("\(error)", maxLength: 300)
        }
    }

    /// "timed out: no complete answer within the 10 s budget"; the kind alone
    /// when the detail only says it again ("not found", not "not found: not found").
    package func weatherError(_ error: WeatherError) -> String { weatherError(error, age: nil) }

    /// "timed out (updated 2 min ago): no complete answer within the 10 s budget".
    package func weatherError(_ error: WeatherError, age: String?) -> String {
        let (kind, detail) = (errorKind(error.kind), detail(error))
        let head = kind + (age.map { " (\($0))" } ?? "")
        return SearchKey.fold(detail) == SearchKey.fold(kind) ? head : "\(head): \(detail)"
    }
}
