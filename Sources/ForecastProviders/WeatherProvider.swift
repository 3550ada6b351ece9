import Foundation
import ForecastCore

/// A saved place, as far as a weather service needs to know it.
public struct PlaceQuery: Hashable, Sendable {
    public var id: Int64
    public var coordinate: Coordinate
    /// IANA zone name: days and hours are built in it.
    public var timeZone: String
    /// The answer kept for this place, for a service that can answer "not
    /// changed since" (HTTP 304) instead of sending it again.
    public var cached: WeatherReport?
    /// The day in the place's calendar a source answers for, where it needs
    /// one (the normals: the month they are asked for).
    public var day: CivilDate?

    public init(id: Int64, coordinate: Coordinate, timeZone: String, cached: WeatherReport? = nil, day: CivilDate? = nil) {
        self.id = id
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.cached = cached
        self.day = day
    }
}

/// How much weather to ask for.
public enum ReportDetail: String, Sendable, Codable {
    /// What `list` shows and sorts by: current conditions and today's low and high.
    case summary
    /// Everything `show` shows: current conditions, the coming hours and days.
    case full
}

/// One place's answer: its report, or why it has none.
public typealias PlaceOutcome = Result<WeatherReport, WeatherError>

/// A service that answers for many places at once, as pure translation: which
/// URLs to ask for a batch of places, and what the answers mean.
/// `BatchRefresher` does the asking.
public protocol BatchService<Answer>: Sendable {
    associatedtype Answer: Sendable
    /// The name the shared rate limit keeps this service's budget under.
    var serviceName: String { get }
    /// How many places one batch may hold (1 where the service has no batch call).
    var batchSize: Int { get }
    /// How much one place costs against the service's limits.
    func callsPerPlace(_ detail: ReportDetail) -> Double
    /// The requests for one batch; all are made, and their answers come back in order.
    func requests(for batch: [PlaceQuery], detail: ReportDetail) -> [ServiceRequest]
    /// The most bytes one answer for `batch` may have: what the largest real
    /// answer needs, with a wide margin. Anything longer is refused unread.
    func maximumBodySize(for batch: [PlaceQuery], detail: ReportDetail) -> Int
    /// One result per place of the batch, in order, each already validated;
    /// or, when the answer as a whole cannot be read, that error (every place
    /// of the batch fails with it: no one place spoils a whole answer). Called only when every
    /// answer was a 2xx, or a 304 to a request that named the place's `cached` answer.
    func decode(_ batch: [PlaceQuery], responses: [HTTPResponse], now: Date) -> Result<[Result<Answer, WeatherError>], WeatherError>
    /// The service's own explanation in an error body, if it gave one (raw: the
    /// refresher cleans and redacts it).
    func reason(in body: Data) -> String?
    /// Values that must never appear in a message (API keys).
    var secrets: [String] { get }
    /// Requests that must follow these answers before the batch can be decoded
    /// (a grid or an area looked up, then asked), or nil when the answers so
    /// far are all: the refresher asks them within the same budget, rate limit
    /// and gate, at most `BatchRefresher.maximumFollowUps` rounds, and `decode`
    /// gets every answer, the first ones first.
    func followUp(_ batch: [PlaceQuery], responses: [HTTPResponse], detail: ReportDetail) -> [ServiceRequest]?
    /// Whether a batch that fails in a way one place could cause is split in
    /// halves to find it (each half asked again); a source whose every request
    /// is dear and whose answer can wait (the normals) says no.
    var splitsFailedBatches: Bool { get }
}

extension BatchService {
    public var secrets: [String] { [] }
    public var splitsFailedBatches: Bool { true }
    public func followUp(_ batch: [PlaceQuery], responses: [HTTPResponse], detail: ReportDetail) -> [ServiceRequest]? { nil }
}

/// A weather service: its answers are reports, validated against `WeatherBounds`.
public protocol WeatherProvider: BatchService where Answer == WeatherReport {
    var name: ProviderName { get }
    /// Whether a summary's answer is the full one (one request shape for
    /// both): then it is kept whole, so a `show` after a `list` need not ask
    /// again (which a service's `Expires` may forbid).
    var summaryIsFull: Bool { get }
}

extension WeatherProvider {
    public var summaryIsFull: Bool { false }

    public var serviceName: String { name.rawValue }
    /// This provider as the refresher takes it (Swift cannot convert the
    /// existential `any WeatherProvider` to this one directly).
    public var batchService: any BatchService<WeatherReport> { self }
}

/// A fixed, locale-independent decimal for URLs ("37.5665", never "37,5665").
func urlDegrees(_ value: Double) -> String {
    SafeNumber.fixed(value, decimals: 5, trim: true)
}

/// `path` under `base` with `items` as its query, every value percent-encoded
/// but for the unreserved characters and the commas of Open-Meteo's lists:
/// a key's `+` goes as `%2B` (sent bare, a server reads a space), `/` as `%2F`,
/// `=` as `%3D`, and a zone such as `Etc/GMT+9` arrives as it is.
func serviceURL(_ base: URL, path: String, _ items: [URLQueryItem]) -> URL {
    let located = base.appending(path: path)
    guard var components = URLComponents(url: located, resolvingAgainstBaseURL: false) else { return located }
    components.percentEncodedQuery = items.map { item in
        PercentEncoding.query(item.name) + "=" + PercentEncoding.query(item.value ?? "", keeping: [","])
    }.joined(separator: "&")
    return components.url ?? located
}

/// Decoding helpers shared by the providers.
enum ServiceJSON {
    static let decoder = JSONDecoder()

    /// `body` decoded as `type`, once its shape has passed `JSONShape.check`:
    /// a decoder builds the whole tree first, tens of bytes a value, so an
    /// answer with more values than any real one of its size, nesting deeper,
    /// a number longer than a number means (seven million digits cost the
    /// decoder hundreds of MB) or a top-level array longer than the decoder's
    /// `maximumCount` is refused before it is decoded.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, using decoder: JSONDecoder = decoder) throws -> T {
        switch JSONShape.check(body, maximumEntries: decoder.userInfo[.maximumCount] as? Int) {
        case nil, .notJSON?: break  // the decoder says where it is not JSON
        case .tooManyValues?: throw WeatherError.invalid(.answer, .tooManyValues)
        case .tooManyEntries(let count)?: throw WeatherError.invalid(.answer, .tooMany(count))
        case .tooLarge?: throw WeatherError.invalid(.answer, .notValid)
        }
        return try decoder.decode(type, from: body)
    }

    /// Why a body could not be decoded, naming the field (`current.temperature_2m`)
    /// and never quoting the body itself.
    static func failure(_ error: any Error, body: Data, what: WeatherError.Detail.Part = .answer) -> WeatherError {
        if body.isEmpty { return .invalid(what, .empty) }
        // Already said: a list too long, a number too long.
        if let error = error as? WeatherError { return error }
        guard let error = error as? DecodingError else { return .invalid(what, .unreadable) }
        let path: [any CodingKey]
        let problem: WeatherError.Detail.Problem
        switch error {
        case .typeMismatch(_, let context): (path, problem) = (context.codingPath, .wrongType)
        case .valueNotFound(_, let context): (path, problem) = (context.codingPath, .missing)
        case .keyNotFound(let key, let context): (path, problem) = (context.codingPath + [key], .missing)
        case .dataCorrupted(let context):
            (path, problem) = (context.codingPath, context.codingPath.isEmpty ? .notValidJSON : .notValid)
        @unknown default: (path, problem) = ([], .unreadable)
        }
        let field = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let name = field.hasPrefix(".") ? String(field.dropFirst()) : field
        return .invalid(name.isEmpty ? what : .field(SafeText.clean(name, maxLength: 80)), problem)
    }

    /// A `reason`/`message` string field of an error body, if there is one.
    static func string(_ key: String, in body: Data) -> String? {
        struct Message: Decodable {
            var value: String?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                value = try? container.decodeIfPresent(String.self, forKey: AnyKey(decoder.userInfo[.fieldName] as? String ?? ""))
            }
        }
        let decoder = JSONDecoder()
        decoder.userInfo[.fieldName] = key
        return (try? decoder.decode(Message.self, from: body))?.value
    }
}

extension KeyedDecodingContainer {
    /// The array at `key` (nil when absent or null), refused as `tooMany`
    /// before any element is decoded when it has more than `maximum`.
    func decodeIfPresent<T: Decodable>(_ type: [T].Type, forKey key: Key, atMost maximum: Int) throws -> [T]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        var items = try nestedUnkeyedContainer(forKey: key)
        return try items.decodeAll(T.self, atMost: maximum)
    }
}

extension UnkeyedDecodingContainer {
    /// Every element, refused as `tooMany` before any is decoded when there are more than `maximum`.
    mutating func decodeAll<T: Decodable>(_ type: T.Type, atMost maximum: Int) throws -> [T] {
        let count = self.count ?? 0
        guard count <= maximum else {
            let field = codingPath.map(\.stringValue).joined(separator: ".")
            throw WeatherError.invalid(field.isEmpty ? .answer : .field(SafeText.clean(field, maxLength: 80)), .tooMany(count))
        }
        var result: [T] = []
        result.reserveCapacity(count)
        while !isAtEnd { result.append(try decode(T.self)) }
        return result
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension CodingUserInfoKey {
    static let fieldName = CodingUserInfoKey(rawValue: "fieldName")!
    /// The most elements a top-level array may have.
    static let maximumCount = CodingUserInfoKey(rawValue: "maximumCount")!
}

/// A number that must be a whole one to mean anything (codes, ids, offsets):
/// any JSON number, or a string of digits, that is exactly an `Int`. Anything
/// else (1e300, 2.5, "nan") fails to decode, naming the field.
struct WholeNumber: Decodable, Sendable {
    var value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            value = int
            return
        }
        let exact: Int?
        if let double = try? container.decode(Double.self) {
            exact = SafeNumber.exactInt(double)
        } else if let text = try? container.decode(String.self), text.utf8.count <= 19 {
            exact = Int(text.trimmingCharacters(in: .whitespaces))
        } else {
            exact = nil
        }
        guard let exact else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a whole number"))
        }
        value = exact
    }
}
