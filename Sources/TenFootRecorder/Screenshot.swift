import Foundation
import TenFootSDL
import TenFootSim

/// Renders simulator states to image files through the offscreen software renderer.
public enum Screenshot {
    /// Plays `script` to its end, then writes one PNG of the state with its animations settled (the
    /// same settled-PNG path as F12 in the window), overlays included. The picture equals the frame
    /// `record` draws for that tick: both build `SceneRenderer.displayList(_:overlays:)` and rasterise
    /// it with the software renderer.
    public static func write(_ sim: Simulator, script: InputScript = InputScript(entries: [], endTick: 0), to path: String,
                             settings: RecordingSettings) throws(RecordingError) {
        var session = ScriptPlayer(simulator: sim, script: script)
        session.advance(to: script.endTick)
        do {
            try OffscreenCanvas.writeSettledPNG(session.sim, to: path, width: settings.width, height: settings.height,
                                                appearance: settings.appearance, imageBase: settings.imageBase, overlays: settings.overlays)
        } catch {
            throw .cannotWrite("\(error)")
        }
    }
}
