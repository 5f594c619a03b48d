import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootInput

/// Mapping files written to break the reader (issue 12): no trap, every repeat reported, the same
/// JSON with comments as scenes.
@Suite struct HostileMappingTests {
    func errors(_ text: String) -> [String] {
        do {
            _ = try InputMapping.decode(text, file: "m.json")
            return []
        } catch { return error.diagnostics.map(\.description) }
    }

    /// `abs(Int.min)` trapped here: the crown's detents are checked as a range.
    @Test(arguments: [
        "crown -9223372036854775808", "crown 9223372036854775807", "crown 11", "crown 0", "crown 99999999999999999999",
    ])
    func crownBindingsOutOfRangeAreRefused(_ binding: String) {
        #expect(InputAction(name: binding) == nil)
        let e = errors(#"{"keyboard": {"x": "\#(binding)"}}"#)
        #expect(e.count == 1 && e[0].hasPrefix("m.json:1:20: error: unknown event or tool"), "\(e)")
    }

    @Test func crownBindingsInRangeLoad() {
        #expect(InputAction(name: "crown -10") == .remote(.crown(-10)))
        #expect(InputAction(name: "crown +10") == .remote(.crown(10)))
    }

    /// A key given twice is an error, as in scenes (the first counts) — also when two spellings name
    /// the same key.
    @Test func repeatedKeysAreErrors() {
        let e = errors(
            """
            {
              "keyboard": { "x": "up", "x": "down", "Ctrl+A": "home", "control+a": "menu" },
              "controller": { "south": "select", "south": "menu" },
              "mouse": { "click": "select", "click": null },
              "timing": { "longPress": 0.5, "longPress": 0.6 },
              "thresholds": { "clickSlop": 10, "clickSlop": 20 },
              "keyboard": {}
            }
            """)
        #expect(
            e == [
                #"m.json:2:28: error: key "x" appears twice in "keyboard""#,
                #"m.json:2:59: error: "control+a" binds the same key as the entry at 2:41"#,
                #"m.json:3:38: error: key "south" appears twice in "controller""#,
                #"m.json:4:33: error: key "click" appears twice in "mouse""#,
                #"m.json:5:33: error: key "longPress" appears twice in "timing""#,
                #"m.json:6:36: error: key "clickSlop" appears twice in "thresholds""#,
                #"m.json:7:3: error: key "keyboard" appears twice in the mapping file"#,
            ])
    }

    /// Mapping files use the scenes' reader: comments and trailing commas are fine.
    @Test func commentsAndTrailingCommasLoad() throws {
        let m = try InputMapping.decode(
            """
            // Left-handed.
            {
              "keyboard": {
                "j": "left", /* was a */
                "a": null,
              },
            }
            """, file: "m.json")
        #expect(m.keys["j"] == .remote(.swipe(.left)) && m.keys["a"] == nil)
    }

    @Test func longKeysAreCutInMessages() {
        let key = String(repeating: "q", count: 1 << 20)
        let e = errors(#"{"mouse": {"\#(key)": "select"}}"#)
        #expect(e.count == 1 && e[0].count < 200, "\(e.first?.count ?? 0) characters")
    }

    @Test func invalidUTF8IsReportedWhereItIs() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-map-\(getpid())-\(UUID().uuidString.prefix(8)).json"
        ).path
        try Data(Array(#"{"keyboard": {"x": "up"}, "note": "ol"#.utf8) + [0xC3] + Array("\"}".utf8)).write(
            to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try InputMapping.load(path: path)
            Issue.record("loaded")
        } catch {
            #expect(
                error.description
                    == "\(path):1:38: error: invalid UTF-8: byte 0xC3 cannot start or continue a character here; the file must be UTF-8 text"
            )
        }
    }
}
