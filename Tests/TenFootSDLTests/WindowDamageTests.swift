@preconcurrency import CSDL2
import FocusEngine
import Foundation
import SDLTestLock
import TenFootPresentation
import TenFootRaster
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootSDL

extension SDLTests {
    /// The window drawn by TenFoot's own rasteriser (no GPU: here SDL's software renderer) draws and shows only the rows
    /// that changed, and the screen holds, after every frame, the frame an offscreen canvas draws whole.
    @Test(VirtualDisplay.needed) func theWindowShowsWholeFramesDrawingOnlyWhatChanged() throws {
        let screen = try VirtualDisplay(width: 1280, height: 720)
        defer { screen.close() }
        let names: [String] = ["DISPLAY", "SDL_VIDEODRIVER", "SDL_RENDER_DRIVER"]
        let saved = names.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        defer { for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        for (name, value) in screen.environment where saved.contains(where: { $0.0 == name }) { setenv(name, value, 1) }
        setenv("SDL_RENDER_DRIVER", "software", 1)

        // The layered posters: a poster turning under the finger changes its own rows only.
        let scene = try SceneDecoder.load(path: TestPaths.scenes + "/parallax-gallery.json")
        let assets = AssetTable(scenes: [scene], base: TestPaths.scenes, decoder: SDLImageDecoder())
        let window = try SDLWindow(title: "damage", width: 1280, height: 720, assets: assets, notice: { _ in })
        #expect(window.rendererName == "tenfoot")
        let canvas = try OffscreenCanvas(width: 1280, height: 720, fonts: try FontCache(), assets: assets)
        var sim = try Simulator(scene: scene, measurer: TrueTypeMeasurer(fonts: try FontCache()))
        let renderer = SceneRenderer()
        var partial = 0
        var none = 0
        for frame in 0..<45 {
            while window.nextEvent() != nil {}
            if frame % 15 == 2 { sim.send(.swipe(.right)) }
            if frame % 15 >= 8, frame % 15 < 13 {
                let a = Double(frame)
                sim.send(.touch((cos(a) * 1000).rounded() / 1000, (sin(a) * 1000).rounded() / 1000))
            }
            if frame % 15 == 13 { sim.send(.release) }
            sim.step(ticks: frame % 15 < 7 ? 60 : frame % 15 < 13 ? 30 : 600)
            let list = renderer.displayList(sim)
            window.show(list)
            canvas.draw(list)
            if window.lastRows.isEmpty { none += 1 } else if window.lastRows != [0..<720] { partial += 1 }
            let shot = try screen.screen()
            var differ: (Int, Int)?
            // Every row (the window draws rows), every fourth column.
            find: for y in 0..<720 {
                for x in stride(from: 0, to: 1280, by: 4)
                where shot.pixel(x: x, y: y) & 0xFF_FFFF != canvas.pixel(x: x, y: y) & 0xFF_FFFF {
                    differ = (x, y)
                    break find
                }
            }
            #expect(
                differ == nil,
                "frame \(frame): the screen differs at \(differ.map { "\($0)" } ?? ""), rows \(window.lastRows)")
            if differ != nil { break }
        }
        #expect(partial >= 5, "frames that drew some rows: \(partial)")
        #expect(none >= 5, "frames that drew none: \(none)")
    }

    /// Which windows TenFoot draws itself: where the renderer draws with the processor, or when asked.
    @Test func whoDrawsTheWindow() {
        #expect(SDLWindow.processorOpenGL("llvmpipe (LLVM 15.0.6, 256 bits)"))
        #expect(SDLWindow.processorOpenGL("Software Rasterizer"))
        #expect(!SDLWindow.processorOpenGL("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        #expect(!SDLWindow.processorOpenGL("NVIDIA GeForce RTX 3060/PCIe/SSE2"))
        #expect(SDLWindow.losesPicture(UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)))
        #expect(!SDLWindow.losesPicture(UInt8(SDL_WINDOWEVENT_ENTER.rawValue)))
    }
}
