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
    private func count(_ n: Int, _ counter: String) -> String { "\(n)\(counter)" }

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
            return "위도 \(Coordinate.format(value))\(Self.josa(Coordinate.format(value), .eunNeun)) 범위를 벗어났습니다: -90에서 90 사이여야 합니다"
        case .longitudeOutOfRange(let value):
            return "경도 \(Coordinate.format(value))\(Self.josa(Coordinate.format(value), .eunNeun)) 범위를 벗어났습니다: -180에서 180 사이여야 합니다"
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
        case .setting(let key, let value):
            return "파일의 설정 \(key)에 \(quoted(value))\(Self.josa(quoted(value), .eunNeun)) 쓸 수 없습니다"
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
        let fields = FilterField.allCases.map(\.rawValue).joined(separator: ", ")
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

    // MARK: - The full-screen app

    package func browseListTitle(_ count: Int, sort: PlaceSort, unit: String) -> String {
        let order = sort.key == .custom ? "내 순서" : "\(sortKey(sort.key)) \(sort.descending ? "↓" : "↑")"
        return "\(count)곳 · \(order) · \(unit)"
    }
    package var browseSearchTitle: String { "검색" }
    package var browseNotSavedTitle: String { "저장 안 됨" }
    package var browseListKeys: String { "? 도움말  q 끝내기  / 검색  Enter 열기  s 정렬  u 단위  d 삭제  r 새로 고침" }
    package var browseDetailKeys: String { "? 도움말  q 끝내기  ←→ 이전/다음  Esc 목록  [ ] 시간별  Tab 날짜  ↑↓ 스크롤  u 단위  r 새로 고침" }
    package var browseSearchKeys: String { "이름 입력  Enter 날씨  ↑↓ 고르기  Esc 뒤로  Ctrl-U 지우기" }
    package var browseFoundKeys: String { "a 추가  Esc 검색으로  q 끝내기  [ ] 시간별  ↑↓ 스크롤  u 단위" }
    package var browseHelp: [(title: String, keys: [(key: String, does: String)])] {
        [
            ("목록", [
                ("↑ ↓  k j", "장소 선택"), ("Enter →", "날씨 열기"), ("s", "정렬: 내 순서, 이름, 기온, 습도"),
                ("S", "정렬 방향 바꾸기"), ("u", "단위: °C, °F, K"), ("K J", "내 순서에서 위아래로 옮기기"),
                ("d 다음 y", "장소 삭제"), ("z", "삭제 되돌리기 (다음 변경 전까지)"), ("r", "지금 새로 고침"),
                ("/", "추가할 장소 검색"), ("휠, 클릭", "선택; 클릭하면 장소 열기"),
            ]),
            ("자세히", [
                ("← → h l", "이전/다음 장소 (끝에서 처음으로)"), ("[ ]  < >", "시간별 예보 넘기기"),
                ("Tab", "날짜: ↑ ↓ 고르고 Enter로 그날 시간별 (← → 전날/다음날), Esc 뒤로"),
                ("↑ ↓  k j", "스크롤"), ("PgUp PgDn Space", "한 화면씩 스크롤"), ("Home End g G", "맨 위, 맨 아래"),
                ("휠, 클릭", "스크롤; 날짜를 클릭하면 그날 시간별"), ("r", "지금 새로 고침"), ("Esc", "목록으로"),
            ]),
            ("검색", [
                ("글자", "내장 장소 거르기 (어느 이름으로든)"), ("↑ ↓", "고르기"),
                ("Enter", "날씨 보기 (없으면 온라인에 물어봄)"), ("a", "보이는 장소 추가"), ("Ctrl-U", "입력 지우기"), ("Esc", "뒤로"),
            ]),
            ("어디서나", [("u", "°C, °F, K"), ("U", "단위: 기온, 바람, 강수량, 거리, 기압, 시계"), ("?", "이 도움말"), ("q  Ctrl-C", "끝내기")]),
        ]
    }
    package var browseHelpClose: String { "q나 Ctrl-C는 끝내고, 다른 키는 이 도움말을 닫습니다." }
    package func browseTooSmall(width: Int, height: Int, needs: (width: Int, height: Int)) -> String {
        "창 크기가 \(width)×\(height)입니다. forecast browse는 \(needs.width)×\(needs.height) 이상이 필요합니다."
    }
    package var browseSearchPrompt: String { "검색: " }
    package var browseSearchHint: String { "장소 이름을 영어, 한국어, 일본어로 입력하세요. 예: 부산, 東京, sao paulo" }
    package var browseEmptyHint: String { "저장된 장소가 없습니다. 이름을 입력하고 Enter로 날씨를 본 뒤 a로 추가하세요." }
    package func browseNothingOffline(_ query: String, suggestion: String?) -> String {
        "내장 목록에 \(quoted(query))\(Self.josa(quoted(query), .gwaWa)) 맞는 장소가 없습니다. "
            + (suggestion.map { "\(quoted($0))\(Self.josa(quoted($0), .eulReul)) 찾으셨나요? " } ?? "")
            + "Enter를 누르면 온라인에서 찾습니다."
    }
    package var browseAsking: String { "온라인에서 찾는 중…" }
    package func browseNothingOnline(_ query: String) -> String { "\(quoted(query)) 장소를 내장 목록과 온라인 어디서도 찾지 못했습니다." }
    package func browseConfirmRemoval(_ name: String) -> String { "\(name)\(Self.josa(name, .eulReul)) 삭제할까요? y는 삭제, 다른 키는 취소." }
    package var browseAddHint: String { "a를 누르면 내 장소에 추가" }
    package var browseEmptyList: String { "저장된 장소가 없습니다. /를 눌러 장소를 찾고 a로 추가하세요." }
    package var browseOwnOrderShown: String { "내 순서입니다 (K와 J는 이 순서에서 옮깁니다). 옮기려면 K나 J를 다시 누르세요." }
    package func browseWriteFailed(_ reason: String) -> String { "저장하지 못했고 아무것도 바뀌지 않았습니다: \(reason)" }
    package var browseNeedsTerminal: String {
        "forecast browse는 입력과 출력 모두 터미널이어야 합니다. 스크립트와 파이프에서는 'forecast list'와 'forecast show'를 쓰세요"
    }
}
