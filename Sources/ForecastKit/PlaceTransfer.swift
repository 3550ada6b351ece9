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
        let file = try PlaceImport.read(data)
        return (file.places, try file.settings.map(settings))
    }

    /// The settings a file carries, each checked as `forecast config` checks it.
    static func settings(_ exported: ExportedSettings) throws(ImportError) -> Settings {
        var settings = Settings(
            temperatureUnit: exported.temperatureUnit, sort: PlaceSort(key: exported.sort, descending: exported.sortDescending),
            windUnit: exported.windUnit, measures: exported.measures)
        let values: [(ConfigKey, String?)] = [
            (.provider, exported.provider), (.language, exported.language), (.ttl, exported.ttlMinutes.map { String($0) }),
            (.concurrency, exported.concurrency.map(String.init)), (.format, exported.format),
        ]
        for (key, value) in values {
            guard let value else { continue }
            do { settings = try Configuration.set(key, to: value, in: settings) } catch {
                throw .setting(key.rawValue, SafeText.clean(value, maxLength: 60))
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
