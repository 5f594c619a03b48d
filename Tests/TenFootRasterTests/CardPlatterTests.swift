import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// `.buttonStyle(.card)` and the scene's `card`: one platter with the artwork on top and the title and subtitle
/// inside it at the leading edge, the whole card the focusable frame, nothing under it.
extension RasterTests {
    static let cardRow = """
        {"name": "cards", "root": {"type": "hstack", "id": "row", "spacing": 60, "children": [
          {"type": "card", "id": "a", "title": "Live Sports", "subtitle": "Tonight"},
          {"type": "card", "id": "b", "title": "Cinema Classics", "subtitle": "Series"},
          {"type": "card", "id": "plain"}]}}
        """

    static func placed(_ id: String, in p: PlacedNode) -> PlacedNode? {
        if p.id == id { return p }
        for c in p.children { if let hit = placed(id, in: c) { return hit } }
        return nil
    }

    @Test func aCardIsAPlatterWithItsTextInside() throws {
        let fonts = try FontCache()
        var sim = try Simulator(
            scene: try SceneDecoder.decode(Self.cardRow, file: "cards.json"), measurer: TrueTypeMeasurer(fonts: fonts))
        sim.step(ticks: 120)
        #expect(sim.focused == "a")
        let a = try #require(Self.placed("a", in: sim.screen)).frame
        let b = try #require(Self.placed("b", in: sim.screen)).frame
        let plain = try #require(Self.placed("plain", in: sim.screen)).frame

        // The band is part of the card's frame (what focus searches from); a card without text is its artwork.
        let band =
            2 * Metrics.cardBandPadding + TextStyle.caption1.lineHeight(at: .large)
            + TextStyle.caption2.lineHeight(at: .large)
        #expect(abs(a.height - (230 + band)) < 0.01)
        #expect(abs(b.height - a.height) < 0.01)
        #expect(plain.height == 230)

        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        canvas.draw(SceneRenderer().displayList(sim))
        func rgb(_ x: Double, _ y: Double) -> (Int, Int, Int) {
            let p = canvas.pixel(x: Int(x), y: Int(y))
            return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
        }
        func isBackground(_ c: (Int, Int, Int)) -> Bool { abs(c.0 - 16) + abs(c.1 - 18) + abs(c.2 - 24) < 6 }

        // The resting card b: its band is the platter, from edge to edge, down to the card's foot.
        for (x, y) in [(b.minX + 2, b.maxY - 14), (b.maxX - 2, b.maxY - 14), (b.midX, b.maxY - 2)] {
            let c = rgb(x, y)
            #expect(abs(c.0 - 46) + abs(c.1 - 48) + abs(c.2 - 57) < 6, "(\(x), \(y)): \(c)")
        }
        // Its title's ink is inside the band, starting at the leading padding.
        var inkLeft = Double.infinity
        var inkRows = 0
        for y in stride(from: b.maxY - band, to: b.maxY, by: 1) {
            var row = false
            for x in stride(from: b.minX, to: b.maxX, by: 1) where rgb(x, y).0 > 150 {
                inkLeft = min(inkLeft, x)
                row = true
            }
            if row { inkRows += 1 }
        }
        #expect(inkRows > 20)
        #expect(inkLeft >= b.minX + Metrics.cardBandPadding - 1 && inkLeft < b.minX + Metrics.cardBandPadding + 6)
        // Nothing is written under the card: no caption below the platter.
        for y in stride(from: b.maxY + 8, to: b.maxY + 80, by: 2) {
            for x in stride(from: b.minX, to: b.maxX, by: 3) { #expect(isBackground(rgb(x, y)), "(\(x), \(y))") }
        }
        // The focused card a lifts as one platter: its foot is below the resting one's, and still platter
        // (lighter), not the background.
        let lifted = rgb(a.midX, a.maxY + 4)
        #expect(!isBackground(lifted))
        #expect(lifted.0 > 50)
    }
}

/// A hero's actions stand on its picture: in the light appearance a resting action's platter is light, so its
/// dark title reads over a dark backdrop (it was a faint grey over the picture, dark text on dark).
extension RasterTests {
    @Test func aHerosRestingActionReadsOverItsPictureInTheLightAppearance() throws {
        let scene = """
            {"name": "hero", "root": {"type": "vstack", "children": [
              {"type": "hero", "id": "hero", "ignoresSafeArea": true, "height": 640, "color": "#1a1a2e",
               "title": "Night", "children": [
                 {"type": "button", "id": "play", "title": "Play"}, {"type": "button", "id": "more", "title": "More"}]}]}}
            """
        let fonts = try FontCache()
        var sim = try Simulator(
            scene: try SceneDecoder.decode(scene, file: "hero.json"), measurer: TrueTypeMeasurer(fonts: fonts))
        sim.step(ticks: 120)
        #expect(sim.focused == "play")
        let more = try #require(Self.placed("more", in: sim.screen)).frame
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        canvas.draw(SceneRenderer(appearance: .light).displayList(sim))
        func luminance(_ x: Double, _ y: Double) -> Int {
            let p = canvas.pixel(x: Int(x), y: Int(y))
            return (Int(p >> 16 & 0xFF) * 3 + Int(p >> 8 & 0xFF) * 6 + Int(p & 0xFF)) / 10
        }
        // The platter beside the title, and the picture just outside the button.
        #expect(luminance(more.minX + 12, more.midY) > 200)
        #expect(luminance(more.minX - 12, more.midY) < 80)
    }
}
