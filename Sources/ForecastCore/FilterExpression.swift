/// `list --where 'rain>=60 and temp<0'`: comparisons of a place's numbers,
/// joined by `and`/`or` (and binds tighter), with `not` and parentheses.
/// A place without the value compared is never a match.
public indirect enum FilterExpression: Equatable, Sendable {
    case compare(field: String, Comparison, Double)
    case and(FilterExpression, FilterExpression)
    case or(FilterExpression, FilterExpression)
    case not(FilterExpression)

    public enum Comparison: String, Sendable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "=", notEqual = "!="

        func holds(_ a: Double, _ b: Double) -> Bool {
            switch self {
            case .less: a < b
            case .lessOrEqual: a <= b
            case .greater: a > b
            case .greaterOrEqual: a >= b
            case .equal: a == b
            case .notEqual: a != b
            }
        }
    }

    /// Why an expression cannot be read, and where: `position` counts
    /// characters from 1, `token` is what stands there ("" at the end).
    public struct ParseError: Error, Equatable, Sendable {
        public enum Problem: Equatable, Sendable {
            case unknownField(String)
            case expectedField, expectedComparison, expectedNumber, expectedAndOr, unclosedParenthesis, unexpectedCharacter
            /// More parentheses and `not`s inside each other than `maximumDepth`.
            case tooDeep(maximum: Int)
            /// More comparisons than `maximumComparisons`.
            case tooLong(maximum: Int)
        }
        public var problem: Problem
        public var position: Int
        public var token: String
    }

    /// Whether a place with these values matches (`value` gives a field's number, if the place has one).
    public func matches(_ value: (String) -> Double?) -> Bool {
        switch self {
        case .compare(let field, let comparison, let number): value(field).map { comparison.holds($0, number) } ?? false
        case .and(let a, let b): a.matches(value) && b.matches(value)
        case .or(let a, let b): a.matches(value) || b.matches(value)
        case .not(let a): !a.matches(value)
        }
    }

    /// How deeply parentheses and `not` may nest: the parser and `matches` recurse,
    /// so an expression as deep as the command line allows would overflow the stack.
    public static let maximumDepth = 256
    /// How many comparisons one expression may join: `and`/`or` chains build a tree
    /// that `matches` walks recursively, so its size is bounded too.
    public static let maximumComparisons = 1_000

    /// Parses `text`, accepting only the names in `fields`.
    public static func parse(_ text: String, fields: Set<String>) throws(ParseError) -> FilterExpression {
        var parser = Parser(tokens: try tokenize(text), fields: fields, end: text.count + 1)
        let expression = try parser.or()
        if let extra = parser.peek { throw ParseError(problem: .expectedAndOr, position: extra.position, token: extra.text) }
        return expression
    }

    struct Token: Equatable {
        enum Kind { case word, number, comparison, open, close }
        var kind: Kind
        var text: String
        var position: Int
    }

    static func tokenize(_ text: String) throws(ParseError) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let start = index
            if character.isWhitespace {
                index += 1
            } else if character == "(" || character == ")" {
                tokens.append(Token(kind: character == "(" ? .open : .close, text: String(character), position: start + 1))
                index += 1
            } else if "<>=!".contains(character) {
                var symbol = String(character)
                if index + 1 < characters.count, characters[index + 1] == "=" { symbol.append("="); index += 1 }
                if symbol == "==" { symbol = "=" }
                index += 1
                guard FilterExpression.Comparison(rawValue: symbol) != nil else {
                    throw ParseError(problem: .expectedComparison, position: start + 1, token: symbol)
                }
                tokens.append(Token(kind: .comparison, text: symbol, position: start + 1))
            } else if character.isNumber || character == "-" || character == "+" || character == "." {
                index += 1
                while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
                tokens.append(Token(kind: .number, text: String(characters[start..<index]), position: start + 1))
            } else if character.isLetter || character == "_" {
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
                tokens.append(Token(kind: .word, text: String(characters[start..<index]), position: start + 1))
            } else {
                throw ParseError(problem: .unexpectedCharacter, position: start + 1, token: SafeText.quoted(String(character)))
            }
        }
        return tokens
    }

    struct Parser {
        var tokens: [Token]
        let fields: Set<String>
        let end: Int
        var index = 0
        var depth = 0
        var comparisons = 0

        var peek: Token? { index < tokens.count ? tokens[index] : nil }

        func failure(_ problem: ParseError.Problem) -> ParseError {
            ParseError(problem: problem, position: peek?.position ?? end, token: SafeText.quoted(peek?.text ?? ""))
        }

        func isWord(_ word: String) -> Bool { peek?.kind == .word && peek?.text.lowercased() == word }

        mutating func or() throws(ParseError) -> FilterExpression {
            var left = try and()
            while isWord("or") {
                index += 1
                left = .or(left, try and())
            }
            return left
        }

        mutating func and() throws(ParseError) -> FilterExpression {
            var left = try unary()
            while isWord("and") {
                index += 1
                left = .and(left, try unary())
            }
            return left
        }

        /// Counts one more level of nesting, refusing it past `maximumDepth`.
        mutating func enter() throws(ParseError) {
            depth += 1
            guard depth <= FilterExpression.maximumDepth else { throw failure(.tooDeep(maximum: FilterExpression.maximumDepth)) }
        }

        mutating func unary() throws(ParseError) -> FilterExpression {
            if isWord("not") {
                try enter()
                defer { depth -= 1 }
                index += 1
                return .not(try unary())
            }
            if let open = peek, open.kind == .open {
                try enter()
                defer { depth -= 1 }
                index += 1
                let inner = try or()
                guard peek?.kind == .close else {
                    if peek == nil { throw ParseError(problem: .unclosedParenthesis, position: open.position, token: "(") }
                    throw failure(.expectedAndOr)
                }
                index += 1
                return inner
            }
            return try comparison()
        }

        mutating func comparison() throws(ParseError) -> FilterExpression {
            guard let field = peek, field.kind == .word, !["and", "or", "not"].contains(field.text.lowercased()) else {
                throw failure(.expectedField)
            }
            comparisons += 1
            guard comparisons <= FilterExpression.maximumComparisons else {
                throw failure(.tooLong(maximum: FilterExpression.maximumComparisons))
            }
            let name = field.text.lowercased()
            guard fields.contains(name) else {
                throw ParseError(problem: .unknownField(SafeText.quoted(field.text)), position: field.position, token: SafeText.quoted(field.text))
            }
            index += 1
            guard let symbol = peek, symbol.kind == .comparison, let comparison = Comparison(rawValue: symbol.text) else {
                throw failure(.expectedComparison)
            }
            index += 1
            guard let number = peek, number.kind == .number, let value = Double(number.text), value.isFinite else {
                throw failure(.expectedNumber)
            }
            index += 1
            return .compare(field: name, comparison, value)
        }
    }
}
