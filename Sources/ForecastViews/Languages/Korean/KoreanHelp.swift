/// `--help` in Korean: each help text the commands declare (in English, as
/// ArgumentParser takes them), in Korean. A text missing here shows in English;
/// a test checks that none is missing.
package enum KoreanHelp: HelpTranslation {

    package static let headings = HelpHeadings(
        overview: "개요", usage: "사용법", arguments: "인자", options: "옵션", subcommands: "하위 명령", examples: "예",
        englishHelp: "영어 도움말", perCommand: "명령마다: forecast help <명령>", subcommand: "<하위 명령>")
    package static let texts: [String: String] = [
        "Keep your favourite places and see their weather at once.":
            "즐겨 찾는 곳을 저장하고 그 날씨를 한눈에 봅니다.",
        "Save a place, found by name or given by coordinates.":
            "이름으로 찾거나 좌표로 준 장소를 저장합니다.",
        "Forget saved places.":
            "저장한 장소를 지웁니다.",
        "Give a saved place the name you want to see.":
            "저장한 장소에 보고 싶은 이름을 붙입니다.",
        "Show the saved places and their weather, in the current sort order.":
            "저장한 장소와 날씨를 지금 정렬 순서대로 보여 줍니다.",
        "Show or set the order of the saved places.":
            "저장한 장소의 순서를 보거나 정합니다.",
        "Put a place at another position (switches the sort to custom).":
            "장소를 다른 위치로 옮깁니다(정렬이 사용자 지정으로 바뀝니다).",
        "Browse your places full-screen: the list, each place's detail, search as you type.":
            "전체 화면으로 장소를 둘러봅니다: 목록, 장소별 상세, 입력하는 대로 검색.",
        "Show one place's weather in detail, saved or not; a saved one is remembered as the last viewed.":
            "한 곳의 날씨를 자세히 보여 줍니다(저장하지 않은 곳도). 저장한 곳은 마지막으로 본 곳으로 기억합니다.",
        "Show or set the units: temperature, wind, precipitation, distance, pressure and the clock.":
            "단위를 보거나 정합니다: 기온, 바람, 강수량, 거리, 기압, 시각.",
        "Look places up, built in and online, without saving them.":
            "저장하지 않고 내장 지명 사전과 온라인에서 장소를 찾아봅니다.",
        "Show or set the preferences kept for later runs.":
            "다음 실행에도 유지되는 설정을 보거나 정합니다.",
        "Write the saved places (and the settings) to a file, to carry them elsewhere.":
            "저장한 장소(와 설정)를 파일로 써서 다른 곳으로 옮길 수 있게 합니다.",
        "Add the places of an exported file (JSON or CSV), all or none.":
            "내보낸 파일(JSON 또는 CSV)의 장소를 모두 추가하거나, 하나도 추가하지 않습니다.",
        "Write one self-contained HTML report of every saved place's weather.":
            "저장한 모든 장소의 날씨를 담은 HTML 보고서 하나를 씁니다.",
        "Show the official weather warnings in force at every saved place, most severe first.":
            "저장한 모든 장소에 발효 중인 공식 기상 특보를 심각한 것부터 보여 줍니다.",
        "Output format: table, json, csv or line (a warning a line).":
            "출력 형식: table, json, csv, line(특보 하나에 한 줄).",
        "Show subcommand help information.":
            "하위 명령의 도움말을 보여 줍니다.",
        "The place's name (several words are joined).":
            "장소 이름(여러 단어는 이어 붙입니다).",
        "Latitude in degrees (-90 to 90).":
            "위도(도, -90에서 90).",
        "Longitude in degrees (-180 to 180).":
            "경도(도, -180에서 180).",
        "Add where you are, roughly: the main city of this computer's time zone ($TZ or /etc/localtime).":
            "지금 있는 곳을 대략 추가합니다: 이 컴퓨터 시간대($TZ 또는 /etc/localtime)의 대표 도시.",
        "The name to show for the place.":
            "장소에 보여 줄 이름.",
        "Choose candidate N of an ambiguous name.":
            "여러 곳을 뜻하는 이름에서 N번째 후보를 고릅니다.",
        "Only consider places in this country (ISO code, e.g. KR, US).":
            "이 나라의 장소만 봅니다(ISO 코드, 예: KR, US).",
        "The database file.":
            "데이터베이스 파일.",
        "Output format: table or json.":
            "출력 형식: table 또는 json.",
        "Language: {languages} (default: $FORECAST_LANG, else from $LC_ALL, $LC_MESSAGES or $LANG).":
            "언어: {languages}(기본값: $FORECAST_LANG, 없으면 $LC_ALL, $LC_MESSAGES, $LANG에서).",
        "Show the version.":
            "버전을 보여 줍니다.",
        "Show help information.":
            "도움말을 보여 줍니다.",
        "Places to remove.":
            "지울 장소.",
        "Remove the saved rows that cannot be read (list names them), and nothing else.":
            "읽을 수 없는 저장 행만 지웁니다(list가 알려 줍니다).",
        "The place: its number, name or the start of its name.":
            "장소: 번호, 이름, 또는 이름의 앞부분.",
        "The new label.":
            "새 이름.",
        "Only the places whose weather matches, e.g. 'rain>=60 and temp<5'.":
            "날씨가 조건에 맞는 곳만, 예: 'rain>=60 and temp<5'.",
        "Output format: table, json, csv, tsv, markdown or line (default: $FORECAST_FORMAT, else 'forecast config format', else table).":
            "출력 형식: table, json, csv, tsv, markdown, line(기본값: $FORECAST_FORMAT, 없으면 'forecast config format', 없으면 table).",
        "Fetch now, even if the cached weather is recent.":
            "저장된 날씨가 최근 것이어도 지금 받아 옵니다.",
        "Use only cached weather; make no request.":
            "저장된 날씨만 씁니다. 요청하지 않습니다.",
        "open-meteo (default, no key), openweathermap (needs OPENWEATHER_API_KEY) or metno (no key). Default: $FORECAST_PROVIDER, else 'forecast config provider'.":
            "open-meteo(기본, 키 불필요), openweathermap(OPENWEATHER_API_KEY 필요), metno(키 불필요). 기본값: $FORECAST_PROVIDER, 없으면 'forecast config provider'.",
        "Requests in flight at once (default 8, or $FORECAST_CONCURRENCY, or 'forecast config concurrency').":
            "동시에 보내는 요청 수(기본 8, 또는 $FORECAST_CONCURRENCY, 'forecast config concurrency').",
        "Seconds the whole refresh may take: every request, retry and wait.":
            "새로 받기 전체에 쓸 수 있는 초: 모든 요청, 재시도, 대기 포함.",
        "Cached weather younger than this is used without asking (default 10, or $FORECAST_TTL_MINUTES, or 'forecast config ttl').":
            "이보다 최근에 받은 날씨는 묻지 않고 씁니다(분, 기본 10, 또는 $FORECAST_TTL_MINUTES, 'forecast config ttl').",
        "Calls a minute allowed (default: 600 for open-meteo, 60 for openweathermap, 1200 for metno).":
            "분당 허용 호출 수(기본: open-meteo 600, openweathermap 60, metno 1200).",
        "Places per request where the provider batches (open-meteo); 1 turns batching off.":
            "묶어서 요청하는 서비스(open-meteo)에서 요청 하나에 담는 장소 수. 1이면 묶지 않습니다.",
        "name, temperature (or temp), humidity or custom.":
            "name, temperature(또는 temp), humidity, custom.",
        "Largest (or last in the alphabet) first.":
            "큰 값(또는 알파벳 뒤쪽)부터.",
        "The new position, from 1; or first or last.":
            "새 위치(1부터), 또는 first, last.",
        "Open on the list, not on the place viewed last.":
            "마지막으로 본 곳이 아니라 목록에서 엽니다.",
        "The place: its number, name or the start of its name; or any place's name.":
            "장소: 번호, 이름, 이름의 앞부분, 또는 아무 장소의 이름.",
        "Latitude of a place to show, saved or not.":
            "보여 줄 장소의 위도(저장하지 않은 곳도).",
        "Longitude of a place to show, saved or not.":
            "보여 줄 장소의 경도(저장하지 않은 곳도).",
        "Only consider places in this country (ISO code).":
            "이 나라의 장소만 봅니다(ISO 코드).",
        "Show the place after the last viewed one.":
            "마지막으로 본 곳의 다음 장소를 보여 줍니다.",
        "Show the place before the last viewed one.":
            "마지막으로 본 곳의 이전 장소를 보여 줍니다.",
        "How many days of forecast to show (1–7; default 7, fewer to fit a short terminal).":
            "보여 줄 예보 일수(1–7, 기본 7, 터미널이 낮으면 줄어듭니다).",
        "How many hours of forecast to show (1–48; default 24, fewer to fit a short terminal).":
            "보여 줄 예보 시간 수(1–48, 기본 24, 터미널이 낮으면 줄어듭니다).",
        "Show everything: 48 hours with the chart and 7 days, however tall.":
            "모두 보여 줍니다: 48시간과 그래프, 7일, 길이와 상관없이.",
        "On a terminal: only the part of the page that fits in the window.":
            "터미널에서: 페이지 중 창에 들어가는 부분만 보여 줍니다.",
        "metric or imperial; or a temperature unit: celsius, fahrenheit or kelvin (c, f, k).":
            "metric 또는 imperial, 또는 기온 단위: celsius, fahrenheit, kelvin(c, f, k).",
        "Wind speed: ms, kmh, mph, kn (knots) or bft (Beaufort).":
            "풍속: ms, kmh, mph, kn(노트), bft(보퍼트 풍력 계급).",
        "Precipitation: mm or in.":
            "강수량: mm 또는 in.",
        "Distance (visibility): km or mi.":
            "거리(가시거리): km 또는 mi.",
        "Pressure: hPa, inHg or mmHg.":
            "기압: hPa, inHg, mmHg.",
        "Times of day: 24h or 12h.":
            "시각: 24h 또는 12h.",
        "The name or the start of it (several words are joined).":
            "이름 또는 이름의 앞부분(여러 단어는 이어 붙입니다).",
        "Only places in this country (ISO code).":
            "이 나라의 장소만(ISO 코드).",
        "At most this many results (1-100).":
            "결과 최대 개수(1-100).",
        "Show each candidate's current weather too (fetched in one batch; nothing is saved).":
            "후보마다 현재 날씨도 보여 줍니다(한 번에 받아 오며, 아무것도 저장하지 않습니다).",
        "With --weather: open-meteo (default, no key), openweathermap (needs OPENWEATHER_API_KEY) or metno (no key) (default: $FORECAST_PROVIDER, else 'forecast config provider').":
            "--weather와 함께: open-meteo(기본, 키 불필요), openweathermap(OPENWEATHER_API_KEY 필요), metno(키 불필요)(기본값: $FORECAST_PROVIDER, 없으면 'forecast config provider').",
        "Seconds the online lookup and, with --weather, the whole fetch may take together.":
            "온라인 검색과(--weather와 함께라면) 날씨 받아 오기 전체에 함께 쓸 수 있는 초.",
        "Seconds looking a name up online may take, connecting included.":
            "이름을 온라인으로 찾는 데 쓸 수 있는 초(연결 포함).",
        "The setting to show or set.":
            "보거나 정할 설정.",
        "The value to keep for it.":
            "그 설정에 둘 값.",
        "Forget a setting: the environment or the default decides again.":
            "설정을 지웁니다: 다시 환경 변수나 기본값이 정합니다.",
        "The file to write (default: standard output).":
            "쓸 파일(기본값: 표준 출력).",
        "json (places and settings) or csv (places only).":
            "json(장소와 설정) 또는 csv(장소만).",
        "The file to read (- for standard input).":
            "읽을 파일(표준 입력은 -).",
        "Check the file and say what would change, changing nothing.":
            "파일을 확인하고 무엇이 바뀔지 말해 줄 뿐, 아무것도 바꾸지 않습니다.",
        "Replace the saved places (and settings) with the file's, instead of adding.":
            "추가하는 대신, 저장한 장소(와 설정)를 파일의 것으로 바꿉니다.",
    ]

    /// The Korean of `english`, a help text; nil where there is none.
    package static func text(_ english: String) -> String? {
        if let korean = texts[english] { return korean }
        // The template's help lists the report fields, from the program itself.
        let fields = "; the fields: "
        if english.hasPrefix("With --format line: the fields to print"), let range = english.range(of: fields) {
            return "--format line과 함께: 출력할 필드, 예: '{name} {symbol} {temp} {humidity}'. 필드: " + english[range.upperBound...]
        }
        return nil
    }

    /// Each command's explanation in Korean, by paragraph ("" is forecast itself): what
    /// `--help` says above its options in English, its examples aside.
    package static let explanations: [String: [String]] = [
        "": [
            "forecast만 치면 저장한 장소를 보여 주고, forecast 장소(예: forecast Seoul)는 저장했든 안 했든 그곳 하나를 보여 줍니다. 장소는 SQLite 데이터베이스에 저장됩니다: --db 경로, 없으면 $FORECAST_DB, 없으면 $XDG_DATA_HOME/forecast/forecast.sqlite(~/.local/share/forecast/forecast.sqlite).",
            "종료 상태: 0 성공; 1 명령 실패(잘못된 입력, 여러 곳을 뜻하는 이름, 쓸 수 없는 서비스나 데이터베이스); 2 일부 장소의 날씨를 받아 오지 못함(나머지는 보여 줌); 3 날씨는 보여 줬지만 저장하지 못함; 4 찾을 수 없음(그런 저장된 장소나 그런 이름의 장소가 없음); 64 명령줄 자체가 잘못됨; 130 중단됨; 141 출력을 읽던 쪽이 사라짐(| head처럼).",
        ],
        "add": [
            "이름은 내장 세계 지명 사전(인구 15,000명 이상의 GeoNames 도시)에서 영어, 한국어, 일본어로, 대소문자와 악센트를 무시하고 찾습니다. 사전에 없는 이름은 온라인(Open-Meteo 지오코딩)에서 찾습니다. 여러 곳이 같은 이름이고 한 곳이 뚜렷이 크지 않으면 후보를 보여 주고 아무것도 저장하지 않습니다: --pick이나 --country로 고르세요. 이름 뒤에 쉼표와 나라나 지역을 붙일 수도 있습니다('Seoul, KR', 'Springfield, Illinois').",
        ],
        "remove": [
            "장소는 'forecast list'의 번호, 이름이나 이름표(대소문자 무관), 또는 헷갈리지 않는 이름의 앞부분입니다. 하나라도 맞는 곳이 없으면 아무것도 지우지 않습니다.",
        ],
        "rename": [
            "이름표만 바뀝니다: 장소, 위치, 날씨는 그대로입니다. 이미 저장한 곳에 `forecast add 이름 --as 이름표`를 해도 같습니다. 다른 곳과 같은 이름표가 되면 알려 주고, 'Seoul#2'처럼 구별할 수 있습니다.",
        ],
        "list": [
            "TTL(10분)보다 최근에 받은 날씨는 요청 없이 저장된 것을 쓰고, 나머지는 모든 장소를 한꺼번에 받아 옵니다. 받아 오지 못한 곳은 이유(네트워크 오류, 시간 초과, 거부된 키…; JSON의 error.kind: network, timeout, rateLimited, unauthorized, notFound, badResponse, provider)와 함께 마지막으로 받은 날씨를 오래됨으로 표시해 보여 주고, 다른 곳은 그대로 보여 줍니다. 첫 열의 번호는 remove, move, show에 쓸 수 있습니다.",
            "--timeout은 새로 받기 전체의 시간 예산입니다: 모든 요청, 재시도, 대기가 그 안에 들어가므로, 응답하지 않는 서비스도 그만큼만 기다립니다.",
            "공식 특보가 발효 중인 곳에는 가장 높은 단계를 표시하고(⚠ 주황, FORECAST_ASCII면 !2 주황), 비어 있으면 발효 중인 특보 없음, –는 특보를 알려 주는 곳이 없음, ?는 확인하지 못함입니다. 마지막 열에는 2시간 안에 강수가 시작하거나 그치는 때를 적습니다(\"20분 후 비\", \"15:30부터 그침\"). 특보 전문은 'forecast alerts'로 봅니다.",
            "--where는 날씨가 조건에 맞는 곳만 남깁니다(cron과 스크립트용): 보고 필드(temp, feels, humidity, wind, pressure, clouds, low, high, rain, uv, aqi, eaqi, pm25, pm10, latitude, longitude, position, alert, rain_next, daylight, moon, vs_yesterday, vs_normal)를 <, <=, >, >=, =, !=로 비교하고 and/or, not, 괄호로 묶습니다. 숫자는 내 단위입니다. alert는 발효 중인 공식 특보의 가장 높은 단계(0 없음, 1 주의/노랑, 2 경계/주황, 3 위험/빨강, 4 극한)이며 특보를 알려 주는 곳이 없는 장소에는 값이 없습니다. rain_next는 강수가 시작하기까지 남은 분(0: 지금)이며 2시간 안에 강수가 없으면 값이 없습니다. daylight는 오늘 일출부터 일몰까지의 분, moon은 달이 밝은 부분(%)으로 장소마다 계산합니다. vs_yesterday는 오늘 최고 기온에서 어제 최고 기온을, vs_normal은 그날의 평년(1991–2020) 최고 기온을 뺀 값입니다. 값이 없는 곳은 맞지 않습니다. 번호는 그대로입니다.",
            "종료 상태: 0 정상; 1 --where에 맞는 곳이 없음(아무것도 출력하지 않음); 2 일부 장소의 날씨를 받아 오지 못함; 3 날씨는 보여 줬지만 저장하지 못함; 130 중단됨.",
        ],
        "sort": [
            "name, temperature(temp), humidity는 그 값으로 정렬하고, custom은 내가 정한 순서입니다('forecast move' 참고). 고른 것은 다음 실행에도 유지됩니다.",
        ],
        "move": [
            "지금 보이는 목록이, 옮긴 장소를 반영해 내가 정한 순서가 됩니다.",
        ],
        "browse": [
            "마지막으로 본 장소의 상세에서 엽니다(--list면 목록에서, 본 곳이 없으면 목록에서, 저장한 곳이 없으면 검색에서). 저장된 날씨는 바로 보이고, 받을 때가 된 것은 뒤에서 받아 오며 TTL이 지나면 다시 받습니다. 모든 변경(정렬, 단위, 순서, 지우기, 추가, 마지막으로 본 곳)은 명령과 똑같이 저장됩니다.",
            "목록: ↑/↓ 또는 k/j 선택, Enter나 → 열기, s 정렬 바꾸기(사용자 지정, 이름, 기온, 습도), S 뒤집기, u °C/°F/K, K/J 내 순서에서 위아래로 옮기기, d 다음 y 지우기, z 지우기 되돌리기(다음 변경 전까지), r 새로 받기, / 검색, w 특보 열기; 마우스 휠로 움직이고 클릭하면 장소를 엽니다. 페이지: ←/→ 또는 h/l 이전/다음 장소(끝에서 처음으로), [와 ](또는 <와 >) 시간별 예보 넘기기, Tab 날짜로 이동(↑/↓ 날짜 고르기, Enter 그날 시간별, ←/→ 전날/다음날, Esc 뒤로), ↑/↓ 또는 k/j 스크롤, PgUp/PgDn/Space 한 화면씩, Home/End/g/G 맨 위와 맨 아래, 휠로 스크롤하고 날짜를 클릭하면 그날을 엽니다, w 특보 열기, Esc 목록으로. 검색: 영어, 한국어, 일본어로 이름 입력, ↑/↓ 고르기, Enter 날씨 보기(내장 사전에 없으면 온라인 지오코더에 한 번 묻기), a 보이는 곳 추가, Esc 뒤로. 어디서나: U 단위(기온, 바람, 강수량, 거리, 기압, 시계; ↑/↓ 고르기, ←/→나 Enter 바꾸기, Esc 닫기), ? 도움말, q나 Ctrl-C 끝내기.",
            "장소의 페이지: 이름, 현지 시각, 기온(30줄 이상이면 크게), 날씨, 체감 온도, 오늘의 최고·최저; 가장 심한 특보와 앞으로 2시간; 일출과 일몰이 들어간 시간별 예보; 기온 색으로 칠한 막대와 함께 최대 10일; 자외선, 대기질, 바람, 해, 달, 습도와 이슬점, 기압, 가시거리, 강수량 카드. 색: COLORTERM=truecolor면 24비트, 256색 TERM이면 256색, 아니면 16색; NO_COLOR와 TERM=dumb은 굵게와 반전만 씁니다.",
            "입출력 모두 60×20 이상의 터미널이 필요합니다. 스크립트에서는 list와 show를 쓰세요. 종료 상태: q 뒤 0; Ctrl-C 뒤 130; SIGTERM, SIGHUP 뒤 143, 129(어느 경우든 터미널은 원래대로); 표준 입력이나 출력이 터미널이 아니면 64.",
        ],
        "show": [
            "장소와 현지 시각, 발효 중인 공식 특보(단계, 현상, 시각, 지역, 제목, 행동 요령의 첫 줄; 또는 특보가 없다는 것, 특보를 알려 주는 곳이 없다는 것), 앞으로 2시간의 강수(15분마다 막대 하나와 한 문장; 초단기 예보가 없는 곳은 시간별 예보로), 현재 날씨와 오늘의 최고 자외선 지수, 대기질, 앞으로 24시간(--hours, 최대 48)과 기온 그래프, 앞으로 며칠의 최저·최고 기온과 강수 확률(--days, 최대 7)을 모두 그곳의 시간대로 보여 줍니다. 터미널에서는 browse와 같은 페이지(크게 쓴 기온, 특보, 시간별 예보 띠, 날마다 막대, 카드)를 터미널 너비에 맞춰 전부 그립니다(스크롤됩니다). --brief는 창에 들어가는 만큼만 보여 줍니다. --full, --hours/--days, 파이프와 --format은 전체 목록을 줍니다. 장소를 주지 않으면 마지막으로 본 곳(처음에는 첫 장소)을 보여 줍니다. --next와 --previous(--prev)는 지금 순서대로 넘기며 끝에서 처음으로 돌아갑니다.",
            "저장한 곳이 아닌 이름은 'add'처럼 찾고(지명 사전, 그다음 온라인; --pick과 --country로 같은 이름 중에서 고르기) --lat/--lon도 마찬가지입니다: 아무것도 저장하지 않고(마지막으로 본 곳으로도) 날씨를 보여 주며 저장하는 법을 알려 줍니다.",
        ],
        "units": [
            "고른 것은 다음 실행에도 유지됩니다. 날씨는 °C, m/s, mm, m, hPa로 저장되고 보여 줄 때만 바뀝니다. metric은 °C, km/h, mm, km, hPa, 24시간제이고 imperial은 °F, mph, in, mi, inHg, 12시간제입니다. CSV와 TSV는 이 설정과 상관없이 같습니다; JSON은 기온과 바람을 내 단위로, 나머지는 저장된 단위로 주며 \"units\"가 그 단위를 알려 줍니다.",
        ],
        "search": [
            "정확히 같은 이름이 그 이름으로 시작하는 이름보다 먼저, 그다음 큰 곳부터 나옵니다. 대소문자, 악센트, 전각/반각은 무시합니다. 그 이름의 내장 도시가 없으면 온라인에서도 찾습니다(그 이름의 곳이 먼저 나옵니다).",
            "--weather는 후보마다 현재 날씨를 한꺼번에 받아 와서(Open-Meteo 요청 하나에 최대 50곳) 보여 주고, 아무것도 저장하지 않습니다.",
        ],
        "config": [
            "설정: provider(open-meteo, openweathermap, metno), language(en, ko, ja), ttl(분), concurrency(1-256), wind-unit(ms, kmh, mph, kn, bft), temperature-unit(celsius, fahrenheit, kelvin), format(list와 show의 기본값: table, json, csv, tsv, markdown, line), alerts(공식 특보를 받아 오는 곳: official은 키가 필요 없는 각국 기상청, 곧 노르웨이 기상청(MET Norway)과 미국 국립기상청; openweathermap은 여기에 OpenWeatherMap의 특보(각국 기관에서 모은 전 세계 특보)를 더하며 OPENWEATHER_API_KEY가 설정되어 있을 때만 받아 옵니다), air-scale(대기질을 매기는 기준: local은 장소마다 그 나라의 기준으로, 한국은 환경부 등급, EU와 EEA는 유럽 AQI, 그 밖은 미국 AQI; us, eu, kr은 모든 장소에 하나의 기준).",
            "적용되는 값은 강한 것부터: 옵션(--provider, --lang, --ttl, --concurrency, --format), 환경 변수(FORECAST_PROVIDER, FORECAST_LANG, FORECAST_TTL_MINUTES, FORECAST_CONCURRENCY, FORECAST_FORMAT), 이 설정, 그다음 기본값(언어는 로캘: LC_ALL, LC_MESSAGES, LANG)입니다. 인자 없이 실행하면 모든 설정을 값과 출처와 함께 보여 줍니다. API 키는 저장하지 않고 환경 변수(OPENWEATHER_API_KEY)에서만 읽습니다.",
        ],
        "export": [
            "장소를 내 순서대로, 이름표, 이름, 나라, 지역, 좌표, 시간대, GeoNames id와 함께 씁니다. JSON에는 설정(단위, 정렬, 'forecast config'가 유지하는 것; API 키는 절대 아님)과 버전도 들어가고, CSV에는 장소만 들어갑니다. 'forecast import'로 다시 읽습니다.",
        ],
        "import": [
            "쓰기 전에 파일 전체를 확인한 다음 한 트랜잭션으로 저장합니다. 이미 저장한 곳은 건너뛰고 그 수를 셉니다. 읽을 수 없는 파일, 잘못된 행, 모르는 버전은 그 행을 알려 주는 오류이고 아무것도 바뀌지 않습니다. 파일의 설정은 목록이 비어 있을 때(새 컴퓨터)나 --replace일 때 적용되고, 아니면 내 설정이 유지됩니다.",
        ],
        "alerts": [
            "특보 하나에 한 덩어리: 장소, 단계(주의/노랑, 경계/주황, 위험/빨강, 극한), 현상, 그곳 시각으로 발효 기간, 지역, 제목, 행동 요령의 첫 줄, 발표 기관. 특보는 장소마다 그곳을 맡은 공식 기관에서 받아 옵니다(노르웨이는 MET Norway, 미국은 미국 국립기상청; config의 alerts를 openweathermap으로 정하고 OPENWEATHER_API_KEY가 있으면 OpenWeatherMap의 전 세계 특보도). 특보를 알려 주는 곳이 없는 장소와 확인하지 못한 장소는 표준 오류에 참고로 알려 줍니다.",
            "특보는 목록을 새로 받을 때처럼 받아 옵니다(서비스 약관 안에서: MET Norway는 한 장소에 10분에 한 번). --offline이면 저장된 특보를 얼마나 오래되었는지와 함께 보여 주고, 끝난 특보는 절대 보여 주지 않습니다. 날씨 자체는 받아 오지도 바꾸지도 않습니다.",
            "종료 상태: 0 발효 중인 특보가 있음; 1 없음(표에서는 한 문장만 출력); 2 보여 줄 특보가 없고 일부 장소의 특보를 확인하지 못함; 4 저장한 곳이 없음; 64 사용법 오류; 130 중단됨.",
        ],
        "report": [
            "요약 표, 그리고 장소마다 현재 날씨, 앞으로 48시간의 기온과 강수 확률 그래프, 앞으로 며칠의 최저·최고 기온을 내 단위와 언어로 담습니다. 파일에는 스크립트, 글꼴, 가져올 다른 파일이 없어 오프라인에서도 보이고 메일로 보낼 수 있습니다. 날씨는 'show'처럼 받아 옵니다(신선한 동안은 저장된 것). 목록이 비어 있으면 오류이고 파일을 쓰지 않습니다.",
            "종료 상태는 list와 같습니다: 일부 장소의 날씨를 받아 오지 못하면 2(보고서는 어느 곳인지 적어서 그래도 씁니다).",
        ],
    ]
}
