import Foundation
import TestSupport
import Testing

/// The commands on SwiftUI sources (docs/swiftui.md): every command that takes a scene takes a `.swift` file
/// or a folder, `convert` writes the scene file, `lint` lists what was approximated.
@Suite struct SwiftUICLITests {
    static let fixtures = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/Fixtures"
    static func fixture(_ name: String) -> String { fixtures + "/" + name }

    func tenfoot(_ args: [String]) throws -> ProcessResult { try runProcess(TestPaths.tenfoot, args) }

    func temporaryFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-swiftui-cli-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A screen TenFoot read only in part is audited only in part: the audit says where reading stopped, so
    /// that `--strict` cannot pass half a screen, and a sidecar may accept it as any finding.
    @Test func aScreenReadInPartIsAnAuditFinding() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/Loop.swift"
        try """
        import SwiftUI

        struct Loop: View {
            var body: some View {
                ScrollView {
                    Button("Again") {}
                    Loop()
                }
            }
        }
        """.write(toFile: file, atomically: false, encoding: .utf8)
        func cuts() throws -> [[String: Any]] {
            let audit = try tenfoot(["audit", file, "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
            let findings = try #require(report["findings"] as? [[String: Any]])
            return findings.filter { $0["code"] as? String == "source-cut-short" }
        }
        let cut = try cuts()
        #expect(cut.count == 1)
        #expect(cut.first?["line"] as? Int == 7 && cut.first?["column"] as? Int == 13)
        #expect(cut.first?["message"] as? String == "Loop nests itself too deeply: Loop is drawn as a placeholder box")
        #expect(cut.first?["accepted"] == nil)
        let strict = try tenfoot(["audit", file, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("Loop.swift:7:13: warning: Loop nests itself too deeply"), "\(strict.stdout)")
        try #"{"audit": {"accept": [{"finding": "source-cut-short", "reason": "It holds itself on purpose."}]}}"#
            .write(toFile: dir + "/Loop.tenfoot-sidecar", atomically: false, encoding: .utf8)
        #expect(try cuts().first?["accepted"] != nil)
        // A screen read whole has no such finding.
        let whole = try tenfoot(["audit", Self.fixture("FiltersSheet.swift")])
        #expect(whole.status == 0 && !whole.stdout.contains("source-cut-short"), "\(whole.stdout)")
    }

    @Test func pathExplainAuditAndMapTakeSwiftFiles() throws {
        let path = try tenfoot(["path", Self.fixture("FiltersSheet.swift"), "right", "select", "menu"])
        #expect(path.status == 0 && path.stdout == "filters\nnewest-first\nfilters\n", "\(path.stderr)")
        let explain = try tenfoot(["explain", Self.fixture("TVLibrarySections.swift"), "--from", "downloaded", "right"])
        #expect(explain.status == 0 && explain.stdout.contains("continue-watching"))
        let audit = try tenfoot(["audit", Self.fixture("AmbiguousBinding.swift")])
        // The lint's finding points at the second field in the Swift source.
        #expect(
            audit.stdout.contains("AmbiguousBinding.swift:17:13: warning: \"full-name\" and \"name\" are both bound"),
            "\(audit.stdout)")
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try tenfoot(["map", Self.fixture("TVLibrarySections.swift"), "--out", dir + "/map.svg"]).status == 0)
        let shot = try tenfoot([
            "screenshot", Self.fixture("RecipeFocusSection.swift"), "--moves", "down", "--size", "320x180", "--out",
            dir + "/shot.png",
        ])
        #expect(shot.status == 0, "\(shot.stderr)")
    }

    @Test func whichViewOpensIsChosenOnTheCommandLine() throws {
        let several = try tenfoot(["path", Self.fixture("NoFocusSectionColumns.swift"), "--view", "Nope"])
        #expect(
            several.status == 2
                && several.stderr
                    == "tenfoot: no View named \"Nope\" in NoFocusSectionColumns.swift; its views: PlainColumns\n"
        )
        // A name as long as one likes is echoed in 80 characters (100,000 made a line of 1,000).
        let long = try tenfoot([
            "path", Self.fixture("NoFocusSectionColumns.swift"), "--view", String(repeating: "K", count: 100_000),
        ])
        #expect(long.status == 2 && long.stderr.count < 200, "\(long.stderr)")
        let chosen = try tenfoot(["path", Self.fixture("SelectableCards.swift"), "--view", "CardRow", "right"])
        #expect(chosen.stdout == "evening\n")
        let both = try tenfoot(["path", Self.fixture("SelectableCards.swift"), "--view", "CardRow", "--preview", "1"])
        #expect(both.status == 2 && both.stderr.contains("give either --view or --preview, not both"))
        let json = try tenfoot(["path", TestPaths.scenes + "/home.json", "--view", "Home"])
        #expect(json.status == 2 && json.stderr.contains("--view and --preview choose a view in SwiftUI sources"))
    }

    @Test func aBrokenSourceIsExit2AtFileLineColumn() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/Broken.swift"
        try "import SwiftUI\nstruct V: View {\n    var body: some View {\n        Button(\"Play\" {}\n    }\n}\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let r = try tenfoot(["path", file])
        #expect(r.status == 2)
        #expect(
            r.stderr == "tenfoot: cannot load the scene:\n\(file):4:23: error: expected ')' in function call\n",
            "\(r.stderr)")
        let two = dir + "/Two.swift"
        try
            "import SwiftUI\nstruct A: View { var body: some View { Text(\"a\") } }\nstruct B: View { var body: some View { Text(\"b\") } }\n"
            .write(toFile: two, atomically: true, encoding: .utf8)
        let ambiguous = try tenfoot(["path", two])
        #expect(
            ambiguous.status == 2
                && ambiguous.stderr == "tenfoot: Two.swift declares 2 views: A, B; choose one with --view NAME\n")
    }

    @Test func convertWritesTheSceneFile() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/login.json"
        let r = try tenfoot(["convert", Self.fixture("LoginScopeReset.swift"), "--out", out])
        #expect(r.status == 0 && r.stdout.isEmpty)
        #expect(
            r.stderr
                == "tenfoot: CredentialsForm: 6 views: 6 interpreted, 0 approximated, 0 placeholders; 3 modifiers: 3 applied, 0 approximated, 0 cosmetic, 0 ignored\n"
        )
        // The written scene is a scene: the gallery's tools take it, and its expectations pass.
        let test = try tenfoot(["test", out])
        #expect(test.status == 0 && test.stdout == "2 passed, 0 failed\n", "\(test.stdout)\(test.stderr)")
        let stdout = try tenfoot(["convert", Self.fixture("LoginScopeReset.swift")])
        #expect(stdout.stdout == (try String(contentsOfFile: out, encoding: .utf8)))
        let notSwift = try tenfoot(["convert", TestPaths.scenes + "/home.json"])
        #expect(notSwift.status == 2 && notSwift.stderr.contains("convert reads SwiftUI sources"))
        // A direction override in a label is written as its JSON escape, never raw: the same scene, shown as it is.
        let swift = dir + "/V.swift"
        try #"import SwiftUI\#nstruct V: View { var body: some View { Button("a\u{202E}b") {} } }\#n"#.write(
            toFile: swift, atomically: true, encoding: .utf8)
        let escaped = try tenfoot(["convert", swift])
        #expect(escaped.status == 0 && escaped.stdout.contains(#""title": "a\u202Eb""#), "\(escaped.stdout)")
        #expect(!escaped.stdout.unicodeScalars.contains { $0.value == 0x202E })
    }

    /// A bundle made from SwiftUI sources converts to what its sources convert to, the view it was made
    /// with; a bundle of a scene file or of the home scene says where that scene file is instead.
    @Test func convertTakesABundleOfSwiftUISources() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = Self.fixture("LoginScopeReset.swift")
        let made = try tenfoot(["bundle", source, "--moves", "down", "--out", dir + "/login.tenfoot"])
        #expect(made.status == 0, "\(made.stderr)")
        let direct = try tenfoot(["convert", source])
        let fromBundle = try tenfoot(["convert", dir + "/login.tenfoot"])
        #expect(
            fromBundle.status == 0 && !fromBundle.stdout.isEmpty && fromBundle.stdout == direct.stdout,
            "\(fromBundle.stderr)")
        #expect(fromBundle.stderr == direct.stderr)
        let chosen = try tenfoot(["convert", dir + "/login.tenfoot", "--view", "CredentialsForm"])
        #expect(chosen.status == 2 && chosen.stderr.contains("is a bundle: it names its own view"), "\(chosen.stderr)")

        _ = try tenfoot([
            "bundle", TestPaths.scenes + "/login-form.json", "--moves", "down", "--out", dir + "/form.tenfoot",
        ])
        let json = try tenfoot(["convert", dir + "/form.tenfoot"])
        #expect(json.status == 2 && json.stdout.isEmpty)
        #expect(
            json.stderr
                == "tenfoot: convert reads SwiftUI sources (.swift); \(dir)/form.tenfoot was made from the scene file login-form.json, which it holds as files/login-form.json (tar xf \(dir)/form.tenfoot files/login-form.json takes it out)\n",
            "\(json.stderr)")
        _ = try tenfoot(["bundle", "home", "--moves", "down", "--out", dir + "/home.tenfoot"])
        let home = try tenfoot(["convert", dir + "/home.tenfoot"])
        #expect(
            home.status == 2
                && home.stderr.contains("made from the built-in home scene, whose file is scenes/home.json"),
            "\(home.stderr)")
    }

    @Test func lintListsApproximationsWithTheirPlaces() throws {
        let r = try tenfoot(["lint", Self.fixture("SearchFocusButton.swift")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first == Self.fixture("SearchFocusButton.swift")
                + ":16:14: warning: approximated: .searchable and the search field → a search node (field, linear keyboard, results): the content's titled items are the results, filtered by title; other content is not shown (with no titled item: a text field above the content)"
        )
        #expect(
            lines.last
                == "CatalogSearch: 6 views: 6 interpreted, 0 approximated, 0 placeholders; 2 modifiers: 1 applied, 1 approximated, 0 cosmetic, 0 ignored"
        )
        #expect(try tenfoot(["lint", Self.fixture("SearchFocusButton.swift"), "--strict"]).status == 1)
        #expect(try tenfoot(["lint", Self.fixture("DefaultFocusEmail.swift"), "--strict"]).status == 0)
        let json = try tenfoot(["lint", Self.fixture("DefaultFocusEmail.swift"), "--json"])
        let report = try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any]
        let items = report?["items"] as? [[String: Any]] ?? []
        let email = items.first { $0["id"] as? String == "email" }
        #expect(
            email?["line"] as? Int == 16 && email?["column"] as? Int == 13 && email?["view"] as? String == "TextField")
        #expect((report?["coverage"] as? [String: Int])?["placeholders"] == 0)
    }

    @Test func testRunsTheSwiftUIScreensOfAFolder() throws {
        let r = try tenfoot(["test", Self.fixtures])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "64 passed, 0 failed\n")
        // A failing expectation points at its line in the sidecar.
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "import SwiftUI\nstruct V: View { var body: some View { HStack { Button(\"A\") {}; Button(\"B\") {} } } }\n"
            .write(toFile: dir + "/V.swift", atomically: true, encoding: .utf8)
        try "{\n  \"expect\": [\n    { \"name\": \"right\", \"press\": [\"right\"], \"focus\": [\"a\"] }\n  ]\n}\n"
            .write(toFile: dir + "/V.tenfoot-sidecar", atomically: true, encoding: .utf8)
        // A .swift file without a sidecar in the folder is one of the app's views, not a test.
        try "import SwiftUI\nstruct W: View { var body: some View { Text(\"w\") } }\n".write(
            toFile: dir + "/W.swift", atomically: true, encoding: .utf8)
        let failing = try tenfoot(["test", dir])
        #expect(failing.status == 1)
        #expect(
            failing.stdout
                == "\(dir)/V.tenfoot-sidecar:3:5: right: press 1 (right): expected a, got b [path: a → b]\n0 passed, 1 failed\n",
            "\(failing.stdout)")
    }
}
