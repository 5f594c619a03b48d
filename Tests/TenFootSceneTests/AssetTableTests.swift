import Foundation
import TenFootCore
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

    @Test func aTableBuiltAgainReadsOnlyWhatChanged() throws {
        let dir = try Self.folder("reuse")
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
