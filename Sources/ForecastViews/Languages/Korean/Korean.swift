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

    private static let weekdays = ["일", "월", "화", "수", "목", "금", "토"]

    package func weekday(_ date: CivilDate) -> String {
        Self.weekdays[date.weekday]
    }

    /// "Sun 22 Nov" / "11월 22일 (일)".
    package func day(_ date: CivilDate) -> String {
        "\(date.month)월 \(date.day)일 (\(weekday(date)))"
    }

    /// "Sun 22 Nov 2026 14:05" / "2026년 11월 22일 (일) 14:05".
    package func dateTime(_ r: ClockReading) -> String {
        "\(r.date.year)년 \(day(r.date)) \(time(r))"
    }

    /// "Sun 14:05" / "(일) 14:05".
    package func weekdayTime(_ r: ClockReading) -> String {
        "(\(weekday(r.date))) \(time(r))"
    }

    /// "updated 3 h ago" / "3시간 전 갱신".
    package func age(_ fetchedAt: Date, now: Date) -> String {
        let elapsed = now.timeIntervalSince(fetchedAt)
        let seconds = elapsed.isFinite ? min(max(0, elapsed), 1e12) : 0
        switch seconds {
        case ..<60: return "방금 갱신"
        case ..<3600: return "\(Int(seconds / 60))분 전 갱신"
        case ..<172_800: return "\(Int(seconds / 3600))시간 전 갱신"
        default: return "\(Int(seconds / 86_400))일 전 갱신"
        }
    }

    package func near(_ city: String) -> String { "\(city) 부근" }

    // MARK: - Commands' answers

    package func saved(_ place: Place) -> String { "\(describe(place)) 저장했습니다." }

    package func relabelled(_ place: Place, to label: String) -> String {
        "\(describe(place)) 이미 저장되어 있어 이름을 \(SafeText.clean(label))\(Self.josa(SafeText.clean(label), .euro)) 바꿨습니다."
    }

    package func alreadySaved(_ place: Place) -> String {
        "\(describe(place)) 이미 저장되어 있습니다. 바뀐 것은 없습니다."
    }

    package func removed(_ place: Place) -> String { "\(describe(place)) 삭제했습니다." }

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

    package func twelveHour(_ reading: ClockReading) -> String {
        let (text, afternoon) = reading.twelveHour
        return (afternoon ? "오후 " : "오전 ") + text
    }

    package var nothingSavedYet: String { "저장된 장소가 없습니다. 추가하려면: forecast add 서울" }

    // MARK: - Choosing among candidates

    package func couldBeAnyOf(_ query: String, _ count: Int) -> String {
        "\(quoted(query))\(Self.josa(quoted(query), .ira))는 곳이 \(count)군데 있습니다:"
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

    package var foundOnline: String {
        "내장 지명 사전에 없어 온라인(Open-Meteo 지오코딩)에서 찾았습니다:"
    }

    /// Both were asked: the built-in gazetteer, then the online service.
    package func searchFoundNothing(_ query: String) -> String {
        "\(quoted(query))\(Self.josa(quoted(query), .ira))는 곳을 지명 사전에서도 온라인에서도 찾지 못했습니다"
    }

    package var candidateHeaders: [String] {
        ["#", "이름", "다른 이름", "지역", "나라", "좌표",
         "시간대", "인구"]
    }

    // MARK: - Weather

    package var listHeaders: [String] {
        ["#", "이름", "현지 시각", "", "날씨", "기온",
         "체감", "습도", "오늘", "강수", ""]
    }

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

    private func koreanDetail(_ detail: WeatherError.Detail) -> String {
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

    package func interrupted(_ age: String?) -> String {
        age.map { "중단됨 (\($0))" } ?? "중단됨"
    }

    package func stale(_ age: String?) -> String { age.map { "오래됨, \($0)" } ?? "오래됨" }

    package var noWeatherYet: String { "날씨 없음" }

    package func position(_ position: Int, of count: Int) -> String { "\(count)곳 중 \(position)번째" }

    package func feelsLike(_ temperature: String) -> String { "체감 \(temperature)" }

    /// "NNE" / "북북동".
    package func compass(_ point: CompassPoint) -> String {
        let names: [CompassPoint: String] = [
            .n: "북", .nne: "북북동", .ne: "북동", .ene: "동북동", .e: "동", .ese: "동남동", .se: "남동", .sse: "남남동",
            .s: "남", .ssw: "남남서", .sw: "남서", .wsw: "서남서", .w: "서", .wnw: "서북서", .nw: "북서", .nnw: "북북서",
        ]
        return names[point] ?? point.rawValue
    }

    package var humidity: String { "습도" }
    package var wind: String { "바람" }
    package var pressure: String { "기압" }
    package var gusts: String { "돌풍" }
    package var clouds: String { "구름" }
    package var visibility: String { "가시거리" }
    package var precipitation: String { "강수량" }
    package var sunriseSunset: String { "일출/일몰" }
    package var uvIndex: String { "오늘 자외선" }
    package var airQuality: String { "대기질" }

    package func uvCategory(_ category: UVCategory) -> String {
        switch category {
        case .low: "낮음"
        case .moderate: "보통"
        case .high: "높음"
        case .veryHigh: "매우 높음"
        case .extreme: "위험"
        }
    }

    package var pollen: String { "꽃가루" }
    package var grainsPerCubicMetre: String { "개/m³" }

    package func pollenPlant(_ plant: AirQuality.Pollen.Plant) -> String {
        switch plant {
        case .alder: "오리나무"
        case .birch: "자작나무"
        case .grass: "잔디"
        case .mugwort: "쑥"
        case .olive: "올리브"
        case .ragweed: "돼지풀"
        }
    }

    package func highAgainstYesterday(_ change: Int, kelvin: Bool) -> String {
        let degrees = { (n: Int) in kelvin ? "\(n) K" : "\(n)°" }
        if change == 0 { return "최고 기온 어제와 같음" }
        return "최고 기온 어제보다 \(degrees(abs(change))) " + (change > 0 ? "높음" : "낮음")
    }

    package func highAgainstNormal(_ change: Int, kelvin: Bool, range: String) -> String {
        let degrees = { (n: Int) in kelvin ? "\(n) K" : "\(n)°" }
        let against = change == 0 ? "최고 기온 평년과 같음" : "최고 기온 평년보다 \(degrees(abs(change))) " + (change > 0 ? "높음" : "낮음")
        return against + " (\(ClimateNormals.period) 평년 \(range))"
    }

    package func airGrade(_ name: AirGrade.Name) -> String {
        switch name {
        case .good: "좋음"
        case .moderate: "보통"
        case .unhealthyForSensitiveGroups: "민감군 나쁨"
        case .unhealthy: "나쁨"
        case .veryUnhealthy: "매우 나쁨"
        case .hazardous: "위험"
        case .fair: "양호"
        case .poor: "나쁨"
        case .veryPoor: "매우 나쁨"
        case .extremelyPoor: "극히 나쁨"
        // The Ministry of Environment's own words.
        case .bad: "나쁨"
        case .veryBad: "매우나쁨"
        }
    }

    package func airScale(_ scale: AirScale) -> String {
        switch scale {
        case .us: "미국 AQI"
        case .eu: "유럽 AQI"
        case .kr: "환경부 기준"
        }
    }

    /// "미국 AQI 42 (좋음) · 초미세먼지 6 µg/m³", "나쁨 (환경부 기준) · 미세먼지 95 µg/m³ · 초미세먼지 40 µg/m³", or why there is none.
    package func air(_ air: AirQuality?, scale: AirScale, error: WeatherError?) -> String {
        // In Korean, PM2.5 is 초미세먼지 and PM10 미세먼지, as the weather reports say.
        if let air, !air.isEmpty { return AirText.sentence(air, scale: scale, words: self, pm10: "미세먼지", pm2_5: "초미세먼지") }
        if let error { return "받지 못함: " + weatherError(error) }
        return "–"
    }

    package func noWeather(_ error: WeatherError) -> String { "날씨 없음: " + weatherError(error) }

    package var notSaved: String { "저장 안 됨" }

    package var weatherHeader: String { "날씨" }
    package var temperatureHeader: String { "기온" }

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

    /// The line under a table of weather: whose it is.
    package func weatherCredits(_ source: SourceItem, nextHours: String?, air: Bool, normals: Bool) -> [String] {
        ["날씨: \(source.attribution)"] + (nextHours.map { ["앞으로 2시간: \($0)"] } ?? [])
            + (air ? ["대기질: \(SourceItem.airQuality)"] : []) + (normals ? ["평년값: \(SourceItem.normals)"] : [])
    }

    package var creditSeparator: String { ", " }

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

    private func reason(_ error: any Error) -> String {
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

    package var nothingCachedUnsaved: String {
        "저장하지 않은 곳의 날씨는 저장해 두지 않습니다. --offline 없이 실행하면 받아 옵니다."
    }

    package var noWeatherCached: String {
        "저장된 날씨가 아직 없습니다. --offline 없이 실행하면 받아 옵니다."
    }

    package var fetchingItsWeather: String { "날씨를 받는 중…" }
    package var fetchingHoursAndDays: String { "시간별·일별 예보를 받는 중…" }
    package var fetchingTheLatest: String { "최신 날씨를 받는 중…" }
    package var hoursAndDaysNotFetched: String { "목록의 요약만 있습니다: 시간별·일별 예보를 받지 못했습니다." }
    package var hoursAndDaysNotCached: String { "시간별·일별 예보는 저장되어 있지 않습니다. --offline 없이 실행하면 받아 옵니다." }

    package func staleBecause(_ age: String, _ error: WeatherError) -> String {
        "오래됨 (\(age)): 이번에 받아 오지 못했습니다, " + weatherError(error)
    }

    package func staleNote(_ age: String) -> String { "오래됨, \(age)" }

    /// "Updated 3 h ago" as a sentence of its own.
    package func capitalised(_ age: String) -> String { age }

    package func nextHours(_ hours: Int) -> String { "앞으로 \(hours)시간" }
    package var hourHeaders: [String] { ["시각", "", "기온", "체감", "강수", "바람"] }
    package var comingDays: String { "앞으로 며칠" }
    package var dayHeaders: [String] { ["날짜", "", "날씨", "최저", "최고", "강수"] }

    // MARK: - Progress and the end of a refresh

    package func fetching(_ done: Int, _ total: Int) -> String { "날씨 받는 중 \(done)/\(total)…" }

    package func waitingForRateLimit(_ done: Int, _ total: Int, _ duration: String) -> String {
        "날씨 받는 중 \(done)/\(total): 요청 한도 때문에 최대 \(duration) 기다립니다…"
    }

    package var interruptedKept: String { "중단했습니다. 이미 받은 날씨는 저장했습니다" }

    package func notSaved(_ reason: StoreError) -> String {
        "날씨를 보여 줬지만 저장하지 못했습니다: " + SafeText.clean(message(reason), maxLength: 300)
    }

    /// "weather for 2 of 5 places could not be fetched (not found: 1, timed out: 1)" / "(시간 초과 1곳, …)".
    package func failedSummary(_ failed: [WeatherError], of places: Int) -> String {
        let kinds = Dictionary(grouping: failed, by: \.kind).map { "\(errorKind($0.key)) \($0.value.count)곳" }.sorted()
        return "\(places)곳 중 \(failed.count)곳의 날씨를 받아 오지 못했습니다"
            + " (\(kinds.joined(separator: ", ")))"
    }
}
