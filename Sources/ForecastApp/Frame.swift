import ForecastCore

/// One screenful, as cells: what `forecast browse` draws, built by the pure
/// view and written by the driver. Each cell holds one character (or nothing,
/// the right half of a wide one) and how it looks.
///
/// Terminals disagree on how wide an emoji is (tmux 3.3a draws ☀️ in one
/// column, most terminals in two), so a frame never trusts the terminal to
/// advance the cursor after a character that is not plain ASCII: `output`
/// moves the cursor to the next cell explicitly. A character that the
/// terminal thinks narrower leaves a blank; one it thinks wider is
/// overwritten by the next cell. Columns line up either way.
package struct Frame: Equatable, Sendable {
    package struct Look: Hashable, Sendable {
        package var bold = false
        package var dim = false
        package var reverse = false
        package var red = false
        /// A colour besides red (a warning's level); red, when set too, wins.
        package var colour: Colour?
        package init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, red: Bool = false, colour: Colour? = nil) {
            self.bold = bold
            self.dim = dim
            self.reverse = reverse
            self.red = red
            self.colour = colour
        }
        package static let plain = Look()
    }

    /// The colours of warnings' levels (red is `Look.red`): as `TextStyle.levelColoured` writes them.
    package enum Colour: Hashable, Sendable {
        case yellow, orange, purple

        /// Its SGR parameters.
        var code: String {
            switch self {
            case .yellow: "33"
            case .orange: "38;5;208"
            case .purple: "35"
            }
        }
    }

    package struct Cell: Equatable, Sendable {
        /// The character drawn from this cell; "" for the right half of a wide one.
        package var text: String
        package var look: Look
        package static let blank = Cell(text: " ", look: .plain)
    }

    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    package subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Writes `text` from (`row`, `column`), cleaned of control characters,
    /// cut at the frame's edge (a wide character that would not fit whole is
    /// left out). Returns the column after the last cell written.
    @discardableResult
    package mutating func put(_ text: String, row: Int, column: Int, look: Look = .plain, limit: Int? = nil) -> Int {
        guard (0..<height).contains(row), column >= 0 else { return column }
        let end = min(width, limit.map { column + max(0, $0) } ?? width)
        var at = column
        for character in SafeText.printable(text) {
            let size = DisplayWidth.of(character)
            guard size > 0 else { continue }  // a lone mark, a zero-width character: nothing to place
            guard at + size <= end else { break }
            cells[row * width + at] = Cell(text: String(character), look: look)
            if size == 2 { cells[row * width + at + 1] = Cell(text: "", look: look) }
            at += size
        }
        return at
    }

    /// Writes a line a renderer styled for a terminal (`TextStyle`'s bold, dim,
    /// red, a level's colour and reset) with those looks as the cells' looks, over `base`: the
    /// app draws the same rendered lines as the commands print. Any other
    /// sequence is dropped. Returns the column after the last cell written.
    @discardableResult
    package mutating func put(styled line: String, row: Int, column: Int, look base: Look = .plain, limit: Int? = nil) -> Int {
        let end = limit.map { column + max(0, $0) }
        var at = column
        var look = base
        var rest = Substring(line)
        while !rest.isEmpty {
            guard let escape = rest.firstIndex(of: "\u{1B}") else {
                return put(String(rest), row: row, column: at, look: look, limit: end.map { $0 - at })
            }
            at = put(String(rest[..<escape]), row: row, column: at, look: look, limit: end.map { $0 - at })
            let after = rest[rest.index(after: escape)...]
            guard after.first == "[", let m = after.firstIndex(where: { $0.isLetter }) else {
                rest = after
                continue
            }
            if after[m] == "m" {
                var codes = after[after.index(after: after.startIndex)..<m].split(separator: ";")[...]
                while let code = codes.popFirst() {
                    switch code {
                    case "0": look = base
                    case "1": look.bold = true
                    case "2": look.dim = true
                    case "31": look.red = true
                    case "33": look.colour = .yellow
                    case "35": look.colour = .purple
                    // A 256-colour one: orange, the one such colour written; any other is no colour the frame knows.
                    case "38" where codes.first == "5":
                        codes.removeFirst()
                        if codes.popFirst() == "208" { look.colour = .orange }
                    default: break
                    }
                }
            }
            rest = after[after.index(after: m)...]
        }
        return at
    }

    /// Fills `row` from `column` to the edge with blanks in `look` (a selected row's bar).
    package mutating func fill(row: Int, from column: Int = 0, look: Look) {
        guard (0..<height).contains(row) else { return }
        for index in max(0, column)..<width where cells[row * width + index].text == " " {
            cells[row * width + index].look = look
        }
    }

    /// The bytes that turn a terminal showing `previous` (nil: anything) into
    /// this frame (`colour` false: no colour, the other looks kept): only the cells that changed, each run placed with a cursor
    /// move, every cell after a character wider or stranger than a Latin one placed explicitly. One
    /// string, for one write.
    package func output(from previous: Frame?, colour: Bool) -> String {
        let same = previous.map { $0.width == width && $0.height == height } ?? false
        var out = same ? "" : "\u{1B}[0m\u{1B}[2J"
        var current = Look.plain
        // NO_COLOR asks for no colour: bold, dim and reverse are not colours, and
        // without reverse a selected row would be a small mark only.
        let look = { (cell: Cell) -> Look in
            var look = cell.look
            if !colour {
                look.red = false
                look.colour = nil
            }
            return look
        }
        var cursor: (row: Int, column: Int)? = nil
        for row in 0..<height {
            for column in 0..<width {
                let cell = self[row, column]
                let wide = column + 1 < width && self[row, column + 1].text.isEmpty
                if same, let previous, previous[row, column] == cell,
                    !wide || previous[row, column + 1] == self[row, column + 1]
                {
                    continue
                }
                if cell.text.isEmpty { continue }  // the right half of a wide character: drawn with it
                if !same && cell == .blank { continue }  // a cleared screen is blank already
                if wide {
                    // Its right half blanked first: a terminal that draws the character
                    // in one cell shows a blank there, one that draws it in two covers it.
                    if look(cell) != current {
                        out += Self.sequence(look(cell))
                        current = look(cell)
                    }
                    out += "\u{1B}[\(row + 1);\(column + 2)H "
                    cursor = nil
                }
                if cursor.map({ $0.row != row || $0.column != column }) ?? true {
                    out += "\u{1B}[\(row + 1);\(column + 1)H"
                }
                if look(cell) != current {
                    out += Self.sequence(look(cell))
                    current = look(cell)
                }
                out += cell.text
                // After anything but a Latin letter or sign (one scalar below U+0300,
                // one column everywhere) the terminal's idea of the column is not trusted.
                let trusted = cell.text.unicodeScalars.count == 1 && (cell.text.unicodeScalars.first?.value ?? .max) < 0x300
                cursor = trusted ? (row, column + 1) : nil
                if column + 1 == width { cursor = nil }  // at the edge terminals differ too (pending wrap)
            }
        }
        if current != .plain { out += "\u{1B}[0m" }
        return out
    }

    static func sequence(_ look: Look) -> String {
        var codes = ["0"]
        if look.bold { codes.append("1") }
        if look.dim { codes.append("2") }
        if look.reverse { codes.append("7") }
        if let colour = look.colour, !look.red { codes.append(colour.code) }
        if look.red { codes.append("31") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The frame as plain lines (wide characters once, their right halves
    /// skipped): what a test reads, and what a screen shows.
    package var lines: [String] {
        (0..<height).map { row in (0..<width).map { self[row, $0].text }.joined() }
    }
}
