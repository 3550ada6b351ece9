import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// The full-screen app's words (`forecast browse`), in Japanese: `AppWords`.
extension Japanese {
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
        "\(quoted(query))は内蔵の一覧に見つかりません。"
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
