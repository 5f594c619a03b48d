/// What a hot reload changed.
public struct ReloadReport: Sendable, Hashable, CustomStringConvertible {
    public var added: [String]
    public var removed: [String]
    public var focusBefore: String?
    public var focusAfter: String?

    public var description: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("added \(added.joined(separator: ", "))") }
        if !removed.isEmpty { parts.append("removed \(removed.joined(separator: ", "))") }
        if focusBefore != focusAfter {
            parts.append("focus \(focusBefore ?? "nothing") → \(focusAfter ?? "nothing")")
        } else {
            parts.append("focus kept on \(focusAfter ?? "nothing")")
        }
        return parts.joined(separator: "; ")
    }
}
