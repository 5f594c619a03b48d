import FocusEngine
import TenFootSim
import Testing

@testable import TenFootInput

/// The default keyboard table, key by key: what a tap (down at 0, up at 100 ticks) sends.
@Suite struct KeyboardMappingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var key: String
        var mods: KeyModifiers = []
        var editing = false
        var expect: [String]
        var testDescription: String { name }
    }

    static let taps: [Case] = [
        Case(name: "arrows swipe", key: "up", expect: ["@0 up"]),
        Case(name: "W swipes up", key: "w", expect: ["@0 up"]),
        Case(name: "A swipes left", key: "a", expect: ["@0 left"]),
        Case(name: "S swipes down", key: "s", expect: ["@0 down"]),
        Case(name: "D swipes right", key: "d", expect: ["@0 right"]),
        Case(name: "Shift does not change a swipe", key: "right", mods: .shift, expect: ["@0 right"]),
        Case(name: "Ctrl+W is not a swipe", key: "w", mods: .ctrl, expect: []),
        Case(name: "Return selects on release", key: "return", expect: ["@100 select"]),
        Case(name: "keypad Enter selects", key: "keypadenter", expect: ["@100 select"]),
        Case(name: "Space selects", key: "space", expect: ["@100 select"]),
        Case(name: "Escape is Menu, on release", key: "escape", expect: ["@100 menu"]),
        Case(name: "Backspace is Menu", key: "backspace", expect: ["@100 menu"]),
        Case(name: "P is Play/Pause, on press", key: "p", expect: ["@0 playpause"]),
        Case(name: "Tab is next", key: "tab", expect: ["@0 next"]),
        Case(name: "Shift-Tab is previous", key: "tab", mods: .shift, expect: ["@0 previous"]),
        Case(name: "Page Up", key: "pageup", expect: ["@0 pageup"]),
        Case(name: "Page Down", key: "pagedown", expect: ["@0 pagedown"]),
        Case(name: "F1 help", key: "f1", expect: ["@0 tool:help"]),
        Case(name: "F3 on-screen remote", key: "f3", expect: ["@0 tool:remote"]),
        Case(name: "F10 saves the session", key: "f10", expect: ["@0 tool:savesession"]),
        Case(name: "Ctrl+Q quits", key: "q", mods: .ctrl, expect: ["@0 tool:quit"]),
        Case(name: "Q alone does nothing", key: "q", expect: []),
        Case(name: "an unmapped key does nothing", key: "f8", expect: []),
        // While a text field is edited, typing belongs to it (the text arrives as text input).
        Case(name: "editing: letters are not remote keys", key: "w", editing: true, expect: []),
        Case(name: "editing: digits are not remote keys", key: "1", editing: true, expect: []),
        Case(name: "editing: Space types", key: "space", editing: true, expect: []),
        Case(name: "editing: Return submits at once", key: "return", editing: true, expect: ["@0 submit"]),
        Case(name: "editing: Escape stops editing at once", key: "escape", editing: true, expect: ["@0 menu"]),
        Case(
            name: "editing: Backspace deletes (it does not leave the field)", key: "backspace", editing: true,
            expect: ["@0 delete 1"]),
        Case(name: "editing: arrows still move", key: "down", editing: true, expect: ["@0 down"]),
        Case(name: "editing: tools still work", key: "f2", editing: true, expect: ["@0 tool:debug"]),
        Case(name: "editing: Ctrl+Q still quits", key: "q", mods: .ctrl, editing: true, expect: ["@0 tool:quit"]),
    ]

    @Test(arguments: taps) func tap(_ c: Case) {
        var h = Harness()
        h.editing = c.editing
        h.at(0, key(c.key, c.mods))
        h.at(100, keyUp(c.key))
        h.run(to: 2000)
        #expect(h.log == c.expect)
    }

    @Test func holdingReturnLongSelectsWhileHeld() {
        var h = Harness()
        h.at(0, key("return"))
        h.at(900, keyUp("return"))
        #expect(h.log == ["@600 longselect"])
    }

    @Test func holdingEscapeGoesHome() {
        var h = Harness()
        h.at(0, key("escape"))
        h.at(1300, keyUp("escape"))
        #expect(h.log == ["@\(RepeatTiming.menuHoldHome) home"])
    }

    @Test func typedTextGoesInOnlyWhileEditing() {
        var h = Harness()
        h.at(0, .text("hello"))
        #expect(h.log.isEmpty)
        h.editing = true
        h.at(10, .text("hé"))
        #expect(h.log == [#"@10 type "hé""#])
    }

    @Test func platformKeyNamesNormalise() {
        #expect(KeyName.normalize("Keypad Enter") == "keypadenter")
        #expect(KeyName.normalize("PageUp") == "pageup")
        #expect(KeyName.normalize("Esc") == "escape")
        #expect(KeyName.normalize("A") == "a")
        #expect(KeyName.types("a") && KeyName.types("space") && KeyName.types("keypad1"))
        #expect(!KeyName.types("up") && !KeyName.types("f1") && !KeyName.types("keypadenter"))
    }
}
