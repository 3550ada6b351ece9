/// `--help` in Korean: each help text the commands declare (in English, as
/// ArgumentParser takes them), in Korean. A text missing here shows in English;
/// a test checks that none is missing.
package enum KoreanHelp {
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
        "Look places up in the gazetteer without saving them.":
            "저장하지 않고 지명 사전에서 장소를 찾아봅니다.",
        "Show or set the preferences kept for later runs.":
            "다음 실행에도 유지되는 설정을 보거나 정합니다.",
        "Write the saved places (and the settings) to a file, to carry them elsewhere.":
            "저장한 장소(와 설정)를 파일로 써서 다른 곳으로 옮길 수 있게 합니다.",
        "Add the places of an exported file (JSON or CSV), all or none.":
            "내보낸 파일(JSON 또는 CSV)의 장소를 모두 추가하거나, 하나도 추가하지 않습니다.",
        "Write one self-contained HTML report of every saved place's weather.":
            "저장한 모든 장소의 날씨를 담은 HTML 보고서 하나를 씁니다.",
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
        "Language: en or ko (default: $FORECAST_LANG, else from $LC_ALL, $LC_MESSAGES or $LANG).":
            "언어: en 또는 ko(기본값: $FORECAST_LANG, 없으면 $LC_ALL, $LC_MESSAGES, $LANG에서).",
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
        "With --weather: seconds the whole fetch may take.":
            "--weather와 함께: 받아 오기 전체에 쓸 수 있는 초.",
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
}
