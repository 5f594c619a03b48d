import Foundation
import TestSupport
import Testing

/// tenfoot starts without the Swift toolchain's parser libraries: only TenFoot's SwiftUI reader
/// (libTenFootSwiftUIReader.so, loaded for `.swift` input) links them, so every scene-file command runs with them
/// gone, and `.swift` input then says in one line what is missing (docs/swiftui.md, "Building").
@Suite struct WithoutTheToolchainTests {
    static let reader = folder(of: TestPaths.tenfoot) + "/libTenFootSwiftUIReader.so"

    static func folder(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    /// The folder the reader loads the parser from (`<toolchain>/usr/lib/swift/host`), as the loader resolves it.
    static let hostFolder: String? = {
        guard let ldd = Tools.find("ldd"), let r = try? runProcess(ldd, [reader]), r.status == 0 else { return nil }
        for line in r.stdout.split(separator: "\n") where line.contains("libSwiftParser.so => /") {
            guard let path = line.split(separator: " ").first(where: { $0.hasPrefix("/") }) else { continue }
            return folder(of: String(path))
        }
        return nil
    }()

    static let canHide = Tools.hidingFolders != nil && hostFolder != nil
    static let whyNot =
        "needs unshare --mount (as root, or with unprivileged user namespaces) and a reader built with the toolchain's parser"

    func temporaryFolder() throws -> String { try Tools.temporaryFolder("no-toolchain") }

    /// The scene-file commands, with the parser libraries hidden: the same status, output and files as with them.
    @Test(
        .enabled(
            if: Self.onCIOrPossible,
            "needs unshare --mount (as root, or with unprivileged user namespaces) and a reader built with the parser"))
    func sceneCommandsRunWithTheParserHidden() throws {
        try #require(Self.canHide, "\(Self.whyNot) (required on CI)")
        let host = Self.hostFolder!
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Hidden really means gone: the reader itself no longer loads.
        let ls = try Tools.runHiding(host, "/bin/ls", ["-A", host])
        #expect(ls.status == 0 && ls.stdout.isEmpty, "\(host) is not hidden: \(ls.stdout)\(ls.stderr)")

        let home = TestPaths.scenes + "/home.json"
        let commands: [(args: [String], output: String?)] = [
            (["path", home, "right", "right", "down"], nil),
            (["path", TestPaths.scenes + "/filters-sheet.json", "--json", "down", "select"], nil),
            (["audit", home], nil),
            (["test", TestPaths.scenes + "/filters-sheet.json"], nil),
            (
                ["screenshot", home, "--moves", "right", "--size", "320x180", "--out", dir + "/shot.png"],
                dir + "/shot.png"
            ),
            (["map", home, "--out", dir + "/map.svg"], dir + "/map.svg"),
        ]
        for (args, output) in commands {
            let with = try runProcess(TestPaths.tenfoot, args)
            let written = try output.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            if let output { try FileManager.default.removeItem(atPath: output) }
            let without = try Tools.runHiding(host, TestPaths.tenfoot, args)
            #expect(with.status == 0, "\(args): \(with.stderr)")
            #expect(without == with, "tenfoot \(args.joined(separator: " ")) without the parser: \(without.stderr)")
            if let output {
                #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == written, "\(output) differs")
            }
        }

        // `.swift` input: one line, what is missing, exit 3 (the environment failed).
        let swift = try Tools.runHiding(
            host, TestPaths.tenfoot, ["path", SwiftUICLITests.fixture("FiltersSheet.swift"), "right"])
        #expect(swift.status == 3 && swift.stdout.isEmpty)
        let lines = swift.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "not one line: \(swift.stderr)")
        #expect(
            swift.stderr.hasPrefix(
                "tenfoot: reading SwiftUI needs TenFoot's SwiftUI reader (libTenFootSwiftUIReader.so) and the Swift toolchain's parser libraries it loads (usr/lib/swift/host): libSwift"
            ) && swift.stderr.hasSuffix(".so: cannot open shared object file: No such file or directory\n"),
            "\(swift.stderr)")
    }

    static var onCIOrPossible: Bool { Tools.onCI || canHide }

    /// The proof that a scene command never maps the parser: tenfoot neither needs its libraries nor has a run path
    /// into their folder, and exports no Swift symbol, so the reader it loads binds to its own copies of the modules
    /// both hold.
    @Test(.enabled(if: Tools.find("ldd") != nil && Tools.find("readelf") != nil, "needs ldd and readelf"))
    func tenfootLinksNoParser() throws {
        let ldd = try runProcess(Tools.find("ldd")!, [TestPaths.tenfoot])
        #expect(ldd.status == 0)
        for name in ["libSwiftSyntax", "libSwiftParser", "libSwiftDiagnostics"] {
            #expect(!ldd.stdout.contains(name), "tenfoot links \(name):\n\(ldd.stdout)")
        }
        if let host = Self.hostFolder { #expect(!ldd.stdout.contains(host + "/"), "\(ldd.stdout)") }
        let dynamic = try runProcess(Tools.find("readelf")!, ["-d", TestPaths.tenfoot])
        let paths = dynamic.stdout.split(separator: "\n").filter { $0.contains("(RUNPATH)") || $0.contains("(RPATH)") }
        for line in paths {
            #expect(!line.contains("/lib/swift/host"), "tenfoot's run path reaches the parser: \(line)")
        }
        let symbols = try runProcess(Tools.find("readelf")!, ["--dyn-syms", "--wide", TestPaths.tenfoot])
        let swiftSymbols = symbols.stdout.split(separator: "\n").filter { $0.contains(" $s") && !$0.contains(" UND ") }
        #expect(swiftSymbols.isEmpty, "tenfoot exports Swift symbols: \(swiftSymbols.prefix(5))")
    }

    /// A reader that is not there: `.swift` input fails in one line, scene files are untouched.
    @Test func aMissingReaderIsOneLine() throws {
        var env = ProcessInfo.processInfo.environment
        env["TENFOOT_SWIFTUI_READER"] = "/nonexistent/libTenFootSwiftUIReader.so"
        let swift = try runProcess(
            TestPaths.tenfoot, ["path", SwiftUICLITests.fixture("FiltersSheet.swift")], environment: env)
        #expect(swift.status == 3 && swift.stdout.isEmpty)
        #expect(
            swift.stderr
                == "tenfoot: reading SwiftUI needs TenFoot's SwiftUI reader (libTenFootSwiftUIReader.so) and the Swift toolchain's parser libraries it loads (usr/lib/swift/host): /nonexistent/libTenFootSwiftUIReader.so: cannot open shared object file: No such file or directory\n"
        )
        let args = ["path", TestPaths.scenes + "/home.json", "right", "down"]
        let scene = try runProcess(TestPaths.tenfoot, args, environment: env)
        #expect(scene == (try runProcess(TestPaths.tenfoot, args)) && scene.status == 0, "\(scene.stderr)")
    }

    /// tenfoot copied away from its reader (no file beside it, none in ../lib/tenfoot) names the folders it looked in.
    @Test func aTenfootWithoutItsReaderSaysWhereItLooked() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.tenfoot, toPath: dir + "/bin/tenfoot")
        let r = try runProcess(dir + "/bin/tenfoot", ["lint", SwiftUICLITests.fixture("FiltersSheet.swift")])
        #expect(r.status == 3)
        #expect(
            r.stderr
                == "tenfoot: reading SwiftUI needs TenFoot's SwiftUI reader (libTenFootSwiftUIReader.so) and the Swift toolchain's parser libraries it loads (usr/lib/swift/host): no libTenFootSwiftUIReader.so in \(dir)/bin or \(dir)/lib/tenfoot (swift build puts it beside tenfoot, make install in lib/tenfoot)\n",
            "\(r.stderr)")
        // Installed as make install lays it out, it is found.
        try FileManager.default.createDirectory(atPath: dir + "/lib/tenfoot", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.reader, toPath: dir + "/lib/tenfoot/libTenFootSwiftUIReader.so")
        let installed = try runProcess(dir + "/bin/tenfoot", ["path", SwiftUICLITests.fixture("FiltersSheet.swift")])
        #expect(installed.status == 0 && installed.stdout == "sort\n", "\(installed.stderr)")
    }
}
