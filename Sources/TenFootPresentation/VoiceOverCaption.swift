import FocusEngine
import TenFootScene
import TenFootSim

/// What VoiceOver says for the focused item, as a caption strip (`--overlay voiceover`, the window's F7): at the
/// foot of the screen, or at its top when the focused item (lifted) reaches the foot's band, so it never covers
/// the focused item. A pure function of the simulator's state, as every overlay is.
public struct VoiceOverCaption: Sendable {
    static let textSize = 32.0
    static let height = 64.0
    static let margin = 36.0
    static let maxWidth = Metrics.screen.width - 2 * Metrics.safeArea.leading

    public init() {}

    /// The strip's frame for the focused item's frame: the foot of the screen, else the top.
    static func frame(avoiding focused: Rect?) -> Rect {
        let bottom = Rect(
            Metrics.safeArea.leading, Metrics.screen.maxY - margin - height, maxWidth, height)
        guard let f = focused else { return bottom }
        // The lifted item grows by about a tenth on each side.
        let lifted = f.insetBy(dx: -f.width * 0.1, dy: -f.height * 0.1)
        if lifted.overlaps(bottom) { return Rect(bottom.minX, margin, bottom.width, height) }
        return bottom
    }

    public func draw(into list: inout DisplayList, sim: Simulator) {
        guard let id = sim.focused, let text = sim.announcement(for: id)?.text, !text.isEmpty else { return }
        let focusedFrame = sim.placedChain(to: id)?.last?.frame
        let strip = VoiceOverCaption.frame(avoiding: focusedFrame)
        list.add(.rect(strip, radius: 14, color: Color(0, 0, 0, 200)))
        list.add(
            .text(
                text, x: strip.midX, y: strip.midY - VoiceOverCaption.textSize * 0.62, size: VoiceOverCaption.textSize,
                bold: false, color: Color(255, 255, 255), centered: true, maxWidth: strip.width - 40))
    }
}
