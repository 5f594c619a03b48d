import FocusEngine
import Foundation
import TenFootCore
import TenFootInput
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootSDL
import TenFootScene
import TenFootSim
import TenFootSwiftUI

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
        case .saveSession:
            saveSession(to: options.saveSessionPath ?? Window.freePath(prefix: "tenfoot-session", suffix: ".txt"))
        case .screenshot: screenshot()
        case .record: toggleTake()
        case .largerText: changeTextSize(by: 1, platform.rasteriser)
        case .smallerText: changeTextSize(by: -1, platform.rasteriser)
        case .voiceOver:
            showVoiceOver.toggle()
            say(showVoiceOver ? "VoiceOver captions on (F7 hides them)" : "VoiceOver captions off")
        }
        return nil
    }

    /// F6 / Shift+F6: the next text size up or down (wrapping round), live: focus, scroll, state and sheets
    /// stay. SwiftUI sources are translated again at the new size (a view may adapt to it) and hot-reloaded.
    func changeTextSize(by step: Int, _ rasteriser: Rasteriser) {
        let sizes = TextSize.allCases
        let k = (sizes.firstIndex(of: textSize)! + step + sizes.count) % sizes.count
        textSize = sizes[k]
        if options.replay == nil, let path = options.scenePath, SceneSource.isSwiftUI(path) {
            reload(rasteriser, reset: false, quiet: true)
        } else {
            do { try sim.setTextSize(textSize) } catch {
                say("cannot lay the screen out at \(textSize.settingsLabel): \(error)")
                return
            }
        }
        say("Text Size: \(textSize.settingsLabel) (\(textSize.rawValue))")
    }

    /// F12: the screen as `tenfoot screenshot` draws it (settled, offscreen, 1920×1080), with what the
    /// window shows over it: the help card, the debug panel (and its Ctrl-click report), the error banner,
    /// the on-screen remote.
    func screenshot() {
        let path = Window.freePath(prefix: "tenfoot-screenshot", suffix: ".png")
        var settings = RecordingSettings()
        settings.appearance = options.appearance
        settings.assets = assets
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
        var script = session.recording.take(since: take.mark, endingAt: sim.tick)
        // The take starts where focus was when F9 was pressed: its script says so, so it replays there.
        script.from = take.simulator.focused
        let stamp = Window.timestamp()
        say("rendering the take (\(String(format: "%.1f", Clock.seconds(script.endTick))) s)…")
        say(
            render(
                script, from: take.simulator, to: "tenfoot-take-\(stamp).mp4", scriptPath: "tenfoot-take-\(stamp).txt"))
    }

    /// Renders a take as `tenfoot record --overlay keys` would, and saves its script beside it: both
    /// files or neither. Returns the line to show.
    func render(_ script: InputScript, from simulator: Simulator, to out: String, scriptPath: String) -> String {
        var settings = RecordingSettings()
        settings.appearance = options.appearance
        settings.assets = assets
        settings.overlays = [.keys]
        var staged: [any StagedOutput] = []
        do throws(RecordingError) {
            let scriptFile = try OutputFile(destination: scriptPath)
            staged.append(scriptFile)
            try scriptFile.write(
                Window.scriptText(
                    script, header: header(kind: "take", startFocus: script.from, scriptPath: scriptPath, video: out)))
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
    func saveSession(to wanted: String) -> Bool {
        var path = wanted
        if let why = options.sessionPathIsInput?(wanted) {
            path = Window.freePath(prefix: "tenfoot-session", suffix: ".txt")
            say("the session goes to \(path), not \(wanted): that is \(why) now")
        }
        let text = session.recording.text(
            endingAt: sim.tick,
            header: header(kind: "session", startFocus: sessionStartFocus, scriptPath: path, video: "session.mp4"),
            from: sessionStartFocus)
        do throws(RecordingError) {
            try OutputFiles.write(Array(text.utf8), to: path)
            say("saved the session to \(path) (\(session.recording.entries.count) events)")
            return true
        } catch {
            say("cannot save the session to \(path): \(error)")
            return false
        }
    }

    /// The header F10 sessions and F9 takes both start with: what was played, on which scene, from which
    /// focus, the command that replays it, and the TenFoot that saved it. The script's own `from` line
    /// (after the header) makes the replay start at that focus with no `--from`.
    func header(kind: String, startFocus: String?, scriptPath: String, video: String) -> [String] {
        let settings = "policy \(options.policy.rawValue), appearance \(options.appearance.rawValue)"
        let scene: String
        let replay: String
        if let bundle = options.replay?.bundle {
            // The events continue the bundle's input, on its scene: they replay after it, not alone.
            scene = "\(bundle) (a repro bundle), after its input (\(settings))"
            replay =
                "these events follow the bundle's input (ticks count from where it ends); replay the bundle, then them"
        } else {
            scene = "\(options.scenePath ?? "the built-in home scene (home)") (\(settings))"
            replay =
                "\(options.invocation) record \(options.scenePath ?? "home") --script \(scriptPath) --out \(video)"
                + (options.policy == .tvos ? "" : " --policy \(options.policy.rawValue)")
                + (options.appearance == .dark ? "" : " --appearance \(options.appearance.rawValue)")
        }
        return [
            "TenFoot live \(kind)", "scene: \(scene)", "focus at start: \(startFocus ?? "none") (the from line below)",
            "replay: \(replay)", "saved by tenfoot \(TenFootVersion.string)",
        ]
    }

    /// A saved script: its header as comment lines, then the script (its `from` line first) with ticks.
    static func scriptText(_ script: InputScript, header: [String]) -> String {
        header.map { "# " + $0 + "\n" }.joined() + script.timedText
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
