/// What a command produces: one value, rendered to JSON (its encoding) or to
/// text (`text(_:)`, a pure function of the value and a `TextStyle`) in one place.
package protocol CommandOutput: Encodable {
    /// The lines the value reads as, in the context's language and terminal.
    func text(_ style: TextStyle) -> [String]
}
