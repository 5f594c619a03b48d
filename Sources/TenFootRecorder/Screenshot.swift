import Foundation
import TenFootSDL
import TenFootSim

/// Renders simulator states to image files through the offscreen software renderer.
public enum Screenshot {
    /// Time given to animations before a screenshot: longer than every focus, scroll and bump
    /// animation (the longest, scrolling, takes 0.35 s).
    public static let settleTicks: Tick = Clock.ticks(seconds: 1)

    /// Plays `script` to its end, lets every animation settle, then writes one PNG of the state with
    /// the same drawing path as `record` (overlays included).
    public static func write(_ sim: Simulator, script: InputScript = InputScript(entries: [], endTick: 0), to path: String,
                             settings: RecordingSettings) throws(RecordingError) {
        var session = ScriptedSession(simulator: sim, script: script)
        session.advance(to: script.endTick + settleTicks)
        let composer = try FrameComposer(width: settings.width, height: settings.height, appearance: settings.appearance,
                                         overlays: settings.overlays, imageBase: settings.imageBase)
        composer.draw(session.sim)
        do { try composer.canvas.savePNG(path) } catch { throw .environment("\(error)") }
    }

    /// Lets every animation settle, then writes one PNG of the state at `width`×`height` pixels.
    public static func write(_ sim: Simulator, to path: String, width: Int32, height: Int32,
                             appearance: Appearance = .dark, imageBase: String) throws(RecordingError) {
        var settings = RecordingSettings()
        settings.width = width; settings.height = height; settings.appearance = appearance; settings.imageBase = imageBase
        try write(sim, to: path, settings: settings)
    }
}
