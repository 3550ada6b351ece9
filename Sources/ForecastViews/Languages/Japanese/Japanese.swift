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
    func count(_ n: Int, _ counter: String) -> String { "\(n)\(counter)" }

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

    static let weekdays = ["日", "月", "火", "水", "木", "金", "土"]

    // MARK: - Commands' answers

    package func relabelled(_ place: Place, to label: String) -> String {
        "\(describe(place))はすでに保存されているため、名前を\(SafeText.clean(label))に変更しました。"
    }

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

    package var nothingSavedYet: String { "保存された地点はまだありません。追加するには: forecast add 東京" }

    // MARK: - Choosing among candidates

    package func couldBeAnyOf(_ query: String, _ count: Int) -> String {
        "\(quoted(query))に当てはまる場所が\(self.count(count, "か所"))あります:"
    }

    package func noneCalledButLike(_ query: String, _ count: Int, online: Bool) -> String {
        let asked = online ? "地名辞書にもオンラインにも" : "地名辞書に(--offline のためオンラインは検索していません)"
        return "\(asked)\(quoted(query))という場所はありません。" + (count == 1 ? "こちらのことですか?" : "次の\(self.count(count, "か所"))のいずれかですか?")
    }

    package func nothingSavedChooseNear(_ example: String) -> String {
        "保存していません。--pick N で選ぶか(例: \(example))、--lat と --lon で追加してください。"
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

    /// Both were asked: the built-in gazetteer, then the online service.
    package func searchFoundNothing(_ query: String) -> String {
        "\(quoted(query))という場所は、地名辞書にもオンラインにも見つかりませんでした"
    }

    // MARK: - Weather

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

    func japaneseDetail(_ detail: WeatherError.Detail) -> String {
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

    package var humidity: String { "湿度" }
    package var wind: String { "風" }
    package var pressure: String { "気圧" }
    package var clouds: String { "雲量" }
    package var visibility: String { "視程" }
    package var precipitation: String { "降水量" }
    package var sunriseSunset: String { "日の出/日の入り" }
    package var uvIndex: String { "今日の紫外線" }
    package var airQuality: String { "大気質" }

    package var pollen: String { "花粉" }

    /// "米国AQI 42 (良い) · PM2.5 6 µg/m³", "悪い (韓国環境部基準) · PM10 95 µg/m³ · PM2.5 40 µg/m³", or why there is none.
    package func air(_ air: AirQuality?, scale: AirScale, error: WeatherError?) -> String {
        if let air, !air.isEmpty { return AirText.sentence(air, scale: scale, words: self, pm10: "PM10", pm2_5: "PM2.5") }
        if let error { return "取得できません: " + weatherError(error) }
        return "–"
    }

    // MARK: - report

    package func reportTitle(_ places: Int) -> String { "\(count(places, "か所"))の天気" }

    package var reportHeaders: [String] {
        ["#", "地点", "現地時刻", "", "天気", "気温",
         "体感", "湿度", "風", "今日", "降水",
         "紫外線", "大気質", "備考"]
    }

    package func hoursCaption(_ steps: Int, unit: String) -> String {
        "1時間ごとの予報: 気温(折れ線、\(unit))と降水確率(棒、%)"
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

    func reason(_ error: any Error) -> String {
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
        lines.append("\(count(added, "か所"))をインポートしました。" + (skipped > 0 ? "保存済みの\(count(skipped, "か所"))はスキップしました。" : ""))
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

    package var hourHeaders: [String] { ["時刻", "", "気温", "体感", "降水", "風"] }
    package var comingDays: String { "今後の数日間" }
    package var dayHeaders: [String] { ["日付", "", "天気", "最低", "最高", "降水"] }

    // MARK: - Progress and the end of a refresh

    package func waitingForRateLimit(_ done: Int, _ total: Int, _ duration: String) -> String {
        "天気を取得中 \(done)/\(total): リクエスト制限のため最大 \(duration) 待機します…"
    }

    package var interruptedKept: String { "中断しました。取得済みの天気は保存しました" }

}
