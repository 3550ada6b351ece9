/// RFC 4180 CSV: fields separated by commas, a field with a comma, quote or
/// line break quoted and its quotes doubled, CRLF line ends (LF read too).
public enum CSV {
    /// One field, quoted when it must be.
    public static func field(_ value: String) -> String {
        value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" })
            ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }

    /// One record, with its CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    public enum ParseError: Error, Equatable, Sendable {
        /// A quoted field that never closes, starting on this record (1-based).
        case unclosedQuote(record: Int)
        /// A quote inside an unquoted field, or text after a closing quote.
        case strayQuote(record: Int)
    }

    /// The records of `text`. A last empty line is no record; a blank line inside is one empty field.
    public static func parse(_ text: String) throws(ParseError) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var afterQuote = false
        var characters = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = characters.next()
        func endRecord() {
            record.append(field)
            records.append(record)
            record = []
            field = ""
        }
        while let scalar = pending {
            pending = characters.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = characters.next()
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                record.append(field)
                field = ""
                afterQuote = false
            case "\r", "\n":
                if scalar == "\r" && pending == "\n" { pending = characters.next() }
                endRecord()
                afterQuote = false
            case "\"":
                guard field.isEmpty, !afterQuote else { throw .strayQuote(record: records.count + 1) }
                quoted = true
            default:
                if afterQuote { throw .strayQuote(record: records.count + 1) }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw .unclosedQuote(record: records.count + 1) }
        if !field.isEmpty || !record.isEmpty || afterQuote { endRecord() }
        return records
    }
}
