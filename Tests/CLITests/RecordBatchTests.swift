import Foundation
import TenFootSim
import TestSupport
import Testing

@testable import TenFootCLI

/// `record --batch FILE --shard K/N`: the file read and checked in process (its words, its errors at
/// `FILE:line:column`, the shards' partition), then batches recorded by the built binary.
/// Every option of every command that takes a file is known as one that writes it or one that reads it, so the
/// check that an output never names an input (`CLI.refuseOverwritingInputs`) misses none.
@Suite struct FileOptionTests {
    @Test func everyFileOptionIsAnInputOrAnOutput() {
        for command in CLI.commands {
            for option in command.declaration.allOptions {
                guard case .file? = option.kind else { continue }
                #expect(
                    CLI.outputOptions.contains(option.name) != CLI.inputOptions.contains(option.name),
                    "\(command.declaration.name) \(option.name)")
            }
        }
    }
}

@Suite struct RecordBatchTests {
    func tempDir(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-batch-test-\(getpid())-\(name)-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func tenfoot(_ args: [String], in folder: String) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        return try runProcess(TestPaths.tenfoot, args, environment: env, currentDirectory: folder, timeout: 300)
    }

    func words(_ line: String) throws -> [String] {
        try RecordBatch.words(Substring(line), file: "b.txt", line: 1).map(\.text)
    }

    @Test func linesAreQuotedAsInAShell() throws {
        #expect(
            try words(#"home --moves "right*3 down" --out out/a.mp4"#) == [
                "home", "--moves", "right*3 down", "--out", "out/a.mp4",
            ])
        #expect(
            try words(#"'my scene.json' --moves=right\ down --out a\'s/"#) == [
                "my scene.json", "--moves=right down", "--out", "a's/",
            ])
        #expect(
            try words(#"home --moves 'type "x"' --out "a\"b\\c/"  # a comment"#) == [
                "home", "--moves", #"type "x""#, "--out", #"a"b\c/"#,
            ])
        #expect(
            try words(#"home --out "a\b\n/" x\y"#) == ["home", "--out", #"a\b\n/"#, "xy"],
            "in \"…\" a backslash before another character stays")
        #expect(try words("   # only a comment") == [])
        #expect(try words("\thome\t--out\tx/") == ["home", "--out", "x/"])
        #expect(try words(#"a#b "" c"#) == ["a#b", "", "c"], "# inside a word is text; \"\" is an empty word")
        let columns = try RecordBatch.words(#"  home  --out "x y/""#, file: "b.txt", line: 1).map(\.column)
        #expect(columns == [3, 9, 15])
    }

    /// Every problem of every line at once, each at its line and column, and nothing recorded.
    @Test func brokenLinesAreReportedAtTheirLineAndColumn() throws {
        let dir = try tempDir("broken")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/b.txt"
        try "wait 30s\n".write(toFile: dir + "/long.script", atomically: true, encoding: .utf8)
        let bundle = TestPaths.packageRoot + "/Tests/CLITests/Fixtures/navigation.tenfoot"
        try """
        # recordings
        home --moves "right down --out a/
        home --moves right --out b/ --sise 3x3
        home --moves right --out c/
        home --moves right --out c/
        home --moves right --out d.mp4 --shard 1/2
        home --moves right
        home --moves right --out e/ --fps 7
        home --moves right --out f/ \\
        home --moves right --out g.mp4
        home --moves left --out g.gif
        home --moves right --out h.gif
        home --moves left --out ./h.gif
        home --moves left --out nowhere/../h.gif
        home --moves right --out k/
        home --moves left --out k/frame-00001.png/
        home --moves "right bogus" --out m.gif
        home --moves=zz --out n.gif
        home --moves=do'wn bo'gus --out o.gif
        home --moves 'down' --moves 'up'" "'zz' --out p.gif
        home --moves 'type "🇺''🇸" bogus' --out q.gif
        home --moves "right" --out r.gif --trace --moves
        home --moves=right --out=--moves
        home --moves "right \\"x\\" bogus" --out s.gif
        home --moves "wait 3600s" --gap 0.1s --out t.gif
        home --moves "wait 3600s" --out t.gif
        home --moves "right*50" --preset presentation --size 640x360 --out u.gif
        home --script \(dir)/long.script --size 640x360 --out v.gif
        \(bundle) --size 3840x2160 --out w.gif
        home --moves right --size 641x360 --out x.mp4
        \(bundle) --moves "right*50" --out y.gif

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let e = try #require(throws: CLIError.self) { try RecordBatch.read(file, shared: []) }
        #expect(e.code == 2)
        let lines = e.message.split(separator: "\n").map(String.init)
        #expect(lines.first == "the batch does not load:")
        let expected = [
            "\(file):2:14: error: the quote \" is not closed on its line (a recording is one line)",
            "\(file):3:29: error: unknown option --sise; did you mean --size?",
            "\(file):5:20: error: --out \"c/\": line 4 writes the same file; each recording needs its own outputs",
            "\(file):6:32: error: --shard is given on the command line, not on a line of the batch",
            "\(file):7:1: error: record needs --out FILE|DIR/",
            "\(file):8:29: error: --fps must divide 1200 (the simulator's ticks per second) and be at most 120, like 24, 25, 30, 50 or 60; got 7",
            "\(file):9:29: error: the line ends with \\ (a recording is one line; write \\\\ for a backslash)",
            "\(file):11:19: error: --out \"g.gif\" writes its captions to \"g.vtt\", and line 10 writes the same file; each recording needs its own outputs",
            // The same file however it is written (and its captions are not reported again).
            "\(file):13:19: error: --out \"./h.gif\": line 12 writes the same file; each recording needs its own outputs",
            "\(file):14:19: error: --out \"nowhere/../h.gif\": line 12 writes the same file; each recording needs its own outputs",
            // Inside another line's frames folder.
            "\(file):16:19: error: --out \"k/frame-00001.png/\" is inside \"k/\", the frames folder of line 15, which holds its frames alone; each recording needs its own outputs",
            // Steps given inline, read before anything is recorded, at their place in the line.
            "\(file):17:21: error: unknown step \"bogus\"",
            "\(file):18:14: error: unknown step \"zz\"; did you mean do?",
            // Quotes before the bad step do not shift it; a repeated option is read, and placed, at its last.
            "\(file):19:20: error: unknown step \"bogus\"",
            "\(file):20:37: error: unknown step \"zz\"; did you mean do?",
            // Characters on either side of quotes that join into one (a flag's two halves) count as one.
            "\(file):21:27: error: unknown step \"bogus\"",
            // A problem is placed at the option it names first, at its last use (the one left without a value).
            "\(file):22:34: error: --trace needs a value (--trace FILE.json)",
            "\(file):22:42: error: --moves needs a value (--moves STEPS)",
            "\(file):23:20: error: --out: cannot tell the format of --moves (no extension); use .mp4, .webm, .gif or a folder ending in /",
            // An escaped character is written from its backslash.
            "\(file):24:21: error: unknown step \"x\"; did you mean do?",
            // Outputs are compared with the other lines' (a GIF has no length limit but the hour).
            "\(file):26:27: error: --out \"t.gif\": line 25 writes the same file; each recording needs its own outputs",
            "\(file):30:20: error: --size 641x360: H.264 and VP9 in yuv420p need an even width and height",
            // Options a bundle fixes, refused at the first (a too-long --moves was reported instead).
            "\(file):31:\(bundle.utf8.count + 2): error: \(bundle) is a bundle: it replays its own input, starting focus and policy, so --moves cannot be given with it (give its scene instead to change them)",
        ]
        for line in expected {
            #expect(
                lines.contains(line),
                "missing: \(line)\nin:\n\(e.message)")
        }
        #expect(!lines.contains { $0.contains("./h.vtt") }, "\(e.message)")

        try "# nothing to record\n\n".write(toFile: file, atomically: true, encoding: .utf8)
        let empty = try #require(throws: CLIError.self) { try RecordBatch.read(file, shared: []) }
        #expect(empty.message.hasPrefix("\(file):1:1: error: the batch file has no recordings"), "\(empty.message)")
        let missing = try #require(throws: CLIError.self) { try RecordBatch.read(dir + "/none.txt", shared: []) }
        #expect(
            missing.message.contains("none.txt:1:1: error: cannot read the batch file (missing or unreadable)"),
            "\(missing.message)")
    }

    /// The settings check reads each line's script file once however many lines name it, and at most its budget of
    /// them: a refused batch of 100 lines naming one 16 MB script took 38 s.
    /// A name that is a symbolic link writes the file it leads to, even one not there yet: `alink.gif` → `a.gif` was
    /// taken for another output, both were "written", and one recording was lost. A hard link is its file.
    @Test func anOutputThatIsALinkToAnotherIsTheSameFile() throws {
        let dir = try tempDir("alias")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/alink.gif", withDestinationPath: "a.gif")
        try FileManager.default.createSymbolicLink(atPath: dir + "/blink.gif", withDestinationPath: "alink.gif")
        let file = dir + "/b.txt"
        try "home --moves right --out \(dir)/a.gif\nhome --moves left --out \(dir)/blink.gif\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let e = try #require(throws: CLIError.self) { try RecordBatch.read(file, shared: []) }
        #expect(
            e.message.contains(
                "\(file):2:19: error: --out \"\(dir)/blink.gif\": line 1 writes the same file; each recording needs its own outputs"
            ), "\(e.message)")
        // A hard link to a file already there is that file too (both lines were recorded, one after the other).
        try Data("an earlier video".utf8).write(to: URL(fileURLWithPath: dir + "/c.mp4"))
        #expect(link(dir + "/c.mp4", dir + "/hard.mp4") == 0)
        try "home --moves right --out \(dir)/c.mp4\nhome --moves left --out \(dir)/hard.mp4\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let hard = try #require(throws: CLIError.self) { try RecordBatch.read(file, shared: []) }
        #expect(
            hard.message.contains(
                "\(file):2:19: error: --out \"\(dir)/hard.mp4\": line 1 writes the same file; each recording needs its own outputs"
            ), "\(hard.message)")
    }

    @Test func theCheckReadsEachScriptOnceWithinItsBudget() throws {
        let dir = try tempDir("played")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/s.script"
        try "wait 1s\n".write(toFile: script, atomically: true, encoding: .utf8)
        func line(_ extra: [String] = []) throws -> ParsedArguments {
            try ParsedArguments(["home", "--script", script, "--out", "a/"] + extra, for: RecordCommand.declaration)
        }
        var played = RecordBatch.PlayedScripts()
        #expect(played.script(try line())?.endTick == TenFootSim.Clock.ticks(seconds: 1))
        try "wait 2s\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(played.script(try line())?.endTick == TenFootSim.Clock.ticks(seconds: 1), "read once")
        #expect(
            played.script(try line(["--gap", "0.5s"]))?.endTick == TenFootSim.Clock.ticks(seconds: 2),
            "another --gap reads again")
        var small = RecordBatch.PlayedScripts(maxBytes: 7)
        #expect(small.script(try line()) == nil, "8 bytes, past the budget")
        var folder = RecordBatch.PlayedScripts()
        #expect(
            folder.script(
                try ParsedArguments(["home", "--script", dir, "--out", "a/"], for: RecordCommand.declaration)) == nil)
    }

    /// Options given with --batch apply to every line that does not give its own; the parser refuses
    /// what belongs on a line, and --shard without --batch.
    @Test func sharedOptionsAndTheCommandLine() throws {
        let dir = try tempDir("shared")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/b.txt"
        try "home --moves right --out a/\nhome --moves right --out b/ --size=640x360\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let entries = try RecordBatch.read(file, shared: [("--size", "320x180"), ("--fps", "10")])
        #expect(entries.map { $0.parsed.value(CommonOptions.size) } == ["320x180", "640x360"])
        #expect(entries.map { $0.parsed.value(RecordCommand.fps) } == ["10", "10"])
        // A bundle's line takes the shared picture options, not the policy or gap the bundle fixes.
        try "bug.tenfoot --out a/\nhome --moves right --out b/\n".write(toFile: file, atomically: true, encoding: .utf8)
        let withBundle = try RecordBatch.read(
            file, shared: [("--policy", "web"), ("--gap", "0.2"), ("--size", "320x180")])
        #expect(withBundle.map { $0.parsed.value(CommonOptions.policy) } == [nil, "web"])
        #expect(withBundle.map { $0.parsed.value(CommonOptions.gap) } == [nil, "0.2"])
        #expect(withBundle.map { $0.parsed.value(CommonOptions.size) } == ["320x180", "320x180"])
        // Only the scene makes a line a bundle's: a script named `m.tenfoot` lost the shared --gap.
        try "wait 1s\n".write(toFile: dir + "/m.tenfoot", atomically: true, encoding: .utf8)
        try "home --script \(dir)/m.tenfoot --out a/\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try RecordBatch.read(file, shared: [("--gap", "0.2")]).map { $0.parsed.value(CommonOptions.gap) } == ["0.2"]
        )
        // A shared value the settings refuse is said to come from the command line, not blamed on the line.
        try "home --moves right --out a.mp4\n".write(toFile: file, atomically: true, encoding: .utf8)
        let odd = try #require(throws: CLIError.self) { try RecordBatch.read(file, shared: [("--size", "641x361")]) }
        #expect(
            odd.message.contains(
                "\(file):1:1: error: --size 641x361: H.264 and VP9 in yuv420p need an even width and height (--size is given with --batch)"
            ), "\(odd.message)")
        let decl = RecordCommand.declaration
        for (args, words) in [
            (["--batch", file, "home"], "give SCENE on the file's lines, not here (got home)"),
            (["--batch", file, "--out", "x/"], "--out goes on each line of the --batch file, not with --batch"),
            (
                ["home", "--moves", "right", "--out", "x/", "--shard", "1/2"],
                "--shard splits a batch: give --batch FILE with it"
            ),
        ] {
            let e = try #require(throws: CLIError.self) { try ParsedArguments(args, for: decl) }
            #expect(e.message.contains(words), "\(args): \(e.message)")
        }
        #expect(throws: Never.self) {
            _ = try ParsedArguments(
                ["--batch", file, "--shard", "2/3", "--size", "320x180", "--policy", "web"], for: decl)
        }
    }

    /// The shards of a batch, K = 1…N, take every recording exactly once, whatever the order of the
    /// lines, for every N up to beyond the number of recordings (the extra shards are empty).
    @Test func theShardsTakeEveryRecordingOnce() throws {
        let dir = try tempDir("partition")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outputs = (0..<11).map { "out/r\($0 * 7 % 11)/" } + ["out/a.mp4", "out/b.gif"]
        let file = dir + "/b.txt"
        let reversed = dir + "/r.txt"
        try outputs.map { "home --moves right --out \($0)" }.joined(separator: "\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        try outputs.reversed().map { "home --moves right --out \($0)" }.joined(separator: "\n").write(
            toFile: reversed, atomically: true, encoding: .utf8)
        let entries = try RecordBatch.read(file, shared: [])
        let other = try RecordBatch.read(reversed, shared: [])
        for n in 1...16 {
            var taken: [String] = []
            for k in 1...n {
                let shard = Shard(index: k, count: n)
                let mine = shard.deal(entries) { $0.output }.map(\.output)
                #expect(
                    mine == shard.deal(other) { $0.output }.map(\.output),
                    "the lines' order changes nothing (\(k)/\(n))")
                #expect(
                    mine.count == outputs.count / n + (k <= outputs.count % n ? 1 : 0), "round-robin sizes (\(k)/\(n))")
                taken += mine
            }
            #expect(taken.sorted() == outputs.sorted(), "N = \(n): every recording exactly once")
        }
        // test --shard and record --shard deal alike: sorted by the key, index i to shard i mod N + 1.
        #expect(Shard(index: 2, count: 3).deal(["e", "a", "d", "c", "b", "a"]) { $0 } == ["b", "e"])
    }

    /// A batch through the binary: every recording written whole, a broken scene reported and the
    /// rest recorded, the summary, the exit status of the failure; and the shards of the same batch
    /// writing every output once between them.
    @Test func aBatchRecordsEveryLineAndSaysWhatFailed() throws {
        let dir = try tempDir("run")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        home --moves "right down" --out whole/a/ --trace whole/a.json
        missing.json --moves right --out whole/missing/
        home --moves right --out whole/b/ --appearance light
        """.write(toFile: dir + "/b.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/whole", withIntermediateDirectories: true)
        let r = try tenfoot(["record", "--batch", "b.txt", "--size", "160x90", "--fps", "5", "--hold", "0"], in: dir)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("written: whole/a/, whole/b/\n"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "failed: whole/missing/ (b.txt:2, exit 2): cannot load the scene: missing.json:1:1: error: cannot read the file (missing or unreadable)"
            ), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("2 written, 1 failed\n"), "\(r.stdout)")
        #expect(r.stderr.contains("b.txt:2: whole/missing/: cannot load the scene:"), "\(r.stderr)")
        let fm = FileManager.default
        #expect(
            try fm.contentsOfDirectory(atPath: dir + "/whole").sorted() == ["a", "a.json", "b"],
            "the failed one leaves nothing behind")
        let single = try tenfoot(
            [
                "record", "home", "--moves", "right down", "--size", "160x90", "--fps", "5", "--hold", "0", "--out",
                "single/",
            ], in: dir)
        #expect(single.status == 0, "\(single.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: dir + "/single") == fm.contentsOfDirectory(atPath: dir + "/whole/a"))
        for name in try fm.contentsOfDirectory(atPath: dir + "/single") {
            #expect(
                fm.contentsEqual(atPath: dir + "/single/" + name, andPath: dir + "/whole/a/" + name),
                "a batch's frames are the command line's")
        }

        // Four shards of a batch of five: each output once, an empty shard is no failure.
        try (1...5).map { "home --moves right --out sharded/r\($0)/" }.joined(separator: "\n").write(
            toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        var said: [String] = []
        for k in 1...6 {
            let s = try tenfoot(
                ["record", "--batch", "s.txt", "--shard", "\(k)/6", "--size", "160x90", "--fps", "5", "--hold", "0"],
                in: dir)
            #expect(s.status == 0, "\(k)/6: \(s.stdout)\(s.stderr)")
            #expect(s.stdout.hasPrefix("s.txt, shard \(k)/6: \(k <= 5 ? 1 : 0) of 5 recordings\n"), "\(s.stdout)")
            said += s.stdout.split(separator: "\n").filter { $0.hasPrefix("written: ") }.map { String($0.dropFirst(9)) }
        }
        #expect(said.sorted() == (1...5).map { "sharded/r\($0)/" })
        #expect(try fm.contentsOfDirectory(atPath: dir + "/sharded").sorted() == (1...5).map { "r\($0)" })
    }

    /// One process records a bundle whose scene is `navigation.json` and then a `navigation.json` of
    /// the current folder: the second opens its own detail screen from the disk, not the bundle's
    /// (the loader follows where a scene came from, not its name).
    @Test func aBundleAndASceneOfTheSameNameOpenTheirOwnFiles() throws {
        let dir = try tempDir("same-name")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/details", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestPaths.packageRoot + "/Tests/CLITests/Fixtures/navigation.tenfoot", toPath: dir + "/nav.tenfoot")
        try
            #"{"name": "N", "root": {"type": "vstack", "children": [{"type": "button", "id": "go", "title": "Go", "onSelect": [{"open": "details/static.json"}]}]}}"#
            .write(toFile: dir + "/navigation.json", atomically: true, encoding: .utf8)
        try
            #"{"name": "D", "root": {"type": "vstack", "children": [{"type": "button", "id": "local", "title": "Local"}]}}"#
            .write(toFile: dir + "/details/static.json", atomically: true, encoding: .utf8)
        try "nav.tenfoot --out a/\nnavigation.json --moves select --out b/ --trace b.json\n".write(
            toFile: dir + "/b.txt", atomically: true, encoding: .utf8)
        let r = try tenfoot(["record", "--batch", "b.txt", "--size", "160x90", "--fps", "5", "--hold", "0"], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let trace = try String(contentsOfFile: dir + "/b.json", encoding: .utf8)
        #expect(trace.contains(#""finalFocus": "local""#), "\(trace)")
    }

    /// Ctrl-C in the middle of a batch: the recording finished before it is in place and whole, the
    /// one under way leaves nothing (no partial file), the rest are not started; exit 130.
    @Test(.enabled(if: Tools.find("ffmpeg") != nil, "needs ffmpeg"))
    func anInterruptedBatchLeavesEachOutputWholeOrAbsent() throws {
        let dir = try tempDir("interrupted")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        home --moves right --size 160x90 --fps 5 --hold 0 --out first/ --trace first.json
        home --moves right --size 320x180 --hold 600 --out long.mp4
        home --moves right --size 160x90 --fps 5 --hold 0 --out never/
        """.write(toFile: dir + "/b.txt", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
        process.arguments = ["record", "--batch", "b.txt"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        let outURL = URL(fileURLWithPath: dir + "/../" + (dir as NSString).lastPathComponent + ".out")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL) }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        let errURL = URL(fileURLWithPath: outURL.path + ".err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        // The first recording is in place when its trace is; then wait for the second one's encoder.
        var encoding = false
        for _ in 0..<400 where !encoding {
            usleep(50_000)
            encoding =
                FileManager.default.fileExists(atPath: dir + "/first.json")
                && ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).contains { name in
                    guard let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                        let close = stat.lastIndex(of: ")")
                    else { return false }
                    let fields = stat[stat.index(after: close)...].split(separator: " ")
                    return fields.count > 1 && Int32(fields[1]) == process.processIdentifier
                }
        }
        #expect(encoding, "the second recording never started encoding")
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let out = try String(contentsOf: outURL, encoding: .utf8)
        #expect(out.hasSuffix("written: first/\n1 written, 0 failed, 2 not recorded (interrupted)\n"), "\(out)")
        // Said on standard error too, as a single recording says it.
        let said = try String(contentsOf: errURL, encoding: .utf8)
        #expect(said.hasSuffix("tenfoot: interrupted\n"), "\(said)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(
            left == ["b.txt", "first", "first.json"],
            "nothing of the interrupted or unstarted recordings, no temporaries")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir + "/first").sorted() == [
                "frame-00000.png", "frame-00001.png",
            ])
    }
}
