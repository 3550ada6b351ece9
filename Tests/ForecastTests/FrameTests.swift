import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCore
@testable import ForecastViews

/// The app's frames: cells placed explicitly, so columns line up whatever
/// width a terminal gives an emoji, and only what changed is written.
@Suite struct FrameTests {
    /// A terminal as far as frames use one: cursor moves, clearing, looks
    /// (ignored), and characters that advance the cursor by the width *this*
    /// terminal gives them: tmux 3.3a gives ☀️ one column, most terminals two.
    struct Terminal {
        var grid: [[Character]]
        var row = 0, column = 0
        let emojiWidth: Int
        init(width: Int, height: Int, emojiWidth: Int) {
            grid = Array(repeating: Array(repeating: " ", count: width), count: height)
            self.emojiWidth = emojiWidth
        }
        mutating func apply(_ bytes: String) {
            var rest = Substring(bytes)
            while let first = rest.first {
                if first == "\u{1B}", let match = rest.prefixMatch(of: /\x1B\[([0-9;]*)([A-Za-z])/) {
                    let numbers = match.1.split(separator: ";").compactMap { Int($0) }
                    switch match.2 {
                    case "H": (row, column) = ((numbers.first ?? 1) - 1, (numbers.count > 1 ? numbers[1] : 1) - 1)
                    case "J": grid = grid.map { $0.map { _ in " " } }
                    default: break
                    }
                    rest = rest[match.range.upperBound...]
                    continue
                }
                let width = first.unicodeScalars.first!.properties.isEmojiPresentation || first.unicodeScalars.contains("\u{FE0F}")
                    ? emojiWidth : DisplayWidth.of(first)
                if row < grid.count, column < grid[row].count { grid[row][column] = first }
                for extra in 1..<max(1, width) where column + extra < grid[row].count { grid[row][column + extra] = " " }
                column += width
                rest = rest.dropFirst()
            }
        }
        var lines: [String] { grid.map { String($0) } }
    }

    func sample() -> Frame {
        var frame = Frame(width: 30, height: 4)
        for (row, cells) in [["Name", "", "Temp"], ["서울", "☀️", "3°C"], ["London", "🌧️", "12°C"], ["Tromsø", "⛈️", "-7°C"]].enumerated() {
            frame.put(cells[0], row: row, column: 0, look: row == 0 ? Frame.Look(bold: true) : .plain)
            frame.put(cells[1], row: row, column: 10)
            frame.put(cells[2], row: row, column: 14)
        }
        return frame
    }

    @Test func wideCharactersTakeTwoCellsAndNothingPassesTheEdge() {
        var frame = Frame(width: 6, height: 2)
        #expect(frame.put("서울☀️x", row: 0, column: 0) == 6)
        #expect(frame.lines[0] == "서울☀️" && frame[0, 1].text.isEmpty && frame[0, 5].text.isEmpty)
        // A wide character that would not fit whole is left out; control characters never reach a cell.
        #expect(frame.put("abcde서", row: 1, column: 0) == 5)
        #expect(frame.lines[1] == "abcde ")
        var escaped = Frame(width: 12, height: 1)
        escaped.put("a\u{1B}[2Jb\u{7}", row: 0, column: 0)
        #expect(!escaped.lines[0].unicodeScalars.contains { $0.value < 0x20 })
    }

    /// Whether the terminal draws an emoji in one column or two, every column
    /// starts where the frame put it.
    @Test(arguments: [1, 2]) func columnsLineUpWhateverWidthTheTerminalGivesEmoji(emojiWidth: Int) {
        var terminal = Terminal(width: 30, height: 4, emojiWidth: emojiWidth)
        terminal.apply(sample().output(from: nil, colour: true))
        for line in terminal.lines {
            let characters = Array(line)
            // "Temp" and every temperature start at column 14 (characters, as the grid holds one per cell).
            #expect(String(characters[14...]).hasPrefix("Temp") || String(characters[14...]).first?.isNumber == true
                    || String(characters[14...]).first == "-", "\(line)")
        }
        #expect(terminal.lines[1].hasPrefix("서") && terminal.lines[2].hasPrefix("London"))
    }

    /// Drawing the same frame again writes nothing; a change writes only its cells.
    @Test func onlyWhatChangedIsWritten() {
        let first = sample()
        #expect(first.output(from: first, colour: true).isEmpty)
        var second = first
        second.put("4", row: 1, column: 14)
        let update = second.output(from: first, colour: false)
        #expect(update == "\u{1B}[2;15H4")
        // A new size clears and redraws.
        #expect(Frame(width: 31, height: 4).output(from: first, colour: false).hasPrefix("\u{1B}[0m\u{1B}[2J"))
        // Without colour no colour is written, but bold and reverse are (a selected row stays visible).
        var red = Frame(width: 4, height: 1)
        red.put("ab", row: 0, column: 0, look: Frame.Look(reverse: true, red: true))
        #expect(red.output(from: nil, colour: false).contains("\u{1B}[0;7mab") && !red.output(from: nil, colour: false).contains("31"))
        #expect(red.output(from: nil, colour: true).contains("\u{1B}[0;7;31mab"))
        let coloured = first.output(from: nil, colour: true)
        #expect(coloured.contains("\u{1B}[0;1mName") && coloured.contains("\u{1B}[0mTemp"))
        var bold = Frame(width: 3, height: 1)
        bold.put("ab", row: 0, column: 0, look: Frame.Look(bold: true))
        #expect(bold.output(from: nil, colour: true) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0;1mab\u{1B}[0m", "the look is reset at the end")
        // "3°C" is written in one run: Latin signs are one column everywhere.
        #expect(coloured.contains("3°C"))
    }
}
