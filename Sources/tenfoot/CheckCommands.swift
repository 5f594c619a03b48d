import Foundation
import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSDL

/// `tenfoot explain`: the debugger table for one swipe.
enum ExplainCommand {
    static let help = """
        Usage: tenfoot explain SCENE [--from ID] DIRECTION [--policy tvos|android|web] [--json]
        Every node the search considered, with its distance or score, or the reason it was rejected;
        the route (section or guide) and the result. DIRECTION is up, down, left or right; without --from
        the search starts at the scene's initial focus.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help", "--json"], options: ["--from", "--policy"])
        if p.flag("--help") { print(help); return 0 }
        guard p.positional.count == 2 else { throw CLIError.usage("explain needs SCENE and DIRECTION (see tenfoot explain --help)") }
        guard let d = Direction(rawValue: p.positional[1]) else { throw CLIError.usage("DIRECTION must be up, down, left or right, got \(p.positional[1])") }
        let scene = try CLI.loadScene(p.positional[0])
        let sim = try CLI.makeSimulator(scene, policy: try p.policy(), from: p.option("--from"))
        guard let from = sim.focused, let e = sim.system.explain(from: from, d) else { throw CLIError.usage("nothing is focused to explain from") }
        if p.flag("--json") {
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try enc.encode(e), as: UTF8.self))
        } else {
            print(e.text)
        }
        return 0
    }
}

/// `tenfoot audit`: the focus graph's problems.
enum AuditCommand {
    static let help = """
        Usage: tenfoot audit SCENE [--json] [--strict] [--policy P]
        Items no swipe reaches from the initial focus, dead ends, one-way moves, traps, guides that never
        fire and sections that never catch. --strict exits 1 when anything is found.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help", "--json", "--strict"], options: ["--policy"])
        if p.flag("--help") { print(help); return 0 }
        guard p.positional.count == 1 else { throw CLIError.usage("audit needs one SCENE (see tenfoot audit --help)") }
        let scene = try CLI.loadScene(p.positional[0])
        let sim = try CLI.makeSimulator(scene, policy: try p.policy(), from: nil)
        let a = sim.system.audit(initial: sim.focused)
        let lint = SceneLint.run(scene, measurer: CLI.textMeasurer)
        if p.flag("--json") {
            struct Report: Encodable { var graph: FocusAudit; var lint: [Diagnostic] }
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys]
            let report = Report(graph: a, lint: lint)
            print(String(decoding: try enc.encode(report), as: UTF8.self))
        } else {
            print(text(a, file: p.positional[0]))
            if !lint.isEmpty {
                print("lint (\(lint.count)):")
                for d in lint { print("  \(d)") }
            }
        }
        return p.flag("--strict") && (!a.isClean || !lint.isEmpty) ? ExitCode.checkFailed : 0
    }

    static func text(_ a: FocusAudit, file: String) -> String {
        var lines = ["audit \(file): \(a.items.count) focusable items, \(a.edges.count) moves, initial focus \(a.initial ?? "none")"]
        func section(_ title: String, _ rows: [String]) {
            guard !rows.isEmpty else { return }
            lines.append("\(title) (\(rows.count)):")
            lines += rows.map { "  " + $0 }
        }
        section("unreachable from the initial focus", a.unreachable)
        section("dead ends (no swipe leaves)", a.deadEnds)
        section("one-way moves", a.oneWay.map { "\($0.from) \($0.direction.rawValue) → \($0.to), but \($0.direction.opposite.rawValue) does not return" })
        section("traps (entered, never left)", a.traps.map { $0.joined(separator: ", ") })
        section("guides that never fire", a.guidesThatNeverFire)
        section("sections that never catch", a.sectionsThatNeverCatch)
        if a.isClean { lines.append("no focus graph problems found") }
        return lines.joined(separator: "\n")
    }
}

/// `tenfoot test`: runs the scenes' `expect` blocks.
enum TestCommand {
    static let help = """
        Usage: tenfoot test [SCENE|DIR]... [--junit FILE]
        Runs every `expect` block (default: the scenes/ folder). Prints one line per failing expectation
        with the path actually taken, then `N passed, N failed`. Exit 1 on any failure or when nothing
        was tested; --junit writes JUnit XML for CI systems.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help"], options: ["--junit"])
        if p.flag("--help") { print(help); return 0 }
        var files: [String] = []
        for target in p.positional.isEmpty ? ["scenes"] : p.positional {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: target, isDirectory: &isDir) else { throw CLIError.usage("no such file or folder: \(target)") }
            if isDir.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
                // In a folder, only scene files count: other JSON (traces, mapping files) is skipped.
                for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
                    let path = (target as NSString).appendingPathComponent(name)
                    if isScene(path) { files.append(path) } else {
                        FileHandle.standardError.write(Data("tenfoot: skipped \(path): not a scene file (no \"root\")\n".utf8))
                    }
                }
            } else {
                files.append(target)
            }
        }
        var results: [ExpectationResult] = []
        var loadErrors: [String] = []
        for f in files {
            do { results += ExpectationRunner.run(try SceneDecoder.load(path: f), loader: SceneDecoder.fileLoader, measurer: CLI.textMeasurer) } catch {
                loadErrors.append(error.description)
            }
        }
        for e in loadErrors { FileHandle.standardError.write(Data((e + "\n").utf8)) }
        for r in results where !r.passed {
            print("\(r.scene):\(r.location.line):\(r.location.column): \(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
        let passed = results.filter(\.passed).count, failed = results.count - passed + loadErrors.count
        if let junit = p.option("--junit") { try writeJUnit(results, loadErrors: loadErrors, to: junit) }
        print("\(passed) passed, \(failed) failed")
        if !loadErrors.isEmpty { return ExitCode.usage }
        return failed > 0 || results.isEmpty ? ExitCode.checkFailed : 0
    }

    /// A JSON file with a top-level "root" (a file that does not parse counts, so its error is shown).
    static func isScene(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
              let json = try? JSONParser.parse(text) else { return true }
        return json["root"] != nil
    }

    static func xml(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func writeJUnit(_ results: [ExpectationResult], loadErrors: [String], to path: String) throws {
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let failures = results.filter { !$0.passed }.count + loadErrors.count
        out.append("<testsuites name=\"tenfoot\" tests=\"\(results.count + loadErrors.count)\" failures=\"\(failures)\">")
        var byScene: [String: [ExpectationResult]] = [:]
        for r in results { byScene[r.scene, default: []].append(r) }
        for scene in byScene.keys.sorted() {
            let rs = byScene[scene]!
            out.append("  <testsuite name=\"\(xml(scene))\" tests=\"\(rs.count)\" failures=\"\(rs.filter { !$0.passed }.count)\">")
            for r in rs {
                if let f = r.failure {
                    out.append("    <testcase classname=\"\(xml(scene))\" name=\"\(xml(r.name))\"><failure message=\"\(xml(f))\">path: \(xml(r.path.joined(separator: " → ")))</failure></testcase>")
                } else {
                    out.append("    <testcase classname=\"\(xml(scene))\" name=\"\(xml(r.name))\"/>")
                }
            }
            out.append("  </testsuite>")
        }
        for (k, e) in loadErrors.enumerated() {
            out.append("  <testsuite name=\"load-error-\(k)\" tests=\"1\" failures=\"1\"><testcase name=\"load\"><failure message=\"\(xml(e))\"/></testcase></testsuite>")
        }
        out.append("</testsuites>")
        do { try (out.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CLIError(message: "cannot write \(path): \(error.localizedDescription)", code: ExitCode.environment)
        }
    }
}

/// `tenfoot map`: the focus graph as a picture.
enum MapCommand {
    static let help = """
        Usage: tenfoot map SCENE --out map.svg|map.png [--policy P] [--size WxH]
        Draws every focusable item with an arrow for each swipe that moves focus from it: one-way moves
        in orange, items no swipe reaches in red, focus sections in blue and guides in purple (dashed).
        SVG needs no SDL; PNG is drawn offscreen with the software renderer. The graph is the screen as laid
        out at the start (the selected tab only); items scrolled out of view are drawn where they lie.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help"], options: ["--out", "--policy", "--size"])
        if p.flag("--help") { print(help); return 0 }
        guard p.positional.count == 1 else { throw CLIError.usage("map needs one SCENE (see tenfoot map --help)") }
        guard let out = p.option("--out") else { throw CLIError.usage("map needs --out FILE.svg or FILE.png") }
        let scene = try CLI.loadScene(p.positional[0])
        let sim = try CLI.makeSimulator(scene, policy: try p.policy(), from: nil)
        let commands = FocusMap.commands(sim)
        if out.lowercased().hasSuffix(".svg") {
            do { try SVGWriter.svg(commands).write(toFile: out, atomically: true, encoding: .utf8) } catch {
                throw CLIError(message: "cannot write \(out): \(error.localizedDescription)", code: ExitCode.environment)
            }
        } else if out.lowercased().hasSuffix(".png") {
            let (w, h) = try p.option("--size").map(CLI.parseSize) ?? (1920, 1080)
            do {
                let canvas = try OffscreenCanvas(width: w, height: h, fonts: try FontCache())
                canvas.draw(DisplayList(commands: commands))
                try canvas.savePNG(out)
            } catch { throw CLIError(message: "\(error)", code: ExitCode.environment) }
        } else {
            throw CLIError.usage("--out must end in .svg or .png, got \(out)")
        }
        return 0
    }
}
