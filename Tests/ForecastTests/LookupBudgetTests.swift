import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastKit
@testable import ForecastProviders
@testable import ForecastViews

/// `--timeout` is the one budget of a command's network work: `show NAME`,
/// `search NAME` and `add NAME` gave the online lookup its own 10 s whatever
/// `--timeout` said (`show Zzqqxxplace --timeout 1` took 10 s against a
/// geocoder that hung, dripped or dropped SYNs), and `add` had no `--timeout`.
/// Checked by what the client is given, not by a clock: the deadline of the
/// lookup's request and the connect timeout of its client.
@Suite struct LookupBudgetTests {
    static let nothingFound = Fixture.data("openmeteo_geocoding_no_results_2026.json")

    @Test func theTimeoutBoundsTheOnlineLookup() async throws {
        let cli = try InProcessCLI { url in
            HTTPResponse(status: 200, body: url.host == "geocoding.test" ? Self.nothingFound : londonBody)
        }
        let cases: [([String], TimeInterval)] = [
            (["show", "Zzqqxxplace", "--timeout", "1"], 1), (["search", "Zzqqxxplace", "--timeout", "2"], 2),
            (["add", "Zzqqxxplace", "--timeout", "3"], 3), (["add", "Zzqqxxplace"], 10),
        ]
        for (arguments, seconds) in cases {
            let before = cli.http.count
            let result = await cli.run(arguments: arguments)
            #expect(result.status == 4, "\(arguments): not found: \(result.stderr)")
            #expect(cli.http.count == before + 1 && cli.http.requests.last?.host == "geocoding.test", "\(arguments)")
            let left = try #require(cli.http.secondsLeft.last)
            #expect(left > 0 && left <= seconds, "\(arguments): the lookup had \(left) s")
            let budget = try #require(cli.http.budgets.last)
            #expect(budget > 0 && budget <= seconds, "\(arguments): connecting may take \(budget) s")
        }
        for bad in ["0", "-1", "301", "nan"] {
            #expect(await cli.run("add", "Seoul", "--timeout", bad).status == 64, "--timeout \(bad)")
        }
    }

    /// The weather after a lookup keeps to what is left of the same budget, and
    /// still says the budget was the one given.
    @Test func aRefreshAfterALookupKeepsToTheSameBudget() {
        var options = RefreshOptions()
        options.budget = 10
        let now = ContinuousClock.now
        options.budgetEnds = now + .seconds(4)
        #expect(options.deadline(from: now) == now + .seconds(4))
        options.budgetEnds = now + .seconds(40)
        #expect(options.deadline(from: now) == now + .seconds(10), "never past its own budget")
        options.budgetEnds = nil
        #expect(options.deadline(from: now) == now + .seconds(10))
    }

    /// `add --timeout` is explained in both languages.
    @Test func addsTimeoutIsHelpedInBothLanguages() {
        let help = AddCommand.helpMessage(columns: 200)
        #expect(help.contains("--timeout <seconds>") && help.contains("Seconds looking a name up online may take"))
        #expect(KoreanHelp.texts["Seconds looking a name up online may take, connecting included."] != nil)
    }
}
