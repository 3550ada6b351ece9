import ForecastCore
import ForecastKit
import ForecastProviders

/// The libraries' typed errors, in words: the only place they become text.
extension Words {
    package func field(_ field: InputError.Field) -> String {
        switch field {
        case .name: say("name", "이름")
        case .label: say("label", "표시 이름")
        case .searchText: say("search text", "검색어")
        case .latitude: say("latitude", "위도")
        case .longitude: say("longitude", "경도")
        case .position: say("position", "위치")
        }
    }

    /// A Korean word with its subject particle: 이 after a final consonant, 가 after
    /// a vowel; 이(가) when the word does not end in a Hangul syllable.
    package func subject(_ word: String) -> String {
        guard let last = word.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else { return word + "이(가)" }
        return word + ((last.value - 0xAC00) % 28 == 0 ? "가" : "이")
    }

    package func message(_ error: InputError) -> String {
        switch error {
        case .empty(let what):
            return say("\(field(what)) is empty", "\(subject(field(what))) 비어 있습니다")
        case .unsafeCharacters(let what, let text):
            return say("\(field(what)) \(quoted(text)) contains control or text-direction characters",
                       "\(field(what)) \(quoted(text))에 제어 문자나 방향 제어 문자가 있습니다")
        case .invisible(let what):
            return say("\(field(what)) has nothing visible in it", "\(field(what))에 보이는 글자가 없습니다")
        case .numericLabel(let text):
            return say("a label cannot be a number (\(quoted(text))): numbers pick places by their position in the list",
                       "이름표는 숫자일 수 없습니다 (\(quoted(text))): 숫자는 목록의 순서로 장소를 고릅니다")
        case .tooLong(let what, let length, let maximum):
            return say("\(field(what)) is too long (\(length) characters; at most \(maximum))",
                       "\(field(what))이(가) 너무 깁니다 (\(length)자, 최대 \(maximum)자)")
        case .notANumber(let what, let text):
            return say("\(field(what)) \(quoted(text)) is not a number", "\(field(what)) \(quoted(text))은(는) 숫자가 아닙니다")
        case .latitudeOutOfRange(let value):
            return say("latitude \(Coordinate.format(value)) is out of range: it must be between -90 and 90",
                       "위도 \(Coordinate.format(value))은(는) 범위를 벗어났습니다: -90에서 90 사이여야 합니다")
        case .longitudeOutOfRange(let value):
            return say("longitude \(Coordinate.format(value)) is out of range: it must be between -180 and 180",
                       "경도 \(Coordinate.format(value))은(는) 범위를 벗어났습니다: -180에서 180 사이여야 합니다")
        case .nothingSaved:
            return say("no places are saved yet: add one with 'forecast add <name>'",
                       "저장된 장소가 없습니다: 'forecast add <이름>'으로 추가하세요")
        case .positionOutOfRange(let position, let count):
            return say("position \(position) is out of range: there \(count == 1 ? "is 1 place" : "are \(count) places")",
                       "\(position)번은 범위를 벗어났습니다: 저장된 장소는 \(count)곳입니다")
        case .noSavedMatch(let text):
            return say("no saved place matches \(quoted(text)): see 'forecast list'",
                       "\(quoted(text))에 맞는 저장된 장소가 없습니다: 'forecast list'를 보세요")
        case .ambiguousReference(let text, let matches):
            let names = matches.map { "\($0.position) \(SafeText.clean($0.name))" }.joined(separator: ", ")
            return say("\(quoted(text)) matches \(matches.count) saved places (\(names)): use a position or a longer name",
                       "\(quoted(text))에 맞는 저장된 장소가 \(matches.count)곳입니다 (\(names)): 번호나 더 긴 이름을 쓰세요")
        case .pickOutOfRange(let pick, let candidates):
            return say("--pick \(pick) is out of range: there \(candidates == 1 ? "is 1 candidate" : "are \(candidates) candidates")",
                       "--pick \(pick)은(는) 범위를 벗어났습니다: 후보는 \(candidates)곳입니다")
        case .badCountryCode(let text):
            return say("--country takes a two-letter ISO code such as KR or US, not \(quoted(text))",
                       "--country에는 KR, US 같은 두 글자 ISO 코드를 쓰세요 (\(quoted(text))은(는) 아닙니다)")
        case .notFound(let query, let country):
            let within = country.map { say(" in \($0.uppercased())", " (\($0.uppercased()))") } ?? ""
            return say("no place called \(quoted(query))\(within), in the gazetteer or online; check the spelling, or add it with --lat and --lon",
                       "\(quoted(query))\(within)(이)라는 곳을 지명 사전에서도 온라인에서도 찾지 못했습니다: 철자를 확인하거나 --lat, --lon으로 추가하세요")
        case .notInGazetteer(let query, let country):
            let within = country.map { say(" in \($0.uppercased())", " (\($0.uppercased()))") } ?? ""
            return say("no place called \(quoted(query))\(within) in the gazetteer, and --offline asks nothing online",
                       "\(quoted(query))\(within)(이)라는 곳이 지명 사전에 없고, --offline이라 온라인에서 찾지 않았습니다")
        }
    }

    package func message(_ error: SettingsError) -> String {
        switch error {
        case .unknownProvider(let name):
            return say("\(WeatherSettings.providerVariable) \(quoted(name)) is not a provider: use \(Self.providerNames(or: "or"))",
                "\(WeatherSettings.providerVariable) \(quoted(name))은(는) 알 수 없는 서비스입니다: \(Self.providerNames(or: "또는")) 중에서 쓰세요")
        case .badLanguage(let text):
            return say("FORECAST_LANG \(quoted(text)) is not a language forecast speaks: use en or ko",
                "FORECAST_LANG \(quoted(text))은(는) 지원하지 않는 언어입니다: en이나 ko를 쓰세요")
        case .badTTL(let text):
            return say("\(WeatherSettings.ttlVariable) \(quoted(text)) is not a number of minutes",
                "\(WeatherSettings.ttlVariable) \(quoted(text))은(는) 분 단위 숫자가 아닙니다")
        case .badConcurrency(let text):
            return say("\(WeatherSettings.concurrencyVariable) \(quoted(text)) is not a number from 1 to 256",
                "\(WeatherSettings.concurrencyVariable) \(quoted(text))은(는) 1에서 256 사이의 숫자가 아닙니다")
        case .missingKey(let variable):
            let provider = WeatherProviders.all.first { $0.keyVariable == variable }?.credit ?? variable
            let keyless = WeatherProviders.default.name
            return say("\(provider) needs an API key: set \(variable) (or use --provider \(keyless), which needs none)",
                "\(provider)에는 API 키가 필요합니다: \(variable)을(를) 설정하세요 (키가 필요 없는 --provider \(keyless)도 있습니다)")
        case .badContact(let variable):
            return say("\(variable) must be an e-mail address or a URL in plain ASCII, at most 200 characters, without parentheses",
                "\(variable)에는 200자 이하의 ASCII 전자 우편 주소나 URL을 괄호 없이 쓰세요")
        case .badURL(let variable, let value):
            return say("\(variable) \(quoted(value)) is not an http(s) URL", "\(variable) \(quoted(value))은(는) http(s) URL이 아닙니다")
        }
    }

    /// "open-meteo, openweathermap or …".
    package static func providerNames(or word: String) -> String {
        Phrases.listed(WeatherProviders.names, word)
    }

    package func message(_ error: ConfigError) -> String {
        switch error {
        case .unknownKey(let name):
            return say("there is no setting \(quoted(name)); the settings are \(Self.configKeys)",
                "\(quoted(name))(이)라는 설정은 없습니다. 설정: \(Self.configKeys)")
        case .badValue(let key, let value, let allowed):
            // The time to live is in minutes: said in the language, the range alone comes from the rule.
            let unit = key == .ttl ? say(" minutes", "분") : ""
            return say("\(key.rawValue) cannot be \(quoted(value)): use \(allowed)\(unit)", "\(key.rawValue)에 \(quoted(value))은(는) 쓸 수 없습니다: \(allowed)\(unit)")
        case .secret(let name):
            let variables = WeatherProviders.all.compactMap(\.keyVariable).joined(separator: ", ")
            return say("\(quoted(name)) is never stored: set \(variables) in the environment",
                "\(quoted(name))은(는) 저장하지 않습니다: 환경 변수 \(variables)에 두세요")
        }
    }

    package func message(_ error: ImportError) -> String {
        switch error {
        case .tooLarge(_, let maximum):
            return say("the file is larger than \(maximum / 1_048_576) MB; an export never is",
                       "파일이 \(maximum / 1_048_576) MB보다 큽니다. 내보낸 파일은 그렇게 크지 않습니다")
        case .notText: return say("the file is not UTF-8 text", "파일이 UTF-8 텍스트가 아닙니다")
        case .notJSON(let field?): return say("the file is not a valid export: \(field) cannot be read", "올바른 내보내기 파일이 아닙니다: \(field)을(를) 읽을 수 없습니다")
        case .notJSON(nil): return say("the file is not valid JSON", "파일이 올바른 JSON이 아닙니다")
        case .notAnExport:
            return say("the file is not a forecast export (no \"format\": \"\(PlaceExport.formatName)\" with a version)",
                       "forecast에서 내보낸 파일이 아닙니다 (\"format\": \"\(PlaceExport.formatName)\"과 version이 없습니다)")
        case .unknownVersion(let version):
            return say("the file is version \(version); this forecast reads version \(PlaceExport.currentVersion) (a newer forecast wrote it?)",
                       "파일 버전이 \(version)입니다. 이 forecast는 버전 \(PlaceExport.currentVersion)만 읽습니다 (더 새 forecast가 쓴 파일인가요?)")
        case .csv(.unclosedQuote(let record)):
            return say("CSV record \(record): a quoted field is never closed", "CSV \(record)번째 줄: 따옴표가 닫히지 않았습니다")
        case .csv(.strayQuote(let record)):
            return say("CSV record \(record): a quote in the middle of a field", "CSV \(record)번째 줄: 필드 중간에 따옴표가 있습니다")
        case .badHeader:
            let expected = PlaceExport.csvHeader.joined(separator: ",")
            return say("the file is not a forecast export: neither its JSON nor CSV starting with the header '\(expected)'",
                       "forecast에서 내보낸 파일이 아닙니다: 그 JSON도, 머리글 '\(expected)'로 시작하는 CSV도 아닙니다")
        case .tooManyPlaces(let maximum):
            return say("the file holds more than \(maximum) places; an export never does",
                       "파일에 장소가 \(maximum)곳보다 많습니다. 내보낸 파일은 그렇지 않습니다")
        case .empty: return say("the file is empty", "파일이 비어 있습니다")
        case .setting(let key, let value):
            return say("the file's setting \(key) cannot be \(quoted(value))", "파일의 설정 \(key)에 \(quoted(value))은(는) 쓸 수 없습니다")
        case .row(let row, let problem):
            let what: String = switch problem {
            case .missing(let field): say("\(field) is missing", "\(field)이(가) 없습니다")
            case .wrongType(let field): say("\(field) has the wrong type", "\(field)의 형식이 틀렸습니다")
            case .columns(let found, let expected): say("\(found) fields, expected \(expected)", "필드가 \(found)개입니다. \(expected)개여야 합니다")
            case .input(let error): message(error)
            case .badTimeZone(let zone): say("\(quoted(zone)) is not a time zone", "\(quoted(zone))은(는) 시간대가 아닙니다")
            case .badCountry(let code): say("\(quoted(code)) is not a country code", "\(quoted(code))은(는) 나라 코드가 아닙니다")
            case .badRegion: say("the region has characters that cannot be kept", "지역에 저장할 수 없는 문자가 있습니다")
            case .badGeonamesID(let id): say("\(quoted(id)) is not a GeoNames id", "\(quoted(id))은(는) GeoNames id가 아닙니다")
            case .notJSON: say("not valid JSON", "올바른 JSON이 아닙니다")
            }
            return say("row \(row): ", "\(row)번째 장소: ") + what + say("; nothing was imported", ". 아무것도 가져오지 않았습니다")
        }
    }

    package static let configKeys = ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")

    package func message(_ error: PlaceLookupError) -> String {
        switch error {
        case .onlineLookupFailed(let query, let failure):
            say("no place called \(quoted(query)) in the built-in gazetteer, and the online lookup failed (\(weatherError(failure)))",
                "내장 지명 사전에 \(quoted(query))(이)가 없고 온라인 검색도 실패했습니다 (\(weatherError(failure)))")
        case .unknownLocalZone:
            say("cannot tell this computer's time zone (no $TZ, no /etc/localtime link); use --lat and --lon",
                "이 컴퓨터의 시간대를 알 수 없습니다 ($TZ도 /etc/localtime 링크도 없음): --lat, --lon을 쓰세요")
        case .unreadableZoneTable(let path):
            say("cannot read \(SafeText.clean(path)) (install tzdata); use --lat and --lon",
                "\(SafeText.clean(path))을(를) 읽을 수 없습니다 (tzdata를 설치하세요): --lat, --lon을 쓰세요")
        case .zoneWithoutCity(let zone):
            say("the time zone \(quoted(zone)) has no city to go by; use --lat and --lon",
                "시간대 \(quoted(zone))에 해당하는 도시가 없습니다: --lat, --lon을 쓰세요")
        }
    }

    package func message(_ error: StoreError) -> String {
        switch error {
        case .notADatabase(let path):
            say("\(path) is not a SQLite database; it was left untouched (use --db to choose another file)",
                "\(path)은(는) SQLite 데이터베이스가 아닙니다. 손대지 않았습니다 (--db로 다른 파일을 고르세요)")
        case .foreignDatabase(let path):
            say("\(path) is a SQLite database but not one of forecast's; it was left untouched (use --db to choose another file)",
                "\(path)은(는) forecast의 데이터베이스가 아닙니다. 손대지 않았습니다 (--db로 다른 파일을 고르세요)")
        case .newerSchema(let path, let found, let known):
            say("\(path) was written by a newer forecast (schema \(found), this one knows up to \(known)); upgrade forecast to use it. The file was left untouched",
                "\(path)은(는) 더 새로운 forecast가 만든 파일입니다 (스키마 \(found), 이 버전은 \(known)까지). forecast를 업그레이드하세요. 파일은 손대지 않았습니다")
        case .cannotOpen(let path, let reason):
            say("cannot open database \(path): \(reason)", "데이터베이스 \(path)을(를) 열 수 없습니다: \(reason)")
        case .cannotWrite(let path, let reason):
            say("cannot write database \(path) (it can only be read): \(reason)", "데이터베이스 \(path)에 쓸 수 없습니다 (읽기만 됩니다): \(reason)")
        case .damagedInTheWay(let place):
            say("that place is saved in row \(place.id), which cannot be read (its \(place.column) is not valid); 'forecast remove --damaged' removes it",
                "그 장소는 읽을 수 없는 \(place.id)번 행에 저장되어 있습니다 (\(place.column) 값이 올바르지 않음). 'forecast remove --damaged'로 지울 수 있습니다")
        case .busy:
            say("the database was busy: another forecast kept it locked for longer than this could wait",
                "데이터베이스가 사용 중이었습니다: 다른 forecast가 기다릴 수 있는 시간보다 오래 잠가 두었습니다")
        case .failed(let reason):
            say("database error: \(reason)", "데이터베이스 오류: \(reason)")
        }
    }
}
