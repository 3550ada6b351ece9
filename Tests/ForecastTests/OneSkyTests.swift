import Foundation
import Testing
@testable import ForecastCore

/// One sky (issue 38, item 3): `show`'s JSON gave the provider's sunrise in
/// `current` and `daily` while `sun`, CSV and `--where` gave the computed one
/// (London 05:14 and 05:15). One source for a place everywhere: the computed.
@Suite struct OneSkyTests {
    @Test func showJSONAndCSVGiveOneSunrise() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        #expect(try await cli.run("add", "London").status == 0)
        let json = try await cli.run("show", "London", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stderr)")
        let sun = try #require(object["sun"] as? [String: Any])
        let current = try #require(object["current"] as? [String: Any])
        let today = try #require((object["daily"] as? [[String: Any]])?.first)
        let sunrise = try #require(sun["sunrise"] as? String)
        #expect(current["sunrise"] as? String == sunrise && today["sunrise"] as? String == sunrise, "\(current) \(today)")
        #expect(current["sunset"] as? String == sun["sunset"] as? String && today["sunset"] as? String == sun["sunset"] as? String)
        // CSV's HH:mm is the same instant's.
        let line = try await cli.run("list", "--offline", "--format", "line", "--template", "{sunrise} {sunset}")
        let clock = { (iso: String?) in iso.map { String($0.dropFirst(11).prefix(5)) } ?? "" }
        #expect(line.lines.first == "\(clock(sunrise)) \(clock(sun["sunset"] as? String))", "\(line.stdout)")
        await stub.stop()
    }
}
