import FocusEngine
import TenFootPresentation
import TenFootScene
import Testing

@testable import TenFootSim

/// The on-screen remote: which part a point hits, what lights up for which event, how it fades,
/// and where the finger shows.
@Suite struct OnScreenRemoteTests {
    let rect = Rect(100, 50, 200, 200 * OnScreenRemote.aspect)

    /// A point at (fx, fy) in units of the remote's width.
    func at(_ fx: Double, _ fy: Double) -> (Double, Double) { (rect.minX + fx * 200, rect.minY + fy * 200) }

    @Test func partsUnderThePointer() {
        let cases: [((Double, Double), OnScreenRemote.Part?)] = [
            (at(0.5, 0.52), .select), (at(0.5, 0.15), .up), (at(0.5, 0.88), .down), (at(0.14, 0.52), .left),
            (at(0.86, 0.52), .right), (at(0.28, 1.22), .back), (at(0.72, 1.22), .tv), (at(0.28, 1.62), .playPause),
            (at(0.28, 2.02), nil),  // mute: drawn, inert
            (at(0.72, 1.8), nil),  // volume: drawn, inert
            (at(0.5, 3.0), nil),  // the body
            (at(-0.1, 0.5), nil),  // outside
        ]
        for (p, part) in cases { #expect(OnScreenRemote.part(atX: p.0, y: p.1, in: rect) == part, "\(p)") }
        #expect(OnScreenRemote.Part.back.event == .menu && OnScreenRemote.Part.tv.event == .home)
    }

    func litCircles(_ commands: [DrawCommand]) -> [Rect] {
        commands.compactMap { if case .rect(let r, _, let c) = $0, c.r == 245, c.g == 245, c.a > 0 { r } else { nil } }
    }

    @Test func theUsedPartLightsAndFades() throws {
        let remote = OnScreenRemote(lastEvent: .swipe(.right), at: 100, finger: nil)
        let now = litCircles(remote.commands(in: rect, now: 100))
        let mark = try #require(now.first)
        // right of the centre
        #expect(mark.midX > rect.minX + 0.5 * 200 && abs(mark.midY - (rect.minY + 0.52 * 200)) < 0.01)
        #expect(
            remote.commands(in: rect, now: 100).contains {
                if case .text("right", _, _, _, _, _, _, _) = $0 { true } else { false }
            })
        // Halfway through the fade it is dimmer; after it, nothing is lit and no name shows.
        let half = remote.commands(in: rect, now: 100 + OnScreenRemote.fadeTicks / 2)
        #expect(
            half.contains { if case .rect(_, _, let c) = $0, c.r == 245, c.a > 100, c.a < 140 { true } else { false } })
        let later = remote.commands(in: rect, now: 100 + OnScreenRemote.fadeTicks)
        #expect(litCircles(later).isEmpty)
        #expect(!later.contains { if case .text = $0 { true } else { false } })
    }

    @Test func eachEventLightsItsPart() {
        #expect(OnScreenRemote.part(for: .select) == .select)
        #expect(OnScreenRemote.part(for: .longSelect) == .select)
        #expect(OnScreenRemote.part(for: .menu) == .back)
        #expect(OnScreenRemote.part(for: .home) == .tv)
        #expect(OnScreenRemote.part(for: .playPause) == .playPause)
        #expect(OnScreenRemote.part(for: .swipe(.up)) == .up)
        #expect(
            OnScreenRemote.part(for: .crown(2)) == nil && OnScreenRemote.lightsRing(.crown(2))
                && OnScreenRemote.lightsRing(.pageDown))
        // The whole ring lights for crown turns: a lit circle as large as the ring.
        let ring = litCircles(OnScreenRemote(lastEvent: .crown(1), at: 0, finger: nil).commands(in: rect, now: 0))
        #expect(ring.contains { abs($0.width - 2 * 0.42 * 200) < 0.01 })
    }

    @Test func theFingerShowsWhereItTouches() throws {
        let remote = OnScreenRemote(lastEvent: nil, at: 0, finger: (x: 1, y: 0))
        let dots = remote.commands(in: rect, now: 0).compactMap {
            if case .rect(let r, _, let c) = $0, c == Color(120, 200, 255, 230) { r } else { nil }
        }
        let dot = try #require(dots.first)
        #expect(dot.midX > rect.minX + 0.5 * 200 + 0.3 * 200)
        #expect(abs(dot.midY - (rect.minY + 0.52 * 200)) < 0.01)
        #expect(
            OnScreenRemote(lastEvent: nil, at: 0, finger: nil).commands(in: rect, now: 0).count
                < remote.commands(in: rect, now: 0).count)
    }

    /// The recorder's path: the remote as the simulator's trace last left it.
    @Test func showingASimulatorUsesItsTrace() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 10)
        sim.send(.swipe(.right))
        sim.step(ticks: 10)
        sim.send(.crown(2))
        sim.step(ticks: 10)
        sim.send(.touch(0.25, -0.5))
        let remote = OnScreenRemote(showing: sim)
        #expect(remote.lastEvent == .crown(2) && remote.lastEventTick == 20)
        #expect(remote.finger == OnScreenRemote.Finger(x: 0.25, y: -0.5))
        let fresh = OnScreenRemote(showing: try Simulator(scene: BuiltInScenes.home()))
        #expect(fresh.lastEvent == nil)
    }

    @Test func theDrawingIsDeterministic() {
        let a = OnScreenRemote(lastEvent: .menu, at: 5, finger: (0.1, 0.2)).commands(in: rect, now: 30)
        let b = OnScreenRemote(lastEvent: .menu, at: 5, finger: (0.1, 0.2)).commands(in: rect, now: 30)
        #expect(a == b)
        #expect(DisplayList(commands: a).text.contains("rect"))
    }
}
