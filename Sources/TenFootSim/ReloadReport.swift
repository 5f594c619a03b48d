/// What a hot reload changed.
public struct ReloadReport: Sendable, Hashable, CustomStringConvertible {
    public var added: [String]
    public var removed: [String]
    public var focusBefore: String?
    public var focusAfter: String?

    /// One line: at most `shown` ids of each list, then how many more.
    public var description: String {
        func few(_ ids: [String]) -> String {
            let shown = 3
            let head = ids.prefix(shown).joined(separator: ", ")
            return ids.count > shown ? "\(head) and \(ids.count - shown) more" : head
        }
        var parts: [String] = []
        if !added.isEmpty { parts.append("added \(few(added))") }
        if !removed.isEmpty { parts.append("removed \(few(removed))") }
        if focusBefore != focusAfter {
            parts.append("focus \(focusBefore ?? "nothing") → \(focusAfter ?? "nothing")")
        } else {
            parts.append("focus kept on \(focusAfter ?? "nothing")")
        }
        return parts.joined(separator: "; ")
    }
}
