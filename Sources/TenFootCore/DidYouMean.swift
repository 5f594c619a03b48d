/// The candidate closest to `word` by edit distance (ignoring case), when it is close enough to be a
/// likely typo: at most 2 edits, or a third of the word's length for long words. Ties go to the
/// candidate first in alphabetical order, so the suggestion never depends on the candidates' order.
public func didYouMean(_ word: String, _ candidates: [String]) -> String? {
    let w = Array(word.lowercased())
    var best: (distance: Int, candidate: String)?
    for c in candidates.sorted() {
        let d = editDistance(w, Array(c.lowercased()))
        if d <= max(2, w.count / 3), best.map({ d < $0.distance }) ?? true { best = (d, c) }
    }
    return best?.candidate
}

/// Levenshtein distance: insertions, deletions and substitutions of one character each cost 1.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0 ... b.count)
    for i in 1 ... a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1 ... b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
