import Foundation
import ForecastCore

/// A saved place, as far as a weather service needs to know it.
public struct PlaceQuery: Hashable, Sendable {
    public var id: Int64
    public var coordinate: Coordinate
    /// IANA zone name: days and hours are built in it.
    public var timeZone: String

    public init(id: Int64, coordinate: Coordinate, timeZone: String) {
        self.id = id
        self.coordinate = coordinate
        self.timeZone = timeZone
    }
}

public enum ProviderName: String, Sendable, CaseIterable, Codable {
    case openMeteo = "open-meteo"
    case openWeatherMap = "openweathermap"
}

/// A weather service, as pure translation: which URLs to ask for a batch of
/// places, and what the answers mean. `WeatherRefresher` does the asking.
public protocol WeatherProvider: Sendable {
    var name: ProviderName { get }
    /// How many places one batch may hold (1 where the service has no batch call).
    var batchSize: Int { get }
    /// How much one place costs against the service's limits, per refresh.
    var callsPerPlace: Double { get }
    /// The requests for one batch; all are made, and their answers come back in order.
    func requests(for batch: [PlaceQuery]) -> [URL]
    /// One result per place of the batch, in order. Called only when every answer was a 2xx.
    func decode(_ batch: [PlaceQuery], responses: [HTTPResponse]) -> [Result<WeatherReport, WeatherError>]
    /// The service's own explanation in an error body, if it gave one.
    func reason(in body: Data) -> String?
}

/// A fixed, locale-independent decimal for URLs ("37.5665", never "37,5665").
func urlDegrees(_ value: Double) -> String {
    var text = String(format: "%.5f", locale: Locale(identifier: "en_US_POSIX"), value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}

/// Values out of loosely typed JSON. A number may arrive as Int or Double;
/// `null` and absent are both nil.
enum JSONValue {
    static func double(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let text = value as? String { return Double(text) }
        return nil
    }

    static func int(_ value: Any?) -> Int? { double(value).map { Int($0) } }

    static func string(_ value: Any?) -> String? { value as? String }
}
