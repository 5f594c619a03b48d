import Foundation
import TenFootCore
import TenFootInput
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// The live preview: the scene file (for SwiftUI, the sources of its folder and their sidecars) and the
/// images it names are watched; a change reloads them, keeping focus, and a broken save keeps the last good
/// scene on screen with the error (for Swift, the parser's message at file:line:column).
extension Window {
    /// Reloads the scene when a file it is read from changed, and its pictures when one of their files changed
    /// (see ``FileWatcher``: by notification on Linux, by polling elsewhere).
    func watchScene(_ rasteriser: Rasteriser) {
        guard options.scenePath != nil else { return }
        let now = elapsed
        if let watcher = sceneWatcher, watcher.changed(now: now) {
            reload(rasteriser, reset: false)
        }
        // The files the asset table read (it lists them whole: every picture is read before it is drawn).
        if imageWatcher == nil {
            let files = assets.files
            imageWatcher = FileWatcher(notifications: Window.notifies) { files }
        }
        if let watcher = imageWatcher, watcher.changed(now: now) {
            loadAssets(rasteriser)
            say("images reloaded")
        }
    }

    /// Reads the scene's pictures again (those whose files did not change are kept) and draws with them.
    func loadAssets(_ rasteriser: Rasteriser) {
        let before = Set(assets.problems)
        assets = AssetTable(
            scene: sim.scene, base: assets.base, decoder: SDLImageDecoder(), loader: sim.sceneLoader,
            loaderReadsFiles: sim.sceneLoaderReadsFiles, reusing: assets)
        rasteriser.assets = assets
        imageWatcher = nil
        reportImages(except: before)
    }

    /// Pictures that cannot be shown (drawn as crossed boxes), each on stderr at the place that names it and the
    /// first in a notice: those not already reported.
    func reportImages(except known: Set<Diagnostic> = []) {
        let fresh = assets.problems.filter { !known.contains($0) }
        guard let first = fresh.first else { return }
        say(first.asWarning.description + (fresh.count > 1 ? " (and \(fresh.count - 1) more in the terminal)" : ""))
        for d in fresh.dropFirst() {
            ErrorStream.write("tenfoot: " + d.asWarning.description + "\n")
        }
    }

    /// Reloads the scene file (F5 resets the simulator; a save keeps focus, scroll, state and sheets). The
    /// built-in home scene is compiled in, so there is nothing to read again: F5 starts it afresh and says how
    /// to edit it live.
    func reload(_ rasteriser: Rasteriser, reset: Bool, quiet: Bool = false) {
        if let replay = options.replay {
            guard reset else { return }
            sim = replay.simulator
            startOver(rasteriser)
            say("back to where \(replay.bundle)'s input ends")
            return
        }
        guard let path = options.scenePath else {
            guard reset else { return }
            do { try restart(sim.scene, rasteriser) } catch {
                say("cannot reset: \(error)")
                return
            }
            say(
                "reset to the start. The built-in home scene is compiled in; to edit it live: \(options.invocation) run scenes/home.json"
            )
            return
        }
        do {
            // At the window's text size: a SwiftUI view is translated at it (it may read it).
            var swiftUI = options.swiftUI
            swiftUI.dynamicTypeSize = textSize.rawValue
            guard var scene = try loadWatchingInterrupts(path, options: swiftUI) else { return }
            scene.textSize = textSize
            if reset {
                try restart(scene, rasteriser)
                say("reloaded \(path) and reset to the start")
                return
            }
            // Hot reload: focus, scroll, state and sheets carry over to the new version.
            let report = try sim.reload(scene)
            if !quiet { say("reloaded: \(report)") }
            startOver(rasteriser)
        } catch let e as SceneSource.Failure {
            loadError = e.description
            ErrorStream.write(e.description + "\n")
        } catch {
            loadError = "\(path): \(error)"
        }
    }

    /// The scene at `path`, read and (for SwiftUI) translated on a thread of its own while this one waits, looking at
    /// the window's signals: nil when one came first, so that the window stops at once (the frame loop sees it next),
    /// the load left to end with the process. A translation is bounded but can take seconds, and the orderly stop
    /// waited for it.
    func loadWatchingInterrupts(_ path: String, options: SwiftUIOptions) throws -> Scene? {
        final class Pending: @unchecked Sendable {
            var result: Result<Scene, any Error>?
            let done = DispatchSemaphore(value: 0)
        }
        let pending = Pending()
        let thread = Thread {
            pending.result = Result { try SceneSource.load(path, options: options).scene }
            pending.done.signal()
        }
        thread.stackSize = 8 << 20  // the main thread's, which loaded scenes before
        thread.start()
        while pending.done.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
            if interrupts?.received != nil { return nil }
        }
        return try pending.result!.get()
    }

    /// A new simulator on `scene`: focus, state, scroll and sheets from the start.
    func restart(_ scene: Scene, _ rasteriser: Rasteriser) throws {
        sim = try Simulator(scene: scene, policy: options.policy, measurer: measurer)
        sim.sceneLoader = SceneSource.fileLoader
        sim.idleDimming = options.idleDimming
        startOver(rasteriser)
    }

    /// After the scene changed or restarted: the session recording, a take in progress, the error banner.
    func startOver(_ rasteriser: Rasteriser) {
        sim.recordsExplanations = showDebug
        // The recorded events belong to the old scene: a new session starts here.
        session.restartRecording(at: sim.tick)
        // A take in progress restarts from the reloaded scene (its events would not replay on it).
        if take != nil {
            take = (sim, session.recording.mark(at: sim.tick))
            say("take restarted: the scene changed")
        }
        sessionStartFocus = sim.focused
        loadError = nil
        pointerReport = nil
        loadAssets(rasteriser)
    }
}
