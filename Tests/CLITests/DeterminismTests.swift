import Foundation
import TestSupport
import Testing

/// Every output is the same bytes in every process: each case runs the built `tenfoot` twice, in two
/// processes with their own hash seeds, and compares exit status, standard output, standard error
/// and every file written (TestSupport's `Determinism`). To cover a new output, add one line.
@Suite struct DeterminismTests {
    static func scene(_ name: String) -> String { TestPaths.scenes + "/" + name }
    static func fixture(_ name: String) -> String { TestPaths.packageRoot + "/Tests/CLITests/Fixtures/" + name }
    static func swiftUI(_ name: String) -> String {
        TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/Fixtures/" + name
    }

    static let cases: [DeterminismCase] = [
        // Errors: every problem of a file, in one order (issue 19's canvas has four at one place).
        .init("scene-errors", status: 2, ["path", fixture("several-errors.json")]),
        .init("multi-trigger-audit", status: 2, ["audit", fixture("multi-trigger.json")]),
        .init("multi-trigger-test", status: 2, ["test", fixture("multi-trigger.json"), "--junit", "junit.xml"]),
        .init("multi-trigger-path-json", status: 2, ["path", fixture("multi-trigger.json"), "--json", "right"]),
        .init("mapping-errors", status: 2, ["run", "--input-map", fixture("bad-keys.json")]),
        .init("script-error", status: 2, ["record", "home", "--script", fixture("bad.script"), "--out", "x.mp4"]),
        // The focus tools, as text and JSON.
        .init("path-json", ["path", scene("home.json"), "--json", "right", "right", "down", "select", "menu", "menu"]),
        .init("path-json-open", ["path", scene("navigation.json"), "--json", "select", "right", "menu"]),
        .init(
            "path-json-picker",
            ["path", scene("rating-picker.json"), "--json", "down", "right", "right", "left", "crown", "2", "up"]),
        .init("audit", ["audit", scene("creme-brulee.json")]),
        .init("audit-home", ["audit", "home"]),
        .init("audit-json", ["audit", scene("home.json"), "--json"]),
        .init("audit-lint", status: 1, ["audit", fixture("lint.json"), "--strict"]),
        .init("audit-lint-json", ["audit", fixture("lint.json"), "--json"]),
        .init("audit-trap-strict", status: 1, ["audit", fixture("audit-trap.json"), "--strict"]),
        .init("audit-trap-json", ["audit", fixture("audit-trap.json"), "--json"]),
        .init("audit-sarif", ["audit", scene("creme-brulee.json"), "--sarif"]),
        .init("audit-sarif-tabs", ["audit", scene("tab-bar-shelves.json"), "--sarif"]),
        .init("explain", ["explain", scene("focus-guide-dashboard.json"), "--from", "leading", "right"]),
        .init("explain-regions-json", ["explain", scene("partly-covered.json"), "--from", "side", "left", "--json"]),
        .init("audit-tab-bar", ["audit", scene("tab-bar-shelves.json"), "--json"]),
        .init(
            "explain-at-tick",
            ["explain", scene("shelf-see-all.json"), "--moves", "down right*3", "--at-tick", "1000", "left", "--json"]),
        .init("explain-after-moves", ["explain", scene("home.json"), "--moves", "down right*3 select menu", "right"]),
        .init(
            "path-explain-json",
            ["path", scene("tab-bar-shelves.json"), "--json", "--explain", "up", "right", "down", "select", "left"]),
        .init("test-shard", ["test", TestPaths.scenes, "--shard", "2/4", "--junit", "junit.xml"]),
        .init(
            "explain-json",
            ["explain", scene("recipe-grid-categories.json"), "--from", "r8B", "left", "--policy", "android", "--json"]),
        .init("test", ["test", TestPaths.scenes, "--junit", "junit.xml"]),
        .init("map-svg", ["map", scene("tv-library-sections.json"), "--out", "map.svg"]),
        .init("map-home-png", ["map", "home", "--out", "map.png"]),
        .init("map-all-svg", ["map", scene("tab-bar-shelves.json"), "--all", "--out", "map.svg"]),
        .init("diff-policies", ["diff", scene("recipe-grid-categories.json"), "--out", "diff.png"]),
        .init("diff-policies-json", ["diff", "home", "--json", "--policies", "web,tvos", "--out", "diff.svg"]),
        // SwiftUI sources: the translation, its lint with every item's place, the seed fixtures' tests.
        .init("swiftui-convert", ["convert", swiftUI("GroceryListItems.swift"), "--out", "scene.json"]),
        .init("swiftui-lint-json", ["lint", swiftUI("FocusableRecipeGrid.swift"), "--json"]),
        // Rows appended from two triggers: their items must not come in the order of a dictionary of triggers.
        .init("swiftui-lint-appends", ["lint", swiftUI("AppendFromTwoTriggers.swift"), "--json"]),
        .init(
            "swiftui-path-json",
            ["path", swiftUI("PollOptionFields.swift"), "--json", "select", "select", "select", "select", "down"]),
        .init(
            "swiftui-test",
            ["test", TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/Fixtures", "--junit", "junit.xml"]),
        // Pictures: PNG frames with overlays and the trace of a short recording, and a screenshot.
        .init(
            "record-frames",
            [
                "record", "home", "--moves", "right down", "--hold", "0.2", "--size", "320x180",
                "--overlay", "keys,path,remote", "--out", "frames/", "--trace", "trace.json",
            ],
            measured: [#"[0-9.]+x real time"#]),
        .init(
            "record-trace-editing",
            [
                "record", scene("login-form.json"), "--moves", #"up up select type "ab" select menu"#, "--fps", "10",
                "--size", "160x90", "--overlay", "keys", "--out", "frames/", "--trace", "trace.json",
            ],
            measured: [#"[0-9.]+x real time"#]),
        .init("screenshot", ["screenshot", "home", "--moves", "right", "--size", "320x180", "--out", "shot.png"]),
        // VoiceOver's words: burned into a GIF and written beside it as WebVTT; and in path --json.
        .init(
            "record-voiceover",
            [
                "record", scene("settings.json"), "--moves", "right down select", "--size", "320x180", "--fps", "10",
                "--overlay", "voiceover", "--out", "take.gif",
            ],
            measured: [#"[0-9.]+x real time"#]),
        .init("path-json-voiceover", ["path", scene("tab-bar-shelves.json"), "--json", "up", "right", "down"]),
        // Layered posters tilting in perspective and springing back (issue 20).
        .init(
            "record-parallax",
            [
                "record", scene("parallax-gallery.json"), "--moves",
                "touch 1 -0.5 touch -0.6 0.8 release right touch 0.4 0.4",
                "--gap", "0.15", "--hold", "0.3", "--size", "480x270", "--out", "frames/",
            ],
            measured: [#"[0-9.]+x real time"#]),
        // A turned poster's badge and progress bar, drawn into the item and projected with it.
        .init(
            "screenshot-tilted-badges",
            [
                "screenshot", scene("parallax-gallery.json"), "--moves", "right*3 touch 1 -0.8", "--size", "480x270",
                "--out", "shot.png",
            ]),
        // Text in every script (fallback fonts, bidi, wrapping) and a right-to-left screen, scrolled.
        .init(
            "screenshot-any-script",
            ["screenshot", scene("any-script.json"), "--moves", "down right", "--size", "480x270", "--out", "shot.png"]),
        .init(
            "screenshot-rtl",
            [
                "screenshot", scene("any-script-rtl.json"), "--from", "r1", "--moves", "left*5", "--size", "480x270",
                "--out", "shot.png",
            ]),
        .init("path-json-rtl", ["path", scene("any-script-rtl.json"), "--json", "left", "down", "left", "left"]),
        // Stress: seeded random steps and data actions, the same trace in every process.
        .init("stress-json", ["stress", scene("home.json"), "--events", "3000", "--seed", "7", "--json"]),
        .init(
            "stress-data-paths",
            [
                "path", scene("tab-bar-shelves.json"), "--json", "down", "do remove m1", "do reload row1",
                "do reload row1 late",
            ]),
        // Repro bundles: the archive itself (no times or owners in its headers), and a replay's frames and path.
        .init(
            "bundle",
            [
                "bundle", scene("navigation.json"), "--moves", "right select down menu", "--expect", "m3", "--out",
                "bug.tenfoot",
            ]),
        .init(
            "bundle-record",
            ["record", fixture("navigation.tenfoot"), "--size", "320x180", "--fps", "10", "--out", "frames/"],
            measured: [#"[0-9.]+x real time"#]),
        .init("bundle-path-json", ["path", fixture("navigation.tenfoot"), "--json", "--explain"]),
        // test, lint and audit on a bundle: places inside it, never the private copy's temporary folder.
        .init("bundle-test", ["test", fixture("navigation.tenfoot"), "--junit", "junit.xml"]),
        .init("bundle-audit-swiftui-sarif", ["audit", fixture("poster-shelf.tenfoot"), "--sarif"]),
        .init("bundle-lint-swiftui-json", ["lint", fixture("poster-shelf.tenfoot"), "--json"]),
        // A batch of recordings: every output written, the failure and the summary, in one order.
        .init(
            "record-batch", status: 2,
            ["record", "--batch", fixture("recordings.batch"), "--size", "160x90", "--fps", "10", "--hold", "0.1"],
            measured: [#"[0-9.]+x real time"#]),
        // A first run: the starter scene, the completion scripts.
        .init("new", ["new", "starter"]),
        .init("completion-bash", ["completion", "bash"]),
        .init("completion-zsh", ["completion", "zsh"]),
    ]

    @Test(arguments: cases) func sameBytesInEveryProcess(_ c: DeterminismCase) throws {
        let runs = try Determinism.run(c)
        #expect(
            runs[0].result.status == c.status, "\(c.name) exited \(runs[0].result.status):\n\(runs[0].result.stderr)")
        if let difference = Determinism.difference(runs[0], runs[1]) {
            Issue.record("\(c.name) differs between two processes:\n\(difference)")
        }
    }
}
