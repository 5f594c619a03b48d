import FocusEngine
import TenFootSim
import Testing

@testable import TenFootInput

/// Game controllers, buttons named by position: the default table, sticks with dead zone and
/// hysteresis, the touch stick, triggers as crown.
@Suite struct ControllerMappingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var button: ControllerButton
        var expect: [String]
        var testDescription: String { button.rawValue }
    }

    static let buttons: [Case] = [
        Case(button: .dpadUp, expect: ["@0 up"]), Case(button: .dpadDown, expect: ["@0 down"]),
        Case(button: .dpadLeft, expect: ["@0 left"]), Case(button: .dpadRight, expect: ["@0 right"]),
        Case(button: .south, expect: ["@100 select"]), Case(button: .east, expect: ["@100 menu"]),
        Case(button: .back, expect: ["@100 menu"]), Case(button: .start, expect: ["@0 playpause"]),
        Case(button: .guide, expect: ["@0 home"]),
        Case(button: .leftShoulder, expect: ["@0 pageup"]), Case(button: .rightShoulder, expect: ["@0 pagedown"]),
        Case(button: .west, expect: []), Case(button: .north, expect: []),
        Case(button: .leftStickButton, expect: []), Case(button: .misc, expect: []),
    ]

    @Test(arguments: buttons) func button(_ c: Case) {
        var h = Harness()
        h.at(0, .buttonDown(c.button, controller: 0))
        h.at(100, .buttonUp(c.button, controller: 0))
        #expect(h.log == c.expect)
    }

    @Test func holdingSouthLongSelects() {
        var h = Harness()
        h.at(0, .buttonDown(.south, controller: 0))
        h.at(700, .buttonUp(.south, controller: 0))
        #expect(h.log == ["@600 longselect"])
    }

    func axis(_ a: ControllerAxis, _ v: Double, _ c: Int = 0) -> PhysicalInput { .axis(a, v, controller: c) }

    @Test func leftStickSwipesPastItsThreshold() {
        var h = Harness()
        h.at(0, axis(.leftX, 0.2))  // inside the dead zone
        h.at(10, axis(.leftX, 0.45))  // not yet
        h.at(20, axis(.leftX, 0.7))  // pushed: right, and held
        h.at(30, axis(.leftX, 0.9))
        h.at(200, axis(.leftX, 0.1))  // centred
        #expect(h.log == ["@20 right"])
    }

    /// Between the release and engage thresholds nothing changes: a stick resting near the
    /// threshold (or noisy) does not fire again and again.
    @Test func stickHysteresisStopsJitter() {
        var h = Harness()
        var t: Tick = 0
        for v in [0.49, 0.51, 0.49, 0.52, 0.35, 0.51, 0.33, 0.55, 0.31] {
            h.at(t, axis(.leftY, -v))
            t += 5
        }
        #expect(h.log == ["@5 up"])
        h.at(t, axis(.leftY, -0.29))  // below release: let go
        h.at(t + 5, axis(.leftY, -0.51))  // pushed again
        #expect(h.log == ["@5 up", "@\(t + 5) up"])
    }

    @Test func aDiagonalDoesNotAlternate() {
        var h = Harness()
        h.at(0, axis(.leftX, 0.62), axis(.leftY, 0.6))
        var t: Tick = 5
        for (x, y) in [(0.6, 0.62), (0.63, 0.6), (0.6, 0.64), (0.62, 0.61)] {
            h.at(t, axis(.leftX, x), axis(.leftY, y))
            t += 5
        }
        #expect(h.log == ["@0 right"])
        // Turning clearly to the other axis does switch.
        h.at(100, axis(.leftX, 0.3), axis(.leftY, 0.9))
        #expect(h.log == ["@0 right", "@100 down"])
    }

    @Test func aHeldStickRepeatsLikeTheDPad() {
        var h = Harness()
        h.at(0, axis(.leftX, -1))
        h.at(1500, axis(.leftX, 0))
        h.run(to: 3000)
        #expect(h.ticks == RepeatTiming.repeats(holding: 1500))
        #expect(Set(h.events) == ["left"])
    }

    @Test func rightStickIsTheFingerOnTheTouchSurface() {
        var h = Harness()
        h.at(0, axis(.rightX, 0.05))  // noise at rest: nothing
        h.at(10, axis(.rightX, 0.5))
        h.at(20, axis(.rightX, 0.51))  // the same step: nothing
        h.at(30, axis(.rightY, -0.26))
        h.at(40, axis(.rightY, 0))
        h.at(50, axis(.rightX, 0.12))  // inside the dead zone, above the lift point: still touching
        h.at(60, axis(.rightX, 0.05))
        #expect(
            h.log == ["@10 touch 0.5 0", "@30 touch 0.5 -0.25", "@40 touch 0.5 0", "@50 touch 0.1 0", "@60 release"])
    }

    @Test func triggersTurnTheCrownAndRepeat() {
        var h = Harness()
        h.at(0, axis(.rightTrigger, 0.3))
        h.at(10, axis(.rightTrigger, 0.8))
        h.at(20, axis(.rightTrigger, 0.4))  // above release: still held
        h.at(600, axis(.rightTrigger, 0.1))
        h.at(700, axis(.leftTrigger, 1))
        h.at(710, axis(.leftTrigger, 0))
        #expect(h.log == ["@10 crown 1", "@490 crown 1", "@700 crown -1"])
    }

    @Test func unpluggingLiftsTheFinger() {
        var h = Harness()
        h.at(0, axis(.rightX, 0.8, 2))
        h.at(10, .controllerRemoved(2))
        #expect(h.log == ["@0 touch 0.8 0", "@10 release"])
    }

    @Test func severalControllersKeepTheirOwnSticks() {
        var h = Harness()
        h.at(0, axis(.leftX, 0.9, 0))
        h.at(10, axis(.leftY, 0.9, 1))
        h.at(20, axis(.leftX, 0, 0))
        h.at(30, axis(.leftY, 0, 1))
        #expect(h.log == ["@0 right", "@10 down"])
    }

    @Test func sticksCanBeRemapped() {
        var m = InputMapping.default
        m.sticks[.leftStick] = .touch
        m.sticks[.rightStick] = .swipe
        var h = Harness(m)
        h.at(0, axis(.leftX, 0.9))
        h.at(10, axis(.rightX, 0.9))
        #expect(h.log == ["@0 touch 0.9 0", "@10 right"])
    }
}
