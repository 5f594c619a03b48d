@preconcurrency import CSDL2
import FocusEngine
import Foundation
import TenFootInput
import TenFootPresentation
import TenFootRaster
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootSDL

/// Real SDL input, headless: keyboard events pushed with SDL_PushEvent and virtual game controllers
/// (SDL_JoystickAttachVirtualEx) drive a simulator through `SDLInput` and `LiveSession`, the path
/// the window takes. No video subsystem is needed. These run in the serialized `SDLTests` suite.
extension SDLTests {
    /// The window's input path without the window: SDL events → SDLInput → LiveSession → simulator.
    final class InputRig {
        let input = SDLInput()
        var session = LiveSession()
        var sim: Simulator
        var tools: [Tool] = []
        var notices: [String] = []
        /// Ticks per frame (60 Hz), as the window steps.
        static let frame: Tick = 20

        init(_ scene: Scene) throws {
            sim = try Simulator(scene: scene)
            SDLInput.prepare()
            try #require(SDL_InitSubSystem(SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER) == 0, "SDL: \(SDLError.last)")
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            input.onNotice = { [weak self] in self?.notices.append($0) }
        }

        deinit {
            input.closeAll()
            SDL_QuitSubSystem(SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER)
        }

        /// Polls every pending SDL event into the session (SDL_PollEvent pumps virtual devices too).
        func pump() {
            var e = SDL_Event()
            while SDL_PollEvent(&e) != 0 {
                for p in input.translate(e) { tools += session.handle(p, sim: &sim) }
            }
        }

        /// Runs `seconds` of frames: pump, then advance one frame.
        func run(seconds: Double) {
            let end = sim.tick + Clock.ticks(seconds: seconds)
            while sim.tick < end {
                pump()
                session.advance(&sim, by: min(Self.frame, end - sim.tick))
            }
            pump()
        }

        func push(key: SDL_KeyCode, down: Bool, repeating: Bool = false, mod: SDL_Keymod = KMOD_NONE) {
            var e = SDL_Event()
            e.key.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
            e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            e.key.repeat = repeating ? 1 : 0
            e.key.keysym = SDL_Keysym(
                scancode: SDL_GetScancodeFromKey(SDL_Keycode(key.rawValue)), sym: SDL_Keycode(key.rawValue),
                mod: UInt16(mod.rawValue), unused: 0)
            SDL_PushEvent(&e)
        }

        func tap(_ key: SDL_KeyCode) {
            push(key: key, down: true)
            run(seconds: 0.05)
            push(key: key, down: false)
            run(seconds: 0.05)
        }

        func push(text: String) {
            var e = SDL_Event()
            e.text.type = SDL_TEXTINPUT.rawValue
            withUnsafeMutableBytes(of: &e.text.text) { raw in
                for (k, b) in text.utf8.prefix(raw.count - 1).enumerated() { raw[k] = b }
            }
            SDL_PushEvent(&e)
        }
    }

    /// A virtual controller with SDL's standard layout, so button i is SDL_GameControllerButton i.
    final class VirtualPad {
        let deviceIndex: Int32
        let joystick: OpaquePointer

        init(name: String = "TenFoot Virtual Pad") throws {
            var desc = SDL_VirtualJoystickDesc()
            desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
            desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
            desc.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
            desc.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
            let index = name.withCString { cname in
                desc.name = cname
                return SDL_JoystickAttachVirtualEx(&desc)
            }
            try #require(index >= 0, "cannot attach a virtual controller: \(SDLError.last)")
            deviceIndex = index
            joystick = try #require(SDL_JoystickOpen(index), "cannot open the virtual controller: \(SDLError.last)")
        }

        var instanceID: SDL_JoystickID { SDL_JoystickInstanceID(joystick) }

        func set(_ button: SDL_GameControllerButton, _ down: Bool) {
            SDL_JoystickSetVirtualButton(joystick, button.rawValue, UInt8(down ? SDL_PRESSED : SDL_RELEASED))
        }

        func set(_ axis: SDL_GameControllerAxis, _ value: Int16) {
            SDL_JoystickSetVirtualAxis(joystick, axis.rawValue, value)
        }

        /// Unplugs it (the test's own handle is closed first).
        func detach() {
            let id = instanceID
            SDL_JoystickClose(joystick)
            // After closing, the device index may have moved: find it by instance id.
            for k in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(k) == id {
                SDL_JoystickDetachVirtual(k)
                return
            }
        }
    }

    @Test func pushedKeysMoveFocusRepeatAndSelect() throws {
        let rig = try InputRig(BuiltInScenes.home())
        #expect(rig.sim.focused == "p1")
        rig.tap(SDLK_RIGHT)
        #expect(rig.sim.focused == "p2")
        // The system's own key repeat is ignored: TenFoot repeats held keys itself.
        rig.push(key: SDLK_RIGHT, down: true, repeating: true)
        rig.run(seconds: 0.1)
        #expect(rig.sim.focused == "p2")
        // Held for 0.5 s: the press and one repeat (after 0.4 s; the next would come at 0.55 s).
        rig.push(key: SDLK_d, down: true)
        rig.run(seconds: 0.5)
        rig.push(key: SDLK_d, down: false)
        rig.run(seconds: 1)
        #expect(rig.sim.focused == "p4")
        rig.tap(SDLK_F3)
        #expect(rig.tools == [.remote])
        // Escape: Menu in the content returns to the tab bar.
        rig.tap(SDLK_ESCAPE)
        #expect(rig.sim.focused == "tabWatchNow")
        let events = rig.session.recording.entries.map(\.event.description)
        #expect(events == ["right", "right", "right", "menu"])
    }

    @Test func typingGoesIntoTheEditedTextField() throws {
        let rig = try InputRig(try SceneDecoder.load(path: TestPaths.scenes + "/login-form.json"))
        rig.tap(SDLK_UP)
        rig.tap(SDLK_RETURN)
        #expect(rig.sim.textEntry.editing == "password")
        // A letter key while editing is not a swipe; its text goes in.
        rig.push(key: SDLK_a, down: true)
        rig.push(text: "a")
        rig.push(key: SDLK_a, down: false)
        rig.push(text: "ß!")
        rig.run(seconds: 0.1)
        rig.tap(SDLK_RETURN)
        #expect(rig.sim.textEntry.editing == nil)
        #expect(rig.sim.textEntry.fieldValues["password"] == "hunter2aß!")
        #expect(rig.sim.focused == "logIn")
    }

    @Test func aVirtualControllerMovesFocus() throws {
        let rig = try InputRig(BuiltInScenes.home())
        let pad = try VirtualPad()
        defer { pad.detach() }
        rig.run(seconds: 0.05)
        #expect(rig.input.controllers.count == 1)
        #expect(rig.notices.first?.hasPrefix("controller \(pad.instanceID) connected") == true)

        pad.set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true)
        rig.run(seconds: 0.05)
        pad.set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, false)
        rig.run(seconds: 0.05)
        #expect(rig.sim.focused == "p2")

        // The left stick past its threshold, held 0.5 s: two moves; back to the centre stops it.
        pad.set(SDL_CONTROLLER_AXIS_LEFTX, 30000)
        rig.run(seconds: 0.5)
        pad.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
        rig.run(seconds: 1)
        #expect(rig.sim.focused == "p4")

        // Noise inside the dead zone does nothing.
        for v: Int16 in [4000, -6000, 8000, 0] {
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, v)
            rig.run(seconds: 0.02)
        }
        #expect(rig.sim.focused == "p4")

        // The right stick is the finger: it tilts the focused item; centred, the finger lifts.
        pad.set(SDL_CONTROLLER_AXIS_RIGHTX, 16384)
        rig.run(seconds: 0.05)
        #expect(rig.sim.touch?.x == 0.5)
        pad.set(SDL_CONTROLLER_AXIS_RIGHTX, 0)
        rig.run(seconds: 0.05)
        #expect(rig.sim.touch == nil)

        // B (east) is Menu: back to the tab bar.
        pad.set(SDL_CONTROLLER_BUTTON_B, true)
        rig.run(seconds: 0.05)
        pad.set(SDL_CONTROLLER_BUTTON_B, false)
        rig.run(seconds: 0.05)
        #expect(rig.sim.focused == "tabWatchNow")
        // A (south) on a tab selects it.
        pad.set(SDL_CONTROLLER_BUTTON_A, true)
        rig.run(seconds: 0.05)
        pad.set(SDL_CONTROLLER_BUTTON_A, false)
        rig.run(seconds: 0.05)
        let events = rig.session.recording.entries.map(\.event.description)
        #expect(events.filter { $0 == "right" }.count == 3)
        #expect(events.suffix(2) == ["menu", "select"])
        #expect(!events.contains { $0.hasPrefix("crown") }, "a trigger at rest must not turn the crown: \(events)")
    }

    /// Attach, detach mid-hold, reattach: the held direction stops when the pad goes, nothing
    /// else is lost, and the reconnected pad drives the same remote.
    @Test func controllersHotPlugMidSession() throws {
        let rig = try InputRig(BuiltInScenes.home())
        var pad = try VirtualPad()
        rig.run(seconds: 0.05)
        pad.set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true)
        rig.run(seconds: 0.1)
        #expect(rig.sim.focused == "p2")
        // Unplugged while held: no more repeats.
        pad.detach()
        rig.run(seconds: 1.5)
        #expect(rig.sim.focused == "p2")
        #expect(rig.input.controllers.isEmpty)
        #expect(rig.notices.contains { $0.hasSuffix("disconnected") })

        // Plugged back in: a new instance, the same remote, focus where it was.
        pad = try VirtualPad()
        defer { pad.detach() }
        rig.run(seconds: 0.05)
        #expect(rig.input.controllers.count == 1)
        pad.set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true)
        rig.run(seconds: 0.05)
        pad.set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, false)
        rig.run(seconds: 0.05)
        #expect(rig.sim.focused == "p3")

        // Two pads at once drive the same remote: both holding right repeat once, not twice.
        let second = try VirtualPad(name: "TenFoot Second Pad")
        defer { second.detach() }
        rig.run(seconds: 0.05)
        #expect(rig.input.controllers.count == 2)
        pad.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true)
        second.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true)
        rig.run(seconds: 0.6)
        pad.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, false)
        second.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, false)
        rig.run(seconds: 0.1)
        let downs = rig.session.recording.entries.filter { $0.event == .swipe(.down) }.count
        #expect(downs == RepeatTiming.repeats(holding: Clock.ticks(seconds: 0.6)).count)
    }

    /// Every default key name is one SDL knows, so mapping files can be checked against SDL's names.
    @Test func defaultKeyNamesAreSDLKeyNames() {
        for (key, _) in InputMapping.defaultKeys {
            let name = String(key.split(separator: "+").last!)
            #expect(SDLInput.knownKeyNames.contains(name), "\(name)")
        }
        #expect(SDLInput.keyName(SDL_Keycode(SDLK_KP_ENTER.rawValue)) == "keypadenter")
        #expect(SDLInput.keyName(SDL_Keycode(SDLK_PAGEUP.rawValue)) == "pageup")
        #expect(SDLInput.keyName(SDL_Keycode(SDLK_w.rawValue)) == "w")
    }
}

extension SDLTests {
    /// The whole path in a real window under Xvfb: keys and a click on the on-screen remote drive
    /// `tenfoot run --save-session`, and the saved session replays to the same focus path.
    @Test(VirtualDisplay.needed) func liveSessionInARealWindowReplays() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let dir = screen.folder
        let env = screen.environment
        func xdotool(_ args: String...) throws -> String {
            try runProcess(VirtualDisplay.xdotool, args, environment: env, timeout: 10).stdout
        }

        let sessionFile = dir.appendingPathComponent("session.txt").path
        let app = try screen.launch(["run", "--save-session", sessionFile])
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot", seconds: 20), "the tenfoot window did not appear")
        usleep(500_000)

        // Right twice, F3 (the on-screen remote), a click on its ring's left side, then Menu three times:
        // back to the tab bar, then the window's "press Menu again", then out of the app.
        for key in ["Right", "Right", "F3"] {
            _ = try xdotool("key", "--window", window, key)
            usleep(300_000)
        }
        // The 1920×1080 screen shown in 1280×720: two thirds. The remote's ring, left side.
        let r = OnScreenRemote.rect(width: 180, margin: 40)
        let (x, y) = (Int((r.minX + 0.14 * r.width) * 2 / 3), Int((r.minY + 0.52 * r.width) * 2 / 3))
        _ = try xdotool("mousemove", "--window", window, String(x), String(y))
        usleep(200_000)
        _ = try xdotool("click", "1")
        usleep(400_000)
        for key in ["Escape", "Escape", "Escape"] {
            _ = try xdotool("key", "--window", window, key)
            usleep(400_000)
        }
        for _ in 0..<100 where app.isRunning { usleep(100_000) }
        #expect(!app.isRunning, "Menu at the top level did not quit")

        let text = try String(contentsOfFile: sessionFile, encoding: .utf8)
        let script = try InputScriptParser.parse(text)
        #expect(
            script.entries.map(\.event.description) == ["right", "right", "left", "menu", "menu", "menu"], "\(text)")
        // Replayed as a script, Menu at the top level leaves at once: the third press finds the app gone.
        var replay = try Simulator(scene: BuiltInScenes.home())
        let focus = replay.play(script).map { $0?.next ?? "-" }
        #expect(focus == ["p2", "p3", "p2", "tabWatchNow", "-", "-"])
        #expect(replay.navigation.exited)
    }
}
