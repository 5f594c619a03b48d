import Foundation
import TenFootCore
import TenFootInput
import TenFootScene
import TenFootSDL
import TenFootSim

/// The live preview: the scene file and the images it names are watched; a change reloads them,
/// keeping focus, and a broken save keeps the last good scene on screen with the error.
extension Window {
    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    func watchScene(_ rasteriser: Rasteriser) {
        guard let path = options.scenePath else { return }
        let stamp = Window.modificationDate(path)
        if stamp != sceneStamp {
            sceneStamp = stamp
            reload(rasteriser, reset: false)
        }
        // The images the scene names: a changed file is loaded again on the next frame.
        let base = (path as NSString).deletingLastPathComponent
        var stamps: [String: Date] = [:]
        for n in sim.scene.allNodes { if let image = n.image {
            let full = image.hasPrefix("/") ? image : (base.isEmpty ? image : base + "/" + image)
            stamps[full] = Window.modificationDate(full) ?? .distantPast
        } }
        if !imageStamps.isEmpty, stamps != imageStamps {
            rasteriser.reloadImages()
            say("images reloaded")
        }
        imageStamps = stamps
    }

    /// Reloads the scene file (F5 resets the simulator; a save keeps focus, scroll, state and sheets).
    func reload(_ rasteriser: Rasteriser, reset: Bool) {
        guard let path = options.scenePath else { return }
        do {
            let scene = try SceneDecoder.load(path: path)
            if reset {
                sim = try Simulator(scene: scene, policy: options.policy, measurer: measurer)
                sim.sceneLoader = SceneDecoder.fileLoader
            } else {
                // Hot reload: focus, scroll, state and sheets carry over to the new version.
                let report = try sim.reload(scene)
                say("reloaded: \(report)")
            }
            sim.recordsExplanations = showDebug
            // The recorded events belong to the old scene: a new session starts here.
            session.restartRecording(at: sim.tick)
            // A take in progress restarts from the reloaded scene (its events would not replay on it).
            if take != nil { take = (sim, session.recording.mark(at: sim.tick)); say("take restarted: the scene changed") }
            sessionStartFocus = sim.focused
            loadError = nil
            rasteriser.reloadImages()
        } catch let e as Diagnostics {
            loadError = e.description
            FileHandle.standardError.write(Data((e.description + "\n").utf8))
        } catch {
            loadError = "\(path): \(error)"
        }
    }
}
