import FocusEngine
import TenFootPresentation
import TenFootScene
import Testing

@testable import TenFootSim

/// Idle dimming and the focus motion timing (issue 20): pure functions of the simulator's ticks.
@Suite struct IdleDimmingTests {
    static func veil(_ list: DisplayList) -> Color? {
        for c in list.commands {
            if case .rect(let r, _, let color) = c, r == Metrics.screen, color.r == 0, color.a > 0 { return color }
        }
        return nil
    }

    @Test func offUnlessTurnedOn() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: Clock.ticks(seconds: 600))
        #expect(sim.idleLevel == 0)
        #expect(Self.veil(SceneRenderer().displayList(sim)) == nil)
    }

    @Test func dimsAfterTheWaitAndInputRestores() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.idleDimming = IdleDimming(after: Clock.ticks(seconds: 10), fade: Clock.ticks(seconds: 1))
        sim.step(ticks: Clock.ticks(seconds: 1))
        let lifted = SceneRenderer().displayList(sim)
        sim.step(ticks: Clock.ticks(seconds: 8.9))
        #expect(sim.idleLevel == 0 && !sim.isAnimating)
        sim.step(ticks: Clock.ticks(seconds: 0.6))
        #expect(sim.idleLevel > 0 && sim.idleLevel < 1 && sim.isAnimating)
        sim.step(ticks: Clock.ticks(seconds: 1))
        #expect(sim.idleLevel == 1 && !sim.isAnimating)
        let dimmed = SceneRenderer().displayList(sim)
        #expect(Self.veil(dimmed)?.a == UInt8((0.45 * 255).rounded()))
        // The focused item grows by 20 pt on its longest side on top of its lift.
        func focusedFrame(_ l: DisplayList) -> Rect? {
            for c in l.commands { if case .parallax(let item) = c { return item.frame } }
            return nil
        }
        let before = try #require(focusedFrame(lifted))
        let after = try #require(focusedFrame(dimmed))
        #expect(abs(max(after.width, after.height) - max(before.width, before.height) - 20) < 1e-9)
        // Any input restores at once.
        sim.send(.touch(0.1, 0))
        #expect(sim.idleLevel == 0)
        #expect(Self.veil(SceneRenderer().displayList(sim)) == nil)
    }

    @Test func levelIsEasedAndClamped() {
        let d = IdleDimming(after: 100, fade: 100)
        #expect(
            d.level(idle: 99) == 0 && d.level(idle: 150) == 0.5 && d.level(idle: 200) == 1 && d.level(idle: 10_000) == 1
        )
        #expect(IdleDimming(after: 0, fade: 0).level(idle: 0) == 1)
    }

    /// Focusing runs faster than unfocusing, and both twice as fast when focus moves quickly (tvos-focus.md §C5).
    @Test func focusingIsFasterThanUnfocusingAndFastMovesFaster() throws {
        #expect(Motion.focusTicks < Motion.unfocusTicks)
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 1200)
        let first = try #require(sim.focused)
        sim.send(.swipe(.right))
        let second = try #require(sim.focused)
        sim.step(ticks: Motion.focusTicks)
        #expect(sim.focusProgress(second) == 1 && sim.focusProgress(first) > 0)
        sim.step(ticks: Motion.unfocusTicks - Motion.focusTicks)
        #expect(sim.focusProgress(first) == 0)
        // A second move soon after: half the time.
        sim.send(.swipe(.right))
        sim.step(ticks: 10)
        sim.send(.swipe(.right))
        let third = try #require(sim.focused)
        sim.step(ticks: Tick(Double(Motion.focusTicks) * Motion.fastFactor))
        #expect(sim.focusProgress(third) == 1)
    }
}
