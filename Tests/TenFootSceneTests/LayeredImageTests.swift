import Foundation
import Testing
@testable import TenFootScene
import TenFootCore
import TestSupport

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
        #expect(moon.file.hasSuffix("moon.png") && moon.x == 240 && moon.y == 75 && moon.width == 90 && moon.height == 90)
        #expect(s.layers[0].x == 0 && s.layers[0].width == 350)
        #expect(s.files.contains { $0.hasSuffix("orbit.imagestack/Contents.json") })
        #expect(s.files.contains { $0.hasSuffix("Moon.imagestacklayer/Contents.json") })
    }

    @Test func readsAJSONList() throws {
        let s = try LayeredImage.load(Self.art + "/reef.layers.json")
        #expect(s.layers.map { ($0.file as NSString).lastPathComponent } == ["reef-water.png", "reef-fish.png", "reef-front.png"])
        #expect(s.canvasWidth == 350)
        #expect(LayeredImage.isLayered("a/b.imagestack") && LayeredImage.isLayered("x.layers.json") && !LayeredImage.isLayered("x.png"))
    }

    /// Writes a stack with `contents` as its Contents.json and one valid layer folder per name.
    func stack(_ contents: String, layers: [String] = ["Front", "Back"], layerContents: String? = nil) throws -> String {
        let dir = NSTemporaryDirectory() + "tenfoot-stack-\(UUID().uuidString).imagestack"
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.art + "/reef-fish.png"))
        for l in layers {
            let set = dir + "/\(l).imagestacklayer/Content.imageset"
            try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
            try #"{"images": [{"filename": "a.png", "idiom": "tv", "scale": "1x"}]}"#.write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
            try png.write(to: URL(fileURLWithPath: set + "/a.png"))
            if let layerContents { try layerContents.write(toFile: dir + "/\(l).imagestacklayer/Contents.json", atomically: true, encoding: .utf8) }
        }
        try contents.write(toFile: dir + "/Contents.json", atomically: true, encoding: .utf8)
        return dir
    }

    func error(_ path: String) -> String {
        do { _ = try LayeredImage.load(path); return "" } catch { return error.description }
    }

    @Test func brokenContentsJSONNamesLineAndColumn() throws {
        let dir = try stack("{\n  \"layers\": [\n    {\"filename\": \"Front.imagestacklayer\"},,\n  ]\n}\n")
        let e = error(dir)
        #expect(e.hasPrefix(dir + "/Contents.json:3:"), "\(e)")
    }

    @Test func missingLayerFolderAndFile() throws {
        let dir = try stack(#"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Middle.imagestacklayer"}]}"#)
        #expect(error(dir) == dir + "/Contents.json:1:65: error: the layer folder \"Middle.imagestacklayer\" is not in \"\(dir)\" (at layers[1].filename)")
        let two = try stack(#"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}]}"#)
        try FileManager.default.removeItem(atPath: two + "/Back.imagestacklayer/Content.imageset/a.png")
        #expect(error(two) == two + "/Back.imagestacklayer/Content.imageset/Contents.json:1:26: error: the image \"a.png\" is not in \"\(two)/Back.imagestacklayer/Content.imageset\" (at images[0].filename)")
    }

    /// Layers named as image sets (kochj23/HomeKitTV's App Store stack) are not Apple's format: said so.
    @Test func imageSetInsteadOfLayerFolder() throws {
        let dir = try stack(#"{"layers": [{"filename": "Front.imageset"}, {"filename": "Back.imagestacklayer"}]}"#)
        #expect(error(dir).contains("\"Front.imageset\" is not a layer folder: layers are NAME.imagestacklayer folders"))
    }

    @Test func layerCountsOutsideTwoToFive() throws {
        let one = try stack(#"{"layers": [{"filename": "Front.imagestacklayer"}]}"#)
        #expect(error(one).contains(":1:12: error: a layered image has 2 to 5 layers (HIG), this one has 1"))
        let names = ["A", "B", "C", "D", "E", "F"]
        let six = try stack(#"{"layers": ["# + names.map { #"{"filename": "\#($0).imagestacklayer"}"# }.joined(separator: ",") + "]}", layers: names)
        #expect(error(six).contains("this one has 6"))
    }

    @Test func referencedLayersAreRefused() throws {
        let dir = try stack(#"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}]}"#,
                            layerContents: #"{"properties": {"content-reference": {"type": "image-set", "name": "X"}}}"#)
        #expect(error(dir).contains("Front.imagestacklayer/Contents.json:1:38: error: a layer that refers to an image set elsewhere"))
    }

    @Test func listErrors() throws {
        let file = NSTemporaryDirectory() + "tenfoot-list-\(UUID().uuidString).json"
        try "{\"layers\": [{\"image\": \"nope.png\"}, {\"image\": \"\(Self.art)/reef-water.png\"}]}".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(error(file).hasPrefix(file + ":1:23: error: the image \"nope.png\" is not there"))
        try "{\"layers\": [{\"image\": \"\(Self.art)/reef-fish.png\", \"frame\": {\"x\": 1}}, {\"image\": \"\(Self.art)/reef-water.png\"}]}".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(error(file).contains("a frame needs \"x\", \"y\", \"width\" and \"height\""))
    }

    @Test func imageHeaderSizes() {
        #expect(ImageHeader.size(Self.art + "/reef-water.png")! == (350, 525))
        #expect(ImageHeader.size(Self.art + "/reef.layers.json") == nil)
    }
}
