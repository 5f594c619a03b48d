/// Entry points for `tenfoot-bench` (package access: not API). Each returns the item found, or -1,
/// so the benchmark can check the systems agree and the optimiser cannot drop the work.
extension FocusTree {
    /// One indexed tvOS search from `node`: the search half of ``FocusSystem/move(_:)``.
    package func benchmarkIndexed(_ node: Int, _ direction: Direction) -> Int {
        indexedSearch(from: node, direction)?.item ?? -1
    }
    /// The linear-scan baseline of the same search.
    package func benchmarkLinear(_ node: Int, _ direction: Direction) -> Int {
        linearSearch(from: node, direction)?.item ?? -1
    }
    /// Android's FocusFinder rule over every eligible item (policy `android`): the peer baseline.
    package func benchmarkAndroid(_ node: Int, _ direction: Direction) -> Int {
        androidSearch(from: node, direction)?.item ?? -1
    }
}
