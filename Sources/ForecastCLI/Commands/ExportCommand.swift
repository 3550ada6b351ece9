import ArgumentParser
import ForecastCore
import ForecastKit
import Foundation
import ForecastViews

enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case json, csv
}

struct ExportCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the saved places (and the settings) to a file, to carry them elsewhere.",
        discussion: HelpText.flowing("""
            The places in their own order, each with its label, name, country, region,
            coordinates, time zone and GeoNames id. JSON also carries the settings
            (units, sort and what 'forecast config' keeps; never the API key) and a
            version; CSV holds the places only. Read back with 'forecast import'.

            Examples:
              $ forecast export -o places.json
              $ forecast export --format csv > places.csv
              $ forecast export | ssh laptop forecast import -
            """)
    )

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var output: String?

    @Option(name: .long, help: "json (places and settings) or csv (places only).")
    var format: ExportFormat = .json

    @OptionGroup var store: StoreOptions
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        let target = try FileOutput.checkedTarget(output, database: store.path(in: context), in: context)
        let database = try store.openExisting(in: context)
        if let database { try StoreOptions.warnAboutDamaged(database, in: context) }
        let export = try database?.export() ?? PlaceExport(places: [], settings: Settings())
        let text = switch format {
        case .json: try JSONOutput.render(export) + "\n"
        case .csv: export.csv
        }
        try FileOutput.write(text, to: target, named: output ?? "-", in: context)
        if let output, target != .standardOutput { context.stderr.line(context.words.exported(export.places.count, to: output)) }
    }
}

struct ImportCommand: ForecastCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the places of an exported file (JSON or CSV), all or none.",
        discussion: HelpText.flowing("""
            The whole file is checked before anything is written; then it is saved in
            one transaction. Places already saved are skipped and counted. A file that
            cannot be read, a bad row or an unknown version is an error naming the row,
            and nothing changes. The file's settings are kept when the list is empty
            (a new machine) or with --replace; otherwise yours stay.

            Examples:
              $ forecast import places.json
              $ forecast import places.csv --dry-run
              $ forecast import places.json --replace
              $ forecast export | ssh laptop forecast import -
            """)
    )

    @Argument(help: ArgumentHelp("The file to read (- for standard input).", valueName: "file"))
    var file: String

    @Flag(name: .customLong("dry-run"), help: "Check the file and say what would change, changing nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Replace the saved places (and settings) with the file's, instead of adding.")
    var replace = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var language: LanguageOption

    func run(_ context: CommandContext) async throws {
        // The file's bytes are let go once read: only the checked places stay.
        let (places, settings) = try PlaceTransfer.read(try read(in: context))
        // A dry run into no database makes none: it runs against an empty one in memory.
        let database = dryRun ? try store.openExisting(in: context) ?? .inMemory(context: context.app) : try store.open(in: context)
        let result = try database.importPlaces(places, settings: settings, replace: replace, dryRun: dryRun)
        let answer = ImportOutput(result, dryRun: dryRun)
        if output.format == .json && !answer.added.isEmpty {
            try answer.writeJSON(to: context.stdout.write)
        } else {
            try context.render(answer, as: output.format)
        }
    }

    /// The file's bytes, at most a little more than any export can be.
    func read(in context: CommandContext) throws -> Data {
        let words = context.words
        let handle: FileHandle
        if file == "-" {
            handle = .standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: file) else { throw CommandFailure(message: words.cannotRead(file)) }
            handle = opened
        }
        defer { if file != "-" { try? handle.close() } }
        do {
            return try handle.read(upToCount: PlaceImport.maximumBytes + 1) ?? Data()
        } catch {
            throw CommandFailure(message: words.cannotRead(file))
        }
    }
}
