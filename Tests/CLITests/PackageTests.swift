import Foundation
import TestSupport
import Testing

/// The Debian package `make deb` builds (issue 33) runs where no Swift toolchain is: unpacked with `dpkg -x`, the
/// toolchain's folder hidden (a private mount namespace), an empty environment but for `PATH=/usr/bin:/bin` (ffmpeg)
/// and SDL's offscreen driver, it draws, answers, reads SwiftUI, records and tests; and nothing of the toolchain is
/// mapped into it. `dpkg-deb --info` reads it and lintian finds no error. The package is the newest in `.build/deb`
/// (`make deb` makes it; CI makes it before the tests, so there the test is required).
@Suite(.serialized) struct PackageTests {
    static let folder = TestPaths.packageRoot + "/.build/deb"

    static let package: String? = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("tenfoot_") && $0.hasSuffix(".deb") }.sorted().last.map { folder + "/" + $0 }
    }()

    /// The toolchain's root (`<root>/usr/lib/swift/host` holds the parser the build's reader loads).
    static let toolchain: String? = WithoutTheToolchainTests.hostFolder.map {
        URL(fileURLWithPath: $0).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    static var possible: Bool { package != nil && toolchain != nil && Tools.hidingFolders != nil }

    @Test(.enabled(if: Tools.onCI || possible, "needs a package (make deb) and unshare --mount"))
    func thePackageRunsWithoutTheToolchain() throws {
        let deb = try #require(
            Self.package, "no package in \(Self.folder): run make deb (CI makes it before the tests)")
        let toolchain = try #require(Self.toolchain, "the toolchain's folder is not known")
        let dir = try Tools.temporaryFolder("package")
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let info = try runProcess("/usr/bin/dpkg-deb", ["--info", deb])
        #expect(info.status == 0 && info.stdout.contains("Package: tenfoot"), "\(info.stderr)")
        let depends = info.stdout.split(separator: "\n").first { $0.hasPrefix(" Depends: ") }.map(String.init) ?? ""
        for dependency in [
            "libsdl2-2.0-0", "libsdl2-ttf-2.0-0", "libsdl2-image-2.0-0", "libfribidi0", "libharfbuzz0b", "libfreetype6",
        ] {
            #expect(depends.contains(dependency), "Depends lacks \(dependency):\n\(info.stdout)")
        }
        #expect(!depends.lowercased().contains("swift"), "the package depends on Swift: \(depends)")
        let lintian = try #require(Tools.find("lintian"), "lintian is missing (scripts/setup.sh --tests installs it)")
        let lint = try runProcess(lintian, ["--fail-on", "error", "--tag-display-limit", "0", deb], timeout: 300)
        #expect(lint.status == 0 && !lint.stdout.contains("\nE: ") && !lint.stdout.hasPrefix("E: "), "\(lint.stdout)")

        let unpacked = dir + "/root"
        let x = try runProcess("/usr/bin/dpkg", ["-x", deb, unpacked])
        #expect(x.status == 0, "\(x.stderr)")
        let tenfoot = unpacked + "/usr/bin/tenfoot"
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/filters-sheet.json", toPath: dir + "/s.json")
        try FileManager.default.copyItem(
            atPath: SwiftUICLITests.fixture("FiltersSheet.swift"), toPath: dir + "/V.swift")

        /// `tenfoot args` from the package with the toolchain hidden and an empty environment.
        func bare(_ args: [String], timeout: Double = 120) throws -> ProcessResult {
            try Tools.runHiding(
                toolchain, "/usr/bin/env",
                ["-i", "PATH=/usr/bin:/bin", "HOME=\(dir)", "SDL_VIDEODRIVER=offscreen", "SDL_RENDER_DRIVER=software"]
                    + [tenfoot] + args, currentDirectory: dir, timeout: timeout)
        }
        let hidden = try Tools.runHiding(toolchain, "/bin/ls", ["-A", toolchain])
        #expect(hidden.status == 0 && hidden.stdout.isEmpty, "\(toolchain) is not hidden")

        let checks: [(args: [String], output: String?)] = [
            (["--version"], nil),
            (["path", "s.json", "down", "select"], nil),
            (["path", "V.swift", "right"], nil),
            (["screenshot", "home", "--moves", "right", "--size", "640x360", "--out", "shot.png"], "shot.png"),
            (["record", "home", "--moves", "right", "--size", "640x360", "--out", "v.mp4"], "v.mp4"),
            (["test", "s.json"], nil),
        ]
        for (args, output) in checks {
            let r = try bare(args)
            #expect(r.status == 0, "tenfoot \(args.joined(separator: " ")) from the package: \(r.stdout)\(r.stderr)")
            // The same answers as the build's own tenfoot.
            if output == nil, args != ["--version"] {
                let build = try runProcess(TestPaths.tenfoot, args, currentDirectory: dir)
                #expect(r.stdout == build.stdout, "tenfoot \(args.joined(separator: " ")) differs from the build's")
            }
            if let output {
                let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + output)[.size] as? Int) ?? 0
                #expect(size > 1000, "\(output) was not written")
            }
        }

        // What the process maps while it reads SwiftUI: the package's Swift runtime and parser, nothing of the
        // toolchain.
        let maps = try Tools.runHiding(
            toolchain, "/usr/bin/env",
            [
                "-i", "PATH=/usr/bin:/bin", "HOME=\(dir)", "SDL_VIDEODRIVER=offscreen", "SDL_RENDER_DRIVER=software",
                "/bin/sh", "-c", #""$0" run V.swift --seconds 3 & p=$!; sleep 2; cat /proc/$p/maps; wait $p"#, tenfoot,
            ], currentDirectory: dir)
        #expect(maps.status == 0, "\(maps.stderr)")
        for library in ["libswiftCore.so", "libFoundation.so", "libSwiftParser.so", "libTenFootSwiftUIReader.so"] {
            #expect(
                maps.stdout.contains(unpacked + "/usr/lib/tenfoot/" + library), "\(library) is not the package's own")
        }
        #expect(!maps.stdout.contains(toolchain + "/"), "the toolchain is mapped:\n\(maps.stdout)")
    }
}
