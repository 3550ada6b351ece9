import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastStore
import Foundation

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one place in detail, and remember it as the last viewed.",
        discussion: """
            Without a place, shows the last one viewed (the first place at the
            start). --next and --previous page through the list in its current
            order and wrap around at the ends.

            Examples:
              $ forecast show Seoul
              $ forecast show 2
              $ forecast show              # the last viewed place
              $ forecast show --next
              $ forecast show --previous --format json
            """
    )

    @Argument(help: "The place: its number, name or the start of its name.")
    var place: String?

    @Flag(name: .long, help: "Show the place after the last viewed one.")
    var next = false

    @Flag(name: .long, help: "Show the place before the last viewed one.")
    var previous = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOption

    func validate() throws {
        if next && previous { throw ValidationError("--next and --previous cannot be used together") }
        if place != nil && (next || previous) { throw ValidationError("give a place or --next/--previous, not both") }
    }

    struct Report: Encodable {
        var location: LocationItem
        var position: Int
        var count: Int
        var localTime: String
        var utcOffset: String
        var units: UnitsItem
    }

    func run() async throws {
        let store = try store.open()
        let target: LocationStore.ViewTarget =
            if let place { .reference(place) } else if next { .next } else if previous { .previous } else { .lastViewed }
        let (place, index, count) = try store.view(target)
        let settings = try store.settings()
        let zone = LocalTime.zone(place.timeZone)
        let now = Date()
        let report = Report(
            location: LocationItem(place, position: index + 1), position: index + 1, count: count,
            localTime: LocalTime.iso8601(now, in: zone), utcOffset: LocalTime.offset(zone.secondsFromGMT(for: now)),
            units: UnitsItem(temperature: settings.temperatureUnit))
        switch output.format {
        case .json:
            Terminal.standardOutput.line(try JSONOutput.render(report))
        case .table:
            let out = Terminal.standardOutput
            var title = place.displayName
            if let korean = place.geonamesID.flatMap(Self.koreanName), korean != place.displayName { title += " (\(korean))" }
            out.line(out.bold(title) + out.dim("  \(index + 1) of \(count)"))
            var table = TextTable(headers: ["", ""])
            table.rows = [
                ["Region", PlaceLabel.region(countryCode: place.countryCode, admin1: place.admin1)],
                ["Coordinates", place.coordinate.description],
                ["Time zone", "\(place.timeZone) (UTC\(report.utcOffset))"],
                ["Local time", LocalTime.format(now, "EEE d MMM yyyy HH:mm", in: zone)],
            ]
            if place.displayName != place.canonicalName { table.rows.insert(["Place", place.canonicalName], at: 0) }
            out.lines(table.render().dropFirst().map { "  " + $0 })
        }
    }

    static func koreanName(_ geonamesID: Int) -> String? {
        Gazetteer.bundled.city(id: geonamesID)?.koreanName
    }
}
