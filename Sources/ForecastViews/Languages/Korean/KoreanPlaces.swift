import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What every face says (`PlaceWords`), in Korean: dates and clocks, ages, a place
/// and its weather as text, a place saved or removed.
extension Korean {
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

    package func saved(_ place: Place) -> String { "\(describe(place)) 저장했습니다." }

    package func alreadySaved(_ place: Place) -> String {
        "\(describe(place)) 이미 저장되어 있습니다. 바뀐 것은 없습니다."
    }

    package func removed(_ place: Place) -> String { "\(describe(place)) 삭제했습니다." }

    package func twelveHour(_ reading: ClockReading) -> String {
        let (text, afternoon) = reading.twelveHour
        return (afternoon ? "오후 " : "오전 ") + text
    }

    package var foundOnline: String {
        "내장 지명 사전에 없어 온라인(Open-Meteo 지오코딩)에서 찾았습니다:"
    }

    package var candidateHeaders: [String] {
        ["#", "이름", "다른 이름", "지역", "나라", "좌표",
         "시간대", "인구"]
    }

    package var listHeaders: [String] {
        ["#", "이름", "현지 시각", "", "날씨", "기온",
         "체감", "습도", "오늘", "강수", ""]
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

    package var gusts: String { "돌풍" }

    package func uvCategory(_ category: UVCategory) -> String {
        switch category {
        case .low: "낮음"
        case .moderate: "보통"
        case .high: "높음"
        case .veryHigh: "매우 높음"
        case .extreme: "위험"
        }
    }

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

    package func noWeather(_ error: WeatherError) -> String { "날씨 없음: " + weatherError(error) }

    package var notSaved: String { "저장 안 됨" }

    package var weatherHeader: String { "날씨" }

    package var temperatureHeader: String { "기온" }

    /// The line under a table of weather: whose it is.
    package func weatherCredits(_ source: SourceItem, nextHours: String?, air: Bool, normals: Bool) -> [String] {
        ["날씨: \(source.attribution)"] + (nextHours.map { ["앞으로 2시간: \($0)"] } ?? [])
            + (air ? ["대기질: \(SourceItem.airQuality)"] : []) + (normals ? ["평년값: \(SourceItem.normals)"] : [])
    }

    package var creditSeparator: String { ", " }

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

    package func fetching(_ done: Int, _ total: Int) -> String { "날씨 받는 중 \(done)/\(total)…" }

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
