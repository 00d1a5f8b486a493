/// "Did you mean" suggestions for misspelled keys and names.
public enum Suggestions {
    /// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `did you mean 'x'?` or nil.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
