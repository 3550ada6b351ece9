import ForecastCore
import ForecastKit
import ForecastProviders
import Foundation

/// One setting in force, where it came from.
package struct ConfigItem: Encodable {
    package var key: ConfigKey
    package var value: String
    package var source: ConfigSource
    package var variable: String?

    package init(_ entry: Configuration.Entry) {
        key = entry.key
        value = entry.value
        source = entry.source
        variable = entry.variable
    }
}

/// `config`'s one output: the settings shown, and what was just changed.
package struct ConfigOutput: CommandOutput {
    package init(settings: [ConfigItem], changed: ConfigKey? = nil, unset: Bool = false, kept: String? = nil) {
        self.settings = settings
        self.changed = changed
        self.unset = unset
        self.kept = kept
    }
    package var settings: [ConfigItem]
    package var changed: ConfigKey?
    package var unset: Bool
    package var kept: String?

    package enum CodingKeys: CodingKey { case settings, changed }

    package func text(_ style: CommandStyle) -> [String] {
        let words = style.words
        let from = { (item: ConfigItem) in words.configSource(item.source, variable: item.variable) }
        if let changed, let item = settings.first {
            let kept = kept ?? item.value
            var lines = [unset ? words.configUnset(changed.rawValue, now: kept) : words.configSet(changed.rawValue, kept)]
            // Kept, but the environment still decides while it is set.
            if item.source == .environment, let variable = item.variable { lines.append(words.configOverridden(variable, item.value)) }
            return lines
        }
        var table = TextTable(headers: words.configHeaders)
        for item in settings { table.append([item.key.rawValue, item.value, from(item)]) }
        return table.render()
    }
}
