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

    /// Whether every terminal agrees on `text`'s width: Latin letters and
    /// signs, Hangul and CJK syllables, one scalar a character. Emoji,
    /// selectors, joiners and ambiguous signs ("…") are drawn one or two
    /// columns wide depending on the terminal's width table (tmux 3.3a draws ☀️ in one).
    public static func isSettled(_ text: String) -> Bool {
        if SafeText.isPrintableASCII(text) { return true }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300, 0xAC00...0xD7A3, 0x4E00...0x9FFF: true
            default: false
            }
        }
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji shown as a picture: presentation by default, or asked for with VS16.
        if first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.contains("\u{FE0F}")) {
            return 2
        }
        if scalars.count == 1 && isZeroWidth(first) { return 0 }
        // Half-width voicing marks (ﾞ ﾟ) join the kana before them in one character,
        // but a terminal gives each its own column (ｶﾞ is two columns).
        let halfWidthMarks = scalars.dropFirst().filter { $0.value == 0xFF9E || $0.value == 0xFF9F }.count
        return (isWide(first.value) ? 2 : 1) + halfWidthMarks
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
    /// `text` cut to `width` columns with "…"; `atWord`: where a word ends
    /// (a note is never cut mid-word: "snow in 42 …" said nothing), unless
    /// the first word alone is wider.
    public static func truncate(_ text: String, to width: Int, atWord: Bool = false) -> String {
        let text = SafeText.printable(text)
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        var lastWordEnd: String.Index?
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            if character == " " { lastWordEnd = result.endIndex }
            result.append(character)
            used += w
        }
        if atWord, let end = lastWordEnd, end > result.startIndex {
            var kept = String(result[..<end])
            // Nor left hanging on a separator (" · ", ",", ":").
            while let last = kept.last, last == " " || last == "·" || last == "," || last == ":" || last == "—" { kept.removeLast() }
            if !kept.isEmpty { return kept + "…" }
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

    /// Leaves `column` out, in place (a table of 100,000 rows is not copied to lose one).
    public mutating func remove(column: Int) {
        guard headers.indices.contains(column) else { return }
        headers.remove(at: column)
        alignments.remove(at: column)
        for index in rows.indices where column < rows[index].count { rows[index].remove(at: column) }
    }

    /// How the lines place their columns. `padded`: with spaces only (a
    /// pipe, a file, a test). `cursor(indent:)`: on a terminal, a cell that
    /// follows one whose width terminals disagree on (an emoji) is placed by
    /// moving the cursor to its column (CSI n G; `indent` is how many columns
    /// the caller puts before each line), so the columns never shift whatever
    /// width the terminal gives the emoji.
    public enum Placement: Sendable, Equatable {
        case padded
        case cursor(indent: Int)
    }

    /// The table in at most `width` terminal columns: first the `flexible`
    /// column's cells are shortened (down to 8 columns, ending with "…"), then
    /// columns from `dropOrder` are left out one by one, and only then are
    /// lines cut. `nil` width: the table as it is (output to a pipe is never cut).
    /// The columns in `leaving` are left out whatever the width.
    ///
    /// Which column goes first is the one whose loss tells the rows apart
    /// least: the rows, read without the columns in `ignoring` (a position
    /// number), stay as many distinct ones as they can; between columns that
    /// matter alike, `dropOrder`'s order. Eight Springfields keep their region
    /// (the only column that differs) and lose the Korean name (the same in all).
    public func fitted(
        width: Int?, flexible: Int? = nil, dropOrder: [Int] = [], ignoring: Set<Int> = [], placement: Placement = .padded,
        leaving: [Int] = []
    ) -> [String] {
        fitting(width: width, flexible: flexible, dropOrder: dropOrder, ignoring: ignoring, placement: placement, leaving: leaving).lines
    }

    /// How the table fits `width` as `fitted` says, decided by measuring its
    /// cells alone: its lines are made by `TableFitting.write`, one at a time.
    public func fitting(
        width: Int?, flexible: Int? = nil, dropOrder: [Int] = [], ignoring: Set<Int> = [], placement: Placement = .padded,
        leaving: [Int] = []
    ) -> TableFitting {
        if !leaving.isEmpty {
            // Columns left out whatever the width (one no row has anything in).
            let narrower = without(leaving)
            let kept = { (column: Int) in narrower.kept.firstIndex(of: column) }
            return narrower.table.fitting(
                width: width, flexible: flexible.flatMap(kept), dropOrder: dropOrder.compactMap(kept),
                ignoring: Set(ignoring.compactMap(kept)), placement: placement)
        }
        guard let width, width > 0 else { return TableFitting(table: self, placement: placement, cut: nil) }
        /// `table` with its flexible column (if it has it) cut to what fits, down to 8 columns, and its width.
        func shrunk(_ table: TextTable, flexible: Int?) -> (table: TextTable, width: Int) {
            let layout = table.measured()
            guard layout.widest > width, let flexible, flexible < table.headers.count else { return (table, layout.widest) }
            let current = layout.widths[flexible]
            let allowed = max(8, current - (layout.widest - width))
            var cut = table
            cut.rows = table.rows.map { row in
                var row = row
                if flexible < row.count { row[flexible] = DisplayWidth.truncate(row[flexible], to: allowed, atWord: true) }
                return row
            }
            return (cut, cut.measured().widest)
        }
        var laid = shrunk(self, flexible: flexible)
        // Then columns go, from the whole table each time, so that the flexible
        // column gets back what a dropped one leaves (it stayed cut before).
        var dropped: [Int] = []
        var candidates = dropOrder.filter { $0 < headers.count }
        while laid.width > width, !candidates.isEmpty {
            let column = leastTelling(of: candidates, besides: dropped, ignoring: ignoring)
            candidates.removeAll { $0 == column }
            dropped.append(column)
            let narrower = without(dropped)
            laid = shrunk(narrower.table, flexible: flexible.flatMap { narrower.kept.firstIndex(of: $0) })
        }
        guard laid.width > width else { return TableFitting(table: laid.table, placement: placement, cut: nil) }
        // Still too wide: the lines are cut, laid out with spaces (which a cut keeps).
        guard placement != .padded else { return TableFitting(table: laid.table, placement: placement, cut: width) }
        let narrower = without(dropped)
        var padded = narrower.table.fitting(width: width, flexible: flexible.flatMap { narrower.kept.firstIndex(of: $0) })
        padded.cut = width
        return padded
    }

    /// The table without the `dropped` columns, and which of its columns it kept.
    private func without(_ dropped: [Int]) -> (table: TextTable, kept: [Int]) {
        var table = self
        let kept = headers.indices.filter { !dropped.contains($0) }
        table.headers = kept.map { headers[$0] }
        table.alignments = kept.map { alignments[$0] }
        table.rows = rows.map { row in kept.map { $0 < row.count ? row[$0] : "" } }
        return (table, kept)
    }

    /// Of `candidates`, the column whose loss (with `dropped` gone already)
    /// leaves the most distinct rows; the earliest of equals.
    func leastTelling(of candidates: [Int], besides dropped: [Int], ignoring: Set<Int>) -> Int {
        guard candidates.count > 1, rows.count > 1 else { return candidates[0] }
        var best = candidates[0]
        var bestCount = -1
        for column in candidates {
            let counted = headers.indices.filter { $0 != column && !dropped.contains($0) && !ignoring.contains($0) }
            let distinct = Set(rows.map { row in counted.map { $0 < row.count ? row[$0] : "" } }).count
            if distinct > bestCount {
                best = column
                bestCount = distinct
            }
            if distinct == rows.count { break }  // nothing is lost: the earliest such column goes
        }
        return best
    }

    /// Lines without trailing spaces, columns two spaces apart.
    public func render(_ placement: Placement = .padded) -> [String] { laidOut(placement).lines }

    /// The lines, and the widest one's width: every cell is measured once, and
    /// a line's width follows from its columns' (a thousand rows with an emoji
    /// each were measured three times over, character by character).
    func laidOut(_ placement: Placement = .padded) -> (lines: [String], width: Int) {
        let layout = measured()
        return ((0...rows.count).map { line($0, layout, placement) }, layout.widest)
    }

    /// What laying the table out needs: each column's width, each cell's, and the widest line's.
    public struct Layout: Sendable {
        var widths: [Int]
        /// Row by row (the headers first), column by column.
        var sizes: [Int]
        public var widest: Int
    }

    /// Every cell measured once, no line made: what deciding how the table fits needs.
    public func measured() -> Layout {
        // Cells may hold text from outside: nothing in them may move the cursor or recolour the terminal.
        // Cleaned as each row is measured and again as it is laid out: 100,000 rows are not held twice.
        let count = headers.count
        var sizes: [Int] = []
        sizes.reserveCapacity((rows.count + 1) * count)
        var widths = Array(repeating: 0, count: count)
        // Which of a row's columns hold text (a text's own trailing spaces count as text).
        var filled: [[Bool]] = []
        filled.reserveCapacity(rows.count + 1)
        for index in 0...rows.count {
            let cells = printableRow(index)
            for column in 0..<count {
                let size = column < cells.count ? DisplayWidth.of(cells[column]) : 0
                sizes.append(size)
                widths[column] = max(widths[column], size)
            }
            filled.append((0..<count).map { column in column < cells.count && cells[column].contains { $0 != " " } })
        }
        var widest = 0
        for (index, row) in filled.enumerated() {
            // The line ends where its last cell with text does.
            var end = 0
            var start = 0
            for column in 0..<count {
                if row[column] { end = start + (alignments[column] == .right ? widths[column] : sizes[index * count + column]) }
                start += widths[column] + 2
            }
            widest = max(widest, end)
        }
        return Layout(widths: widths, sizes: sizes, widest: widest)
    }

    /// Row `index` (0: the headers) as shown, cleaned.
    private func printableRow(_ index: Int) -> [String] { (index == 0 ? headers : rows[index - 1]).map(SafeText.printable) }

    /// Row `index`'s line (0: the headers'), without trailing spaces, as `layout` places its columns.
    func line(_ index: Int, _ layout: Layout, _ placement: Placement) -> String {
        let count = headers.count
        let row = printableRow(index)
        let widths = layout.widths
        let size = { (column: Int) in layout.sizes[index * count + column] }
        let cells = headers.indices.map { column in
            let text = column < row.count ? row[column] : ""
            let gap = String(repeating: " ", count: max(0, widths[column] - size(column)))
            return alignments[column] == .right ? gap + text : text + gap
        }
        var line: String
        if case .cursor(let indent) = placement {
            line = ""
            var start = indent
            var unsettled = false
            for (column, cell) in cells.enumerated() {
                if column > 0 && unsettled {
                    // Spaces would not place it: the cursor goes to its column (a blank cell needs nothing).
                    while line.last == " " { line.removeLast() }
                    if cell.contains(where: { $0 != " " }) { line += "\u{1B}[\(start + 1)G" + cell }
                } else {
                    line += (column > 0 ? "  " : "") + cell
                }
                unsettled = unsettled || !DisplayWidth.isSettled(column < row.count ? row[column] : "")
                start += widths[column] + 2
            }
        } else {
            line = cells.joined(separator: "  ")
        }
        while line.last == " " { line.removeLast() }
        return line
    }
}

/// How a table fits a width (`TextTable.fitting`): the table to lay out (its
/// columns dropped, its flexible column cut), how its columns are placed,
/// and the width its lines are cut to, if they must be. Its lines are made
/// one at a time (`write`): 100,000 rows' lines are never all held.
public struct TableFitting: Sendable {
    public var table: TextTable
    public var placement: TextTable.Placement
    public var cut: Int?

    public func write(_ line: (String) -> Void) {
        let layout = table.measured()
        for index in 0...table.rows.count {
            let made = table.line(index, layout, placement)
            line(cut.map { DisplayWidth.of(made) > $0 ? DisplayWidth.truncate(made, to: $0) : made } ?? made)
        }
    }

    public var lines: [String] {
        var lines: [String] = []
        lines.reserveCapacity(table.rows.count + 1)
        write { lines.append($0) }
        return lines
    }
}

extension DisplayWidth {
    /// `text` in lines of at most `width` columns, broken at spaces where it can be.
    public static func wrap(_ text: String, width: Int) -> [String] {
        if breaksBetweenCharacters(text) { return wrapBetweenCharacters(text, width: width) }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = word
            // A word longer than the line is broken where the line ends.
            while DisplayWidth.of(line) > width {
                var head = "", used = 0
                for character in line {
                    let size = DisplayWidth.of(character)
                    if used + size > width { break }
                    head.append(character)
                    used += size
                }
                guard !head.isEmpty else { line = ""; break }
                lines.append(head)
                line = String(line.dropFirst(head.count))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Whether `text` has kanji or kana: Japanese (and Chinese) run without
    /// spaces and break between characters. Hangul is written with spaces
    /// and breaks at them, as Latin does.
    public static func breaksBetweenCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { isHanOrKana($0.value) }
    }

    private static func isHanOrKana(_ v: UInt32) -> Bool {
        // CJK punctuation (、。「」) too: it sits between kanji and kana, never in a Latin word.
        (0x3001...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF66...0xFF9F).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// What may not begin a line (the Japanese rule, kinsoku): closing
    /// brackets and punctuation, small kana, the long vowel mark.
    private static let noLineStart: Set<Character> = Set("、。，．・：；？！ー」』）〕］｝〉》】ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々)]}>,.:;!?%")
    /// What may not end a line: opening brackets.
    private static let noLineEnd: Set<Character> = Set("「『（〔［｛〈《【([{<")

    /// `wrap` for text with kanji or kana: a line may break between two
    /// characters where either is kanji or kana, and at spaces, but not
    /// before a closing mark nor after an opening one; a run of Latin letters
    /// or digits ("forecast", "10:00") stays whole where it fits.
    private static func wrapBetweenCharacters(_ text: String, width: Int) -> [String] {
        // Units that lines are made of, each with whether a space came before it.
        var units: [(text: String, spaced: Bool)] = []
        var unit = "", spaced = false, space = false
        func close() {
            if !unit.isEmpty { units.append((unit, spaced)) }
            unit = ""
        }
        for character in text {
            if character == " " {
                close()
                space = true
                continue
            }
            let cjk = character.unicodeScalars.contains { isHanOrKana($0.value) }
            if unit.isEmpty {
                (unit, spaced, space) = (String(character), space, false)
            } else if noLineStart.contains(character) || unit.last.map(noLineEnd.contains) == true {
                unit.append(character)
            } else if cjk || unit.last.map({ $0.unicodeScalars.contains { isHanOrKana($0.value) } }) == true {
                close()
                (unit, spaced, space) = (String(character), false, false)
            } else {
                unit.append(character)
            }
        }
        close()
        var lines: [String] = []
        var line = ""
        for (piece, spaced) in units {
            let candidate = line.isEmpty ? piece : line + (spaced ? " " : "") + piece
            if of(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = piece
            // A unit longer than the line is broken where the line ends.
            while of(line) > width {
                var head = "", used = 0
                for character in line {
                    let size = of(character)
                    if used + size > width { break }
                    head.append(character)
                    used += size
                }
                guard !head.isEmpty else { line = ""; break }
                // Not before a closing mark: the character before it goes down with it.
                var rest = line.dropFirst(head.count)
                while head.count > 1, let first = rest.first, noLineStart.contains(first), let last = head.popLast() {
                    rest = Substring(String(last) + rest)
                }
                lines.append(head)
                line = String(rest)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
