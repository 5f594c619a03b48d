import Foundation
import TestSupport
import Testing

/// Inputs from the attack on every reader (issue 12), end to end through the built binary: each is
/// refused with exit 2 and a located message — none traps (exit 132) or runs without end.
@Suite struct HostileInputCLITests {
    func tenfoot(_ args: [String], env: [String: String]? = nil) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, args, environment: env)
    }

    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-hostile-cli-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A `.swift` that is a pipe or a device is refused as a scene file that is one is; in a folder of sources it is
    /// passed over with a note, and the folder opens (one such file failed the whole folder).
    @Test func specialFilesNamedSwiftAreNoSources() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("F.swift").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let direct = try tenfoot(["path", fifo])
        #expect(direct.status == 2)
        #expect(
            direct.stderr.contains(
                "F.swift:1:1: error: cannot read the file (not a regular file: a device, a pipe or a socket)"),
            "\(direct.stderr)")
        let app = dir.appendingPathComponent("app").path
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try "import SwiftUI\nstruct V: View { var body: some View { Button(\"a\") {} } }\n"
            .write(toFile: app + "/V.swift", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: app + "/Z.swift", withDestinationPath: "/dev/zero")
        // Links leading nowhere, or round in a loop, are passed over with a note too (they were passed over silently).
        try FileManager.default.createSymbolicLink(atPath: app + "/L.swift", withDestinationPath: "L.swift")
        try FileManager.default.createSymbolicLink(atPath: app + "/D.swift", withDestinationPath: "gone.swift")
        // And a file that is there but cannot be read (it failed the whole folder).
        try FileManager.default.createSymbolicLink(atPath: app + "/M.swift", withDestinationPath: "/proc/self/mem")
        // Or that says it is empty and reads on for gigabytes (it is read up to the limit, and in pieces of 8 bytes).
        try FileManager.default.createSymbolicLink(atPath: app + "/P.swift", withDestinationPath: "/proc/self/pagemap")
        // And a link to a folder (it was passed over without a word).
        try FileManager.default.createSymbolicLink(atPath: app + "/F.swift", withDestinationPath: "/tmp")
        let folder = try tenfoot(["path", app])
        #expect(folder.status == 0 && folder.stdout.hasPrefix("a"), "\(folder.stderr)")
        // As neighbours of the file opened, they are passed over too (the pagemap was read to its end).
        let alone = try tenfoot(["path", app + "/V.swift"])
        #expect(alone.status == 0 && alone.stdout.hasPrefix("a"), "\(alone.stderr)")
        let lint = try tenfoot(["lint", app])
        for note in [
            "Z.swift:1:1: warning: not read (not a regular file: a device, a pipe or a socket)",
            "L.swift:1:1: warning: not read (it is a loop of symbolic links, or a chain of more than 40)",
            "D.swift:1:1: warning: not read (a link to nothing)",
            "M.swift:1:1: warning: not read (it cannot be read)",
            "P.swift:1:1: warning: not read (it cannot be read)",
            "F.swift:1:1: warning: not read (a link to a folder, not followed)",
        ] {
            #expect(lint.stdout.contains(note), "\(lint.stdout)")
        }
    }

    /// The window survives whatever is saved under it: a .lsr overwritten with a hostile one (a 30000 × 30000
    /// canvas), then the scene saved naming a picture that is a pipe and a stack whose layer is a pipe. Each is a
    /// warning at the place that names it; the window runs to its end (a pipe once blocked it for ever).
    @Test func theWindowSurvivesHostileFilesSavedUnderIt() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let seed = TestPaths.packageRoot + "/Fuzz/Seeds/zip/stored.lsr"
        try FileManager.default.copyItem(atPath: seed, toPath: path("art.lsr"))
        try
            #"{"root": {"type": "shelf", "id": "row", "children": [{"type": "poster", "id": "a", "title": "A", "image": "art.lsr"}, {"type": "poster", "id": "b", "title": "B"}]}}"#
            .write(toFile: path("s.json"), atomically: false, encoding: .utf8)
        #expect(mkfifo(path("pipe.png"), 0o600) == 0)
        let stack = "st.imagestack"
        try #"{"layers": [{"filename": "A.imagestacklayer"}, {"filename": "B.imagestacklayer"}]}"#
            .write(toFile: path("x"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: path(stack), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path("x"), toPath: path(stack + "/Contents.json"))
        for layer in ["A", "B"] {
            let set = path("\(stack)/\(layer).imagestacklayer/Content.imageset")
            try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
            try #"{"images": [{"filename": "x.png", "scale": "1x"}]}"#
                .write(toFile: set + "/Contents.json", atomically: false, encoding: .utf8)
            #expect(mkfifo(set + "/x.png", 0o600) == 0)
        }
        let hostile = StoredZip.archive([
            (
                "Contents.json",
                Array(
                    #"{"properties": {"canvasSize": {"width": 30000, "height": 30000}}, "layers": [{"filename": "A.imagestacklayer"}, {"filename": "B.imagestacklayer"}]}"#
                        .utf8)
            )
        ])
        _ = FileManager.default.createFile(atPath: path("err.txt"), contents: nil)
        let p = InputCLITests.window(
            ["run", "s.json", "--seconds", "9"], in: dir,
            stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: path("err.txt"))))
        try p.run()
        #expect(InputCLITests.waitUntilHandling([SIGINT, SIGTERM], pid: p.processIdentifier))
        usleep(2_000_000)
        try Data(hostile).write(to: URL(fileURLWithPath: path("art.lsr")))
        usleep(2_000_000)
        try
            #"{"root": {"type": "shelf", "id": "row", "children": [{"type": "poster", "id": "a", "title": "A", "image": "art.lsr"}, {"type": "poster", "id": "c", "title": "C", "image": "pipe.png"}, {"type": "poster", "id": "d", "title": "D", "image": "st.imagestack"}, {"type": "poster", "id": "b", "title": "B"}]}}"#
            .write(toFile: path("s.json"), atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(40)
        while p.isRunning, Date() < deadline { usleep(50_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        let stderr = (try? String(contentsOfFile: path("err.txt"), encoding: .utf8)) ?? ""
        #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(p.terminationStatus): \(stderr)")
        #expect(stderr.contains("at most 8192 pixels"), "\(stderr)")
        #expect(
            stderr.contains(#"image "pipe.png": cannot read the image (not a regular file"#), "\(stderr)")
        #expect(stderr.contains("x.png:1:1: error: cannot read the image (not a regular file"), "\(stderr)")
    }

    /// A signal during a slow Swift reload stops the window at once, with 130: the orderly stop waited for the
    /// translation (bounded, but seconds long) to end.
    @Test func theWindowStopsAtOnceDuringASwiftReload() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("V.swift").path
        try "import SwiftUI\nstruct V: View {\n    var body: some View { Button(\"go\") {} }\n}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        // A million cells: the translation runs to its work budget (2.7 s in a debug build).
        let slow = """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        ForEach(0..<1000, id: \\.self) { i in
                            ForEach(0..<1000, id: \\.self) { j in Text("cell \\(i) \\(j)") }
                        }
                        Button("go") {}
                    }
                }
            }

            """
        let p = InputCLITests.window(["run", "V.swift", "--seconds", "30"], in: dir)
        try p.run()
        #expect(InputCLITests.waitUntilHandling([SIGINT, SIGTERM], pid: p.processIdentifier))
        usleep(1_000_000)
        try slow.write(toFile: file, atomically: true, encoding: .utf8)
        usleep(500_000)
        let signalled = Date()
        kill(p.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while p.isRunning, Date() < deadline { usleep(10_000) }
        let took = Date().timeIntervalSince(signalled)
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 130, "\(p.terminationStatus)")
        #expect(took < 1.0, "stopped \(took) s after the signal")
    }

    /// No output replaces what a command reads: a batch line's `--trace` naming its scene, another line's scene or
    /// the batch file (each once replaced with exit 0), and `--out` naming a picture the scene draws, however
    /// spelled. Refused with exit 2, the files as they were.
    @Test func outputsNeverReplaceTheFilesACommandReads() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let picture = try tenfoot(["screenshot", "home", "--size", "64x36", "--out", path("img.png")])
        #expect(picture.status == 0, "\(picture.stderr)")
        let scene =
            #"{"root": {"type": "shelf", "id": "r", "children": [{"type": "poster", "id": "a", "title": "A", "image": "./img.png"}, {"type": "button", "id": "b", "title": "B"}]}}"#
        for name in ["s.json", "s2.json"] { try scene.write(toFile: path(name), atomically: false, encoding: .utf8) }
        try "s.json --moves right --out f1/ --trace s.json\n".write(
            toFile: path("self.txt"), atomically: false, encoding: .utf8)
        try "s.json --moves right --out f1/ --trace x.json\ns2.json --moves right --out f2/ --trace ./s.json\n"
            .write(toFile: path("cross.txt"), atomically: false, encoding: .utf8)
        try "s2.json --moves right --out f3/ --trace b.json\n".write(
            toFile: path("b.json"), atomically: false, encoding: .utf8)
        // A link to a line's scene is that scene: writing through it would replace the link.
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: "s.json")
        try "s.json --moves right --out f4/ --trace link.json\n".write(
            toFile: path("link.txt"), atomically: false, encoding: .utf8)
        // A video's captions (`NAME.vtt`) replaced a script or a batch file of that name.
        try "right\n".write(toFile: path("demo.vtt"), atomically: false, encoding: .utf8)
        try "s.json --moves right --out bt.gif\n".write(toFile: path("bt.vtt"), atomically: false, encoding: .utf8)
        try "s.json --script demo.vtt --out demo.gif\n".write(
            toFile: path("lines.txt"), atomically: false, encoding: .utf8)
        let inputs = ["s.json", "s2.json", "img.png", "b.json", "demo.vtt", "bt.vtt"]
        let before = try inputs.map { try Data(contentsOf: URL(fileURLWithPath: path($0))) }
        let captions = try runProcess(
            TestPaths.tenfoot, ["record", "s.json", "--script", "demo.vtt", "--out", "demo.gif"],
            currentDirectory: dir.path)
        #expect(
            captions.status == 2
                && captions.stderr.contains(
                    #"--out "demo.gif" writes its captions to "demo.vtt", which is the input "demo.vtt" (--script)"#),
            "\(captions.stderr)")
        for (batch, message) in [
            ("bt.vtt", #"bt.vtt:1:22: error: --out "bt.gif" writes its captions to "bt.vtt", which is the batch file"#),
            (
                "lines.txt",
                #"lines.txt:1:26: error: --out "demo.gif" writes its captions to "demo.vtt", which is the input "demo.vtt" of line 1"#
            ),
            ("self.txt", #"self.txt:1:32: error: --trace "s.json" is the input "s.json" of line 1"#),
            ("cross.txt", #"cross.txt:2:33: error: --trace "./s.json" is the input "s.json" of line 1"#),
            ("b.json", #"b.json:1:33: error: --trace "b.json" is the batch file"#),
            ("link.txt", #"link.txt:1:32: error: --trace "link.json" is the input "s.json" of line 1"#),
        ] {
            let r = try runProcess(TestPaths.tenfoot, ["record", "--batch", batch], currentDirectory: dir.path)
            #expect(r.status == 2 && r.stderr.contains(message), "\(r.stderr)")
        }
        for command in ["screenshot", "map"] {
            let r = try runProcess(
                TestPaths.tenfoot, [command, "s.json", "--out", "./img.png"], currentDirectory: dir.path)
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains(#"is the picture "./img.png" the scene draws"#), "\(r.stderr)")
        }
        let after = try inputs.map { try Data(contentsOf: URL(fileURLWithPath: path($0))) }
        #expect(before == after)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path("link.json"))) == "s.json")
    }

    /// An argument that is not UTF-8 is refused, saying which: read with U+FFFD in place of its bad byte, `--out`
    /// wrote (and replaced) another file, one named with U+FFFD.
    @Test func argumentsThatAreNotUTF8AreRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-argv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let replacement = dir.appendingPathComponent("\u{FFFD}.png").path
        try "notes".write(toFile: replacement, atomically: false, encoding: .utf8)
        let r = try runProcess(
            "/bin/sh", ["-c", #"exec "$0" screenshot home --out "$(printf '\377.png')""#, TestPaths.tenfoot],
            currentDirectory: dir.path)
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "tenfoot: argument 4 is not UTF-8 text (byte 0xFF at byte 1); TenFoot reads names and options as UTF-8, so a file whose name is not cannot be named to it\n"
        )
        #expect(try String(contentsOfFile: replacement, encoding: .utf8) == "notes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["\u{FFFD}.png"])
    }

    /// Pictures a scene cannot show are warned about one by one up to a hundred, then counted (30,000 missing pictures
    /// printed 30,000 lines); a bundle lists the first 20 files it does not carry, then counts (1,000 made a 36 KB
    /// line).
    @Test func manyMissingPicturesAreCounted() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let posters = (0..<300).map { #"{"type": "poster", "id": "p\#($0)", "title": "P", "image": "gone\#($0).png"}"# }
        let scene = dir.appendingPathComponent("s.json").path
        try #"{"root": {"type": "shelf", "id": "r", "children": [\#(posters.joined(separator: ","))]}}"#.write(
            toFile: scene, atomically: true, encoding: .utf8)
        let shot = try tenfoot(["screenshot", scene, "--out", dir.appendingPathComponent("s.png").path])
        #expect(shot.status == 0, "\(shot.stderr)")
        let lines = shot.stderr.split(separator: "\n")
        #expect(lines.count == 101, "\(lines.count)")
        #expect(lines.last == "tenfoot: warning: 200 more pictures cannot be shown (the first 100 are said above)")
        let bundle = try tenfoot([
            "bundle", scene, "--moves", "right", "--out", dir.appendingPathComponent("s.tenfoot").path,
        ])
        #expect(bundle.status == 0, "\(bundle.stderr)")
        let list = try #require(bundle.stdout.split(separator: "\n").first { $0.hasPrefix("not bundled") })
        #expect(list.hasSuffix(", and 280 more") && list.utf8.count < 1000, "\(list)")
    }

    /// `preview` of a picture it cannot draw (cut short, here) drew a grey placeholder and said nothing, exit 0: the
    /// picture is the whole preview, so it is an error at the file, and nothing is written.
    @Test func aPreviewOfAPictureThatCannotBeDrawnIsAnError() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestPaths.scenes + "/art/backdrop-harbour.png"))
        let cut = dir.appendingPathComponent("cut.png").path
        try whole.prefix(200).write(to: URL(fileURLWithPath: cut))
        let out = dir.appendingPathComponent("turn").path + "/"
        let r = try tenfoot(["preview", cut, "--record", out, "--size", "64x36"])
        #expect(r.status == 2 && r.stderr.contains("cut.png: cannot be shown: "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A SIGTERM in a command's first milliseconds is never lost: before the signals were blocked from the first
    /// line, one sent between their being ignored and libdispatch's source being registered (on another thread,
    /// later) was dropped, and the command ran to its end with exit 0 (2 of 60 runs). Now each run exits 130, or is
    /// ended by the signal itself when it comes before the program's first line.
    @Test func aSignalInTheFirstMillisecondsIsNeverLost() throws {
        let moves = Array(repeating: ["right*1000", "left*1000"], count: 3).flatMap { $0 }
        var outcomes: [String] = []
        for k in 0..<24 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
            p.arguments = ["path", TestPaths.scenes + "/home.json"] + moves
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(UInt32(k % 12) * 4_000)
            kill(p.processIdentifier, SIGTERM)
            p.waitUntilExit()
            let killed = p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM
            if !killed && p.terminationStatus != 130 { outcomes.append("run \(k): exit \(p.terminationStatus)") }
        }
        #expect(outcomes.isEmpty, "\(outcomes)")
    }

    /// `path --explain` lists every node each swipe's search considered: at most 250,000 nodes together, then the
    /// script stops before its next event with a located error (1,000 swipes over 10,000 buttons ran for minutes
    /// and wrote hundreds of megabytes). What was explained before is printed.
    @Test func explanationsHaveATotal() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let buttons = (0..<1200).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ",")
        let scene = dir.appendingPathComponent("g.json").path
        try #"{"root": {"type": "grid", "id": "g", "columns": 12, "children": [\#(buttons)]}}"#.write(
            toFile: scene, atomically: false, encoding: .utf8)
        let r = try tenfoot(["path", scene, "down*99", "up*99", "down*99", "--explain"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("tenfoot: MOVE:1:"), "\(r.stderr)")
        #expect(r.stderr.contains("--explain stops before this event"), "\(r.stderr)")
        #expect(r.stdout.contains("explain down from b0"))
        let plain = try tenfoot(["path", scene, "down*99", "up*99", "down*99"])
        #expect(plain.status == 0)
    }

    /// A scene of one button and `count` sheets `s0`, `s1`… (one a line, from line 3), written in `dir` as `s.json`.
    static func sheets(_ count: Int, in dir: URL) throws -> String {
        let sheets = (0..<count).map {
            #"{"type": "sheet", "id": "s\#($0)", "children": [{"type": "button", "id": "x\#($0)", "title": "X"}]}"#
        }
        let scene = dir.appendingPathComponent("s.json").path
        try
            (#"{"root": {"type": "button", "id": "b", "title": "B"},\#n"sheets": [\#n"#
            + sheets.joined(separator: ",\n") + "]}\n").write(toFile: scene, atomically: false, encoding: .utf8)
        return scene
    }

    /// `map --all` draws at most 100 maps (each a simulator laid out and a picture): 1,000 sheets took minutes and
    /// gigabytes. The rest are named in a warning where they begin.
    @Test func mapAllDrawsAtMostAHundredMaps() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try Self.sheets(103, in: dir)
        let out = dir.appendingPathComponent("m.png").path
        let r = try tenfoot(["map", scene, "--all", "--out", out, "--size", "96x54"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr
                == "\(scene):102:1: warning: --all draws at most 100 maps: 4 more, from \"sheet-s99\" on, are not drawn\n"
        )
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        #expect(written.count == 100 && written.contains("m-sheet-s98.png") && !written.contains("m-sheet-s99.png"))
    }

    /// `map --all` encodes at most 150 million pixels of PNG pages together (the first page always): 200 million took
    /// 6 s. The pages past it are named in a warning where they begin; an SVG draws them all.
    @Test func mapAllEncodesAtMostItsPixelsOfPNG() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try Self.sheets(6, in: dir)
        // Four pages of 33,177,600 pixels are 132.7 million; a fifth would be 165.9.
        let r = try tenfoot(["map", scene, "--all", "--out", dir.path + "/m.png", "--size", "7680x4320"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr
                == "\(scene):1:10: warning: --all draws at most 150 million pixels of PNG maps: 3 more, from \"sheet-s3\" on, are not drawn (an .svg --out draws them all)\n"
        )
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        #expect(Set(written) == ["m.png", "m-sheet-s0.png", "m-sheet-s1.png", "m-sheet-s2.png"])
        let svg = try tenfoot(["map", scene, "--all", "--out", dir.path + "/m.svg", "--size", "7680x4320"])
        #expect(svg.status == 0 && svg.stderr.isEmpty, "\(svg.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".svg") }.count == 7)
    }

    /// `map --all` pages whose ids make one file name (`a.b` and `a_b`; `A_b` on a disk that ignores case) each get
    /// their own file; and a page that cannot be put in place leaves every earlier page as it was: the pages are
    /// staged one at a time and put in place together.
    @Test func mapAllPagesNeverShareOrHalfReplaceFiles() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheets = ["a.b", "a_b", "A_b", "z"].map {
            #"{"type": "sheet", "id": "\#($0)", "children": [{"type": "button", "id": "in-\#($0)", "title": "X"}]}"#
        }
        let scene = dir.appendingPathComponent("s.json").path
        try
            (#"{"root": {"type": "button", "id": "b", "title": "B"},\#n"sheets": [\#n"#
            + sheets.joined(separator: ",\n") + "]}\n").write(toFile: scene, atomically: false, encoding: .utf8)
        let out = dir.appendingPathComponent("m.svg").path
        let r = try tenfoot(["map", scene, "--all", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let names = ["m.svg", "m-sheet-a_b.svg", "m-sheet-a_b-2.svg", "m-sheet-A_b-3.svg", "m-sheet-z.svg"]
        #expect(r.stdout == names.map { dir.path + "/" + $0 + "\n" }.joined())
        for (name, id) in zip(names.dropFirst(), ["a.b", "a_b", "A_b", "z"]) {
            let svg = try String(contentsOfFile: dir.path + "/" + name, encoding: .utf8)
            #expect(svg.contains(">in-\(id)</text>"), "\(name)")
        }
        // The last page's place is a folder: nothing is replaced, the folder stays, nothing is left beside.
        try "older".write(toFile: dir.path + "/m-sheet-a_b.svg", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: dir.path + "/m-sheet-z.svg")
        try FileManager.default.createDirectory(
            atPath: dir.path + "/m-sheet-z.svg", withIntermediateDirectories: false)
        try "old".write(toFile: out, atomically: false, encoding: .utf8)
        let failed = try tenfoot(["map", scene, "--all", "--out", out])
        #expect(failed.status != 0 && failed.stderr.contains("m-sheet-z.svg"), "\(failed.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old")
        #expect(try String(contentsOfFile: dir.path + "/m-sheet-a_b.svg", encoding: .utf8) == "older")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left)")

        // PNG pages are encoded and staged on threads of their own, two at a time: the same promise. Each page is
        // what a map of its own draws.
        let png = dir.appendingPathComponent("p.png").path
        try FileManager.default.createDirectory(
            atPath: dir.path + "/p-sheet-z.png", withIntermediateDirectories: false)
        let refused = try tenfoot(["map", scene, "--all", "--out", png, "--size", "96x54"])
        #expect(refused.status != 0 && refused.stderr.contains("p-sheet-z.png"), "\(refused.stderr)")
        let none = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
            $0.hasSuffix(".png") && $0 != "p-sheet-z.png" || $0.hasPrefix(".")
        }
        #expect(none.isEmpty, "\(none)")
        try FileManager.default.removeItem(atPath: dir.path + "/p-sheet-z.png")
        let drawn = try tenfoot(["map", scene, "--all", "--out", png, "--size", "96x54"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.split(separator: "\n").count == 5)
        let one = dir.appendingPathComponent("one.png").path
        #expect(try tenfoot(["map", scene, "--out", one, "--size", "96x54"]).status == 0)
        #expect(FileManager.default.contents(atPath: one) == FileManager.default.contents(atPath: png))
    }

    /// libpng prints its own errors and warnings on standard error; they are caught, and a damaged picture's
    /// error is its warning at the place that names it, in libpng's words.
    @Test func libpngSpeaksThroughTheWarningAtThePicture() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
            func be32(_ v: UInt32) -> [UInt8] {
                [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
            }
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc ?? StoredZip.crc32(body))
        }
        // A 1×1 grey picture: a stored deflate block of its one row (filter 0, one byte).
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0x00, 0x80, 0x00, 0x82, 0x00, 0x81]
        let head: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
        try Data(head + chunk("IDAT", idat, crc: 1) + chunk("IEND", [])).write(
            to: dir.appendingPathComponent("crc.png"))
        try Data(head + chunk("iCCP", [0x78]) + chunk("IDAT", idat) + chunk("IEND", [])).write(
            to: dir.appendingPathComponent("iccp.png"))
        let scene = dir.appendingPathComponent("s.json").path
        try
            #"{"root": {"type": "hstack", "children": [{"type": "poster", "image": "crc.png"}, {"type": "poster", "image": "iccp.png"}]}}"#
            .write(toFile: scene, atomically: false, encoding: .utf8)
        let r = try tenfoot(["screenshot", scene, "--out", dir.appendingPathComponent("s.png").path])
        #expect(r.status == 0)
        #expect(r.stderr == "\(scene):1:42: warning: image \"crc.png\": the image cannot be decoded: IDAT: CRC error\n")
    }

    /// A Swift source that is not UTF-8 is reported at its first bad byte, as a scene is (it was at 1:1).
    @Test func badUTF8InASwiftSourceIsReportedWhereItIs() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Bad.swift").path
        try Data(
            Array("import SwiftUI\nstruct V: View {\n    var body: some View { Button(\"caf".utf8) + [0xE9]
                + Array("\") {} }\n}\n".utf8)
        )
        .write(to: URL(fileURLWithPath: file))
        let r = try tenfoot(["path", file])
        #expect(r.status == 2)
        #expect(
            r.stderr.contains(
                "\(file):3:38: error: invalid UTF-8: byte 0xE9 cannot start or continue a character here; the file must be UTF-8 text"
            ), "\(r.stderr)")
    }

    /// A view whose `ForEach` draws more text than a scene may is refused at the `Text` that passes the limit, as a
    /// scene file is (3,000 texts of 4,000 characters took 54 s to open).
    @Test func aSwiftViewOfTooMuchTextIsRefusedAtTheText() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = String(repeating: "word ", count: 799) + "word"
        let file = dir.appendingPathComponent("V.swift").path
        try """
        import SwiftUI
        struct V: View {
            var body: some View {
                VStack {
                    ForEach(0..<600, id: \\.self) { i in
                        Text("\(long)")
                    }
                    Button("go") {}
                }
            }
        }

        """.write(toFile: file, atomically: false, encoding: .utf8)
        let r = try tenfoot(["path", file])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "V.swift:6:17: error: in the translated scene: more than 200000 characters of text together (titles, texts, values, options…); split the scene"
            ), "\(r.stderr.prefix(500))")
    }

    @Test func aSwiftFileOverOneMebibyteIsRefused() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let head = "import SwiftUI\nstruct V: View {\n    var body: some View { Button(\"ok\") {} }\n}\n"
        let limit = 320 << 10  // SwiftSources.maxFileBytes
        for (name, size) in [("Big.swift", limit + 1), ("Fits.swift", limit)] {
            let pad = "//" + String(repeating: "x", count: size - head.utf8.count - 3) + "\n"
            let file = dir.appendingPathComponent(name).path
            try (head + pad).write(toFile: file, atomically: false, encoding: .utf8)
            let r = try tenfoot(["path", file])
            if size > limit {
                #expect(r.status == 2, "\(r.stderr)")
                #expect(
                    r.stderr.contains("the file is 327681 bytes; TenFoot reads Swift sources of at most 327680"),
                    "\(r.stderr)")
            } else {
                #expect(r.status == 0 && r.stdout == "ok\n", "\(r.stdout)\(r.stderr)")
            }
        }
    }

    /// An output naming a special file is refused (a FIFO here; `/dev/zero`, as root, was replaced by a 1 KB XML
    /// file), standard output is written through, and the special file is left as it was (issue 34).
    @Test func anOutputThatIsASpecialFileIsNeverReplaced() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.json").path
        try #"{"root": {"type": "button", "id": "a", "title": "A"}, "expect": [{"press": [], "focus": "a"}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let fifo = dir.appendingPathComponent("out.mp4").path
        #expect(mkfifo(fifo, 0o644) == 0)
        for args in [["test", scene, "--junit", fifo], ["record", scene, "--moves", "right", "--out", fifo]] {
            let r = try tenfoot(args)
            #expect(
                r.status == 2 && r.stderr.hasSuffix("it is a FIFO, not a file; name a file to write\n"),
                "\(args): \(r.stderr)")
            var st = stat()
            #expect(stat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "\(args) replaced the FIFO")
        }
        // Standard output is written through (here it is a pipe or a file the harness reads), and /dev/stdout
        // stays what it was (a symbolic link on Linux), not replaced by a file.
        var before = stat()
        let linked = lstat("/dev/stdout", &before) == 0 && (before.st_mode & S_IFMT) == S_IFLNK
        let through = try tenfoot(["test", scene, "--junit", "/dev/stdout"])
        #expect(through.status == 0 && through.stdout.contains("<testsuites"), "\(through.stderr)")
        var after = stat()
        if linked { #expect(lstat("/dev/stdout", &after) == 0 && (after.st_mode & S_IFMT) == S_IFLNK) }
        // The window's saved session is checked before the window opens (it was refused when the window closed, and
        // the session played was lost).
        for (path, said) in [
            (fifo, "cannot write \(fifo): it is a FIFO, not a file; name a file to write"),
            (dir.path, "cannot save the session to \(dir.path): it is a folder, not a file; name a file to write"),
            (
                dir.path + "/nowhere/s.txt",
                "cannot save the session to \(dir.path)/nowhere/s.txt: the folder \(dir.path)/nowhere does not exist"
            ),
        ] {
            let r = try tenfoot(["run", scene, "--save-session", path, "--seconds", "1"])
            #expect(r.status == 2 && r.stderr == "tenfoot: \(said)\n", "\(r.stderr)")
        }
    }

    /// A picture whose header claims 30000×30000 pixels (a decompression bomb: a few bytes that decode to 3.6 GB)
    /// is not decoded: the screen draws it as missing and says why at the place that names it (issue 34).
    @Test func aPictureTooLargeToDecodeIsRefused() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func be32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
        try Data(header + be32(30000) + be32(30000) + [8, 6, 0, 0, 0]).write(to: dir.appendingPathComponent("bomb.png"))
        let scene = dir.appendingPathComponent("s.json").path
        try #"{"root": {"type": "poster", "id": "p", "title": "P", "image": "bomb.png"}}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try tenfoot(["screenshot", scene, "--out", dir.appendingPathComponent("s.png").path])
        #expect(r.status == 0 && r.stderr.contains("the image is 30000×30000 pixels"), "\(r.stderr)")
    }

    /// A picture far wider or taller than the poster it fills (16384 × 1 and 1 × 16384, 150 bytes each) is drawn
    /// from the part that shows: scaled whole, the strip became 12 million × 750 pixels (39 s and 13.6 GB). Run in
    /// 2 GB of address space, where the whole strip cannot be made, both posters are still red (issue 34).
    @Test(.enabled(if: Tools.hasFFmpeg, "needs ffmpeg to read the screenshot"))
    func aStripPictureFillsItsPosterFromThePartThatShows() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = DeterminismTests.fixture("strip-posters.json")
        let shot = dir.appendingPathComponent("s.png").path
        let r = try runProcess(
            "/bin/sh",
            [
                "-c", "ulimit -v 2000000; exec \"$0\" screenshot \"$1\" --size 480x270 --out \"$2\"", TestPaths.tenfoot,
                scene, shot,
            ])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let pixels = try runProcess(
            Tools.ffmpeg!, ["-v", "error", "-i", shot, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        ).stdoutBytes
        let red = stride(from: 0, to: pixels.count - 2, by: 3).filter {
            pixels[$0] > 150 && pixels[$0 + 1] < 80 && pixels[$0 + 2] < 80
        }.count
        #expect(red > 6000, "\(red) red pixels: a poster is not drawn")
    }

    /// A report that cannot be written is a failure: with standard output on a full disk, `path`, `audit --json` and
    /// `audit` said nothing and exited 0, which a CI job reads as a pass.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func aReportThatCannotBeWrittenFails() throws {
        let scene = TestPaths.scenes + "/home.json"
        for args in [["path", scene], ["audit", "--json", scene], ["audit", scene]] {
            let r = try runProcess(
                "/bin/sh", ["-c", #"exec "$0" "$@" > /dev/full"#, TestPaths.tenfoot] + args)
            #expect(r.status == 3, "\(args): \(r.status) \(r.stderr)")
            #expect(
                r.stderr.contains("tenfoot: cannot write to standard output: No space left on device"), "\(r.stderr)")
        }
    }

    /// Only PNG and JPEG are decoded, as their bytes say: other formats cannot be sized before decoding, and a
    /// 30000 × 30000 TGA header of 18 bytes crashed SDL_image (SIGSEGV), a BMP header took 7 GB. Each is a warning at
    /// its place; a PNG named `.tga` is still drawn (issue 34, the fourth attack).
    @Test func picturesOtherThanPNGAndJPEGAreNotDecoded() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
        let tga: [UInt8] = [0, 0, 2] + [UInt8](repeating: 0, count: 9) + le16(30000) + le16(30000) + [24, 0]
        let bmp: [UInt8] =
            Array("BM".utf8) + le32(54) + le32(0) + le32(54) + le32(40) + le32(30000) + le32(30000) + le16(1) + le16(24)
            + [UInt8](repeating: 0, count: 24)
        try Data(tga).write(to: dir.appendingPathComponent("bomb.tga"))
        try Data(bmp).write(to: dir.appendingPathComponent("bomb.bmp"))
        let shot = try tenfoot([
            "screenshot", "home", "--size", "64x36", "--out", dir.appendingPathComponent("p.png").path,
        ])
        #expect(shot.status == 0, "\(shot.stderr)")
        try FileManager.default.moveItem(
            at: dir.appendingPathComponent("p.png"), to: dir.appendingPathComponent("png.tga"))
        let scene = dir.appendingPathComponent("s.json").path
        try
            #"{"root": {"type": "hstack", "children": [{"type": "poster", "id": "a", "image": "bomb.tga"}, {"type": "poster", "id": "b", "image": "bomb.bmp"}, {"type": "poster", "id": "c", "image": "png.tga"}]}}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        for command in ["screenshot", "record"] {
            let out = command == "record" ? dir.path + "/frames/" : dir.appendingPathComponent("x.png").path
            let r = try tenfoot([command, scene, "--moves", "right", "--out", out])
            #expect(r.status == 0, "\(command): exit \(r.status) \(r.stderr)")
            for name in ["bomb.tga", "bomb.bmp"] {
                #expect(
                    r.stderr.contains("image \"\(name)\": the image cannot be decoded: not a PNG or JPEG"),
                    "\(command): \(r.stderr)")
            }
            #expect(!r.stderr.contains("png.tga"), "\(r.stderr)")
        }
    }

    /// A message quotes at most a short piece of what it was given: a 100 KB command name, ten thousand moves or
    /// three thousand unknown options give a message of a few lines (issue 34).
    @Test func messagesEchoInputBriefly() throws {
        let long = String(repeating: "x", count: 100_000)
        for args in [
            [long], ["path", "home"] + Array(repeating: "zz", count: 10_000),
            ["path", "home"] + (0..<3000).map { "--zz\($0)" }, ["path", "home", "--" + long],
            ["record", "home", "--moves", "right", "--out", "x.gif", "--fps", String(repeating: "9", count: 50_000)],
            // Echoed in the message itself: a missing scene, a view, a new scene's name (each line is cut).
            ["path", long + ".json"], ["path", SwiftUICLITests.fixture("FiltersSheet.swift"), "--view", long],
            ["new", long + "/x"], ["path", String(repeating: "\u{1}", count: 5000) + ".json"],
        ] {
            let r = try tenfoot(args)
            #expect(r.status == 2 && r.stderr.utf8.count < 2000, "\(args.prefix(3)): \(r.stderr.utf8.count) bytes")
            // Every line as written: the prefix and the escapes of control characters count (1,011 once).
            let longest = r.stderr.split(separator: "\n").map(\.count).max() ?? 0
            #expect(longest <= 1000, "\(args.prefix(3)): a line of \(longest) characters")
        }
    }

    /// An output that names an input, however it is spelled, is refused before anything is written (issue 34).
    @Test func anOutputThatNamesAnInputIsRefused() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.json").path
        let text = #"{"root": {"type": "button", "id": "a", "title": "A"}, "expect": [{"press": [], "focus": "a"}]}"#
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        try #"{"keys": {}}"#.write(toFile: dir.path + "/m.json", atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scene)
        for args in [
            ["record", scene, "--moves", "right", "--out", dir.path + "/v.gif", "--trace", scene],
            ["record", scene, "--moves", "right", "--out", dir.path + "/v.gif", "--trace", link],
            ["test", scene, "--junit", dir.path + "/./s.json"],
            ["run", scene, "--save-session", scene],
            ["run", scene, "--input-map", dir.path + "/m.json", "--save-session", dir.path + "/m.json"],
        ] {
            let r = try tenfoot(args)
            #expect(r.status == 2 && r.stderr.contains("writing it would replace it"), "\(args): \(r.stderr)")
            #expect(try String(contentsOfFile: scene, encoding: .utf8) == text, "\(args) replaced the scene")
        }
    }

    /// A frames folder replaces only the frames a recording names (`frame-00000.png`…): a picture it holds that is
    /// one of them, drawn by the command, is refused before anything is written, and files named almost like them
    /// are the user's and stay (`preview` deleted `frame-1.png` and `frame-0001.png`, and replaced its own picture).
    @Test func aFramesFolderReplacesOnlyItsFrames() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = dir.appendingPathComponent("fr").path
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        let picture = frames + "/frame-00001.png"
        let shot = try tenfoot(["screenshot", "home", "--size", "64x36", "--out", picture])
        #expect(shot.status == 0, "\(shot.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: picture))
        let env = ["SDL_VIDEODRIVER": "offscreen", "PATH": "/usr/bin:/bin"]
        let scene = dir.appendingPathComponent("s.json").path
        try #"{"root": {"type": "poster", "id": "p", "image": "fr/frame-00001.png"}}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        for args in [
            ["preview", picture, "--size", "64x36", "--turn", "0.1s", "--record", frames + "/"],
            ["preview", dir.path + "/fr/../fr/frame-00001.png", "--size", "64x36", "--record", dir.path + "/fr"],
            ["record", scene, "--moves", "right", "--size", "64x36", "--out", frames + "/"],
        ] {
            let r = try tenfoot(args, env: env)
            #expect(
                r.status == 2 && r.stderr.contains("which the new frames would replace or delete"),
                "\(args): \(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == before, "\(args) replaced the picture")
        }
        try FileManager.default.removeItem(atPath: picture)
        let theirs = ["frame-1.png", "frame-0001.png", "frame-000001.png", "frame-\u{0661}.png", "notes.txt"]
        for name in theirs { try Data("mine".utf8).write(to: URL(fileURLWithPath: frames + "/" + name)) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: frames + "/frame-00099.png"))
        let source = dir.appendingPathComponent("p.png").path
        #expect(try tenfoot(["screenshot", "home", "--size", "64x36", "--out", source]).status == 0)
        let r = try tenfoot(
            ["preview", source, "--size", "64x36", "--turn", "0.1s", "--record", frames + "/"], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: frames)
        #expect(theirs.allSatisfy(left.contains), "\(left.sorted())")
        #expect(!left.contains("frame-00099.png"), "the previous recording's frames are replaced")
    }

    /// No output replaces a picture the scene draws, whichever command writes it: `test --junit`, `diff --out` and
    /// `run --save-session` each replaced one with exit 0 (only screenshot, record and map were checked).
    @Test func noOutputReplacesAPictureTheSceneDraws() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = dir.appendingPathComponent("pic.png").path
        let shot = try tenfoot(["screenshot", "home", "--size", "64x36", "--out", picture])
        #expect(shot.status == 0, "\(shot.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: picture))
        let scene = dir.appendingPathComponent("s.json").path
        try
            #"{"root": {"type": "hstack", "children": [{"type": "poster", "id": "p", "image": "pic.png"}, {"type": "button", "id": "b", "title": "B"}]}, "expect": [{"press": [], "focus": "p"}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        for args in [
            ["test", scene, "--junit", picture], ["diff", scene, "--out", dir.path + "/./pic.png"],
            ["run", scene, "--seconds", "1", "--save-session", picture],
        ] {
            let r = try tenfoot(args, env: ["SDL_VIDEODRIVER": "offscreen", "PATH": "/usr/bin:/bin"])
            #expect(
                r.status == 2 && r.stderr.contains("is the picture \"pic.png\" the scene draws"), "\(args): \(r.stderr)"
            )
            #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == before, "\(args) replaced the picture")
        }
    }

    /// No output replaces a file the screen reads beyond its own pictures: a picture inside a layer list, a picture
    /// of a scene an `open` action reaches, that scene's file, and a page file of `map --all` over a drawn picture
    /// (each replaced with exit 0 in the re-attack of issue 34).
    @Test func outputsNeverReplaceWhatTheScreenReadsBeyondItsOwnPictures() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let shot = try tenfoot(["screenshot", "home", "--size", "64x36", "--out", path("a.png")])
        #expect(shot.status == 0, "\(shot.stderr)")
        for name in ["b.png", "p2.png", "m-sheet-info.png"] {
            try FileManager.default.copyItem(atPath: path("a.png"), toPath: path(name))
        }
        try #"{"layers": [{"image": "a.png"}, {"image": "b.png"}]}"#
            .write(toFile: path("l.layers.json"), atomically: true, encoding: .utf8)
        try
            #"{"root": {"type": "hstack", "children": [{"type": "poster", "id": "p", "image": "l.layers.json"}, {"type": "button", "id": "b", "title": "B", "onSelect": [{"open": "s2.json"}]}]}}"#
            .write(toFile: path("s.json"), atomically: true, encoding: .utf8)
        try #"{"root": {"type": "poster", "id": "q", "image": "p2.png"}}"#
            .write(toFile: path("s2.json"), atomically: true, encoding: .utf8)
        try
            #"{"root": {"type": "poster", "id": "r", "image": "m-sheet-info.png"}, "sheets": [{"type": "sheet", "id": "info", "title": "Info", "children": [{"type": "button", "id": "ok", "title": "OK"}]}]}"#
            .write(toFile: path("m.json"), atomically: true, encoding: .utf8)
        let kept = ["a.png", "p2.png", "s2.json", "m-sheet-info.png"]
        let before = try kept.map { try Data(contentsOf: URL(fileURLWithPath: path($0))) }
        for (args, message) in [
            (["screenshot", path("s.json"), "--out", path("a.png")], #"is a file of the picture "l.layers.json""#),
            (["screenshot", path("s.json"), "--out", path("p2.png")], #"is the picture "p2.png" the scene draws"#),
            (
                ["record", path("s.json"), "--moves", "right", "--out", path("v.gif"), "--trace", path("s2.json")],
                #"is the scene "s2.json" an open action reaches"#
            ),
            (
                ["map", path("m.json"), "--all", "--out", path("m.png")],
                #"is the picture "m-sheet-info.png" the scene draws"#
            ),
        ] {
            let r = try tenfoot(args)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args[0]): \(r.stderr)")
        }
        #expect(try kept.map { try Data(contentsOf: URL(fileURLWithPath: path($0))) } == before)
    }

    /// The fourth attack's lost files: a SwiftUI view's neighbour source and sidecar (test --junit, run
    /// --save-session, even with the sidecar broken), a scene of a folder being tested, another batch line's layer
    /// list, and a picture in a frames folder. Each was replaced with exit 0; each is refused, the files as they were.
    @Test func outputsNeverReplaceSourcesSidecarsOrFramesFolderPictures() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        func write(_ text: String, _ name: String) throws {
            try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        }
        try write(
            "import SwiftUI\n\nstruct Home: View {\n    var body: some View {\n        VStack {\n            Row(title: \"A\")\n            Button(\"B\") {}\n        }\n    }\n}\n",
            "Home.swift")
        try write(
            "import SwiftUI\n\nstruct Row: View {\n    let title: String\n    var body: some View {\n        Button(title) {}\n    }\n}\n",
            "Row.swift")
        try write(#"{"expect": [{"name": "starts on A", "press": [], "focus": ["nowhere"]}]}"#, "Home.tenfoot-sidecar")
        let shot = try tenfoot(["screenshot", "home", "--size", "64x36", "--out", path("a.png")])
        #expect(shot.status == 0, "\(shot.stderr)")
        try FileManager.default.createDirectory(atPath: path("d"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("fr"), withIntermediateDirectories: true)
        for name in ["b.png", "fr/frame-00003.png"] {
            try FileManager.default.copyItem(atPath: path("a.png"), toPath: path(name))
        }
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/home.json", toPath: path("d/home.json"))
        try write(#"{"layers": [{"image": "a.png"}, {"image": "b.png"}]}"#, "art.layers.json")
        try write(#"{"root": {"type": "poster", "id": "p", "image": "art.layers.json"}}"#, "s2.json")
        try write(#"{"root": {"type": "poster", "id": "p", "image": "fr/frame-00003.png"}}"#, "s3.json")
        try write(
            "\(path("s2.json")) --moves right --out \(path("v2.gif"))\nhome --moves right --out \(path("v3.gif")) --trace \(path("art.layers.json"))\n",
            "batch.txt")
        let kept = ["Row.swift", "Home.tenfoot-sidecar", "d/home.json", "art.layers.json", "fr/frame-00003.png"]
        let before = try kept.map { try Data(contentsOf: URL(fileURLWithPath: path($0))) }
        let env = ["SDL_VIDEODRIVER": "offscreen", "PATH": "/usr/bin:/bin"]
        for (args, message) in [
            (["test", path("Home.swift"), "--junit", path("Row.swift")], "is the input"),
            (["test", path("Home.swift"), "--junit", path("Home.tenfoot-sidecar")], "is the input"),
            (["test", dir.path, "--junit", path("Row.swift")], "is the input"),
            (["run", path("Home.swift"), "--seconds", "1", "--save-session", path("Row.swift")], "is the input"),
            (["test", path("d"), "--junit", path("d/home.json")], "is the input"),
            (["record", "--batch", path("batch.txt")], "is the input"),
            (
                ["record", path("s3.json"), "--moves", "right", "--out", path("fr") + "/"],
                "which the new frames would replace or delete"
            ),
        ] {
            let r = try tenfoot(args, env: env)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args.prefix(2)): exit \(r.status) \(r.stderr)")
        }
        #expect(try kept.map { try Data(contentsOf: URL(fileURLWithPath: path($0))) } == before)
    }

    /// Durations and ticks past the tick counter once trapped converting to Int or adding; `@` ticks
    /// near Int.max made `record` render without end.
    @Test(arguments: [
        ["path", "home", "hold", "right", "1e300s"],
        ["path", "home", "wait", "9e15s"],
        ["path", "home", "right", "wait", "1e20ms"],
        ["path", "home", "@9223372036854775807", "right", "right"],
        [
            "screenshot", "home", "--moves", "@9223372036854775807 right wait 1s", "--out",
            "/tmp/tenfoot-never-written.png",
        ],
        ["record", "home", "--moves", "@99999999999999999 right", "--out", "/tmp/tenfoot-never-written/"],
    ])
    func timeBeyondAnHourIsBadInput(_ args: [String]) throws {
        let r = try tenfoot(args)
        #expect(r.status == 2, "\(args): exit \(r.status) \(r.stderr)")
        #expect(r.stderr.contains("longer than an hour") || r.stderr.contains("past an hour"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/tenfoot-never-written.png"))
    }

    /// `--script FILE` is read as scenes are: bad UTF-8 at its line and column, a pipe or a folder
    /// refused without reading, within the script's size limit.
    @Test func scriptsAreReadLikeScenes() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.script").path
        try Data("right\nle\u{FF}ft\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(to: URL(fileURLWithPath: bad))
        let r = try tenfoot(["screenshot", "home", "--script", bad, "--out", dir.appendingPathComponent("x.png").path])
        #expect(r.status == 2 && r.stderr.contains("\(bad):2:3: error: invalid UTF-8"), "exit \(r.status) \(r.stderr)")
        let fifo = dir.appendingPathComponent("pipe.script").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let p = try tenfoot(["screenshot", "home", "--script", fifo, "--out", dir.appendingPathComponent("x.png").path])
        #expect(
            p.status == 2 && p.stderr.contains("\(fifo):1:1: error: cannot read the input script (not a regular file"),
            "exit \(p.status) \(p.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
        // A script's `from` naming no item is reported at its line, not as the option `--from` (which was not given).
        let from = dir.appendingPathComponent("from.script").path
        try "# starts nowhere\nfrom \"zz\"\nright\n".write(toFile: from, atomically: true, encoding: .utf8)
        for args in [
            ["record", "home", "--script", from, "--out", dir.appendingPathComponent("x.gif").path],
            ["screenshot", "home", "--script", from, "--out", dir.appendingPathComponent("x.png").path],
            ["bundle", "home", "--script", from, "--out", dir.appendingPathComponent("b.tenfoot").path],
        ] {
            let f = try tenfoot(args)
            #expect(
                f.status == 2 && f.stderr == "tenfoot: \(from):2:6: error: from: no node with id \"zz\"\n",
                "exit \(f.status) \(f.stderr)")
        }
        let option = try tenfoot([
            "screenshot", "home", "--script", from, "--from", "yy", "--out", dir.appendingPathComponent("x.png").path,
        ])
        #expect(option.status == 2 && option.stderr.contains("--from: no node with id \"yy\""), "\(option.stderr)")
        // An id of 100,000 characters is echoed short, as every other message echoes input.
        let long = String(repeating: "x", count: 100_000)
        let echoed = try tenfoot(["path", "home", "--from", long])
        #expect(
            echoed.status == 2 && echoed.stderr.contains("--from: no node with id \"xxxx"),
            "\(echoed.stderr.prefix(200))")
        #expect(echoed.stderr.utf8.count < 200, "\(echoed.stderr.utf8.count) bytes")
    }

    /// `tenfoot test` escapes a scene's expectation names as every other output does: a line break or an
    /// escape sequence in a name cannot start a line or drive the terminal.
    @Test func testNamesAreEscaped() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.json").path
        try
            #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a"}, {"type": "button", "id": "b"}]}, "expect": [{"name": "line\nbreak \u001b[31mred", "press": ["right"], "focus": "a"}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try tenfoot(["test", scene])
        #expect(r.status == 1, "exit \(r.status) \(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(
            lines.count == 2 && lines[0].hasPrefix("\(scene):1:")
                && lines[0].contains(#": line\nbreak \u001b[31mred: "#), "\(r.stdout.debugDescription)")
        #expect(!r.stdout.contains("\u{1B}"))
    }

    /// A size is exactly WIDTHxHEIGHT: a trailing or doubled `x` once passed as two parts.
    @Test(arguments: ["1280x720x", "x1280x720", "1280xx720", "1280x", "1280x720x1"])
    func sizesWithExtraPartsAreRefused(_ size: String) throws {
        let r = try tenfoot(["screenshot", "home", "--size", size, "--out", "/tmp/tenfoot-never-written.png"])
        #expect(
            r.status == 2 && r.stderr.contains("--size expects WIDTHxHEIGHT"), "\(size): exit \(r.status) \(r.stderr)")
    }

    /// A minified scene, with comments and trailing commas, loads; one with a byte that is not UTF-8
    /// is refused at that byte.
    @Test func scenesAreJSONWithCommentsAndUTF8() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.json").path
        try
            ("// two buttons, minified\n"
            + #"{"root":{"type":"hstack","children":[{"type":"button","id":"a"},/* b */{"type":"button","id":"b",},]}}"#)
            .write(toFile: good, atomically: true, encoding: .utf8)
        let r = try tenfoot(["path", good, "right"])
        #expect(r.status == 0 && r.stdout == "b\n", "\(r.stdout)\(r.stderr)")
        let bad = dir.appendingPathComponent("bad.json").path
        try Data(Array(#"{"root": {"type": "button", "title": "caf"#.utf8) + [0xE9, 0x22, 0x7D, 0x7D]).write(
            to: URL(fileURLWithPath: bad))
        let e = try tenfoot(["path", bad, "right"])
        #expect(e.status == 2 && e.stderr.contains("\(bad):1:42: error: invalid UTF-8: byte 0xE9"), "\(e.stderr)")
    }

    /// A mapping file binding the crown to Int.min detents trapped in abs(); now it is bad input.
    @Test func aCrownOfIntMinIsBadInput() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("keys.json").path
        try #"{ "keyboard": { "x": "crown -9223372036854775808", "x": "up" } }"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try tenfoot(["run", "--input-map", file], env: env)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(
            r.stderr.contains("\(file):1:22: error: unknown event or tool \"crown -9223372036854775808\" for \"x\""))
        #expect(r.stderr.contains("\(file):1:52: error: key \"x\" appears twice in \"keyboard\""))
    }

    /// The schema test reads JSON with comments: it strips them (not inside strings) and trailing
    /// commas, and still refuses what the schema refuses.
    @Test(
        .enabled(
            if: Tools.pythonWithJSONSchema != nil,
            "needs python3 with jsonschema (scripts/setup.sh installs python3-jsonschema)"))
    func theSchemaCheckReadsCommentsAsTenFootDoes() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.json").path
        let bad = dir.appendingPathComponent("bad.json").path
        try """
        // comment
        { "root": { "type": "vstack", /* a, ] */ "children": [
          { "type": "button", "id": "a", "title": "x, ]", }, // "quoted // not a comment"
          { "type": "button", "id": "b\\"//", "title": "/* not */", },
        ], },
        }
        """.write(toFile: good, atomically: true, encoding: .utf8)
        try #"{"root": {"type": "button", "id": "(home)"}} // reserved"#.write(
            toFile: bad, atomically: true, encoding: .utf8)
        let python = try #require(Tools.pythonWithJSONSchema)
        let ok = try runProcess(python, [TestPaths.packageRoot + "/scripts/validate-scenes.py", good])
        #expect(ok.status == 0 && ok.stdout.contains("1 valid, 0 invalid"), "\(ok.stdout)\(ok.stderr)")
        #expect(try tenfoot(["path", good, "down"]).stdout == "b\"//\n")
        let no = try runProcess(python, [TestPaths.packageRoot + "/scripts/validate-scenes.py", bad])
        #expect(no.status == 1 && no.stdout.contains("root/id"), "\(no.stdout)")
    }
}
