import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootTools

/// The accessibility audit's rules that need the screen drawn: text contrast on the pixels behind each glyph
/// (unfocused, and with `--accessibility` each item focused too), and items whose focus effect is off and that
/// look the same focused and not. docs/accessibility.md, "The audit".
extension AuditCommand {
    /// Items whose focused look is measured at most (each is two renders), in tree order.
    static let maxFocusedStates = 24

    /// The pixels the focused looks may draw together, in screens' worth (``Rasteriser/drawnScreens(_:)``; each
    /// look draws the screen twice): a screen that piles many screens' worth of pixels on top of one another is
    /// measured focused at fewer items (5,000 buttons in one place draw 48 screens' worth: 24 looks took 30 s).
    /// Every gallery scene gets all 24.
    static let focusedLookScreens = 160.0

    /// How many items' focused looks a screen whose frame draws `screens` screens' worth of pixels is measured at.
    static func focusedLooks(drawing screens: Double) -> Int {
        min(maxFocusedStates, max(1, Int(focusedLookScreens / max(1, 2 * screens))))
    }

    /// A text is large for WCAG from 1.5× the tvOS body size regular (44 pt: Title 3 and up) or 1.17× bold
    /// (34 pt: the bold Headline), the ratios WCAG's 18 pt and 14 pt bold have to the web's 16 px body text.
    static func isLarge(size: Double, bold: Bool) -> Bool {
        size >= TextStyle.body.size * 1.5 || (bold && size >= TextStyle.body.size * 1.17)
    }

    /// The pixel rules' canvas and what they found so far (each text's problem reported once in a state).
    /// `@unchecked Sendable`: it is used by one thread at a time, made and used on one and handed to another once
    /// that one is done with it (``Concurrently``).
    final class PixelProbe: @unchecked Sendable {
        let canvas: OffscreenCanvas
        let renderer: SceneRenderer
        let measurer: TrueTypeMeasurer
        private(set) var findings: [AuditFinding] = []
        private var reported = Set<String>()
        /// What the unfocused screen draws (``unfocused(_:)``).
        private var drawn: [DrawCommand] = []

        /// Nil when the canvas cannot be made (no fonts): the pixel rules are left out, as before.
        init?(assets: AssetTable, appearance: Appearance) {
            guard let fonts = try? FontCache(),
                let canvas = try? OffscreenCanvas(
                    width: Int32(Metrics.screen.width), height: Int32(Metrics.screen.height), fonts: fonts,
                    assets: assets)
            else { return nil }
            // Artwork kept or let go draws the same: half a window's budget (16 screens of artwork) keeps 99,990
            // images within 1 GB (a window's took 1.01 GB, three quarters' 0.95–1.04 GB). A screen of 33 screens'
            // worth of images, each made again at every look, takes 1.8 times as long as with no budget.
            canvas.rasteriser.artworkPixelBudget = Rasteriser.keptArtworkPixelsTotal / 2
            self.canvas = canvas
            renderer = SceneRenderer(appearance: appearance)
            measurer = TrueTypeMeasurer(fonts: fonts)
        }

        private func settled(_ s: Simulator) -> Simulator {
            var s = s
            s.step(ticks: Screenshot.settleTime)
            return s
        }

        /// Measures the texts `s` draws; returns its drawing commands.
        @discardableResult private func check(_ s: Simulator, state: String, only item: String?) -> [DrawCommand] {
            let list = renderer.displayList(s)
            var owners = AccessibilityAudit.TextOwners(s)
            for sample in ContrastProbe.samples(list, canvas: canvas, measurer: measurer) {
                let large = isLarge(size: sample.size, bold: sample.bold)
                let needed = large ? 3.0 : 4.5
                guard sample.ratio < needed,
                    let node = owners.owner(of: sample.text, at: (sample.box.midX, sample.box.midY))
                else { continue }
                if let item, node.id != item { continue }
                let key = "\(node.id)|\(sample.text)|\(state)"
                guard reported.insert(key).inserted else { continue }
                let ratio = (sample.ratio * 100).rounded(.down) / 100
                findings.append(
                    AccessibilityAudit.finding(
                        "low-contrast", node, s.scene,
                        "\(quoted(node.id)) \(state): \(quoted(sample.text)) has a contrast of \(fmt(ratio)):1 with what is drawn behind it (\(sample.color.rgbHex) on \(sample.background.rgbHex), the median under its \(sample.glyphPixels) glyph pixels), below \(fmt(needed)):1 (WCAG AA for \(large ? "large" : "body") text)"
                    ))
            }
            return list.commands
        }

        /// Text contrast on the screen as it is, settled.
        func unfocused(_ sim: Simulator) {
            drawn = check(settled(sim), state: "unfocused", only: nil)
        }

        /// Text contrast with each item focused (the first ``focusedLooks(drawing:)``), and items whose focus
        /// effect is off and that look the same focused and not. After ``unfocused(_:)``.
        func focusedStates(_ sim: Simulator, graph: FocusAudit) {
            let items = graph.items.filter { !KeyboardIDs.isSystem($0) }
            let screens = Rasteriser.drawnScreens(drawn)
            // Each look lays the screen out again, as a focus move does: as few as the sizes' focused screens on a
            // screen of many nodes, the first always (24 looks at 100,000 text fields took 12 s).
            let looks = min(
                focusedLooks(drawing: min(screens, Rasteriser.maxOverdrawScreens)),
                max(1, AccessibilityAudit.focusedScreens(placing: AccessibilityAudit.placedCount(sim))))
            for id in items.prefix(looks) {
                var s = sim
                do { try s.start(from: id) } catch { continue }
                check(settled(s), state: "focused", only: id)
            }
            // Focus effects turned off: the item must look different focused than not.
            let index = Dictionary(
                sim.scene.allNodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            // Each is drawn twice: the first 100 (a screen of thousands would take minutes).
            for id in items.lazy.filter({ index[$0]?.focusEffectDisabled == true }).prefix(100) {
                guard let other = items.first(where: { $0 != id }) else { continue }
                var on = sim
                var off = sim
                do {
                    try on.start(from: id)
                    try off.start(from: other)
                } catch { continue }
                let (a, b) = (settled(on), settled(off))
                guard let frame = a.placedChain(to: id)?.last?.frame else { continue }
                if ContrastProbe.looksTheSame(
                    renderer.displayList(a), renderer.displayList(b), in: frame, canvas: canvas)
                {
                    let n = index[id]!
                    findings.append(
                        AccessibilityAudit.finding(
                            "no-focus-sign", n, sim.scene,
                            "\(quoted(id)) turns its focus effect off (focusEffectDisabled) and looks the same focused and not: nothing shows where focus is"
                        ))
                }
            }
        }
    }

}
