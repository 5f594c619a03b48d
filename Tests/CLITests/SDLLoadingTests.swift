import Foundation
import TestSupport
import Testing

/// SDL, SDL_image, SDL_ttf and Xlib are loaded the first time tenfoot draws (TenFootRaster's `SDLLibraries`,
/// docs/architecture.md): a command that draws nothing never maps them, and runs where they are missing.
@Suite struct SDLLoadingTests {
    /// The libraries the dynamic loader maps for `args`, as `LD_DEBUG=libs` lists them (glibc).
    static func loaded(_ args: [String], tenfoot: String = TestPaths.tenfoot) throws -> (ProcessResult, String) {
        let environment = ProcessInfo.processInfo.environment.merging(["LD_DEBUG": "libs"]) { $1 }
        let r = try runProcess(TestPaths.tenfoot, args, environment: environment)
        return (r, r.stderr)
    }

    #if os(Linux)
        @Test func commandsThatDrawNothingLoadNoSDL() throws {
            let home = TestPaths.scenes + "/home.json"
            let view = TestPaths.packageRoot + "/Benchmarks/Fixtures/Home300.swift"
            let dir = try Tools.temporaryFolder("sdl-loading")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let commands = [
                ["--version"], ["path", home, "right"], ["explain", home, "right"],
                ["test", TestPaths.scenes + "/filters-sheet.json"], ["map", home, "--out", dir + "/map.svg"],
                ["path", view], ["convert", view],
            ]
            for args in commands {
                let (r, libraries) = try Self.loaded(args)
                #expect(r.status == 0, "\(args): \(r.stderr.suffix(400))")
                #expect(libraries.contains("libswiftCore"), "\(args): LD_DEBUG listed nothing")
                #expect(!libraries.contains("libSDL2"), "\(args) loaded SDL")
            }
            // The control: a command that draws loads them.
            let (shot, libraries) = try Self.loaded(["screenshot", home, "--size", "320x180", "--out", dir + "/s.png"])
            #expect(shot.status == 0, "\(shot.stderr.suffix(400))")
            for name in ["libSDL2-2.0", "libSDL2_image-2.0", "libSDL2_ttf-2.0"] {
                #expect(libraries.contains(name), "screenshot did not load \(name)")
            }
        }

        /// A copy of tenfoot that asks for a library no machine has (its name changed in the binary, same length):
        /// the commands that draw say which library is missing and exit 3 (what this machine lacks), writing nothing;
        /// the others run.
        @Test func aMissingLibraryIsSaidByTheCommandsThatDraw() throws {
            let dir = try Tools.temporaryFolder("sdl-missing")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            var binary = try Data(contentsOf: URL(fileURLWithPath: TestPaths.tenfoot))
            let name = Data("libSDL2_ttf-2.0.so.0\0".utf8)
            let range = try #require(binary.range(of: name), "the binary does not name libSDL2_ttf-2.0.so.0")
            binary.replaceSubrange(range, with: Data("libSDL2_ttX-2.0.so.0\0".utf8))
            #expect(binary.range(of: name) == nil)
            let copy = dir + "/tenfoot"
            try binary.write(to: URL(fileURLWithPath: copy))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
            let home = TestPaths.scenes + "/home.json"
            let env = ProcessInfo.processInfo.environment.merging([
                "TENFOOT_ASSETS": TestPaths.packageRoot + "/Assets"
            ]) { $1 }

            let path = try runProcess(copy, ["path", home, "right"], environment: env)
            #expect(path.status == 0, "\(path.stderr)")
            #expect(path.stdout == "p2\n")

            let shot = try runProcess(copy, ["screenshot", home, "--out", dir + "/s.png"], environment: env)
            #expect(shot.status == 3)
            #expect(shot.stderr.contains("cannot load libSDL2_ttX-2.0.so.0"), "\(shot.stderr)")
            #expect(shot.stderr.contains("scripts/setup.sh installs them"), "\(shot.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"))

            // Pictures are decoded with SDL_image (standard error caught meanwhile, for libpng's words): the same
            // message, not lost with what is caught. The contrast check draws.
            for args in [
                ["test", TestPaths.scenes + "/streaming-home.json"],
                ["audit", "--accessibility", TestPaths.scenes + "/show-page.json"],
                ["preview", TestPaths.scenes + "/art/backdrop-lights.png", "--record", dir + "/f/"],
            ] {
                let r = try runProcess(copy, args, environment: env)
                #expect(r.status == 3, "\(args): \(r.stderr)")
                #expect(r.stderr.contains("cannot load libSDL2_ttX-2.0.so.0"), "\(args): \(r.stderr)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["tenfoot"])
        }
    #endif
}
