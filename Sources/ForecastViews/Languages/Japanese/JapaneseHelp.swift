/// `--help` in Japanese: each help text the commands declare (in English, as
/// ArgumentParser takes them), in Japanese. A text missing here shows in English;
/// a test checks that none is missing.
package enum JapaneseHelp: HelpTranslation {

    package static let headings = HelpHeadings(
        overview: "概要", usage: "使い方", arguments: "引数", options: "オプション", subcommands: "サブコマンド", examples: "例",
        englishHelp: "英語のヘルプ", perCommand: "コマンドごと: forecast help <コマンド>", subcommand: "<サブコマンド>")
    package static let texts: [String: String] = [
        "Keep your favourite places and see their weather at once.":
            "お気に入りの地点を保存し、その天気をひと目で確認します。",
        "Save a place, found by name or given by coordinates.":
            "名前で検索した地点、または座標で指定した地点を保存します。",
        "Forget saved places.":
            "保存した地点を削除します。",
        "Give a saved place the name you want to see.":
            "保存した地点に、表示したい名前を付けます。",
        "Show the saved places and their weather, in the current sort order.":
            "保存した地点とその天気を、現在の並び順で表示します。",
        "Show or set the order of the saved places.":
            "保存した地点の並び順を表示または設定します。",
        "Put a place at another position (switches the sort to custom).":
            "地点を別の位置に移動します(並び順は手動に切り替わります)。",
        "Browse your places full-screen: the list, each place's detail, search as you type.":
            "全画面で地点を閲覧します: 一覧、地点ごとの詳細、入力しながらの検索。",
        "Show one place's weather in detail, saved or not; a saved one is remembered as the last viewed.":
            "1か所の天気を詳しく表示します(保存していない地点も可)。保存した地点は、最後に表示した地点として記憶します。",
        "Show or set the units: temperature, wind, precipitation, distance, pressure and the clock.":
            "単位を表示または設定します: 気温、風、降水量、距離、気圧、時刻。",
        "Look places up, built in and online, without saving them.":
            "保存せずに、内蔵の地名辞書とオンラインで地点を検索します。",
        "Show or set the preferences kept for later runs.":
            "次回以降の実行でも保持される設定を表示または変更します。",
        "Write the saved places (and the settings) to a file, to carry them elsewhere.":
            "保存した地点(と設定)をファイルに書き出し、別の環境へ持ち運べるようにします。",
        "Add the places of an exported file (JSON or CSV), all or none.":
            "書き出したファイル(JSON または CSV)の地点を追加します。すべて追加するか、何も追加しません。",
        "Write one self-contained HTML report of every saved place's weather.":
            "保存したすべての地点の天気を、単体で完結した HTML レポート1つに書き出します。",
        "Show the official weather warnings in force at every saved place, most severe first.":
            "保存したすべての地点で発表中の公式の警報・注意報を、深刻なものから順に表示します。",
        "Output format: table, json, csv or line (a warning a line).":
            "出力形式: table、json、csv、line(警報1件につき1行)。",
        "Show subcommand help information.":
            "サブコマンドのヘルプを表示します。",
        "The place's name (several words are joined).":
            "地点の名前(複数の単語はつなげます)。",
        "Latitude in degrees (-90 to 90).":
            "緯度(度単位、-90〜90)。",
        "Longitude in degrees (-180 to 180).":
            "経度(度単位、-180〜180)。",
        "Add where you are, roughly: the main city of this computer's time zone ($TZ or /etc/localtime).":
            "現在地をおおまかに追加します: このコンピューターのタイムゾーン($TZ または /etc/localtime)の代表都市。",
        "The name to show for the place.":
            "その地点に表示する名前。",
        "Choose candidate N of an ambiguous name.":
            "複数の地点に当てはまる名前で、N 番目の候補を選びます。",
        "Only consider places in this country (ISO code, e.g. KR, US).":
            "この国の地点だけを対象にします(ISO コード、例: KR、US)。",
        "The database file.":
            "データベースファイル。",
        "Output format: table or json.":
            "出力形式: table または json。",
        "Language: {languages} (default: $FORECAST_LANG, else from $LC_ALL, $LC_MESSAGES or $LANG).":
            "言語: {languages}(既定値: $FORECAST_LANG、なければ $LC_ALL、$LC_MESSAGES、$LANG から)。",
        "Show the version.":
            "バージョンを表示します。",
        "Show help information.":
            "ヘルプを表示します。",
        "Places to remove.":
            "削除する地点。",
        "Remove the saved rows that cannot be read (list names them), and nothing else.":
            "読み取れない保存済みの行(list が示します)だけを削除し、ほかには何もしません。",
        "The place: its number, name or the start of its name.":
            "地点: 番号、名前、または名前の先頭部分。",
        "The new label.":
            "新しい表示名。",
        "Only the places whose weather matches, e.g. 'rain>=60 and temp<5'.":
            "天気が条件に合う地点だけ。例: 'rain>=60 and temp<5'。",
        "Output format: table, json, csv, tsv, markdown or line (default: $FORECAST_FORMAT, else 'forecast config format', else table).":
            "出力形式: table、json、csv、tsv、markdown、line(既定値: $FORECAST_FORMAT、なければ 'forecast config format'、なければ table)。",
        "Fetch now, even if the cached weather is recent.":
            "キャッシュした天気が新しくても、今すぐ取得します。",
        "Use only cached weather; make no request.":
            "キャッシュした天気だけを使い、リクエストは送りません。",
        "open-meteo (default, no key), openweathermap (needs OPENWEATHER_API_KEY) or metno (no key). Default: $FORECAST_PROVIDER, else 'forecast config provider'.":
            "open-meteo(既定、キー不要)、openweathermap(OPENWEATHER_API_KEY が必要)、metno(キー不要)。既定値: $FORECAST_PROVIDER、なければ 'forecast config provider'。",
        "Requests in flight at once (default 8, or $FORECAST_CONCURRENCY, or 'forecast config concurrency').":
            "同時に送るリクエストの数(既定値 8、または $FORECAST_CONCURRENCY、'forecast config concurrency')。",
        "Seconds the whole refresh may take: every request, retry and wait.":
            "更新全体にかけてよい秒数: すべてのリクエスト、再試行、待機を含みます。",
        "Cached weather younger than this is used without asking (default 10, or $FORECAST_TTL_MINUTES, or 'forecast config ttl').":
            "これより新しいキャッシュの天気は、問い合わせずに使います(分、既定値 10、または $FORECAST_TTL_MINUTES、'forecast config ttl')。",
        "Calls a minute allowed (default: 600 for open-meteo, 60 for openweathermap, 1200 for metno).":
            "1分あたりに許される呼び出しの数(既定値: open-meteo は 600、openweathermap は 60、metno は 1200)。",
        "Places per request where the provider batches (open-meteo); 1 turns batching off.":
            "まとめてリクエストできるサービス(open-meteo)で、1リクエストに含める地点の数。1 にするとまとめません。",
        "name, temperature (or temp), humidity or custom.":
            "name、temperature(または temp)、humidity、custom。",
        "Largest (or last in the alphabet) first.":
            "値の大きいもの(またはアルファベット順で後ろのもの)から順に。",
        "The new position, from 1; or first or last.":
            "新しい位置(1から)、または first、last。",
        "Open on the list, not on the place viewed last.":
            "最後に表示した地点ではなく、一覧から開きます。",
        "The place: its number, name or the start of its name; or any place's name.":
            "地点: 番号、名前、名前の先頭部分、または任意の地点の名前。",
        "Latitude of a place to show, saved or not.":
            "表示する地点の緯度(保存していない地点も可)。",
        "Longitude of a place to show, saved or not.":
            "表示する地点の経度(保存していない地点も可)。",
        "Only consider places in this country (ISO code).":
            "この国の地点だけを対象にします(ISO コード)。",
        "Show the place after the last viewed one.":
            "最後に表示した地点の次の地点を表示します。",
        "Show the place before the last viewed one.":
            "最後に表示した地点の前の地点を表示します。",
        "How many days of forecast to show (1–7; default 7, fewer to fit a short terminal).":
            "表示する予報の日数(1–7、既定値 7、端末の高さが足りなければ減らします)。",
        "How many hours of forecast to show (1–48; default 24, fewer to fit a short terminal).":
            "表示する予報の時間数(1–48、既定値 24、端末の高さが足りなければ減らします)。",
        "Show everything: 48 hours with the chart and 7 days, however tall.":
            "すべて表示します: 48時間分とグラフ、7日分を、長さにかかわらず。",
        "On a terminal: only the part of the page that fits in the window.":
            "端末で: ページのうちウィンドウに収まる部分だけを表示します。",
        "metric or imperial; or a temperature unit: celsius, fahrenheit or kelvin (c, f, k).":
            "metric または imperial、または気温の単位: celsius、fahrenheit、kelvin(c、f、k)。",
        "Wind speed: ms, kmh, mph, kn (knots) or bft (Beaufort).":
            "風速: ms、kmh、mph、kn(ノット)、bft(ビューフォート風力階級)。",
        "Precipitation: mm or in.":
            "降水量: mm または in。",
        "Distance (visibility): km or mi.":
            "距離(視程): km または mi。",
        "Pressure: hPa, inHg or mmHg.":
            "気圧: hPa、inHg、mmHg。",
        "Times of day: 24h or 12h.":
            "時刻: 24h または 12h。",
        "The name or the start of it (several words are joined).":
            "名前または名前の先頭部分(複数の単語はつなげます)。",
        "Only places in this country (ISO code).":
            "この国の地点だけ(ISO コード)。",
        "At most this many results (1-100).":
            "結果の最大件数(1-100)。",
        "Show each candidate's current weather too (fetched in one batch; nothing is saved).":
            "候補ごとに現在の天気も表示します(まとめて取得し、何も保存しません)。",
        "With --weather: open-meteo (default, no key), openweathermap (needs OPENWEATHER_API_KEY) or metno (no key) (default: $FORECAST_PROVIDER, else 'forecast config provider').":
            "--weather と併用: open-meteo(既定、キー不要)、openweathermap(OPENWEATHER_API_KEY が必要)、metno(キー不要)(既定値: $FORECAST_PROVIDER、なければ 'forecast config provider')。",
        "Seconds the online lookup and, with --weather, the whole fetch may take together.":
            "オンライン検索と(--weather の場合は)天気の取得全体に、合わせてかけてよい秒数。",
        "Seconds looking a name up online may take, connecting included.":
            "名前をオンラインで検索するのにかけてよい秒数(接続を含む)。",
        "The setting to show or set.":
            "表示または変更する設定。",
        "The value to keep for it.":
            "その設定に保存する値。",
        "Forget a setting: the environment or the default decides again.":
            "設定を削除します: 再び環境変数か既定値で決まります。",
        "The file to write (default: standard output).":
            "書き出すファイル(既定値: 標準出力)。",
        "json (places and settings) or csv (places only).":
            "json(地点と設定)または csv(地点のみ)。",
        "The file to read (- for standard input).":
            "読み込むファイル(標準入力は -)。",
        "Check the file and say what would change, changing nothing.":
            "ファイルを確認して何が変わるかを示すだけで、何も変更しません。",
        "Replace the saved places (and settings) with the file's, instead of adding.":
            "追加する代わりに、保存した地点(と設定)をファイルの内容で置き換えます。",
    ]

    /// The Japanese of `english`, a help text; nil where there is none.
    package static func text(_ english: String) -> String? {
        if let japanese = texts[english] { return japanese }
        // The template's help lists the report fields, from the program itself.
        let fields = "; the fields: "
        if english.hasPrefix("With --format line: the fields to print"), let range = english.range(of: fields) {
            return "--format line と併用: 出力するフィールド。例: '{name} {symbol} {temp} {humidity}'。フィールド: " + english[range.upperBound...]
        }
        return nil
    }

    /// Each command's explanation in Japanese, by paragraph ("" is forecast itself): what
    /// `--help` says above its options in English, its examples aside.
    package static let explanations: [String: [String]] = [
        "": [
            "forecast だけを実行すると保存した地点を一覧表示し、forecast 地点名(例: forecast Seoul)は、保存の有無にかかわらずその1か所を表示します。地点は SQLite データベースに保存されます: --db のパス、なければ $FORECAST_DB、なければ $XDG_DATA_HOME/forecast/forecast.sqlite(~/.local/share/forecast/forecast.sqlite)。",
            "終了ステータス: 0 成功; 1 コマンドの失敗(不正な入力、複数の地点に当てはまる名前、使用できないサービスやデータベース); 2 一部の地点の天気を取得できなかった(残りは表示済み); 3 天気は表示したが保存できなかった; 4 見つからない(該当する保存済みの地点も、その名前の地点もない); 64 コマンドライン自体の誤り; 130 中断; 141 出力の読み手がいなくなった(| head など)。",
        ],
        "add": [
            "名前は内蔵の世界地名辞書(人口15,000人以上の GeoNames の都市)から、英語・韓国語・日本語で、大文字・小文字やアクセントを区別せずに検索します。辞書にない名前はオンライン(Open-Meteo ジオコーディング)で検索します。同じ名前の地点が複数あり、どれも際立って大きくない場合は、候補を一覧表示して何も保存しません: --pick か --country で選んでください。名前のあとにカンマと国や地域を付けることもできます('Seoul, KR'、'Springfield, Illinois')。",
        ],
        "remove": [
            "地点は 'forecast list' の番号、名前や表示名(大文字・小文字を区別しません)、または紛らわしくない名前の先頭部分です。1つでも当てはまらないものがあれば、何も削除しません。",
        ],
        "rename": [
            "変わるのは表示名だけです: 地点、位置、天気はそのままです。すでに保存した地点に `forecast add 名前 --as 表示名` を実行しても同じです。ほかの地点と同じ表示名になる場合はそう知らせ、'Seoul#2' のように区別できます。",
        ],
        "list": [
            "TTL(10分)より新しい天気はリクエストせずにキャッシュから使い、それ以外はすべての地点をまとめて取得します。取得に失敗した地点は、理由(ネットワークエラー、タイムアウト、拒否されたキー…; JSON の error.kind: network、timeout、rateLimited、unauthorized、notFound、badResponse、provider)とともに、最後に取得した天気を古いものとして表示し、ほかの地点はそのまま表示します。最初の列の番号は remove、move、show で使えます。",
            "--timeout は更新全体にかけられる時間です: すべてのリクエスト、再試行、待機がその中に収まるので、応答しないサービスもその時間だけしか待ちません。",
            "公式の警報・注意報が発表中の地点には最も高いレベルを表示し(⚠ 橙、FORECAST_ASCII なら !2 橙)、空欄は発表中の警報なし、– は警報の提供元がない、? は確認できなかったことを示します。最後の列には、2時間以内に降水が始まる時刻や止む時刻を記します(「20分後に雨」、「15:30ごろ止む」)。警報の全文は 'forecast alerts' で表示します。",
            "--where は天気が条件に合う地点だけを残します(cron やスクリプト向け): レポートのフィールド(temp、feels、humidity、wind、pressure、clouds、low、high、rain、uv、aqi、eaqi、pm25、pm10、latitude、longitude、position、alert、rain_next、daylight、moon、vs_yesterday、vs_normal)を <, <=, >, >=, =, != で比較し、and/or、not、かっこで組み合わせます。数値は自分の単位です。alert は発表中の公式の警報の最も高いレベル(0 なし、1 注意報/黄、2 警報/橙、3 重大な警報/赤、4 特別警報)で、警報の提供元がない地点には値がありません。rain_next は降水が始まるまでの分数(0: 降水中)で、2時間以内に降水の予想がなければ値がありません。daylight は今日の日の出から日の入りまでの分数、moon は月の輝いている部分(%)で、どちらも地点ごとに計算します。vs_yesterday は今日の最高気温から昨日の最高気温を、vs_normal はその日の平年(1991–2020)の最高気温を引いた値です。値のない地点は条件に合いません。番号はそのままです。",
            "終了ステータス: 0 正常; 1 --where に合う地点がない(何も出力しません); 2 一部の地点の天気を取得できなかった; 3 天気は表示したが保存できなかった; 130 中断。",
        ],
        "sort": [
            "name、temperature(temp)、humidity はその値で並べ替え、custom は手動の並び順です('forecast move' を参照)。選んだ並び順は次回以降の実行でも保持されます。",
        ],
        "move": [
            "いま表示されている一覧が、移動した地点を反映して、手動の並び順になります。",
        ],
        "browse": [
            "最後に表示した地点の詳細から開きます(--list なら一覧から、表示した地点がなければ一覧から、保存した地点がなければ検索から)。キャッシュした天気はすぐに表示し、取得の時期が来たものはバックグラウンドで取得し、TTL が過ぎると再び取得します。すべての変更(並び順、単位、順序、削除、追加、最後に表示した地点)はコマンドと同じように保存されます。",
            "一覧: ↑/↓ または k/j 選択、Enter か → 開く、s 並び順の切り替え(手動、名前、気温、湿度)、S 逆順、u °C/°F/K、K/J 手動の並び順で上下に移動、d のあと y 削除、z 削除を元に戻す(次の変更まで)、r 更新、/ 検索、w 警報を開く; マウスホイールで移動し、クリックで地点を開きます。ページ: ←/→ または h/l 前/次の地点(端まで行くと先頭へ)、[ と ](または < と >)時間ごとの予報を送る、Tab 日付へ移動(↑/↓ 日付を選ぶ、Enter その日の時間ごとの予報、←/→ 前日/翌日、Esc 戻る)、↑/↓ または k/j スクロール、PgUp/PgDn/Space 1画面ずつ、Home/End/g/G 先頭と末尾、ホイールでスクロールし、日付をクリックするとその日を開きます、w 警報を開く、Esc 一覧へ。検索: 英語・韓国語・日本語で名前を入力、↑/↓ 選択、Enter 天気を表示(内蔵の辞書になければオンラインのジオコーダーに1回問い合わせます)、a 表示中の地点を追加、Esc 戻る。どこでも: U 単位(気温、風、降水量、距離、気圧、時計; ↑/↓ 選択、←/→ か Enter 変更、Esc 閉じる)、? ヘルプ、q か Ctrl-C 終了。",
            "地点のページ: 名前、現地時刻、気温(30行以上なら大きく表示)、天気、体感温度、今日の最高・最低気温; 最も深刻な警報と今後2時間; 日の出と日の入りを含む時間ごとの予報; 気温の色で塗った棒の付いた最大10日分; 紫外線、大気質、風、太陽、月、湿度と露点、気圧、視程、降水量のカード。色: COLORTERM=truecolor なら24ビット、256色の TERM なら256色、それ以外は16色; NO_COLOR と TERM=dumb では太字と反転だけを使います。",
            "標準入力と標準出力が端末(60×20以上)である必要があります。スクリプトでは list と show を使ってください。終了ステータス: q のあと 0; Ctrl-C のあと 130; SIGTERM、SIGHUP のあと 143、129(いずれの場合も端末は元に戻ります); 標準入力か標準出力が端末でなければ 64。",
        ],
        "show": [
            "地点とその現地時刻、発表中の公式の警報・注意報(レベル、現象、時刻、地域、見出し、とるべき行動の最初の数行; または警報がないこと、警報の提供元がないこと)、今後2時間の降水(15分ごとに1本の棒と1つの文; ナウキャストのない地点では時間ごとの予報から)、現在の天気と今日の最大 UV 指数、大気質、今後24時間(--hours、最大48)と気温のグラフ、この先数日の最低・最高気温と降水確率(--days、最大7)を、すべてその地点のタイムゾーンで表示します。端末では browse と同じページ(大きく表示した気温、警報、時間ごとの予報の帯、日ごとの棒、カード)を端末の幅に合わせてすべて描きます(スクロールします)。--brief ではウィンドウに収まる分だけを表示します。--full、--hours/--days、パイプ、--format では全体の一覧を出力します。地点を指定しなければ、最後に表示した地点(最初は1番目の地点)を表示します。--next と --previous(--prev)は現在の順序で地点を送り、端まで行くと先頭に戻ります。",
            "保存した地点に当てはまらない名前は 'add' と同じように検索し(地名辞書、次にオンライン; --pick と --country で同じ名前の地点から選びます)、--lat/--lon も同様です: 何も保存せずに(最後に表示した地点としても記録せずに)天気を表示し、保存する方法を示します。",
        ],
        "units": [
            "選んだ単位は次回以降の実行でも保持されます。天気は °C、m/s、mm、m、hPa で保存され、表示するときだけ変換されます。metric は °C、km/h、mm、km、hPa、24時間制で、imperial は °F、mph、in、mi、inHg、12時間制です。CSV と TSV はこの設定にかかわらず変わりません; JSON は気温と風を自分の単位で、それ以外は保存された単位で出力し、\"units\" がその単位を示します。",
        ],
        "search": [
            "名前が完全に一致するものが、その名前で始まるだけのものより先に、次に大きい地点から順に表示されます。大文字・小文字、アクセント、全角・半角は区別しません。その名前の内蔵の都市がなければ、オンラインでも検索します(その名前の地点が先に表示されます)。",
            "--weather は候補ごとの現在の天気をまとめて取得して(Open-Meteo へのリクエスト1回につき最大50か所)表示し、何も保存しません。",
        ],
        "config": [
            "設定: provider(open-meteo、openweathermap、metno)、language(en、ko、ja)、ttl(分)、concurrency(1-256)、wind-unit(ms、kmh、mph、kn、bft)、temperature-unit(celsius、fahrenheit、kelvin)、format(list と show の既定値: table、json、csv、tsv、markdown、line)、alerts(公式の警報・注意報の取得元: official はキーの要らない各国の気象機関、つまりノルウェー気象研究所(MET Norway)と米国国立気象局; openweathermap はこれに OpenWeatherMap の警報(各国の機関から集めた世界中の警報)を加え、OPENWEATHER_API_KEY が設定されているときだけ取得します)、air-scale(大気質を評価する基準: local は地点ごとにその国の基準で、韓国は環境部の等級、EU と EEA は欧州 AQI、それ以外は米国 AQI; us、eu、kr はすべての地点に1つの基準)。",
            "適用される値は強いものから順に: オプション(--provider、--lang、--ttl、--concurrency、--format)、環境変数(FORECAST_PROVIDER、FORECAST_LANG、FORECAST_TTL_MINUTES、FORECAST_CONCURRENCY、FORECAST_FORMAT)、この設定、そして既定値(言語はロケール: LC_ALL、LC_MESSAGES、LANG)です。引数なしで実行すると、すべての設定を値とその出どころとともに表示します。API キーは保存せず、環境変数(OPENWEATHER_API_KEY)からのみ読み込みます。",
        ],
        "export": [
            "地点を手動の並び順で、表示名、名前、国、地域、座標、タイムゾーン、GeoNames id とともに書き出します。JSON には設定(単位、並び順、'forecast config' が保持するもの; API キーは決して含めません)とバージョンも含まれ、CSV には地点だけが含まれます。'forecast import' で読み込み直せます。",
        ],
        "import": [
            "書き込む前にファイル全体を確認し、そのあと1つのトランザクションで保存します。すでに保存済みの地点はスキップして、その数を数えます。読み込めないファイル、不正な行、未知のバージョンは、その行を示すエラーとなり、何も変更されません。ファイルの設定は、一覧が空のとき(新しいコンピューター)か --replace のときに適用され、それ以外では今の設定が保たれます。",
        ],
        "alerts": [
            "警報1件につき1ブロック: 地点、レベル(注意報/黄、警報/橙、重大な警報/赤、特別警報)、現象、その地点の時刻での発表期間、地域、見出し、とるべき行動の最初の数行、発表機関。警報・注意報は地点ごとに、その地点を担当する公式機関から取得します(ノルウェーは MET Norway、米国は米国国立気象局; config の alerts を openweathermap にし、OPENWEATHER_API_KEY があれば OpenWeatherMap の世界中の警報も)。警報の提供元がない地点と、確認できなかった地点は、標準エラー出力に注記として示します。",
            "警報・注意報は、一覧を更新するときと同じように取得します(各サービスの利用規約の範囲内で: MET Norway は1か所につき10分に1回)。--offline では保存した警報を、どれだけ古いかとともに表示し、期限の切れた警報は決して表示しません。天気そのものは取得も変更もしません。",
            "終了ステータス: 0 発表中の警報がある; 1 ない(表では1文だけを出力します); 2 表示する警報がなく、一部の地点の警報を確認できなかった; 4 保存した地点がない; 64 使い方の誤り; 130 中断。",
        ],
        "report": [
            "概要の表と、地点ごとに現在の天気、今後48時間の気温と降水確率のグラフ、この先数日の最低・最高気温を、自分の単位と言語で収めます。ファイルにはスクリプト、フォント、読み込むほかのファイルがないので、オフラインでも表示でき、メールで送ることもできます。天気は 'show' と同じように取得します(新しいうちはキャッシュから)。一覧が空ならエラーとなり、ファイルは書き出しません。",
            "終了ステータスは list と同じです: 一部の地点の天気を取得できなければ 2(レポートは、どの地点かを記したうえで書き出します)。",
        ],
    ]
}
