import FocusEngine
import TenFootSim
import Testing

@testable import TenFootInput

/// Held input as a pure state machine over ticks: the repeat schedule, release, sources, frames.
@Suite struct RepeatTests {
    @Test func heldKeyRepeatsExactlyLikeAScriptHold() throws {
        for duration in [100, 479, 480, 1200, 2400, 6000] {
            var h = Harness()
            h.at(0, key("right"))
            h.at(duration, keyUp("right"))
            h.run(to: duration + 2000)
            #expect(h.ticks == RepeatTiming.repeats(holding: duration), "held \(duration) ticks")
            #expect(Set(h.events) == ["right"])
            // The script's `hold right` walks the same schedule.
            let script = try InputScriptParser.parse("hold right \(Double(duration) / 1200)s")
            #expect(script.entries.map(\.tick) == h.ticks)
        }
    }

    @Test func repeatsAccelerateDownToTheFloor() {
        var h = Harness()
        h.at(0, key("down"))
        h.at(12_000, keyUp("down"))
        let gaps = zip(h.ticks.dropFirst(), h.ticks).map { $0 - $1 }
        #expect(gaps.first == RepeatTiming.initialDelay)
        #expect(gaps.dropFirst().first == RepeatTiming.interval)
        #expect(zip(gaps.dropFirst(), gaps.dropFirst(2)).allSatisfy { $1 <= $0 })
        #expect(gaps.min() == RepeatTiming.fastest)
    }

    @Test func releaseStopsAtOnce() {
        var h = Harness()
        h.at(0, key("left"))
        h.at(RepeatTiming.initialDelay + 1, keyUp("left"))
        h.run(to: 5000)
        #expect(h.ticks == [0, RepeatTiming.initialDelay])
    }

    /// A stalled frame must not release a burst of moves: one repeat per advance, the rest dropped.
    @Test func aSlowFrameDeliversOneRepeatNotABurst() {
        var h = Harness(frame: 20)
        h.at(0, key("right"))
        h.run(to: 2400)
        let normal = h.log.count
        var stalled = Harness(frame: 20)
        stalled.at(0, key("right"))
        stalled.frame = 2400  // one 2-second frame
        stalled.run(to: 2400)
        #expect(normal > 10)
        #expect(stalled.log == ["@0 right", "@\(RepeatTiming.initialDelay) right"])
    }

    @Test func twoDevicesHoldingTheSameDirectionRepeatOnce() {
        var h = Harness()
        h.at(0, key("right"))
        h.at(100, .buttonDown(.dpadRight, controller: 0))
        h.at(1000, keyUp("right"))
        h.at(2000, .buttonUp(.dpadRight, controller: 0))
        h.run(to: 4000)
        #expect(h.ticks == RepeatTiming.repeats(holding: 2000))
    }

    @Test func unpluggingAControllerLetsGoWithoutEffect() {
        var h = Harness()
        h.at(0, .buttonDown(.dpadDown, controller: 3))
        h.at(500, .controllerRemoved(3))
        h.run(to: 3000)
        #expect(h.ticks == [0, RepeatTiming.initialDelay])
        // A select held on the unplugged controller does not select.
        var s = Harness()
        s.at(0, .buttonDown(.south, controller: 1))
        s.at(100, .controllerRemoved(1))
        s.at(200, .buttonUp(.south, controller: 1))
        s.run(to: 2000)
        #expect(s.log.isEmpty)
    }

    @Test func losingWindowFocusLetsGoOfEverything() {
        var h = Harness()
        h.at(0, key("up"), key("return"))
        h.at(100, .focusLost)
        h.at(300, keyUp("up"), keyUp("return"))
        h.run(to: 3000)
        #expect(h.log == ["@0 up"])
    }

    /// The platform's own key repeat is not reported, but a second down without an up is harmless.
    @Test func aRepeatedKeyDownIsIgnored() {
        var h = Harness()
        h.at(0, key("right"))
        h.at(50, key("right"))
        h.at(100, keyUp("right"))
        #expect(h.log == ["@0 right"])
    }

    @Test func timingsComeFromTheMapping() {
        var m = InputMapping.default
        m.tuning.repeats = RepeatSchedule(initialDelay: 120, interval: 60, acceleration: 1, fastest: 60)
        m.tuning.longPress = 240
        var h = Harness(m)
        h.at(0, key("right"))
        h.at(300, keyUp("right"))
        h.at(400, key("return"))
        h.at(700, keyUp("return"))
        #expect(h.log == ["@0 right", "@120 right", "@180 right", "@240 right", "@640 longselect"])
    }

    @Test func heldPageAndTabRepeatButPlayPauseDoesNot() {
        var h = Harness()
        h.at(0, key("pagedown"), key("p"))
        h.at(1000, keyUp("pagedown"), keyUp("p"))
        #expect(h.events.filter { $0 == "pagedown" }.count == RepeatTiming.repeats(holding: 1000).count)
        #expect(h.events.filter { $0 == "playpause" }.count == 1)
    }
}
