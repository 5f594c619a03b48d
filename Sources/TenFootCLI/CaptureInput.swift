import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim

/// What `record` and `screenshot` share: the scene, the starting focus, the input (moves or a
/// script), the frame size, appearance and overlays — read once, every problem reported together.
struct CaptureInput {
    var scene: Scene
    var simulator: Simulator
    var script: InputScript
    var settings: RecordingSettings

    /// `--preset presentation`: the least time between presses, so a viewer can follow each.
    static let presentationGap = Clock.ticks(seconds: 1)

    /// The options both commands take (each adds its own `--out` and more).
    static let options: [OptionDeclaration] =
        [
            CommonOptions.from, CommonOptions.moves, CommonOptions.script, CommonOptions.gap, CommonOptions.size,
            CommonOptions.overlay, CommonOptions.preset, CommonOptions.policy, CommonOptions.textSize,
            CommonOptions.appearance,
            CommonOptions.idleDim,
            CommonOptions.idleFade,
        ] + CommonOptions.swiftUI
    /// --moves or --script, not both.
    static func inputGroup(required: Bool) -> OptionGroup {
        OptionGroup(
            names: [CommonOptions.moves.name, CommonOptions.script.name], exactlyOne: required, bundleProvides: true)
    }

    /// Reads the shared options; the parser has already checked their syntax and kinds.
    static func read(_ p: ParsedArguments) throws -> CaptureInput {
        var settings = RecordingSettings()
        if let (w, h) = p.size(CommonOptions.size) {
            settings.width = w
            settings.height = h
        }
        settings.appearance = p.appearance
        if let o = p.value(CommonOptions.overlay) { settings.overlays = (try? Overlays(parsing: o)) ?? [] }
        let presenting = p.value(CommonOptions.preset) == "presentation"
        if presenting { settings.overlays.insert(.presentation) }
        if var replay = try BundleReplay.read(p) {
            // The bundle's appearance unless the command line says another; its scene, focus, policy and input.
            if p.value(CommonOptions.appearance) == nil {
                settings.appearance = Appearance(rawValue: replay.opened.manifest.appearance) ?? .dark
            }
            settings.assets = AssetTable(
                scene: replay.scene, base: try replay.opened.imageBase(), decoder: SDLImageDecoder(),
                loader: replay.simulator.sceneLoader, loaderReadsFiles: replay.simulator.sceneLoaderReadsFiles)
            CLI.warnAboutImages(settings.assets, bundle: replay.opened)
            if settings.overlays.contains(.debug) { replay.simulator.recordsExplanations = true }
            replay.simulator.idleDimming = CommonOptions.idleDimming(p, fallback: nil)
            settings.onLayersLeftOut = leftOutWarning(replay.scene)
            return CaptureInput(
                scene: replay.scene, simulator: replay.simulator,
                script: presenting ? presented(replay.script) : replay.script,
                settings: settings)
        }
        var script = try Self.script(p)
        if presenting { script = presented(script) }
        let file = p.positional[0]
        let scene = try CLI.loadScene(file, p)
        // --from, else the script's own `from` line (a saved session or take starts where the window was).
        var sim = try CLI.makeSimulator(
            scene, source: file, policy: p.policy, from: CLI.start(p, script).id,
            fromPlace: CLI.start(p, script).place)
        settings.assets = AssetTable(
            scene: scene, base: try CLI.imageBase(forScene: file), decoder: SDLImageDecoder(), loader: sim.sceneLoader)
        CLI.warnAboutImages(settings.assets)
        // The debug overlay draws the last move's search, which the simulator keeps only when asked.
        if settings.overlays.contains(.debug) { sim.recordsExplanations = true }
        // Idle dimming only when asked: a recording should not change with how long its script waits.
        sim.idleDimming = CommonOptions.idleDimming(p, fallback: nil)
        settings.onLayersLeftOut = leftOutWarning(scene)
        return CaptureInput(scene: scene, simulator: sim, script: script, settings: settings)
    }

    /// The input as the command line gives it, before `--preset presentation` paces it: `--moves` or `--script` read
    /// and parsed (neither: an empty script). A batch reads each line's with it before recording any, to check what
    /// the line will record.
    static func script(_ p: ParsedArguments) throws -> InputScript {
        let gap = p.duration(CommonOptions.gap) ?? InputScriptParser.defaultGap
        do {
            if let moves = p.value(CommonOptions.moves) {
                return try InputScriptParser.parse(moves, gap: gap, file: "--moves")
            } else if let file = p.value(CommonOptions.script) {
                // Read as scenes are: a regular file only, within the script's size limit, UTF-8 errors at
                // file:line:column.
                let text = try TextFile.read(path: file, maxBytes: InputScriptParser.maxBytes, what: "input script")
                return try InputScriptParser.parse(text, gap: gap, file: file)
            }
        } catch { throw CLIError.usage(error.description) }
        return InputScript(entries: [], endTick: 0)
    }

    /// `script` as `--preset presentation` plays it: its presses at least `presentationGap` apart.
    static func presented(_ script: InputScript) -> InputScript { script.paced(minimumGap: presentationGap) }

    /// The warning a picture or a recording gives when its frames leave out the bottom of a pile
    /// (`Rasteriser.maxOverdrawScreens`), at the scene: `count` is the most one frame left out.
    static func leftOutWarning(_ scene: Scene) -> @Sendable (Int) -> Void {
        let (file, at) = (scene.file, scene.root.location)
        return { count in
            CLI.printError(
                Diagnostic(
                    .warning, file: file, at: at,
                    Rasteriser.leftOutMessage(count)
                ).description)
        }
    }
}
