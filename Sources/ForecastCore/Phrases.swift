/// Small pieces of sentences, in any language.
public enum Phrases {
    /// "a, b or c" (with `conjunction` "or"; Korean passes "또는"); one item alone; nothing for none.
    public static func listed(_ items: [String], _ conjunction: String) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
