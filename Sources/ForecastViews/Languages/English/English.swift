import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// Every word `forecast` says in English. The compiler holds it to `Catalog`:
/// a word missing here, or in any other language, does not build.
package struct English: Catalog {
    package init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }
    package let gazetteer: Gazetteer
    package var language: Language { .en }

    /// "1 place", "3 places", as the language's plural rule says.
    func count(_ n: Int, _ singular: String, _ plural: String) -> String {
        "\(n) " + language.plural.form(n, one: singular, other: plural)
    }

    // MARK: - Prefixes

    package var errorPrefix: String { "error" }
    package var warningPrefix: String { "warning" }

    /// A saved row that cannot be read: left out of the list, with how to remove it.
    package func damaged(_ place: DamagedPlace) -> String {
        let which = place.label.map { "\(place.id) (\(quoted($0)))" } ?? "\(place.id)"
        return "\(warningPrefix): " + "saved place \(which) cannot be read (its \(place.column) is not valid) and is left out; 'forecast remove --damaged' removes it"
    }

    /// A saved setting that cannot be used: its default stands in until it is set again.
    package func damagedSetting(_ column: String) -> String {
        "\(warningPrefix): " + "the saved setting \(column) is not valid; its default is used until it is set again ('forecast config' or 'forecast units')"
    }

    package func removedDamaged(_ removed: Int) -> String {
        "Removed \(count(removed, "damaged place", "damaged places"))."
    }
    package var notePrefix: String { "Note" }

    // MARK: - Calendar and clock

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    // MARK: - Commands' answers

    package func relabelled(_ place: Place, to label: String) -> String {
        "\(describe(place)) was already saved; it is now called \(SafeText.clean(label))."
    }

    package func renamed(_ place: Place, to label: String) -> String {
        "Renamed \(describe(place)) to \(SafeText.clean(label))."
    }

    package func moved(_ place: Place, to position: Int) -> String {
        "Moved \(describe(place)) to position \(position); the order is now custom."
    }

    package func sortKey(_ key: SortKey) -> String {
        switch key {
        case .name: "name"
        case .temperature: "temperature"
        case .humidity: "humidity"
        case .custom: "custom"
        }
    }

    /// "Places are now sorted by name (descending)."
    package func sorted(_ order: PlaceSort, now: Bool) -> String {
        if order.key == .custom {
            return now
                ? "Places are now in your own order (custom); change it with 'forecast move'."
                : "Places are in your own order (custom); change it with 'forecast move'."
        }
        let direction = order.descending ? "descending" : "ascending"
        return now
            ? "Places are now sorted by \(sortKey(order.key)) (\(direction))."
            : "Places are sorted by \(sortKey(order.key)) (\(direction))."
    }

    package var sortedByNameUntilWeather: String {
        "until weather has been fetched, places are listed by name."
    }

    package func temperatureUnitName(_ unit: TemperatureUnit) -> String {
        switch unit {
        case .celsius: "celsius"
        case .fahrenheit: "fahrenheit"
        case .kelvin: "kelvin"
        }
    }

    package func temperaturesShown(in unit: TemperatureUnit, now: Bool) -> String {
        let name = "\(temperatureUnitName(unit)) (\(unit.symbol))"
        return now ? "Temperatures are now shown in \(name)."
            : "Temperatures are shown in \(name)."
    }

    package func windShown(in unit: WindUnit, now: Bool) -> String {
        let name = unit == .bft ? "Beaufort forces" : unit == .kn ? "knots" : unit.symbol
        return now ? "Wind speeds are now shown in \(name)." : "Wind speeds are shown in \(name)."
    }

    package func measuresShown(_ measures: MeasureUnits, now: Bool) -> String {
        let clock = measures.clock == .h12 ? "a 12-hour" : "a 24-hour"
        let precipitation = measures.precipitation == .inch ? "inches" : "mm"
        let distance = measures.distance == .mi ? "miles" : "km"
        return (now ? "Now precipitation is" : "Precipitation is") + " shown in \(precipitation), distances in "
            + "\(distance), pressure in \(measures.pressure.symbol), times on \(clock) clock."
    }

    package var nothingSavedYet: String { "No places saved yet. Add one with: forecast add Seoul" }

    // MARK: - Choosing among candidates

    package func couldBeAnyOf(_ query: String, _ count: Int) -> String {
        "\(quoted(query)) could be any of \(count) places:"
    }

    package func noneCalledButLike(_ query: String, _ count: Int, online: Bool) -> String {
        let asked = online ? ", in the gazetteer or online" : " in the gazetteer (--offline asks nothing online)"
        return "No place is called \(quoted(query))\(asked); did you mean \(count == 1 ? "this one" : "one of these \(count)")?"
    }

    package func nothingSavedChooseNear(_ example: String) -> String {
        "Nothing was saved. Choose one with --pick N (for example: \(example)), or add the place with --lat and --lon."
    }

    package func nothingSavedChoose(_ example: String, narrowed: Bool) -> String {
        "Nothing was saved. Choose one with --pick N (for example: \(example))" + (narrowed ? "." : ", or narrow with --country CC.")
    }

    package var showMore: String { "More: --full, or --hours N, --days N" }

    package func sameName(_ name: String, _ matches: [String], first: String) -> String {
        "\(matches.count) saved places are called \(quoted(name)) now (\(matches.joined(separator: ", "))): "
            + "show, remove, move and rename tell them apart by number or as '\(SafeText.quoted(first))'; 'forecast rename' gives one another name."
    }

    package func othersCalled(_ query: String, _ others: Int) -> String {
        "\(others == 1 ? "1 other place is" : "\(others) other places are") called \(quoted(query)); see 'forecast search \(SafeText.quoted(query))' and use --pick to choose another."
    }

    /// Both were asked: the built-in gazetteer, then the online service.
    package func searchFoundNothing(_ query: String) -> String {
        "no place called \(quoted(query)), in the gazetteer or online"
    }

    // MARK: - Weather

    package func errorKind(_ kind: WeatherError.Kind) -> String {
        switch kind {
        case .network: "network error"
        case .timeout: "timed out"
        case .rateLimited: "rate limited"
        case .unauthorized: "key refused"
        case .notFound: "not found"
        case .badResponse: "bad answer"
        case .provider: "service error"
        case .cancelled: "interrupted"
        }
    }

    /// What went wrong, after the kind. A failure without a typed detail (which
    /// field of an answer failed validation) is described by the error itself.
    package func detail(_ error: WeatherError) -> String {
        SafeText.clean(error.detail.map(\.english) ?? error.message, maxLength: 300)
    }

    package var humidity: String { "Humidity" }
    package var wind: String { "Wind" }
    package var pressure: String { "Pressure" }
    package var clouds: String { "Clouds" }
    package var visibility: String { "Visibility" }
    package var precipitation: String { "Precipitation" }
    package var sunriseSunset: String { "Sunrise/set" }
    package var uvIndex: String { "UV today" }
    package var airQuality: String { "Air" }

    package var pollen: String { "Pollen" }

    /// "US AQI 42 (good) · PM2.5 6 µg/m³", "bad (Korean grade) · PM10 95 µg/m³ · PM2.5 40 µg/m³", or why there is none.
    package func air(_ air: AirQuality?, scale: AirScale, error: WeatherError?) -> String {
        if let air, !air.isEmpty { return AirText.sentence(air, scale: scale, words: self, pm10: "PM10", pm2_5: "PM2.5") }
        if let error { return "unavailable: " + weatherError(error) }
        return "–"
    }

    // MARK: - report

    package func reportTitle(_ places: Int) -> String { "Weather for \(count(places, "place", "places"))" }

    package var reportHeaders: [String] {
        ["#", "Place", "Local time", "", "Weather", "Temp",
         "Feels", "Humidity", "Wind", "Today", "Rain",
         "UV", "Air", "Note"]
    }

    package func hoursCaption(_ steps: Int, unit: String) -> String {
        "Coming hours: temperature (line, \(unit)) and chance of precipitation (bars, %)"
    }

    package func daysCaption(unit: String) -> String {
        "Coming days: low to high (\(unit)) and chance of precipitation"
    }

    package func hoursChartLabel(low: String, high: String, rain: Int?) -> String {
        "Temperature from \(low) to \(high)"
            + (rain.map { ", chance of precipitation up to \($0)%" } ?? "")
    }

    /// `--refresh` asked nothing of a service whose answer is still valid.
    package func heldByExpiry(until time: String) -> String {
        "the weather service asks not to be asked again before \(time): what is shown is its latest answer"
    }

    package func reportCredits(_ source: SourceItem, normals: Bool) -> String {
        "Made by forecast. Weather: \(source.attribution); air quality: \(SourceItem.airQuality); "
            + (normals ? "normals: \(SourceItem.normals); " : "") + "places: GeoNames."
    }

    package func reportWritten(_ places: Int, to file: String) -> String {
        "Wrote the report of \(count(places, "place", "places")) to \(quoted(file))."
    }

    // MARK: - export and import

    package func exported(_ count: Int, to file: String) -> String {
        "Exported \(self.count(count, "place", "places")) to \(quoted(file))."
    }

    package func cannotWrite(_ file: String, _ error: any Error) -> String {
        "cannot write \(quoted(file)): " + reason(error)
    }

    func reason(_ error: any Error) -> String {
        guard let problem = error as? FileProblem else { return SafeText.clean((error as NSError).localizedDescription, maxLength: 200) }
        return switch problem {
        case .folder: "it is a folder"
        case .socket: "it is a socket, not a file"
        case .blockDevice: "it is a block device, which is never overwritten"
        case .notRegular: "it is not a regular file"
        case .tooManyLinks: "too many symbolic links"
        case .missingFolder: "its folder does not exist"
        case .database: "it is the database in use (or one of its journal files), which is never written over"
        case .system(let code): SafeText.clean(String(cString: strerror(code)), maxLength: 200)
        }
    }

    package func cannotRead(_ file: String) -> String { "cannot read \(quoted(file))" }

    /// The output could not be written (`why`: the system's words, as a full disk's).
    package func cannotWriteOutput(_ why: String) -> String { "cannot write the output: \(why)" }

    package func imported(added: Int, skipped: Int, removed: Int, settings: Bool, dryRun: Bool) -> [String] {
        var lines: [String] = []
        if dryRun {
            lines.append("Dry run: nothing was changed.")
            if removed > 0 { lines.append("\(count(removed, "place", "places")) would be removed first.") }
            lines.append("\(count(added, "place", "places")) would be imported; \(skipped) already saved would be skipped.")
            if settings { lines.append("The file's settings would be kept.") }
            return lines
        }
        if removed > 0 { lines.append("Removed \(count(removed, "place", "places")) first (--replace).") }
        lines.append("Imported \(count(added, "place", "places")); \(skipped) already saved, skipped.")
        if settings { lines.append("The file's settings were kept.") }
        return lines
    }

    // MARK: - config

    package var configHeaders: [String] { ["Setting", "Value", "From"] }

    package func configSource(_ source: ConfigSource, variable: String?) -> String {
        switch source {
        case .environment: "environment" + (variable.map { " (\($0))" } ?? "")
        case .config: "config"
        case .locale: "locale" + (variable.map { " (\($0))" } ?? "")
        case .builtIn: "default"
        }
    }

    package func configSet(_ key: String, _ value: String) -> String { "\(key) is now \(value)." }

    package func configUnset(_ key: String, now value: String) -> String {
        "\(key) is no longer set; it is \(value) now."
    }

    package func configOverridden(_ variable: String, _ value: String) -> String {
        "Note: \(variable) is set, so it decides while it is: \(value)."
    }

    package func notSavedHint(_ name: String, _ command: String) -> String {
        "\(quoted(name)) is not saved; nothing was changed. To save it: \(command)"
    }

    package var hourHeaders: [String] { ["Time", "", "Temp", "Feels", "Rain", "Wind"] }
    package var comingDays: String { "Coming days" }
    package var dayHeaders: [String] { ["Day", "", "Weather", "Low", "High", "Rain"] }

    // MARK: - Progress and the end of a refresh

    package func waitingForRateLimit(_ done: Int, _ total: Int, _ duration: String) -> String {
        "Fetching weather \(done)/\(total): waiting up to \(duration) for the rate limit…"
    }

    package var interruptedKept: String { "interrupted; the weather that had arrived was kept" }

}
