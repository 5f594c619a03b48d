import FocusEngine
import TenFootScene

/// What Select and the Digital Crown do to the components (tvOS settings and pickers), and the pressed state:
///
/// - A **toggle** flips: its own on/off, or the Bool state value it is bound to (SwiftUI `Toggle(isOn:)`).
/// - A **picker** in its default style shows its value; Select opens the list of its options on a screen of
///   its own (a navigation push, `.pickerStyle(.navigationLink)`), focus on the chosen option; Select on an
///   option chooses it and comes back, Menu comes back without choosing.
/// - A **segmented picker**'s segments are items: left and right move focus along them (and past the ends to
///   the next item, like any move); the segment focus is on is the chosen one (UISegmentedControl's sticky
///   selection).
/// - The **crown** (the clickpad ring, `crown N`) steps a focused picker's value; on a segment, focus follows.
/// - **Select** on any item plays the pressed (highlighted) state: a short sink toward the surface.
extension Simulator {
    /// Whether a toggle is on now.
    public func isOn(_ toggle: SceneNode) -> Bool {
        switch toggle.isOn {
        case .state(let name)?: return data.state[name] == .bool(true)
        case .constant(let initial)?: return data.toggles[toggle.id] ?? initial
        case nil: return data.toggles[toggle.id] ?? false
        }
    }

    /// Select on a toggle: it flips.
    mutating func flip(_ toggle: SceneNode) -> TraceEntry.Note {
        let on = !isOn(toggle)
        if case .state(let name)? = toggle.isOn {
            data.state[name] = .bool(on)
        } else {
            data.toggles[toggle.id] = on
        }
        return .valueChanged(id: toggle.id, value: SceneNode.toggleText(on))
    }

    /// The segment an id names (segments are made by layout, one per option of a segmented picker).
    func segment(_ id: String) -> Segment? { index.nodes[id]?.segment }

    /// Focus on a segment chooses it (and the picker is entered at its chosen segment from then on).
    mutating func followSegmentFocus() -> TraceEntry.Note? {
        guard let id = system.focused, let s = segment(id), textEntry.fieldValues[s.picker] != s.option else {
            return nil
        }
        textEntry.fieldValues[s.picker] = s.option
        invalidate(.focusTree)
        return .valueChanged(id: s.picker, value: s.option)
    }

    /// A picker's value moves `steps` options along, stopping at the ends; on a segmented picker focus
    /// follows to the chosen segment.
    mutating func stepPicker(_ n: SceneNode, by steps: Int) throws(FocusTreeError) -> (FocusUpdate?, TraceEntry.Note?) {
        guard !n.options.isEmpty else { return (nil, nil) }
        let current = n.options.firstIndex(of: textEntry.fieldValues[n.id] ?? "") ?? 0
        let next = max(0, min(n.options.count - 1, current + steps))
        guard next != current else { return (nil, nil) }
        textEntry.fieldValues[n.id] = n.options[next]
        invalidate(.focusTree)
        var update: FocusUpdate?
        if (n.pickerStyle ?? .automatic).isSegmented {
            try syncFocusTree()
            update = system.requestFocus(SceneNode.optionID(picker: n.id, index: next))
        }
        return (update, .valueChanged(id: n.id, value: n.options[next]))
    }

    /// The crown on a focused picker or segment.
    mutating func turnCrown(_ detents: Int) throws(FocusTreeError) -> (FocusUpdate?, TraceEntry.Note?) {
        guard let n = focusedNode else { return (nil, nil) }
        if n.type == .picker { return try stepPicker(n, by: detents) }
        if let s = n.segment, let picker = index.nodes[s.picker] { return try stepPicker(picker, by: detents) }
        return (nil, nil)
    }

    /// Select on a navigation-style picker: its options on a screen of their own, pushed like `open`, focus on
    /// the chosen one; choosing one comes back with it (``choose(picker:value:)``).
    mutating func openPickerList(_ picker: SceneNode) throws(FocusTreeError) -> FocusUpdate? {
        let list = Simulator.pickerListScene(
            picker, value: textEntry.fieldValues[picker.id] ?? picker.options.first ?? "", file: scene.file,
            direction: scene.layoutDirection)
        session.work += SceneIndex.weight(of: list) * WorkCost.make
        return try push(list, from: picker.id)
    }

    /// The screen a navigation-style picker opens: its title, and one row per option (`<picker>/<index>`),
    /// the chosen one checked and focused.
    static func pickerListScene(_ picker: SceneNode, value: String, file: String, direction: LayoutDirection) -> Scene {
        let chosen = picker.options.firstIndex(of: value) ?? 0
        var rows = SceneNode(type: .section, id: picker.id + "/options", hasExplicitID: true, location: picker.location)
        rows.width = .points(ComponentMetrics.pickerListWidth)
        rows.children = picker.options.enumerated().map { k, option in
            var row = SceneNode(
                type: .row, id: SceneNode.optionID(picker: picker.id, index: k), hasExplicitID: true,
                location: picker.location)
            row.title = option
            row.accessoryType = k == chosen ? .checkmark : AccessoryType.none
            row.actions[.onSelect] = [.choose(picker: picker.id, value: option)]
            return row
        }
        var title = SceneNode(type: .text, id: picker.id + "/title", hasExplicitID: true, location: picker.location)
        title.title = picker.title ?? ""
        title.textStyle = .title2
        var page = SceneNode(type: .scroll, id: picker.id + "/list", hasExplicitID: true, location: picker.location)
        page.alignment = .center
        page.defaultFocus = SceneNode.optionID(picker: picker.id, index: chosen)
        page.children = (picker.title == nil ? [] : [title]) + [rows]
        return Scene(name: picker.title ?? picker.id, file: file, root: page, layoutDirection: direction)
    }

    /// An option chosen in a picker's list: back to the screen the list was opened from, with the value set.
    mutating func choose(picker: String, value: String) -> FocusUpdate? {
        let update = goBack()
        textEntry.fieldValues[picker] = value
        invalidate(.focusTree)
        pendingNote = .valueChanged(id: picker, value: value)
        return update
    }

    /// The pressed state of the focused item, starting now.
    mutating func notePress() {
        guard let id = system.focused else { return }
        motion.press = (id, Animation(start: tick, duration: Motion.pressTicks, curve: .pulse))
    }

    /// How far `id` is pressed in now, 0 (not) … 1 (at the bottom of the press).
    public func pressDepth(_ id: String) -> Double {
        guard let p = motion.press, p.id == id, p.motion.isRunning(at: tick) else { return 0 }
        return p.motion.progress(at: tick)
    }
}

extension ComponentMetrics {
    /// The list a navigation-style picker opens: its width, centred on the screen.
    public static let pickerListWidth = 1000.0
}
