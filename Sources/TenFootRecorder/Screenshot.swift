import Foundation
import TenFootSDL
import TenFootSim

/// Renders simulator states to image files through the offscreen software renderer.
public enum Screenshot {
    /// Lets every animation settle, then writes one PNG of the state at `width`×`height` pixels.
    public static func write(_ sim: Simulator, to path: String, width: Int32, height: Int32,
                             appearance: Appearance = .dark, imageBase: String, debug: Bool = false) throws(SDLError) {
        var settled = sim
        settled.step(ticks: Clock.ticks(seconds: 1))
        let fonts = try FontCache()
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts, imageBase: imageBase)
        var list = SceneRenderer(appearance: appearance).displayList(settled)
        if debug { list.commands += DebugOverlay.commands(settled) }
        canvas.draw(list)
        try canvas.savePNG(path)
    }
}
