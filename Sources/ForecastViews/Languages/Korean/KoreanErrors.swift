import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What went wrong, in Korean: the words of `ErrorWords`.
extension Korean {
    package func field(_ field: InputError.Field) -> String {
        switch field {
        case .name: "이름"
        case .label: "표시 이름"
        case .searchText: "검색어"
        case .latitude: "위도"
        case .longitude: "경도"
        case .position: "위치"
        }
    }

    /// A Korean word with its subject particle: 이 after a final consonant, 가 after a vowel.
    private func subject(_ word: String) -> String { word + Self.josa(word, .iGa) }

    /// A particle whose form follows the sound it comes after.
    package enum Josa {
        case iGa, eunNeun, eulReul, euro, ira, gwaWa

        /// After a final consonant, after a vowel, and both (when the sound is not known).
        var forms: (final: String, vowel: String, both: String) {
            switch self {
            case .iGa: ("이", "가", "이(가)")
            case .eunNeun: ("은", "는", "은(는)")
            case .eulReul: ("을", "를", "을(를)")
            case .euro: ("으로", "로", "(으)로")
            case .ira: ("이라", "라", "(이)라")
            case .gwaWa: ("과", "와", "과(와)")
            }
        }
    }

    /// The form of `particle` that follows `text` as it is read aloud: from a
    /// Hangul syllable's final consonant (서울이, 부산은, 서울로: ㄹ takes 로);
    /// a digit as read (1 일, 3 삼: final; 2 이: none); a Latin word by its last
    /// letters as Korean readers say it (Seoul → 서울, ends in ㄹ; London, Rome,
    /// Hong Kong end in a consonant; Paris, Tokyo, m/s, hPa in a vowel).
    /// Quotes, brackets and closing punctuation around it are looked through;
    /// anything else keeps both forms ("을(를)").
    package static func josa(_ value: some CustomStringConvertible, _ particle: Josa) -> String {
        let forms = particle.forms
        let word = value.description.trimmingCharacters(in: CharacterSet(charactersIn: "'\"‘’“”()[]{} .,:;!?…"))
        guard let last = word.unicodeScalars.last else { return forms.both }
        // (final consonant, whether it is ㄹ): (으)로 takes 로 after ㄹ as after a vowel.
        let sound: (final: Bool, rieul: Bool)?
        switch last.value {
        case 0xAC00...0xD7A3:
            let coda = (last.value - 0xAC00) % 28
            sound = (coda != 0, coda == 8)
        case 0x30...0x39:
            let digit = last.value - 0x30
            sound = ([0, 1, 3, 6, 7, 8].contains(digit), [1, 7, 8].contains(digit))
        case 0x41...0x5A, 0x61...0x7A:
            let lower = word.lowercased()
            if lower.hasSuffix("l") { sound = (true, true) }
            else if lower.hasSuffix("m") || lower.hasSuffix("n") || lower.hasSuffix("ng") || lower.hasSuffix("k") { sound = (true, false) }
            else { sound = (false, false) }
        default:
            sound = nil
        }
        guard let sound else { return forms.both }
        if particle == .euro && sound.rieul { return forms.vowel }
        return sound.final ? forms.final : forms.vowel
    }

    package func message(_ error: InputError) -> String {
        switch error {
        case .empty(let what):
            return "\(subject(field(what))) 비어 있습니다"
        case .unsafeCharacters(let what, let text):
            return "\(field(what)) \(quoted(text))에 제어 문자나 방향 제어 문자가 있습니다"
        case .invisible(let what):
            return "\(field(what))에 보이는 글자가 없습니다"
        case .numericLabel(let text):
            return "이름표는 숫자일 수 없습니다 (\(quoted(text))): 숫자는 목록의 순서로 장소를 고릅니다"
        case .addressLabel(let text):
            return "이름표는 '#'과 숫자로 끝날 수 없습니다 (\(quoted(text))): 이름이 같은 장소를 그렇게 구별합니다"
        case .tooLong(let what, let length, let maximum):
            return "\(field(what))\(Self.josa(field(what), .iGa)) 너무 깁니다 (\(length)자, 최대 \(maximum)자)"
        case .notANumber(let what, let text):
            return "\(field(what)) \(quoted(text))\(Self.josa(quoted(text), .eunNeun)) 숫자가 아닙니다"
        case .latitudeOutOfRange(let value):
            return "위도 \(Coordinate.format(value, beyond: 90))\(Self.josa(Coordinate.format(value, beyond: 90), .eunNeun)) 범위를 벗어났습니다: -90에서 90 사이여야 합니다"
        case .longitudeOutOfRange(let value):
            return "경도 \(Coordinate.format(value, beyond: 180))\(Self.josa(Coordinate.format(value, beyond: 180), .eunNeun)) 범위를 벗어났습니다: -180에서 180 사이여야 합니다"
        case .nothingSaved:
            return "저장된 장소가 없습니다: 'forecast add <이름>'으로 추가하세요"
        case .positionOutOfRange(let position, let count):
            return "\(position)번은 범위를 벗어났습니다: 저장된 장소는 \(count)곳입니다"
        case .noSavedMatch(let text):
            return "\(quoted(text))에 맞는 저장된 장소가 없습니다: 'forecast list'를 보세요"
        case .noSuchAddress(let text, let matches):
            return "\(quoted(text))\(Self.josa(quoted(text), .ira))는 저장된 장소는 (더는) 없습니다. 그 이름의 장소: " + matches.map(match).joined(separator: ", ")
        case .ambiguousReference(let text, let matches):
            let names = matches.map(match).joined(separator: ", ")
            if let first = matches.first?.address, matches.allSatisfy({ $0.address != nil }) {
                return "\(quoted(text))\(Self.josa(quoted(text), .ira))는 저장된 장소가 \(matches.count)곳입니다 (\(names)): 번호나 '\(SafeText.quoted(first))'처럼 이름#번호를 쓰세요"
            }
            return "\(quoted(text))에 맞는 저장된 장소가 \(matches.count)곳입니다 (\(names)): 번호나 더 긴 이름을 쓰세요"
        case .pickOutOfRange(let pick, let candidates):
            return "--pick \(pick)\(Self.josa(pick, .eunNeun)) 범위를 벗어났습니다: 후보는 \(candidates)곳입니다"
        case .badCountryCode(let text):
            return "\(quoted(text))\(Self.josa(quoted(text), .eunNeun)) 나라 코드가 아닙니다: KR, US 같은 두 글자 ISO 코드(쉼표 뒤에는 나라 이름도)를 쓰세요"
        case .notFound(let query, let country, let suggestion):
            let within = country.map { " (\($0.uppercased()))" } ?? ""
            if let suggestion { return "\(quoted(query))\(within)\(Self.josa(quoted(query) + within, .ira))는 곳을 지명 사전에서도 온라인에서도 찾지 못했습니다. \(quoted(suggestion))\(Self.josa(quoted(suggestion), .eulReul)) 찾으셨나요?" }
            return "\(quoted(query))\(within)\(Self.josa(quoted(query) + within, .ira))는 곳을 지명 사전에서도 온라인에서도 찾지 못했습니다: 철자를 확인하거나 --lat, --lon으로 추가하세요"
        case .notInGazetteer(let query, let country, let suggestion):
            let within = country.map { " (\($0.uppercased()))" } ?? ""
            let meant = suggestion.map { ". \(quoted($0))\(Self.josa(quoted($0), .eulReul)) 찾으셨나요?" } ?? ""
            return "\(quoted(query))\(within)\(Self.josa(quoted(query) + within, .ira))는 곳이 지명 사전에 없고, --offline이라 온라인에서 찾지 않았습니다\(meant)"
        }
    }

    /// 환경 변수의 값을 따옴표로, 또는 다시 보여 주지 않는 까닭을.
    func typed(_ text: String?) -> String { text.map { quoted($0) } ?? "(키일 수 있어 값을 다시 보여 주지 않습니다)" }

    package func message(_ error: SettingsError) -> String {
        switch error {
        case .unknownProvider(let name):
            return "\(WeatherSettings.providerVariable) \(typed(name))\(Self.josa(typed(name), .eunNeun)) 알 수 없는 서비스입니다: \(Self.providerNames(or: "또는")) 중에서 쓰세요"
        case .badLanguage(let text):
            return "FORECAST_LANG \(typed(text))\(Self.josa(typed(text), .eunNeun)) 지원하지 않는 언어입니다: \(Self.languageCodes(or: "또는")) 중에서 쓰세요"
        case .badTTL(let text):
            return "\(WeatherSettings.ttlVariable) \(typed(text))\(Self.josa(typed(text), .eunNeun)) 분 단위 숫자가 아닙니다"
        case .badConcurrency(let text):
            return "\(WeatherSettings.concurrencyVariable) \(typed(text))\(Self.josa(typed(text), .eunNeun)) 1에서 256 사이의 숫자가 아닙니다"
        case .missingKey(let variable):
            let provider = WeatherProviders.all.first { $0.keyVariable == variable }?.credit ?? variable
            let keyless = WeatherProviders.default.name
            return "\(provider)에는 API 키가 필요합니다: \(variable)\(Self.josa(variable, .eulReul)) 설정하세요 (키가 필요 없는 --provider \(keyless)도 있습니다)"
        case .badContact(let variable):
            return "\(variable)에는 200자 이하의 ASCII 전자 우편 주소나 URL을 괄호 없이 쓰세요"
        case .badURL(let variable, let value):
            return "\(variable) \(typed(value))\(Self.josa(typed(value), .eunNeun)) http(s) URL이 아닙니다"
        }
    }

    package func message(_ error: ConfigError) -> String {
        switch error {
        case .unknownKey(let name?):
            return "\(quoted(name))\(Self.josa(quoted(name), .ira))는 설정은 없습니다. 설정: \(Self.configKeys)"
        case .unknownKey(nil):
            return "그런 설정은 없습니다(입력한 값은 키일 수 있어 다시 보여 주지 않습니다). 설정: \(Self.configKeys)"
        case .badValue(let key, let value?, let allowed):
            // The time to live is in minutes: said in the language, the range alone comes from the rule.
            let unit = key == .ttl ? "분" : ""
            return "\(key.rawValue)에 \(quoted(value))\(Self.josa(quoted(value), .eunNeun)) 쓸 수 없습니다: \(allowed)\(unit)"
        case .badValue(let key, nil, let allowed):
            let unit = key == .ttl ? "분" : ""
            return "\(key.rawValue)에 입력한 값은 쓸 수 없습니다(키일 수 있어 다시 보여 주지 않습니다): \(allowed)\(unit)"
        case .secret(let name):
            let variables = WeatherProviders.all.compactMap(\.keyVariable).joined(separator: ", ")
            return "\(quoted(name))\(Self.josa(quoted(name), .eunNeun)) 저장하지 않습니다: 환경 변수 \(variables)에 두세요"
        }
    }

    package func message(_ error: ImportError) -> String {
        switch error {
        case .tooLarge(_, let maximum):
            return "파일이 \(maximum / 1_048_576) MB보다 큽니다. 내보낸 파일은 그렇게 크지 않습니다"
        case .notText: return "파일이 UTF-8 텍스트가 아닙니다"
        case .notJSON(let field?): return "올바른 내보내기 파일이 아닙니다: \(field)\(Self.josa(field, .eulReul)) 읽을 수 없습니다"
        case .notJSON(nil): return "파일이 올바른 JSON이 아닙니다"
        case .notAnExport:
            return "forecast에서 내보낸 파일이 아닙니다 (\"format\": \"\(PlaceExport.formatName)\"과 version이 없습니다)"
        case .unknownVersion(let version):
            return "파일 버전이 \(version)입니다. 이 forecast는 버전 \(PlaceExport.currentVersion)만 읽습니다 (더 새 forecast가 쓴 파일인가요?)"
        case .csv(.unclosedQuote(let record)):
            return "CSV \(record)번째 줄: 따옴표가 닫히지 않았습니다"
        case .csv(.strayQuote(let record)):
            return "CSV \(record)번째 줄: 필드 중간에 따옴표가 있습니다"
        case .badHeader:
            let expected = PlaceExport.csvHeader.joined(separator: ",")
            return "forecast에서 내보낸 파일이 아닙니다: 그 JSON도, 머리글 '\(expected)'로 시작하는 CSV도 아닙니다"
        case .tooManyPlaces(let maximum):
            return "파일에 장소가 \(maximum)곳보다 많습니다. 내보낸 파일은 그렇지 않습니다"
        case .empty: return "파일이 비어 있습니다"
        case .setting(_, .notSettings):
            return #"파일의 "settings"가 내보내기 파일의 설정 형식이 아닙니다({"temperatureUnit": "celsius"} 같은 객체여야 합니다)"#
        case .setting(let key, .invalid(let value, let allowed)):
            let given = value.map { "\(quoted($0))\(Self.josa(quoted($0), .eunNeun)) 쓸 수 없습니다" } ?? "쓸 수 없는 값이 있습니다"
            return "파일의 설정 \(key)에 \(given)" + (allowed.map { ": \($0)" } ?? "")
        case .row(let row, let problem):
            let what: String = switch problem {
            case .missing(let field): "\(field)\(Self.josa(field, .iGa)) 없습니다"
            case .wrongType(let field): "\(field)의 형식이 틀렸습니다"
            case .columns(let found, let expected): "필드가 \(found)개입니다. \(expected)개여야 합니다"
            case .input(let error): message(error)
            case .badTimeZone(let zone): "\(quoted(zone))\(Self.josa(quoted(zone), .eunNeun)) 시간대가 아닙니다"
            case .badCountry(let code): "\(quoted(code))\(Self.josa(quoted(code), .eunNeun)) 나라 코드가 아닙니다"
            case .badRegion: "지역에 저장할 수 없는 문자가 있습니다"
            case .badGeonamesID(let id): "\(quoted(id))\(Self.josa(quoted(id), .eunNeun)) GeoNames id가 아닙니다"
            case .notJSON: "올바른 JSON이 아닙니다"
            }
            return "\(row)번째 장소: " + what + ". 아무것도 가져오지 않았습니다"
        }
    }

    package func message(_ error: PlaceLookupError) -> String {
        switch error {
        case .onlineLookupFailed(let query, let failure, let suggestion):
            "내장 지명 사전에 \(quoted(query))\(Self.josa(quoted(query), .iGa)) 없고 온라인 검색도 실패했습니다 (\(weatherError(failure)))"
                + (suggestion.map { ". \(quoted($0))\(Self.josa(quoted($0), .eulReul)) 찾으셨나요?" } ?? "")
        case .unknownLocalZone:
            "이 컴퓨터의 시간대를 알 수 없습니다 ($TZ도 /etc/localtime 링크도 없음): --lat, --lon을 쓰세요"
        case .unreadableZoneTable(let path):
            "\(SafeText.clean(path))\(Self.josa(SafeText.clean(path), .eulReul)) 읽을 수 없습니다 (tzdata를 설치하세요): --lat, --lon을 쓰세요"
        case .zoneWithoutCity(let zone):
            "시간대 \(quoted(zone))에 해당하는 도시가 없습니다: --lat, --lon을 쓰세요"
        }
    }

    package func message(_ error: StoreError) -> String {
        switch error {
        case .notADatabase(let path):
            "\(path)\(Self.josa(path, .eunNeun)) SQLite 데이터베이스가 아닙니다. 손대지 않았습니다 (--db로 다른 파일을 고르세요)"
        case .foreignDatabase(let path):
            "\(path)\(Self.josa(path, .eunNeun)) forecast의 데이터베이스가 아닙니다. 손대지 않았습니다 (--db로 다른 파일을 고르세요)"
        case .newerSchema(let path, let found, let known):
            "\(path)\(Self.josa(path, .eunNeun)) 더 새로운 forecast가 만든 파일입니다 (스키마 \(found), 이 버전은 \(known)까지). forecast를 업그레이드하세요. 파일은 손대지 않았습니다"
        case .cannotOpen(let path, let reason):
            "데이터베이스 \(path)\(Self.josa(path, .eulReul)) 열 수 없습니다: \(reason)"
        case .replaced(let path):
            "데이터베이스가 열려 있는 동안 바뀌었거나 지워졌습니다 (\(path)). 아무것도 쓰지 않았고, 이제부터는 지금 그 자리에 있는 파일을 씁니다 (다시 해 보세요)"
        case .diskFull(let path):
            "데이터베이스 \(path)\(Self.josa(path, .eulReul)) 만들 수 없습니다: 디스크가 가득 찼습니다. 아무것도 남기지 않았습니다 (공간을 비우거나 --db로 다른 디스크의 파일을 고르세요)"
        case .cannotWrite(let path, let reason):
            "데이터베이스 \(path)에 쓸 수 없습니다 (읽기만 됩니다): \(reason)"
        case .damagedInTheWay(let place):
            "그 장소는 읽을 수 없는 \(place.id)번 행에 저장되어 있습니다 (\(place.column) 값이 올바르지 않음). 'forecast remove --damaged'로 지울 수 있습니다"
        case .busy:
            "데이터베이스가 사용 중이었습니다: 다른 forecast가 기다릴 수 있는 시간보다 오래 잠가 두었습니다"
        case .failed(let reason):
            "데이터베이스 오류: \(reason)"
        }
    }

    /// "--where 'rain>=x': expected a number at 'x' (character 7)".
    package func filterProblem(_ text: String, _ error: FilterExpression.ParseError) -> String {
        let fields = WeatherField.compared.map(\.comparedName).joined(separator: ", ")
        let what: String = switch error.problem {
        case .unknownField(let name): "\(name)\(Self.josa(name, .ira))는 필드는 없습니다. 필드: \(fields)"
        case .expectedField: "필드가 와야 합니다 (\(fields))"
        case .expectedComparison: "<, <=, >, >=, = 또는 !=가 와야 합니다"
        case .expectedNumber: "숫자가 와야 합니다"
        case .expectedAndOr: "'and', 'or' 또는 끝이 와야 합니다"
        case .unclosedParenthesis: "이 괄호가 닫히지 않았습니다"
        case .tooDeep(let maximum):
            "괄호와 'not'이 \(maximum)단계보다 깊게 겹쳐 있습니다"
        case .tooLong(let maximum):
            "한 식에 비교가 \(maximum)개보다 많습니다"
        case .unexpectedCharacter: "이 문자는 쓸 수 없습니다"
        }
        let token = error.token.isEmpty
            ? "끝에서"
            : "'\(error.token)'에서 (\(error.position)번째 글자)"
        return "--where '\(SafeText.quoted(text))', \(token): \(what)"
    }

    package func usage(_ problem: UsageProblem) -> String {
        switch problem {
        case .language: "--lang에는 \(Self.languageCodes(or: "또는")) 중에서 쓰세요"
        case .removeWhat: "지울 장소나 --damaged 중 하나를 주세요"
        case .refreshAndOffline: "--refresh와 --offline은 함께 쓸 수 없습니다"
        case .concurrency: "--concurrency는 1에서 256 사이여야 합니다"
        case .timeout: "--timeout은 0초보다 크고 300초 이하여야 합니다"
        case .ttl: "--ttl은 0분 이상이어야 합니다"
        case .rateLimit: "--rate-limit은 분당 1회 이상이어야 합니다"
        case .batchSize: "--batch-size는 1에서 100 사이여야 합니다"
        case .nextAndPrevious: "--next와 --previous는 함께 쓸 수 없습니다"
        case .briefAndFull: "--brief와 --full은 함께 쓸 수 없습니다: 한 화면이거나 전부입니다"
        case .placeAndPaging: "장소와 --next/--previous 중 하나만 쓰세요"
        case .unsetAndKey: "--unset KEY와 KEY [VALUE] 중 하나만 쓰세요"
        case .days(let days): "--days는 1에서 7 사이여야 합니다 (\(days)\(Self.josa(days, .eunNeun)) 안 됩니다)"
        case .hours(let hours): "--hours는 1에서 48 사이여야 합니다 (\(hours)\(Self.josa(hours, .eunNeun)) 안 됩니다)"
        case .hereTakesNothing: "--here에는 이름, 좌표, --pick, --country를 함께 쓸 수 없습니다"
        case .nameAndCoordinates: "이름과 --lat/--lon 중 하나만 쓰세요"
        case .latitudeAndLongitude: "--lat와 --lon은 함께 써야 합니다"
        case .pickWithCoordinates: "--pick과 --country는 좌표가 아니라 이름에 씁니다"
        case .nameOrCoordinates: "장소 이름이나 --lat과 --lon을 주세요"
        case .pickFromOne(let pick): "--pick은 1부터 셉니다 (\(pick)\(Self.josa(pick, .eunNeun)) 안 됩니다)"
        case .limit(let limit): "--limit은 1에서 100 사이여야 합니다 (\(limit)\(Self.josa(limit, .eunNeun)) 안 됩니다)"
        case .templateNeedsLine: "--template은 --format line과 함께 씁니다"
        case .templateField(let name):
            "--template에 '\(SafeText.quoted(name))' 필드는 없습니다. 쓸 수 있는 필드: \(Self.fieldList)"
        case .templateUnclosed(let text):
            "--template의 '\(SafeText.quoted(text))'\(Self.josa(text, .iGa)) 닫히지 않았습니다. 필드는 {name}처럼 씁니다"
        case .descendingNeedsKey:
            "--descending에는 정렬 기준이 필요합니다 (예: 'forecast sort name --descending')"
        case .unknownCommand(let word, let suggestion?):
            "\(quoted(word))\(Self.josa(quoted(word), .eunNeun)) forecast 명령이 아닙니다. '\(suggestion)'\(Self.josa(suggestion, .eulReul)) 찾으셨나요? ('forecast --help' 참고)"
        case .unknownCommand(let word, nil):
            "\(quoted(word))\(Self.josa(quoted(word), .eunNeun)) forecast 명령이 아닙니다 ('forecast --help' 참고)"
        case .notDecimal(let option, let typed?):
            "\(option)에는 10이나 2.5처럼 십진수 숫자로 쓴 수를 주세요. \(quoted(typed))\(Self.josa(quoted(typed), .eunNeun)) 쓸 수 없습니다"
        case .notDecimal(let option, nil):
            "\(option)에는 10이나 2.5처럼 십진수 숫자로 쓴 수를 주세요 \(self.typed(nil))"
        }
    }

    /// The argument parser's own complaint (it writes English), in the user's
    /// language where its shape is known; as it is otherwise.
    package func parserMessage(_ english: String) -> String {
        if let m = english.wholeMatch(of: /Missing expected argument '(.+)'/) {
            return "필요한 인자 '\(m.1)'\(Self.josa(String(m.1), .iGa)) 없습니다"
        }
        if let m = english.wholeMatch(of: /Missing value for '(.+)'/) {
            return "'\(m.1)'에 값이 없습니다"
        }
        if let m = english.wholeMatch(of: /Unknown option '([^']+)'\.?(?: Did you mean '([^']+)'\?)?/) {
            return "알 수 없는 옵션 '\(m.1)'" + (m.2.map { " (혹시 '\($0)'?)" } ?? "")
        }
        if let m = english.wholeMatch(of: /Unexpected argument '(.+)'/) {
            return "필요 없는 인자 '\(m.1)'"
        }
        if let m = english.wholeMatch(of: /The value '([^']*)' is invalid for '([^']+)'(?:\. Please provide one of (?:the following: )?(.+?)\.?)?/) {
            return "'\(m.1)'\(Self.josa(String(m.1), .eunNeun)) '\(m.2)'에 쓸 수 없는 값입니다" + (m.3.map { ": \($0.replacingOccurrences(of: " or ", with: ", ")) 중 하나를 쓰세요" } ?? "")
        }
        return english
    }
}
