import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation

/// What an import did (or, dry, would do).
struct ImportOutput: CommandOutput {
    /// The places added, made items only as JSON is written (100,000 of them
    /// would otherwise be held twice, and the text shows only their count).
    var added: [Place]
    var skipped: Int
    var removed: Int
    var settingsApplied: Bool
    var dryRun: Bool

    init(_ result: ImportResult, dryRun: Bool) {
        added = result.added
        skipped = result.skipped
        removed = result.removed
        settingsApplied = result.settingsApplied
        self.dryRun = dryRun
    }

    enum CodingKeys: String, CodingKey { case added, skipped, removed, settingsApplied, dryRun }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .added)
        for place in added { try list.encode(LocationItem(place, position: place.position, saved: !dryRun)) }
        try container.encode(skipped, forKey: .skipped)
        try container.encode(removed, forKey: .removed)
        try container.encode(settingsApplied, forKey: .settingsApplied)
        try container.encode(dryRun, forKey: .dryRun)
    }

    func text(_ style: TextStyle) -> [String] {
        style.words.imported(added: added.count, skipped: skipped, removed: removed, settings: settingsApplied, dryRun: dryRun)
    }

    /// The same JSON as `JSONOutput.render(self)` (at least one place added),
    /// written a place at a time: the encoder's tree of 100,000 places took 280 MB.
    func writeJSON(to out: Terminal) throws {
        let encoder = JSONOutput.encoder()
        var text = "{\n  \"added\" : [\n"
        for (index, place) in added.enumerated() {
            let item = String(decoding: try encoder.encode(LocationItem(place, position: place.position, saved: !dryRun)), as: UTF8.self)
            text += item.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            text += index < added.count - 1 ? ",\n" : "\n"
            if text.utf8.count > 1 << 16 {
                out.write(text)
                text = ""
            }
        }
        text += "  ],\n  \"dryRun\" : \(dryRun),\n  \"removed\" : \(removed),\n"
        text += "  \"settingsApplied\" : \(settingsApplied),\n  \"skipped\" : \(skipped)\n}\n"
        out.write(text)
    }
}
