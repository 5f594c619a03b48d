import Foundation
import TenFootScene
import TenFootSwiftUI
import TenFootSwiftUIReader

#if canImport(SwiftParser)
    import SwiftParser
#endif

/// Opening a SwiftUI file: a 300-line home screen (Benchmarks/Fixtures/Home300.swift) read, parsed with the
/// toolchain's SwiftParser, interpreted, written as a scene and decoded. Issue 17's goal: ≤ 100 ms on this
/// machine. Opened as tenfoot opens it, through the SwiftUI reader's library (`SwiftUIReaderLibrary`: loaded on the
/// first open, the answer's scene decoded again on this side). Measured two ways: fresh processes (`tenfoot-bench
/// swiftui-once`, spawned one after another: process start, loading the reader, the first parse), and in one
/// process after a warm-up. The phases are timed with the reader linked into this program (`SwiftUIReader`), which
/// is why this program, unlike tenfoot, loads the parser libraries when it starts.
enum SwiftUIBenchmark {
    static let file = SceneBenchmark.root.appendingPathComponent("Benchmarks/Fixtures/Home300.swift").path

    static func run(file: String = file) {
        let lines =
            (try? String(contentsOfFile: file, encoding: .utf8))?.split(
                separator: "\n", omittingEmptySubsequences: false
            ).count ?? 0
        let t: SwiftUITranslation
        do { t = try SwiftUIReaderLibrary.read([file]) } catch {
            print("swiftui: \(error)")
            return
        }
        print(
            "swiftui: \((file as NSString).lastPathComponent), \(lines) lines, \(t.scene.allNodes.count) scene nodes; \(t.coverage.summary)"
        )

        // Fresh processes, alternating with ones that start and exit without opening anything (the baseline:
        // process start and loading this executable's libraries, SDL's among them, on the shared machine).
        let exe = CommandLine.arguments[0]
        var cold: [Double] = []
        var baseline: [Double] = []
        var inside: [Double] = []
        func spawn(_ args: [String]) -> (Double, String)? {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: exe)
            p.arguments = args
            let pipe = Pipe()
            p.standardOutput = pipe
            let t0 = EngineBenchmark.now()
            do { try p.run() } catch {
                print("swiftui: cannot start \(exe): \(error)")
                return nil
            }
            let out = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (EngineBenchmark.now() - t0, String(decoding: out, as: UTF8.self))
        }
        for _ in 0..<21 {
            guard let (t, out) = spawn(["swiftui-once", file]), let (b, _) = spawn(["swiftui-none"]) else { return }
            cold.append(t)
            baseline.append(b)
            if let ms = Double(out.trimmingCharacters(in: .whitespacesAndNewlines)) { inside.append(ms / 1000) }
        }
        // In one process, warm.
        var warm: [Double] = []
        for _ in 0..<31 {
            let t0 = EngineBenchmark.now()
            _ = try? SwiftUIReaderLibrary.read([file])
            warm.append(EngineBenchmark.now() - t0)
        }
        // Where the warm time goes: the toolchain's parser, decoding the written scene (the reader decodes it, and
        // this side again), the library's request and answer (an open through it against one with the reader
        // linked into this program, taken in turns); the rest is the interpreter and the writer.
        var parse: [Double] = []
        var decode: [Double] = []
        var linked: [Double] = []
        var loaded: [Double] = []
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        for _ in 0..<31 {
            #if canImport(SwiftParser)
                let t0 = EngineBenchmark.now()
                _ = Parser.parse(source: text)
                parse.append(EngineBenchmark.now() - t0)
            #endif
            let t1 = EngineBenchmark.now()
            _ = try? SceneDecoder.decode(t.json, file: "x.json")
            decode.append(EngineBenchmark.now() - t1)
            let t2 = EngineBenchmark.now()
            _ = try? SwiftUIReader.read([file])
            linked.append(EngineBenchmark.now() - t2)
            let t3 = EngineBenchmark.now()
            _ = try? SwiftUIReaderLibrary.read([file])
            loaded.append(EngineBenchmark.now() - t3)
        }
        let (p, d, l) = (EngineBenchmark.median(parse), EngineBenchmark.median(decode), EngineBenchmark.median(linked))
        print(
            String(
                format:
                    "swiftui: warm phases: Parser.parse %.1f ms, decoding the written scene %.1f ms (the reader, then tenfoot again), the library's request and answer %.1f ms, interpreting and writing %.1f ms",
                p * 1000, d * 1000, (EngineBenchmark.median(loaded) - l - d) * 1000, (l - p - d) * 1000))
        print(
            String(
                format:
                    "swiftui: open in a fresh process, in place (beside this package's sources) %.1f ms (median of 21, timed inside it); warm open %.1f ms (median of 31)",
                EngineBenchmark.median(inside) * 1000, EngineBenchmark.median(warm) * 1000))
        print(
            String(
                format:
                    "swiftui: whole process that opens it %.1f ms, against %.1f ms for the same process opening nothing (medians of 21, alternating)",
                EngineBenchmark.median(cold) * 1000, EngineBenchmark.median(baseline) * 1000))
        // The same file alone in a folder of its own, as a view sits in an app of a few files: in place its neighbours
        // are this package's own sources, which the reader parses where they declare or extend a name the view uses.
        guard let (folder, alone) = Self.alone(file, "swiftui") else { return }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var insideAlone: [Double] = []
        for _ in 0..<21 {
            guard let (_, out) = spawn(["swiftui-once", alone]) else { return }
            if let ms = Double(out.trimmingCharacters(in: .whitespacesAndNewlines)) { insideAlone.append(ms / 1000) }
        }
        print(
            String(
                format:
                    "swiftui: open in a fresh process, the file alone in a folder %.1f ms (median of 21; goal ≤ 100 ms: %@)",
                EngineBenchmark.median(insideAlone) * 1000,
                EngineBenchmark.median(insideAlone) <= 0.1 ? "met" : "NOT met"))
    }

    /// `file` copied alone into a new folder of its own: the folder and the copy's path.
    static func alone(_ file: String, _ name: String) -> (folder: String, file: String)? {
        let folder = NSTemporaryDirectory() + "tenfoot-bench-\(name)-\(getpid())"
        let alone = folder + "/" + (file as NSString).lastPathComponent
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
            (try? FileManager.default.copyItem(atPath: file, toPath: alone)) != nil
        else { return nil }
        return (folder, alone)
    }

    /// One open in this process, its time printed in ms (the child of `run`).
    static func once(file: String) {
        let t0 = EngineBenchmark.now()
        let ok = (try? SwiftUIReaderLibrary.read([file])) != nil
        let ms = (EngineBenchmark.now() - t0) * 1000
        print(ok ? String(format: "%.3f", ms) : "failed")
    }
}

/// `tenfoot path` on a view file against the toolchain's parser alone on it (`swiftc -frontend -parse FILE`: its
/// process start and the parse), each a fresh process, in alternation. Issue 32's goal: the median of `path` ≤ 1.3×
/// the parser's. The file is copied alone into a folder of its own (a view in an app of a few files: in place, its
/// neighbours would be this package's own sources).
enum PathParseBenchmark {
    static func run(file: String, runs: Int) {
        let app = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "tenfoot"
        ).path
        let searched = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
            "\($0)/swiftc"
        }
        guard FileManager.default.isExecutableFile(atPath: app),
            let swiftc = searched.first(where: FileManager.default.isExecutableFile(atPath:))
        else {
            FileHandle.standardError.write(
                Data("tenfoot-bench pathparse: build tenfoot beside the benchmark, with swiftc on PATH\n".utf8))
            exit(2)
        }
        guard let (folder, alone) = SwiftUIBenchmark.alone(file, "pathparse") else { return }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let time = SpawnTimer.time
        var path: [Double] = []
        var parse: [Double] = []
        var help: [Double] = []
        for _ in 0..<runs {
            path.append(time(app, ["path", alone]))
            parse.append(time(swiftc, ["-frontend", "-parse", alone]))
            help.append(time(app, ["--help"]))
        }
        let (p, s, h) = (EngineBenchmark.median(path), EngineBenchmark.median(parse), EngineBenchmark.median(help))
        print(
            String(
                format:
                    "pathparse: %@ alone in a folder, %d runs each in alternation (medians, fastest in brackets): tenfoot path %.1f ms (%.1f), swiftc -frontend -parse %.1f ms (%.1f), tenfoot --help %.1f ms (%.1f)",
                (file as NSString).lastPathComponent, runs, p * 1000, path.min()! * 1000, s * 1000,
                parse.min()! * 1000, h * 1000, help.min()! * 1000))
        print(
            String(
                format: "pathparse: path ÷ the parser %.2f× (goal ≤ 1.3×: %@)", p / s,
                EngineBenchmark.verdict(p / s <= 1.3)))
    }
}
