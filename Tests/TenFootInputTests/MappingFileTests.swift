import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootInput

/// Mapping files: the documented default, overrides, and every error with its position.
@Suite struct MappingFileTests {
    @Test func theDefaultFileIsTheDefaultMapping() throws {
        let m = try InputMapping.decode(InputMapping.defaultFileText, file: "default.json")
        #expect(m == .default)
        // With "replace" it must still be the whole default table.
        let replaced = try InputMapping.decode(
            InputMapping.defaultFileText.replacingOccurrences(
                of: "{\n  \"keyboard\"", with: "{\n  \"replace\": true,\n  \"keyboard\""), file: "default.json")
        #expect(replaced == .default)
    }

    /// docs/input.md shows the full default mapping: it must be exactly the one the code uses.
    @Test func docsShowTheDefaultMapping() throws {
        let docs = try String(contentsOfFile: TestPaths.packageRoot + "/docs/input.md", encoding: .utf8)
        #expect(
            docs.contains("```json\n" + InputMapping.defaultFileText + "```"),
            "docs/input.md: paste InputMapping.defaultFileText into its default-mapping block")
    }

    /// The examples in docs/input.md: the sample file loads, the broken one gives the errors shown.
    @Test func docsExamplesAreTrue() throws {
        let docs = try String(contentsOfFile: TestPaths.packageRoot + "/docs/input.md", encoding: .utf8)
        let blocks = docs.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        try #require(blocks.count == 3)
        let sample = try InputMapping.decode(blocks[0], file: "sample.json")
        #expect(sample.keys["j"] == .remote(.swipe(.left)) && sample.keys["a"] == nil)
        #expect(sample.tuning.momentumGaps.count == 5)
        do {
            _ = try InputMapping.decode(blocks[1], file: "my-keys.json")
            Issue.record("the broken example loads")
        } catch {
            #expect(
                docs.contains("```\n" + error.description + "\n```"),
                "docs/input.md shows other errors than \(error.description)")
        }
    }

    @Test func entriesChangeAddAndUnbind() throws {
        let m = try InputMapping.decode(
            """
            {
              "keyboard": { "j": "left", "a": null, "Ctrl+Shift+K": "home", "x": "crown +2" },
              "controller": { "west": "playpause", "rightStick": null, "leftTrigger": "previous" },
              "mouse": { "wheel": "swipe", "click": null },
              "timing": { "initialDelay": 0.25, "momentumGaps": [0.05, 0.1] },
              "thresholds": { "swipeDistance": 120 }
            }
            """, file: "m.json")
        #expect(m.keys["j"] == .remote(.swipe(.left)))
        #expect(m.keys["a"] == nil)
        #expect(m.keys["ctrl+shift+k"] == .remote(.home))
        #expect(m.keys["x"] == .remote(.crown(2)))
        #expect(m.keys["up"] == .remote(.swipe(.up)))  // the rest stays
        #expect(m.buttons[.west] == .remote(.playPause))
        #expect(m.sticks[.rightStick] == StickRole.none)
        #expect(m.triggers[.leftTrigger] == .remote(.previous))
        #expect(m.wheel == .swipe && m.click == nil && m.dragSwipes)
        #expect(m.tuning.repeats.initialDelay == 300 && m.tuning.repeats.interval == RepeatTiming.interval)
        #expect(m.tuning.momentumGaps == [60, 120])
        #expect(m.tuning.swipeDistance == 120)
    }

    @Test func replaceStartsFromNothing() throws {
        let m = try InputMapping.decode(#"{ "replace": true, "keyboard": { "x": "select" } }"#, file: "m.json")
        #expect(m.keys == ["x": .remote(.select)])
        #expect(m.buttons.isEmpty && m.sticks.isEmpty && m.click == nil && !m.dragSwipes)
    }

    /// Every problem is reported at once, each at the token it is about.
    @Test func errorsNameFileLineColumn() throws {
        let text = """
            {
              "keyboard": { "j": "lef", "hyper+x": "up", "up": 3, "numlok": "up" },
              "controller": { "a": "select", "rightStick": "tilt" },
              "mouse": { "wheel": "zoom", "scroll": "crown" },
              "timing": { "initialDelay": -1, "longpress": 0.5, "momentumGaps": [0.1, 9] },
              "thresholds": { "stickEngage": 0.3, "stickRelease": 0.4 },
              "extra": 1
            }
            """
        func at(_ token: String, occurrence: Int = 0) -> String {
            var rest = Substring(text)
            for _ in 0..<occurrence { rest = rest[rest.range(of: token)!.upperBound...] }
            let before = text[..<rest.range(of: token)!.lowerBound]
            let line = before.filter { $0 == "\n" }.count + 1
            let column =
                before.count
                - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
            return "m.json:\(line):\(column): error: "
        }
        let known: Set<String> = ["up", "x", "j", "numlock"]
        do {
            _ = try InputMapping.decode(text, file: "m.json", knownKeys: known)
            Issue.record("expected errors")
        } catch {
            let lines = error.description.split(separator: "\n").map(String.init)
            let expected = [
                at(#""lef""#) + #"unknown event or tool "lef" for "j"; did you mean "left"?"#,
                at(#""hyper+x""#) + #"unknown modifier "hyper" in "hyper+x" (modifiers: ctrl, alt, gui, shift)"#,
                at("3") + #"the binding of "up" is an event or tool name in quotes, or null to unbind; got 3"#,
                at(#""numlok""#) + #"unknown key "numlok"; did you mean "numlock"? (key names: docs/input.md)"#,
                at(#""a""#)
                    + #"unknown controller input "a" (buttons are named by position: south, east, west, north, …)"#,
                at(#""tilt""#) + #""rightStick" is "swipe", "touch" or null, got "tilt""#,
                at(#""zoom""#) + #""wheel" is "crown", "swipe" or null, got "zoom""#,
                at(#""scroll""#) + #"unknown mouse input "scroll""#,
                at("-1") + #""initialDelay" is a number from 0.02 to 5 seconds, got -1"#,
                at(#""longpress""#) + #"unknown timing "longpress"; did you mean "longPress"?"#,
                at("9") + #""momentumGaps" is a number from 0.02 to 2 seconds, got 9"#,
                at("0.4")
                    + #""stickRelease" (0.4) must be below "stickEngage" (0.3), or a stick at the threshold flickers"#,
                at(#""extra""#) + #"unknown section "extra""#,
            ]
            #expect(lines == expected)
        }
    }

    @Test func syntaxErrorsHaveAPositionToo() {
        #expect(throws: Diagnostics.self) {
            try InputMapping.decode("{\n  \"keyboard\": { \"x\": \"up\" /* up\n}", file: "m.json")
        }
        do { _ = try InputMapping.decode("{\n  \"keyboard\": { \"x\": \"up\" /* up\n}", file: "m.json") } catch {
            #expect(error.description == "m.json:2:27: error: unterminated comment: this '/*' has no '*/'")
        }
        do { _ = try InputMapping.load(path: "/nonexistent/map.json") } catch {
            #expect(
                error.description
                    == "/nonexistent/map.json:1:1: error: cannot read the mapping file (missing or unreadable)")
        }
    }

    @Test func actionNames() {
        #expect(InputAction(name: "right") == .remote(.swipe(.right)))
        #expect(InputAction(name: "crown -1") == .remote(.crown(-1)))
        #expect(InputAction(name: "crown 0") == nil)
        #expect(InputAction(name: "release") == nil)  // the finger, not a button
        #expect(InputAction(name: "savesession") == .tool(.saveSession))
        for name in InputAction.names { #expect(InputAction(name: name)?.description == name) }
    }
}
