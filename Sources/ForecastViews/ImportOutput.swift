import ForecastCore
import ForecastKit
import Foundation

/// What an import did (or, dry, would do).
package struct ImportOutput: CommandOutput {
    /// The places added, made items only as JSON is written (100,000 of them
    /// would otherwise be held twice, and the text shows only their count).
    package var added: [Place]
    package var skipped: Int
    package var removed: Int
    package var settingsApplied: Bool
    package var dryRun: Bool

    package init(_ result: ImportResult, dryRun: Bool) {
        added = result.added
        skipped = result.skipped
        removed = result.removed
        settingsApplied = result.settingsApplied
        self.dryRun = dryRun
    }

    package enum CodingKeys: String, CodingKey { case added, skipped, removed, settingsApplied, dryRun }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .added)
        for place in added { try list.encode(LocationItem(place, position: place.position, saved: !dryRun)) }
        try container.encode(skipped, forKey: .skipped)
        try container.encode(removed, forKey: .removed)
        try container.encode(settingsApplied, forKey: .settingsApplied)
        try container.encode(dryRun, forKey: .dryRun)
    }

    package func text(_ style: CommandStyle) -> [String] {
        style.words.imported(added: added.count, skipped: skipped, removed: removed, settings: settingsApplied, dryRun: dryRun)
    }

    /// The same JSON as `JSONOutput.render(self)` (at least one place added),
    /// written a place at a time: the encoder's tree of 100,000 places took 280 MB.
    package func writeJSON(to out: (String) -> Void) throws {
        let encoder = JSONOutput.encoder()
        var text = "{\n  \"added\" : [\n"
        for (index, place) in added.enumerated() {
            let item = String(decoding: try encoder.encode(LocationItem(place, position: place.position, saved: !dryRun)), as: UTF8.self)
            text += item.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            text += index < added.count - 1 ? ",\n" : "\n"
            if text.utf8.count > 1 << 16 {
                out(text)
                text = ""
            }
        }
        text += "  ],\n  \"dryRun\" : \(dryRun),\n  \"removed\" : \(removed),\n"
        text += "  \"settingsApplied\" : \(settingsApplied),\n  \"skipped\" : \(skipped)\n}\n"
        out(text)
    }
}
