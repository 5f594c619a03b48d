import Foundation
import TestSupport
import Testing

/// docs/tutorial.md, followed step by step in a fresh copy of the repository: its files as git has them
/// (tracked, and new ones not ignored — no build products), with `.build` the one under test (so
/// `.build/debug/tenfoot` is the program this suite tests; building it again would take minutes, and
/// `make run` itself is FirstRunTests' job). The page's fenced blocks, in order:
///
/// - ` ```sh `: run with bash from the copy's root, with no display; must succeed; every `--out FILE` it
///   names must then exist.
/// - ` ```text output `: the previous `sh` block's standard output, exactly.
/// - ` ```sh window `: the window, started on a virtual display (xvfb-run) and left open while the edits that
///   follow are saved — each save must reload it — until the next `sh` block.
/// - ` ```json edit=FILE replace=ID ` / ` into=ID ` / ` into=expect `: the edit a reader makes in FILE: the
///   node with that id replaced, a child appended to that container, an expectation appended.
/// - ` ```sh setup ` (cloning, `make run`) and blocks with other info strings are for reading only.
///
/// `TENFOOT_TUTORIAL_IMAGES=DIR` copies the pictures the commands made into DIR (how docs/images/tutorial was
/// made).
@Suite(.serialized) struct TutorialTests {
    struct Block {
        var info: [String]
        var body: String
        var line: Int
    }

    /// The fenced blocks of a Markdown text.
    static func blocks(_ text: String) -> [Block] {
        var out: [Block] = []
        var current: (info: [String], lines: [String], line: Int)?
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let c = current {
                    out.append(Block(info: c.info, body: c.lines.joined(separator: "\n"), line: c.line))
                    current = nil
                } else {
                    current = (line.dropFirst(3).split(separator: " ").map(String.init), [], k + 1)
                }
            } else if current != nil {
                current!.lines.append(String(line))
            }
        }
        return out
    }

    /// A copy of the repository's files as git has them, with the build under test as its `.build`.
    static func freshCopy() throws -> String {
        let root = TestPaths.packageRoot
        let git = try #require(Tools.find("git"), "needs git")
        let files = try runProcess(
            git, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], currentDirectory: root)
        #expect(files.status == 0, "git ls-files: \(files.stderr)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-tutorial-\(UUID().uuidString)")
            .path
        let fm = FileManager.default
        for path in files.stdout.split(separator: "\0").map(String.init) where fm.fileExists(atPath: root + "/" + path)
        {
            let target = dir + "/" + path
            try fm.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if let link = try? fm.destinationOfSymbolicLink(atPath: root + "/" + path) {
                try fm.createSymbolicLink(atPath: target, withDestinationPath: link)
            } else {
                try fm.copyItem(atPath: root + "/" + path, toPath: target)
            }
        }
        try fm.createSymbolicLink(atPath: dir + "/.build", withDestinationPath: root + "/.build")
        return dir
    }

    /// Applies a reader's edit to a scene file: `replace=ID` puts `json` in place of the node with that id,
    /// `into=ID` appends it to that container's children, `into=expect` to the expectations.
    static func edit(_ file: String, with json: String, _ info: [String]) throws {
        let scene = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let node = try JSONSerialization.jsonObject(with: Data(json.utf8))
        func attribute(_ name: String) -> String? {
            info.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
        }
        var done = false
        /// `value` with the edit made inside it.
        func apply(_ value: Any) -> Any {
            if var list = value as? [Any] {
                for k in list.indices { list[k] = apply(list[k]) }
                return list
            }
            guard var object = value as? [String: Any] else { return value }
            if let id = attribute("replace"), object["id"] as? String == id {
                done = true
                return node
            }
            if let id = attribute("into"), object["id"] as? String == id {
                object["children"] = (object["children"] as? [Any] ?? []) + [node]
                done = true
                return object
            }
            for (key, child) in object { object[key] = apply(child) }
            return object
        }
        var edited = scene
        if attribute("into") == "expect" {
            edited["expect"] = (scene["expect"] as? [Any] ?? []) + [node]
            done = true
        } else {
            edited = apply(scene) as! [String: Any]
        }
        #expect(done, "the edit \(info) found nothing to change in \(file)")
        let data = try JSONSerialization.data(
            withJSONObject: edited, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try data.write(to: URL(fileURLWithPath: file))
    }

    static let xvfbRun = Tools.find("xvfb-run")
    static let timeout = Tools.find("timeout")

    @Test func theTutorialWorksAsWritten() throws {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/docs/tutorial.md", encoding: .utf8)
        let blocks = Self.blocks(text)
        #expect(blocks.filter { $0.info == ["sh"] }.count >= 5)
        let dir = try Self.freshCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        // xvfb-run's folder for its auth file goes in ours: `timeout` ends it before it can remove the folder.
        env["TMPDIR"] = dir
        let images = env["TENFOOT_TUTORIAL_IMAGES"]
        env["TENFOOT_TUTORIAL_IMAGES"] = nil

        var lastOutput: String?
        /// The window of a `sh window` block: the process, its stderr file, and edits saved while it ran.
        var window: (process: Process, log: URL, edits: Int)?
        func closeWindow() throws {
            guard let w = window else { return }
            window = nil
            #expect(
                w.process.isRunning,
                "the window ended early: \((try? String(contentsOf: w.log, encoding: .utf8)) ?? "")")
            // `timeout` leads its own process group: xvfb-run, Xvfb and the window are in it.
            let group = -w.process.processIdentifier
            kill(group, SIGTERM)
            for _ in 0..<100 where w.process.isRunning { usleep(100_000) }
            if w.process.isRunning { kill(group, SIGKILL) }
        }

        for block in blocks {
            let place = "docs/tutorial.md:\(block.line)"
            switch block.info.first {
            case "sh" where block.info.count == 1:
                try closeWindow()
                let r = try runProcess(
                    "/bin/bash", ["-e", "-c", block.body], environment: env, currentDirectory: dir, timeout: 300)
                #expect(r.status == 0, "\(place): \(block.body)\n\(r.stdout)\(r.stderr)")
                lastOutput = r.stdout
                // Every file it writes is there.
                let words = block.body.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
                for (k, word) in words.enumerated() where word == "--out" && k + 1 < words.count {
                    let out = dir + "/" + words[k + 1]
                    #expect(FileManager.default.fileExists(atPath: out), "\(place): \(words[k + 1]) was not written")
                    if let images {
                        try? FileManager.default.removeItem(atPath: images + "/" + words[k + 1])
                        try FileManager.default.copyItem(atPath: out, toPath: images + "/" + words[k + 1])
                    }
                }
            case "text" where block.info.contains("output"):
                let shown = block.body.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(
                    lastOutput?.trimmingCharacters(in: .whitespacesAndNewlines) == shown,
                    "\(place): the output shown is not what the command printed:\n\(lastOutput ?? "nothing")")
            case "sh" where block.info.contains("window"):
                guard let xvfbRun = Self.xvfbRun, let timeout = Self.timeout else {
                    // Without a virtual display the window step is left out (CI must have one).
                    if Tools.onCI { Issue.record("\(place): xvfb-run and timeout are needed for the window step") }
                    continue
                }
                let log = URL(fileURLWithPath: dir + "/.window-\(block.line).log")
                _ = FileManager.default.createFile(atPath: log.path, contents: nil)
                let p = Process()
                p.executableURL = URL(fileURLWithPath: timeout)
                p.arguments = ["120", xvfbRun, "-a", "/bin/bash", "-c", block.body]
                p.environment = env
                p.currentDirectoryURL = URL(fileURLWithPath: dir)
                p.standardError = try FileHandle(forWritingTo: log)
                p.standardOutput = FileHandle.nullDevice
                try p.run()
                window = (p, log, 0)
                // The window is up once it has run a while without failing.
                sleep(3)
                #expect(
                    p.isRunning,
                    "\(place): the window did not stay open: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            case "json" where block.info.contains(where: { $0.hasPrefix("edit=") }):
                let file = String(block.info.first { $0.hasPrefix("edit=") }!.dropFirst(5))
                try Self.edit(dir + "/" + file, with: block.body, block.info)
                if var w = window {
                    // The open window reloads the saved file.
                    w.edits += 1
                    window = w
                    var log = ""
                    for _ in 0..<100 {
                        log = (try? String(contentsOf: w.log, encoding: .utf8)) ?? ""
                        if log.components(separatedBy: "tenfoot: reloaded").count - 1 >= w.edits { break }
                        usleep(100_000)
                    }
                    #expect(
                        log.components(separatedBy: "tenfoot: reloaded").count - 1 >= w.edits,
                        "\(place): the window did not reload after the edit:\n\(log)")
                }
            default:
                continue
            }
        }
        try closeWindow()

        // Every picture the page shows is in the repository.
        for match in text.matches(of: #/!\[[^\]]*\]\(([^)]+)\)/#) {
            let path = TestPaths.packageRoot + "/docs/" + match.1
            #expect(FileManager.default.fileExists(atPath: path), "docs/tutorial.md shows \(match.1), which is missing")
        }
    }
}
