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
        /// A colour besides red (a warning's level, a temperature, an air grade); red, when set too, wins.
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

    /// A colour as a 24-bit value with the 16-colour code a terminal without
    /// more shows instead (`ColourDepth`): warnings' levels, the temperature
    /// scale, air grades. Red (`Look.red`, errors) stays apart.
    package struct Colour: Hashable, Sendable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8
        /// The 16-colour code asked for (a warning level's), if any.
        private var chosen: UInt8?

        package init(red: UInt8, green: UInt8, blue: UInt8, basic: UInt8? = nil) {
            self.red = red
            self.green = green
            self.blue = blue
            chosen = basic
        }

        /// The SGR code of the nearest of the 16 colours (30–37, 90–97), or the one chosen;
        /// worked out only where a terminal has 16 colours.
        package var basic: UInt8 { chosen ?? Self.nearestBasic(red, green, blue) }

        /// The warning levels' colours, as `TextStyle.warning` writes them (orange is the 256-colour palette's 208).
        package static let yellow = Colour(red: 255, green: 215, blue: 0, basic: 33)
        package static let orange = Colour(red: 255, green: 135, blue: 0, basic: 33)
        package static let purple = Colour(red: 175, green: 95, blue: 215, basic: 35)

        /// The palette's 6×6×6 cube index nearest this colour (16–231), or its grey ramp (232–255).
        package var palette: Int {
            let levels = [0, 95, 135, 175, 215, 255]
            func step(_ v: UInt8) -> Int { levels.indices.min { abs(levels[$0] - Int(v)) < abs(levels[$1] - Int(v)) } ?? 0 }
            let (r, g, b) = (step(red), step(green), step(blue))
            return 16 + 36 * r + 6 * g + b
        }

        /// Its SGR parameters at `depth` (nil: no colour).
        package func code(_ depth: ColourDepth) -> String? {
            switch depth {
            case .none: nil
            case .basic: "\(basic)"
            case .palette: "38;5;\(palette)"
            case .full: "38;2;\(red);\(green);\(blue)"
            }
        }

        /// The 16 colours as xterm draws them, by SGR code.
        static let basics: [(code: UInt8, rgb: (Int, Int, Int))] = [
            (31, (205, 0, 0)), (32, (0, 205, 0)), (33, (205, 205, 0)), (34, (0, 0, 238)), (35, (205, 0, 205)), (36, (0, 205, 205)),
            (91, (255, 0, 0)), (92, (0, 255, 0)), (93, (255, 255, 0)), (94, (92, 92, 255)), (95, (255, 0, 255)), (96, (0, 255, 255)),
        ]

        static func nearestBasic(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
            let distance = { (c: (Int, Int, Int)) in
                let (dr, dg, db) = (c.0 - Int(r), c.1 - Int(g), c.2 - Int(b))
                return 2 * dr * dr + 4 * dg * dg + 3 * db * db
            }
            return basics.min { distance($0.rgb) < distance($1.rgb) }?.code ?? 37
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
    /// Whether anything written was cut by the frame's edge (a limit asked for
    /// aside): what the page's tests check never happens.
    package private(set) var overflowed = false

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
            guard at + size <= end else {
                // Cut by the frame's own edge, not by a limit asked for: a layout that ran past it.
                if limit == nil || column + max(0, limit ?? 0) > width { overflowed = true }
                break
            }
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
                    // A 24-bit one (the temperature scale's, as `TextStyle.coloured` writes it).
                    case "38" where codes.first == "2":
                        codes.removeFirst()
                        let parts = (0..<3).compactMap { _ in codes.popFirst().flatMap { UInt8($0) } }
                        if parts.count == 3 { look.colour = Colour(red: parts[0], green: parts[1], blue: parts[2]) }
                    default: break
                    }
                }
            }
            rest = after[after.index(after: m)...]
        }
        return at
    }

    /// The first `rows` rows of this frame (the page drawn on a tall canvas, cut to what it used).
    package func cropped(rows: Int) -> Frame {
        var frame = Frame(width: width, height: min(max(0, rows), height))
        frame.cells = Array(cells.prefix(frame.width * frame.height))
        frame.overflowed = overflowed
        return frame
    }

    /// Copies `rows` rows of `other` from its row `top` onto this frame from
    /// (`row`, `column`), cut at this frame's edges (the page in the app's body).
    package mutating func place(_ other: Frame, from top: Int, rows: Int, at row: Int, column: Int) {
        for offset in 0..<max(0, rows) {
            let (source, target) = (top + offset, row + offset)
            guard (0..<other.height).contains(source), (0..<height).contains(target) else { continue }
            for x in 0..<other.width where column + x >= 0 && column + x < width {
                var cell = other[source, x]
                // A wide character whose right half would fall off the edge is left out.
                if column + x == width - 1, x + 1 < other.width, other[source, x + 1].text.isEmpty { cell = .blank }
                cells[target * width + column + x] = cell
            }
        }
        if other.overflowed { overflowed = true }
    }

    /// Moves the rows from `row` on down by `count`, blank rows in their place (the
    /// last `count` rows fall off): room made in a page drawn on a tall canvas.
    package mutating func insertRows(_ count: Int, at row: Int) {
        guard count > 0, (0..<height).contains(row) else { return }
        let count = min(count, height - row)
        cells.removeLast(count * width)
        cells.insert(contentsOf: repeatElement(Cell.blank, count: count * width), at: row * width)
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
        output(from: previous, depth: colour ? .palette : .none)
    }

    package func output(from previous: Frame?, depth: ColourDepth) -> String {
        let colour = depth != .none
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
                        out += Self.sequence(look(cell), depth: depth)
                        current = look(cell)
                    }
                    out += "\u{1B}[\(row + 1);\(column + 2)H "
                    cursor = nil
                }
                if cursor.map({ $0.row != row || $0.column != column }) ?? true {
                    out += "\u{1B}[\(row + 1);\(column + 1)H"
                }
                if look(cell) != current {
                    out += Self.sequence(look(cell), depth: depth)
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

    static func sequence(_ look: Look, depth: ColourDepth) -> String {
        var codes = ["0"]
        if look.bold { codes.append("1") }
        if look.dim { codes.append("2") }
        if look.reverse { codes.append("7") }
        if let colour = look.colour, !look.red, let code = colour.code(depth) { codes.append(code) }
        if look.red, depth != .none { codes.append("31") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The frame as lines to print (`show` on a terminal): each line's looks
    /// as SGR sequences at `depth` (bold, dim and reverse kept without colour
    /// unless `attributes` is false), trailing blanks and blank last lines left out.
    /// `placesByCursor`: after a character wider or stranger than a Latin one the next cell is
    /// placed by a move to its column (CHA), as the app's frames are: terminals disagree on how
    /// wide an emoji is (tmux draws ☁️ in one cell), and the columns line up either way.
    package func printed(depth: ColourDepth, attributes: Bool = true, placesByCursor: Bool = false) -> [String] {
        var lines: [String] = []
        for row in 0..<height {
            var line = ""
            var current = Look.plain
            var end = width
            while end > 0, self[row, end - 1] == .blank { end -= 1 }
            var untrusted = false
            for column in 0..<end {
                let cell = self[row, column]
                if cell.text.isEmpty { continue }
                if untrusted, placesByCursor { line += "\u{1B}[\(column + 1)G" }
                untrusted = !(cell.text.unicodeScalars.count == 1 && (cell.text.unicodeScalars.first?.value ?? .max) < 0x300)
                var look = cell.look
                if depth == .none { look.red = false; look.colour = nil }
                if !attributes { look = .plain }
                if look != current {
                    line += look == .plain ? "\u{1B}[0m" : Self.sequence(look, depth: depth)
                    current = look
                }
                line += cell.text
            }
            if current != .plain { line += "\u{1B}[0m" }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The frame as plain lines (wide characters once, their right halves
    /// skipped): what a test reads, and what a screen shows.
    package var lines: [String] {
        (0..<height).map { row in (0..<width).map { self[row, $0].text }.joined() }
    }
}

/// How many colours a terminal shows: 24-bit where it says so (`COLORTERM`
/// truecolor or 24bit), the 256-colour palette where `TERM` names it, else
/// the 16; none with `NO_COLOR`, on `TERM=dumb`, or off a terminal.
package enum ColourDepth: Sendable, Equatable {
    case none, basic, palette, full

    package static func of(_ environment: [String: String], terminal: Bool) -> ColourDepth {
        let term = environment["TERM"] ?? ""
        // NO_COLOR set at all (as `Terminal` reads it) is no colour.
        guard terminal, environment["NO_COLOR"] == nil, term != "dumb" else { return .none }
        let colourTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colourTerm == "truecolor" || colourTerm == "24bit" { return .full }
        if term.contains("256") { return .palette }
        return .basic
    }
}
