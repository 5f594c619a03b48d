import Foundation
import FocusEngine
import TenFootInput
import TenFootRecorder
import TenFootSDL
import TenFootSim

/// The window's tools (the F-keys of `KeyGuide`): overlays, reload, screenshots, sessions and takes.
extension Window {
    /// Runs a tool; returns an exit code for quit.
    func run(_ tool: Tool, on platform: SDLWindow) -> Int32? {
        switch tool {
        case .quit: return 0
        case .fullscreen: platform.toggleFullscreen()
        case .debug:
            showDebug.toggle()
            sim.recordsExplanations = showDebug
        case .help: showHelp.toggle()
        case .remote: showRemote.toggle()
        case .reload: reload(platform.rasteriser, reset: true)
        case .saveSession: saveSession(to: options.saveSessionPath ?? Window.freePath(prefix: "tenfoot-session", suffix: ".txt"))
        case .screenshot: screenshot()
        case .record: toggleTake()
        }
        return nil
    }

    /// F12: the screen as `tenfoot screenshot` draws it (settled, offscreen, 1920×1080), with what the
    /// window shows over it: the help card, the debug panel (and its Ctrl-click report), the error banner,
    /// the on-screen remote.
    func screenshot() {
        let path = Window.freePath(prefix: "tenfoot-screenshot", suffix: ".png")
        var settings = RecordingSettings()
        settings.appearance = options.appearance
        settings.imageBase = imageBase
        do {
            try Screenshot.writeSettled(sim, to: path, settings: settings) { settled in
                self.decorations(settled, fps: nil, notices: false)
            }
            say("screenshot saved to \(path)")
        } catch { say("cannot save a screenshot: \(error)") }
    }

    /// F9: the first press starts capturing the session's input with its ticks; the second saves the
    /// take as a script and renders it to a timestamped MP4 with the same offline recorder as
    /// `tenfoot record`, so a live take is as exact as a scripted one.
    func toggleTake() {
        guard let take else {
            self.take = (sim, session.recording.mark(at: sim.tick))
            say("recording: press F9 again to stop and render the take")
            return
        }
        self.take = nil
        let script = session.recording.take(since: take.mark, endingAt: sim.tick)
        let stamp = Window.timestamp()
        say("rendering the take (\(String(format: "%.1f", Clock.seconds(script.endTick))) s)…")
        say(render(script, from: take.simulator, to: "tenfoot-take-\(stamp).mp4", scriptPath: "tenfoot-take-\(stamp).txt"))
    }

    /// Renders a take as `tenfoot record --overlay keys` would, and saves its script beside it: both
    /// files or neither. Returns the line to show.
    func render(_ script: InputScript, from simulator: Simulator, to out: String, scriptPath: String) -> String {
        var settings = RecordingSettings()
        settings.appearance = options.appearance
        settings.imageBase = imageBase
        settings.overlays = [.keys]
        var staged: [any StagedOutput] = []
        do throws(RecordingError) {
            let scriptFile = try OutputFile(destination: scriptPath)
            staged.append(scriptFile)
            try scriptFile.write(script.timedText)
            try scriptFile.close()
            let target = try OutputTarget(destination: out, format: .mp4)
            staged.append(target)
            let bar = ProgressBar.onTerminal(label: "rendering the take")
            defer { bar?.finish() }
            let stats = try Recorder(simulator: simulator, script: script, settings: settings)
                .record(to: target) { done, total in bar?.update(done: done, total: total) }
            try OutputFiles.commit(staged)
            return "take rendered to \(out) (\(stats.frames) frames; script: \(scriptPath))"
        } catch {
            for o in staged { o.discard() }
            return "cannot render the take: \(error)"
        }
    }

    /// Writes the live session as an input script with ticks (docs/input.md, Recording); false when
    /// it could not be written (the previous file is kept).
    @discardableResult
    func saveSession(to path: String) -> Bool {
        let scene = options.scenePath ?? "the built-in home scene (home)"
        let header = [
            "TenFoot live session",
            "scene: \(scene) (policy \(options.policy.rawValue))",
            "focus at start: \(sessionStartFocus ?? "none")",
            "replay: \(options.invocation) record \(options.scenePath ?? "home") --script \(path) --out session.mp4",
        ]
        let text = session.recording.text(endingAt: sim.tick, header: header)
        do throws(RecordingError) {
            try OutputFiles.write(Array(text.utf8), to: path)
            say("saved the session to \(path) (\(session.recording.entries.count) events)")
            return true
        } catch {
            say("cannot save the session to \(path): \(error)")
            return false
        }
    }

    /// The first `prefix-N.suffix` in the current folder that does not exist yet.
    static func freePath(prefix: String, suffix: String) -> String {
        var n = 1
        while FileManager.default.fileExists(atPath: "\(prefix)-\(n)\(suffix)") { n += 1 }
        return "\(prefix)-\(n)\(suffix)"
    }

    static func timestamp() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }
}
