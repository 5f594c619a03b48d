import Foundation
import TenFootCore
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootTools

/// `tenfoot test`: runs the scenes' `expect` blocks.
enum TestCommand: Command {
    /// The steps of a failing expectation's path shown at each end of it.
    static let shownSteps = 12

    static let junit = OptionDeclaration.option(
        "--junit", "FILE", .file(extensions: ["xml"]), help: "also write the results as JUnit XML for CI systems")
    static let report = OptionDeclaration.option(
        "--report", "DIR", .file(extensions: [], folders: true),
        help:
            "also write an HTML report in the folder DIR (index.html; opens from the file system): each failing expectation with the screen at the failing press, the expected and actual focus, the presses, the explanation; `tenfoot report merge` joins the reports of shards"
    )
    static let shard = OptionDeclaration.option(
        "--shard", "K/N", .shard,
        help:
            "run only the K-th of N shards: the scene files and SwiftUI screens found, sorted by path, dealt round-robin (file i goes to shard i mod N + 1); an empty shard passes"
    )

    static let declaration = CommandDeclaration(
        name: "test",
        summary: "run the scenes' expect blocks (default: scenes/)",
        arguments: [
            ArgumentDeclaration(
                placeholder: "SCENE|DIR", kind: .sceneOrFolder, count: .any,
                help:
                    "scene files, .swift files (their sidecar's expect blocks), repro bundles (FILE.tenfoot: their scene's expect blocks), or folders whose scene files and SwiftUI screens all run (default: scenes/)"
            )
        ],
        options: [junit, report, shard, CommonOptions.textSize] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Runs every `expect` block. In a folder, the SwiftUI screens are the .swift files whose sidecar \
            (NAME.tenfoot-sidecar) has expect blocks; a sidecar is never taken for a scene. Prints one line per \
            failing expectation with the path actually taken, then `N passed, N failed`. Exit 1 on any failure or when nothing was tested \
            (except in an empty --shard); exit 2 when a scene does not load. With --shard K/N, a CI matrix of N jobs runs every file \
            exactly once between them, each job writing its own --junit file.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let found: ExpectationSuite.Discovery
        do { found = try ExpectationSuite.discover(p.positional.isEmpty ? ["scenes"] : p.positional) } catch {
            throw CLIError.usage("no such file or folder: \(error.path)")
        }
        for path in found.skipped {
            CLI.printError("tenfoot: skipped \(path): not a scene file (no \"root\")")
        }
        var scenes = found.files.filter { !SceneSource.isSwiftUI($0) && !ReproBundle.isBundle($0) }
        var swiftUI = swiftUIScreens(p.positional.isEmpty ? ["scenes"] : p.positional)
        var bundles = found.files.filter(ReproBundle.isBundle)
        let sharded = p.value(shard).flatMap(Shard.init)
        if let sharded {
            // Every file found, sorted by path (not by the order of the arguments), dealt round-robin.
            let all = scenes + swiftUI + bundles
            let mine = Set(sharded.deal(all) { $0 })
            scenes = Set(scenes).filter { mine.contains($0) }.sorted()
            swiftUI = Set(swiftUI).filter { mine.contains($0) }.sorted()
            bundles = Set(bundles).filter { mine.contains($0) }.sorted()
            print("shard \(sharded.name): \(mine.count) of \(Shard.total(all) { $0 }) files")
        }
        // No output may replace a file found in the folders given (`test DIR --junit DIR/home.json` did).
        try CLI.refuseOverwriting(scenes + bundles + swiftUI.flatMap(SceneSource.watchList), p)
        // The suite reads the scene files itself: --junit may not replace a picture one of them draws.
        if p.value(junit) != nil {
            for file in scenes {
                guard let scene = try? SceneDecoder.load(path: file) else { continue }
                try CLI.refuseOverwritingPictures(p, scene: scene, file: file)
            }
        }
        // Nor may an earlier report in the --report folder, which is replaced whole, hold a file this run reads, whatever
        // its report.json names (a crafted one named the scene under test as one of its shots, and it was deleted). A
        // folder that is not a report is refused when the report is written.
        if let folder = p.value(report), TestReport.replaceProblem(folder) == nil {
            var inputs = scenes + bundles + swiftUI.flatMap(SceneSource.watchList)
            for file in scenes {
                guard let scene = try? SceneDecoder.load(path: file) else { continue }
                inputs += CLI.filesRead(scene: scene, file: file).map(\.path)
            }
            if let held = TestReport.inputInside(folder, inputs: inputs) {
                throw CLIError.usage(
                    "--report \(quoted(folder)) holds \(quoted(held)), which this run reads; replacing the folder would delete it: name another folder"
                )
            }
        }
        // The report replaces its folder whole: a --junit file inside it would be lost with it.
        if let xml = p.value(junit), let folder = p.value(report) {
            let inside = URL(fileURLWithPath: xml).standardizedFileURL.deletingLastPathComponent().path
            let dir = URL(fileURLWithPath: folder).standardizedFileURL.path
            if inside == dir || inside.hasPrefix(dir + "/") || BundleFiles.isSameFile(inside, folder) {
                throw CLIError.usage(
                    "--junit \(quoted(xml)) is inside the --report folder \(quoted(folder)), which the report replaces whole; write it elsewhere"
                )
            }
        }
        // Nor into a folder that does not exist: the tests ran, then the file was refused.
        for option in [junit, report] {
            if let path = p.value(option), let missing = CLI.missingFolder(of: path) {
                throw CLIError.usage("\(option.name): \(missing)")
            }
        }
        var suite = ExpectationSuite.run(files: scenes, measurer: CLI.textMeasurer, textSize: p.textSize)
        // Each file with its results, for the report.
        var tested = scenes.map { file in (file: file, results: suite.results.filter { $0.scene == file }) }
        if let sharded { suite.name = "tenfoot shard \(sharded.name)" }
        for file in swiftUI {
            do {
                let loaded = try CLI.load(file, p)
                guard loaded.translation != nil else { continue }
                CLI.warnAboutImages(CLI.assetTable(loaded.scene, file: file, loader: SceneSource.fileLoader))
                // Expectations come from the sidecar: failures point there. One at another text size runs on
                // the view translated at that size.
                let at = Sidecar.path(for: file)
                var options = p.swiftUI
                let results = ExpectationRunner.run(
                    loaded.scene, loader: SceneSource.fileLoader, measurer: CLI.textMeasurer,
                    at: { size in
                        options.dynamicTypeSize = size.rawValue
                        return try SceneSource.load(file, options: options).scene
                    }
                ).map { r in
                    var r = r
                    r.scene = at
                    return r
                }
                suite.results += results
                tested.append((file, results))
            } catch let e as CLIError {
                suite.loadErrors.append(e.problems ?? "\(file): \(e.message)")
            }
        }
        for file in bundles {
            do {
                let results = try bundleResults(file)
                suite.results += results
                tested.append((file, results))
            } catch let e as CLIError {
                suite.loadErrors.append(e.message)
            }
        }
        for e in suite.loadErrors { CLI.printError(e) }
        // Pictures a tested screen names and cannot show: warnings at the place that names them.
        for file in scenes {
            guard let scene = try? CLI.loadScene(file, p) else { continue }
            CLI.warnAboutImages(CLI.assetTable(scene, file: file, loader: SceneSource.fileLoader))
        }
        for r in suite.results where !r.passed {
            // The file and the expectation's name are escaped whole: a line break in a name stays on its line. A path of
            // 100,000 presses was a line of 700,000 characters: its first and last steps are shown, and the line cut
            // as an error's is.
            let steps = r.path.map(escapingControlCharacters)
            let path =
                steps.count <= 2 * shownSteps
                ? steps.joined(separator: " → ")
                : (steps.prefix(shownSteps) + ["… \(steps.count - 2 * shownSteps) more …"] + steps.suffix(shownSteps))
                    .joined(separator: " → ")
            CLI.printText(
                CLI.briefLines(
                    "\(escapingControlCharacters(r.scene)):\(r.location.line):\(r.location.column): \(escapingControlCharacters(r.name)): \(r.failure ?? "") [path: \(path)]"
                ))
        }
        // The report is made before anything is written: one it cannot write (over what a merge reads) left the
        // JUnit file written alone.
        let reportFiles = try p.value(report).map { _ in
            let (made, pictures) = TestReport.make(screens: tested, errors: suite.loadErrors) { try CLI.load($0, p) }
            return try made.files(pictures: pictures)
        }
        // The JUnit file and the report go in place together, or neither does (an interrupt included).
        let pending = PendingOutputs()
        let cleanUp = Interrupts.alsoOnInterrupt { pending.discard() }
        defer { Interrupts.remove(cleanUp) }
        do {
            if let path = p.value(junit) {
                do throws(RecordingError) {
                    _ = try OutputFiles.stage(Array(suite.junitXML.utf8), to: path, registering: pending.add)
                } catch { throw error.cliError(for: "--junit") }
            }
            if let folder = p.value(report), let reportFiles {
                _ = try TestReport.stage(reportFiles, to: folder, registering: pending.add)
            }
            do throws(RecordingError) { try OutputFiles.commit(pending.outputs) } catch { throw error.cliError }
        } catch {
            pending.discard()
            throw error
        }
        if let folder = p.value(report), reportFiles != nil { CLI.printText("report: \(folder)/index.html") }
        if suite.results.isEmpty, suite.loadErrors.isEmpty, sharded == nil {
            // Say why nothing ran, and how to give it something: a check that passes vacuously is no check.
            let files = scenes + swiftUI + bundles
            let which =
                files.count == 1
                ? "\(escapingControlCharacters(files[0])) has no expectations"
                : files.isEmpty
                    ? "no scene file was found" : "none of the \(files.count) files found has expectations"
            CLI.printError(
                "tenfoot: nothing to test: \(which). Add an \"expect\" block to a scene (a SwiftUI view's go in its sidecar, VIEW.tenfoot-sidecar), e.g. {\"name\": \"down reaches the shelf\", \"press\": [\"down\"], \"focus\": \"p1\"} (docs/scene-format.md, Expect blocks)"
            )
        }
        print("\(suite.passed) passed, \(suite.failed) failed")
        if !suite.loadErrors.isEmpty { return ExitCode.usage }
        return suite.failed > 0 || (suite.results.isEmpty && sharded == nil) ? ExitCode.checkFailed : 0
    }

    /// The expect blocks of a repro bundle's scene (a scene file's, or its SwiftUI sources' sidecar's),
    /// run on the scene inside, `open` served from the bundle; each result at its member,
    /// `bug.tenfoot:files/scene.json` (or the sidecar's).
    static func bundleResults(_ file: String) throws -> [ExpectationResult] {
        let opened = try OpenedBundle.open(file)
        let loaded = try opened.loaded()
        // Failures point where the expectations are: the scene file, or the sidecar of SwiftUI sources.
        let at = opened.location(
            of: loaded.translation.flatMap { t in
                t.files.first { t.files.contains(Sidecar.path(for: $0)) }.map(Sidecar.path(for:))
            }
                ?? loaded.scene.file)
        return ExpectationRunner.run(loaded.scene, loader: opened.sceneLoader, measurer: CLI.textMeasurer).map { r in
            var r = r
            r.scene = at
            return r
        }
    }

    /// The SwiftUI screens among the targets: `.swift` files named, and in folders the `.swift` files with a
    /// sidecar that has expect blocks (the others are the app's other views).
    static func swiftUIScreens(_ targets: [String]) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for target in targets {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: target, isDirectory: &isDir) else { continue }
            if !isDir.boolValue {
                if target.hasSuffix(".swift") { out.append(target) }
                continue
            }
            let names = ((try? fm.contentsOfDirectory(atPath: target)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            for name in names {
                let path = (target as NSString).appendingPathComponent(name)
                do throws(Diagnostics) {
                    if let sidecar = try Sidecar.load(path: Sidecar.path(for: path)), !sidecar.expect.isEmpty {
                        out.append(path)
                    }
                } catch {
                    out.append(path)  // a broken sidecar is reported when the screen loads
                }
            }
        }
        return out
    }
}
