import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// The full-screen app's words (`forecast browse`), in Korean: `AppWords`.
extension Korean {
    package func browseListTitle(_ count: Int, sort: PlaceSort, unit: String) -> String {
        let order = sort.key == .custom ? "내 순서" : "\(sortKey(sort.key)) \(sort.descending ? "↓" : "↑")"
        return "\(count)곳 · \(order) · \(unit)"
    }
    package var browseSearchTitle: String { "검색" }
    package var browseNotSavedTitle: String { "저장 안 됨" }
    package var browseListKeys: String { "? 도움말  q 끝내기  / 검색  Enter 열기  s 정렬  u 단위  d 삭제  r 새로 고침" }
    package var browseDetailKeys: String { "? 도움말  q 끝내기  ←→ 이전/다음  Esc 목록  [ ] 시간별  Tab 날짜  ↑↓ 스크롤  u 단위  r 새로 고침" }
    package var browseSearchKeys: String { "이름 입력  Enter 날씨  ↑↓ 고르기  Esc 뒤로  Ctrl-U 지우기" }
    package var browseFoundKeys: String { "a 추가  Esc 검색으로  q 끝내기  [ ] 시간별  ↑↓ 스크롤  u 단위" }
    package var browseHelp: [(title: String, keys: [(key: String, does: String)])] {
        [
            ("목록", [
                ("↑ ↓  k j", "장소 선택"), ("Enter →", "날씨 열기"), ("s", "정렬: 내 순서, 이름, 기온, 습도"),
                ("S", "정렬 방향 바꾸기"), ("u", "단위: °C, °F, K"), ("K J", "내 순서에서 위아래로 옮기기"),
                ("d 다음 y", "장소 삭제"), ("z", "삭제 되돌리기 (다음 변경 전까지)"), ("r", "지금 새로 고침"),
                ("/", "추가할 장소 검색"), ("휠, 클릭", "선택; 클릭하면 장소 열기"),
            ]),
            ("자세히", [
                ("← → h l", "이전/다음 장소 (끝에서 처음으로)"), ("[ ]  < >", "시간별 예보 넘기기"),
                ("Tab", "날짜: ↑ ↓ 고르고 Enter로 그날 시간별 (← → 전날/다음날), Esc 뒤로"),
                ("↑ ↓  k j", "스크롤"), ("PgUp PgDn Space", "한 화면씩 스크롤"), ("Home End g G", "맨 위, 맨 아래"),
                ("휠, 클릭", "스크롤; 날짜를 클릭하면 그날 시간별"), ("r", "지금 새로 고침"), ("Esc", "목록으로"),
            ]),
            ("검색", [
                ("글자", "내장 장소 거르기 (어느 이름으로든)"), ("↑ ↓", "고르기"),
                ("Enter", "날씨 보기 (없으면 온라인에 물어봄)"), ("a", "보이는 장소 추가"), ("Ctrl-U", "입력 지우기"), ("Esc", "뒤로"),
            ]),
            ("어디서나", [("u", "°C, °F, K"), ("U", "단위: 기온, 바람, 강수량, 거리, 기압, 시계"), ("?", "이 도움말"), ("q  Ctrl-C", "끝내기")]),
        ]
    }
    package var browseHelpClose: String { "q나 Ctrl-C는 끝내고, 다른 키는 이 도움말을 닫습니다." }
    package func browseTooSmall(width: Int, height: Int, needs: (width: Int, height: Int)) -> String {
        "창 크기가 \(width)×\(height)입니다. forecast browse는 \(needs.width)×\(needs.height) 이상이 필요합니다."
    }
    package var browseSearchPrompt: String { "검색: " }
    package var browseSearchHint: String { "장소 이름을 영어, 한국어, 일본어로 입력하세요. 예: 부산, 東京, sao paulo" }
    package var browseEmptyHint: String { "저장된 장소가 없습니다. 이름을 입력하고 Enter로 날씨를 본 뒤 a로 추가하세요." }
    package func browseNothingOffline(_ query: String, suggestion: String?) -> String {
        "내장 목록에 \(quoted(query))\(Self.josa(quoted(query), .gwaWa)) 맞는 장소가 없습니다. "
            + (suggestion.map { "\(quoted($0))\(Self.josa(quoted($0), .eulReul)) 찾으셨나요? " } ?? "")
            + "Enter를 누르면 온라인에서 찾습니다."
    }
    package var browseAsking: String { "온라인에서 찾는 중…" }
    package func browseNothingOnline(_ query: String) -> String { "\(quoted(query)) 장소를 내장 목록과 온라인 어디서도 찾지 못했습니다." }
    package func browseConfirmRemoval(_ name: String) -> String { "\(name)\(Self.josa(name, .eulReul)) 삭제할까요? y는 삭제, 다른 키는 취소." }
    package var browseAddHint: String { "a를 누르면 내 장소에 추가" }
    package var browseEmptyList: String { "저장된 장소가 없습니다. /를 눌러 장소를 찾고 a로 추가하세요." }
    package var browseOwnOrderShown: String { "내 순서입니다 (K와 J는 이 순서에서 옮깁니다). 옮기려면 K나 J를 다시 누르세요." }
    package func browseWriteFailed(_ reason: String) -> String { "저장하지 못했고 아무것도 바뀌지 않았습니다: \(reason)" }
    package var browseNeedsTerminal: String {
        "forecast browse는 입력과 출력 모두 터미널이어야 합니다. 스크립트와 파이프에서는 'forecast list'와 'forecast show'를 쓰세요"
    }
}
