import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// Options every command that touches the database takes. `--db` is read
/// by `Invocation`, before the parse, and taken out of the words the parser
/// gets: this declares it for help only (it is never set), and opens the
/// database the context names.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"))
    var db: String?

    func path(in context: CommandContext) -> String { context.databasePath }

    /// For commands that only read: the database if there is one. A missing
    /// file is an empty list with default settings, and nothing is created.
    func openExisting(in context: CommandContext) throws -> SavedPlaces? {
        let path = path(in: context)
        return context.storeExists(path) ? try context.openStore(path) : nil
    }

    func open(in context: CommandContext) throws -> SavedPlaces {
        try context.openStore(path(in: context))
    }

    /// For commands that change saved places: the database, which must exist
    /// (a missing one is "nothing saved", and no file or folder is made for it).
    func openSaved(in context: CommandContext) throws -> SavedPlaces {
        guard let store = try openExisting(in: context) else { throw InputError.nothingSaved }
        return store
    }

    /// Says on stderr which saved rows cannot be read (they are left out of what is shown).
    static func warnAboutDamaged(_ places: SavedPlaces, in context: CommandContext) throws {
        warn(about: try places.damage(), in: context)
    }

    static func warn(about damage: StoreDamage, in context: CommandContext) {
        for place in damage.places { context.stderr.line(context.words.damaged(place)) }
        for column in damage.settings { context.stderr.line(context.words.damagedSetting(column)) }
    }
}
