/// Bad input from the user: the message names the problem in one line.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
