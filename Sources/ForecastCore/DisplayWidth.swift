/// How many terminal columns text takes: Hangul, CJK, fullwidth forms and
/// emoji take two, combining marks and zero-width characters none.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        // Printable ASCII, most of a table, is one column a byte: no Unicode tables needed.
        if SafeText.isPrintableASCII(text) { return text.utf8.count }
        // Latin letters and signs ("°C", "São Paulo") and Hangul or CJK syllables
        // that no mark, joiner or selector follows: one scalar a character,
        // its width from its value. Anything else is measured character by character.
        var columns = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300: columns += 1
            case 0xAC00...0xD7A3, 0x4E00...0x9FFF: columns += 2
            default: return text.reduce(0) { $0 + of($1) }
            }
        }
        return columns
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji shown as a picture: presentation by default, or asked for with VS16.
        if first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.contains("\u{FE0F}")) {
            return 2
        }
        if scalars.count == 1 && isZeroWidth(first) { return 0 }
        return isWide(first.value) ? 2 : 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: scalar.value == 0x200B
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Pads `text` with spaces to `width` columns (left- or right-aligned).
    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(0, width - of(text)))
        return alignRight ? gap + text : text + gap
    }

    /// Shortens `text` to at most `width` columns, ending with "…" when cut.
    /// Control characters are dropped first, so a cut never leaves half an escape sequence.
    public static func truncate(_ text: String, to width: Int) -> String {
        let text = SafeText.printable(text)
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }
}

/// A plain table laid out in terminal columns.
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public var headers: [String]
    public var alignments: [Alignment]
    public var rows: [[String]] = []

    public init(headers: [String], alignments: [Alignment]? = nil) {
        self.headers = headers
        self.alignments = alignments ?? headers.map { _ in .left }
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// The table in at most `width` terminal columns: first the `flexible`
    /// column's cells are shortened (down to 8 columns, ending with "…"), then
    /// the columns in `dropOrder` are left out one by one, and only then are
    /// lines cut. `nil` width: the table as it is (output to a pipe is never cut).
    public func fitted(width: Int?, flexible: Int? = nil, dropOrder: [Int] = []) -> [String] {
        guard let width, width > 0 else { return render() }
        /// `table` laid out, its flexible column (if it has it) cut to what fits, down to 8 columns.
        func shrunk(_ table: TextTable, flexible: Int?) -> (lines: [String], width: Int) {
            let laid = table.laidOut()
            guard laid.width > width, let flexible, flexible < table.headers.count else { return laid }
            let current = ([table.headers] + table.rows).map { flexible < $0.count ? DisplayWidth.of(SafeText.printable($0[flexible])) : 0 }.max() ?? 0
            let allowed = max(8, current - (laid.width - width))
            var cut = table
            cut.rows = table.rows.map { row in
                var row = row
                if flexible < row.count { row[flexible] = DisplayWidth.truncate(row[flexible], to: allowed) }
                return row
            }
            return cut.laidOut()
        }
        var laid = shrunk(self, flexible: flexible)
        // Then columns go, from the whole table each time, so that the flexible
        // column gets back what a dropped one leaves (it stayed cut before).
        var dropped: [Int] = []
        for column in dropOrder where laid.width > width && column < headers.count {
            dropped.append(column)
            var narrower = self
            let keep = headers.indices.filter { !dropped.contains($0) }
            narrower.headers = keep.map { headers[$0] }
            narrower.alignments = keep.map { alignments[$0] }
            narrower.rows = rows.map { row in keep.map { $0 < row.count ? row[$0] : "" } }
            laid = shrunk(narrower, flexible: flexible.flatMap { keep.firstIndex(of: $0) })
        }
        guard laid.width > width else { return laid.lines }
        return laid.lines.map { DisplayWidth.of($0) > width ? DisplayWidth.truncate($0, to: width) : $0 }
    }

    /// Lines without trailing spaces, columns two spaces apart.
    public func render() -> [String] { laidOut().lines }

    /// The lines, and the widest one's width: every cell is measured once, and
    /// a line's width follows from its columns' (a thousand rows with an emoji
    /// each were measured three times over, character by character).
    func laidOut() -> (lines: [String], width: Int) {
        // Cells may hold text from outside: nothing in them may move the cursor or recolour the terminal.
        let all = ([headers] + rows).map { $0.map(SafeText.printable) }
        let sizes = all.map { row in headers.indices.map { column in column < row.count ? DisplayWidth.of(row[column]) : 0 } }
        let widths = headers.indices.map { column in sizes.map { $0[column] }.max() ?? 0 }
        let full = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
        var widest = 0
        let lines = zip(all, sizes).map { row, size in
            let cells = headers.indices.map { column in
                let text = column < row.count ? row[column] : ""
                let gap = String(repeating: " ", count: max(0, widths[column] - size[column]))
                return alignments[column] == .right ? gap + text : text + gap
            }
            var line = cells.joined(separator: "  ")
            var lineWidth = full
            while line.last == " " {
                line.removeLast()
                lineWidth -= 1
            }
            widest = max(widest, lineWidth)
            return line
        }
        return (lines, widest)
    }
}
