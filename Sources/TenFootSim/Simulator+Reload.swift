import FocusEngine
import TenFootScene

extension Simulator {
    /// Hot reload: swaps in a new version of the scene, keeping focus on the same id when it still
    /// exists (else the nearest survivor), the scroll offsets, the state values and field text that
    /// still apply, and the presented sheets that still exist. Returns what changed.
    @discardableResult
    public mutating func reload(_ newScene: Scene) throws(FocusTreeError) -> ReloadReport {
        // The ids of both versions in tree order. An edit that adds or removes no node (most saves) leaves
        // them equal, and then no set of them is built: hashing every id twice was a tenth of a catalogue's reload.
        let oldIDs = scene.allNodes.map(\.id)
        let newNodes = newScene.allNodes
        let newIDs = newNodes.map(\.id)
        let sameIDs = oldIDs == newIDs
        let before = system.focused
        var newState = newScene.state
        for (k, v) in data.state where newState[k] != nil { newState[k] = v }
        // Editing ends with the old version (its entry screen is not in the new scene's sheets).
        textEntry.entry = nil
        textEntry.editing = nil
        scene = newScene
        data.state = newState
        presentation.presented = presentation.presented.filter { id in newScene.sheets.contains { $0.id == id } }
        for n in newNodes where n.type == .textField || n.type == .picker {
            if textEntry.fieldValues[n.id] == nil {
                textEntry.fieldValues[n.id] = n.value ?? (n.type == .picker ? n.options.first ?? "" : "")
            }
        }
        for n in newNodes where n.type == .tabBar {
            if let sel = navigation.selectedTabs[n.id], n.tabs.contains(where: { $0.id == sel }) { continue }
            navigation.selectedTabs[n.id] = n.tabs.first?.id
        }
        // Only the containers that scrolled are looked up: a few are found in the ids as they are, more in their set.
        let lookups = scroll.count + motion.scrollAnimations.count
        let newIDSet = lookups > 8 ? Set(newIDs) : nil
        func survives(_ id: String) -> Bool { newIDSet?.contains(id) ?? newIDs.contains(id) }
        scroll = scroll.filter { survives($0.key) }
        motion.scrollAnimations = motion.scrollAnimations.filter { survives($0.key) }
        // The new scene marked the layout stale: one placement, its tree, then the usual commit.
        let update = system.replaceTree(try freshTree() ?? system.tree)
        if update.previous != update.next { noteFocusChange(update) }
        try commitLayout()
        record(.reload, update, note: .reloaded(file: newScene.file))
        var added: [String] = []
        var removed: [String] = []
        if !sameIDs {
            let oldSet = Set(oldIDs)
            let newSet = Set(newIDs)
            // What the author changed: the keyboard the simulator builds into a search comes and goes with it.
            added = newSet.subtracting(oldSet).filter { !KeyboardIDs.isSystem($0) }.sorted()
            removed = oldSet.subtracting(newSet).filter { !KeyboardIDs.isSystem($0) }.sorted()
        }
        return ReloadReport(added: added, removed: removed, focusBefore: before, focusAfter: system.focused)
    }
}

extension Simulator {
    /// Lays the screen out at another text size (Settings › Accessibility › Display › Text Size changed while
    /// the app runs): focus stays on the item it is on when that can still take focus, scroll offsets follow
    /// it, state and sheets are kept. A SwiftUI view that reads the size is translated again and reloaded
    /// (``reload(_:)``) instead.
    public mutating func setTextSize(_ size: TextSize) throws(FocusTreeError) {
        guard scene.textSize != size else { return }
        scene.textSize = size
        invalidate(.placement)
        try commitLayout()
    }
}
