import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastProviders

/// What a hostile answer may cost: bodies bounded by what a real one needs.
@Suite struct ServiceLimitsTests {
    static func body(_ text: String) -> HTTPResponse { HTTPResponse(status: 200, body: Data(text.utf8)) }

    @Test func errorBodiesAreReadOnlyAsFarAsNeededAndSuccessesWithinTheirLimit() async throws {
        let reason = #"{"error":true,"reason":""# + String(repeating: "x", count: 7 << 20) + #""}"#
        let stub = try await StubWeatherService.start(faults: [
            3: .answer(status: 500, body: reason),
            4: .answer(status: 200, body: String(repeating: " ", count: (1 << 20) + 1) + "{}"),
        ])
        let client = NetworkHTTPClient(connections: 2)
        let url = { (latitude: String) in URL(string: "\(stub.url)/v1/forecast?latitude=\(latitude)&longitude=20")! }
        let deadline = ContinuousClock.now + .seconds(60)
        let started = ContinuousClock.now

        let failed = try await client.get(url("3.5"), deadline: deadline, maximumBodySize: 1 << 20)
        #expect(failed.status == 500)
        #expect(failed.body.count == HTTPBodyLimit.error, "the start of the 7 MB, and not a byte more")
        #expect(ContinuousClock.now - started < .seconds(30), "the rest is never waited for")

        await #expect(throws: HTTPBodyLimit.tooLarge(1 << 20)) {
            try await client.get(url("4.5"), deadline: deadline, maximumBodySize: 1 << 20)
        }
        let fine = try await client.get(url("4.5"), deadline: deadline, maximumBodySize: 2 << 20)
        #expect(fine.status == 200 && fine.body.count == (1 << 20) + 3)
        // The client's own ceiling holds whatever a caller asks.
        let small = NetworkHTTPClient(connections: 1, maximumBodySize: 1 << 20)
        await #expect(throws: HTTPBodyLimit.tooLarge(1 << 20)) {
            try await small.get(url("4.5"), deadline: deadline, maximumBodySize: 8 << 20)
        }
        await small.shutdown()
        await client.shutdown()
        await stub.stop()
    }

    /// The limits leave room for the largest real answer, several times over.
    @Test func limitsFitTheLargestRealAnswers() throws {
        let fifty = (0..<50).map { place(Int64($0), lat: Double($0)) }
        let openMeteo = OpenMeteoProvider()
        #expect(openMeteo.maximumBodySize(for: [london], detail: .full) == 1 << 20)
        #expect(openMeteo.maximumBodySize(for: fifty, detail: .full) == 4 << 20)
        #expect(OpenMeteoAirQuality().maximumBodySize(for: fifty, detail: .summary) == 4 << 20)
        // The stub's answer has the recorded 48 hours and a week of days for every place.
        let real = StubWeatherService.openMeteoBody(latitudes: fifty.map(\.coordinate.latitude))
        #expect(real.count * 4 < openMeteo.maximumBodySize(for: fifty, detail: .full), "\(real.count) bytes")

        let owm = OpenWeatherMapProvider(apiKey: "test-key")
        #expect(owm.maximumBodySize(for: [london], detail: .full) == 1 << 20)
        #expect(Fixture.data("owm_forecast5_london_2025.json").count * 16 < owm.maximumBodySize(for: [london], detail: .full))
    }
}
