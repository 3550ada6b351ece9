import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What every face says (`PlaceWords`), in Japanese: dates and clocks, ages, a place
/// and its weather as text, a place saved or removed.
extension Japanese {
    package func weekday(_ date: CivilDate) -> String {
        Self.weekdays[date.weekday]
    }

    /// "Sun 22 Nov" / "11月22日(日)".
    package func day(_ date: CivilDate) -> String {
        "\(date.month)月\(date.day)日(\(weekday(date)))"
    }

    /// "Sun 22 Nov 2026 14:05" / "2026年11月22日(日) 14:05".
    package func dateTime(_ r: ClockReading) -> String {
        "\(r.date.year)年\(day(r.date)) \(time(r))"
    }

    /// "Sun 14:05" / "(日) 14:05".
    package func weekdayTime(_ r: ClockReading) -> String {
        "(\(weekday(r.date))) \(time(r))"
    }

    /// "updated 3 h ago" / "3時間前に更新".
    package func age(_ fetchedAt: Date, now: Date) -> String {
        let elapsed = now.timeIntervalSince(fetchedAt)
        let seconds = elapsed.isFinite ? min(max(0, elapsed), 1e12) : 0
        switch seconds {
        case ..<60: return "たった今更新"
        case ..<3600: return "\(Int(seconds / 60))分前に更新"
        case ..<172_800: return "\(Int(seconds / 3600))時間前に更新"
        default: return "\(Int(seconds / 86_400))日前に更新"
        }
    }

    package func near(_ city: String) -> String { "\(city)付近" }

    package func saved(_ place: Place) -> String { "\(describe(place))を保存しました。" }

    package func alreadySaved(_ place: Place) -> String {
        "\(describe(place))はすでに保存されています。変更はありません。"
    }

    package func removed(_ place: Place) -> String { "\(describe(place))を削除しました。" }

    /// "2:05 PM" / "午後2:05".
    package func twelveHour(_ reading: ClockReading) -> String {
        let (text, afternoon) = reading.twelveHour
        return (afternoon ? "午後" : "午前") + text
    }

    package var foundOnline: String {
        "内蔵の地名辞書にないため、オンライン(Open-Meteo ジオコーディング)で見つけました:"
    }

    package var candidateHeaders: [String] {
        ["#", "名前", "別名", "地域", "国", "座標",
         "タイムゾーン", "人口"]
    }

    package var listHeaders: [String] {
        ["#", "名前", "現地時刻", "", "天気", "気温",
         "体感", "湿度", "今日", "降水", ""]
    }

    package func interrupted(_ age: String?) -> String {
        age.map { "中断(\($0))" } ?? "中断"
    }

    package func stale(_ age: String?) -> String { age.map { "古いデータ、\($0)" } ?? "古いデータ" }

    package var noWeatherYet: String { "天気情報なし" }

    package func position(_ position: Int, of count: Int) -> String { "\(self.count(count, "か所"))中\(position)番目" }

    package func feelsLike(_ temperature: String) -> String { "体感 \(temperature)" }

    /// "NNE" / "北北東".
    package func compass(_ point: CompassPoint) -> String {
        let names: [CompassPoint: String] = [
            .n: "北", .nne: "北北東", .ne: "北東", .ene: "東北東", .e: "東", .ese: "東南東", .se: "南東", .sse: "南南東",
            .s: "南", .ssw: "南南西", .sw: "南西", .wsw: "西南西", .w: "西", .wnw: "西北西", .nw: "北西", .nnw: "北北西",
        ]
        return names[point] ?? point.rawValue
    }

    package var gusts: String { "突風" }

    package func uvCategory(_ category: UVCategory) -> String {
        switch category {
        case .low: "弱い"
        case .moderate: "中程度"
        case .high: "強い"
        case .veryHigh: "非常に強い"
        case .extreme: "極端に強い"
        }
    }

    package var grainsPerCubicMetre: String { "個/m³" }

    package func pollenPlant(_ plant: AirQuality.Pollen.Plant) -> String {
        switch plant {
        case .alder: "ハンノキ"
        case .birch: "シラカバ"
        case .grass: "イネ科"
        case .mugwort: "ヨモギ"
        case .olive: "オリーブ"
        case .ragweed: "ブタクサ"
        }
    }

    package func highAgainstYesterday(_ change: Int, kelvin: Bool) -> String {
        let degrees = { (n: Int) in kelvin ? "\(n) K" : "\(n)°" }
        if change == 0 { return "最高気温は昨日と同じ" }
        return "最高気温は昨日より\(degrees(abs(change)))" + (change > 0 ? "高い" : "低い")
    }

    package func highAgainstNormal(_ change: Int, kelvin: Bool, range: String) -> String {
        let degrees = { (n: Int) in kelvin ? "\(n) K" : "\(n)°" }
        let against = change == 0 ? "最高気温は平年並み" : "最高気温は平年より\(degrees(abs(change)))" + (change > 0 ? "高い" : "低い")
        return against + "(\(ClimateNormals.period)年の平年値 \(range))"
    }

    package func airGrade(_ name: AirGrade.Name) -> String {
        switch name {
        case .good: "良い"
        case .moderate: "普通"
        case .unhealthyForSensitiveGroups: "敏感な人には不健康"
        case .unhealthy: "不健康"
        case .veryUnhealthy: "非常に不健康"
        case .hazardous: "危険"
        case .fair: "まずまず"
        case .poor: "悪い"
        case .veryPoor: "非常に悪い"
        case .extremelyPoor: "極めて悪い"
        // The Korean Ministry of Environment's grades (좋음, 보통, 나쁨, 매우나쁨).
        case .bad: "悪い"
        case .veryBad: "非常に悪い"
        }
    }

    package func airScale(_ scale: AirScale) -> String {
        switch scale {
        case .us: "米国AQI"
        case .eu: "欧州AQI"
        case .kr: "韓国環境部基準"
        }
    }

    package func noWeather(_ error: WeatherError) -> String { "天気情報なし: " + weatherError(error) }

    package var notSaved: String { "未保存" }

    package var weatherHeader: String { "天気" }

    package var temperatureHeader: String { "気温" }

    /// The line under a table of weather: whose it is.
    package func weatherCredits(_ source: SourceItem, nextHours: String?, air: Bool, normals: Bool) -> [String] {
        ["天気: \(source.attribution)"] + (nextHours.map { ["今後2時間: \($0)"] } ?? [])
            + (air ? ["大気質: \(SourceItem.airQuality)"] : []) + (normals ? ["平年値: \(SourceItem.normals)"] : [])
    }

    package var creditSeparator: String { "、" }

    package var nothingCachedUnsaved: String {
        "保存していない地点の天気はキャッシュしません。--offline を付けずに実行すると取得します。"
    }

    package var noWeatherCached: String {
        "キャッシュされた天気はまだありません。--offline を付けずに実行すると取得します。"
    }

    package var fetchingItsWeather: String { "天気を取得中…" }

    package var fetchingHoursAndDays: String { "時間ごと・日ごとの予報を取得中…" }

    package var fetchingTheLatest: String { "最新の天気を取得中…" }

    package var hoursAndDaysNotFetched: String { "一覧の概要だけを表示しています: 時間ごと・日ごとの予報を取得できませんでした。" }

    package var hoursAndDaysNotCached: String { "時間ごと・日ごとの予報はキャッシュされていません。--offline を付けずに実行すると取得します。" }

    package func staleBecause(_ age: String, _ error: WeatherError) -> String {
        "古いデータ(\(age)): 今回は取得できませんでした。" + weatherError(error)
    }

    package func staleNote(_ age: String) -> String { "古いデータ、\(age)" }

    /// "Updated 3 h ago" as a sentence of its own: Japanese has no capitals.
    package func capitalised(_ age: String) -> String { age }

    package func nextHours(_ hours: Int) -> String { "今後\(hours)時間" }

    package func fetching(_ done: Int, _ total: Int) -> String { "天気を取得中 \(done)/\(total)…" }

    package func notSaved(_ reason: StoreError) -> String {
        "天気を表示しましたが、保存できませんでした: " + SafeText.clean(message(reason), maxLength: 300)
    }

    /// "weather for 2 of 5 places could not be fetched (not found: 1, timed out: 1)" / "(タイムアウト 1か所、…)".
    package func failedSummary(_ failed: [WeatherError], of places: Int) -> String {
        let kinds = Dictionary(grouping: failed, by: \.kind).map { "\(errorKind($0.key)) \(count($0.value.count, "か所"))" }.sorted()
        return "\(count(places, "か所"))中\(count(failed.count, "か所"))の天気を取得できませんでした"
            + "(\(kinds.joined(separator: "、")))"
    }
}
