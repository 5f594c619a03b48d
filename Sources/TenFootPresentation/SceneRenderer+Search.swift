import FocusEngine
import TenFootScene
import TenFootSim

// The search's own items beyond the keys: its suggestions.
extension SceneRenderer {
    /// A search suggestion (`keyboard.suggestion.<n>`): its text alone at rest, as the keyboard's letters are,
    /// and on a white capsule with dark text when focused — the row of terms tvOS draws under the keyboard.
    func drawSuggestion(_ p: PlacedNode, _ lift: Lift, _ sim: Simulator, progress: Double, _ list: inout DisplayList) {
        let n = p.node
        let frame = lift.frame
        let on = progress > 0.5
        let pressed = sim.pressDepth(n.id)
        let radius = frame.height / 2
        if progress > 0 || pressed > 0 {
            list.add(
                shadow(
                    n, frame, radius: radius, progress: max(progress, pressed * 0.5), pressed: pressed, contents: nil))
        }
        if on { list.add(.rect(frame, radius: radius, color: appearance.focusedPlatter)) }
        let grow = frame.height / max(1, p.frame.height)
        drawLabel(
            n.title ?? "", icon: nil, in: frame, size: TextStyle.headline.size(at: sim.textSize(of: p)) * grow,
            iconSize: 0,
            gap: 0, bold: on,
            color: on ? appearance.focusedText : appearance.secondaryText, sim, &list)
    }
}
