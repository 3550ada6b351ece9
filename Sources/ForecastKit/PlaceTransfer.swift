import ForecastCore
import ForecastStore
import Foundation

/// Export and import of the saved list: the use cases behind `forecast export`
/// and `forecast import`.
public enum PlaceTransfer {
    /// The list and settings of `store` (none: an empty list, default settings).
    public static func export(_ store: PlaceStore?) throws -> PlaceExport {
        guard let store else { return PlaceExport(places: [], settings: Settings()) }
        let settings = try store.settings()
        let places = try store.ordered().places.sorted { $0.position < $1.position }
        return PlaceExport(places: places, settings: settings)
    }

    /// Reads and checks a whole file, settings included, before anything is written.
    public static func read(_ data: Data) throws -> (places: [NewPlace], settings: Settings?) {
        let file: ImportFile
        do { file = try PlaceImport.read(data) } catch {
            // A setting `forecast config` checks, of the wrong type: what it can be is said here.
            if case .setting(let name, .invalid(let given, allowed: nil)) = error, let key = configKey(named: name) {
                throw ImportError.setting(name, .invalid(given, allowed: Configuration.allowed(key)))
            }
            throw error
        }
        return (file.places, try file.settings.map(settings))
    }

    /// The settings `forecast config` checks, by their names in a file.
    static let fileNames: [(key: ConfigKey, name: String)] = [
        (.provider, "provider"), (.language, "language"), (.ttl, "ttlMinutes"), (.concurrency, "concurrency"), (.format, "format"),
    ]

    static func configKey(named name: String) -> ConfigKey? { fileNames.first { $0.name == name }?.key }

    /// The settings a file carries, each checked as `forecast config` checks it;
    /// one it refuses is named as the file names it, with what it can be.
    static func settings(_ exported: ExportedSettings) throws(ImportError) -> Settings {
        var settings = Settings(
            temperatureUnit: exported.temperatureUnit, sort: PlaceSort(key: exported.sort, descending: exported.sortDescending),
            windUnit: exported.windUnit, measures: exported.measures)
        if let minutes = exported.ttlMinutes {
            // A number already: checked as one (its text could be "1e-05", which `config ttl` would not take).
            guard Configuration.ttlRange.contains(minutes) else {
                throw .setting("ttlMinutes", .invalid(Configuration.number(minutes), allowed: Configuration.allowed(.ttl)))
            }
            settings.preferences.ttlMinutes = minutes
        }
        let values: [(ConfigKey, String?)] = [
            (.provider, exported.provider), (.language, exported.language), (.concurrency, exported.concurrency.map(String.init)),
            (.format, exported.format),
        ]
        for (key, value) in values {
            guard let value else { continue }
            do { settings = try Configuration.set(key, to: value, in: settings) } catch {
                let name = fileNames.first { $0.key == key }?.name ?? key.rawValue
                throw .setting(name, .invalid(SafeText.clean(value, maxLength: 60), allowed: Configuration.allowed(key)))
            }
        }
        return settings
    }

    /// Imports into `store` in one transaction (see `PlaceStore.importPlaces`).
    public static func load(
        _ places: [NewPlace], settings: Settings?, into store: PlaceStore, replace: Bool, dryRun: Bool, now: Date
    ) throws -> PlaceStore.ImportResult {
        try store.importPlaces(places, settings: settings, replace: replace, dryRun: dryRun, now: now)
    }
}
