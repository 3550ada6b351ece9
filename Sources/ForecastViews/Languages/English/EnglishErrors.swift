import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What went wrong, in English: the words of `ErrorWords`.
extension English {
    package func field(_ field: InputError.Field) -> String {
        switch field {
        case .name: "name"
        case .label: "label"
        case .searchText: "search text"
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .position: "position"
        }
    }

    package func message(_ error: InputError) -> String {
        switch error {
        case .empty(let what):
            return "\(field(what)) is empty"
        case .unsafeCharacters(let what, let text):
            return "\(field(what)) \(quoted(text)) contains control or text-direction characters"
        case .invisible(let what):
            return "\(field(what)) has nothing visible in it"
        case .numericLabel(let text):
            return "a label cannot be a number (\(quoted(text))): numbers pick places by their position in the list"
        case .addressLabel(let text):
            return "a label cannot end in '#' and a number (\(quoted(text))): that is how places sharing a label are told apart"
        case .tooLong(let what, let length, let maximum):
            return "\(field(what)) is too long (\(length) characters; at most \(maximum))"
        case .notANumber(let what, let text):
            return "\(field(what)) \(quoted(text)) is not a number"
        case .latitudeOutOfRange(let value):
            return "latitude \(Coordinate.format(value, beyond: 90)) is out of range: it must be between -90 and 90"
        case .longitudeOutOfRange(let value):
            return "longitude \(Coordinate.format(value, beyond: 180)) is out of range: it must be between -180 and 180"
        case .nothingSaved:
            return "no places are saved yet: add one with 'forecast add <name>'"
        case .positionOutOfRange(let position, let count):
            return "position \(position) is out of range: there \(count == 1 ? "is 1 place" : "are \(count) places")"
        case .noSavedMatch(let text):
            return "no saved place matches \(quoted(text)): see 'forecast list'"
        case .noSuchAddress(let text, let matches):
            return "no saved place is \(quoted(text)) (any more); the places of that name are " + matches.map(match).joined(separator: ", ")
        case .ambiguousReference(let text, let matches):
            let names = matches.map(match).joined(separator: ", ")
            if let first = matches.first?.address, matches.allSatisfy({ $0.address != nil }) {
                return "\(matches.count) saved places are called \(quoted(text)) (\(names)): use a number, or the name with #N as in '\(SafeText.quoted(first))'"
            }
            return "\(quoted(text)) matches \(matches.count) saved places (\(names)): use a number or a longer name"
        case .pickOutOfRange(let pick, let candidates):
            return "--pick \(pick) is out of range: there \(candidates == 1 ? "is 1 candidate" : "are \(candidates) candidates")"
        case .badCountryCode(let text):
            return "\(quoted(text)) is not a country code: use a two-letter ISO code such as KR or US (or, after a comma, the country's name)"
        case .notFound(let query, let country, let suggestion):
            let within = country.map { " in \($0.uppercased())" } ?? ""
            if let suggestion { return "no place called \(quoted(query))\(within), in the gazetteer or online; did you mean \(quoted(suggestion))?" }
            return "no place called \(quoted(query))\(within), in the gazetteer or online; check the spelling, or add it with --lat and --lon"
        case .notInGazetteer(let query, let country, let suggestion):
            let within = country.map { " in \($0.uppercased())" } ?? ""
            let meant = suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
            return "no place called \(quoted(query))\(within) in the gazetteer, and --offline asks nothing online\(meant)"
        }
    }

    /// A value from the environment, quoted; or, where it is not repeated, why.
    func typed(_ text: String?) -> String { text.map { quoted($0) } ?? "(its value is not repeated: it could be a key)" }

    package func message(_ error: SettingsError) -> String {
        switch error {
        case .unknownProvider(let name):
            return "\(WeatherSettings.providerVariable) \(typed(name)) is not a provider: use \(Self.providerNames(or: "or"))"
        case .badLanguage(let text):
            return "FORECAST_LANG \(typed(text)) is not a language forecast speaks: use \(Self.languageCodes(or: "or"))"
        case .badTTL(let text):
            return "\(WeatherSettings.ttlVariable) \(typed(text)) is not a number of minutes"
        case .badConcurrency(let text):
            return "\(WeatherSettings.concurrencyVariable) \(typed(text)) is not a number from 1 to 256"
        case .missingKey(let variable):
            let provider = WeatherProviders.all.first { $0.keyVariable == variable }?.credit ?? variable
            let keyless = WeatherProviders.default.name
            return "\(provider) needs an API key: set \(variable) (or use --provider \(keyless), which needs none)"
        case .badContact(let variable):
            return "\(variable) must be an e-mail address or a URL in plain ASCII, at most 200 characters, without parentheses"
        case .badURL(let variable, let value):
            return "\(variable) \(typed(value)) is not an http(s) URL"
        }
    }

    package func message(_ error: ConfigError) -> String {
        switch error {
        case .unknownKey(let name?):
            return "there is no setting \(quoted(name)); the settings are \(Self.configKeys)"
        case .unknownKey(nil):
            return "there is no such setting (what was typed is not repeated: it could be a key); the settings are \(Self.configKeys)"
        case .badValue(let key, let value, let allowed):
            // The time to live is in minutes: said in the language, the range alone comes from the rule.
            let unit = key == .ttl ? " minutes" : ""
            let given = value.map { quoted($0) } ?? "what was typed (not repeated: it could be a key)"
            return "\(key.rawValue) cannot be \(given): use \(allowed)\(unit)"
        case .secret(let name):
            let variables = WeatherProviders.all.compactMap(\.keyVariable).joined(separator: ", ")
            return "\(quoted(name)) is never stored: set \(variables) in the environment"
        }
    }

    package func message(_ error: ImportError) -> String {
        switch error {
        case .tooLarge(_, let maximum):
            return "the file is larger than \(maximum / 1_048_576) MB; an export never is"
        case .notText: return "the file is not UTF-8 text"
        case .notJSON(let field?): return "the file is not a valid export: \(field) cannot be read"
        case .notJSON(nil): return "the file is not valid JSON"
        case .notAnExport:
            return "the file is not a forecast export (no \"format\": \"\(PlaceExport.formatName)\" with a version)"
        case .unknownVersion(let version):
            return "the file is version \(version); this forecast reads version \(PlaceExport.currentVersion) (a newer forecast wrote it?)"
        case .csv(.unclosedQuote(let record)):
            return "CSV record \(record): a quoted field is never closed"
        case .csv(.strayQuote(let record)):
            return "CSV record \(record): a quote in the middle of a field"
        case .badHeader:
            let expected = PlaceExport.csvHeader.joined(separator: ",")
            return "the file is not a forecast export: neither its JSON nor CSV starting with the header '\(expected)'"
        case .tooManyPlaces(let maximum):
            return "the file holds more than \(maximum) places; an export never does"
        case .empty: return "the file is empty"
        case .setting(_, .notSettings):
            return #"the file's "settings" are not settings as an export writes them (an object such as {"temperatureUnit": "celsius"})"#
        case .setting(let key, .invalid(let value, let allowed)):
            let given = value.map { " cannot be \(quoted($0))" } ?? " has a value it cannot take"
            return "the file's setting \(key)\(given)" + (allowed.map { ": use \($0)" } ?? "")
        case .row(let row, let problem):
            let what: String = switch problem {
            case .missing(let field): "\(field) is missing"
            case .wrongType(let field): "\(field) has the wrong type"
            case .columns(let found, let expected): "\(found) fields, expected \(expected)"
            case .input(let error): message(error)
            case .badTimeZone(let zone): "\(quoted(zone)) is not a time zone"
            case .badCountry(let code): "\(quoted(code)) is not a country code"
            case .badRegion: "the region has characters that cannot be kept"
            case .badGeonamesID(let id): "\(quoted(id)) is not a GeoNames id"
            case .notJSON: "not valid JSON"
            }
            return "row \(row): " + what + "; nothing was imported"
        }
    }

    package func message(_ error: PlaceLookupError) -> String {
        switch error {
        case .onlineLookupFailed(let query, let failure, let suggestion):
            "no place called \(quoted(query)) in the built-in gazetteer, and the online lookup failed (\(weatherError(failure)))"
                + (suggestion.map { "; did you mean \(quoted($0))?" } ?? "")
        case .unknownLocalZone:
            "cannot tell this computer's time zone (no $TZ, no /etc/localtime link); use --lat and --lon"
        case .unreadableZoneTable(let path):
            "cannot read \(SafeText.clean(path)) (install tzdata); use --lat and --lon"
        case .zoneWithoutCity(let zone):
            "the time zone \(quoted(zone)) has no city to go by; use --lat and --lon"
        }
    }

    package func message(_ error: StoreError) -> String {
        switch error {
        case .notADatabase(let path):
            "\(path) is not a SQLite database; it was left untouched (use --db to choose another file)"
        case .foreignDatabase(let path):
            "\(path) is a SQLite database but not one of forecast's; it was left untouched (use --db to choose another file)"
        case .newerSchema(let path, let found, let known):
            "\(path) was written by a newer forecast (schema \(found), this one knows up to \(known)); upgrade forecast to use it. The file was left untouched"
        case .cannotOpen(let path, let reason):
            "cannot open database \(path): \(reason)"
        case .replaced(let path):
            "the database was replaced or deleted while forecast had it open (\(path)); nothing was written to it, and the file now there is used from here on (try again)"
        case .diskFull(let path):
            "cannot create database \(path): the disk is full; nothing was left behind (free some space, or use --db for a file on another disk)"
        case .cannotWrite(let path, let reason):
            "cannot write database \(path) (it can only be read): \(reason)"
        case .damagedInTheWay(let place):
            "that place is saved in row \(place.id), which cannot be read (its \(place.column) is not valid); 'forecast remove --damaged' removes it"
        case .busy:
            "the database was busy: another forecast kept it locked for longer than this could wait"
        case .failed(let reason):
            "database error: \(reason)"
        }
    }

    /// "--where 'rain>=x': expected a number at 'x' (character 7)".
    package func filterProblem(_ text: String, _ error: FilterExpression.ParseError) -> String {
        let fields = WeatherField.compared.map(\.comparedName).joined(separator: ", ")
        let what: String = switch error.problem {
        case .unknownField(let name): "\(name) is not a field; the fields are \(fields)"
        case .expectedField: "expected a field (\(fields))"
        case .expectedComparison: "expected <, <=, >, >=, = or !="
        case .expectedNumber: "expected a number"
        case .expectedAndOr: "expected 'and', 'or' or the end"
        case .unclosedParenthesis: "this parenthesis is never closed"
        case .tooDeep(let maximum):
            "parentheses and 'not' nest more than \(maximum) deep"
        case .tooLong(let maximum):
            "more than \(maximum) comparisons in one expression"
        case .unexpectedCharacter: "this character cannot be used"
        }
        let token = error.token.isEmpty
            ? "at the end"
            : "at '\(error.token)' (character \(error.position))"
        return "--where '\(SafeText.quoted(text))', \(token): \(what)"
    }

    package func usage(_ problem: UsageProblem) -> String {
        switch problem {
        case .language: "--lang must be \(Self.languageCodes(or: "or"))"
        case .removeWhat: "give the places to remove, or --damaged (one or the other)"
        case .refreshAndOffline: "--refresh and --offline cannot be used together"
        case .concurrency: "--concurrency must be between 1 and 256"
        case .timeout: "--timeout must be more than 0 and at most 300 seconds"
        case .ttl: "--ttl must be 0 or more minutes"
        case .rateLimit: "--rate-limit must be at least 1 call a minute"
        case .batchSize: "--batch-size must be between 1 and 100"
        case .nextAndPrevious: "--next and --previous cannot be used together"
        case .briefAndFull: "--brief and --full cannot be used together: one screen, or everything"
        case .placeAndPaging: "give a place or --next/--previous, not both"
        case .unsetAndKey: "give --unset KEY, or KEY [VALUE], not both"
        case .days(let days): "--days must be between 1 and 7, not \(days)"
        case .hours(let hours): "--hours must be between 1 and 48, not \(hours)"
        case .hereTakesNothing: "--here takes no name, coordinates, --pick or --country"
        case .nameAndCoordinates: "give either a name or --lat and --lon, not both"
        case .latitudeAndLongitude: "--lat and --lon go together: give both"
        case .pickWithCoordinates: "--pick and --country apply to names, not coordinates"
        case .nameOrCoordinates: "give a place name, or --lat and --lon"
        case .pickFromOne(let pick): "--pick counts from 1, not \(pick)"
        case .limit(let limit): "--limit must be between 1 and 100, not \(limit)"
        case .templateNeedsLine: "--template goes with --format line"
        case .templateField(let name):
            "--template has no field '\(SafeText.quoted(name))'; the fields are \(Self.fieldList)"
        case .templateUnclosed(let text):
            "--template has an unclosed '\(SafeText.quoted(text))'; write fields as {name}"
        case .descendingNeedsKey:
            "--descending needs a sort key, e.g. 'forecast sort name --descending'"
        case .unknownCommand(let word, let suggestion?):
            "\(quoted(word)) is not a forecast command; did you mean '\(suggestion)'? (see 'forecast --help')"
        case .unknownCommand(let word, nil):
            "\(quoted(word)) is not a forecast command (see 'forecast --help')"
        case .notDecimal(let option, let typed?):
            "\(option) takes a number written in decimal digits, such as 10 or 2.5, not \(quoted(typed))"
        case .notDecimal(let option, nil):
            "\(option) takes a number written in decimal digits, such as 10 or 2.5 \(self.typed(nil))"
        }
    }

    /// The argument parser's own complaint (it writes English), in the user's
    /// language where its shape is known; as it is otherwise.
    package func parserMessage(_ english: String) -> String { english }
}
