import FocusEngine
import Foundation
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TestSupport
import Testing

@testable import TenFootCLI

/// Repro bundles end to end through the built binary: made in one folder, replayed from another with
/// the originals gone (the same focus path, byte-identical PNG frames and screenshot), opened by `tar`,
/// and hostile bundles refused with their offset or `line:column`.
@Suite struct BundleTests {
    func tenfoot(_ args: [String], in folder: String? = nil) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        return try runProcess(TestPaths.tenfoot, args, environment: env, currentDirectory: folder)
    }

    func tempDir(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-bundle-test-\(getpid())-\(name)-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func files(in folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            out[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return out
    }

    /// A scene in a project: a poster with an image beside it, one with an image by absolute path
    /// elsewhere, one whose image is missing, each opening a detail scene in a subfolder that has an
    /// image of its own.
    func makeProject(_ root: String, elsewhere: String) throws -> String {
        try FileManager.default.createDirectory(atPath: root + "/proj/art", withIntermediateDirectories: true)
        let art = try tenfoot(["screenshot", "home", "--size", "320x180", "--out", root + "/proj/art/a.png"])
        #expect(art.status == 0, "\(art.stderr)")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let other = try tenfoot([
            "screenshot", "home", "--moves", "right", "--size", "320x180", "--out", elsewhere + "/abs.png",
        ])
        #expect(other.status == 0, "\(other.stderr)")
        try write(
            """
            { "name": "Bundle", "root": { "type": "shelf", "id": "row", "children": [
              { "type": "poster", "id": "m1", "title": "One", "image": "art/a.png", "onSelect": [{ "open": "details/d.json" }] },
              { "type": "poster", "id": "m2", "title": "Two", "image": "\(elsewhere)/abs.png", "onSelect": [{ "open": "details/d.json" }] },
              { "type": "poster", "id": "m3", "title": "Three", "image": "art/gone.png" }
            ] } }
            """, root + "/proj/scene.json")
        try write(
            """
            { "name": "Detail", "root": { "type": "vstack", "children": [
              { "type": "image", "id": "hero", "image": "art/a.png", "width": 600 },
              { "type": "button", "id": "play", "title": "Play" }, { "type": "button", "id": "more", "title": "More" }
            ] } }
            """, root + "/proj/details/d.json")
        return root + "/proj/scene.json"
    }

    @Test func aBundleReplaysInAnotherFolderWithTheOriginalsGone() throws {
        let made = try tempDir("made")
        let elsewhere = try tempDir("elsewhere")
        let replayed = try tempDir("replayed")
        defer { for d in [made, elsewhere, replayed] { try? FileManager.default.removeItem(atPath: d) } }
        let scene = try makeProject(made, elsewhere: elsewhere)
        let moves = "right select down menu right"
        let bundle = try tenfoot(["bundle", scene, "--moves", moves, "--expect", "m3", "--out", made + "/bug.tenfoot"])
        #expect(bundle.status == 0, "\(bundle.stderr)")
        #expect(bundle.stdout.contains("art/gone.png"), "the missing image is said: \(bundle.stdout)")
        // What the original prints and draws, before it is gone.
        let path = try tenfoot(["path", scene, "--json"] + moves.split(separator: " ").map(String.init))
        #expect(path.status == 0)
        #expect(
            try tenfoot([
                "record", made + "/bug.tenfoot", "--size", "480x270", "--fps", "10", "--out", made + "/frames/",
            ]).status == 0)
        #expect(
            try tenfoot(["screenshot", made + "/bug.tenfoot", "--size", "480x270", "--out", made + "/end.png"]).status
                == 0)
        let original = try tenfoot([
            "record", scene, "--moves", moves, "--size", "480x270", "--fps", "10", "--out", made + "/original/",
        ])
        #expect(original.status == 0)

        try FileManager.default.copyItem(atPath: made + "/bug.tenfoot", toPath: replayed + "/bug.tenfoot")
        try FileManager.default.removeItem(atPath: made + "/proj")
        try FileManager.default.removeItem(atPath: elsewhere)

        let replay = try tenfoot(["path", "bug.tenfoot", "--json"], in: replayed)
        #expect(replay.status == 0, "\(replay.stderr)")
        // The same steps, but for the scene's name: the bundle's own path, not this machine's.
        #expect(
            replay.stdout == path.stdout.replacingOccurrences(of: "\"\(made)/proj/", with: "\""),
            "\(replay.stdout)\nvs\n\(path.stdout)")
        let plain = try tenfoot(["path", "bug.tenfoot"], in: replayed)
        #expect(plain.stdout == "m2\nplay\nmore\nm2\nm3\n", "\(plain.stdout)")
        // Other commands on the bundle's scene open scenes from the bundle too.
        let explain = try tenfoot(["explain", "bug.tenfoot", "--moves", "select", "down"], in: replayed)
        #expect(
            explain.status == 0 && explain.stdout.hasPrefix("explain down from play")
                && explain.stdout.contains("more  item"), "\(explain.stdout)\(explain.stderr)")

        #expect(
            try tenfoot(
                ["record", "bug.tenfoot", "--size", "480x270", "--fps", "10", "--out", "frames/"], in: replayed
            ).status == 0)
        #expect(
            try tenfoot(["screenshot", "bug.tenfoot", "--size", "480x270", "--out", "end.png"], in: replayed).status
                == 0)
        let framesThere = try files(in: made + "/frames")
        let framesHere = try files(in: replayed + "/frames")
        #expect(framesThere.count > 10)
        #expect(framesThere == framesHere, "the frames differ between the two folders")
        // …and they are the frames of the original scene: images included, from the bundle.
        #expect(try files(in: made + "/original") == framesHere, "the bundle's frames differ from the original scene's")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: made + "/end.png"))
                == Data(contentsOf: URL(fileURLWithPath: replayed + "/end.png")))
        // The private copy (in TMPDIR) is gone when the command ends.
        let tmp = replayed + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = tmp
        let shot = try runProcess(
            TestPaths.tenfoot, ["screenshot", "bug.tenfoot", "--size", "480x270", "--out", "again.png"],
            environment: env, currentDirectory: replayed)
        #expect(shot.status == 0, "\(shot.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
    }

    @Test(.enabled(if: Tools.find("tar") != nil, "needs tar"))
    func tarListsAndUnpacksABundleAndARepackedOneReplays() throws {
        let dir = try tempDir("tar")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(
            try tenfoot([
                "bundle", TestPaths.scenes + "/navigation.json", "--moves", "select right menu", "--out",
                dir + "/nav.tenfoot",
            ]).status == 0)
        let list = try runProcess(Tools.find("tar")!, ["tvf", dir + "/nav.tenfoot"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.first?.hasSuffix(" manifest.json") == true, "\(list.stdout)")
        #expect(
            lines.allSatisfy { $0.hasPrefix("-rw-r--r-- 0/0") && $0.contains("1970-01-01 00:00") }, "\(list.stdout)")
        #expect(
            lines.contains { $0.hasSuffix(" files/navigation.json") }
                && lines.contains { $0.hasSuffix(" files/details/static.json") })
        let unpacked = dir + "/x"
        try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
        #expect(try runProcess(Tools.find("tar")!, ["xf", dir + "/nav.tenfoot", "-C", unpacked]).status == 0)
        let manifest = try String(contentsOfFile: unpacked + "/manifest.json", encoding: .utf8)
        #expect(
            manifest.contains("\"format\" : \"tenfoot-bundle\"") && manifest.contains("\"actualFocus\" : \"m1\""),
            "\(manifest)")
        #expect(
            try String(contentsOfFile: unpacked + "/script.txt", encoding: .utf8)
                == "@0 select\n@480 right\n@960 menu\n@1440 # end\n")
        // Packed again by GNU tar (folders included), it still replays.
        let repack = try runProcess(
            Tools.find("tar")!,
            [
                "--format=ustar", "-cf", dir + "/again.tenfoot", "-C", unpacked,
                "manifest.json", "script.txt", "trace.jsonl", "files",
            ])
        #expect(repack.status == 0, "\(repack.stderr)")
        let r = try tenfoot(["path", dir + "/again.tenfoot"])
        #expect(r.status == 0 && r.stdout == "play\ntrailer\nm1\n", "\(r.stdout)\(r.stderr)")
    }

    /// A replay that differs from the recorded trace fails (exit 1) and shows the first difference.
    /// Layered images are folders (or a list and its images): every file of them travels, and a replay in another
    /// folder draws them from the bundle (issue 20).
    @Test func layeredImagesTravelWhole() throws {
        let root = try tempDir("layered")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/g.tenfoot"
        let made = try tenfoot([
            "bundle", TestPaths.scenes + "/parallax-gallery.json", "--moves", "right touch 0.5 0.5", "--out", out,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let listed = try runProcess("/usr/bin/tar", ["tf", out]).stdout
        for member in [
            "files/art/summit.imagestack/Contents.json",
            "files/art/orbit.imagestack/Moon.imagestacklayer/Contents.json",
            "files/art/orbit.imagestack/Moon.imagestacklayer/Content.imageset/moon.png", "files/art/reef.layers.json",
            "files/art/reef-fish.png",
        ] {
            #expect(listed.contains(member + "\n"), "\(member) is not in the bundle")
        }
        #expect(!made.stdout.contains("not found"))
        // Drawn from the bundle alone: the same picture as from the scene's folder.
        let a = try tenfoot(["screenshot", out, "--size", "480x270", "--out", root + "/a.png"], in: root)
        let b = try tenfoot([
            "screenshot", TestPaths.scenes + "/parallax-gallery.json", "--moves", "right touch 0.5 0.5", "--size",
            "480x270", "--out", root + "/b.png",
        ])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: root + "/a.png"))
                == Data(contentsOf: URL(fileURLWithPath: root + "/b.png")))
    }

    /// A path that climbs out of its folder and back in (a layer list's `../art/fish.png`, a scene's `../s/x.png`)
    /// is replayed through the bundle's own folders: the bundle keeps them, and the replay draws what the scene does
    /// (the picture was carried beside the list, and the replay looked for it outside the bundle).
    @Test func pathsThatClimbAndComeBackAreReplayed() throws {
        let root = try tempDir("climb")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/art", withIntermediateDirectories: true)
        for name in ["reef-fish.png", "reef-front.png"] {
            try FileManager.default.copyItem(atPath: TestPaths.scenes + "/art/" + name, toPath: root + "/art/" + name)
        }
        try
            #"{"layers": [{"image": "../art/reef-fish.png"}, {"image": "reef-front.png"}], "canvas": {"width": 350, "height": 525}}"#
            .write(toFile: root + "/art/dd.layers.json", atomically: true, encoding: .utf8)
        try
            #"{"root": {"type": "vstack", "children": [{"type": "poster", "id": "p", "image": "../art/dd.layers.json", "width": 400}, {"type": "poster", "id": "q", "image": "../art/reef-fish.png", "width": 200}]}}"#
            .write(toFile: root + "/art/s.json", atomically: true, encoding: .utf8)
        let made = try tenfoot(["bundle", "art/s.json", "--moves", "down", "--out", "b.tenfoot"], in: root)
        #expect(made.status == 0 && !made.stdout.contains("not bundled"), "\(made.stdout)\(made.stderr)")
        let a = try tenfoot(["screenshot", "b.tenfoot", "--size", "480x270", "--out", "a.png"], in: root)
        let b = try tenfoot(
            ["screenshot", "art/s.json", "--moves", "down", "--size", "480x270", "--out", "b.png"], in: root)
        #expect(a.status == 0 && b.status == 0 && a.stderr.isEmpty, "\(a.stderr)\(b.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: root + "/a.png"))
                == Data(contentsOf: URL(fileURLWithPath: root + "/b.png")))
        // One that climbs above `/` (the file system stops it there; a replay cannot follow it) is left out with why:
        // the bundle failed as "cannot bundle files/: it has an empty or "." folder in its path".
        let past =
            String(repeating: "../", count: root.split(separator: "/").count + 3) + root.dropFirst()
            + "/art/reef-fish.png"
        try
            #"{"root": {"type": "vstack", "children": [{"type": "poster", "id": "p", "image": "\#(past)", "width": 200}]}}"#
            .write(toFile: root + "/art/up.json", atomically: true, encoding: .utf8)
        let up = try tenfoot(["bundle", "art/up.json", "--moves", "down", "--out", "up.tenfoot"], in: root)
        #expect(
            up.status == 0 && up.stdout.contains("(its path climbs above the root folder (more ../ than folders)"),
            "\(up.stdout)\(up.stderr)")
    }

    /// A replay reads nothing outside its bundle: a layer list naming an absolute path or `../…`, and an image
    /// set whose file climbs out of the bundle's copy, are drawn as missing, said at the bundle's member, the
    /// same in every process; the picture is the same whether the outside file exists or not.
    @Test func aReplayReadsNothingOutsideItsBundle() throws {
        let root = try tempDir("outside")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let good = root + "/g.tenfoot"
        let made = try tenfoot([
            "bundle", TestPaths.scenes + "/parallax-gallery.json", "--moves", "right", "--out", good,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let secret = root + "/secret.png"
        let drawn = try tenfoot(["screenshot", "home", "--size", "350x525", "--out", secret])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let climb = String(repeating: "../", count: 24) + String(secret.dropFirst())
        var members = try TarFixture.members(Array(try Data(contentsOf: URL(fileURLWithPath: good))))
        for k in members.indices {
            if members[k].name == "files/art/reef.layers.json" {
                members[k].bytes = Array(
                    #"{"layers": [{"image": "\#(secret)"}, {"image": "\#(climb)"}, {"image": "reef-water.png"}]}"#.utf8)
            }
            if members[k].name == "files/art/summit.imagestack/Sky.imagestacklayer/Content.imageset/Contents.json" {
                members[k].bytes = Array(#"{"images": [{"filename": "\#(climb)", "idiom": "tv", "scale": "1x"}]}"#.utf8)
            }
        }
        let evil = root + "/evil.tenfoot"
        try Data(TarFixture.archive(members)).write(to: URL(fileURLWithPath: evil))
        var runs: [ProcessResult] = []
        for k in 0..<2 {
            runs.append(
                try tenfoot(["screenshot", "evil.tenfoot", "--size", "480x270", "--out", "\(k).png"], in: root))
        }
        try FileManager.default.removeItem(atPath: secret)
        runs.append(try tenfoot(["screenshot", "evil.tenfoot", "--size", "480x270", "--out", "2.png"], in: root))
        for r in runs { #expect(r.status == 0, "\(r.stderr)") }
        #expect(
            runs[0].stderr.contains(
                "evil.tenfoot:files/parallax-gallery.json:16:11: warning: image \"evil.tenfoot:names-files-outside-the-bundle/summit.imagestack\""
            ), "\(runs[0].stderr)")
        #expect(runs[0].stderr.contains("names-files-outside-the-bundle/reef.layers.json"), "\(runs[0].stderr)")
        #expect(!runs[0].stderr.contains(FileManager.default.temporaryDirectory.path), "\(runs[0].stderr)")
        #expect(runs[0].stderr == runs[1].stderr && runs[1].stderr == runs[2].stderr)
        let pictures = try (0..<3).map { try Data(contentsOf: URL(fileURLWithPath: root + "/\($0).png")) }
        #expect(pictures[0] == pictures[1] && pictures[1] == pictures[2])
    }

    /// A replay's simulator says its `open` reads no file, so what follows `open` actions for their pictures looks at
    /// no file outside the bundle either: a bundle whose scene opened `/tmp/…/secret.json` had it stat'ed.
    @Test func aReplayLooksAtNoFileItsOpenActionsName() throws {
        let fixture = TestPaths.packageRoot + "/Tests/CLITests/Fixtures/navigation.tenfoot"
        let opened = try OpenedBundle.open(fixture)
        let scene = try opened.loaded().scene
        #expect(try !opened.simulator(scene).sceneLoaderReadsFiles)
        #expect(try !CLI.makeSimulator(scene, source: fixture, policy: .tvos, from: nil).sceneLoaderReadsFiles)
        #expect(try CLI.makeSimulator(scene, source: "s.json", policy: .tvos, from: nil).sceneLoaderReadsFiles)
        // Nor does the check that outputs replace no input: `record` of a bundle opened the `/etc/shadow` its scene's
        // `open` named.
        let opening = try SceneDecoder.decode(
            #"{"root": {"type": "poster", "id": "a", "title": "A", "image": "x.png", "onSelect": [{"open": "/etc/shadow"}]}}"#,
            file: TestPaths.scenes + "/s.json")
        #expect(!CLI.filesRead(scene: opening, file: TestPaths.scenes + "/s.json").isEmpty)
        #expect(CLI.filesRead(scene: opening, file: fixture).isEmpty)
    }

    /// A scene that names the bundle being written (an image, a scene to open) would carry the bundle into
    /// itself, one copy deeper each time it is made again: refused, whether the bundle exists yet or not.
    /// A bundle carries no file of the system's /proc or /sys (`/proc/self/environ` carried the environment),
    /// no special file and nothing over the member limit; each is listed with why, and replays draw it missing.
    @Test func systemAndSpecialFilesAreNotCarried() throws {
        let root = try tempDir("system")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/env.png", withDestinationPath: "/proc/self/environ")
        try write(
            """
            {"name": "s", "root": {"type": "shelf", "id": "r", "children": [
              {"type": "poster", "id": "a", "title": "A", "image": "/proc/self/environ"},
              {"type": "poster", "id": "b", "title": "B", "image": "env.png"},
              {"type": "poster", "id": "c", "title": "C", "image": "/dev/null"},
              {"type": "poster", "id": "d", "title": "D", "image": "gone.png"},
              {"type": "poster", "id": "e", "title": "E", "image": "l.layers.json"}]}}
            """, root + "/s.json")
        // A layer list naming a layer by an absolute path is not carried either (it was, and its replay said "no such
        // file"): a replay reads nothing outside the bundle.
        let art = TestPaths.packageRoot + "/scenes/art/reef-fish.png"
        try write(
            #"{"layers": [{"image": "\#(art)"}, {"image": "\#(art)"}], "canvas": {"width": 350, "height": 525}}"#,
            root + "/l.layers.json")
        let r = try tenfoot(["bundle", "s.json", "--moves", "right", "--out", "s.tenfoot"], in: root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                #"not bundled (replays show them missing, as here): "/dev/null" (not a regular file: a device, a pipe or a socket), "/proc/self/environ" (a file of the system's /proc, not of a scene), "env.png" (a file of the system's /proc, not of a scene), "gone.png" (missing or unreadable), "l.layers.json" (its layer "\#(art)" is named by an absolute path)"#
            ), "\(r.stdout)")
        let members = try TarFixture.members([UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/s.tenfoot"))))
        #expect(members.map(\.name).sorted() == ["files/s.json", "manifest.json", "script.txt", "trace.jsonl"])
        // Through the process's root link, any file of the machine is a path in /proc: not carried, named directly
        // or through a link to it (the re-attack of issue 34 bundled a file so).
        try write("secret", root + "/secret.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/r", withDestinationPath: "/proc/self/root")
        try write(
            """
            {"name": "s", "root": {"type": "shelf", "id": "r", "children": [
              {"type": "poster", "id": "a", "title": "A", "image": "/proc/self/root\(root)/secret.png"},
              {"type": "poster", "id": "b", "title": "B", "image": "r\(root)/secret.png"},
              {"type": "poster", "id": "c", "title": "C", "image": "r/../r\(root)/secret.png"}]}}
            """, root + "/t.json")
        let t = try tenfoot(["bundle", "t.json", "--moves", "right", "--out", "t.tenfoot"], in: root)
        #expect(t.status == 0, "\(t.stderr)")
        for image in ["/proc/self/root\(root)/secret.png", "r\(root)/secret.png", "r/../r\(root)/secret.png"] {
            #expect(t.stdout.contains("\"\(image)\" (a file of the system's /proc, not of a scene)"), "\(t.stdout)")
        }
        let carried = try TarFixture.members([UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/t.tenfoot"))))
        #expect(carried.map(\.name).sorted() == ["files/t.json", "manifest.json", "script.txt", "trace.jsonl"])
    }

    /// A bundle carries a picture only when it is one, and a scene to open only when it reads as a scene: a scene that
    /// named a private key or /etc/passwd as an image, or opened one, carried it into the bundle that is shared.
    @Test func filesThatAreNotPicturesOrScenesAreNotCarried() throws {
        let root = try tempDir("secrets")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n", root + "/id_rsa")
        try write("API_KEY=secret\n", root + "/env.png")
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/art/reef-fish.png", toPath: root + "/fish.png")
        try write(
            """
            {"name": "s", "root": {"type": "shelf", "id": "r", "children": [
              {"type": "poster", "id": "a", "title": "A", "image": "id_rsa"},
              {"type": "poster", "id": "b", "title": "B", "image": "env.png"},
              {"type": "poster", "id": "c", "title": "C", "image": "fish.png"},
              {"type": "button", "id": "d", "title": "D", "onSelect": [{"open": "id_rsa.json"}]}]}}
            """, root + "/s.json")
        try write("PASSWORD=secret\n", root + "/id_rsa.json")
        let r = try tenfoot(["bundle", "s.json", "--moves", "right", "--out", "s.tenfoot"], in: root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                #"not bundled (replays show them missing, as here): "env.png" (not a PNG, JPEG or .lsr), "id_rsa" (not a PNG, JPEG or .lsr), "id_rsa.json" (not a scene TenFoot reads)"#
            ), "\(r.stdout)")
        let members = try TarFixture.members([UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/s.tenfoot"))))
        #expect(
            members.map(\.name).sorted() == [
                "files/fish.png", "files/s.json", "manifest.json", "script.txt", "trace.jsonl",
            ])
    }

    /// A bundle holds no more files than a replay reads: a folder of 5,000 sources made one no replay could open.
    @Test func aBundleOfMoreFilesThanAReplayReadsIsRefused() throws {
        let root = try tempDir("many")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(
            "import SwiftUI\nstruct Main: View { var body: some View { Button(\"A\") {} } }\n", root + "/Main.swift")
        // With the manifest, the script and the trace: 4,097 members, one past what a replay reads.
        for k in 0..<4093 { try write("let value\(k) = \(k)\n", root + "/F\(k).swift") }
        let r = try tenfoot(["bundle", "Main.swift", "--moves", "right", "--out", "m.tenfoot"], in: root)
        #expect(
            r.status == 2 && r.stderr.contains("the bundle would hold 4097 files; a replay reads at most 4096"),
            "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/m.tenfoot"))
        // One file fewer is a bundle a replay reads.
        try FileManager.default.removeItem(atPath: root + "/F0.swift")
        let made = try tenfoot(["bundle", "Main.swift", "--moves", "right", "--out", "m.tenfoot"], in: root)
        #expect(made.status == 0, "\(made.stderr)")
        let replay = try tenfoot(["path", "m.tenfoot"], in: root)
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    /// The input map a bundle carries is read as `run` will read it: one it would refuse is refused when bundling.
    @Test func aBadInputMapIsRefusedWhenBundling() throws {
        let root = try tempDir("map")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(#"{"keys": {}}"#, root + "/m.json")
        let r = try tenfoot(
            ["bundle", "home", "--moves", "right", "--input-map", "m.json", "--out", "b.tenfoot"], in: root)
        #expect(r.status == 2 && r.stderr.contains("cannot load the input map:\nm.json:1:2: error: "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/b.tenfoot"))
    }

    @Test func aBundleThatWouldHoldItselfIsRefused() throws {
        let root = try tempDir("itself")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(
            """
            {"name": "s", "root": {"type": "shelf", "id": "r", "children": [
              {"type": "poster", "id": "a", "title": "A", "image": "me.tenfoot", "onSelect": [{"open": "me.tenfoot"}]},
              {"type": "button", "id": "b", "title": "B"}]}}
            """, root + "/s.json")
        for _ in 0..<2 {
            let r = try tenfoot(["bundle", "s.json", "--moves", "right", "--out", "me.tenfoot"], in: root)
            #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains("a bundle cannot hold itself"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/me.tenfoot"))
        }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: root + "/me.tenfoot"))
        let over = try tenfoot(["bundle", "s.json", "--moves", "right", "--out", root + "/me.tenfoot"], in: root)
        #expect(over.status == 2 && over.stderr.contains("a bundle cannot hold itself"), "\(over.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/me.tenfoot")) == Data([1, 2, 3]))
        // Through a link to the bundle not yet written (the fourteenth attack bundled it as "not bundled"), and
        // through a link to a folder on the way.
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/pic.png", withDestinationPath: "out/new.tenfoot")
        try FileManager.default.createSymbolicLink(atPath: root + "/o", withDestinationPath: "out")
        for image in ["pic.png", "o/new.tenfoot", "o/../out/new.tenfoot"] {
            try write(
                """
                {"name": "s", "root": {"type": "shelf", "id": "r", "children": [
                  {"type": "poster", "id": "a", "title": "A", "image": "\(image)"}]}}
                """, root + "/l.json")
            let r = try tenfoot(["bundle", "l.json", "--moves", "right", "--out", "out/new.tenfoot"], in: root)
            #expect(
                r.status == 2 && r.stderr.contains("a bundle cannot hold itself"), "\(image): \(r.stdout)\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/out/new.tenfoot"))
        }
    }

    /// A bundle is written over what is at `--out`, a link there included, never where the link leads: a scene
    /// naming the link's target is bundled (it was refused as holding itself). A SwiftUI source or sidecar that is a
    /// link leading to the bundle not yet written is refused on the first run (it was refused on the second only).
    @Test func aLinkAtOutIsWrittenOverAndLinksToTheBundleAreRefused() throws {
        let root = try tempDir("out-link")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(
            """
            {"name": "s", "root": {"type": "shelf", "id": "r", "children": [
              {"type": "poster", "id": "a", "title": "A", "image": "target.tenfoot"}]}}
            """, root + "/s.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/at.tenfoot", withDestinationPath: "target.tenfoot")
        let r = try tenfoot(["bundle", "s.json", "--moves", "right", "--out", "at.tenfoot"], in: root)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/at.tenfoot")) == nil)
        #expect(try tenfoot(["path", "at.tenfoot"], in: root).stdout == "a\n")
        #expect(!FileManager.default.fileExists(atPath: root + "/target.tenfoot"))

        // A screen an `open` reaches is named as the scene writes it (it was `./next.json`).
        try write(
            """
            {"name": "o", "root": {"type": "shelf", "id": "r", "children": [
              {"type": "button", "id": "a", "title": "A", "onSelect": [{"open": "next.json"}]}]}}
            """, root + "/o.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/next.json", withDestinationPath: "next.tenfoot")
        let opened = try tenfoot(["bundle", "o.json", "--moves", "right", "--out", "next.tenfoot"], in: root)
        #expect(opened.status == 2 && opened.stderr.contains(#"names ("next.json"): a bundle"#), "\(opened.stderr)")

        try FileManager.default.createDirectory(atPath: root + "/sw", withIntermediateDirectories: true)
        try write(
            "import SwiftUI\nstruct V: View { var body: some View { Button(\"Go\") {} } }\n", root + "/sw/V.swift")
        for link in ["V.tenfoot-sidecar", "W.swift"] {
            try FileManager.default.createSymbolicLink(
                atPath: root + "/sw/" + link, withDestinationPath: "../new.tenfoot")
            defer { try? FileManager.default.removeItem(atPath: root + "/sw/" + link) }
            let r = try tenfoot(["bundle", "sw/V.swift", "--moves", "right", "--out", "new.tenfoot"], in: root)
            #expect(r.status == 2, "\(link): \(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains("(\"sw/\(link)\"): a bundle cannot hold itself"), "\(link): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/new.tenfoot"))
        }
    }

    /// A bundle holding a hostile .lsr (a canvas of 1e300 or 30000 × 30000, which once trapped or took gigabytes)
    /// replays with the picture drawn as missing and a warning at the bundle's member, never a crash.
    @Test func aHostileLsrInABundleIsAWarning() throws {
        let root = try tempDir("lsr-hostile")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.scenes + "/art/reef-water.png")))
        let set = Array(#"{"images": [{"filename": "a.png", "idiom": "tv", "scale": "1x"}]}"#.utf8)
        for (name, side) in [("huge", "1e300"), ("big", "30000")] {
            let contents =
                #"{"properties": {"canvasSize": {"width": \#(side), "height": \#(side)}}, "layers": [{"filename": "A.imagestacklayer"}, {"filename": "B.imagestacklayer"}]}"#
            var members: [(String, [UInt8])] = [("Contents.json", Array(contents.utf8))]
            for layer in ["A", "B"] {
                members += [
                    ("\(layer).imagestacklayer/Content.imageset/Contents.json", set),
                    ("\(layer).imagestacklayer/Content.imageset/a.png", png),
                ]
            }
            try Data(StoredZip.archive(members)).write(to: URL(fileURLWithPath: root + "/\(name).lsr"))
        }
        try write(
            """
            {"name": "l", "root": {"type": "shelf", "id": "r", "children": [
              {"type": "poster", "id": "a", "title": "A", "image": "huge.lsr"},
              {"type": "poster", "id": "b", "title": "B", "image": "big.lsr"}]}}
            """, root + "/l.json")
        let made = try tenfoot(["bundle", "l.json", "--moves", "right", "--out", "l.tenfoot"], in: root)
        #expect(made.status == 0, "\(made.stderr)")
        let shot = try tenfoot(["screenshot", "l.tenfoot", "--out", "l.png"], in: root)
        #expect(shot.status == 0, "\(shot.stderr)")
        for name in ["huge", "big"] {
            #expect(
                shot.stderr.contains(
                    "warning: image \"l.tenfoot:files/\(name).lsr\": l.tenfoot:files/\(name).lsr:Contents.json:1:"),
                "\(shot.stderr)")
        }
        let path = try tenfoot(["path", "l.tenfoot"], in: root)
        #expect(path.status == 0 && path.stdout == "b\n", "\(path.stdout)\(path.stderr)")
    }

    /// An .lsr travels as the one file it is, named relatively or absolutely, and the replay draws it.
    @Test func lsrTravelsAsOneFile() throws {
        let root = try tempDir("lsr")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/art", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/art/orbit.lsr", toPath: root + "/art/orbit.lsr")
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/art/orbit.lsr", toPath: root + "/far.lsr")
        try """
        {"name": "lsr", "root": {"type": "shelf", "id": "s", "children": [
          {"type": "poster", "id": "a", "title": "A", "image": "art/orbit.lsr"},
          {"type": "poster", "id": "b", "title": "B", "image": "\(root)/far.lsr"}]}}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let made = try tenfoot([
            "bundle", root + "/scene.json", "--moves", "right touch 0.5 0.5", "--out", root + "/l.tenfoot",
        ])
        #expect(made.status == 0 && !made.stdout.contains("not found"), "\(made.stdout)\(made.stderr)")
        let listed = try runProcess("/usr/bin/tar", ["tf", root + "/l.tenfoot"]).stdout
        #expect(listed.contains("files/art/orbit.lsr\n") && listed.contains("far.lsr\n"), "\(listed)")
        #expect(!listed.contains("imagestacklayer"))
        // The replay, elsewhere and with the archives gone from disk, draws what the scene drew.
        let b = try tenfoot([
            "screenshot", root + "/scene.json", "--moves", "right touch 0.5 0.5", "--size", "480x270", "--out",
            root + "/b.png",
        ])
        try FileManager.default.removeItem(atPath: root + "/art/orbit.lsr")
        try FileManager.default.removeItem(atPath: root + "/far.lsr")
        let a = try tenfoot(
            ["screenshot", root + "/l.tenfoot", "--size", "480x270", "--out", root + "/a.png"],
            in: NSTemporaryDirectory())
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: root + "/a.png"))
                == Data(contentsOf: URL(fileURLWithPath: root + "/b.png")))
    }

    @Test func aReplayThatDiffersFromTheTraceFails() throws {
        let dir = try tempDir("differs")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try tenfoot(["bundle", "home", "--moves", "right right", "--out", dir + "/home.tenfoot"]).status == 0)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/home.tenfoot")))
        let members = try TarFixture.members(bytes)
        let trace = try #require(members.first { $0.name == "trace.jsonl" })
        var text = String(decoding: trace.bytes, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").last)
        let edited = line.replacingOccurrences(of: "\"focus\": \"", with: "\"focus\": \"X")
        text = text.replacingOccurrences(of: String(line), with: edited)
        bytes = TarFixture.archive(
            members.map { $0.name == "trace.jsonl" ? (name: $0.name, bytes: Array(text.utf8)) : $0 })
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/edited.tenfoot"))
        let r = try tenfoot(["path", dir + "/edited.tenfoot"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains("the replay differs from the bundle's trace at event 2 of 2, line 2 of trace.jsonl:")
                && r.stderr.contains("recorded: {\"move\": \"right\", \"focus\": \"X"), "\(r.stderr)")
        // A recorded line of a megabyte is shown cut: the whole trace was once echoed (63 MB of stderr).
        let long = text.replacingOccurrences(
            of: "\"focus\": \"X", with: "\"focus\": \"" + String(repeating: "X", count: 1 << 20))
        try Data(
            TarFixture.archive(
                members.map { $0.name == "trace.jsonl" ? (name: $0.name, bytes: Array(long.utf8)) : $0 })
        ).write(to: URL(fileURLWithPath: dir + "/long.tenfoot"))
        let cut = try tenfoot(["path", dir + "/long.tenfoot"])
        #expect(cut.status == 1 && cut.stderr.count < 600 && cut.stderr.contains("XXX…"), "\(cut.stderr.count)")
    }

    /// Options a bundle fixes are refused with it; a bundle is not bundled again.
    @Test func optionsTheBundleFixesAreRefused() throws {
        let dir = try tempDir("fixed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let b = dir + "/home.tenfoot"
        #expect(try tenfoot(["bundle", "home", "--moves", "right", "--out", b]).status == 0)
        for args in [
            ["path", b, "right"], ["path", b, "--from", "x"], ["record", b, "--moves", "right", "--out", dir + "/f/"],
            ["screenshot", b, "--policy", "web", "--out", dir + "/s.png"],
        ] {
            let r = try tenfoot(args)
            #expect(r.status == 2 && r.stderr.contains("is a bundle: it replays its own input"), "\(args): \(r.stderr)")
        }
        let again = try tenfoot(["bundle", b, "--moves", "right", "--out", dir + "/again.tenfoot"])
        #expect(again.status == 2 && again.stderr.contains("is already a bundle"), "\(again.stderr)")
        #expect(try tenfoot(["record", b, "--out", dir + "/f/"]).status == 0, "record needs no --moves with a bundle")
    }

    /// The text size travels in the manifest: a bundle made at Accessibility XXXL replays at it (its screenshot
    /// is the direct one's, not Large's), and `--text-size` cannot change what it replays.
    @Test func theTextSizeTravelsWithTheBundle() throws {
        let dir = try tempDir("text-size")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let b = dir + "/home.tenfoot"
        let made = try tenfoot(["bundle", "home", "--moves", "right", "--text-size", "Accessibility XXXL", "--out", b])
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try runProcess("/usr/bin/tar", ["-xOf", b, "manifest.json"]).stdout
        #expect(
            manifest.contains(#""textSize" : "accessibility5""#) || manifest.contains(#""textSize":"accessibility5""#))
        for (args, out) in [
            (["screenshot", b], "replayed.png"),
            (["screenshot", "home", "--moves", "right", "--text-size", "accessibility5"], "direct.png"),
            (["screenshot", "home", "--moves", "right"], "large.png"),
        ] {
            let r = try tenfoot(args + ["--size", "480x270", "--out", dir + "/" + out])
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        let png = try files(in: dir)
        #expect(png["replayed.png"] == png["direct.png"] && png["replayed.png"] != png["large.png"])
        let refused = try tenfoot(["path", b, "--text-size", "large"])
        #expect(refused.status == 2 && refused.stderr.contains("--text-size"), "\(refused.stderr)")
    }

    /// SwiftUI sources travel with their sidecar; the view opened is the one chosen when bundling.
    @Test func swiftUISourcesAndTheirSidecarReplay() throws {
        let made = try tempDir("swiftui-made")
        let replayed = try tempDir("swiftui-replayed")
        defer { for d in [made, replayed] { try? FileManager.default.removeItem(atPath: d) } }
        let fixtures = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/Fixtures/"
        for name in ["PollOptionFields.swift", "PollOptionFields.tenfoot-sidecar"] {
            try FileManager.default.copyItem(atPath: fixtures + name, toPath: made + "/" + name)
        }
        let original = try tenfoot(["path", made + "/PollOptionFields.swift", "--json", "select", "select", "down"])
        #expect(original.status == 0, "\(original.stderr)")
        #expect(
            try tenfoot([
                "bundle", made + "/PollOptionFields.swift", "--moves", "select select down", "--out",
                replayed + "/poll.tenfoot",
            ]).status == 0)
        // A folder of sources keeps its name in the bundle.
        #expect(
            try tenfoot(["bundle", made, "--moves", "select select down", "--out", replayed + "/folder.tenfoot"]).status
                == 0)
        try FileManager.default.removeItem(atPath: made)
        let folder = try tenfoot(["path", "folder.tenfoot", "--json"], in: replayed)
        #expect(folder.status == 0 && folder.stdout == original.stdout, "\(folder.stdout)\(folder.stderr)")
        let list = try runProcess(try #require(Tools.find("tar")), ["tf", replayed + "/poll.tenfoot"])
        #expect(
            list.stdout
                == "manifest.json\nfiles/PollOptionFields.swift\nfiles/PollOptionFields.tenfoot-sidecar\nscript.txt\ntrace.jsonl\n",
            "\(list.stdout)")
        let r = try tenfoot(["path", "poll.tenfoot", "--json"], in: replayed)
        #expect(r.status == 0 && r.stdout == original.stdout, "\(r.stdout)\(r.stderr)\nvs\n\(original.stdout)")
    }

    /// `run` opens the window where the bundle's input ends (a session saved at once starts there), with
    /// the bundle's policy; a saved script's `from` line starts its replay there without `--from`.
    @Test func theWindowOpensWhereTheInputEndsAndScriptsStartAtTheirFrom() throws {
        let dir = try tempDir("window")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(
            try tenfoot([
                "bundle", TestPaths.scenes + "/navigation.json", "--moves", "right select", "--policy", "web", "--out",
                dir + "/b.tenfoot",
            ]).status == 0)
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_RENDER_DRIVER"] = "software"
        let r = try runProcess(
            TestPaths.tenfoot, ["run", dir + "/b.tenfoot", "--seconds", "0.3", "--save-session", dir + "/s.txt"],
            environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: dir + "/s.txt", encoding: .utf8)
        #expect(
            text.contains(
                "# scene: \(dir)/b.tenfoot (a repro bundle), after its input (policy web, appearance dark)\n"),
            "\(text)")
        #expect(
            text.contains("# focus at start: play (the from line below)\n") && text.contains("\nfrom \"play\"\n"),
            "\(text)")

        try "# saved elsewhere\nfrom \"p3\"\n@0 down\n@480 # end\n".write(
            toFile: dir + "/take.txt", atomically: true, encoding: .utf8)
        #expect(
            try tenfoot([
                "screenshot", "home", "--script", dir + "/take.txt", "--size", "320x180", "--out", dir + "/a.png",
            ]).status == 0)
        #expect(
            try tenfoot([
                "screenshot", "home", "--from", "p3", "--moves", "down", "--size", "320x180", "--out", dir + "/b.png",
            ]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))
                == Data(contentsOf: URL(fileURLWithPath: dir + "/b.png")))
        let bundled = try tenfoot(["bundle", "home", "--script", dir + "/take.txt", "--out", dir + "/t.tenfoot"])
        #expect(bundled.stdout.contains("focus p3 → "), "\(bundled.stdout)\(bundled.stderr)")
        // An expected focus is what the manifest's reader takes: an id, or (nothing); else refused before any work.
        let nothing = try tenfoot([
            "bundle", "home", "--moves", "right", "--expect", "(nothing)", "--out", dir + "/n.tenfoot",
        ])
        #expect(nothing.status == 0 && nothing.stdout.contains("; expected (nothing)"), "\(nothing.stderr)")
        #expect(try tenfoot(["path", dir + "/n.tenfoot"]).status == 0)
        let spaced = try tenfoot(["bundle", "home", "--moves", "right", "--expect", "a b", "--out", dir + "/s.tenfoot"])
        #expect(spaced.status == 2 && spaced.stderr.contains("--expect must be an id"), "\(spaced.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.tenfoot"))
    }

    /// Each hostile bundle: refused with exit 2, the bundle's name, and where (offset, or line:column).
    static let hostile: [(name: String, members: [(name: String, bytes: [UInt8])], words: String)] = {
        let manifest =
            #"{"format": "tenfoot-bundle", "version": 1, "tenfoot": "0.1.0", "scene": "files/s.json", "policy": "tvos", "appearance": "dark", "script": "script.txt", "trace": "trace.jsonl"}"#
        let scene =
            #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a"}, {"type": "button", "id": "b"}]}}"#
        func m(_ n: String, _ t: String) -> (name: String, bytes: [UInt8]) { (n, Array(t.utf8)) }
        let good = [
            m("manifest.json", manifest), m("script.txt", "@0 right\n@480 # end\n"), m("trace.jsonl", ""),
            m("files/s.json", scene),
        ]
        return [
            (
                "the manifest not first", [good[1], good[0], good[2], good[3]],
                "offset 0: the first member is \"script.txt\", not manifest.json"
            ),
            (
                "a manifest that is not JSON", [m("manifest.json", "{\"format\": ")] + good.dropFirst(),
                "manifest.json:1:12: error:"
            ),
            (
                "a newer version",
                [m("manifest.json", manifest.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7"))]
                    + good.dropFirst(),
                "manifest.json:1:41: error: the bundle's version is 7; this TenFoot reads version 1"
            ),
            (
                "an unknown key",
                [m("manifest.json", manifest.replacingOccurrences(of: "{", with: "{\"evil\": 1, "))] + good.dropFirst(),
                "manifest.json:1:2: error: unknown key \"evil\""
            ),
            (
                "a key given twice",
                [m("manifest.json", manifest.replacingOccurrences(of: "{", with: "{\"scene\": \"files/t.json\", "))]
                    + good.dropFirst(),
                "manifest.json:1:89: error: key \"scene\" appears twice in the manifest"
            ),
            (
                "another format",
                [m("manifest.json", manifest.replacingOccurrences(of: "tenfoot-bundle", with: "zip"))]
                    + good.dropFirst(), "not a TenFoot bundle"
            ),
            (
                "a scene outside files/",
                [m("manifest.json", manifest.replacingOccurrences(of: "files/s.json", with: "../s.json"))]
                    + good.dropFirst(), "manifest.json:1:73: error: the scene \"../s.json\" is not below files/"
            ),
            (
                "a missing scene", [good[0], good[1], good[2]],
                "manifest.json:1:73: error: the scene \"files/s.json\" is not in the bundle"
            ),
            ("a stray member", good + [m("run.sh", "rm -rf ~")], "the member \"run.sh\" is not part of a bundle"),
            (
                "a trace named as the manifest",
                [m("manifest.json", manifest.replacingOccurrences(of: "\"trace.jsonl\"", with: "\"manifest.json\""))]
                    + good.dropFirst(),
                "manifest.json:1:162: error: \"script\" and \"trace\" are script.txt and trace.jsonl in version 1"
            ),
            (
                "a start focus that is not an id",
                [m("manifest.json", manifest.replacingOccurrences(of: "{", with: "{\"startFocus\": \"a\\u200Bb\", "))]
                    + good.dropFirst(),
                "manifest.json:1:16: error: \"startFocus\" must be an id"
            ),
            (
                "a start focus no id can be",
                [m("manifest.json", manifest.replacingOccurrences(of: "{", with: "{\"startFocus\": \"$last\", "))]
                    + good.dropFirst(),
                "manifest.json:1:16: error: \"startFocus\" must be an id"
            ),
            (
                "an absolute reference listed twice",
                [
                    m(
                        "manifest.json",
                        manifest.replacingOccurrences(
                            of: "{",
                            with:
                                "{\"absolute\": [{\"reference\": \"/a.png\", \"member\": \"external/1/a.png\"}, {\"reference\": \"/a.png\", \"member\": \"external/2/a.png\"}], "
                        ))
                ] + good.dropFirst(),
                "\"absolute\" names the reference \"/a.png\" twice"
            ),
            (
                "an actual focus of 201 characters",
                [
                    m(
                        "manifest.json",
                        manifest.replacingOccurrences(
                            of: "{", with: "{\"actualFocus\": \"\(String(repeating: "é", count: 201))\", "))
                ] + good.dropFirst(),
                "manifest.json:1:17: error: \"actualFocus\" must be an id"
            ),
            (
                "a broken script", [good[0], m("script.txt", "right sideways\n"), good[2], good[3]],
                "script.txt:1:7: error:"
            ),
            (
                "a broken scene", good.dropLast() + [m("files/s.json", "{\"root\": 5}")],
                "tenfoot:files/s.json:1:10: error: a node must be an object"
            ),
            (
                "an absolute table escaping",
                [
                    m(
                        "manifest.json",
                        manifest.replacingOccurrences(
                            of: "{",
                            with: "{\"absolute\": [{\"reference\": \"/etc/passwd\", \"member\": \"files/s.json\"}], "))
                ] + good.dropFirst(),
                "\"files/s.json\" is not below external/"
            ),
        ]
    }()

    /// test, lint and audit run on the scene inside a bundle, and say every place as the bundle's
    /// member (`bug.tenfoot:files/scene.json:line:column`), the same wherever the bundle is replayed.
    @Test func testLintAndAuditTakeABundle() throws {
        let dir = try tempDir("checks")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(
            atPath: TestPaths.packageRoot + "/Tests/CLITests/Fixtures/audit-trap.json", toPath: dir + "/trap.json")
        // An expectation that fails, beside the trap the audit finds.
        var scene = try String(contentsOfFile: dir + "/trap.json", encoding: .utf8)
        let root = try #require(scene.range(of: "\"root\""))
        scene.replaceSubrange(
            root,
            with:
                "\"expect\": [{ \"name\": \"right stays\", \"press\": [\"right\"], \"focus\": [\"one\"] }],\n  \"root\""
        )
        try scene.write(toFile: dir + "/trap.json", atomically: true, encoding: .utf8)
        #expect(try tenfoot(["bundle", "trap.json", "--moves", "right", "--out", "bug.tenfoot"], in: dir).status == 0)
        #expect(
            try tenfoot(
                ["bundle", "trap.json", "--moves", "right", "--policy", "web", "--out", "web.tenfoot"], in: dir
            ).status == 0)
        // A bundle is audited under its own policy (the web's finds no trap here), unless --policy says another.
        let asScene = try tenfoot(["audit", "trap.json", "--policy", "web"], in: dir).stdout
        #expect(
            try tenfoot(["audit", "web.tenfoot"], in: dir).stdout.replacingOccurrences(
                of: "web.tenfoot:files/", with: "")
                == asScene.replacingOccurrences(of: "audit trap.json", with: "audit web.tenfoot"))
        #expect(try tenfoot(["audit", "web.tenfoot", "--policy", "tvos"], in: dir).stdout.contains("[trap]"))
        // Laid out at the size it was made at: --text-size is refused, as path and screenshot refuse it.
        for command in ["audit", "lint"] {
            let sized = try tenfoot([command, "web.tenfoot", "--text-size", "accessibility5"], in: dir)
            #expect(
                sized.status == 2 && sized.stderr.contains("--text-size cannot be given with it"),
                "\(command): \(sized.stderr)")
        }
        #expect(!asScene.contains("[trap]"))
        try FileManager.default.removeItem(atPath: dir + "/trap.json")
        let expectLine =
            try #require(
                scene.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"expect\"") })
            + 1

        let test = try tenfoot(["test", "bug.tenfoot", "--junit", "junit.xml"], in: dir)
        #expect(test.status == 1, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("bug.tenfoot:files/trap.json:\(expectLine):"), "\(test.stdout)")
        #expect(test.stdout.contains("right stays: press 1 (right): expected one, got a"), "\(test.stdout)")
        #expect(
            try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8).contains(
                "<testsuite name=\"bug.tenfoot:files/trap.json\""))
        // --shard deals a bundle with the scene files by its path: bug.tenfoot sorts before settings.json.
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/settings.json", toPath: dir + "/settings.json")
        let first = try tenfoot(["test", "settings.json", "bug.tenfoot", "--shard", "1/2"], in: dir)
        let second = try tenfoot(["test", "settings.json", "bug.tenfoot", "--shard", "2/2"], in: dir)
        #expect(
            first.stdout.hasPrefix("shard 1/2: 1 of 2 files\n")
                && first.stdout.contains("bug.tenfoot:files/trap.json:"), "\(first.stdout)")
        #expect(second.status == 0 && !second.stdout.contains("bug.tenfoot"), "\(second.stdout)")

        let audit = try tenfoot(["audit", "bug.tenfoot", "--strict"], in: dir)
        #expect(audit.status == 1)
        let trapLine = try #require(audit.stdout.split(separator: "\n").first { $0.contains("[trap]") })
        #expect(trapLine.hasPrefix("bug.tenfoot:files/trap.json:"), "\(audit.stdout)")
        #expect(
            !audit.stdout.contains("/tmp") && !audit.stdout.contains("tenfoot-bundle-"),
            "no temporary path: \(audit.stdout)")
        let sarif = try tenfoot(["audit", "bug.tenfoot", "--sarif"], in: dir)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect((artifacts[0]["location"] as? [String: Any])?["uri"] as? String == "bug.tenfoot")
        #expect(
            (artifacts[1]["location"] as? [String: Any])?["uri"] as? String == "files/trap.json"
                && artifacts[1]["parentIndex"] as? Int == 0)
        let location = try #require(
            ((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]
                as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "files/trap.json" && artifact["index"] as? Int == 1)

        // lint reads SwiftUI sources: a bundle that holds a scene file is sent to audit.
        let lint = try tenfoot(["lint", "bug.tenfoot"], in: dir)
        #expect(
            lint.status == 2
                && lint.stderr.contains(
                    "this bundle holds a scene file, not SwiftUI sources; use tenfoot audit bug.tenfoot"),
            "\(lint.stderr)")
        let shelf = try tenfoot(
            ["lint", TestPaths.packageRoot + "/Tests/CLITests/Fixtures/poster-shelf.tenfoot"], in: dir)
        #expect(shelf.status == 0)
        #expect(
            shelf.stdout.contains("/Fixtures/poster-shelf.tenfoot:files/PosterShelf.swift:9:9: warning: approximated:"),
            "\(shelf.stdout)")
        #expect(!shelf.stdout.contains("tenfoot-bundle-"), "\(shelf.stdout)")
    }

    /// A bundle cut short, or with a scene that does not load, is a clear error from test, lint and
    /// audit (exit 2), never a crash; test goes on with the other files.
    @Test func brokenBundlesAreClearErrorsForTheChecks() throws {
        let dir = try tempDir("broken-checks")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let whole = try Data(
            contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/Tests/CLITests/Fixtures/navigation.tenfoot"))
        try whole.prefix(3000).write(to: URL(fileURLWithPath: dir + "/cut.tenfoot"))
        for args in [["test", "cut.tenfoot"], ["lint", "cut.tenfoot"], ["audit", "cut.tenfoot", "--json"]] {
            let r = try tenfoot(args, in: dir)
            #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
            #expect(
                r.stderr.contains(
                    "cut.tenfoot: offset 2560: the archive ends in the middle of a header (cut short?): not a readable TenFoot bundle"
                ), "\(args): \(r.stderr)")
        }
        // A scene inside that does not decode: its error at its member's line and column.
        let members = try TarFixture.members([UInt8](whole))
        let edited = members.map {
            $0.name == "files/navigation.json" ? (name: $0.name, bytes: Array("{\n  \"name\": 3,\n".utf8)) : $0
        }
        try Data(TarFixture.archive(edited)).write(to: URL(fileURLWithPath: dir + "/bad.tenfoot"))
        try FileManager.default.copyItem(atPath: TestPaths.scenes + "/settings.json", toPath: dir + "/settings.json")
        let test = try tenfoot(["test", "bad.tenfoot", "settings.json"], in: dir)
        #expect(test.status == 2)
        #expect(
            test.stderr.contains("bad.tenfoot: the bundle's scene does not load:\nbad.tenfoot:files/navigation.json:"),
            "\(test.stderr)")
        #expect(
            test.stdout.contains("passed") && !test.stdout.hasPrefix("0 passed"),
            "the other file still runs: \(test.stdout)")
        let audit = try tenfoot(["audit", "bad.tenfoot"], in: dir)
        #expect(audit.status == 2 && audit.stderr.contains("bad.tenfoot:files/navigation.json:"), "\(audit.stderr)")
    }

    @Test(arguments: 0..<hostile.count)
    func hostileBundlesAreRefused(_ k: Int) throws {
        let c = Self.hostile[k]
        let dir = try tempDir("hostile-\(k)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/h.tenfoot"
        try Data(TarFixture.archive(c.members)).write(to: URL(fileURLWithPath: file))
        for command in [
            ["path", file], ["screenshot", file, "--out", dir + "/s.png"], ["test", file], ["lint", file],
            ["audit", file, "--sarif"],
        ] {
            let r = try tenfoot(command)
            #expect(r.status == 2, "\(c.name): \(command[0]) exit \(r.status)\n\(r.stderr)")
            #expect(r.stderr.contains(file) && r.stderr.contains(c.words), "\(c.name): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"))
    }

    /// Archives that are damaged, linked or climbing out: the offset of the header at fault.
    @Test func damagedArchivesAreRefusedAtTheirOffset() throws {
        let dir = try tempDir("damaged")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = TarFixture.archive([("manifest.json", Array("{}".utf8)), ("files/../../x", Array("x".utf8))])
        try Data(good).write(to: URL(fileURLWithPath: dir + "/climb.tenfoot"))
        var r = try tenfoot(["path", dir + "/climb.tenfoot"])
        #expect(
            r.status == 2
                && r.stderr.contains(
                    "\(dir)/climb.tenfoot: offset 1024: the member \"files/../../x\" climbs out of the archive (..)"),
            "\(r.stderr)")
        try Data(Array("just text, not a bundle\n".utf8) + [UInt8](repeating: 32, count: 600)).write(
            to: URL(fileURLWithPath: dir + "/text.tenfoot"))
        r = try tenfoot(["path", dir + "/text.tenfoot"])
        #expect(r.status == 2 && r.stderr.contains("offset 0: not a ustar header"), "\(r.stderr)")
        // An empty file was "cannot read the bundle (read error, or it grew past the limit)".
        _ = FileManager.default.createFile(atPath: dir + "/empty.tenfoot", contents: Data())
        r = try tenfoot(["path", dir + "/empty.tenfoot"])
        #expect(
            r.status == 2 && r.stderr.contains("empty.tenfoot: offset 0: the archive ends without its end-of-archive"),
            "\(r.stderr)")
        try FileManager.default.createDirectory(atPath: dir + "/folder.tenfoot", withIntermediateDirectories: true)
        r = try tenfoot(["path", dir + "/folder.tenfoot"])
        #expect(r.status == 2 && r.stderr.contains("not a regular file"), "\(r.stderr)")
        r = try tenfoot(["path", dir + "/none.tenfoot"])
        #expect(
            r.status == 2 && r.stderr.contains("none.tenfoot: cannot read the bundle (missing or unreadable)"),
            "\(r.stderr)")
    }
}

/// Archives written the way the format says, independently of TenFoot's writer (so a hostile one can
/// be anything), and read back for editing.
enum TarFixture {
    static func archive(_ members: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        for m in members {
            var h = [UInt8](repeating: 0, count: 512)
            func put(_ s: String, _ at: Int) { for (k, b) in s.utf8.enumerated() { h[at + k] = b } }
            func octal(_ n: Int, _ digits: Int) -> String {
                let s = String(n, radix: 8)
                return String(repeating: "0", count: digits - s.count) + s
            }
            put(m.name, 0)
            put("0000644", 100)
            put("0000000", 108)
            put("0000000", 116)
            put(octal(m.bytes.count, 11), 124)
            put("00000000000", 136)
            h[156] = UInt8(ascii: "0")
            put("ustar", 257)
            put("00", 263)
            for i in 148..<156 { h[i] = 32 }
            put(octal(h.reduce(0) { $0 + Int($1) }, 6), 148)
            h[154] = 0
            out += h + m.bytes + [UInt8](repeating: 0, count: (512 - m.bytes.count % 512) % 512)
        }
        return out + [UInt8](repeating: 0, count: 1024)
    }

    static func members(_ bytes: [UInt8]) throws -> [(name: String, bytes: [UInt8])] {
        var out: [(name: String, bytes: [UInt8])] = []
        var offset = 0
        while offset + 512 <= bytes.count, bytes[offset] != 0 {
            let name = String(decoding: bytes[offset..<offset + 100].prefix { $0 != 0 }, as: UTF8.self)
            let size = Int(String(decoding: bytes[offset + 124..<offset + 135], as: UTF8.self), radix: 8)!
            out.append((name, Array(bytes[offset + 512..<offset + 512 + size])))
            offset += 512 + (size + 511) / 512 * 512
        }
        return out
    }
}
