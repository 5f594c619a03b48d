import Foundation
import TestSupport
import Testing

/// End-to-end: the built `tenfoot` binary on real scene files.
@Suite struct CLITests {
    func tenfoot(_ args: [String], env: [String: String]? = nil) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, args, environment: env)
    }

    /// `preview --record` on a terminal shows the bar `record` shows (a turntable at 8K took most of a minute in
    /// silence), and writes no bar where its error output is not a terminal.
    @Test func aTurntableShowsItsProgressOnATerminal() throws {
        let dir = try Tools.temporaryFolder("turntable-bar")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let picture = TestPaths.scenes + "/art/cast-ana.png"
        let command = [
            TestPaths.tenfoot, "preview", picture, "--size", "64x36", "--turn", "0.5s", "--record", dir + "/f/",
        ]
        let env = ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "offscreen"]) { $1 }
        let shown = try runProcess(
            "/usr/bin/script", ["-qec", command.map { "'\($0)'" }.joined(separator: " "), "/dev/null"], environment: env
        )
        #expect(shown.status == 0, "\(shown.stdout)")
        #expect(
            shown.stdout.range(of: #"recording [^\n]* [0-9]+/[0-9]+ frames"#, options: .regularExpression) != nil,
            "\(shown.stdout)")
        let piped = try runProcess(TestPaths.tenfoot, Array(command.dropFirst()), environment: env)
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
    }

    @Test func pathPrintsFocusAfterEachMove() throws {
        let r = try tenfoot(["path", TestPaths.scenes + "/home.json", "right", "right", "left", "left", "left"])
        #expect(r.status == 0)
        #expect(r.stdout == "p2\np3\np2\np1\np1\n")
    }

    @Test func pathWithNoMovePrintsStartingFocus() throws {
        let r = try tenfoot(["path", TestPaths.scenes + "/home.json"])
        #expect(r.stdout == "p1\n")
        let from = try tenfoot(["path", TestPaths.scenes + "/home.json", "--from", "p5", "right"])
        #expect(from.stdout == "p6\n")
    }

    @Test func pathJSONSaysHowOrWhyNot() throws {
        let r = try tenfoot(["path", TestPaths.scenes + "/home.json", "--json", "right", "left", "left"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[0] == #"{"move": "right", "focus": "p2", "via": "direct", "spoken": "The Long Way Home, button"}"#)
        #expect(lines[2] == #"{"move": "left", "focus": "p1", "blocked": "nothing focusable in the path"}"#)
    }

    /// A picture the scene names and nothing can show is said at the place that names it by every command that
    /// draws or checks the screen (the window says it too); `audit` makes it a finding that fails --strict.
    @Test func aMissingImageIsReportedWhereTheSceneNamesIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-img-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/s.json"
        try """
        {"root": {"type": "hstack", "children": [
          {"type": "poster", "id": "p", "title": "P", "image": "missing.png"}]},
         "expect": [{"name": "starts on p", "press": [], "focus": "p"}]}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let warning = scene + #":2:3: warning: image "missing.png": cannot read the image"#
        let shot = try tenfoot(["screenshot", scene, "--out", dir + "/s.png"])
        #expect(shot.status == 0 && shot.stderr.contains(warning), "\(shot.stderr)")
        let test = try tenfoot(["test", scene])
        #expect(test.status == 0 && test.stderr.contains(warning), "\(test.stderr)")
        let audit = try tenfoot(["audit", scene, "--strict"])
        #expect(audit.status != 0 && audit.stdout.contains(warning) && audit.stdout.contains("[missing-image]"))
    }

    /// A layered image's problems name its files as the scene's folder and the command line do (they named the
    /// current folder's absolute path, with `/./` in it, so the report changed with the checkout's place), and a loop
    /// of links is said to be one (it read "not there" or "missing").
    @Test func picturesProblemsNameFilesAsTheSceneDoes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-lay-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/art", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        {"root": {"type": "hstack", "children": [
          {"type": "poster", "id": "a", "title": "A", "image": "art/gone.layers.json"},
          {"type": "poster", "id": "b", "title": "B", "image": "art/loop.layers.json"},
          {"type": "poster", "id": "c", "title": "C", "image": "art/l1.png"}]}}
        """.write(toFile: dir + "/s.json", atomically: false, encoding: .utf8)
        for (name, layer) in [("gone", "gone.png"), ("loop", "l1.png")] {
            try #"{"layers": [{"image": "\#(layer)"}, {"image": "\#(layer)"}]}"#
                .write(toFile: dir + "/art/\(name).layers.json", atomically: false, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: dir + "/art/l1.png", withDestinationPath: "l2.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/art/l2.png", withDestinationPath: "l1.png")
        let audit = try runProcess(TestPaths.tenfoot, ["audit", "s.json"], currentDirectory: dir)
        let lines = audit.stdout.split(separator: "\n").filter { $0.contains("[missing-image]") }
        #expect(
            lines == [
                #"s.json:2:3: warning: image "art/gone.layers.json": art/gone.layers.json:1:23: error: the image "gone.png" is not there (looked for "art/gone.png") (at layers[0].image) [missing-image]"#,
                #"s.json:3:3: warning: image "art/loop.layers.json": art/loop.layers.json:1:23: error: the image "l1.png" is a loop of symbolic links, or a chain of more than 40 (looked for "art/l1.png") (at layers[0].image) [missing-image]"#,
                #"s.json:4:3: warning: image "art/l1.png": cannot read the image (it is a loop of symbolic links, or a chain of more than 40) [missing-image]"#,
            ], "\(audit.stdout)")
        #expect(!audit.stdout.contains(dir))
    }

    /// A picture to preview or a sidecar that is a pipe, a device, a folder or a loop of links is refused saying which
    /// (they were "cannot read its size", "no such file", "unreadable", and a sidecar in a loop was no sidecar); a
    /// layer list that names itself, or another layered image, as a layer is refused at the layer.
    @Test func specialFilesAsPicturesAndSidecarsSayWhatTheyAre() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-special-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo.png", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.png", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop.png", withDestinationPath: "loop.png")
        try
            #"{"layers": [{"image": "self.layers.json"}, {"image": "fifo.png"}], "canvas": {"width": 350, "height": 525}}"#
            .write(toFile: dir + "/self.layers.json", atomically: false, encoding: .utf8)
        try #"{"layers": [{"image": "art.lsr"}, {"image": "fifo.png"}], "canvas": {"width": 350, "height": 525}}"#
            .write(toFile: dir + "/other.layers.json", atomically: false, encoding: .utf8)
        for (picture, said) in [
            ("fifo.png", "tenfoot: fifo.png: cannot be shown (not a regular file: a device, a pipe or a socket)"),
            ("zero.png", "tenfoot: zero.png: cannot be shown (not a regular file: a device, a pipe or a socket)"),
            ("folder.png", "tenfoot: folder.png: cannot be shown (it is a folder)"),
            ("loop.png", "tenfoot: loop.png is a loop of symbolic links, or a chain of more than 40"),
            (
                "self.layers.json",
                #"tenfoot: self.layers.json:1:23: error: a layer is a picture (PNG or JPEG), not a layered image: "self.layers.json" is this list itself (at layers[0].image)"#
            ),
            (
                "other.layers.json",
                #"tenfoot: other.layers.json:1:23: error: a layer is a picture (PNG or JPEG), not a layered image: "art.lsr" is one (a layer list, an .lsr or an .imagestack) (at layers[0].image)"#
            ),
        ] {
            let r = try runProcess(
                TestPaths.tenfoot, ["preview", picture, "--record", "out.gif", "--size", "64x36"], currentDirectory: dir
            )
            #expect(r.status == 2 && r.stderr == said + "\n", "\(picture): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.gif"))
        // A picture far taller than wide is made narrower to fit the safe area: a 1×8192 canvas was refused as a poster
        // 3.6 million points high, in a "preview.json" nobody wrote.
        try #"{"layers": [{"image": "ok.png"}, {"image": "ok.png"}], "canvas": {"width": 1, "height": 8192}}"#
            .write(toFile: dir + "/tall.layers.json", atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/art/reef-fish.png", toPath: dir + "/ok.png")
        let tall = try runProcess(
            TestPaths.tenfoot,
            ["preview", "tall.layers.json", "--record", "tall/", "--size", "64x36", "--turn", "0.2s"],
            currentDirectory: dir)
        #expect(tall.status == 0, "\(tall.stderr)")
        // A turn past the hour a script may last is said of --turn (it named the script made of it, "turntable:3601").
        try FileManager.default.copyItem(
            atPath: TestPaths.packageRoot + "/Fuzz/Seeds/zip/stored.lsr", toPath: dir + "/ok.lsr")
        let long = try runProcess(
            TestPaths.tenfoot, ["preview", "ok.lsr", "--record", "out.mp4", "--fps", "1", "--turn", "3599s"],
            currentDirectory: dir)
        #expect(
            long.status == 2
                && long.stderr
                    == "tenfoot: --turn 3599s: the turntable starts half a second in and ends within an hour, so a turn takes at most 3598 s\n",
            "\(long.stderr)")
        // The range --turn is refused with says as much (it said "1 ms…3600 s", and 3600 s was refused).
        let hour = try runProcess(
            TestPaths.tenfoot, ["preview", "ok.lsr", "--record", "out.mp4", "--turn", "3600s"], currentDirectory: dir)
        #expect(hour.status == 2 && hour.stderr.contains("(1 ms…3599 s), got 3600s"), "\(hour.stderr)")
        try "import SwiftUI\nstruct V: View {\n    var body: some View { Button(\"A\") {} }\n}\n"
            .write(toFile: dir + "/V.swift", atomically: false, encoding: .utf8)
        let sidecar = dir + "/V.tenfoot-sidecar"
        for (make, said) in [
            ({ _ = mkfifo(sidecar, 0o644) }, "(not a regular file: a device, a pipe or a socket)"),
            (
                { try? FileManager.default.createDirectory(atPath: sidecar, withIntermediateDirectories: false) },
                "(it is a folder)"
            ),
            (
                {
                    try? FileManager.default.createSymbolicLink(
                        atPath: sidecar, withDestinationPath: "V.tenfoot-sidecar")
                }, "(it is a loop of symbolic links, or a chain of more than 40)"
            ),
        ] as [(() -> Void, String)] {
            make()
            defer { try? FileManager.default.removeItem(atPath: sidecar) }
            let r = try runProcess(TestPaths.tenfoot, ["test", "V.swift"], currentDirectory: dir)
            #expect(
                r.status == 2 && r.stderr == "V.tenfoot-sidecar:1:1: error: cannot read the sidecar \(said)\n",
                "\(r.stderr)")
        }
    }

    /// `test` with nothing to test fails and says why, with an example of what to add.
    @Test func nothingToTestSaysWhy() throws {
        let r = try tenfoot(["test", TestPaths.packageRoot + "/Tests/CLITests/Fixtures/accessibility/clean.json"])
        #expect(r.status == 1 && r.stdout == "0 passed, 0 failed\n")
        #expect(r.stderr.contains("nothing to test: ") && r.stderr.contains("clean.json has no expectations"))
        #expect(r.stderr.contains(#"Add an "expect" block"#))
    }

    /// A recording writes what VoiceOver says beside the video, as WebVTT, and only when the video is written.
    @Test func aRecordingWritesVoiceOversWordsBesideIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-vtt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try tenfoot([
            "record", TestPaths.scenes + "/settings.json", "--moves", "right down", "--size", "320x180", "--fps", "10",
            "--out", dir + "/take.mp4",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let vtt = try String(contentsOfFile: dir + "/take.vtt", encoding: .utf8)
        #expect(vtt.hasPrefix("WEBVTT\n"))
        #expect(vtt.contains("00:00:00.000 --> 00:00:00.400\nAutoplay, On, switch button\n"), "\(vtt)")
        #expect(vtt.contains("\nSubtitles, Off, switch button\n"), "\(vtt)")
        // A recording that fails writes neither.
        let bad = try tenfoot([
            "record", TestPaths.scenes + "/settings.json", "--moves", "right", "--size", "321x180", "--out",
            dir + "/odd.mp4",
        ])
        #expect(bad.status != 0)
        #expect(
            !FileManager.default.fileExists(atPath: dir + "/odd.vtt")
                && !FileManager.default.fileExists(atPath: dir + "/odd.mp4"))
    }

    @Test func brokenSceneGivesFileLineColumnAndExit2() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("broken.json").path
        try "{\n  \"root\": {\n    \"type\": \"vstack\",\n    \"focusSection\": \"yes\"\n  }\n}\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let r = try tenfoot(["path", file])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(file):4:21: error: \"focusSection\" expects true or false, got \"yes\""))
        try "{ \"root\": { \"type\": \"vstak\" } }".write(toFile: file, atomically: true, encoding: .utf8)
        let typo = try tenfoot(["run", file], env: ["PATH": "/usr/bin:/bin"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("\(file):1:21: error: unknown node type \"vstak\", did you mean \"vstack\"?"))
        let syntax = try tenfoot(["path", file])
        #expect(syntax.stderr.contains("did you mean \"vstack\"?"))
    }

    @Test func usageErrorsExit2() throws {
        #expect(try tenfoot(["--bogus"]).status == 2)
        #expect(try tenfoot(["path", TestPaths.scenes + "/home.json", "sideways"]).status == 2)
        #expect(try tenfoot(["path", TestPaths.scenes + "/home.json", "--nope"]).status == 2)
        #expect(try tenfoot(["frobnicate"]).status == 2)
    }

    static let commands = [
        "run", "path", "explain", "audit", "test", "map", "diff", "record", "screenshot", "convert", "lint", "new",
        "completion", "manpage", "stress",
    ]

    /// The manual page is written from the declarations: every command and each of its options is in it, it is
    /// ASCII (what is past ASCII as a roff escape), groff reads it without a warning, and `man -l` shows it.
    @Test func theManualPageHasEveryCommandAndOption() throws {
        let page = try tenfoot(["manpage"])
        #expect(page.status == 0 && page.stdout.hasPrefix(".TH TENFOOT 1 "))
        #expect(page.stdout.unicodeScalars.allSatisfy { $0.isASCII })
        for command in Self.commands {
            #expect(page.stdout.contains(".SS \"tenfoot \(command)\""), "no section for \(command)")
            let help = try tenfoot([command, "--help"]).stdout
            for line in help.split(separator: "\n") where line.hasPrefix("  --") {
                let name = line.dropFirst(2).prefix { $0 != " " }
                let roff = "\\fB" + name.replacingOccurrences(of: "-", with: "\\-")
                #expect(page.stdout.contains(roff), "\(command) \(name) is not in the page")
            }
        }
        guard let groff = Tools.find("groff") else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-man-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try page.stdout.write(toFile: dir + "/tenfoot.1", atomically: true, encoding: .utf8)
        let check = try runProcess(groff, ["-man", "-ww", "-z", dir + "/tenfoot.1"])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
        if let man = Tools.find("man") {
            let shown = try runProcess(
                man, ["-l", dir + "/tenfoot.1"], environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin"])
            #expect(shown.stdout.contains("SYNOPSIS") && shown.stdout.contains("tenfoot record"), "\(shown.stderr)")
        }
    }

    @Test func helpForEveryCommand() throws {
        let top = try tenfoot(["--help"])
        #expect(top.status == 0 && top.stdout.contains("Usage"))
        for command in Self.commands {
            let r = try tenfoot([command, "--help"])
            #expect(r.status == 0)
            #expect(
                r.stdout.hasPrefix("Usage: tenfoot \(command) ") || r.stdout.hasPrefix("Usage: tenfoot \(command)\n"))
            #expect(top.stdout.contains("  tenfoot \(command) "), "the top-level usage lacks \(command)")
            #expect(try tenfoot([command, "-h"]).stdout == r.stdout)
            #expect(try tenfoot(["help", command]).stdout == r.stdout)
            // --help wins over every other problem on the line.
            #expect(try tenfoot([command, "--bogus", "--help"]).status == 0)
        }
    }

    /// Every option of every command, given as `--name=` (empty), is refused or accepted with a
    /// message and exit 2 (here SCENE or --out is missing), never a crash. The options are read from
    /// each command's own --help, so a new option is covered without editing this test.
    @Test func emptyInlineValuesNeverCrash() throws {
        for command in Self.commands {
            let help = try tenfoot([command, "--help"]).stdout
            let names = help.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  --") else { return nil }
                return String(line.dropFirst(2).prefix { $0 != " " })
            }
            #expect(
                names.count >= 1 || ["new", "completion", "manpage"].contains(command),
                "\(command) --help lists no options")
            for name in names where name != "--help" {
                let r = try tenfoot([command, "\(name)="])
                #expect(r.status == 2, "\(command) \(name)=: \(r.status) \(r.stderr)")
                #expect(r.stderr.hasPrefix("tenfoot: "), "\(command) \(name)=: \(r.stderr)")
            }
        }
    }

    /// `--name value` and `--name=value` are the same; an empty value is named; unknown options and
    /// values of the wrong kind are named, all at once.
    @Test func optionSpellingsAndProblems() throws {
        let scene = TestPaths.scenes + "/home.json"
        #expect(try tenfoot(["path", scene, "--from=p3", "right"]).stdout == "p4\n")
        #expect(try tenfoot(["path", scene, "--from", "p3", "right"]).stdout == "p4\n")
        let empty = try tenfoot(["path", scene, "--from=", "right"])
        #expect(
            empty.status == 2 && empty.stderr.contains("--from needs a value (--from ID), got an empty one"),
            "\(empty.stderr)")
        let spaced = try tenfoot(["path", scene, "--from", "", "right"])
        #expect(spaced.status == 2 && spaced.stderr == empty.stderr)
        let flag = try tenfoot(["path", scene, "--json=yes"])
        #expect(flag.status == 2 && flag.stderr.contains("--json takes no value"))
        let typo = try tenfoot(["path", scene, "--frm", "p3"])
        #expect(typo.status == 2 && typo.stderr.contains("unknown option --frm; did you mean --from?"))
        let many = try tenfoot(["explain", scene, "sideways", "--policy=ios", "--nope"])
        #expect(many.status == 2)
        for text in [
            "unknown option --nope", "--policy expects tvos, android or web, got ios",
            "DIRECTION expects up, down, left or right, got sideways",
        ] {
            #expect(many.stderr.contains(text), "\(many.stderr)")
        }
        let missing = try tenfoot(["explain", scene])
        #expect(missing.status == 2 && missing.stderr.contains("explain needs DIRECTION"))
        let extra = try tenfoot(["audit", scene, scene])
        #expect(extra.status == 2 && extra.stderr.contains("audit takes SCENE, got 2 arguments"))
        let thousands = try tenfoot(["audit"] + (0..<10_000).map { "f\($0).json" })
        #expect(thousands.status == 2 && thousands.stderr.count < 300, "\(thousands.stderr)")
        let unknown = try tenfoot(["pth"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown command \"pth\"; did you mean path?"))
        // Empty means something for --overlay (none) and --moves (no moves).
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-empty-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let shot = try tenfoot(["screenshot", "home", "--overlay=", "--moves=", "--size=320x180", "--out=\(out)"])
        #expect(shot.status == 0, "\(shot.stderr)")
    }

    @Test func noDisplaySaysSoAndOffersHeadless() throws {
        let r = try tenfoot([], env: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
        #expect(r.status == 3)
        #expect(r.stderr.contains("no display"))
        #expect(r.stderr.contains("tenfoot screenshot"))
    }

    @Test func screenshotWritesAPNG() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-shot-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try tenfoot([
            "screenshot", TestPaths.scenes + "/home.json", "--moves", "right", "--out", out, "--size", "640x360",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

/// Reviewed text snapshots of the focus tools on gallery scenes: a change in focus behaviour shows
/// up here as a diff. Re-record on purpose with TENFOOT_RECORD_SNAPSHOTS=1 (never on CI); a recording
/// run fails, so run again without it.
@Suite struct CLISnapshotTests {
    static let cases: [(String, [String])] = [
        ("path-home", ["path", "scenes/home.json", "--json", "right", "right", "down", "up", "menu", "right", "down"]),
        ("path-section", ["path", "scenes/focus-section-1-2-ab.json", "--json", "right", "down", "left"]),
        ("explain-guide", ["explain", "scenes/focus-guide-dashboard.json", "--from", "leading", "right"]),
        (
            "explain-android",
            ["explain", "scenes/recipe-grid-categories.json", "--from", "r8B", "left", "--policy", "android"]
        ),
        ("explain-covered", ["explain", "scenes/partly-covered.json", "--from", "side", "left"]),
        (
            "path-tab-bar",
            [
                "path", "scenes/tab-bar-shelves.json", "--from", "m3", "--json", "menu", "right", "left", "down", "up",
                "up", "select",
            ]
        ),
        ("audit-creme", ["audit", "scenes/creme-brulee.json"]),
        ("test-gallery", ["test", "scenes"]),
        // Help, written from the commands' declarations.
        ("help-top", ["--help"]),
        ("help-run", ["run", "--help"]),
        ("help-path", ["path", "--help"]),
        ("help-explain", ["explain", "--help"]),
        ("help-audit", ["audit", "--help"]),
        ("help-test", ["test", "--help"]),
        ("help-map", ["map", "--help"]),
        ("help-record", ["record", "--help"]),
        ("help-screenshot", ["screenshot", "--help"]),
        ("help-bundle", ["bundle", "--help"]),
        ("help-convert", ["convert", "--help"]),
        ("help-lint", ["lint", "--help"]),
        ("help-stress", ["stress", "--help"]),
        ("help-preview", ["preview", "--help"]),
        // SwiftUI sources (docs/swiftui.md): the seed fixtures' tests, a lint report, a converted scene.
        ("test-swiftui", ["test", "Tests/TenFootSwiftUITests/Fixtures"]),
        ("lint-grocery", ["lint", "Tests/TenFootSwiftUITests/Fixtures/GroceryListItems.swift"]),
        ("convert-login-scope", ["convert", "Tests/TenFootSwiftUITests/Fixtures/LoginScopeReset.swift"]),
    ]

    @Test(arguments: cases.map(\.0)) func snapshot(_ name: String) throws {
        let args = Self.cases.first { $0.0 == name }!.1
        let r = try runProcess(TestPaths.tenfoot, args, currentDirectory: TestPaths.packageRoot, timeout: 120)
        try assertSnapshot(
            of: r.stdout, as: .text, named: name, in: TestPaths.packageRoot + "/Tests/CLITests/Snapshots")
    }

    @Test func junitReport() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-junit-\(getpid()).xml").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try runProcess(TestPaths.tenfoot, ["test", TestPaths.scenes + "/home.json", "--junit", out])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("7 passed, 0 failed\n"))
        let xml = try String(contentsOfFile: out, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"tenfoot\" tests=\"7\" failures=\"0\">"))
    }

    @Test func failingExpectationExitsOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-fail-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.json").path
        try
            #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}, "expect": [{"name": "wrong", "press": ["right"], "focus": ["a"]}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runProcess(TestPaths.tenfoot, ["test", file])
        #expect(r.status == 1)
        #expect(r.stdout.contains("wrong: press 1 (right): expected a, got b [path: a → b]"))
        #expect(r.stdout.hasSuffix("0 passed, 1 failed\n"))
        // A long path shows its first and last steps (100,000 presses printed a line of 700,000 characters).
        let presses = Array(repeating: #""right", "left""#, count: 200).joined(separator: ", ")
        try
            #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}, "expect": [{"name": "long", "press": [\#(presses)], "focus": "b"}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let long = try runProcess(TestPaths.tenfoot, ["test", file])
        #expect(long.status == 1)
        #expect(
            long.stdout.contains(
                "[path: a → b → a → b → a → b → a → b → a → b → a → b → … 377 more … → b → a → b → a → b → a → b → a → b → a → b → a]"
            ), "\(long.stdout)")
        let empty = try runProcess(TestPaths.tenfoot, ["test", dir.path + "/none.json"])
        #expect(empty.status == 2)
    }

    @Test func mapWritesSVGAndPNG() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-map-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("m.svg").path
        let png = dir.appendingPathComponent("m.png").path
        #expect(
            try runProcess(TestPaths.tenfoot, ["map", TestPaths.scenes + "/focus-section-1-2-ab.json", "--out", svg])
                .status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<svg") && text.contains(">a</text>") && text.contains("rgb(255,160,40)"))
        #expect(
            try runProcess(
                TestPaths.tenfoot,
                ["map", TestPaths.scenes + "/focus-section-1-2-ab.json", "--out", png, "--size", "640x360"]
            ).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

/// The JSON Schema for editors accepts every gallery scene (checked with python3-jsonschema, which
/// scripts/setup.sh installs; skipped, and shown as skipped, without it).
@Suite struct SchemaTests {
    @Test(
        .enabled(
            if: Tools.pythonWithJSONSchema != nil,
            "needs python3 with jsonschema (scripts/setup.sh installs python3-jsonschema)"))
    func everyGallerySceneValidatesAgainstTheSchema() throws {
        let r = try runProcess(
            try #require(Tools.pythonWithJSONSchema), [TestPaths.packageRoot + "/scripts/validate-scenes.py"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(" valid, 0 invalid"))
    }
}

/// A CI machine runs every test: none may be skipped there for a missing tool.
@Suite struct ToolTests {
    @Test(.enabled(if: Tools.onCI, "only on CI (CI is set)"))
    func ciHasEveryTool() {
        #expect(Tools.hasFFmpeg, "ffmpeg/ffprobe missing on CI: run scripts/setup.sh")
        #expect(Tools.hasVirtualDisplay, "Xvfb/xdotool missing on CI: run scripts/setup.sh")
        #expect(Tools.pythonWithJSONSchema != nil, "python3-jsonschema missing on CI: run scripts/setup.sh")
        #expect(Tools.sarifSchema != nil, "the SARIF 2.1.0 schema is missing on CI: run scripts/setup.sh")
        #expect(
            Tools.hidingFolders != nil,
            "unshare --mount (util-linux) does not work on CI: the tests that hide the toolchain need it, as root")
    }
}

@Suite struct PathGrammarTests {
    /// `path` takes the input-script grammar for its moves, and `home` names the built-in scene.
    @Test func pathTakesScriptSteps() throws {
        let r = try runProcess(TestPaths.tenfoot, ["path", "home", "right*3", "left"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "p2\np3\np4\np3\n")
        let bad = try runProcess(TestPaths.tenfoot, ["path", "home", "rigth"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("did you mean right?"))
    }
}
