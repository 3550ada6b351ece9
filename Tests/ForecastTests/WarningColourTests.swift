import Foundation
import Testing
@testable import ForecastApp
@testable import ForecastCore
@testable import ForecastViews

/// Colours of levels in frames, and the keys that step through warnings.
@Suite struct WarningColourTests {
    @Test func aLevelsColourIsReadFromTheStyledLineAndDroppedWithoutColour() {
        let style = TextStyle(words: Language.en.words(.bundled), columns: 80, usesColour: true, emoji: true)
        var frame = Frame(width: 20, height: 1)
        frame.put(styled: style.warning("⚠", level: .moderate) + " " + style.warning("x", level: .extreme) + style.warning("y", level: .minor), row: 0, column: 0)
        #expect(frame[0, 0].look == Frame.Look(bold: true, colour: .orange))
        #expect(frame[0, 2].look.colour == .purple && frame[0, 3].look.colour == .yellow && frame[0, 1].look == .plain)
        // Each depth writes the colours it has: the 256-colour palette's, the 16's, 24-bit.
        let coloured = frame.output(from: nil, depth: .palette)
        #expect(coloured.contains("\u{1B}[0;1;38;5;208m") && coloured.contains("\u{1B}[0;1;38;5;134m") && coloured.contains("\u{1B}[0;1;38;5;220m"))
        let basic = frame.output(from: nil, depth: .basic)
        #expect(basic.contains("\u{1B}[0;1;33m") && basic.contains("\u{1B}[0;1;35m") && !basic.contains("38;"))
        let full = frame.output(from: nil, depth: .full)
        #expect(full.contains("\u{1B}[0;1;38;2;255;135;0m") && full.contains("\u{1B}[0;1;38;2;175;95;215m"))
        let plain = frame.output(from: nil, colour: false)
        #expect(!plain.contains("38;5") && !plain.contains(";35m") && !plain.contains(";33m") && plain.contains("\u{1B}[0;1m"), "bold stays")
        // Without colour the style writes none at all.
        let none = TextStyle(words: Language.en.words(.bundled), columns: 80, usesColour: false, emoji: true)
        #expect(none.warning("red", level: .severe) == "red")
    }

    @Test func tabAndShiftTabAreKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(Array("\t\u{1B}[Zw".utf8)) == [.tab, .backTab, .character("w")])
        #expect(decoder.keys(Array("\u{1B}[200~a\tb\u{1B}[201~".utf8)) == [.paste("ab")], "a tab in a paste is no key")
    }
}
