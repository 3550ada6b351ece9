import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// Every word `forecast` says to its user, in English and Korean, side by
/// side so that neither can fall behind. (`--help` stays English, as the
/// argument parser writes it; weather conditions' words are in `WeatherCondition`.)
package struct Words: Sendable {
    package init(language: Language) { self.language = language }
    package let language: Language

    /// The words a command line's checks speak in while it is parsed (before
    /// any command has its context): set by `Forecast.run` for the parse, English otherwise.
    @TaskLocal package static var parsing = Words(language: .en)

    package var korean: Bool { language == .ko }

    /// The English or the Korean, whichever is spoken.
    package func say(_ english: String, _ korean: String) -> String {
        language == .ko ? korean : english
    }

    /// "1 place" / "3 places"; Korean has no plural.
    private func count(_ n: Int, _ singular: String, _ plural: String, _ korean: String) -> String {
        say(n == 1 ? "1 \(singular)" : "\(n) \(plural)", "\(n)\(korean)")
    }

    /// What the user typed, safe to print and quoted.
    package func quoted(_ text: String) -> String { "'\(SafeText.quoted(text))'" }

    // MARK: - Prefixes

    package var errorPrefix: String { say("error", "오류") }
    package var warningPrefix: String { say("warning", "경고") }

    /// A saved row that cannot be read: left out of the list, with how to remove it.
    package func damaged(_ place: DamagedPlace) -> String {
        let which = place.label.map { "\(place.id) (\(quoted($0)))" } ?? "\(place.id)"
        return "\(warningPrefix): " + say(
            "saved place \(which) cannot be read (its \(place.column) is not valid) and is left out; 'forecast remove --damaged' removes it",
            "저장된 장소 \(which)을(를) 읽을 수 없어 뺐습니다 (\(place.column) 값이 올바르지 않음). 'forecast remove --damaged'로 지울 수 있습니다")
    }

    /// A saved setting that cannot be used: its default stands in until it is set again.
    package func damagedSetting(_ column: String) -> String {
        "\(warningPrefix): " + say(
            "the saved setting \(column) is not valid; its default is used until it is set again ('forecast config' or 'forecast units')",
            "저장된 설정 \(column) 값이 올바르지 않아 다시 설정할 때까지 기본값을 씁니다 ('forecast config' 또는 'forecast units')")
    }

    package func removedDamaged(_ removed: Int) -> String {
        say("Removed \(count(removed, "damaged place", "damaged places", "곳")).", "읽을 수 없는 장소 \(removed)곳을 지웠습니다.")
    }
    package var notePrefix: String { say("Note", "참고") }

    // MARK: - Calendar and clock

    private static let weekdaysEnglish = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let weekdaysKorean = ["일", "월", "화", "수", "목", "금", "토"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    package func weekday(_ date: CivilDate) -> String {
        korean ? Self.weekdaysKorean[date.weekday] : Self.weekdaysEnglish[date.weekday]
    }

    /// "Sun 22 Nov" / "11월 22일 (일)".
    package func day(_ date: CivilDate) -> String {
        say("\(weekday(date)) \(date.day) \(Self.months[date.month - 1])", "\(date.month)월 \(date.day)일 (\(weekday(date)))")
    }

    /// "Sun 22 Nov 2026 14:05" / "2026년 11월 22일 (일) 14:05".
    package func dateTime(_ r: ClockReading) -> String {
        say("\(day(r.date)) \(r.date.year) \(r.hourMinute)", "\(r.date.year)년 \(day(r.date)) \(r.hourMinute)")
    }

    /// "Sun 14:05" / "(일) 14:05".
    package func weekdayTime(_ r: ClockReading) -> String {
        say("\(weekday(r.date)) \(r.hourMinute)", "(\(weekday(r.date))) \(r.hourMinute)")
    }

    /// "updated 3 h ago" / "3시간 전 갱신".
    package func age(_ fetchedAt: Date, now: Date) -> String {
        let elapsed = now.timeIntervalSince(fetchedAt)
        let seconds = elapsed.isFinite ? min(max(0, elapsed), 1e12) : 0
        switch seconds {
        case ..<60: return say("updated just now", "방금 갱신")
        case ..<3600: return say("updated \(Int(seconds / 60)) min ago", "\(Int(seconds / 60))분 전 갱신")
        case ..<172_800: return say("updated \(Int(seconds / 3600)) h ago", "\(Int(seconds / 3600))시간 전 갱신")
        default: return say("updated \(Int(seconds / 86_400)) days ago", "\(Int(seconds / 86_400))일 전 갱신")
        }
    }

    // MARK: - Places

    /// The place's name as shown: the user's own label as given; else, in
    /// Korean, the gazetteer's Korean name where it has one.
    package func name(_ place: Place) -> String {
        if korean, let name = SavedPlaces.koreanName(of: place, in: .bundled) { return name }
        return SafeText.clean(place.displayName)
    }

    /// A city's name as candidates show it: "Seoul (서울)" / "서울 (Seoul)".
    package func name(_ city: City) -> String {
        guard let other = city.koreanName, other != city.name else { return SafeText.clean(city.name) }
        return korean ? "\(other) (\(SafeText.clean(city.name)))" : "\(SafeText.clean(city.name)) (\(other))"
    }

    package func countryName(_ code: String) -> String {
        (korean ? Gazetteer.bundled.koreanCountryName(code) : nil) ?? Gazetteer.bundled.countryName(code) ?? code
    }

    /// "Seoul, South Korea" / "Seoul, 대한민국". Region names have no Korean
    /// spelling in the data; they stay as GeoNames writes them.
    package func region(countryCode: String, admin1: String) -> String {
        let region = Gazetteer.bundled.regionName(country: countryCode, code: admin1) ?? admin1
        return [region, countryCode.isEmpty ? "" : countryName(countryCode)]
            .map { SafeText.clean($0, maxLength: 100) }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// "Springfield [Springfield] (Illinois, United States)": the name, what
    /// it stands for when labelled, and where.
    package func describe(_ place: Place) -> String {
        var text = name(place)
        if place.displayName != place.canonicalName {
            let city = korean ? place.geonamesID.flatMap(Gazetteer.bundled.koreanName(id:)) : nil
            text += " [\(city ?? canonical(place.canonicalName))]"
        }
        let region = region(countryCode: place.countryCode, admin1: place.admin1)
        return region.isEmpty ? text : "\(text) (\(region))"
    }

    /// A stored canonical name; "near Seoul" (places added by coordinates) reads "서울 부근" in Korean.
    package func canonical(_ text: String) -> String {
        let clean = SafeText.clean(text)
        guard korean, clean.hasPrefix("near ") else { return clean }
        let city = String(clean.dropFirst(5))
        return "\(Gazetteer.bundled.koreanName(of: city) ?? city) 부근"
    }

    // MARK: - Commands' answers

    package func saved(_ place: Place) -> String { say("Saved \(describe(place)).", "\(describe(place)) 저장했습니다.") }

    package func relabelled(_ place: Place, to label: String) -> String {
        say("\(describe(place)) was already saved; it is now called \(SafeText.clean(label)).",
            "\(describe(place)) 이미 저장되어 있어 이름을 \(SafeText.clean(label))(으)로 바꿨습니다.")
    }

    package func alreadySaved(_ place: Place) -> String {
        say("\(describe(place)) is already saved; nothing changed.", "\(describe(place)) 이미 저장되어 있습니다. 바뀐 것은 없습니다.")
    }

    package func removed(_ place: Place) -> String { say("Removed \(describe(place)).", "\(describe(place)) 삭제했습니다.") }

    package func renamed(_ place: Place, to label: String) -> String {
        say("Renamed \(describe(place)) to \(SafeText.clean(label)).", "\(describe(place)) 이름을 \(SafeText.clean(label))(으)로 바꿨습니다.")
    }

    package func moved(_ place: Place, to position: Int) -> String {
        say("Moved \(describe(place)) to position \(position); the order is now custom.",
            "\(describe(place)) \(position)번으로 옮겼습니다. 이제 직접 정한 순서입니다.")
    }

    package func sortKey(_ key: SortKey) -> String {
        switch key {
        case .name: say("name", "이름")
        case .temperature: say("temperature", "기온")
        case .humidity: say("humidity", "습도")
        case .custom: say("custom", "직접 정한 순서")
        }
    }

    /// "Places are now sorted by name (descending)."
    package func sorted(_ order: PlaceSort, now: Bool) -> String {
        if order.key == .custom {
            return now
                ? say("Places are now in your own order (custom); change it with 'forecast move'.",
                      "이제 직접 정한 순서(custom)입니다. 'forecast move'로 바꿀 수 있습니다.")
                : say("Places are in your own order (custom); change it with 'forecast move'.",
                      "직접 정한 순서(custom)입니다. 'forecast move'로 바꿀 수 있습니다.")
        }
        let direction = order.descending ? say("descending", "내림차순") : say("ascending", "오름차순")
        return now
            ? say("Places are now sorted by \(sortKey(order.key)) (\(direction)).", "이제 \(sortKey(order.key)) \(direction)으로 정렬합니다.")
            : say("Places are sorted by \(sortKey(order.key)) (\(direction)).", "\(sortKey(order.key)) \(direction)으로 정렬합니다.")
    }

    package var sortedByNameUntilWeather: String {
        say("until weather has been fetched, places are listed by name.", "날씨를 받아 오기 전까지는 이름순으로 보여 줍니다.")
    }

    package func temperatureUnitName(_ unit: TemperatureUnit) -> String {
        switch unit {
        case .celsius: say("celsius", "섭씨")
        case .fahrenheit: say("fahrenheit", "화씨")
        case .kelvin: say("kelvin", "켈빈")
        }
    }

    package func temperaturesShown(in unit: TemperatureUnit, now: Bool) -> String {
        let name = "\(temperatureUnitName(unit)) (\(unit.symbol))"
        return now ? say("Temperatures are now shown in \(name).", "이제 기온을 \(name)로 보여 줍니다.")
            : say("Temperatures are shown in \(name).", "기온은 \(name)로 보여 줍니다.")
    }

    package func windShown(in unit: WindUnit, now: Bool) -> String {
        now ? say("Wind speeds are now shown in \(unit.symbol).", "이제 풍속을 \(unit.symbol)(으)로 보여 줍니다.")
            : say("Wind speeds are shown in \(unit.symbol).", "풍속은 \(unit.symbol)(으)로 보여 줍니다.")
    }

    package var nothingSavedYet: String { say("No places saved yet. Add one with: forecast add Seoul", "저장된 장소가 없습니다. 추가하려면: forecast add 서울") }

    // MARK: - Choosing among candidates

    package func couldBeAnyOf(_ query: String, _ count: Int) -> String {
        say("\(quoted(query)) could be any of \(count) places:", "\(quoted(query))(이)라는 곳이 \(count)군데 있습니다:")
    }

    package func nothingSavedChoose(_ example: String) -> String {
        say("Nothing was saved. Choose one with --pick N (for example: \(example)), or narrow with --country CC.",
            "저장하지 않았습니다. --pick N으로 고르거나(예: \(example)) --country CC로 좁히세요.")
    }

    package func othersCalled(_ query: String, _ others: Int) -> String {
        say("\(others == 1 ? "1 other place is" : "\(others) other places are") called \(quoted(query)); see 'forecast search \(SafeText.quoted(query))' and use --pick to choose another.",
            "\(quoted(query))(이)라는 다른 곳이 \(others)군데 더 있습니다. 'forecast search \(SafeText.quoted(query))'로 보고 --pick으로 고르세요.")
    }

    package var foundOnline: String {
        say("Not in the built-in gazetteer; found online (Open-Meteo geocoding):", "내장 지명 사전에 없어 온라인(Open-Meteo 지오코딩)에서 찾았습니다:")
    }

    /// Both were asked: the built-in gazetteer, then the online service.
    package func searchFoundNothing(_ query: String) -> String {
        say("no place called \(quoted(query)), in the gazetteer or online", "\(quoted(query))(이)라는 곳을 지명 사전에서도 온라인에서도 찾지 못했습니다")
    }

    package var candidateHeaders: [String] {
        [say("#", "#"), say("Name", "이름"), say("Region", "지역"), say("Country", "나라"), say("Coordinates", "좌표"),
         say("Time zone", "시간대"), say("Population", "인구")]
    }

    // MARK: - Weather

    package var listHeaders: [String] {
        ["#", say("Name", "이름"), say("Local time", "현지 시각"), "", say("Weather", "날씨"), say("Temp", "기온"),
         say("Feels", "체감"), say("Humidity", "습도"), say("Today", "오늘"), say("Rain", "강수"), ""]
    }

    package func errorKind(_ kind: WeatherError.Kind) -> String {
        switch kind {
        case .network: say("network", "네트워크 오류")
        case .timeout: say("timeout", "시간 초과")
        case .rateLimited: say("rateLimited", "요청 한도 초과")
        case .unauthorized: say("unauthorized", "인증 실패")
        case .notFound: say("notFound", "찾을 수 없음")
        case .badResponse: say("badResponse", "잘못된 응답")
        case .provider: say("provider", "서비스 오류")
        case .cancelled: say("cancelled", "중단됨")
        }
    }

    /// "timeout: no complete answer within the 10 s budget" / "시간 초과: 10 s 안에 …".
    package func weatherError(_ error: WeatherError) -> String {
        "\(errorKind(error.kind)): \(detail(error))"
    }

    /// What went wrong, after the kind. A failure without a typed detail (which
    /// field of an answer failed validation) is described by the error itself.
    package func detail(_ error: WeatherError) -> String {
        SafeText.clean(error.detail.map { korean ? koreanDetail($0) : $0.english } ?? error.message, maxLength: 300)
    }

    private func koreanDetail(_ detail: WeatherError.Detail) -> String {
        let because = { (reason: String?) in reason.map { ": \($0)" } ?? "" }
        switch detail {
        case .noAnswerInTime: return "제시간에 완전한 응답이 오지 않았습니다"
        case .noAnswerWithin(let seconds): return "\(WeatherRefresher.duration(seconds)) 안에 완전한 응답이 오지 않았습니다"
        case .noTimeLeft: return "요청할 시간이 남지 않았습니다"
        case .cannotConnect(let server): return "\(server)에 연결할 수 없습니다"
        case .cannotTalk(let server): return "\(server)과(와) 통신할 수 없습니다"
        case .connectionClosed(let server): return "\(server)이(가) 연결을 끊었습니다"
        case .refusedKey(let status, let reason): return "서비스가 API 키를 거부했습니다 (HTTP \(status))" + because(reason)
        case .notFound(let reason): return "찾을 수 없습니다 (HTTP 404)" + because(reason)
        case .tooManyRequests(let reason): return "요청이 너무 많습니다 (HTTP 429)" + because(reason)
        case .serviceFailed(let status, let reason): return "서비스에 문제가 생겼습니다 (HTTP \(status))" + because(reason)
        case .status(let code, let reason): return "HTTP \(code)" + because(reason)
        case .tooLarge(let megabytes): return "응답이 \(megabytes) MB보다 큽니다"
        case .damagedCompression: return "압축된 응답이 허용된 크기보다 크거나 손상되었습니다"
        case .tooManyRedirects: return "서버가 너무 여러 번 다른 곳으로 보냈습니다"
        case .cancelled: return "중단됨"
        case .waitLonger(let inner, let message, let seconds):
            let wait = WeatherRefresher.duration(seconds)
            return (inner.map(koreanDetail) ?? message) + "; 서비스가 남은 시간보다 긴 \(wait)을(를) 기다리라고 합니다. \(wait) 뒤에 다시 시도하세요"
        case .invalid(let part, let problem):
            let subject = switch part {
            case .field(let name): name
            case .answer: "응답"
            case .currentWeather: "현재 날씨 응답"
            case .forecast: "예보 응답"
            }
            let predicate = switch problem {
            case .notFinite: "이(가) 유한한 수가 아닙니다"
            case .outside(let value, let range): " 값 \(value)이(가) \(range) 범위를 벗어났습니다"
            case .tooMany(let count): " 항목이 \(count)개로 너무 많습니다"
            case .tooManyValues: "에 어떤 응답보다도 많은 값이 들어 있습니다"
            case .farFromNow: "이(가) 지금에서 1년 넘게 떨어져 있습니다"
            case .notADate: "이(가) 날짜가 아닙니다"
            case .notATime: "이(가) 시각이 아닙니다"
            case .missingOrNotATime: "이(가) 없거나 시각이 아닙니다"
            case .missing: "이(가) 없습니다"
            case .wrongType: "의 형식이 틀렸습니다"
            case .notValid: " 값이 올바르지 않습니다"
            case .notValidJSON: "이(가) 올바른 JSON이 아닙니다"
            case .empty: "이(가) 비어 있습니다"
            case .unreadable: "을(를) 읽을 수 없습니다"
            }
            return (problem.isImplausible ? "비정상 값: " : "") + subject + predicate
        case .clientLimit(let calls, let seconds):
            return "분당 \(SafeNumber.rounded(calls) ?? 0)회로 정한 요청 한도 때문에 이 요청을 \(WeatherRefresher.duration(seconds)) 기다려야 해서 남은 시간을 넘습니다. 그 뒤에 다시 시도하세요"
        case .noAnswer: return "응답이 없습니다"
        case .noLocations: return "응답에 장소가 하나도 없습니다"
        case .noEntryForPlace: return "응답에 이 장소가 없습니다"
        case .entriesForPlace(let count): return "응답에 이 장소가 \(count)번 있습니다"
        case .serviceError(let reason): return reason.map { "서비스가 오류를 알렸습니다: \($0)" } ?? "서비스가 오류를 알렸습니다"
        }
    }

    package func interrupted(_ age: String?) -> String {
        age.map { say("interrupted (\($0))", "중단됨 (\($0))") } ?? say("interrupted", "중단됨")
    }

    package func stale(_ age: String?) -> String { age.map { say("stale, \($0)", "오래됨, \($0)") } ?? say("stale", "오래됨") }

    package var noWeatherYet: String { say("no weather yet", "날씨 없음") }

    package func position(_ position: Int, of count: Int) -> String { say("\(position) of \(count)", "\(count)곳 중 \(position)번째") }

    package func feelsLike(_ temperature: String) -> String { say("feels like \(temperature)", "체감 \(temperature)") }

    /// "NNE" / "북북동".
    package func compass(_ point: CompassPoint) -> String {
        guard korean else { return point.rawValue }
        let names: [CompassPoint: String] = [
            .n: "북", .nne: "북북동", .ne: "북동", .ene: "동북동", .e: "동", .ese: "동남동", .se: "남동", .sse: "남남동",
            .s: "남", .ssw: "남남서", .sw: "남서", .wsw: "서남서", .w: "서", .wnw: "서북서", .nw: "북서", .nnw: "북북서",
        ]
        return names[point] ?? point.rawValue
    }

    package var humidity: String { say("Humidity", "습도") }
    package var wind: String { say("Wind", "바람") }
    package var pressure: String { say("Pressure", "기압") }
    package var gusts: String { say("Gusts", "돌풍") }
    package var clouds: String { say("Clouds", "구름") }
    package var visibility: String { say("Visibility", "가시거리") }
    package var precipitation: String { say("Precipitation", "강수량") }
    package var sunriseSunset: String { say("Sunrise/set", "일출/일몰") }
    package var uvIndex: String { say("UV today", "오늘 자외선") }
    package var airQuality: String { say("Air", "대기질") }

    package func uvCategory(_ category: UVCategory) -> String {
        switch category {
        case .low: say("low", "낮음")
        case .moderate: say("moderate", "보통")
        case .high: say("high", "높음")
        case .veryHigh: say("very high", "매우 높음")
        case .extreme: say("extreme", "위험")
        }
    }

    package func airCategory(_ category: AirQuality.Category) -> String {
        switch category {
        case .good: say("good", "좋음")
        case .moderate: say("moderate", "보통")
        case .unhealthyForSensitiveGroups: say("unhealthy for sensitive groups", "민감군 나쁨")
        case .unhealthy: say("unhealthy", "나쁨")
        case .veryUnhealthy: say("very unhealthy", "매우 나쁨")
        case .hazardous: say("hazardous", "위험")
        }
    }

    /// "6 (high)".
    package func uv(_ index: Double?) -> String {
        guard let index, let rounded = SafeNumber.rounded(index) else { return "–" }
        return "\(rounded) (\(uvCategory(UVCategory(index: index))))"
    }

    /// "AQI 42 (good) · PM2.5 6 µg/m³", or why there is none.
    package func air(_ air: AirQuality?, error: WeatherError?) -> String {
        if let air, !air.isEmpty {
            var parts: [String] = []
            if let aqi = air.usAQI, let rounded = SafeNumber.rounded(aqi) {
                let category = airCategory(AirQuality.Category(usAQI: aqi))
                parts.append(say("AQI \(rounded) (\(category))", "지수 \(rounded) (\(category), 미국 기준)"))
            }
            // In Korean, PM2.5 is 초미세먼지 and PM10 미세먼지, as the weather reports say.
            if let pm = air.pm2_5, let rounded = SafeNumber.rounded(pm) { parts.append(say("PM2.5", "초미세먼지") + " \(rounded) µg/m³") }
            if parts.isEmpty, let pm = air.pm10, let rounded = SafeNumber.rounded(pm) { parts.append(say("PM10", "미세먼지") + " \(rounded) µg/m³") }
            return parts.joined(separator: " · ")
        }
        if let error { return say("unavailable: ", "받지 못함: ") + weatherError(error) }
        return "–"
    }

    package func noWeather(_ error: WeatherError) -> String { say("No weather: ", "날씨 없음: ") + weatherError(error) }

    package var notSaved: String { say("not saved", "저장 안 됨") }

    package var weatherHeader: String { say("Weather", "날씨") }
    package var temperatureHeader: String { say("Temp", "기온") }

    // MARK: - report

    package func reportTitle(_ places: Int) -> String { say("Weather for \(count(places, "place", "places", "곳"))", "\(places)곳의 날씨") }

    package var reportHeaders: [String] {
        ["#", say("Place", "장소"), say("Local time", "현지 시각"), "", say("Weather", "날씨"), say("Temp", "기온"),
         say("Feels", "체감"), say("Humidity", "습도"), say("Wind", "바람"), say("Today", "오늘"), say("Rain", "강수"),
         say("UV", "자외선"), "AQI", ""]
    }

    package func hoursCaption(_ steps: Int, unit: String) -> String {
        say("Coming hours: temperature (line, \(unit)) and chance of precipitation (bars, %)",
            "앞으로의 시간: 기온 (선, \(unit))과 강수 확률 (막대, %)")
    }

    package func daysCaption(unit: String) -> String {
        say("Coming days: low to high (\(unit)) and chance of precipitation", "앞으로 며칠: 최저–최고 기온 (\(unit))과 강수 확률")
    }

    package func hoursChartLabel(low: String, high: String, rain: Int?) -> String {
        say("Temperature from \(low) to \(high)", "기온 \(low)–\(high)")
            + (rain.map { say(", chance of precipitation up to \($0)%", ", 강수 확률 최대 \($0)%") } ?? "")
    }

    /// `--refresh` asked nothing of a service whose answer is still valid.
    package func heldByExpiry(until time: String) -> String {
        say("the weather service asks not to be asked again before \(time): what is shown is its latest answer",
            "날씨 서비스가 \(time) 전에는 다시 묻지 말라고 합니다. 보이는 것은 그 서비스의 마지막 응답입니다")
    }

    package func reportCredits(_ source: SourceItem) -> String {
        say("Made by forecast. Weather: \(source.attribution); air quality: \(SourceItem.airQuality); places: GeoNames.",
            "forecast로 만들었습니다. 날씨: \(source.attribution), 대기질: \(SourceItem.airQuality), 장소: GeoNames.")
    }

    /// The line under a table of weather: whose it is.
    package func weatherCredit(_ source: SourceItem, air: Bool) -> String {
        say("Weather: \(source.attribution)", "날씨: \(source.attribution)")
            + (air ? say("; air quality: \(SourceItem.airQuality)", ", 대기질: \(SourceItem.airQuality)") : "")
    }

    package func reportWritten(_ places: Int, to file: String) -> String {
        say("Wrote the report of \(count(places, "place", "places", "곳")) to \(quoted(file)).",
            "\(places)곳의 보고서를 \(quoted(file))에 썼습니다.")
    }

    // MARK: - export and import

    package func exported(_ count: Int, to file: String) -> String {
        say("Exported \(self.count(count, "place", "places", "곳")) to \(quoted(file)).",
            "\(count)곳을 \(quoted(file))에 내보냈습니다.")
    }

    package func cannotWrite(_ file: String, _ error: any Error) -> String {
        say("cannot write \(quoted(file)): ", "\(quoted(file))에 쓸 수 없습니다: ") + reason(error)
    }

    private func reason(_ error: any Error) -> String {
        guard let problem = error as? FileProblem else { return SafeText.clean((error as NSError).localizedDescription, maxLength: 200) }
        return switch problem {
        case .folder: say("it is a folder", "폴더입니다")
        case .socket: say("it is a socket, not a file", "파일이 아니라 소켓입니다")
        case .blockDevice: say("it is a block device, which is never overwritten", "블록 장치이므로 덮어쓰지 않습니다")
        case .notRegular: say("it is not a regular file", "일반 파일이 아닙니다")
        case .tooManyLinks: say("too many symbolic links", "심볼릭 링크가 너무 많습니다")
        case .missingFolder: say("its folder does not exist", "그 폴더가 없습니다")
        case .system(let code): SafeText.clean(String(cString: strerror(code)), maxLength: 200)
        }
    }

    package func cannotRead(_ file: String) -> String { say("cannot read \(quoted(file))", "\(quoted(file))을(를) 읽을 수 없습니다") }

    /// The output could not be written (`why`: the system's words, as a full disk's).
    package func cannotWriteOutput(_ why: String) -> String { say("cannot write the output: \(why)", "출력을 쓸 수 없습니다: \(why)") }

    package func imported(added: Int, skipped: Int, removed: Int, settings: Bool, dryRun: Bool) -> [String] {
        var lines: [String] = []
        if dryRun {
            lines.append(say("Dry run: nothing was changed.", "시험 실행이라 아무것도 바꾸지 않았습니다."))
            if removed > 0 { lines.append(say("\(count(removed, "place", "places", "곳")) would be removed first.", "먼저 \(removed)곳을 지우게 됩니다.")) }
            lines.append(say("\(count(added, "place", "places", "곳")) would be imported; \(skipped) already saved would be skipped.",
                             "\(added)곳을 가져오고, 이미 저장된 \(skipped)곳은 건너뛰게 됩니다."))
            if settings { lines.append(say("The file's settings would be kept.", "파일의 설정을 적용하게 됩니다.")) }
            return lines
        }
        if removed > 0 { lines.append(say("Removed \(count(removed, "place", "places", "곳")) first (--replace).", "먼저 \(removed)곳을 지웠습니다 (--replace).")) }
        lines.append(say("Imported \(count(added, "place", "places", "곳")); \(skipped) already saved, skipped.",
                         "\(added)곳을 가져왔습니다. 이미 저장된 \(skipped)곳은 건너뛰었습니다."))
        if settings { lines.append(say("The file's settings were kept.", "파일의 설정을 적용했습니다.")) }
        return lines
    }

    // MARK: - config

    package var configHeaders: [String] { [say("Setting", "설정"), say("Value", "값"), say("From", "출처")] }

    package func configSource(_ source: ConfigSource, variable: String?) -> String {
        switch source {
        case .environment: say("environment", "환경 변수") + (variable.map { " (\($0))" } ?? "")
        case .config: say("config", "설정")
        case .locale: say("locale", "로캘") + (variable.map { " (\($0))" } ?? "")
        case .builtIn: say("default", "기본값")
        }
    }

    package func configSet(_ key: String, _ value: String) -> String { say("\(key) is now \(value).", "\(key)을(를) \(value)(으)로 바꿨습니다.") }

    package func configUnset(_ key: String, now value: String) -> String {
        say("\(key) is no longer set; it is \(value) now.", "\(key) 설정을 지웠습니다. 지금 값은 \(value)입니다.")
    }

    package func configOverridden(_ variable: String, _ value: String) -> String {
        say("Note: \(variable) is set, so it decides while it is: \(value).",
            "참고: \(variable)이(가) 설정되어 있어 그 값이 우선합니다: \(value).")
    }

    package func notSavedHint(_ name: String, _ command: String) -> String {
        say("\(quoted(name)) is not saved; nothing was changed. To save it: \(command)",
            "\(quoted(name))은(는) 저장된 곳이 아니며 아무것도 바꾸지 않았습니다. 저장하려면: \(command)")
    }

    package var nothingCachedUnsaved: String {
        say("Nothing is cached for a place that is not saved; run without --offline to fetch it.",
            "저장하지 않은 곳의 날씨는 저장해 두지 않습니다. --offline 없이 실행하면 받아 옵니다.")
    }

    package var noWeatherCached: String {
        say("No weather cached yet; run without --offline to fetch it.", "저장된 날씨가 아직 없습니다. --offline 없이 실행하면 받아 옵니다.")
    }

    package func staleBecause(_ age: String, _ error: WeatherError) -> String {
        say("Stale (\(age)): this fetch failed, ", "오래됨 (\(age)): 이번에 받아 오지 못했습니다, ") + weatherError(error)
    }

    package func staleNote(_ age: String) -> String { say("Stale, \(age)", "오래됨, \(age)") }

    /// "Updated 3 h ago" as a sentence of its own.
    package func capitalised(_ age: String) -> String { korean ? age : age.prefix(1).uppercased() + age.dropFirst() }

    package func nextHours(_ hours: Int) -> String { say(hours == 1 ? "Next hour" : "Next \(hours) hours", "앞으로 \(hours)시간") }
    package var hourHeaders: [String] { [say("Time", "시각"), "", say("Temp", "기온"), say("Feels", "체감"), say("Rain", "강수"), say("Wind", "바람")] }
    package var comingDays: String { say("Coming days", "앞으로 며칠") }
    package var dayHeaders: [String] { [say("Day", "날짜"), "", say("Weather", "날씨"), say("Low", "최저"), say("High", "최고"), say("Rain", "강수")] }

    // MARK: - Progress and the end of a refresh

    package func fetching(_ done: Int, _ total: Int) -> String { say("Fetching weather \(done)/\(total)…", "날씨 받는 중 \(done)/\(total)…") }

    package func waitingForRateLimit(_ done: Int, _ total: Int, _ duration: String) -> String {
        say("Fetching weather \(done)/\(total): waiting up to \(duration) for the rate limit…",
            "날씨 받는 중 \(done)/\(total): 요청 한도 때문에 최대 \(duration) 기다립니다…")
    }

    package var interruptedKept: String { say("interrupted; the weather that had arrived was kept", "중단했습니다. 이미 받은 날씨는 저장했습니다") }

    package func notSaved(_ reason: StoreError) -> String {
        say("the weather was shown but not saved: ", "날씨를 보여 줬지만 저장하지 못했습니다: ") + SafeText.clean(message(reason), maxLength: 300)
    }

    /// "weather for 2 of 5 places could not be fetched (1 timeout, 1 notFound)".
    package func failedSummary(_ failed: [WeatherError], of places: Int) -> String {
        let kinds = Dictionary(grouping: failed, by: \.kind).map { "\($0.value.count) \(errorKind($0.key))" }.sorted()
        return say("weather for \(failed.count) of \(count(places, "place", "places", "곳")) could not be fetched",
                   "\(places)곳 중 \(failed.count)곳의 날씨를 받아 오지 못했습니다")
            + " (\(kinds.joined(separator: ", ")))"
    }
}
