@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// A window keeps its last frame and draws only the rows that changed (`DisplayList.damage(since:)`,
/// `OffscreenCanvas.drawChanges(_:into:)`): its memory must hold, every frame, the bytes of the frame drawn whole.
extension RasterTests {
    /// A scene's pictures, and 60 frames of it: focus moving every ten frames (some steps short, mid-animation, some
    /// long, at rest), the finger turning the focused item through frames 22–33, then let go.
    func movingFrames(_ name: String) throws -> (AssetTable, [DisplayList]) {
        let scene =
            name == "home" ? BuiltInScenes.home() : try SceneDecoder.load(path: TestPaths.scenes + "/\(name).json")
        let assets = AssetTable(scenes: [scene], base: TestPaths.scenes, decoder: SDLImageDecoder())
        var sim = try Simulator(scene: scene, measurer: TrueTypeMeasurer(fonts: try FontCache()))
        let renderer = SceneRenderer()
        let swipes: [Direction] = [.right, .down, .right, .left, .up, .down]
        var lists: [DisplayList] = []
        for frame in 0..<60 {
            if frame % 10 == 0 { sim.send(.swipe(swipes[(frame / 10) % swipes.count])) }
            if (22..<34).contains(frame) {
                let a = Double(frame) * 0.7
                sim.send(.touch((cos(a) * 1000).rounded() / 1000, (sin(a) * 1000).rounded() / 1000))
            }
            if frame == 34 { sim.send(.release) }
            sim.step(ticks: frame % 10 < 5 ? 40 : 400)
            lists.append(renderer.displayList(sim))
        }
        return (assets, lists)
    }

    /// Frames of a scene while focus moves, the finger turns the focused item, and nothing moves: the memory drawn into
    /// by changes alone holds the whole frame's bytes after each, some frames draw some rows and some none.
    @Test(arguments: [
        ("home", 1920, 1080, 1), ("streaming-home", 1920, 1080, 2), ("parallax-gallery", 1001, 777, 2),
        ("settings", 1001, 777, 1), ("any-script", 1001, 777, 2), ("home", 1280, 1024, 2),
    ])
    func changedRowsHoldTheWholeFramesBytes(_ name: String, _ width: Int32, _ height: Int32, _ bands: Int) throws {
        let (assets, lists) = try movingFrames(name)
        let whole = try OffscreenCanvas(width: width, height: height, fonts: try FontCache(), assets: assets)
        let changes = try OffscreenCanvas(
            width: width, height: height, fonts: try FontCache(), assets: assets, bands: bands)
        var memory = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        var before = memory
        var partial = 0
        var unchanged = 0
        var narrower = 0
        for (frame, list) in lists.enumerated() {
            whole.draw(list)
            // (A copy of its own: `memory` keeps its address, which is how the canvas knows it holds the last frame.)
            memory.withUnsafeBytes { m in before.withUnsafeMutableBytes { $0.copyMemory(from: m) } }
            let rows = memory.withUnsafeMutableBytes { changes.drawChanges(list, into: $0.baseAddress!) }
            if rows.isEmpty { unchanged += 1 } else if rows != [0..<height] { partial += 1 }
            let differ = firstDifference(memory, Array(whole.bytes()))
            #expect(differ == nil, "\(name) \(width)x\(height), frame \(frame): byte \(differ ?? 0), rows \(rows)")
            if differ != nil { break }
            // What a window shows again: every pixel that changed.
            let areas = changes.changedAreas
            if rows != [0..<height], rows.contains(where: { $0.count > 0 }) {
                narrower += areas.contains { $0.columns.count < width } ? 1 : 0
            }
            let unshown = changedPixels(before, memory, width: Int(width)).first { (x, y) in
                !areas.contains { $0.rows.contains(Int32(y)) && $0.columns.contains(Int32(x)) }
            }
            #expect(unshown == nil, "frame \(frame): pixel \(unshown.map { "\($0)" } ?? "") changed outside \(areas)")
            if unshown != nil { break }
        }
        #expect(partial > 5, "frames that drew some rows: \(partial)")
        #expect(unchanged > 5, "frames that drew none: \(unchanged)")
        #expect(narrower > 0, "frames that changed fewer columns than all")
        #expect(changes.bandMisses == 0)
    }

    /// A recorder draws into a few buffers in turn, each holding a frame some frames old: each, drawn into by changes
    /// alone, holds the whole frame's bytes after each frame, whatever order the buffers come in, across a frame the
    /// canvas drew by another call (after which each is drawn whole once) and a buffer it has not drawn into before.
    @Test(arguments: [("home", 1920, 1080, 1), ("parallax-gallery", 1001, 777, 2), ("streaming-home", 1280, 720, 1)])
    func buffersInTurnHoldTheWholeFramesBytes(_ name: String, _ width: Int32, _ height: Int32, _ bands: Int) throws {
        let (assets, lists) = try movingFrames(name)
        let whole = try OffscreenCanvas(width: width, height: height, fonts: try FontCache(), assets: assets)
        let changes = try OffscreenCanvas(
            width: width, height: height, fonts: try FontCache(), assets: assets, bands: bands)
        let count = Int(width) * Int(height) * 4
        let buffers = (0..<4).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64) }
        defer { for b in buffers { b.deallocate() } }
        for b in buffers { b.initializeMemory(as: UInt8.self, repeating: 0) }
        // The buffers in an uneven turn (the fourth first drawn into at frame 31), as a pool hands them back.
        let turn = [0, 1, 2, 0, 2, 1, 1, 0, 2, 2, 0, 1, 0]
        var partial = 0
        // Buffers whose next frame is drawn whole: not drawn into yet, or not since the canvas's other call.
        var unknown: Set<Int> = [0, 1, 2, 3]
        for (frame, list) in lists.enumerated() {
            whole.draw(list)
            if frame == 45 {
                // Drawn into the canvas's own memory: the next frame into each buffer is drawn whole.
                changes.draw(list)
                unknown = [0, 1, 2, 3]
                continue
            }
            let k = frame >= 31 && frame % 7 == 3 ? 3 : turn[frame % turn.count]
            let rows = changes.drawChanges(list, into: buffers[k].baseAddress!)
            if unknown.remove(k) != nil {
                #expect(rows == [0..<height], "frame \(frame): buffer \(k)'s first since it was drawn by another call")
            } else if !rows.isEmpty, rows != [0..<height] {
                partial += 1
            }
            let differ = firstDifference(Array(buffers[k]), Array(whole.bytes()))
            #expect(differ == nil, "\(name) frame \(frame), buffer \(k): byte \(differ ?? 0), rows \(rows)")
            if differ != nil { break }
        }
        #expect(partial > 5, "frames that drew some rows: \(partial)")
        #expect(changes.bandMisses == 0)
    }

    /// The canvas keeps track of the last ``OffscreenCanvas/mostHeld`` buffers it drew into: with one more in turn,
    /// each comes back forgotten and is drawn whole; with as many, each is drawn only where it changed. A change off the
    /// output draws no row but still runs the frame (what a rasteriser draws next may depend on it); no change at all
    /// does not.
    @Test func buffersPastTheMostKeptAreDrawnWhole() throws {
        let (width, height): (Int32, Int32) = (320, 180)
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: try FontCache())
        let count = Int(width) * Int(height) * 4
        let buffers = (0...OffscreenCanvas.mostHeld).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64)
        }
        defer { for b in buffers { b.deallocate() } }
        // A small square stepping right a point a frame: little changes from one frame to the next.
        func frame(_ k: Int, offscreen: Double = -300) -> DisplayList {
            DisplayList(commands: [
                .clear(Color(10, 20, 30)),
                .rect(Rect(Double(100 + k), 400, 60, 60), radius: 0, color: Color(200, 50, 9)),
                .rect(Rect(0, offscreen, 40, 40), radius: 0, color: Color(9, 200, 50)),
            ])
        }
        for (turn, drawnWhole) in [(OffscreenCanvas.mostHeld + 1, true), (OffscreenCanvas.mostHeld, false)] {
            canvas.forgetLastFrame()
            for k in 0..<3 * turn {
                let rows = canvas.drawChanges(frame(k), into: buffers[k % turn].baseAddress!)
                guard k >= turn else { continue }
                #expect((rows == [0..<height]) == drawnWhole, "\(turn) buffers in turn, frame \(k): rows \(rows)")
            }
        }
        let ran = canvas.rasteriser.frameNumber
        let last = 3 * OffscreenCanvas.mostHeld - 1
        let into = buffers[last % OffscreenCanvas.mostHeld].baseAddress!
        #expect(canvas.drawChanges(frame(last, offscreen: -200), into: into) == [])
        #expect(canvas.rasteriser.frameNumber == ran + 1)
        #expect(canvas.drawChanges(frame(last, offscreen: -200), into: into) == [])
        #expect(canvas.rasteriser.frameNumber == ran + 1)
    }

    /// Each command of those scenes' frames, drawn alone over a plain colour, changes no row outside its reach.
    @Test(arguments: ["home", "streaming-home", "parallax-gallery", "settings", "any-script"])
    func commandsStayWithinTheirReach(_ name: String) throws {
        let scene =
            name == "home" ? BuiltInScenes.home() : try SceneDecoder.load(path: TestPaths.scenes + "/\(name).json")
        let assets = AssetTable(scenes: [scene], base: TestPaths.scenes, decoder: SDLImageDecoder())
        var sim = try Simulator(scene: scene, measurer: TrueTypeMeasurer(fonts: try FontCache()))
        let (width, height): (Int32, Int32) = (960, 540)
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: try FontCache(), assets: assets)
        let background = Color(3, 250, 7)
        canvas.draw(DisplayList(commands: [.clear(background)]))
        let plain = Array(canvas.bytes())
        let letterbox = Letterbox(outputWidth: Double(width), outputHeight: Double(height))
        let renderer = SceneRenderer()
        var seen = Set<DrawCommand>()
        var checked = 0
        var narrow = 0
        for frame in 0..<10 {
            if frame % 4 == 0 { sim.send(.swipe(frame % 8 == 0 ? .right : .down)) }
            sim.send(.touch(0.8, frame % 2 == 0 ? -0.6 : 0.6))
            sim.step(ticks: 40)
            for command in renderer.displayList(sim).commands where seen.insert(command).inserted {
                guard case .rows = command.reach else { continue }
                canvas.draw(DisplayList(commands: [.clear(background), command]))
                let bytes = Array(canvas.bytes())
                let pixels = changedPixels(plain, bytes, width: Int(width))
                checked += 1
                guard let first = pixels.map(\.y).min(), let last = pixels.map(\.y).max(),
                    let left = pixels.map(\.x).min(), let right = pixels.map(\.x).max()
                else { continue }
                // Its reach, and a pixel each way (antialiased edges; a window draws two more).
                let areas =
                    Damage.none.adding([command]).outputAreas(letterbox, width: width, height: height, margin: 1) ?? []
                #expect(
                    areas.count == 1 && first >= areas[0].rows.lowerBound && last < areas[0].rows.upperBound,
                    "\(command): rows \(first)...\(last) drawn, drawn again \(areas)")
                #expect(
                    areas.count == 1 && left >= areas[0].columns.lowerBound && right < areas[0].columns.upperBound,
                    "\(command): columns \(left)...\(right) drawn, shown again \(areas)")
                if command.columns != nil { narrow += 1 }
            }
        }
        #expect(checked > 20)
        #expect(narrow > 10, "commands that reach some columns: \(narrow)")
    }

    /// Thirty tone marks stacked on one Thai letter rise far above the line: drawn alone, they stay within its reach.
    @Test func aStackOfMarksStaysWithinItsReach() throws {
        let fonts = try FontCache()
        let (width, height): (Int32, Int32) = (960, 540)
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        let line = TrueTypeMeasurer(fonts: fonts).line(
            "ก" + String(repeating: "\u{0E49}", count: 30), size: 40, bold: false, direction: .natural(.leftToRight))
        let command = DrawCommand.textLine(line, x: 100, y: 700, anchor: .left, color: Color(255, 255, 255))
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), command]))
        let inked = (0..<Int(height)).filter { y in
            (0..<400).contains { x in canvas.pixel(x: x, y: y) & 0xFF_FFFF != 0 }
        }
        guard case .rows(let top, let bottom) = command.reach, let first = inked.first, let last = inked.last else {
            Issue.record("no ink, or no reach")
            return
        }
        // The marks rise above the line's top, into the output from below it.
        #expect(first < 350)
        let rows =
            Damage.rows([top...bottom]).outputRows(
                Letterbox(outputWidth: Double(width), outputHeight: Double(height)), height: height) ?? []
        #expect(
            rows.count == 1 && first >= rows[0].lowerBound && last < rows[0].upperBound,
            "ink \(first)...\(last), \(rows)")
    }

    /// A picture that cannot be drawn shows a label that reaches past a small picture's rect: drawn alone, at three
    /// output sizes, it stays within the picture's reach.
    @Test func aMissingPictureStaysWithinItsReach() throws {
        let rects = [Rect(100, 100, 200, 16), Rect(300, 300, 14, 14), Rect(50, 600, 600, 300), Rect(900, 40, 40, 9)]
        var beyond = 0
        for (width, height): (Int32, Int32) in [(960, 540), (1920, 1080), (3840, 2160)] {
            let canvas = try OffscreenCanvas(width: width, height: height, fonts: try FontCache())
            let letterbox = Letterbox(outputWidth: Double(width), outputHeight: Double(height))
            let background = Color(3, 250, 7)
            canvas.draw(DisplayList(commands: [.clear(background)]))
            let plain = Array(canvas.bytes())
            for r in rects {
                let command = DrawCommand.image(r, radius: 0, picture: Picture(path: "nowhere/ẁ\u{0301}\u{0301}.png"))
                canvas.draw(DisplayList(commands: [.clear(background), command]))
                let pixels = changedPixels(plain, Array(canvas.bytes()), width: Int(width))
                guard let top = pixels.map(\.y).min(), let bottom = pixels.map(\.y).max(),
                    let left = pixels.map(\.x).min(), let right = pixels.map(\.x).max()
                else {
                    Issue.record("\(r) at \(width)x\(height): nothing drawn")
                    continue
                }
                let areas =
                    Damage.none.adding([command]).outputAreas(letterbox, width: width, height: height, margin: 1) ?? []
                #expect(
                    areas.count == 1 && top >= areas[0].rows.lowerBound && bottom < areas[0].rows.upperBound
                        && left >= areas[0].columns.lowerBound && right < areas[0].columns.upperBound,
                    "\(r) at \(width)x\(height): drawn \(left)...\(right) × \(top)...\(bottom), reach \(areas)")
                let own = Damage.rows([r.minY...r.maxY]).outputRows(letterbox, height: height, margin: 1) ?? []
                if let rows = own.first, top < rows.lowerBound || bottom >= rows.upperBound { beyond += 1 }
            }
        }
        // The label reached past the rect's own rows.
        #expect(beyond > 0)
    }

    /// Artwork growing at the top while a bar moves at the foot (two ranges of rows, far apart), then resting: each
    /// renderer runs every frame once, so the artwork drawn from another size while it grows is drawn at its own once it
    /// rests, as in the whole frame; a changed picture table, or a frame past the overdraw budget, draws whole.
    @Test(arguments: [1, 2]) func rangesFarApartAndStandIns(_ bands: Int) throws {
        let (width, height): (Int32, Int32) = (960, 540)
        let whole = try OffscreenCanvas(width: width, height: height, fonts: try FontCache())
        let changes = try OffscreenCanvas(width: width, height: height, fonts: try FontCache(), bands: bands)
        var memory = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        var drawn: [[Range<Int32>]] = []
        for frame in 0..<12 {
            let grow = Double(min(frame, 6)) * 13
            let list = DisplayList(commands: [
                .clear(Color(20, 20, 30)),
                .artwork(Rect(100, 40, 300 + grow, 200 + grow), radius: 12, seed: "grows", title: "Grows", tint: nil),
                .rect(Rect(100 + Double(frame) * 30, 1000, 200, 40), radius: 8, color: Color(200, 90, 40)),
            ])
            whole.draw(list)
            drawn.append(memory.withUnsafeMutableBytes { changes.drawChanges(list, into: $0.baseAddress!) })
            let differ = firstDifference(memory, Array(whole.bytes()))
            #expect(differ == nil, "\(bands) bands, frame \(frame): byte \(differ ?? 0), rows \(drawn.last!)")
        }
        // Growing, the artwork's rows and the bar's, apart; resting, the artwork's again once, then the bar's alone.
        #expect(drawn[3].count == (bands == 1 ? 1 : 2), "\(drawn[3])")
        #expect(drawn[7].contains { $0.contains(40) }, "\(drawn[7])")
        #expect(drawn[9].allSatisfy { $0.lowerBound > 400 }, "\(drawn[9])")
        #expect(changes.bandMisses == 0)

        // Another picture table: the whole frame.
        let list = DisplayList(commands: [.clear(Color(20, 20, 30))])
        _ = memory.withUnsafeMutableBytes { changes.drawChanges(list, into: $0.baseAddress!) }
        #expect(memory.withUnsafeMutableBytes { changes.drawChanges(list, into: $0.baseAddress!) } == [])
        changes.rasteriser.assets = AssetTable()
        #expect(memory.withUnsafeMutableBytes { changes.drawChanges(list, into: $0.baseAddress!) } == [0..<height])
        // A frame past the overdraw budget leaves commands out, which depends on the whole list: the whole frame.
        changes.rasteriser.overdrawBudget = 1
        let piled = DisplayList(
            commands: [.clear(Color(20, 20, 30))]
                + (0..<3).map { .rect(Rect(0, 0, 1920, 1080 - Double($0)), radius: 0, color: Color(9, 9, 9)) })
        _ = memory.withUnsafeMutableBytes { changes.drawChanges(piled, into: $0.baseAddress!) }
        var moved = piled
        moved.commands[3] = .rect(Rect(0, 0, 1920, 1070), radius: 0, color: Color(9, 9, 9))
        #expect(memory.withUnsafeMutableBytes { changes.drawChanges(moved, into: $0.baseAddress!) } == [0..<height])
    }

    /// The pixels (x, y) that differ between two frames of `width` ARGB8888 pixels a row, row by row.
    func changedPixels(_ a: [UInt8], _ b: [UInt8], width: Int) -> [(x: Int, y: Int)] {
        let rowBytes = width * 4
        var out: [(x: Int, y: Int)] = []
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                let (p, q) = (a.bindMemory(to: UInt32.self), b.bindMemory(to: UInt32.self))
                for y in 0..<a.count / rowBytes
                where memcmp(a.baseAddress! + y * rowBytes, b.baseAddress! + y * rowBytes, rowBytes) != 0 {
                    for x in 0..<width where p[y * width + x] != q[y * width + x] { out.append((x, y)) }
                }
            }
        }
        return out
    }
}
