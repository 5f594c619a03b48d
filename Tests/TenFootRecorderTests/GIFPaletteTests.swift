import FocusEngine
import Foundation
import SDLTestLock
import TenFootPresentation
import TenFootRaster
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRecorder

/// A GIF's palette is made by the recorder (``GIFPalette``) and applied by ffmpeg: the palette must be the one ffmpeg's
/// own `palettegen=stats_mode=diff` makes of the same frames, byte for byte, and the GIF the one ffmpeg made alone with
/// `palettegen` in its graph (the recorder's pipeline before).
@Suite(.serialized, .sdlExclusive) struct GIFPaletteTests {
    static let needsFFmpeg: ConditionTrait = .enabled(
        if: Tools.hasFFmpeg, "needs ffmpeg and ffprobe (scripts/setup.sh installs them)")

    /// Frames of a seeded generator: `kind` 0 few colours, many sharing a channel's value (ties for the sort); 1 noise
    /// of thousands of colours (every one of the 255 boxes cut); 2 a gradient moved a column at a time.
    static func frames(kind: Int, width: Int, height: Int, count: Int, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var frame = [UInt8](repeating: 0, count: width * height * 4)
        func put(_ x: Int, _ y: Int, _ r: UInt32, _ g: UInt32, _ b: UInt32) {
            let i = (y * width + x) * 4
            (frame[i], frame[i + 1], frame[i + 2], frame[i + 3]) = (UInt8(b), UInt8(g), UInt8(r), 255)
        }
        var out: [[UInt8]] = []
        for f in 0..<count {
            switch kind {
            case 0:
                // A few rectangles of colours whose channels come from eight values: ties on every axis.
                for _ in 0..<(f == 0 ? 40 : 3) {
                    let (x0, y0) = (Int(next()) % width, Int(next()) % height)
                    let (w, h) = (1 + Int(next()) % (width / 3), 1 + Int(next()) % (height / 3))
                    let (r, g, b) = (next() % 8 * 36, next() % 8 * 36, next() % 8 * 36)
                    for y in y0..<min(height, y0 + h) { for x in x0..<min(width, x0 + w) { put(x, y, r, g, b) } }
                }
            case 1:
                // Noise over part of the frame, a band that moves.
                let band = f % height
                for y in 0..<height where f == 0 || abs(y - band) < height / 4 {
                    for x in 0..<width { put(x, y, next() & 0xFF, next() & 0xFF, next() & 0xFF) }
                }
            default:
                for y in 0..<height {
                    for x in 0..<width {
                        let u = UInt32((x + f) % width * 255 / max(1, width - 1))
                        put(x, y, u, UInt32(y * 255 / max(1, height - 1)), (u + UInt32(f) * 7) & 0xFF)
                    }
                }
            }
            out.append(frame)
            if f % 4 == 3 { out.append(frame) }  // an unchanged frame now and then
        }
        return out
    }

    /// ffmpeg's palette of the frames: `palettegen=stats_mode=diff` (as the recorder used it), its 16×16 picture raw.
    static func ffmpegPalette(_ frames: [[UInt8]], width: Int, height: Int) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-palette-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("frames.raw")
        let output = dir.appendingPathComponent("palette.raw")
        try Data(frames.joined()).write(to: input)
        let run = try runProcess(
            try #require(Tools.ffmpeg),
            [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra", "-s",
                "\(width)x\(height)", "-r", "30", "-i", input.path, "-vf", "palettegen=stats_mode=diff", "-f",
                "rawvideo", "-pix_fmt", "bgra", "-y", output.path,
            ], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        return [UInt8](try Data(contentsOf: output))
    }

    static func palette(_ frames: [[UInt8]], width: Int) -> [UInt8]? {
        var palette = GIFPalette()
        for f in frames { f.withUnsafeBytes { palette.add($0, width: width) } }
        return palette.palette()
    }

    @Test(Self.needsFFmpeg, arguments: [(0, 7), (1, 11), (2, 13)])
    func theSamePaletteAsFFmpegMakes(kind: Int, seed: UInt64) throws {
        let (width, height) = (96, 54)
        let frames = Self.frames(kind: kind, width: width, height: height, count: 12, seed: seed)
        let ours = try #require(Self.palette(frames, width: width))
        #expect(ours.count == 1024)
        let theirs = try Self.ffmpegPalette(frames, width: width, height: height)
        #expect(ours == theirs, "kind \(kind): the palettes differ")
    }

    /// One frame of one colour and one of two: the fewest boxes.
    @Test(Self.needsFFmpeg) func aFewColoursGiveTheSamePaletteToo() throws {
        let one = [UInt8](repeating: 0x80, count: 8 * 8 * 4)
        var two = one
        for i in stride(from: 0, to: two.count / 2, by: 4) { two[i] = 0x10 }
        for frames in [[one], [one, two, one]] {
            #expect(try Self.palette(frames, width: 8) == Self.ffmpegPalette(frames, width: 8, height: 8))
        }
    }

    /// Only the rows a frame may have changed in are compared: told them, the palette is the one of whole frames.
    @Test func countingChangedRowsOnlyIsCountingWholeFrames() {
        let (width, height) = (40, 30)
        let frames = Self.frames(kind: 0, width: width, height: height, count: 10, seed: 3)
        var told = GIFPalette()
        var before: [UInt8]?
        for f in frames {
            var rows: [Range<Int>] = []
            if let before {
                for y in 0..<height
                where before[y * width * 4..<(y + 1) * width * 4] != f[y * width * 4..<(y + 1) * width * 4] {
                    if let last = rows.last, last.upperBound == y {
                        rows[rows.count - 1] = last.lowerBound..<y + 1
                    } else {
                        rows.append(y..<y + 1)
                    }
                }
            }
            f.withUnsafeBytes { told.add($0, width: width, rows: rows) }
            before = f
        }
        #expect(told.palette() == Self.palette(frames, width: width))
        #expect(GIFPalette().palette() == nil)
    }

    /// The quicksort puts keys in order (the order among equal keys is ffmpeg's, checked through the palettes above).
    @Test func theQuicksortSorts() {
        var state: UInt32 = 1
        for n in [2, 3, 4, 5, 17, 200, 1000] {
            var refs = (0..<n).map { k -> GIFPalette.Ref in
                state = state &* 1_103_515_245 &+ 12345
                return GIFPalette.Ref(color: state >> 8 & 0xFF_FFFF | 0xFF00_0000, count: UInt64(k))
            }
            let counts = refs.map(\.count).sorted()
            var slow = refs
            #expect(!GIFPalette.quicksort(&refs, 0, n - 1, shift: 8))
            let keys = refs.map { $0.color >> 8 & 0xFF }
            #expect(keys == keys.sorted(), "n = \(n)")
            #expect(refs.map(\.count).sorted() == counts)
            // Past its budget of comparisons (checked after each partition: three elements have none), the range is
            // sorted again by Swift's sort: in order all the same.
            #expect(GIFPalette.quicksort(&slow, 0, n - 1, shift: 8, budget: 1) == (n > 3))
            #expect(slow.map { $0.color >> 8 & 0xFF } == keys)
        }
    }

    /// A frame of a quarter of a million colours, none twice (noise in a picture): the palette is made, and is
    /// ffmpeg's.
    @Test(Self.needsFFmpeg) func aQuarterOfAMillionColours() throws {
        let (width, height) = (512, 512)
        var frame = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt32 = 0x1234_5678
        var seen = Set<UInt32>()
        for i in 0..<width * height {
            var c: UInt32
            repeat {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                c = state & 0xFF_FFFF
            } while !seen.insert(c).inserted
            (frame[4 * i], frame[4 * i + 1], frame[4 * i + 2]) = (UInt8(c & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c >> 16))
        }
        var palette = GIFPalette()
        frame.withUnsafeBytes { palette.add($0, width: width) }
        #expect(palette.colorCount == width * height)
        #expect(try palette.palette() == Self.ffmpegPalette([frame], width: width, height: height))
    }

    /// The recorder's GIF is the one ffmpeg makes of the same frames with `palettegen` in its own graph, byte for byte:
    /// a traversal of the home scene (posters, gradients, text) with every overlay.
    @Test(Self.needsFFmpeg) func theGIFIsTheOneFFmpegMakesAlone() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-gif-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var settings = RecordingSettings()
        (settings.width, settings.height, settings.fps) = (320, 180, 15)
        settings.overlays = [.keys, .path, .remote]
        let script = try InputScriptParser.parse("right right down right wait 300ms left up")
        let out = dir.appendingPathComponent("ours.gif").path
        let recorder = Recorder(
            simulator: try Simulator(scene: BuiltInScenes.home()), script: script, settings: settings)
        let target = try OutputTarget(destination: out, format: .gif)
        let stats = try recorder.record(to: target)
        try target.commit()
        #expect(stats.paletteSeconds > 0)

        // The same frames, drawn whole, piped to ffmpeg with palettegen in its graph.
        var player = ScriptPlayer(simulator: try Simulator(scene: BuiltInScenes.home()), script: script)
        let composer = try FrameComposer(
            width: 320, height: 180, appearance: settings.appearance, overlays: settings.overlays,
            assets: AssetTable())
        let alone = dir.appendingPathComponent("alone.gif").path
        let encoder = FFmpegEncoder(
            executable: try #require(Tools.ffmpeg),
            arguments: FFmpeg.arguments(.gif, width: 320, height: 180, fps: 15, output: alone))
        try encoder.start()
        for k in 0..<recorder.frameCount {
            player.advance(to: k * settings.ticksPerFrame)
            composer.draw(player.sim)
            try encoder.write(UnsafeRawBufferPointer(composer.canvas.bytes()))
        }
        try encoder.finish()
        #expect(composer.canvas.isTightlyPacked)
        let ours = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(ours.count > 10_000)
        #expect(ours == (try Data(contentsOf: URL(fileURLWithPath: alone))), "the GIFs differ")
    }
}
