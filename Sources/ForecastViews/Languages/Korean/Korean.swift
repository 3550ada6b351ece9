import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// Every word `forecast` says in Korean (한국어). The compiler holds it to
/// `Catalog`: a word missing here does not build.
package struct Korean: Catalog {
    package init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }
    package let gazetteer: Gazetteer
    package var language: Language { .ko }

    /// "3곳": Korean counts without a plural.
    func count(_ n: Int, _ counter: String) -> String { "\(n)\(counter)" }

    // MARK: - Prefixes

    package var errorPrefix: String { "오류" }
    package var warningPrefix: String { "경고" }

    /// A saved row that cannot be read: left out of the list, with how to remove it.
    package func damaged(_ place: DamagedPlace) -> String {
        let which = place.label.map { "\(place.id) (\(quoted($0)))" } ?? "\(place.id)"
        return "\(warningPrefix): " + "저장된 장소 \(which)\(Self.josa(which, .eulReul)) 읽을 수 없어 뺐습니다 (\(place.column) 값이 올바르지 않음). 'forecast remove --damaged'로 지울 수 있습니다"
    }

    /// A saved setting that cannot be used: its default stands in until it is set again.
    package func damagedSetting(_ column: String) -> String {
        "\(warningPrefix): " + "저장된 설정 \(column) 값이 올바르지 않아 다시 설정할 때까지 기본값을 씁니다 ('forecast config' 또는 'forecast units')"
    }

    package func removedDamaged(_ removed: Int) -> String {
        "읽을 수 없는 장소 \(removed)곳을 지웠습니다."
    }
    package var notePrefix: String { "참고" }

    // MARK: - Calendar and clock

    static let weekdays = ["일", "월", "화", "수", "목", "금", "토"]

    // MARK: - Commands' answers

    package func relabelled(_ place: Place, to label: String) -> String {
        "\(describe(place)) 이미 저장되어 있어 이름을 \(SafeText.clean(label))\(Self.josa(SafeText.clean(label), .euro)) 바꿨습니다."
    }

    package func renamed(_ place: Place, to label: String) -> String {
        "\(describe(place)) 이름을 \(SafeText.clean(label))\(Self.josa(SafeText.clean(label), .euro)) 바꿨습니다."
    }

    package func moved(_ place: Place, to position: Int) -> String {
        "\(describe(place)) \(position)번으로 옮겼습니다. 이제 직접 정한 순서입니다."
    }

    package func sortKey(_ key: SortKey) -> String {
        switch key {
        case .name: "이름"
        case .temperature: "기온"
        case .humidity: "습도"
        case .custom: "직접 정한 순서"
        }
    }

    /// "Places are now sorted by name (descending)."
    package func sorted(_ order: PlaceSort, now: Bool) -> String {
        if order.key == .custom {
            return now
                ? "이제 직접 정한 순서(custom)입니다. 'forecast move'로 바꿀 수 있습니다."
                : "직접 정한 순서(custom)입니다. 'forecast move'로 바꿀 수 있습니다."
        }
        let direction = order.descending ? "내림차순" : "오름차순"
        return now
            ? "이제 \(sortKey(order.key)) \(direction)으로 정렬합니다."
            : "\(sortKey(order.key)) \(direction)으로 정렬합니다."
    }

    package var sortedByNameUntilWeather: String {
        "날씨를 받아 오기 전까지는 이름순으로 보여 줍니다."
    }

    package func temperatureUnitName(_ unit: TemperatureUnit) -> String {
        switch unit {
        case .celsius: "섭씨"
        case .fahrenheit: "화씨"
        case .kelvin: "켈빈"
        }
    }

    package func temperaturesShown(in unit: TemperatureUnit, now: Bool) -> String {
        let name = "\(temperatureUnitName(unit)) (\(unit.symbol))"
        return now ? "이제 기온을 \(name)로 보여 줍니다."
            : "기온은 \(name)로 보여 줍니다."
    }

    package func windShown(in unit: WindUnit, now: Bool) -> String {
        let name = unit == .bft ? "보퍼트 풍력 계급" : unit == .kn ? "노트" : unit.symbol
        return now ? "이제 풍속을 \(name)\(Self.josa(name, .euro)) 보여 줍니다." : "풍속은 \(name)\(Self.josa(name, .euro)) 보여 줍니다."
    }

    package func measuresShown(_ measures: MeasureUnits, now: Bool) -> String {
        let clock = measures.clock == .h12 ? "12시간제" : "24시간제"
        let precipitation = measures.precipitation == .inch ? "인치" : "mm"
        let distance = measures.distance == .mi ? "마일" : "km"
        return (now ? "이제 " : "") + "강수량은 \(precipitation), 거리는 \(distance), "
            + "기압은 \(measures.pressure.symbol)\(Self.josa(measures.pressure.symbol, .euro)), 시각은 \(clock)로 보여 줍니다."
    }

    package var nothingSavedYet: String { "저장된 장소가 없습니다. 추가하려면: forecast add 서울" }

    // MARK: - Choosing among candidates

    package func couldBeAnyOf(_ query: String, _ count: Int) -> String {
        "\(quoted(query))\(Self.josa(quoted(query), .ira))는 곳이 \(count)군데 있습니다:"
    }

    package func noneCalledButLike(_ query: String, _ count: Int, online: Bool) -> String {
        let asked = online ? "지명 사전에도 온라인에도" : "지명 사전에(--offline이라 온라인은 찾지 않음)"
        return "\(asked) \(quoted(query))\(Self.josa(quoted(query), .ira))는 곳은 없습니다. " + (count == 1 ? "이곳을 찾으셨나요?" : "다음 \(count)곳 가운데 찾으셨나요?")
    }

    package func nothingSavedChooseNear(_ example: String) -> String {
        "저장하지 않았습니다. --pick N으로 고르거나(예: \(example)) --lat과 --lon으로 추가하세요."
    }

    package func nothingSavedChoose(_ example: String, narrowed: Bool) -> String {
        narrowed ? "저장하지 않았습니다. --pick N으로 고르세요(예: \(example))."
            : "저장하지 않았습니다. --pick N으로 고르거나(예: \(example)) --country CC로 좁히세요."
    }

    package var showMore: String { "더 보기: --full 또는 --hours N, --days N" }

    package func sameName(_ name: String, _ matches: [String], first: String) -> String {
        "이제 \(quoted(name))\(Self.josa(quoted(name), .ira))는 저장된 장소가 \(matches.count)곳입니다 (\(matches.joined(separator: ", "))): "
            + "show, remove, move, rename에서는 번호나 '\(SafeText.quoted(first))'처럼 구별하세요. 'forecast rename'으로 다른 이름을 줄 수 있습니다."
    }

    package func othersCalled(_ query: String, _ others: Int) -> String {
        "\(quoted(query))\(Self.josa(quoted(query), .ira))는 다른 곳이 \(others)군데 더 있습니다. 'forecast search \(SafeText.quoted(query))'로 보고 --pick으로 고르세요."
    }

    /// Both were asked: the built-in gazetteer, then the online service.
    package func searchFoundNothing(_ query: String) -> String {
        "\(quoted(query))\(Self.josa(quoted(query), .ira))는 곳을 지명 사전에서도 온라인에서도 찾지 못했습니다"
    }

    // MARK: - Weather

    package func errorKind(_ kind: WeatherError.Kind) -> String {
        switch kind {
        case .network: "네트워크 오류"
        case .timeout: "시간 초과"
        case .rateLimited: "요청 한도 초과"
        case .unauthorized: "인증 실패"
        case .notFound: "찾을 수 없음"
        case .badResponse: "잘못된 응답"
        case .provider: "서비스 오류"
        case .cancelled: "중단됨"
        }
    }

    /// What went wrong, after the kind. A failure without a typed detail (which
    /// field of an answer failed validation) is described by the error itself.
    package func detail(_ error: WeatherError) -> String {
        SafeText.clean(error.detail.map(koreanDetail) ?? error.message, maxLength: 300)
    }

    func koreanDetail(_ detail: WeatherError.Detail) -> String {
        let because = { (reason: String?) in reason.map { ": \($0)" } ?? "" }
        switch detail {
        case .noAnswerInTime: return "제시간에 완전한 응답이 오지 않았습니다"
        case .noAnswerWithin(let seconds): return "\(WeatherRefresher.duration(seconds)) 안에 완전한 응답이 오지 않았습니다"
        case .noTimeLeft: return "요청할 시간이 남지 않았습니다"
        case .cannotConnect(let server): return "\(server)에 연결할 수 없습니다"
        case .cannotTalk(let server): return "\(server)\(Self.josa(server, .gwaWa)) 통신할 수 없습니다"
        case .connectionClosed(let server): return "\(server)\(Self.josa(server, .iGa)) 연결을 끊었습니다"
        case .refusedKey(let status, let reason): return "서비스가 API 키를 거부했습니다 (HTTP \(status))" + because(reason)
        case .notFound(let reason): return "찾을 수 없습니다 (HTTP 404)" + because(reason)
        case .tooManyRequests(let reason): return "요청이 너무 많습니다 (HTTP 429)" + because(reason)
        case .serviceFailed(let status, let reason): return "서비스에 문제가 생겼습니다 (HTTP \(status))" + because(reason)
        case .status(let code, let reason): return "HTTP \(code)" + because(reason)
        case .tooLarge(let megabytes): return "응답이 \(megabytes) MB보다 큽니다"
        case .damagedCompression: return "압축된 응답이 허용된 크기보다 크거나 손상되었습니다"
        case .tooManyRedirects: return "서버가 너무 여러 번 다른 곳으로 보냈습니다"
        case .redirectedElsewhere: return "서버가 다른 주소로 보냈지만 forecast는 따라가지 않습니다"
        case .cancelled: return "중단됨"
        case .waitLonger(let inner, let message, let seconds):
            let wait = WeatherRefresher.duration(seconds)
            return (inner.map(koreanDetail) ?? message) + "; 서비스가 남은 시간보다 긴 \(wait)\(Self.josa(wait, .eulReul)) 기다리라고 합니다. \(wait) 뒤에 다시 시도하세요"
        case .invalid(let part, let problem):
            let subject = switch part {
            case .field(let name): name
            case .answer: "응답"
            case .currentWeather: "현재 날씨 응답"
            case .forecast: "예보 응답"
            }
            let predicate = switch problem {
            case .notFinite: Self.josa(subject, .iGa) + " 유한한 수가 아닙니다"
            case .outside(let value, let range): " 값 \(value)\(Self.josa(value, .iGa)) \(range) 범위를 벗어났습니다"
            case .tooMany(let count): " 항목이 \(count)개로 너무 많습니다"
            case .tooManyValues: "에 어떤 응답보다도 많은 값이 들어 있습니다"
            case .farFromNow: Self.josa(subject, .iGa) + " 지금에서 1년 넘게 떨어져 있습니다"
            case .notADate: Self.josa(subject, .iGa) + " 날짜가 아닙니다"
            case .notATime: Self.josa(subject, .iGa) + " 시각이 아닙니다"
            case .missingOrNotATime: Self.josa(subject, .iGa) + " 없거나 시각이 아닙니다"
            case .missing: Self.josa(subject, .iGa) + " 없습니다"
            case .wrongType: "의 형식이 틀렸습니다"
            case .notValid: " 값이 올바르지 않습니다"
            case .notValidJSON: Self.josa(subject, .iGa) + " 올바른 JSON이 아닙니다"
            case .empty: Self.josa(subject, .iGa) + " 비어 있습니다"
            case .unreadable: Self.josa(subject, .eulReul) + " 읽을 수 없습니다"
            }
            return (problem.isImplausible ? "비정상 값: " : "") + subject + predicate
        case .clientLimit(let calls, let seconds):
            return "분당 \(SafeNumber.rounded(calls) ?? 0)회로 정한 요청 한도 때문에 이 요청을 \(WeatherRefresher.duration(seconds)) 기다려야 해서 남은 시간을 넘습니다. 그 뒤에 다시 시도하세요"
        case .noAnswer: return "응답이 없습니다"
        case .noLocations: return "응답에 장소가 하나도 없습니다"
        case .noEntryForPlace: return "응답에 이 장소가 없습니다"
        case .entriesForPlace(let count): return "응답에 이 장소가 \(count)번 있습니다"
        case .entryElsewhere(let kilometres): return "응답에서 이 장소의 항목이 \(kilometres) km 떨어진 곳의 것입니다"
        case .serviceError(let reason): return reason.map { "서비스가 오류를 알렸습니다: \($0)" } ?? "서비스가 오류를 알렸습니다"
        }
    }

    package var humidity: String { "습도" }
    package var wind: String { "바람" }
    package var pressure: String { "기압" }
    package var clouds: String { "구름" }
    package var visibility: String { "가시거리" }
    package var precipitation: String { "강수량" }
    package var sunriseSunset: String { "일출/일몰" }
    package var uvIndex: String { "오늘 자외선" }
    package var airQuality: String { "대기질" }

    package var pollen: String { "꽃가루" }

    /// "미국 AQI 42 (좋음) · 초미세먼지 6 µg/m³", "나쁨 (환경부 기준) · 미세먼지 95 µg/m³ · 초미세먼지 40 µg/m³", or why there is none.
    package func air(_ air: AirQuality?, scale: AirScale, error: WeatherError?) -> String {
        // In Korean, PM2.5 is 초미세먼지 and PM10 미세먼지, as the weather reports say.
        if let air, !air.isEmpty { return AirText.sentence(air, scale: scale, words: self, pm10: "미세먼지", pm2_5: "초미세먼지") }
        if let error { return "받지 못함: " + weatherError(error) }
        return "–"
    }

    // MARK: - report

    package func reportTitle(_ places: Int) -> String { "\(places)곳의 날씨" }

    package var reportHeaders: [String] {
        ["#", "장소", "현지 시각", "", "날씨", "기온",
         "체감", "습도", "바람", "오늘", "강수",
         "자외선", "대기질", "비고"]
    }

    package func hoursCaption(_ steps: Int, unit: String) -> String {
        "앞으로의 시간: 기온 (선, \(unit))과 강수 확률 (막대, %)"
    }

    package func daysCaption(unit: String) -> String {
        "앞으로 며칠: 최저–최고 기온 (\(unit))과 강수 확률"
    }

    package func hoursChartLabel(low: String, high: String, rain: Int?) -> String {
        "기온 \(low)–\(high)"
            + (rain.map { ", 강수 확률 최대 \($0)%" } ?? "")
    }

    /// `--refresh` asked nothing of a service whose answer is still valid.
    package func heldByExpiry(until time: String) -> String {
        "날씨 서비스가 \(time) 전에는 다시 묻지 말라고 합니다. 보이는 것은 그 서비스의 마지막 응답입니다"
    }

    package func reportCredits(_ source: SourceItem, normals: Bool) -> String {
        "forecast로 만들었습니다. 날씨: \(source.attribution), 대기질: \(SourceItem.airQuality), "
            + (normals ? "평년값: \(SourceItem.normals), " : "") + "장소: GeoNames."
    }

    package func reportWritten(_ places: Int, to file: String) -> String {
        "\(places)곳의 보고서를 \(quoted(file))에 썼습니다."
    }

    // MARK: - export and import

    package func exported(_ count: Int, to file: String) -> String {
        "\(count)곳을 \(quoted(file))에 내보냈습니다."
    }

    package func cannotWrite(_ file: String, _ error: any Error) -> String {
        "\(quoted(file))에 쓸 수 없습니다: " + reason(error)
    }

    func reason(_ error: any Error) -> String {
        guard let problem = error as? FileProblem else { return SafeText.clean((error as NSError).localizedDescription, maxLength: 200) }
        return switch problem {
        case .folder: "폴더입니다"
        case .socket: "파일이 아니라 소켓입니다"
        case .blockDevice: "블록 장치이므로 덮어쓰지 않습니다"
        case .notRegular: "일반 파일이 아닙니다"
        case .tooManyLinks: "심볼릭 링크가 너무 많습니다"
        case .missingFolder: "그 폴더가 없습니다"
        case .database: "사용 중인 데이터베이스(또는 그 저널 파일)이므로 덮어쓰지 않습니다"
        case .system(let code): SafeText.clean(String(cString: strerror(code)), maxLength: 200)
        }
    }

    package func cannotRead(_ file: String) -> String { "\(quoted(file))\(Self.josa(quoted(file), .eulReul)) 읽을 수 없습니다" }

    /// The output could not be written (`why`: the system's words, as a full disk's).
    package func cannotWriteOutput(_ why: String) -> String { "출력을 쓸 수 없습니다: \(why)" }

    package func imported(added: Int, skipped: Int, removed: Int, settings: Bool, dryRun: Bool) -> [String] {
        var lines: [String] = []
        if dryRun {
            lines.append("시험 실행이라 아무것도 바꾸지 않았습니다.")
            if removed > 0 { lines.append("먼저 \(removed)곳을 지우게 됩니다.") }
            lines.append("\(added)곳을 가져오고, 이미 저장된 \(skipped)곳은 건너뛰게 됩니다.")
            if settings { lines.append("파일의 설정을 적용하게 됩니다.") }
            return lines
        }
        if removed > 0 { lines.append("먼저 \(removed)곳을 지웠습니다 (--replace).") }
        lines.append("\(added)곳을 가져왔습니다. 이미 저장된 \(skipped)곳은 건너뛰었습니다.")
        if settings { lines.append("파일의 설정을 적용했습니다.") }
        return lines
    }

    // MARK: - config

    package var configHeaders: [String] { ["설정", "값", "출처"] }

    package func configSource(_ source: ConfigSource, variable: String?) -> String {
        switch source {
        case .environment: "환경 변수" + (variable.map { " (\($0))" } ?? "")
        case .config: "설정"
        case .locale: "로캘" + (variable.map { " (\($0))" } ?? "")
        case .builtIn: "기본값"
        }
    }

    package func configSet(_ key: String, _ value: String) -> String { "\(key)\(Self.josa(key, .eulReul)) \(value)\(Self.josa(value, .euro)) 바꿨습니다." }

    package func configUnset(_ key: String, now value: String) -> String {
        "\(key) 설정을 지웠습니다. 지금 값은 \(value)입니다."
    }

    package func configOverridden(_ variable: String, _ value: String) -> String {
        "참고: \(variable)\(Self.josa(variable, .iGa)) 설정되어 있어 그 값이 우선합니다: \(value)."
    }

    package func notSavedHint(_ name: String, _ command: String) -> String {
        "\(quoted(name))\(Self.josa(quoted(name), .eunNeun)) 저장된 곳이 아니며 아무것도 바꾸지 않았습니다. 저장하려면: \(command)"
    }

    package var hourHeaders: [String] { ["시각", "", "기온", "체감", "강수", "바람"] }
    package var comingDays: String { "앞으로 며칠" }
    package var dayHeaders: [String] { ["날짜", "", "날씨", "최저", "최고", "강수"] }

    // MARK: - Progress and the end of a refresh

    package func waitingForRateLimit(_ done: Int, _ total: Int, _ duration: String) -> String {
        "날씨 받는 중 \(done)/\(total): 요청 한도 때문에 최대 \(duration) 기다립니다…"
    }

    package var interruptedKept: String { "중단했습니다. 이미 받은 날씨는 저장했습니다" }

}
