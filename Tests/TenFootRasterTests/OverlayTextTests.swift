import FocusEngine
import Foundation
import TenFootInput
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// The pictures the window draws over the scene — the F1 help card, the F2 debug overlay with its guides'
/// labels and a Ctrl-click report, the error banner with a long JSON path, a long notice — drawn with the real
/// fonts into a 1280×720 and a 1920×1080 output: every text fits where it is drawn, whole (the rasteriser would
/// cut it with "…" otherwise), inside the screen, and no two labels of the debug overlay overlap.
extension RasterTests {
    /// The overlays, built as the window builds them (its measurer: the bundled fonts at 1 px = 1 pt).
    static func overlays(measurer: any TextMeasurer) throws -> [(name: String, commands: [DrawCommand])] {
        var dashboard = try Simulator(
            scene: try SceneDecoder.load(path: TestPaths.scenes + "/focus-guide-dashboard.json"), measurer: measurer)
        dashboard.recordsExplanations = true
        dashboard.send(.swipe(.right))
        dashboard.step(ticks: 1200)
        let report = dashboard.system.tree.focusabilityReport(atX: 310, y: 640, focused: dashboard.focused)
        let path = "/home/designer/Projects/streaming-app-redesign/tv-screens/home-with-continue-watching.json"
        let banner = [
            "\(path):190:32: error: \"focusable\" expects true, false, \"activate\", \"edit\" or \"automatic\", got \"yes\" (at root.tabs[0].content.children[3].children[4].focusable)",
            "\(path):224:19: error: unknown key \"remembersLastFocus\" for \"poster\" (at root.tabs[0].content.children[4].children[2].children[0].children[1].remembersLastFocus)",
        ].joined(separator: "\n")
        let manyProblems = (1...12).map {
            "\(path):\($0):1: error: unknown key \"x\" for \"poster\" (at root.tabs[0].content.children[\($0)].x)"
        }.joined(separator: "\n")
        return [
            ("help card", HelpCard.commands(KeyGuide.helpGroups, measurer: measurer)),
            ("debug overlay", DebugOverlay.commands(dashboard, fps: 60, note: report)),
            ("error banner", ErrorBanner.commands(banner, measurer: measurer)),
            ("error banner, many problems", ErrorBanner.commands(manyProblems, measurer: measurer)),
            (
                "notice",
                Notice.commands(
                    "reset to the start. The built-in home scene is compiled in; to edit it live: .build/debug/tenfoot run scenes/home.json",
                    measurer: measurer)
            ),
        ]
    }

    @Test func everyOverlayTextFitsAtBothWindowSizes() throws {
        let fonts = try FontCache()
        let measurer = TrueTypeMeasurer(fonts: fonts)
        let overlays = try Self.overlays(measurer: measurer)
        #expect(overlays.allSatisfy { o in o.commands.contains { if case .text = $0 { true } else { false } } })
        for (width, height) in [(Int32(1280), Int32(720)), (1920, 1080)] {
            let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
            for overlay in overlays {
                canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0))] + overlay.commands))
                for case .text(let text, let x, let y, let size, let bold, _, let centered, let maxWidth) in overlay
                    .commands
                {
                    let place = "\(overlay.name) at \(width)×\(height): \"\(text)\""
                    let w = measurer.width(of: text, size: size, bold: bold)
                    if let maxWidth {
                        // What the rasteriser draws: the text fitted at the output's pixel size (cut with "…" when too
                        // long).
                        let r = canvas.rasteriser
                        let pixels = (size * r.pixelScale).rounded()
                        let drawn = TextLayout.fitted(
                            text, width: maxWidth * r.pixelScale, size: pixels, bold: bold,
                            direction: .natural(.leftToRight), measurer: r.pixelMeasurer)
                        #expect(drawn.text == text, "cut: \(place)")
                    }
                    let left = centered ? x - w / 2 : x
                    #expect(left >= 0 && left + w <= 1920 && y >= 0 && y + size <= 1080, "off screen: \(place)")
                }
            }
        }
        // The F2 labels: the two guides sharing one cell get a line each.
        let debug = try #require(overlays.first { $0.name == "debug overlay" }).commands
        var labels: [Rect] = []
        for case .rect(let r, let radius, _) in debug where radius == 4 { labels.append(r) }
        #expect(labels.count >= 4)
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] { #expect(!a.overlaps(b), "labels overlap: \(a) \(b)") }
        }
        for name in ["guide cellToBottomLeft → bottomLeft", "guide cellToTopRight → topRight"] {
            #expect(
                debug.contains { if case .text(name, _, _, _, _, _, _, _) = $0 { true } else { false } },
                "\(name) missing")
        }
        // The Ctrl-click report is all there, over several lines.
        let panelText = debug.compactMap { c -> String? in
            if case .text(let t, _, _, 21, _, _, _, _) = c { t } else { nil }
        }.joined(separator: " ")
        #expect(panelText.contains("no move leads to it geometrically (see `tenfoot audit`)."))
        // The banner keeps each JSON path whole across its lines.
        let banner = try #require(overlays.first { $0.name == "error banner" }).commands
        let bannerText = banner.compactMap { c -> String? in
            if case .text(let t, _, _, _, _, _, _, _) = c { t } else { nil }
        }.joined()
        #expect(
            bannerText.contains(
                "root.tabs[0].content.children[4].children[2].children[0].children[1].remembersLastFocus)"))
        let many = try #require(overlays.first { $0.name == "error banner, many problems" }).commands
        #expect(
            many.contains {
                if case .text(let t, _, _, _, _, _, _, _) = $0 {
                    t.hasPrefix("… and ") && t.hasSuffix(" more (see the terminal)")
                } else {
                    false
                }
            })
    }
}
