/// Sequential focus order (next / previous, Tab / Shift-Tab, the Digital Crown): reading order,
/// top to bottom then leading to trailing (right to left when the layout is), except that a focus section's items are
/// visited together
/// before the order resumes ("visits all of a section's descendants before leaving it").
extension FocusTree {
    /// Focusable items of the active layer in sequential order.
    public func sequentialOrder() -> [Int] {
        guard let root = activeLayerRoot else { return [] }
        return orderUnits(in: root)
    }

    /// Orders one level: plain items and whole sections are units placed by their frames.
    private func orderUnits(in container: Int) -> [Int] {
        var units: [(frame: Rect, order: Int, items: [Int])] = []
        var i = container + 1
        let end = Int(ends[container])
        while i < end {
            if isSection(i) {
                let inner = orderUnits(in: i)
                if !inner.isEmpty { units.append((frames[i], i, inner)) }
                i = Int(ends[i])
            } else {
                if isFocusable(i) { units.append((frames[i], i, [i])) }
                i += 1
            }
        }
        units.sort { a, b in leadsInReadingOrder(a.frame, a.order, b.frame, b.order) }
        return units.flatMap(\.items)
    }
}
