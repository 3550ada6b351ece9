import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// Every word `forecast` says in Japanese (日本語). The compiler holds it to
/// `Catalog`: a word missing here does not build.
package struct Japanese: Catalog {
    package init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }
    package let gazetteer: Gazetteer
    package var language: Language { .ja }

    /// "3か所": Japanese counts without a plural, with a counter.
    private func count(_ n: Int, _ counter: String) -> String { "\(n)\(counter)" }

    // MARK: - Prefixes

    package var errorPrefix: String { "エラー" }
    package var warningPrefix: String { "警告" }

    /// A saved row that cannot be read: left out of the list, with how to remove it.
    package func damaged(_ place: DamagedPlace) -> String {
        let which = place.label.map { "\(place.id) (\(quoted($0)))" } ?? "\(place.id)"
        return "\(warningPrefix): " + "保存された地点 \(which) を読み込めないため、一覧から除外しました(\(place.column) の値が正しくありません)。'forecast remove --damaged' で削除できます"
    }

    /// A saved setting that cannot be used: its default stands in until it is set again.
    package func damagedSetting(_ column: String) -> String {
        "\(warningPrefix): " + "保存された設定 \(column) の値が正しくないため、設定し直すまで既定値を使います('forecast config' または 'forecast units')"
    }

    package func removedDamaged(_ removed: Int) -> String {
        "読み込めない地点を\(count(removed, "か所"))削除しました。"
    }
    package var notePrefix: String { "注意" }

    // MARK: - Calendar and clock

    private static let weekdays = ["日", "月", "火", "水", "木", "金", "土"]

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

    // MARK: - Commands' answers

    package func saved(_ place: Place) -> String { "\(describe(place))を保存しました。" }

    package func relabelled(_ place: Place, to label: String) -> String {
        "\(describe(place))はすでに保存されているため、名前を\(SafeText.clean(label))に変更しました。"
    }

    package func alreadySaved(_ place: Place) -> String {
        "\(describe(place))はすでに保存されています。変更はありません。"
    }

    package func removed(_ place: Place) -> String { "\(describe(place))を削除しました。" }

    package func renamed(_ place: Place, to label: String) -> String {
        "\(describe(place))の名前を\(SafeText.clean(label))に変更しました。"
    }

    package func moved(_ place: Place, to position: Int) -> String {
        "\(describe(place))を\(position)番目に移動しました。並び順は手動になりました。"
    }

    package func sortKey(_ key: SortKey) -> String {
        switch key {
        case .name: "名前"
        case .temperature: "気温"
        case .humidity: "湿度"
        case .custom: "手動"
        }
    }

    /// "Places are now sorted by name (descending)."
    package func sorted(_ order: PlaceSort, now: Bool) -> String {
        if order.key == .custom {
            return now
                ? "並び順を手動(custom)にしました。'forecast move' で変更できます。"
                : "並び順は手動(custom)です。'forecast move' で変更できます。"
        }
        let direction = order.descending ? "降順" : "昇順"
        return now
            ? "地点を\(sortKey(order.key))の\(direction)に並べ替えました。"
            : "地点は\(sortKey(order.key))の\(direction)に並んでいます。"
    }

    package var sortedByNameUntilWeather: String {
        "天気を取得するまでは名前順に表示します。"
    }

    package func temperatureUnitName(_ unit: TemperatureUnit) -> String {
        switch unit {
        case .celsius: "摂氏"
        case .fahrenheit: "華氏"
        case .kelvin: "ケルビン"
        }
    }

    package func temperaturesShown(in unit: TemperatureUnit, now: Bool) -> String {
        let name = "\(temperatureUnitName(unit))(\(unit.symbol))"
        return now ? "気温を\(name)で表示するようにしました。"
            : "気温は\(name)で表示します。"
    }

    package func windShown(in unit: WindUnit, now: Bool) -> String {
        let name = unit == .bft ? "ビューフォート風力階級" : unit == .kn ? "ノット" : unit.symbol
        return now ? "風速を\(name)で表示するようにしました。" : "風速は\(name)で表示します。"
    }

    package func measuresShown(_ measures: MeasureUnits, now: Bool) -> String {
        let clock = measures.clock == .h12 ? "12時間制" : "24時間制"
        let precipitation = measures.precipitation == .inch ? "インチ" : "mm"
        let distance = measures.distance == .mi ? "マイル" : "km"
        return now
            ? "降水量を\(precipitation)、距離を\(distance)、気圧を\(measures.pressure.symbol)、時刻を\(clock)で表示するようにしました。"
            : "降水量は\(precipitation)、距離は\(distance)、気圧は\(measures.pressure.symbol)、時刻は\(clock)で表示します。"
    }

    /// "2:05 PM" / "午後2:05".
    package func twelveHour(_ reading: ClockReading) -> String {
        let (text, afternoon) = reading.twelveHour
        return (afternoon ? "午後" : "午前") + text
    }

    package var nothingSavedYet: String { "保存された地点はまだありません。追加するには: forecast add 東京" }

    // MARK: - Choosing among candidates

    package func couldBeAnyOf(_ query: String, _ count: Int) -> String {
        "\(quoted(query))に当てはまる場所が\(self.count(count, "か所"))あります:"
    }

    package func nothingSavedChoose(_ example: String, narrowed: Bool) -> String {
        narrowed ? "保存していません。--pick N で選んでください(例: \(example))。"
            : "保存していません。--pick N で選ぶか(例: \(example))、--country CC で絞り込んでください。"
    }

    package var showMore: String { "続きを表示: --full、または --hours N、--days N" }

    package func sameName(_ name: String, _ matches: [String], first: String) -> String {
        "\(quoted(name))という名前の保存地点が\(count(matches.count, "か所"))になりました(\(matches.joined(separator: ", "))): "
            + "show、remove、move、rename では番号か '\(SafeText.quoted(first))' のように区別してください。'forecast rename' で別の名前を付けられます。"
    }

    package func othersCalled(_ query: String, _ others: Int) -> String {
        "\(quoted(query))という場所はほかにも\(count(others, "か所"))あります。'forecast search \(SafeText.quoted(query))' で確認し、--pick で選んでください。"
    }

    package var foundOnline: String {
        "内蔵の地名辞書にないため、オンライン(Open-Meteo ジオコーディング)で見つけました:"
    }

    /// Both were asked: the built-in gazetteer, then the online service.
    package func searchFoundNothing(_ query: String) -> String {
        "\(quoted(query))という場所は、地名辞書にもオンラインにも見つかりませんでした"
    }

    package var candidateHeaders: [String] {
        ["#", "名前", "別名", "地域", "国", "座標",
         "タイムゾーン", "人口"]
    }

    // MARK: - Weather

    package var listHeaders: [String] {
        ["#", "名前", "現地時刻", "", "天気", "気温",
         "体感", "湿度", "今日", "降水", ""]
    }

    package func errorKind(_ kind: WeatherError.Kind) -> String {
        switch kind {
        case .network: "ネットワークエラー"
        case .timeout: "タイムアウト"
        case .rateLimited: "リクエスト制限"
        case .unauthorized: "認証失敗"
        case .notFound: "見つかりません"
        case .badResponse: "不正な応答"
        case .provider: "サービスエラー"
        case .cancelled: "中断"
        }
    }

    /// What went wrong, after the kind. A failure without a typed detail (which
    /// field of an answer failed validation) is described by the error itself.
    package func detail(_ error: WeatherError) -> String {
        SafeText.clean(error.detail.map(japaneseDetail) ?? error.message, maxLength: 300)
    }

    private func japaneseDetail(_ detail: WeatherError.Detail) -> String {
        let because = { (reason: String?) in reason.map { ": \($0)" } ?? "" }
        switch detail {
        case .noAnswerInTime: return "時間内に完全な応答がありませんでした"
        case .noAnswerWithin(let seconds): return "\(WeatherRefresher.duration(seconds)) 以内に完全な応答がありませんでした"
        case .noTimeLeft: return "リクエストする時間が残っていません"
        case .cannotConnect(let server): return "\(server) に接続できません"
        case .cannotTalk(let server): return "\(server) と通信できません"
        case .connectionClosed(let server): return "\(server) が接続を切断しました"
        case .refusedKey(let status, let reason): return "サービスが API キーを拒否しました (HTTP \(status))" + because(reason)
        case .notFound(let reason): return "見つかりません (HTTP 404)" + because(reason)
        case .tooManyRequests(let reason): return "リクエストが多すぎます (HTTP 429)" + because(reason)
        case .serviceFailed(let status, let reason): return "サービスで問題が発生しました (HTTP \(status))" + because(reason)
        case .status(let code, let reason): return "HTTP \(code)" + because(reason)
        case .tooLarge(let megabytes): return "応答が \(megabytes) MB を超えています"
        case .damagedCompression: return "圧縮された応答が許容サイズを超えているか、破損しています"
        case .tooManyRedirects: return "サーバーのリダイレクトが多すぎます"
        case .redirectedElsewhere: return "サーバーが別のアドレスにリダイレクトしましたが、forecast はリダイレクトをたどりません"
        case .cancelled: return "中断"
        case .waitLonger(let inner, let message, let seconds):
            let wait = WeatherRefresher.duration(seconds)
            return (inner.map(japaneseDetail) ?? message) + "。サービスは残り時間より長い \(wait) 待つよう求めています。\(wait) 後にもう一度お試しください"
        case .invalid(let part, let problem):
            let subject = switch part {
            case .field(let name): name
            case .answer: "応答"
            case .currentWeather: "現在の天気の応答"
            case .forecast: "予報の応答"
            }
            let predicate = switch problem {
            case .notFinite: " が有限の数ではありません"
            case .outside(let value, let range): " の値 \(value) が範囲 \(range) の外にあります"
            case .tooMany(let count): " の項目が \(count) 個あり、多すぎます"
            case .tooManyValues: " にどの応答よりも多くの値が含まれています"
            case .farFromNow: " が現在から1年以上離れています"
            case .notADate: " が日付ではありません"
            case .notATime: " が時刻ではありません"
            case .missingOrNotATime: " がないか、時刻ではありません"
            case .missing: " がありません"
            case .wrongType: " の型が正しくありません"
            case .notValid: " の値が正しくありません"
            case .notValidJSON: " が正しい JSON ではありません"
            case .empty: " が空です"
            case .unreadable: " を読み込めません"
            }
            return (problem.isImplausible ? "異常な値: " : "") + subject + predicate
        case .clientLimit(let calls, let seconds):
            return "1分あたり\(SafeNumber.rounded(calls) ?? 0)回に設定したリクエスト制限のため、このリクエストは \(WeatherRefresher.duration(seconds)) 待つ必要があり、残り時間を超えます。その後にもう一度お試しください"
        case .noAnswer: return "応答がありません"
        case .noLocations: return "応答に地点が1つもありません"
        case .noEntryForPlace: return "応答にこの地点がありません"
        case .entriesForPlace(let count): return "応答にこの地点が\(count)回含まれています"
        case .entryElsewhere(let kilometres): return "応答にあるこの地点の項目は \(kilometres) km 離れた場所のものです"
        case .serviceError(let reason): return reason.map { "サービスがエラーを返しました: \($0)" } ?? "サービスがエラーを返しました"
        }
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

    package var humidity: String { "湿度" }
    package var wind: String { "風" }
    package var pressure: String { "気圧" }
    package var gusts: String { "突風" }
    package var clouds: String { "雲量" }
    package var visibility: String { "視程" }
    package var precipitation: String { "降水量" }
    package var sunriseSunset: String { "日の出/日の入り" }
    package var uvIndex: String { "今日の紫外線" }
    package var airQuality: String { "大気質" }

    package func uvCategory(_ category: UVCategory) -> String {
        switch category {
        case .low: "弱い"
        case .moderate: "中程度"
        case .high: "強い"
        case .veryHigh: "非常に強い"
        case .extreme: "極端に強い"
        }
    }

    package var pollen: String { "花粉" }
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

    /// "米国AQI 42 (良い) · PM2.5 6 µg/m³", "悪い (韓国環境部基準) · PM10 95 µg/m³ · PM2.5 40 µg/m³", or why there is none.
    package func air(_ air: AirQuality?, scale: AirScale, error: WeatherError?) -> String {
        if let air, !air.isEmpty { return AirText.sentence(air, scale: scale, words: self, pm10: "PM10", pm2_5: "PM2.5") }
        if let error { return "取得できません: " + weatherError(error) }
        return "–"
    }

    package func noWeather(_ error: WeatherError) -> String { "天気情報なし: " + weatherError(error) }

    package var notSaved: String { "未保存" }

    package var weatherHeader: String { "天気" }
    package var temperatureHeader: String { "気温" }

    // MARK: - report

    package func reportTitle(_ places: Int) -> String { "\(count(places, "か所"))の天気" }

    package var reportHeaders: [String] {
        ["#", "地点", "現地時刻", "", "天気", "気温",
         "体感", "湿度", "風", "今日", "降水",
         "紫外線", "大気質", "備考"]
    }

    package func hoursCaption(_ steps: Int, unit: String) -> String {
        "今後の時間ごと: 気温(線、\(unit))と降水確率(棒、%)"
    }

    package func daysCaption(unit: String) -> String {
        "今後の数日間: 最低〜最高気温(\(unit))と降水確率"
    }

    package func hoursChartLabel(low: String, high: String, rain: Int?) -> String {
        "気温 \(low)〜\(high)"
            + (rain.map { "、降水確率 最大\($0)%" } ?? "")
    }

    /// `--refresh` asked nothing of a service whose answer is still valid.
    package func heldByExpiry(until time: String) -> String {
        "天気サービスから \(time) までは再度問い合わせないよう求められています。表示しているのはそのサービスの最新の応答です"
    }

    package func reportCredits(_ source: SourceItem, normals: Bool) -> String {
        "forecast で作成しました。天気: \(source.attribution)、大気質: \(SourceItem.airQuality)、"
            + (normals ? "平年値: \(SourceItem.normals)、" : "") + "地点: GeoNames。"
    }

    /// The line under a table of weather: whose it is.
    package func weatherCredits(_ source: SourceItem, nextHours: String?, air: Bool, normals: Bool) -> [String] {
        ["天気: \(source.attribution)"] + (nextHours.map { ["今後2時間: \($0)"] } ?? [])
            + (air ? ["大気質: \(SourceItem.airQuality)"] : []) + (normals ? ["平年値: \(SourceItem.normals)"] : [])
    }

    package var creditSeparator: String { "、" }

    package func reportWritten(_ places: Int, to file: String) -> String {
        "\(count(places, "か所"))のレポートを\(quoted(file))に書き出しました。"
    }

    // MARK: - export and import

    package func exported(_ count: Int, to file: String) -> String {
        "\(self.count(count, "か所"))を\(quoted(file))にエクスポートしました。"
    }

    package func cannotWrite(_ file: String, _ error: any Error) -> String {
        "\(quoted(file))に書き込めません: " + reason(error)
    }

    private func reason(_ error: any Error) -> String {
        guard let problem = error as? FileProblem else { return SafeText.clean((error as NSError).localizedDescription, maxLength: 200) }
        return switch problem {
        case .folder: "フォルダーです"
        case .socket: "ファイルではなくソケットです"
        case .blockDevice: "ブロックデバイスのため上書きしません"
        case .notRegular: "通常のファイルではありません"
        case .tooManyLinks: "シンボリックリンクが多すぎます"
        case .missingFolder: "そのフォルダーがありません"
        case .database: "使用中のデータベース(またはそのジャーナルファイル)のため上書きしません"
        case .system(let code): SafeText.clean(String(cString: strerror(code)), maxLength: 200)
        }
    }

    package func cannotRead(_ file: String) -> String { "\(quoted(file))を読み込めません" }

    /// The output could not be written (`why`: the system's words, as a full disk's).
    package func cannotWriteOutput(_ why: String) -> String { "出力を書き込めません: \(why)" }

    package func imported(added: Int, skipped: Int, removed: Int, settings: Bool, dryRun: Bool) -> [String] {
        var lines: [String] = []
        if dryRun {
            lines.append("ドライランのため、何も変更していません。")
            if removed > 0 { lines.append("まず\(count(removed, "か所"))を削除します。") }
            lines.append("\(count(added, "か所"))をインポートし、保存済みの\(count(skipped, "か所"))はスキップします。")
            if settings { lines.append("ファイルの設定を適用します。") }
            return lines
        }
        if removed > 0 { lines.append("まず\(count(removed, "か所"))を削除しました(--replace)。") }
        lines.append("\(count(added, "か所"))をインポートしました。保存済みの\(count(skipped, "か所"))はスキップしました。")
        if settings { lines.append("ファイルの設定を適用しました。") }
        return lines
    }

    // MARK: - config

    package var configHeaders: [String] { ["設定", "値", "設定元"] }

    package func configSource(_ source: ConfigSource, variable: String?) -> String {
        switch source {
        case .environment: "環境変数" + (variable.map { " (\($0))" } ?? "")
        case .config: "設定"
        case .locale: "ロケール" + (variable.map { " (\($0))" } ?? "")
        case .builtIn: "既定値"
        }
    }

    package func configSet(_ key: String, _ value: String) -> String { "\(key) を \(value) に変更しました。" }

    package func configUnset(_ key: String, now value: String) -> String {
        "\(key) の設定を削除しました。現在の値は \(value) です。"
    }

    package func configOverridden(_ variable: String, _ value: String) -> String {
        "注意: \(variable) が設定されているため、その値が優先されます: \(value)。"
    }

    package func notSavedHint(_ name: String, _ command: String) -> String {
        "\(quoted(name))は保存された地点ではないため、何も変更していません。保存するには: \(command)"
    }

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
    package var hourHeaders: [String] { ["時刻", "", "気温", "体感", "降水", "風"] }
    package var comingDays: String { "今後の数日間" }
    package var dayHeaders: [String] { ["日付", "", "天気", "最低", "最高", "降水"] }

    // MARK: - Progress and the end of a refresh

    package func fetching(_ done: Int, _ total: Int) -> String { "天気を取得中 \(done)/\(total)…" }

    package func waitingForRateLimit(_ done: Int, _ total: Int, _ duration: String) -> String {
        "天気を取得中 \(done)/\(total): リクエスト制限のため最大 \(duration) 待機します…"
    }

    package var interruptedKept: String { "中断しました。取得済みの天気は保存しました" }

    package func notSaved(_ reason: StoreError) -> String {
        "天気を表示しましたが、保存できませんでした: " + SafeText.clean(message(reason), maxLength: 300)
    }

    /// "weather for 2 of 5 places could not be fetched (not found: 1, timed out: 1)" / "(タイムアウト 1か所、…)".
    package func failedSummary(_ failed: [WeatherError], of places: Int) -> String {
        let kinds = Dictionary(grouping: failed, by: \.kind).map { "\(errorKind($0.key)) \(count($0.value.count, "か所"))" }.sorted()
        return "\(count(places, "か所"))中\(count(failed.count, "か所"))の天気を取得できませんでした"
            + "(\(kinds.joined(separator: "、")))"
    }

    package func field(_ field: InputError.Field) -> String {
        switch field {
        case .name: "名前"
        case .label: "表示名"
        case .searchText: "検索語"
        case .latitude: "緯度"
        case .longitude: "経度"
        case .position: "番号"
        }
    }

    package func message(_ error: InputError) -> String {
        switch error {
        case .empty(let what):
            return "\(field(what))が空です"
        case .unsafeCharacters(let what, let text):
            return "\(field(what)) \(quoted(text))に制御文字または文字方向の制御文字が含まれています"
        case .invisible(let what):
            return "\(field(what))に表示される文字がありません"
        case .numericLabel(let text):
            return "表示名を数字だけにすることはできません(\(quoted(text))): 数字は一覧の番号で地点を選ぶのに使います"
        case .addressLabel(let text):
            return "表示名の末尾を '#' と数字にすることはできません(\(quoted(text))): 同じ名前の地点はそれで区別します"
        case .tooLong(let what, let length, let maximum):
            return "\(field(what))が長すぎます(\(length)文字、最大\(maximum)文字)"
        case .notANumber(let what, let text):
            return "\(field(what)) \(quoted(text))は数値ではありません"
        case .latitudeOutOfRange(let value):
            return "緯度 \(Coordinate.format(value)) は範囲外です: -90 から 90 の間で指定してください"
        case .longitudeOutOfRange(let value):
            return "経度 \(Coordinate.format(value)) は範囲外です: -180 から 180 の間で指定してください"
        case .nothingSaved:
            return "保存された地点がありません: 'forecast add <名前>' で追加してください"
        case .positionOutOfRange(let position, let count):
            return "\(position)番は範囲外です: 保存された地点は\(self.count(count, "か所"))です"
        case .noSavedMatch(let text):
            return "\(quoted(text))に一致する保存地点はありません: 'forecast list' で確認してください"
        case .noSuchAddress(let text, let matches):
            return "\(quoted(text))という保存地点は(もう)ありません。その名前の地点: " + matches.map(match).joined(separator: ", ")
        case .ambiguousReference(let text, let matches):
            let names = matches.map(match).joined(separator: ", ")
            if let first = matches.first?.address, matches.allSatisfy({ $0.address != nil }) {
                return "\(quoted(text))という保存地点が\(count(matches.count, "か所"))あります(\(names)): 番号か、'\(SafeText.quoted(first))' のように「名前#番号」を使ってください"
            }
            return "\(quoted(text))に一致する保存地点が\(count(matches.count, "か所"))あります(\(names)): 番号か、より長い名前を使ってください"
        case .pickOutOfRange(let pick, let candidates):
            return "--pick \(pick) は範囲外です: 候補は\(count(candidates, "件"))です"
        case .badCountryCode(let text):
            return "\(quoted(text))は国コードではありません: JP、US のような2文字の ISO コード(カンマの後には国名も可)を使ってください"
        case .notFound(let query, let country, let suggestion):
            let within = country.map { "(\($0.uppercased()))" } ?? ""
            if let suggestion { return "\(quoted(query))\(within)という場所は、地名辞書にもオンラインにも見つかりませんでした。\(quoted(suggestion))のことですか？" }
            return "\(quoted(query))\(within)という場所は、地名辞書にもオンラインにも見つかりませんでした: つづりを確認するか、--lat と --lon で追加してください"
        case .notInGazetteer(let query, let country, let suggestion):
            let within = country.map { "(\($0.uppercased()))" } ?? ""
            let meant = suggestion.map { "。\(quoted($0))のことですか？" } ?? ""
            return "\(quoted(query))\(within)という場所は地名辞書になく、--offline のためオンラインでは検索していません\(meant)"
        }
    }

    /// 環境変数の値を引用符付きで、または表示しない理由を。
    func typed(_ text: String?) -> String { text.map { quoted($0) } ?? "(キーの可能性があるため値は表示しません)" }

    package func message(_ error: SettingsError) -> String {
        switch error {
        case .unknownProvider(let name):
            return "\(WeatherSettings.providerVariable) \(typed(name)) は不明なサービスです: \(Self.providerNames(or: "または")) のいずれかを使ってください"
        case .badLanguage(let text):
            return "FORECAST_LANG \(typed(text)) は対応していない言語です: \(Self.languageCodes(or: "または")) のいずれかを使ってください"
        case .badTTL(let text):
            return "\(WeatherSettings.ttlVariable) \(typed(text)) は分単位の数値ではありません"
        case .badConcurrency(let text):
            return "\(WeatherSettings.concurrencyVariable) \(typed(text)) は 1 から 256 までの数値ではありません"
        case .missingKey(let variable):
            let provider = WeatherProviders.all.first { $0.keyVariable == variable }?.credit ?? variable
            let keyless = WeatherProviders.default.name
            return "\(provider) には API キーが必要です: \(variable) を設定してください(キーが不要な --provider \(keyless) もあります)"
        case .badContact(let variable):
            return "\(variable) には、200文字以内の ASCII のメールアドレスか URL を括弧なしで指定してください"
        case .badURL(let variable, let value):
            return "\(variable) \(typed(value)) は http(s) の URL ではありません"
        }
    }

    package func message(_ error: ConfigError) -> String {
        switch error {
        case .unknownKey(let name?):
            return "\(quoted(name))という設定はありません。設定: \(Self.configKeys)"
        case .unknownKey(nil):
            return "そのような設定はありません(入力した値はキーの可能性があるため表示しません)。設定: \(Self.configKeys)"
        case .badValue(let key, let value?, let allowed):
            // The time to live is in minutes: said in the language, the range alone comes from the rule.
            let unit = key == .ttl ? "分" : ""
            return "\(key.rawValue) に \(quoted(value)) は使えません: \(allowed)\(unit)"
        case .badValue(let key, nil, let allowed):
            let unit = key == .ttl ? "分" : ""
            return "\(key.rawValue) に入力した値は使えません(キーの可能性があるため表示しません): \(allowed)\(unit)"
        case .secret(let name):
            let variables = WeatherProviders.all.compactMap(\.keyVariable).joined(separator: ", ")
            return "\(quoted(name))は保存しません: 環境変数 \(variables) に設定してください"
        }
    }

    package func message(_ error: ImportError) -> String {
        switch error {
        case .tooLarge(_, let maximum):
            return "ファイルが \(maximum / 1_048_576) MB を超えています。エクスポートしたファイルがこれほど大きくなることはありません"
        case .notText: return "ファイルが UTF-8 のテキストではありません"
        case .notJSON(let field?): return "正しいエクスポートファイルではありません: \(field) を読み込めません"
        case .notJSON(nil): return "ファイルが正しい JSON ではありません"
        case .notAnExport:
            return "forecast でエクスポートしたファイルではありません(\"format\": \"\(PlaceExport.formatName)\" と version がありません)"
        case .unknownVersion(let version):
            return "ファイルのバージョンは \(version) です。この forecast が読み込めるのはバージョン \(PlaceExport.currentVersion) だけです(より新しい forecast で書き出したファイルですか？)"
        case .csv(.unclosedQuote(let record)):
            return "CSV \(record)件目のレコード: 引用符が閉じられていません"
        case .csv(.strayQuote(let record)):
            return "CSV \(record)件目のレコード: フィールドの途中に引用符があります"
        case .badHeader:
            let expected = PlaceExport.csvHeader.joined(separator: ",")
            return "forecast でエクスポートしたファイルではありません: その JSON でも、見出し行 '\(expected)' で始まる CSV でもありません"
        case .tooManyPlaces(let maximum):
            return "ファイルに\(count(maximum, "か所"))を超える地点があります。エクスポートしたファイルがそうなることはありません"
        case .empty: return "ファイルが空です"
        case .setting(let key, let value):
            return "ファイルの設定 \(key) に \(quoted(value)) は使えません"
        case .row(let row, let problem):
            let what: String = switch problem {
            case .missing(let field): "\(field) がありません"
            case .wrongType(let field): "\(field) の型が正しくありません"
            case .columns(let found, let expected): "フィールドが\(found)個あります。\(expected)個である必要があります"
            case .input(let error): message(error)
            case .badTimeZone(let zone): "\(quoted(zone))はタイムゾーンではありません"
            case .badCountry(let code): "\(quoted(code))は国コードではありません"
            case .badRegion: "地域に保存できない文字が含まれています"
            case .badGeonamesID(let id): "\(quoted(id))は GeoNames の ID ではありません"
            case .notJSON: "正しい JSON ではありません"
            }
            return "\(row)番目の地点: " + what + "。何もインポートしていません"
        }
    }

    package func message(_ error: PlaceLookupError) -> String {
        switch error {
        case .onlineLookupFailed(let query, let failure, let suggestion):
            "内蔵の地名辞書に\(quoted(query))がなく、オンライン検索にも失敗しました(\(weatherError(failure)))"
                + (suggestion.map { "。\(quoted($0))のことですか？" } ?? "")
        case .unknownLocalZone:
            "このコンピューターのタイムゾーンがわかりません($TZ も /etc/localtime のリンクもありません): --lat と --lon を使ってください"
        case .unreadableZoneTable(let path):
            "\(SafeText.clean(path)) を読み込めません(tzdata をインストールしてください): --lat と --lon を使ってください"
        case .zoneWithoutCity(let zone):
            "タイムゾーン \(quoted(zone)) に対応する都市がありません: --lat と --lon を使ってください"
        }
    }

    package func message(_ error: StoreError) -> String {
        switch error {
        case .notADatabase(let path):
            "\(path) は SQLite データベースではありません。変更はしていません(--db で別のファイルを選んでください)"
        case .foreignDatabase(let path):
            "\(path) は forecast のデータベースではありません。変更はしていません(--db で別のファイルを選んでください)"
        case .newerSchema(let path, let found, let known):
            "\(path) はより新しい forecast で作成されたファイルです(スキーマ \(found)、このバージョンは \(known) まで対応)。forecast をアップグレードしてください。ファイルは変更していません"
        case .cannotOpen(let path, let reason):
            "データベース \(path) を開けません: \(reason)"
        case .replaced(let path):
            "データベースが開かれている間に置き換えられたか、削除されました(\(path))。何も書き込んでいません。これ以降は現在その場所にあるファイルを使います(もう一度お試しください)"
        case .diskFull(let path):
            "データベース \(path) を作成できません: ディスクがいっぱいです。何も残していません(空き容量を確保するか、--db で別のディスクのファイルを選んでください)"
        case .cannotWrite(let path, let reason):
            "データベース \(path) に書き込めません(読み取り専用です): \(reason)"
        case .damagedInTheWay(let place):
            "その地点は読み込めない \(place.id) 番の行に保存されています(\(place.column) の値が正しくありません)。'forecast remove --damaged' で削除できます"
        case .busy:
            "データベースが使用中でした: 別の forecast が、待機できる時間より長くロックしていました"
        case .failed(let reason):
            "データベースエラー: \(reason)"
        }
    }

    /// "--where 'rain>=x', 'x' の位置(7文字目): 数値が必要です".
    package func filterProblem(_ text: String, _ error: FilterExpression.ParseError) -> String {
        let fields = FilterField.allCases.map(\.rawValue).joined(separator: ", ")
        let what: String = switch error.problem {
        case .unknownField(let name): "\(name) というフィールドはありません。フィールド: \(fields)"
        case .expectedField: "フィールドが必要です(\(fields))"
        case .expectedComparison: "<, <=, >, >=, = または != が必要です"
        case .expectedNumber: "数値が必要です"
        case .expectedAndOr: "'and'、'or' または式の終わりが必要です"
        case .unclosedParenthesis: "この括弧が閉じられていません"
        case .tooDeep(let maximum):
            "括弧と 'not' の入れ子が\(maximum)段を超えています"
        case .tooLong(let maximum):
            "1つの式に比較が\(maximum)個を超えています"
        case .unexpectedCharacter: "この文字は使えません"
        }
        let token = error.token.isEmpty
            ? "末尾"
            : "'\(error.token)' の位置(\(error.position)文字目)"
        return "--where '\(SafeText.quoted(text))', \(token): \(what)"
    }

    package func usage(_ problem: UsageProblem) -> String {
        switch problem {
        case .language: "--lang には \(Self.languageCodes(or: "または")) のいずれかを指定してください"
        case .removeWhat: "削除する地点か --damaged のどちらかを指定してください"
        case .refreshAndOffline: "--refresh と --offline は同時に使えません"
        case .concurrency: "--concurrency は 1 から 256 の間で指定してください"
        case .timeout: "--timeout は 0 秒より大きく 300 秒以下で指定してください"
        case .ttl: "--ttl は 0 分以上で指定してください"
        case .rateLimit: "--rate-limit は 1 分あたり 1 回以上で指定してください"
        case .batchSize: "--batch-size は 1 から 100 の間で指定してください"
        case .nextAndPrevious: "--next と --previous は同時に使えません"
        case .placeAndPaging: "地点と --next/--previous のどちらか一方だけを指定してください"
        case .unsetAndKey: "--unset KEY と KEY [VALUE] のどちらか一方だけを指定してください"
        case .days(let days): "--days は 1 から 7 の間で指定してください(\(days) は指定できません)"
        case .hours(let hours): "--hours は 1 から 48 の間で指定してください(\(hours) は指定できません)"
        case .hereTakesNothing: "--here には名前、座標、--pick、--country を一緒に指定できません"
        case .nameAndCoordinates: "名前と --lat/--lon のどちらか一方だけを指定してください"
        case .latitudeAndLongitude: "--lat と --lon は両方とも指定してください"
        case .pickWithCoordinates: "--pick と --country は座標ではなく名前に対して使います"
        case .nameOrCoordinates: "地点名、または --lat と --lon を指定してください"
        case .pickFromOne(let pick): "--pick は 1 から数えます(\(pick) は指定できません)"
        case .limit(let limit): "--limit は 1 から 100 の間で指定してください(\(limit) は指定できません)"
        case .templateNeedsLine: "--template は --format line と一緒に使います"
        case .templateField(let name):
            "--template に '\(SafeText.quoted(name))' というフィールドはありません。使えるフィールド: \(Self.fieldList)"
        case .templateUnclosed(let text):
            "--template の '\(SafeText.quoted(text))' が閉じられていません。フィールドは {name} のように書きます"
        case .descendingNeedsKey:
            "--descending には並べ替えの基準が必要です(例: 'forecast sort name --descending')"
        case .unknownCommand(let word, let suggestion?):
            "\(quoted(word)) は forecast のコマンドではありません。'\(suggestion)' のことですか？('forecast --help' を参照)"
        case .unknownCommand(let word, nil):
            "\(quoted(word)) は forecast のコマンドではありません('forecast --help' を参照)"
        }
    }

    /// The argument parser's own complaint (it writes English), in the user's
    /// language where its shape is known; as it is otherwise.
    package func parserMessage(_ english: String) -> String {
        if let m = english.wholeMatch(of: /Missing expected argument '(.+)'/) {
            return "必要な引数 '\(m.1)' がありません"
        }
        if let m = english.wholeMatch(of: /Missing value for '(.+)'/) {
            return "'\(m.1)' に値がありません"
        }
        if let m = english.wholeMatch(of: /Unknown option '([^']+)'\.?(?: Did you mean '([^']+)'\?)?/) {
            return "不明なオプション '\(m.1)'" + (m.2.map { "('\($0)' のことですか？)" } ?? "")
        }
        if let m = english.wholeMatch(of: /Unexpected argument '(.+)'/) {
            return "不要な引数 '\(m.1)'"
        }
        if let m = english.wholeMatch(of: /The value '([^']*)' is invalid for '([^']+)'(?:\. Please provide one of (?:the following: )?(.+?)\.?)?/) {
            return "'\(m.1)' は '\(m.2)' に使えない値です" + (m.3.map { ": \($0.replacingOccurrences(of: " or ", with: ", ")) のいずれかを使ってください" } ?? "")
        }
        return english
    }

    // MARK: - The full-screen app

    package func browseListTitle(_ count: Int, sort: PlaceSort, unit: String) -> String {
        let order = sort.key == .custom ? "手動の並び順" : "\(sortKey(sort.key)) \(sort.descending ? "↓" : "↑")"
        return "\(self.count(count, "か所")) · \(order) · \(unit)"
    }
    package var browseSearchTitle: String { "検索" }
    package var browseNotSavedTitle: String { "未保存" }
    package var browseListKeys: String { "? ヘルプ  q 終了  / 検索  Enter 開く  s 並べ替え  u 単位  d 削除  r 更新" }
    package var browseDetailKeys: String { "? ヘルプ  q 終了  ←→ 前/次  Esc 一覧  [ ] 時間ごと  Tab 日付  ↑↓ スクロール  u 単位  r 更新" }
    package var browseSearchKeys: String { "名前を入力  Enter 天気  ↑↓ 選択  Esc 戻る  Ctrl-U 消去" }
    package var browseFoundKeys: String { "a 追加  Esc 検索に戻る  q 終了  [ ] 時間ごと  ↑↓ スクロール  u 単位" }
    package var browseHelp: [(title: String, keys: [(key: String, does: String)])] {
        [
            ("一覧", [
                ("↑ ↓  k j", "地点を選択"), ("Enter →", "天気を開く"), ("s", "並べ替え: 手動、名前、気温、湿度"),
                ("S", "並べ替えの向きを逆にする"), ("u", "単位: °C, °F, K"), ("K J", "手動の並び順で上下に移動"),
                ("d のあと y", "地点を削除"), ("z", "削除を取り消す(次の変更まで)"), ("r", "今すぐ更新"),
                ("/", "追加する地点を検索"), ("ホイール、クリック", "選択。クリックで地点を開く"),
            ]),
            ("詳細", [
                ("← → h l", "前/次の地点(端まで行くと反対の端へ)"), ("[ ]  < >", "時間ごとの予報を送る"),
                ("Tab", "日付: ↑ ↓ で選び、Enter でその日の時間ごと(← → 前日/翌日)、Esc で戻る"),
                ("↑ ↓  k j", "スクロール"), ("PgUp PgDn Space", "1画面ずつスクロール"), ("Home End g G", "先頭、末尾"),
                ("ホイール、クリック", "スクロール。日付をクリックするとその日の時間ごと"), ("r", "今すぐ更新"), ("Esc", "一覧に戻る"),
            ]),
            ("検索", [
                ("文字", "内蔵の地点を絞り込む(英語・韓国語・日本語)"), ("↑ ↓", "選択"),
                ("Enter", "天気を見る(見つからないときはオンラインで検索)"), ("a", "表示中の地点を追加"), ("Ctrl-U", "入力を消去"), ("Esc", "戻る"),
            ]),
            ("共通", [("u", "°C, °F, K"), ("U", "単位: 気温、風、降水量、距離、気圧、時計"), ("?", "このヘルプ"), ("q  Ctrl-C", "終了")]),
        ]
    }
    package var browseHelpClose: String { "q または Ctrl-C で終了、ほかのキーでこのヘルプを閉じます。" }
    package func browseTooSmall(width: Int, height: Int, needs: (width: Int, height: Int)) -> String {
        "ウィンドウのサイズが \(width)×\(height) です。forecast browse には \(needs.width)×\(needs.height) 以上が必要です。"
    }
    package var browseSearchPrompt: String { "検索: " }
    package var browseSearchHint: String { "地点名を英語・韓国語・日本語で入力してください。例: 東京、sao paulo" }
    package var browseEmptyHint: String { "保存された地点はありません。名前を入力し、Enter で天気を見てから a で追加してください。" }
    package func browseNothingOffline(_ query: String, suggestion: String?) -> String {
        "内蔵の一覧に\(quoted(query))に一致する地点はありません。"
            + (suggestion.map { "\(quoted($0))のことですか？" } ?? "")
            + "Enter を押すとオンラインで検索します。"
    }
    package var browseAsking: String { "オンラインで検索中…" }
    package func browseNothingOnline(_ query: String) -> String { "\(quoted(query))という地点は、内蔵の一覧にもオンラインにも見つかりませんでした。" }
    package func browseConfirmRemoval(_ name: String) -> String { "\(name)を削除しますか？ y で削除、ほかのキーでキャンセルします。" }
    package var browseAddHint: String { "a を押すと保存地点に追加" }
    package var browseEmptyList: String { "保存された地点はありません。/ を押して地点を探し、a で追加してください。" }
    package var browseOwnOrderShown: String { "手動の並び順です(K と J はこの並び順の中で移動します)。移動するにはもう一度 K か J を押してください。" }
    package func browseWriteFailed(_ reason: String) -> String { "保存できず、何も変更されていません: \(reason)" }
    package var browseNeedsTerminal: String {
        "forecast browse には入力と出力の両方に端末が必要です。スクリプトやパイプでは 'forecast list' と 'forecast show' を使ってください"
    }
}
