/// "Did you mean …?": the closest of some known words to one typed, when it
/// is close enough to be a slip of the fingers rather than another word.
public enum Suggestion {
    /// The edit distance between `a` and `b`: insertions, deletions,
    /// substitutions and swaps of neighbours ("lsit" → "list") count one each.
    /// Compared as Unicode scalars; inputs are bounded by the caller (a word).
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { best = min(best, before[j - 2] + 1) }
                current[j] = best
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[y.count]
    }

    /// How far a slip may go: one edit in a word of up to four letters, two in a longer one.
    public static func allowance(for word: String) -> Int { word.unicodeScalars.count <= 4 ? 1 : 2 }

    /// The known word closest to `word` (folded: case and accents do not
    /// count; the word itself if known), if it is within the slip allowance;
    /// the first of equals.
    /// Words longer than 64 scalars are nobody's slip and are not compared.
    public static func closest(to word: String, among known: [String]) -> String? {
        let typed = SearchKey.fold(word)
        guard !typed.isEmpty, typed.unicodeScalars.count <= 64 else { return nil }
        var best: (word: String, distance: Int)?
        for candidate in known {
            let d = distance(typed, SearchKey.fold(candidate))
            if d == 0 { return candidate }
            if d <= allowance(for: typed), d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.word
    }
}
