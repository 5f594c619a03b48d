/// The candidate closest to `word` by edit distance (ignoring case), when it is close enough to be a
/// likely typo: at most 2 edits, or a third of the word's length for long words. Ties go to the
/// candidate first in alphabetical order, so the suggestion never depends on the candidates' order.
/// For many words against the same candidates, build one ``SpellingIndex``.
public func didYouMean(_ word: String, _ candidates: [String]) -> String? {
    SpellingIndex(candidates).suggestion(for: word)
}

/// Candidates indexed for "did you mean" suggestions, so a file with thousands of ids and thousands
/// of misspelt references stays fast: a word is compared only with candidates whose length is within
/// its edit limit, each comparison stops as soon as it cannot beat the best so far, and words too
/// long to be typed-by-hand names get no suggestion. (Comparing every bad reference with every id
/// took 6.6 s for 5,000 ids × 500 references.)
public struct SpellingIndex: Sendable {
    /// Words longer than this (in characters) get no suggestion: nobody mistypes a 65-character name
    /// they wrote by hand, and the comparison grows with the square of the length.
    public static let maxWordLength = 64

    private struct Candidate: Sendable {
        var folded: [Unicode.Scalar]
        var text: String
    }

    /// Candidates by folded length, each bucket in alphabetical order of the original text.
    private let byLength: [Int: [Candidate]]

    public init(_ candidates: some Sequence<String>) {
        var byLength: [Int: [Candidate]] = [:]
        for text in Set(candidates).sorted() {
            let folded = Array(text.lowercased().unicodeScalars)
            guard folded.count <= Self.maxWordLength + Self.maxWordLength / 3 else { continue }
            byLength[folded.count, default: []].append(Candidate(folded: folded, text: text))
        }
        self.byLength = byLength
    }

    /// The largest number of edits that still reads as a typo of a word of `length` characters.
    public static func editLimit(forLength length: Int) -> Int { max(2, length / 3) }

    /// The closest likely typo for `word`, or nil.
    public func suggestion(for word: String) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard w.count <= Self.maxWordLength else { return nil }
        var best: (distance: Int, text: String)?
        let limit = Self.editLimit(forLength: w.count)
        var rows = EditDistanceRows()
        for length in max(0, w.count - limit)...w.count + limit {
            for c in byLength[length] ?? [] {
                // Only a candidate at least as close as the best can win (a tie, by its name).
                let bound = best?.distance ?? limit
                guard let d = boundedEditDistance(w, c.folded, limit: bound, rows: &rows) else { continue }
                if let b = best, d > b.distance || (d == b.distance && c.text > b.text) { continue }
                best = (d, c.text)
            }
        }
        return best?.text
    }
}

/// Levenshtein distance (insertions, deletions and substitutions of one character each cost 1), or
/// nil as soon as it is certain to exceed `limit`: only the diagonal band of width 2·limit+1 is
/// computed, and a row whose every cell exceeds the limit ends the search (Ukkonen's cut-off).
/// The edit distance between two words (by characters), when it is at most `limit`.
public func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
    boundedEditDistance(Array(a), Array(b), limit: limit)
}

func boundedEditDistance<C: Equatable>(_ a: [C], _ b: [C], limit k: Int) -> Int? {
    var rows = EditDistanceRows()
    return boundedEditDistance(a, b, limit: k, rows: &rows)
}

/// The two rows of the edit-distance table, kept between comparisons so thousands of them
/// allocate once.
struct EditDistanceRows {
    var previous: [Int] = []
    var current: [Int] = []
}

func boundedEditDistance<C: Equatable>(_ a: [C], _ b: [C], limit k: Int, rows: inout EditDistanceRows) -> Int? {
    let m = a.count
    let n = b.count
    guard abs(m - n) <= k else { return nil }
    if m == 0 || n == 0 { return max(m, n) }
    let beyond = k + 1  // any value above the limit: the band's outside
    var previous = rows.previous
    var current = rows.current
    rows = EditDistanceRows()  // the arrays are uniquely held here, so they are reused in place
    defer { rows = EditDistanceRows(previous: previous, current: current) }
    if previous.count < n + 1 {
        previous = [Int](repeating: beyond, count: n + 1)
        current = previous
    } else {
        for j in 0...n { previous[j] = beyond }
    }
    for j in 0...min(n, k) { previous[j] = j }
    for i in 1...m {
        let lo = max(1, i - k)
        let hi = min(n, i + k)
        current[lo - 1] = lo == 1 && i <= k ? i : beyond
        var rowMinimum = current[lo - 1]
        if lo <= hi {
            for j in lo...hi {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1, beyond)
                rowMinimum = min(rowMinimum, current[j])
            }
        }
        if hi < n { current[hi + 1] = beyond }
        if rowMinimum > k { return nil }
        swap(&previous, &current)
    }
    return previous[n] <= k ? previous[n] : nil
}

/// Levenshtein distance, unbounded.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    boundedEditDistance(a, b, limit: max(a.count, b.count))!
}
