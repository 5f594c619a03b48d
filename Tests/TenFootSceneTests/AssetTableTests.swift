import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

/// The asset table: every picture a scene names is read before anything is drawn, what cannot be read is a
/// problem at the place that names it, and a table built again reads only the files that changed.
@Suite struct AssetTableTests {
    /// Any bytes make a 1×1 picture whose pixel is the first byte (so tests can tell versions apart).
    struct FirstByteDecoder: ImageDecoder {
        func decode(_ bytes: [UInt8], type: String?) -> DecodedImage? {
            guard let first = bytes.first else { return nil }
            let buffer = PixelBuffer(count: 1)
            buffer.pixels[0] = UInt32(first)
            return DecodedImage(width: 1, height: 1, buffer: buffer, blends: false)
        }
    }

    static func folder(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-assets-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    static func scene(_ images: [String], in folder: String) throws -> Scene {
        let children = images.map { #"{ "type": "poster", "image": "\#($0)" }"# }.joined(separator: ",\n")
        return try SceneDecoder.decode(
            #"{ "name": "t", "root": { "type": "hstack", "children": [\#n\#(children)] } }"#, file: folder + "/s.json")
    }

    static func pixel(_ table: AssetTable, _ path: String) -> UInt32? {
        if case .image(let image)? = table[path] { return image.buffer.pixels[0] }
        return nil
    }

    @Test func everyPictureIsReadUpFrontAndMissingOnesArePlaced() throws {
        let dir = try Self.folder("read")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data([7]).write(to: URL(fileURLWithPath: dir + "/a.png"))
        let scene = try Self.scene(["a.png", "gone.png"], in: dir)
        let table = AssetTable(scene: scene, base: dir, decoder: FirstByteDecoder(), loader: nil)
        #expect(Self.pixel(table, "a.png") == 7)
        guard case .unavailable(let why)? = table["gone.png"] else {
            Issue.record("a missing picture is unavailable")
            return
        }
        #expect(why.contains("missing or unreadable"))
        #expect(table.problems.count == 1)
        let problem = try #require(table.problems.first)
        #expect(problem.file == dir + "/s.json" && problem.location.line == 3, "\(problem)")
        #expect(problem.message.contains("\"gone.png\""))
        #expect(table["never-named.png"] == nil)
        #expect(table.files == [dir + "/a.png", dir + "/gone.png"])
    }

    /// A scene's `.lsr` archives inflate to at most `maxTableArchiveBytes` together, each read at 1x and 2x: twenty
    /// names of one small archive holding 200 MB of zeros took 25 s. One past what is left is missing, and says so.
    @Test func archivesTogetherHaveAnInflatingBudget() throws {
        let dir = try Self.folder("lsr")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let orbit = TestPaths.scenes + "/art/orbit.lsr"
        for name in ["a", "b", "c"] { try FileManager.default.copyItem(atPath: orbit, toPath: dir + "/\(name).lsr") }
        let size = try LayeredImage.load(orbit).inflatedBytes
        #expect(size > 1000)
        let table = AssetTable(
            paths: ["a.lsr", "b.lsr", "c.lsr"], base: dir, decoder: FirstByteDecoder(),
            archiveBytes: 4 * size + size / 2)
        guard case .layered = table["a.lsr"], case .layered = table["b.lsr"],
            case .unavailable(let why)? = table["c.lsr"]
        else {
            Issue.record("the third archive is past the budget: \(String(describing: table["c.lsr"]))")
            return
        }
        #expect(why.contains("MB a scene's .lsr archives may inflate to together"), "\(why)")
        // Once the total is spent, later archives are not opened.
        let spent = AssetTable(
            paths: ["a.lsr", "b.lsr", "c.lsr"], base: dir, decoder: FirstByteDecoder(), archiveBytes: 2 * size)
        guard case .layered = spent["a.lsr"], case .unavailable(let none)? = spent["b.lsr"] else {
            Issue.record("the second archive is past a spent budget: \(String(describing: spent["b.lsr"]))")
            return
        }
        #expect(none.contains("are spent; it is not read"), "\(none)")
    }

    /// Another name for a file already read (a hard link, a symbolic link, `./a.lsr`) is not read again: 3,000 hard
    /// links to one archive were each read and inflated. Every name is still its own picture in the pixel budget,
    /// and the files a live preview watches include each name.
    @Test func aFileIsReadOnceUnderEveryName() throws {
        let dir = try Self.folder("names")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let orbit = TestPaths.scenes + "/art/orbit.lsr"
        try FileManager.default.copyItem(atPath: orbit, toPath: dir + "/a.lsr")
        try FileManager.default.linkItem(atPath: dir + "/a.lsr", toPath: dir + "/b.lsr")
        try FileManager.default.createSymbolicLink(atPath: dir + "/c.lsr", withDestinationPath: "a.lsr")
        let size = try LayeredImage.load(orbit).inflatedBytes
        // Room for one archive's reading (1x and 2x) only: before, the second name was past it.
        let table = AssetTable(
            paths: ["a.lsr", "b.lsr", "./c.lsr", "sub/../a.lsr"], base: dir, decoder: FirstByteDecoder(),
            archiveBytes: 2 * size + size / 2)
        for name in ["a.lsr", "b.lsr", "./c.lsr"] {
            guard case .layered? = table[name] else {
                Issue.record("\(name) is the archive already read: \(String(describing: table[name]))")
                continue
            }
        }
        // `sub/` does not exist: that name is not the file, and is read (and fails) as itself.
        guard case .unavailable? = table["sub/../a.lsr"] else {
            Issue.record("a path through a missing folder is not the file")
            return
        }
        #expect(table.files.contains(dir + "/b.lsr") && table.files.contains(dir + "/./c.lsr"), "\(table.files)")
    }

    /// A scene's pictures decode to at most 96 million pixels together (eight of 8000×8000 took 2.5 GB): each is
    /// checked against what is left before it is decoded, in the scene's order, and one past it is missing.
    @Test func picturesTogetherHaveAPixelBudget() throws {
        /// A picture of the size its PNG header says (holding one pixel: only its size matters here).
        struct HeaderSizeDecoder: ImageDecoder {
            func decode(_ bytes: [UInt8], type: String?) -> DecodedImage? {
                guard let (w, h) = ImageHeader.size(bytes: bytes) else { return nil }
                return DecodedImage(width: w, height: h, buffer: PixelBuffer(count: 1), blends: false)
            }
        }
        func png(_ side: UInt32) -> Data {
            func be32(_ v: UInt32) -> [UInt8] {
                [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
            }
            return Data(
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(side)
                    + be32(side)
                    + [8, 6, 0, 0, 0] + be32(0))
        }
        let dir = try Self.folder("budget")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["a", "b", "c", "d"] { try png(6000).write(to: URL(fileURLWithPath: "\(dir)/\(name).png")) }
        try png(100).write(to: URL(fileURLWithPath: dir + "/small.png"))
        let scene = try Self.scene(["a.png", "b.png", "c.png", "small.png", "d.png"], in: dir)
        let table = AssetTable(scene: scene, base: dir, decoder: HeaderSizeDecoder(), loader: nil)
        #expect(AssetTable.maxTablePixels == 96 << 20)
        #expect(
            table.problems.map { "\($0.location.line) \($0.message)" }
                == ["c", "d"].map {
                    "\($0 == "c" ? 4 : 6) image \"\($0).png\": the image is 6000×6000 pixels, past what is left of the 100,663,296 pixels a scene's pictures may take together; it is not decoded"
                })
        // A picture of no pixels is missing, with why.
        try png(0).write(to: URL(fileURLWithPath: dir + "/empty.png"))
        let empty = AssetTable(
            scene: try Self.scene(["empty.png"], in: dir), base: dir, decoder: HeaderSizeDecoder(), loader: nil)
        #expect(
            empty.problems.map(\.message) == [#"image "empty.png": the image is 0×0 pixels: there is nothing to draw"#])
        for name in ["a.png", "b.png", "small.png"] {
            guard case .image? = table[name] else {
                Issue.record("\(name) fits")
                continue
            }
        }
        // A layered image counts its canvas flattened at 2x, checked before its layers are decoded: lists of two
        // tiny pictures on 8192-pixel canvases fit the budget's pictures but took 1.9 GB flattened. Two 3000-pixel
        // canvases (72 million pixels at 2x) fit with their layers; a picture or a third canvas of 36 million do not.
        for name in ["l1", "l2", "l3"] {
            try
                #"{"layers": [{"image": "small.png"}, {"image": "small.png"}], "canvas": {"width": 3000, "height": 3000}}"#
                .write(toFile: "\(dir)/\(name).layers.json", atomically: true, encoding: .utf8)
        }
        let lists = AssetTable(
            scene: try Self.scene(["l1.layers.json", "l2.layers.json", "a.png", "l3.layers.json"], in: dir), base: dir,
            decoder: HeaderSizeDecoder(), loader: nil)
        #expect(
            lists.problems.map { "\($0.location.line) \($0.message)" } == [
                "4 image \"a.png\": the image is 6000×6000 pixels, past what is left of the 100,663,296 pixels a scene's pictures may take together; it is not decoded",
                "5 image \"l3.layers.json\": its canvas is 6000×6000 pixels at 2x, past what is left of the 100,663,296 pixels a scene's pictures may take together; it is not drawn",
            ])
        guard case .layered? = lists["l1.layers.json"], case .layered? = lists["l2.layers.json"] else {
            Issue.record("l1 and l2 fit")
            return
        }
    }

    /// The scenes `open` actions reach are read once a file however they are reached, and no more once their files
    /// come to the byte budget: a hundred links to one 3 MB scene were read a hundred times (54 s to screenshot).
    @Test func openedScenesAreReadOnceAFileWithinABudget() throws {
        let dir = try Self.folder("opened")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"root": {"type": "button", "id": "x", "title": "X"}}"#
            .write(toFile: dir + "/target.json", atomically: true, encoding: .utf8)
        try #"{"root": {"type": "button", "id": "y", "title": "Y", "note": "\#(String(repeating: "y", count: 4000))"}}"#
            .write(toFile: dir + "/big.json", atomically: true, encoding: .utf8)
        var buttons: [String] = []
        for k in 0..<100 {
            try FileManager.default.createSymbolicLink(
                atPath: dir + "/link\(k).json", withDestinationPath: "target.json")
            buttons.append(
                #"{"type": "button", "id": "b\#(k)", "title": "B", "onSelect": [{"open": "link\#(k).json"}]}"#)
        }
        buttons.append(#"{"type": "button", "id": "big", "title": "Big", "onSelect": [{"open": "big.json"}]}"#)
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "children": [\#(buttons.joined(separator: ", "))]}}"#, file: dir + "/s.json")
        nonisolated(unsafe) var loads = 0
        let loader: SceneLoader = { path in
            loads += 1
            return SceneDecoder.fileLoader(path)
        }
        let reached = scene.reachableScenes(loader: loader)
        #expect(loads == 2 && reached.map(\.named) == ["big.json", "link0.json"], "\(reached.map(\.named))")
        loads = 0
        let budget = scene.reachableScenes(loader: loader, maxBytes: 1000)
        #expect(loads == 1 && budget.map(\.named) == ["link0.json"], "\(budget.map(\.named))")
        // A loader that reads no file (a bundle's replay) gets every path, the files on disk never looked at: not the
        // links' one target, nor the size that puts big.json past the budget.
        loads = 0
        let served: SceneLoader = { path in
            loads += 1
            return Result { () throws(Diagnostics) in
                try SceneDecoder.decode(#"{"root": {"type": "button", "id": "served", "title": "S"}}"#, file: path)
            }
        }
        let confined = scene.reachableScenes(loader: served, maxScenes: 200, maxBytes: 1000, looksAtFiles: false)
        #expect(loads == 101 && confined.count == 101, "\(confined.count)")
    }

    @Test func aTableBuiltAgainReadsOnlyWhatChanged() throws {
        let dir = try Self.folder("reuse")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data([1]).write(to: URL(fileURLWithPath: dir + "/a.png"))
        try Data([2]).write(to: URL(fileURLWithPath: dir + "/b.png"))
        let scene = try Self.scene(["a.png", "b.png", "c.png"], in: dir)
        let first = AssetTable(scene: scene, base: dir, decoder: FirstByteDecoder(), loader: nil)
        // b changes (another size, so the stamp differs however coarse the clock); c appears.
        try Data([9, 9]).write(to: URL(fileURLWithPath: dir + "/b.png"))
        try Data([3]).write(to: URL(fileURLWithPath: dir + "/c.png"))
        let second = AssetTable(scene: scene, base: dir, decoder: FirstByteDecoder(), loader: nil, reusing: first)
        guard case .image(let a1)? = first["a.png"], case .image(let a2)? = second["a.png"] else {
            Issue.record("a.png was read")
            return
        }
        #expect(a1.buffer === a2.buffer, "an unchanged file is not read again")
        #expect(Self.pixel(second, "b.png") == 9)
        #expect(Self.pixel(second, "c.png") == 3 && second.problems.isEmpty)
        #expect(!second.isSame(as: first) && second.isSame(as: second))
    }

    @Test func aPipeOrAFolderIsRefusedWithoutWaiting() throws {
        let dir = try Self.folder("special")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe.png", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: true)
        let scene = try Self.scene(["pipe.png", "folder.png"], in: dir)
        let table = AssetTable(scene: scene, base: dir, decoder: FirstByteDecoder(), loader: nil)
        #expect(
            table.problems.map(\.message).sorted() == [
                "image \"folder.png\": cannot read the image (it is a folder)",
                "image \"pipe.png\": cannot read the image (not a regular file: a device, a pipe or a socket)",
            ])
    }

    @Test func openedScenesLendTheirPictures() throws {
        let dir = try Self.folder("open")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data([5]).write(to: URL(fileURLWithPath: dir + "/other.png"))
        let other = try Self.scene(["other.png"], in: dir)
        let first = try SceneDecoder.decode(
            #"{ "name": "t", "root": { "type": "button", "title": "Go", "onSelect": [{ "open": "next.json" }] } }"#,
            file: dir + "/s.json")
        let loader: SceneLoader = { path in
            path == dir + "/next.json" ? .success(other) : .failure(Diagnostics(file: path, "no"))
        }
        let table = AssetTable(scene: first, base: dir, decoder: FirstByteDecoder(), loader: loader)
        #expect(Self.pixel(table, "other.png") == 5)
    }
}
