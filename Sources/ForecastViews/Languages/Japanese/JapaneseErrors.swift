import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// What went wrong, in Japanese: the words of `ErrorWords`.
extension Japanese {
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
            return "緯度 \(Coordinate.format(value, beyond: 90)) は範囲外です: -90 から 90 の間で指定してください"
        case .longitudeOutOfRange(let value):
            return "経度 \(Coordinate.format(value, beyond: 180)) は範囲外です: -180 から 180 の間で指定してください"
        case .nothingSaved:
            return "保存された地点がありません: 'forecast add <名前>' で追加してください"
        case .positionOutOfRange(let position, let count):
            return "\(position)番の地点はありません(保存されている地点は\(self.count(count, "か所"))です)"
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
        case .setting(_, .notSettings):
            return #"ファイルの "settings" がエクスポートの設定の形ではありません({"temperatureUnit": "celsius"} のようなオブジェクトにしてください)"#
        case .setting(let key, .invalid(let value, let allowed)):
            let given = value.map { " \(quoted($0)) は使えません" } ?? "使えない値があります"
            return "ファイルの設定 \(key) に\(given)" + (allowed.map { ": \($0)" } ?? "")
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
        let fields = WeatherField.compared.map(\.comparedName).joined(separator: ", ")
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
        case .briefAndFull: "--brief と --full は同時に使えません(1画面か、すべてか)"
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
        case .notDecimal(let option, let typed?):
            "\(option) には 10 や 2.5 のように 10 進数の数字で書いた数を指定してください(\(quoted(typed)) は使えません)"
        case .notDecimal(let option, nil):
            "\(option) には 10 や 2.5 のように 10 進数の数字で書いた数を指定してください\(self.typed(nil))"
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
}
