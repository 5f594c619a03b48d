import FocusEngine
import TenFootPresentation
import TenFootScene
import TenFootSim
import Testing

@testable import TenFootInput

/// The mouse as the touch surface: clicks, drags that swipe, flicks that coast, tilt, the wheel,
/// and presses on the on-screen remote.
@Suite struct MouseGestureTests {
    @Test func aClickSelectsOnRelease() {
        var h = Harness()
        h.at(0, .pointerDown(pt(500, 500)))
        h.at(5, .pointerMove(pt(505, 503)))  // within the click slop
        h.at(100, .pointerUp(pt(505, 503)))
        #expect(h.log == ["@100 select"])
    }

    @Test func aClickHeldStillLongSelects() {
        var h = Harness()
        h.at(0, .pointerDown(pt(500, 500)))
        h.at(700, .pointerUp(pt(500, 500)))
        #expect(h.log == ["@\(RepeatTiming.longPress) longselect"])
    }

    @Test func aSlowDragSwipesOncePerSwipeDistanceAndDoesNotCoast() {
        var h = Harness(frame: 20)
        h.at(0, .pointerDown(pt(100, 500)))
        for k in 1...45 { h.at(Tick(k * 20), .pointerMove(pt(100 + Double(k) * 10, 500))) }
        h.at(920, .pointerUp(pt(550, 500)))
        h.run(to: 3000)
        #expect(h.events.filter { $0 == "right" }.count == 2)  // 450 points at 200 per swipe
        #expect(!h.events.contains("select"))
        #expect(h.events.last == "release")
        #expect(h.log.first == "@40 touch 0.1 0")  // the first move past the click slop tilts
        #expect(!h.input.isCoasting)
    }

    /// A fast flick keeps focus moving after the release, at growing gaps (decelerating).
    @Test func aFlickCoastsDecelerating() {
        var h = Harness()
        h.at(0, .pointerDown(pt(100, 500)))
        h.at(20, .pointerMove(pt(200, 500)))
        h.at(40, .pointerMove(pt(400, 500)))
        h.at(60, .pointerUp(pt(400, 500)))  // 300 points in 0.05 s: 6,000 points per second
        h.run(to: 2000)
        #expect(
            h.log == [
                "@20 touch 0.5 0", "@40 right", "@40 touch 0 0", "@60 release", "@168 right", "@324 right",
                "@552 right",
            ])
        let coast = h.ticks.suffix(3)
        let gaps = zip(coast.dropFirst(), coast).map { $0 - $1 }
        #expect(gaps[1] > gaps[0])
    }

    /// The strongest flick coasts exactly like `swipe right fast` in a script.
    @Test func theStrongestFlickMatchesAFastScriptSwipe() throws {
        var h = Harness()
        h.at(0, .pointerDown(pt(100, 500)))
        h.at(20, .pointerMove(pt(300, 500)))
        h.at(40, .pointerMove(pt(600, 500)))
        h.at(40, .pointerUp(pt(600, 500)))
        h.run(to: 2000)
        let release = try #require(h.log.firstIndex(of: "@40 release"))
        let coast = [40] + h.ticks[(release + 1)...]
        let script = try InputScriptParser.parse("swipe right fast").entries.map(\.tick)
        #expect(zip(coast.dropFirst(), coast).map { $0 - $1 } == zip(script.dropFirst(), script).map { $0 - $1 })
        #expect(Array(h.events[(release + 1)...]) == Array(repeating: "right", count: RepeatTiming.flickGaps.count))
    }

    @Test func aShortFastFlickStillMovesThenCoasts() {
        var h = Harness()
        h.at(0, .pointerDown(pt(100, 500)))
        h.at(10, .pointerMove(pt(150, 500)))
        h.at(20, .pointerUp(pt(180, 500)))  // 80 points over one 60 Hz frame: 4,800 points per second
        h.run(to: 1000)
        #expect(h.log == ["@10 touch 0.25 0", "@20 right", "@20 release", "@176 right", "@404 right"])
    }

    @Test func smallMotionOnlyTilts() {
        var h = Harness()
        h.at(0, .pointerDown(pt(500, 500)))
        h.at(20, .pointerMove(pt(530, 480)))
        h.at(40, .pointerMove(pt(500, 500)))
        h.at(60, .pointerUp(pt(500, 500)))
        h.run(to: 1000)
        #expect(h.log == ["@20 touch 0.15 -0.1", "@40 touch 0 0", "@60 release"])
    }

    @Test func touchingAgainStopsTheCoast() {
        var h = Harness()
        h.at(0, .pointerDown(pt(100, 500)))
        h.at(20, .pointerMove(pt(200, 500)))
        h.at(40, .pointerMove(pt(400, 500)))
        h.at(60, .pointerUp(pt(400, 500)))
        h.at(100, .pointerDown(pt(400, 500)))
        h.at(110, .pointerUp(pt(400, 500)))
        h.run(to: 2000)
        #expect(h.log.suffix(2) == ["@60 release", "@110 select"])
    }

    @Test func theWheelTurnsTheCrown() {
        var h = Harness()
        h.at(0, .wheel(-1))  // towards the user: forward
        h.at(10, .wheel(2))
        #expect(h.log == ["@0 crown 1", "@10 crown -2"])
        var m = InputMapping.default
        m.wheel = .swipe
        var s = Harness(m)
        s.at(0, .wheel(1))
        s.at(10, .wheel(-3))
        #expect(s.log == ["@0 up", "@10 down"])
    }

    @Test func withoutDragSwipesADragOnlyCancelsTheClick() {
        var m = InputMapping.default
        m.dragSwipes = false
        var h = Harness(m)
        h.at(0, .pointerDown(pt(100, 500)))
        h.at(20, .pointerMove(pt(500, 500)))
        h.at(40, .pointerUp(pt(500, 500)))
        h.run(to: 1000)
        #expect(h.log.isEmpty)
    }

    /// With the on-screen remote shown, pressing its parts presses the remote's buttons.
    @Test func pressingTheOnScreenRemote() {
        let r = OnScreenRemote.rect(width: 200, margin: 40)
        var h = Harness()
        h.input.remoteOverlay = r
        let pad = (x: r.minX + 100, y: r.minY + 0.52 * 200)
        h.at(0, .pointerDown(pt(pad.x + 64, pad.y)))  // the ring's right side
        // the clickpad is the touch surface: a finger, off its left edge
        h.at(50, .pointerMove(pt(pad.x - 300, pad.y)))
        h.at(100, .pointerUp(pt(pad.x - 300, pad.y)))
        h.at(200, .pointerDown(pt(pad.x, pad.y)))  // the centre: select, on release
        h.at(300, .pointerUp(pt(pad.x, pad.y)))
        h.at(400, .pointerDown(pt(r.minX + 0.28 * 200, r.minY + 1.22 * 200)))  // Back: Menu
        h.at(500, .pointerUp(pt(r.minX + 0.28 * 200, r.minY + 1.22 * 200)))
        h.at(600, .pointerDown(pt(r.minX + 100, r.maxY - 20)))  // the body: nothing
        h.at(700, .pointerUp(pt(r.minX + 100, r.maxY - 20)))
        #expect(h.log == ["@0 right", "@50 touch -1 0", "@100 release", "@300 select", "@500 menu"])
    }

    /// Dragging on the drawn clickpad is a finger on the touch surface (it tilts the focused item): the press is
    /// let go without effect, the finger follows the pointer across the pad, and lifts on release (issue 20).
    @Test func draggingOnTheOnScreenClickpadTouches() {
        let r = OnScreenRemote.rect(width: 200, margin: 40)
        var h = Harness()
        h.input.remoteOverlay = r
        let pad = (x: r.minX + 100, y: r.minY + 0.52 * 200)
        h.at(0, .pointerDown(pt(pad.x, pad.y)))  // the centre
        h.at(20, .pointerMove(pt(pad.x + 5, pad.y)))  // within the click slop: still a click
        h.at(40, .pointerMove(pt(pad.x + 35.7, pad.y - 17.85)))  // half way to the right, a quarter up
        h.at(60, .pointerUp(pt(pad.x + 35.7, pad.y - 17.85)))
        #expect(h.log == ["@40 touch 0.5 -0.25", "@60 release"])
    }
}

extension MouseGestureTests {
    /// In the parallax previewer the pointer tilts without a button: its offset from the screen's centre, full
    /// deflection at 60 % of the half-screen, in steps of 0.02; nothing without `hoverTilts` (issue 20).
    @Test func hoverTiltsOnlyWhenAsked() {
        var h = Harness()
        h.at(0, .pointerHover(pt(1500, 100)))
        h.run(to: 100)
        #expect(h.log.isEmpty)
        h.input.hoverTilts = true
        h.at(200, .pointerHover(pt(960 + 288, 540 - 100)))  // half way right, about a third up
        h.at(220, .pointerHover(pt(960 + 288.2, 540 - 100)))  // the same step: nothing new
        h.at(240, .pointerHover(pt(1919, 1079)))  // past full deflection: clamped
        h.run(to: 400)
        #expect(h.log == ["@200 touch 0.5 -0.3", "@240 touch 1 1"])
    }
}
