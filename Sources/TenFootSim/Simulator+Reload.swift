import FocusEngine
import TenFootScene

extension Simulator {
    /// Hot reload: swaps in a new version of the scene, keeping focus on the same id when it still
    /// exists (else the nearest survivor), the scroll offsets, the state values and field text that
    /// still apply, and the presented sheets that still exist. Returns what changed.
    @discardableResult
    public mutating func reload(_ newScene: Scene) throws(FocusTreeError) -> ReloadReport {
        let oldIDs = Set(scene.allNodes.map(\.id))
        let newIDs = Set(newScene.allNodes.map(\.id))
        let before = system.focused
        var newState = newScene.state
        for (k, v) in state where newState[k] != nil { newState[k] = v }
        // Editing ends with the old version (its entry screen is not in the new scene's sheets).
        entry = nil
        editing = nil
        scene = newScene
        state = newState
        presented = presented.filter { id in newScene.sheets.contains { $0.id == id } }
        for n in newScene.allNodes where n.type == .textField || n.type == .picker {
            if fieldValues[n.id] == nil { fieldValues[n.id] = n.value ?? (n.type == .picker ? n.options.first ?? "" : "") }
        }
        for n in newScene.allNodes where n.type == .tabBar {
            if let sel = selectedTabs[n.id], n.tabs.contains(where: { $0.id == sel }) { continue }
            selectedTabs[n.id] = n.tabs.first?.id
        }
        scroll = scroll.filter { newIDs.contains($0.key) }
        scrollAnimations = scrollAnimations.filter { newIDs.contains($0.key) }
        // The new scene marked the layout stale: one placement, its tree, then the usual commit.
        let update = system.replaceTree(try freshTree() ?? system.tree)
        if update.previous != update.next { noteFocusChange(update) }
        try commitLayout()
        record(.reload, update, note: .reloaded(file: newScene.file))
        return ReloadReport(added: newIDs.subtracting(oldIDs).sorted(), removed: oldIDs.subtracting(newIDs).sorted(),
                            focusBefore: before, focusAfter: system.focused)
    }
}
