@testable import ForecastCLI
import ForecastKit
import ForecastStore
import Foundation
import Testing

/// What the tests' command lines run in: the world a test gives them, never
/// the machine's (its environment, its clock).
@Suite struct RunnerContextTests {
    /// The machine's TZ, TERM, COLUMNS, FORECAST_NOW, locale or other FORECAST_
    /// variables never reach a run: only where programs are and temporary files go.
    @Test func theMachinesEnvironmentNeverReachesARun() {
        let cli = CLI()
        let machine = [
            "PATH": "/opt/bin:/usr/bin", "TMPDIR": "/var/tmp", "TZ": "Pacific/Kiritimati", "TERM": "dumb", "COLUMNS": "40",
            "FORECAST_NOW": "2001-02-03T04:05:06Z", "LANG": "ko_KR.UTF-8", "LC_ALL": "ja_JP.UTF-8", "FORECAST_LANG": "ko",
            "FORECAST_FORMAT": "json", "FORECAST_ASCII": "1", "NO_COLOR": "1",
        ]
        let environment = cli.runEnvironment(inheriting: machine)
        #expect(environment["PATH"] == "/opt/bin:/usr/bin" && environment["TMPDIR"] == "/var/tmp")
        for name in machine.keys where !["PATH", "TMPDIR"].contains(name) {
            #expect(environment[name] == nil, "\(name) leaked in")
        }
        let context = cli.inProcessContext(environment: environment, time: VirtualTime())
        #expect(context.app.clock() == cli.now, "not the machine's FORECAST_NOW, nor its clock")
        #expect(context.emoji && context.words.language == .en, "not TERM=dumb, FORECAST_ASCII or the machine's language")
    }

    /// A run reads the test's now, however long the test takes, unless the
    /// test sets FORECAST_NOW; and so do the use cases over the saved places
    /// (a place added is added then).
    @Test func aRunsClockIsTheTests() async throws {
        var cli = CLI()
        cli.now = january2026
        let context = cli.inProcessContext(environment: cli.runEnvironment(), time: VirtualTime())
        #expect(context.app.clock() == january2026)
        #expect(try await cli.run("add", "--lat", "10", "--lon", "20", "--as", "Here").status == 0)
        #expect(try PlaceStore.openForReading(path: cli.database).ordered().places.map(\.addedAt) == [january2026])

        cli.environment[AppContext.fixedClockVariable] = "2026-11-23T03:00:00Z"
        let set = cli.inProcessContext(environment: cli.runEnvironment(), time: VirtualTime())
        #expect(set.app.clock() == ISO8601DateFormatter().date(from: "2026-11-23T03:00:00Z"), "the test's own FORECAST_NOW")
    }
}
