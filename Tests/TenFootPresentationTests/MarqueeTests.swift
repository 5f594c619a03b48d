import FocusEngine
import TenFootPresentation
import TenFootScene
import Testing

@testable import TenFootSim

/// A focused lockup's caption that is cut short slides along (a marquee) after a pause, on the simulator's clock;
/// before then, and on items without focus, it is cut with "…".
@Suite struct MarqueeTests {
    static let long = "A Title Far Longer Than Any Poster Is Wide"

    static func sim(after seconds: Double) throws -> Simulator {
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "shelf", "id": "row", "children": [
              {"type": "poster", "id": "focused", "title": "\(long)"},
              {"type": "poster", "id": "other", "title": "\(long)"},
              {"type": "poster", "id": "short", "title": "Tide"}]}}
            """, file: "t.json")
        var sim = try Simulator(scene: scene)
        sim.step(ticks: Clock.ticks(seconds: seconds))
        return sim
    }

    /// The caption lines drawn for `title`: where each starts and what it says, and the clip in force.
    static func captions(_ sim: Simulator) -> [(text: String, x: Double, clip: Rect?)] {
        var clip: Rect?
        var out: [(String, Double, Rect?)] = []
        for c in SceneRenderer().displayList(sim).commands {
            if case .clip(let r) = c { clip = r }
            if case .textLine(let line, let x, _, let anchor, _) = c, line.text.hasPrefix("A Title") {
                out.append(
                    (line.text, anchor == .left ? x : anchor == .center ? x - line.width / 2 : x - line.width, clip))
            }
        }
        return out
    }

    @Test func theFocusedCaptionRestsCutThenSlides() throws {
        let resting = Self.captions(try Self.sim(after: 1))
        #expect(resting.count == 2 && resting.allSatisfy { $0.text.hasSuffix("…") }, "\(resting)")
        let start = Self.captions(try Self.sim(after: 2.2))
        let later = Self.captions(try Self.sim(after: 2.8))
        // The focused caption: the whole title and the copy following it, clipped to the caption's box, further
        // along the later it is; the other poster's caption is still cut.
        let moving = start.filter { $0.text == Self.long }
        #expect(moving.count == 2 && moving.allSatisfy { $0.clip != nil }, "\(start)")
        #expect(moving[1].x - moving[0].x > moving[0].clip!.width)
        let then = later.filter { $0.text == Self.long }
        #expect(then.count >= 1 && then[0].x < moving[0].x, "\(later)")
        #expect(start.filter { $0.text.hasSuffix("…") }.count == 1)
        // Drawn the same at the same tick (a pure function of time).
        #expect(
            SceneRenderer().displayList(try Self.sim(after: 2.8))
                == SceneRenderer().displayList(try Self.sim(after: 2.8)))
    }

    @Test func theSlideLoopsAfterAPause() {
        let width = 600.0
        let travel = width + Motion.marqueeGap
        let slide = Clock.ticks(seconds: travel / Motion.marqueeSpeed)
        #expect(Motion.marqueeOffset(width: width, elapsed: Motion.marqueeDelayTicks) == 0)
        #expect(Motion.marqueeOffset(width: width, elapsed: Motion.marqueeDelayTicks + slide / 2) == travel / 2)
        // A whole cycle later it rests again, then slides the same way.
        let cycle = Motion.marqueeDelayTicks + slide
        #expect(Motion.marqueeOffset(width: width, elapsed: cycle + 10) == 0)
        #expect(
            Motion.marqueeOffset(width: width, elapsed: cycle + Motion.marqueeDelayTicks + slide / 2) == travel / 2)
    }
}
