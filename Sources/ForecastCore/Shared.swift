/// A value held by reference and copied only when written while shared
/// (copy on write): a large value in a dictionary of 100,000 entries costs
/// the dictionary 8 bytes an entry, not its whole size, nor twice that in
/// the empty half of its storage. Reads and writes are as of the value.
@propertyWrapper
public struct Shared<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    public var wrappedValue: Value {
        get { box.value }
        set {
            if isKnownUniquelyReferenced(&box) { box.value = newValue } else { box = Box(newValue) }
        }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

// A box written only while it is the one reference to it: as safe to send as its value.
extension Shared: @unchecked Sendable where Value: Sendable {}

extension Shared: Equatable where Value: Equatable {
    public static func == (a: Shared, b: Shared) -> Bool { a.box === b.box || a.wrappedValue == b.wrappedValue }
}

extension Shared: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

/// Coded as the value itself.
extension Shared: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Shared: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
    }
}

// An optional one is coded as an optional field is: absent when nil, and nil when absent.
extension KeyedDecodingContainer {
    public func decode<T: Decodable>(_ type: Shared<T?>.Type, forKey key: Key) throws -> Shared<T?> {
        Shared(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    public mutating func encode<T: Encodable>(_ value: Shared<T?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
