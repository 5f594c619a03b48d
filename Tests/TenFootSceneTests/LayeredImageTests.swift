import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

/// Layered images (issue 20): Xcode's `.imagestack` folders and the plain JSON list, and the errors for broken
/// ones (file:line:column).
@Suite struct LayeredImageTests {
    static let art = TestPaths.scenes + "/art"

    @Test func readsAnImageStack() throws {
        let s = try LayeredImage.load(Self.art + "/orbit.imagestack")
        #expect(s.canvasWidth == 350 && s.canvasHeight == 525)
        #expect(s.layers.count == 5)
        // Back first: the reverse of Contents.json's order.
        #expect(s.layers.first!.file.hasSuffix("Space.imagestacklayer/Content.imageset/space.png"))
        #expect(s.layers.last!.file.hasSuffix("Title.imagestacklayer/Content.imageset/title.png"))
        // The moon is placed by frame-size and frame-center; the others cover the canvas.
        let moon = s.layers[3]
        #expect(
            moon.file.hasSuffix("moon.png") && moon.x == 240 && moon.y == 75 && moon.width == 90 && moon.height == 90)
        #expect(s.layers[0].x == 0 && s.layers[0].width == 350)
        #expect(s.files.contains { $0.hasSuffix("orbit.imagestack/Contents.json") })
        #expect(s.files.contains { $0.hasSuffix("Moon.imagestacklayer/Contents.json") })
    }

    @Test func readsAJSONList() throws {
        let s = try LayeredImage.load(Self.art + "/reef.layers.json")
        #expect(
            s.layers.map { ($0.file as NSString).lastPathComponent } == [
                "reef-water.png", "reef-fish.png", "reef-front.png",
            ])
        #expect(s.canvasWidth == 350)
        #expect(
            LayeredImage.isLayered("a/b.imagestack") && LayeredImage.isLayered("x.layers.json")
                && !LayeredImage.isLayered("x.png"))
    }

    /// Writes a stack with `contents` as its Contents.json and one valid layer folder per name.
    func stack(_ contents: String, layers: [String] = ["Front", "Back"], layerContents: String? = nil) throws -> String
    {
        let dir = NSTemporaryDirectory() + "tenfoot-stack-\(UUID().uuidString).imagestack"
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.art + "/reef-fish.png"))
        for l in layers {
            let set = dir + "/\(l).imagestacklayer/Content.imageset"
            try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
            try #"{"images": [{"filename": "a.png", "idiom": "tv", "scale": "1x"}]}"#.write(
                toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
            try png.write(to: URL(fileURLWithPath: set + "/a.png"))
            if let layerContents {
                try layerContents.write(
                    toFile: dir + "/\(l).imagestacklayer/Contents.json", atomically: true, encoding: .utf8)
            }
        }
        try contents.write(toFile: dir + "/Contents.json", atomically: true, encoding: .utf8)
        return dir
    }

    func error(_ path: String) -> String {
        do {
            _ = try LayeredImage.load(path)
            return ""
        } catch { return error.description }
    }

    /// A file or a pipe named like a stack is said to be one, not a folder without its Contents.json.
    @Test func aStackThatIsNoFolderIsSaidToBeNone() throws {
        let dir = try Tools.temporaryFolder("notastack")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x".write(toFile: dir + "/f.imagestack", atomically: true, encoding: .utf8)
        #expect(mkfifo(dir + "/p.imagestack", 0o600) == 0)
        #expect(
            error(dir + "/f.imagestack") == dir + "/f.imagestack:1:1: error: an .imagestack is a folder; this is a file"
        )
        #expect(
            error(dir + "/p.imagestack")
                == dir + "/p.imagestack:1:1: error: an .imagestack is a folder; this is a device, a pipe or a socket")
    }

    @Test func brokenContentsJSONNamesLineAndColumn() throws {
        let dir = try stack("{\n  \"layers\": [\n    {\"filename\": \"Front.imagestacklayer\"},,\n  ]\n}\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let e = error(dir)
        #expect(e.hasPrefix(dir + "/Contents.json:3:"), "\(e)")
    }

    @Test func missingLayerFolderAndFile() throws {
        let dir = try stack(
            #"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Middle.imagestacklayer"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(
            error(dir) == dir
                + "/Contents.json:1:65: error: the layer folder \"Middle.imagestacklayer\" is not in \"\(dir)\" (at layers[1].filename)"
        )
        let two = try stack(
            #"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: two) }
        try FileManager.default.removeItem(atPath: two + "/Back.imagestacklayer/Content.imageset/a.png")
        #expect(
            error(two) == two
                + "/Back.imagestacklayer/Content.imageset/Contents.json:1:26: error: the image \"a.png\" is not in \"\(two)/Back.imagestacklayer/Content.imageset\" (at images[0].filename)"
        )
        // A loop of links is said to be one, as a layer list says it (it was "not in" its image set).
        try FileManager.default.createSymbolicLink(
            atPath: two + "/Back.imagestacklayer/Content.imageset/a.png", withDestinationPath: "a.png")
        #expect(
            error(two) == two
                + "/Back.imagestacklayer/Content.imageset/Contents.json:1:26: error: the image \"a.png\" is a loop of symbolic links, or a chain of more than 40 (at images[0].filename)"
        )
        // So is a layer folder that is one (it was "not in" the stack).
        let three = try stack(
            #"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Loop.imagestacklayer"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: three) }
        try FileManager.default.createSymbolicLink(
            atPath: three + "/Loop.imagestacklayer", withDestinationPath: "Loop.imagestacklayer")
        #expect(
            error(three) == three
                + "/Contents.json:1:65: error: the layer folder \"Loop.imagestacklayer\" is a loop of symbolic links, or a chain of more than 40 (at layers[1].filename)"
        )
        // So is an image set that is a loop of links (it was "has no Content.imageset folder").
        try FileManager.default.removeItem(atPath: two + "/Back.imagestacklayer/Content.imageset")
        try FileManager.default.createSymbolicLink(
            atPath: two + "/Back.imagestacklayer/Content.imageset", withDestinationPath: "Content.imageset")
        #expect(
            error(two) == two
                + "/Contents.json:1:65: error: the layer \"Back.imagestacklayer\"'s Content.imageset is a loop of symbolic links, or a chain of more than 40 (at layers[1].filename)"
        )
    }

    /// Layers named as image sets (kochj23/HomeKitTV's App Store stack) are not Apple's format: said so.
    @Test func imageSetInsteadOfLayerFolder() throws {
        let dir = try stack(#"{"layers": [{"filename": "Front.imageset"}, {"filename": "Back.imagestacklayer"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(
            error(dir).contains("\"Front.imageset\" is not a layer folder: layers are NAME.imagestacklayer folders"))
    }

    @Test func layerCountsOutsideTwoToFive() throws {
        let one = try stack(#"{"layers": [{"filename": "Front.imagestacklayer"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: one) }
        #expect(error(one).contains(":1:12: error: a layered image has 2 to 5 layers (HIG), this one has 1"))
        let names = ["A", "B", "C", "D", "E", "F"]
        let six = try stack(
            #"{"layers": ["# + names.map { #"{"filename": "\#($0).imagestacklayer"}"# }.joined(separator: ",") + "]}",
            layers: names)
        defer { try? FileManager.default.removeItem(atPath: six) }
        #expect(error(six).contains("this one has 6"))
    }

    @Test func referencedLayersAreRefused() throws {
        let dir = try stack(
            #"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}]}"#,
            layerContents: #"{"properties": {"content-reference": {"type": "image-set", "name": "X"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(
            error(dir).contains(
                "Front.imagestacklayer/Contents.json:1:38: error: a layer that refers to an image set elsewhere"))
    }

    @Test func listErrors() throws {
        let file = NSTemporaryDirectory() + "tenfoot-list-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "{\"layers\": [{\"image\": \"nope.png\"}, {\"image\": \"\(Self.art)/reef-water.png\"}]}".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(error(file).hasPrefix(file + ":1:23: error: the image \"nope.png\" is not there"))
        try
            "{\"layers\": [{\"image\": \"\(Self.art)/reef-fish.png\", \"frame\": {\"x\": 1}}, {\"image\": \"\(Self.art)/reef-water.png\"}]}"
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(error(file).contains("a frame needs \"x\", \"y\", \"width\" and \"height\""))
        // A layer that is a folder, a pipe, or this list through a link is said at its place (they were "cannot be
        // decoded" when drawn, with no place).
        let dir = NSTemporaryDirectory() + "tenfoot-list-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe.png", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/back.png", withDestinationPath: "list.json")
        FileManager.default.createFile(atPath: dir + "/empty.png", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: dir + "/mem.png", withDestinationPath: "/proc/self/mem")
        for (layer, said) in [
            ("folder.png", "the image \"folder.png\" is a folder, not a picture"),
            ("pipe.png", "the image \"pipe.png\" is a pipe, not a picture"),
            ("empty.png", "the image \"empty.png\" cannot be read as a PNG or JPEG (the two formats TenFoot draws)"),
            ("mem.png", "the image \"mem.png\" cannot be read as a PNG or JPEG (the two formats TenFoot draws)"),
            (
                "back.png",
                "a layer is a picture (PNG or JPEG), not a layered image: \"back.png\" is this list itself (through a link)"
            ),
        ] {
            try "{\"layers\": [{\"image\": \"\(layer)\"}, {\"image\": \"\(Self.art)/reef-water.png\"}]}".write(
                toFile: dir + "/list.json", atomically: false, encoding: .utf8)
            #expect(error(dir + "/list.json") == dir + "/list.json:1:23: error: \(said) (at layers[0].image)")
        }
    }

    /// Canvas and frame sizes past any real layered image (1e300, 2³¹, 3e9, 30000×30000) once trapped converting
    /// to Int or took gigabytes: refused with where and why (issue 34).
    @Test(arguments: ["1e300", "2147483648", "3e9", "30000", "-5"])
    func hugeCanvasesAndFramesAreRefused(_ size: String) throws {
        let file = NSTemporaryDirectory() + "tenfoot-huge-\(UUID().uuidString).layers.json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let layers = "[{\"image\": \"\(Self.art)/reef-fish.png\"}, {\"image\": \"\(Self.art)/reef-water.png\"}]"
        try "{\"layers\": \(layers), \"canvas\": {\"width\": \(size), \"height\": 100}}".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(error(file).contains("at most 8192 pixels"), "\(error(file))")
        let framed =
            "[{\"image\": \"\(Self.art)/reef-fish.png\", \"frame\": {\"x\": \(size), \"y\": 0, \"width\": \(size), \"height\": 10}}, {\"image\": \"\(Self.art)/reef-water.png\"}]"
        try "{\"layers\": \(framed)}".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(error(file).contains("a frame needs"), "\(error(file))")
    }

    /// A canvas smaller than a pixel draws nothing: refused (the fourteenth attack's 5e-324 × 1e-300 was taken).
    @Test(arguments: ["5e-324", "0.5", "0"])
    func canvasesBelowAPixelAreRefused(_ size: String) throws {
        let file = NSTemporaryDirectory() + "tenfoot-tiny-\(UUID().uuidString).layers.json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let layers = "[{\"image\": \"\(Self.art)/reef-fish.png\"}, {\"image\": \"\(Self.art)/reef-water.png\"}]"
        try "{\"layers\": \(layers), \"canvas\": {\"width\": 100, \"height\": \(size)}}".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(
            error(file).contains("with both at least 1 and at most 8192 pixels, got \(size) (at canvas.height)"),
            "\(error(file))")
    }

    @Test func imageHeaderSizes() {
        #expect(ImageHeader.size(Self.art + "/reef-water.png")! == (350, 525))
        #expect(ImageHeader.size(Self.art + "/reef.layers.json") == nil)
    }

    // MARK: .lsr (a ZIP of the stack's tree) and .lcr

    @Test func readsAnLSRAsTheStackItWasMadeFrom() throws {
        // scenes/art/orbit.lsr is scripts/make-lsr.py's archive of orbit.imagestack.
        let folder = try LayeredImage.load(Self.art + "/orbit.imagestack")
        let archive = try LayeredImage.load(Self.art + "/orbit.lsr")
        #expect(archive.canvasWidth == folder.canvasWidth && archive.canvasHeight == folder.canvasHeight)
        #expect(archive.layers.count == 5)
        for (a, f) in zip(archive.layers, folder.layers) {
            #expect(a.x == f.x && a.y == f.y && a.width == f.width && a.height == f.height)
            // The member's name keeps the archive's; its bytes are the file's.
            let member = String(f.file.dropFirst((Self.art + "/orbit.imagestack/").count))
            #expect(a.file == Self.art + "/orbit.lsr:" + member)
            let onDisk: [UInt8]? = FileManager.default.contents(atPath: f.file).map { Array($0) }
            #expect(f.bytes == nil && a.bytes == onDisk)
        }
        // A bundle carries the archive as one file.
        #expect(archive.files == [Self.art + "/orbit.lsr"] && archive.path == Self.art + "/orbit.lsr")
        #expect(
            LayeredImage.isLayered("a/poster.lsr") && LayeredImage.isLayered("a/POSTER.LSR")
                && LayeredImage.isLayered("b.lcr"))
    }

    /// An .lsr in a fresh temporary folder holding `members` (removed by the caller's `defer`).
    func lsr(_ members: [(String, String)]) throws -> String {
        let file = NSTemporaryDirectory() + "tenfoot-lsr-\(UUID().uuidString).lsr"
        let png = FileManager.default.contents(atPath: Self.art + "/reef-water.png").map(Array.init)!
        let bytes = StoredZip.archive(members.map { ($0.0, $0.1 == "PNG" ? png : Array($0.1.utf8)) })
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    static let imageSet = #"{"images": [{"filename": "a.png", "idiom": "tv", "scale": "1x"}]}"#

    @Test func lsrErrorsNameTheMemberLineAndColumn() throws {
        let broken = try lsr([
            ("Contents.json", "{\n  \"layers\": [\n    {\"filename\": \"Front.imagestacklayer\"},,\n  ]\n}\n")
        ])
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(error(broken).hasPrefix(broken + ":Contents.json:3:43: error: expected a value"))
        let missing = try lsr([
            (
                "Contents.json",
                #"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}]}"#
            ),
            ("Front.imagestacklayer/Content.imageset/Contents.json", Self.imageSet),
            ("Front.imagestacklayer/Content.imageset/a.png", "PNG"),
            ("Back.imagestacklayer/Content.imageset/Contents.json", #"{"images": [{"filename": "b.png"}]}"#),
        ])
        defer { try? FileManager.default.removeItem(atPath: missing) }
        #expect(
            error(missing) == missing
                + ":Back.imagestacklayer/Content.imageset/Contents.json:1:26: error: the image \"b.png\" is not in \"\(missing):Back.imagestacklayer/Content.imageset\" (at images[0].filename)"
        )
        let empty = try lsr([("readme.txt", "no stack here")])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(
            error(empty) == empty
                + ":1:1: error: this .lsr has no Contents.json at its root: an .lsr is a ZIP of an image stack's contents"
        )
    }

    @Test func lsrOfTheStackFolderItselfIsRead() throws {
        // Zipping the folder rather than its contents puts everything under one top folder: read the same
        // (and macOS's Archive Utility's __MACOSX/ resource forks beside it are left out).
        let file = try lsr([
            ("__MACOSX/Poster.imagestack/._Contents.json", "fork"),
            (
                "Poster.imagestack/Contents.json",
                #"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}]}"#
            ),
            ("Poster.imagestack/Front.imagestacklayer/Content.imageset/Contents.json", Self.imageSet),
            ("Poster.imagestack/Front.imagestacklayer/Content.imageset/a.png", "PNG"),
            ("Poster.imagestack/Back.imagestacklayer/Content.imageset/Contents.json", Self.imageSet),
            ("Poster.imagestack/Back.imagestacklayer/Content.imageset/a.png", "PNG"),
        ])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let s = try LayeredImage.load(file)
        #expect(s.canvasWidth == 350 && s.canvasHeight == 525 && s.layers.count == 2)
        #expect(s.layers[0].file == file + ":Poster.imagestack/Back.imagestacklayer/Content.imageset/a.png")
    }

    @Test func hostileLSRsAreRefusedWithTheReason() throws {
        let traversal = NSTemporaryDirectory() + "tenfoot-lsr-\(UUID().uuidString).lsr"
        try Data(StoredZip.archive([("Contents.json", Array("{}".utf8)), ("../../escape.png", [1, 2])])).write(
            to: URL(fileURLWithPath: traversal))
        defer { try? FileManager.default.removeItem(atPath: traversal) }
        #expect(
            error(traversal).hasPrefix(
                traversal + ":1:1: error: not a readable .lsr (a ZIP archive of an image stack): offset "))
        #expect(error(traversal).hasSuffix("\"../../escape.png\" climbs out of the archive (\"..\")"))
        let text = NSTemporaryDirectory() + "tenfoot-lsr-\(UUID().uuidString).lsr"
        try "just some text, and no ZIP archive at all".write(toFile: text, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: text) }
        #expect(error(text).contains("no end-of-central-directory record"))
        #expect(error(Self.art + "/nope.lsr") == Self.art + "/nope.lsr:1:1: error: no such file")
    }

    @Test func lcrIsRefusedWithWhy() {
        #expect(
            error(Self.art + "/poster.lcr") == Self.art
                + "/poster.lcr:1:1: error: a .lcr (a layered image compiled for the device) is not read: "
                + "Apple documents no format for it. Give the .lsr or the .imagestack it was made from")
    }
}
