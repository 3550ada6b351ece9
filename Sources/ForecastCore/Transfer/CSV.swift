/// RFC 4180 CSV: fields separated by commas, a field with a comma, quote or
/// line break quoted and its quotes doubled, CRLF line ends (LF read too).
public enum CSV {
    /// One field, quoted when it must be.
    public static func field(_ value: String) -> String {
        value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) ? quoted(value) : value
    }

    /// One field, always quoted, its quotes doubled.
    public static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
        do {
            try forEachRecord(in: text) { (fields: [String], _: Int) throws(Never) in records.append(fields) }
        } catch {
            switch error {
            case .parse(let problem): throw problem
            case .body(let never): switch never {}
            }
        }
        return records
    }

    /// Calls `body` with each record of `text` in turn, holding one record at a
    /// time: its first `maximumFields` fields, and how many it has in all (so
    /// 32 MB of commas costs a counter, not millions of empty strings).
    public static func forEachRecord<Failure: Error>(
        in text: String, maximumFields: Int = .max, _ body: (_ fields: [String], _ count: Int) throws(Failure) -> Void
    ) throws(CSVFailure<Failure>) {
        var record: [String] = []
        var count = 0
        var number = 1
        var field = ""
        var quoted = false
        var afterQuote = false
        var characters = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = characters.next()
        func endField() {
            if count < maximumFields { record.append(field) }
            count += 1
            field = ""
        }
        func endRecord() throws(CSVFailure<Failure>) {
            endField()
            do { try body(record, count) } catch { throw .body(error) }
            record.removeAll(keepingCapacity: true)
            count = 0
            number += 1
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
                endField()
                afterQuote = false
            case "\r", "\n":
                if scalar == "\r" && pending == "\n" { pending = characters.next() }
                try endRecord()
                afterQuote = false
            case "\"":
                guard field.isEmpty, !afterQuote else { throw .parse(.strayQuote(record: number)) }
                quoted = true
            default:
                if afterQuote { throw .parse(.strayQuote(record: number)) }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw .parse(.unclosedQuote(record: number)) }
        if !field.isEmpty || count > 0 || afterQuote { try endRecord() }
    }

    /// What `forEachRecord` throws: the text is not CSV, or `body` threw.
    public enum CSVFailure<Failure: Error>: Error {
        case parse(ParseError)
        case body(Failure)
    }
}
