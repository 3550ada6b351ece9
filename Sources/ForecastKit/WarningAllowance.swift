import ForecastCore
import ForecastProviders
import Foundation

/// How many bytes of warnings' texts one run keeps: those read from the
/// cache and those that arrive, for every place together. A place's warnings
/// get at most `perPlace` of it; once the run's is spent, each later place's
/// are kept with their texts cut (`Warnings.kept`), never dropped. So 1,000
/// places answered with 50 warnings at every text's bound (2 MB each) hold
/// tens of megabytes, not a gigabyte, and what is shown is shown in time.
public final class WarningAllowance: @unchecked Sendable {
    /// What one place's warnings may hold whole: fifty warnings' worth of
    /// ordinary texts (those recorded take 1 to 2 KB a warning).
    public static let perPlace = 256 << 10
    /// What one run keeps whole, of every place's.
    public static let perRun = 24 << 20

    private let lock = NSLock()
    private var left: Int
    private let perPlace: Int

    public init(bytes: Int = WarningAllowance.perRun, perPlace: Int = WarningAllowance.perPlace) {
        left = bytes
        self.perPlace = perPlace
    }

    /// What is left of the run's bytes (none once spent).
    public var bytesLeft: Int { lock.withLock { max(0, left) } }

    /// `warnings` as this run keeps them, their bytes taken from what is left.
    public func keep(_ warnings: [WeatherWarning]) -> [WeatherWarning] {
        lock.withLock {
            let kept = Warnings.kept(warnings, withinBytes: min(perPlace, max(0, left)))
            left -= Warnings.textBytes(kept)
            return kept
        }
    }

    /// `result` as this run keeps it: a warnings answer within the allowance, anything else as it is.
    public func keep(_ result: SourceResult) -> SourceResult {
        guard case .warnings(let warnings) = result.answer else { return result }
        return SourceResult(.warnings(keep(warnings)), notBefore: result.notBefore)
    }
}

/// A warning source whose answers are kept within a run's `WarningAllowance`
/// as soon as they are read: the texts cut are never held.
struct AllowedWarnings: BatchService {
    let service: any BatchService<SourceResult>
    let allowance: WarningAllowance

    var serviceName: String { service.serviceName }
    var batchSize: Int { service.batchSize }
    var secrets: [String] { service.secrets }
    var splitsFailedBatches: Bool { service.splitsFailedBatches }
    func callsPerPlace(_ detail: ReportDetail) -> Double { service.callsPerPlace(detail) }
    func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest] { service.requests(for: batch, detail: detail) }
    func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int { service.maximumBodySize(for: batch, detail: detail) }
    func reason(in body: Data) -> String? { service.reason(in: body) }
    func followUp(_ batch: [PlaceQuery], responses: [HTTPResponse], detail: ReportDetail) -> [ServiceRequest]? {
        service.followUp(batch, responses: responses, detail: detail)
    }

    func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<SourceResult, WeatherError>], WeatherError> {
        service.decode(batch, responses: responses, now: now).map { results in results.map { $0.map(allowance.keep) } }
    }
}
