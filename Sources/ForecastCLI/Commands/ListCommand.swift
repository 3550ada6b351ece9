import ArgumentParser
import ForecastCore
import Foundation

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the saved places in the current sort order.",
        discussion: """
            The numbers in the first column are what remove, move and show accept.

            Examples:
              $ forecast list
              $ forecast list --format json
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption

    struct Report: Encodable {
        var locations: [LocationItem]
        var sort: SortItem
        var units: UnitsItem
    }

    func run() async throws {
        let (settings, places) = try store.open().ordered()
        switch output.format {
        case .json:
            let report = Report(
                locations: places.enumerated().map { LocationItem($1, position: $0 + 1) },
                sort: SortItem(settings.sort), units: UnitsItem(temperature: settings.temperatureUnit))
            Terminal.standardOutput.line(try JSONOutput.render(report))
        case .table:
            guard !places.isEmpty else {
                Terminal.standardOutput.line("No places saved yet. Add one with: forecast add Seoul")
                return
            }
            let out = Terminal.standardOutput
            var table = TextTable(
                headers: ["#", "Name", "Region", "Local time", "Time zone", "Coordinates"],
                alignments: [.right, .left, .left, .left, .left, .left])
            let now = Date()
            for (index, place) in places.enumerated() {
                table.append([
                    "\(index + 1)", place.displayName,
                    PlaceLabel.region(countryCode: place.countryCode, admin1: place.admin1),
                    LocalTime.format(now, "EEE HH:mm", in: LocalTime.zone(place.timeZone)),
                    place.timeZone, place.coordinate.description,
                ])
            }
            var lines = table.render()
            lines[0] = out.bold(lines[0])
            out.lines(lines)
            if settings.sort.key.needsWeather {
                Terminal.standardError.line("Note: sorted by \(settings.sort.key.rawValue) once weather is known; until then by name.")
            }
        }
    }
}
