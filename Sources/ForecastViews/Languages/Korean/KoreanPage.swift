import ForecastCore
import Foundation

extension Korean {
    package func highLow(high: String, low: String) -> String { "최고 \(high)  최저 \(low)" }
    package var pageNow: String { "지금" }
    package var pageToday: String { "오늘" }
    package var pageHoursHeading: String { "시간별 예보" }
    package func pageChartHeading(rain: Bool) -> String { rain ? "기온과 강수 확률" : "기온" }
    package func pageDaysHeading(_ count: Int) -> String { "\(count)일 예보" }
    package func pageDayHours(_ day: String) -> String { "\(day) 시간별 예보" }
    package func pageNoHoursThatDay(last: String?) -> String {
        "그날의 시간별 예보가 없습니다" + (last.map { " (시간별 예보는 \($0)까지)." } ?? ".")
    }
    package var sunriseShort: String { "일출" }
    package var sunsetShort: String { "일몰" }
    package var cardUV: String { "자외선 지수" }
    package var cardAir: String { "대기질" }
    package var cardWind: String { "바람" }
    package var cardSun: String { "해" }
    package var cardMoon: String { "달" }
    package var cardHumidity: String { "습도" }
    package var cardPressure: String { "기압" }
    package var cardVisibility: String { "가시거리" }
    package var cardPrecipitation: String { "강수량" }
    package func dewPoint(_ temperature: String) -> String { "이슬점 \(temperature)" }
    package func gusts(_ speed: String) -> String { "돌풍 \(speed)" }
    package var uvTodaysHighest: String { "오늘 최고" }
    package func dayLengthShort(minutes: Int) -> String { "낮 \(minutes / 60)시간\u{A0}\(minutes % 60)분" }
    package func pressureTrend(_ trend: PressureTrend, past: Bool) -> String {
        let word = switch trend {
        case .rising: "오름"
        case .falling: "내림"
        case .steady: "변화 없음"
        }
        return (past ? "지난 3시간 " : "앞으로 3시간 ") + word
    }
    package func precipitationToday(_ amount: String) -> String { "오늘 \(amount)" }
    package func chanceOf(_ percent: String) -> String { "확률 \(percent)" }
    package func moonLit(_ percent: String) -> String { "\(percent) 밝음" }
    package var pageKeysDays: String { "↑↓ 날짜  Enter 시간별  Tab·Esc 페이지로  ←→ 장소  ? 도움말" }
    package var pageDayHoursKeys: String { "↑↓ 스크롤  ←→ 날짜  Esc 뒤로  ? 도움말" }
    package var unitsTitle: String { "단위" }
    package func unitsRow(_ row: UnitsMenuRow) -> String {
        switch row {
        case .temperature: "기온"
        case .wind: "바람"
        case .precipitation: "강수량"
        case .distance: "거리"
        case .pressure: "기압"
        case .clock: "시계"
        }
    }
    package var unitsKeys: String { "↑↓ 선택  ←→ 또는 Enter 바꾸기  Esc 닫기" }
    package func removedUndoable(_ place: Place) -> String { "\(address(place)) 삭제함 · z로 되돌리기" }
    package func restored(_ place: Place) -> String { "\(address(place))\(Self.josa(address(place), .eulReul)) 목록에 되돌렸습니다." }
    package var helpScrollHint: String { "↑↓ 도움말 스크롤" }
}
