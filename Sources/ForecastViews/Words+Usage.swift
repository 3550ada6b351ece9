import ForecastCore

/// What is wrong with a command line whose parts do not fit together (exit 64).
/// The argument parser's own complaints (an unknown option, a missing value)
/// stay in its English.
package enum UsageProblem {
    case language, removeWhat, refreshAndOffline, concurrency, timeout, ttl, rateLimit, batchSize
    case nextAndPrevious, placeAndPaging, days(Int), hours(Int), unsetAndKey
    case hereTakesNothing, nameAndCoordinates, latitudeAndLongitude, pickWithCoordinates, nameOrCoordinates
    case pickFromOne(Int), limit(Int), descendingNeedsKey
    case templateNeedsLine, templateField(String), templateUnclosed(String)
}

extension Words {
    package static let fieldList = ReportField.allCases.map(\.rawValue).joined(separator: ", ")

    /// "--where 'rain>=x': expected a number at 'x' (character 7)".
    package func filterProblem(_ text: String, _ error: FilterExpression.ParseError) -> String {
        let fields = ReportField.allCases.filter(\.isNumeric).map(\.rawValue).joined(separator: ", ")
        let what: String = switch error.problem {
        case .unknownField(let name): say("\(name) is not a field; the fields are \(fields)", "\(name)(이)라는 필드는 없습니다. 필드: \(fields)")
        case .expectedField: say("expected a field (\(fields))", "필드가 와야 합니다 (\(fields))")
        case .expectedComparison: say("expected <, <=, >, >=, = or !=", "<, <=, >, >=, = 또는 !=가 와야 합니다")
        case .expectedNumber: say("expected a number", "숫자가 와야 합니다")
        case .expectedAndOr: say("expected 'and', 'or' or the end", "'and', 'or' 또는 끝이 와야 합니다")
        case .unclosedParenthesis: say("this parenthesis is never closed", "이 괄호가 닫히지 않았습니다")
        case .tooDeep(let maximum):
            say("parentheses and 'not' nest more than \(maximum) deep", "괄호와 'not'이 \(maximum)단계보다 깊게 겹쳐 있습니다")
        case .tooLong(let maximum):
            say("more than \(maximum) comparisons in one expression", "한 식에 비교가 \(maximum)개보다 많습니다")
        case .unexpectedCharacter: say("this character cannot be used", "이 문자는 쓸 수 없습니다")
        }
        let token = error.token.isEmpty
            ? say("at the end", "끝에서")
            : say("at '\(error.token)' (character \(error.position))", "'\(error.token)'에서 (\(error.position)번째 글자)")
        return "--where '\(SafeText.quoted(text))', \(token): \(what)"
    }

    package func usage(_ problem: UsageProblem) -> String {
        switch problem {
        case .language: say("--lang must be en or ko", "--lang에는 en이나 ko를 쓰세요")
        case .removeWhat: say("give the places to remove, or --damaged, not both", "지울 장소나 --damaged 중 하나를 주세요")
        case .refreshAndOffline: say("--refresh and --offline cannot be used together", "--refresh와 --offline은 함께 쓸 수 없습니다")
        case .concurrency: say("--concurrency must be between 1 and 256", "--concurrency는 1에서 256 사이여야 합니다")
        case .timeout: say("--timeout must be more than 0 and at most 300 seconds", "--timeout은 0초보다 크고 300초 이하여야 합니다")
        case .ttl: say("--ttl must be 0 or more minutes", "--ttl은 0분 이상이어야 합니다")
        case .rateLimit: say("--rate-limit must be at least 1 call a minute", "--rate-limit은 분당 1회 이상이어야 합니다")
        case .batchSize: say("--batch-size must be between 1 and 100", "--batch-size는 1에서 100 사이여야 합니다")
        case .nextAndPrevious: say("--next and --previous cannot be used together", "--next와 --previous는 함께 쓸 수 없습니다")
        case .placeAndPaging: say("give a place or --next/--previous, not both", "장소와 --next/--previous 중 하나만 쓰세요")
        case .unsetAndKey: say("give --unset KEY, or KEY [VALUE], not both", "--unset KEY와 KEY [VALUE] 중 하나만 쓰세요")
        case .days(let days): say("--days must be between 1 and 7, not \(days)", "--days는 1에서 7 사이여야 합니다 (\(days)은(는) 안 됩니다)")
        case .hours(let hours): say("--hours must be between 1 and 48, not \(hours)", "--hours는 1에서 48 사이여야 합니다 (\(hours)은(는) 안 됩니다)")
        case .hereTakesNothing: say("--here takes no name, coordinates, --pick or --country", "--here에는 이름, 좌표, --pick, --country를 함께 쓸 수 없습니다")
        case .nameAndCoordinates: say("give either a name or --lat and --lon, not both", "이름과 --lat/--lon 중 하나만 쓰세요")
        case .latitudeAndLongitude: say("--lat and --lon go together: give both", "--lat와 --lon은 함께 써야 합니다")
        case .pickWithCoordinates: say("--pick and --country apply to names, not coordinates", "--pick과 --country는 좌표가 아니라 이름에 씁니다")
        case .nameOrCoordinates: say("give a place name, or --lat and --lon", "장소 이름이나 --lat과 --lon을 주세요")
        case .pickFromOne(let pick): say("--pick counts from 1, not \(pick)", "--pick은 1부터 셉니다 (\(pick)은(는) 안 됩니다)")
        case .limit(let limit): say("--limit must be between 1 and 100, not \(limit)", "--limit은 1에서 100 사이여야 합니다 (\(limit)은(는) 안 됩니다)")
        case .templateNeedsLine: say("--template goes with --format line", "--template은 --format line과 함께 씁니다")
        case .templateField(let name):
            say("--template has no field '\(SafeText.quoted(name))'; the fields are \(Self.fieldList)",
                "--template에 '\(SafeText.quoted(name))' 필드는 없습니다. 쓸 수 있는 필드: \(Self.fieldList)")
        case .templateUnclosed(let text):
            say("--template has an unclosed '\(SafeText.quoted(text))'; write fields as {name}",
                "--template의 '\(SafeText.quoted(text))'이(가) 닫히지 않았습니다. 필드는 {name}처럼 씁니다")
        case .descendingNeedsKey:
            say("--descending needs a sort key, e.g. 'forecast sort name --descending'",
                "--descending에는 정렬 기준이 필요합니다 (예: 'forecast sort name --descending')")
        }
    }
}

extension Words {
    /// The argument parser's own complaint (it writes English), in the user's
    /// language where its shape is known; as it is otherwise.
    package func parserMessage(_ english: String) -> String {
        guard korean else { return english }
        if let m = english.wholeMatch(of: /Missing expected argument '(.+)'/) {
            return "필요한 인자 '\(m.1)'이(가) 없습니다"
        }
        if let m = english.wholeMatch(of: /Missing value for '(.+)'/) {
            return "'\(m.1)'에 값이 없습니다"
        }
        if let m = english.wholeMatch(of: /Unknown option '([^']+)'\.?(?: Did you mean '([^']+)'\?)?/) {
            return "알 수 없는 옵션 '\(m.1)'" + (m.2.map { " (혹시 '\($0)'?)" } ?? "")
        }
        if let m = english.wholeMatch(of: /Unexpected argument '(.+)'/) {
            return "필요 없는 인자 '\(m.1)'"
        }
        if let m = english.wholeMatch(of: /The value '([^']*)' is invalid for '([^']+)'(?:\. Please provide one of (?:the following: )?(.+?)\.?)?/) {
            return "'\(m.1)'은(는) '\(m.2)'에 쓸 수 없는 값입니다" + (m.3.map { ": \($0.replacingOccurrences(of: " or ", with: ", ")) 중 하나를 쓰세요" } ?? "")
        }
        return english
    }
}
