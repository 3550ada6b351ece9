import ForecastCore
import Foundation

extension Japanese {
    package func highLow(high: String, low: String) -> String { "最高 \(high)  最低 \(low)" }
    package var pageNow: String { "現在" }
    package var pageToday: String { "今日" }
    package var pageHoursHeading: String { "時間ごとの予報" }
    package func pageChartHeading(rain: Bool) -> String { rain ? "気温と降水確率" : "気温" }
    package func pageDaysHeading(_ count: Int) -> String { "\(count)日間の予報" }
    package func pageDayHours(_ day: String) -> String { "\(day)の時間ごとの予報" }
    package func pageNoHoursThatDay(last: String?) -> String {
        "その日の時間ごとの予報はありません" + (last.map { "(時間ごとの予報は\($0)までです)。" } ?? "。")
    }
    package var sunriseShort: String { "日の出" }
    package var sunsetShort: String { "日の入り" }
    package var cardUV: String { "UV指数" }
    package var cardAir: String { "大気質" }
    package var cardWind: String { "風" }
    package var cardSun: String { "太陽" }
    package var cardMoon: String { "月" }
    package var cardHumidity: String { "湿度" }
    package var cardPressure: String { "気圧" }
    package var cardVisibility: String { "視程" }
    package var cardPrecipitation: String { "降水量" }
    package func dewPoint(_ temperature: String) -> String { "露点 \(temperature)" }
    package func gusts(_ speed: String) -> String { "突風 \(speed)" }
    package var uvTodaysHighest: String { "今日の最大" }
    package func dayLengthShort(minutes: Int) -> String { "昼の長さ \(minutes / 60)時間\(minutes % 60)分" }
    package func pressureTrend(_ trend: PressureTrend, past: Bool) -> String {
        let word = switch trend {
        case .rising: "で上昇"
        case .falling: "で下降"
        case .steady: "は横ばい"
        }
        return (past ? "過去3時間" : "今後3時間") + word
    }
    package func precipitationToday(_ amount: String) -> String { "今日 \(amount)" }
    package func chanceOf(_ percent: String) -> String { "降水確率 \(percent)" }
    package func moonLit(_ percent: String) -> String { "輝面比 \(percent)" }
    package var pageKeysDays: String { "↑↓ 日付  Enter 時間ごと  Tab·Esc ページへ  ←→ 地点  ? ヘルプ" }
    package var pageDayHoursKeys: String { "↑↓ スクロール  ←→ 日付  Esc 戻る  ? ヘルプ" }
    package var unitsTitle: String { "単位" }
    package func unitsRow(_ row: UnitsMenuRow) -> String {
        switch row {
        case .temperature: "気温"
        case .wind: "風"
        case .precipitation: "降水量"
        case .distance: "距離"
        case .pressure: "気圧"
        case .clock: "時計"
        }
    }
    package var unitsKeys: String { "↑↓ 選択  ←→ または Enter 変更  Esc 閉じる" }
    package func removedUndoable(_ place: Place) -> String { "\(address(place))を削除しました · z で元に戻す" }
    package func restored(_ place: Place) -> String { "\(address(place))を一覧に戻しました。" }
    package var helpScrollHint: String { "↑↓ ヘルプをスクロール" }
}
