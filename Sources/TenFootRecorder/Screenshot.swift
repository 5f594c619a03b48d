import Foundation
import TenFootPresentation
import TenFootRaster
import TenFootSim

/// Renders simulator states to image files through the offscreen software renderer.
public enum Screenshot {
    /// How long a screenshot lets the simulator run before it is taken: one second outlasts every
    /// animation (focus lift 0.15 s, scrolling 0.35 s, the hero cross-fade 0.4 s), so the picture
    /// shows where things come to rest rather than a frame caught mid-move.
    public static let settleTime: Tick = Clock.ticks(seconds: 1)

    /// Plays `script` to its end, then writes one settled PNG (`writeSettled`). The picture equals the
    /// frame `record` draws for that tick: both build `SceneRenderer.displayList(_:overlays:)` and
    /// rasterise it with the software renderer.
    public static func write(
        _ sim: Simulator, script: InputScript = InputScript(entries: [], endTick: 0), to path: String,
        settings: RecordingSettings
    ) throws(RecordingError) {
        let tooLong = RecordingSettings.problems(with: script)
        if !tooLong.isEmpty { throw .invalidSettings(tooLong) }
        var player = ScriptPlayer(simulator: sim, script: script)
        player.advance(to: script.endTick)
        if let stopped = player.stopped { throw .scriptStopped(stopped) }
        try writeSettled(player.sim, to: path, settings: settings)
    }

    /// One PNG of a state with its animations settled, overlays drawn for the settled state: what
    /// `tenfoot screenshot` and F12 in the window write. Encoded in memory and written by the output
    /// writer (staged, checked, renamed over any previous file). `onTop`: more pictures over it, for the
    /// settled state (F12 adds what the window shows over the scene: help card, debug panel, error banner,
    /// remote).
    public static func writeSettled(
        _ sim: Simulator, to path: String, settings: RecordingSettings,
        onTop: (Simulator) -> [DrawCommand] = { _ in [] }
    ) throws(RecordingError) {
        try OutputFiles.write(try settledPNG(sim, settings: settings, onTop: onTop), to: path)
    }

    /// The settled state as PNG bytes (what `writeSettled` writes).
    public static func settledPNG(
        _ sim: Simulator, settings: RecordingSettings, onTop: (Simulator) -> [DrawCommand] = { _ in [] }
    ) throws(RecordingError) -> [UInt8] {
        var settled = sim
        settled.step(ticks: settleTime)
        let canvas: OffscreenCanvas
        do {
            canvas = try OffscreenCanvas(
                width: settings.width, height: settings.height, fonts: try FontCache(), assets: settings.assets)
        } catch {
            throw .rendering("cannot set up offscreen rendering: \(error)")
        }
        var list = SceneRenderer(appearance: settings.appearance).displayList(settled, overlays: settings.overlays)
        list.commands += onTop(settled)
        canvas.draw(list)
        if canvas.rasteriser.layersLeftOut > 0 { settings.onLayersLeftOut?(canvas.rasteriser.layersLeftOut) }
        do { return try canvas.pngData() } catch { throw .rendering(error.description) }
    }
}
