extension FocusAudit {
    /// The audit as text for people: a summary line about `subject` (a scene file), then each kind of
    /// problem with its findings, or a line saying there are none. (`tenfoot audit`; its JSON form is
    /// the `Codable` value itself.)
    public func text(subject: String) -> String {
        var lines = [
            "audit \(subject): \(items.count) focusable items, \(edges.count) moves, initial focus \(initial ?? "none")"
        ]
        func section(_ title: String, _ rows: [String]) {
            guard !rows.isEmpty else { return }
            lines.append("\(title) (\(rows.count)):")
            lines += rows.map { "  " + $0 }
        }
        section("unreachable from the initial focus", unreachable)
        section("dead ends (no swipe leaves)", deadEnds)
        section(
            "one-way moves",
            oneWay.map {
                "\($0.from) \($0.direction.rawValue) → \($0.to), but \($0.direction.opposite.rawValue) does not return"
            })
        section("traps (entered, never left)", traps.map { $0.joined(separator: ", ") })
        section("guides that never fire", guidesThatNeverFire)
        section("sections that never catch", sectionsThatNeverCatch)
        if isClean { lines.append("no focus graph problems found") }
        return lines.joined(separator: "\n")
    }
}
