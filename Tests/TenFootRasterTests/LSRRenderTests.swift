import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// An `.lsr` draws exactly as the `.imagestack` it was packed from (scenes/art/orbit.lsr, scripts/make-lsr.py):
/// the layered gallery rendered with Orbit's image swapped to the archive gives the same pixels, at rest (the
/// layers composited flat) and focused under a tilt (the layers apart, in perspective).
extension RasterTests {
    @Test(arguments: [("rest", 0, 0.0, 0.0), ("tilted", 1, 0.9, -0.7)])
    func lsrRendersAsItsImageStack(_ name: String, _ moves: Int, _ x: Double, _ y: Double) throws {
        let scene = try SceneDecoder.load(path: TestPaths.scenes + "/parallax-gallery.json")
        func render(_ scene: Scene) throws -> (list: String, png: [UInt8]) {
            var sim = try Simulator(scene: scene)
            for _ in 0..<moves { sim.send(.swipe(.right)) }
            sim.step(ticks: 1200)
            if x != 0 || y != 0 {
                sim.send(.touch(x, y))
                sim.step(ticks: 120)
            }
            let list = SceneRenderer().displayList(sim)
            let canvas = try OffscreenCanvas(
                width: 960, height: 540, fonts: try FontCache(), assets: RasterTests.galleryAssets())
            canvas.draw(list)
            return (list.commands.map { "\($0)" }.joined(separator: "\n"), try canvas.pngData())
        }
        let folder = try render(scene)
        let archive = try render(scene.mappingImages { $0 == "art/orbit.imagestack" ? "art/orbit.lsr" : $0 })
        #expect(archive.list.contains("art/orbit.lsr") && !archive.list.contains("orbit.imagestack"))
        #expect(archive.list.replacingOccurrences(of: "art/orbit.lsr", with: "art/orbit.imagestack") == folder.list)
        #expect(archive.png == folder.png, "\(name): the .lsr's pixels differ from the .imagestack's")
    }
}
