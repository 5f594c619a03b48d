import FocusEngine
import Foundation
import TenFootPresentation
import TenFootRaster
import TenFootScene
import TenFootSim

/// Frame times of the window's renderer, offscreen at 1920×1080 with the software renderer: the home
/// scene (tab bar, hero, 5 shelves, 40 posters, text), the 10,000-item catalogue, text in every script
/// (any-script.json), and the components' streaming home and Settings screens, while focus moves.
enum RenderBenchmark {
    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        let s = xs.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    /// The median frame time in ms. With `profile`, the rasteriser's per-command profile is reset after
    /// the warm-up, so it holds exactly the `frames` measured frames.
    static func measure(_ name: String, _ scene: Scene, frames: Int, canvas: OffscreenCanvas, profile: Bool = false)
        throws -> Double
    {
        try measure(name, scene, frames: frames, draw: canvas.draw) {
            if profile { canvas.rasteriser.profile = [:] }
        }
    }

    /// The same through any `draw` (the window's); `warm` runs once the warm-up pass is drawn, `timed` after each
    /// measured frame with its time in seconds.
    static func measure(
        _ name: String, _ scene: Scene, frames: Int, draw: (DisplayList) -> Void, warm: () -> Void = {},
        timed: (Double) -> Void = { _ in }
    ) throws -> Double {
        // Text measured and shaped with the bundled fonts, as the window does (the display list carries the runs).
        var sim = try Simulator(scene: scene, measurer: TrueTypeMeasurer(fonts: try FontCache()))
        let moves: [RemoteEvent] = [
            .swipe(.right), .swipe(.right), .swipe(.down), .swipe(.right), .swipe(.left), .swipe(.down), .swipe(.up),
        ]
        let renderer = SceneRenderer()
        // Warm the caches (text, artwork and highlight textures) as a running window would be: one pass
        // through the same moves first.
        for f in 0..<15 * moves.count {
            if f % 15 == 0 { sim.send(moves[(f / 15) % moves.count]) }
            sim.step(ticks: 20)
            draw(renderer.displayList(sim))
        }
        warm()
        var times: [Double] = []
        var build: [Double] = []
        for f in 0..<frames {
            if f % 15 == 0 { sim.send(moves[(f / 15) % moves.count]) }
            sim.step(ticks: 20)  // 60 fps
            let t0 = EngineBenchmark.now()
            let list = renderer.displayList(sim)
            let t1 = EngineBenchmark.now()
            draw(list)
            let t2 = EngineBenchmark.now()
            build.append(t1 - t0)
            times.append(t2 - t0)
            timed(t2 - t0)
        }
        if ProcessInfo.processInfo.environment["TENFOOT_BENCH_FRAMES"] != nil {
            print(times.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " "))
        }
        let median = percentile(times, 0.5) * 1000
        let p99 = percentile(times, 0.99) * 1000
        // (Foundation's %@ ignores widths on Linux: pad the name here.)
        print(
            name.padding(toLength: 22, withPad: " ", startingAt: 0)
                + String(
                    format: " %8.2f ms %8.2f ms %8.0f fps  %6.2f×  display list %5.2f ms",
                    median, p99, 1000 / median, median / 16.7, percentile(build, 0.5) * 1000))
        return median
    }

    /// A five-layer poster (scenes/parallax-gallery.json's Summit) focused while the finger circles the touch
    /// surface: every frame a new tilt, so every frame rasterises all five layers and the sheen (issue 20). With
    /// `moves` swipes right first, another of the gallery's posters (the fourth: one picture with a badge and a
    /// progress bar, projected with it).
    static func measureTilting(
        _ scene: Scene, frames: Int, canvas: OffscreenCanvas, name: String = "layered poster tilting", moves: Int = 0
    ) throws -> (median: Double, p99: Double) {
        try measureTilting(scene, frames: frames, draw: canvas.draw, name: name, moves: moves)
    }

    /// The same through any `draw` (the window's).
    static func measureTilting(
        _ scene: Scene, frames: Int, draw: (DisplayList) -> Void, name: String = "layered poster tilting",
        moves: Int = 0
    ) throws -> (median: Double, p99: Double) {
        var sim = try Simulator(scene: scene, measurer: TrueTypeMeasurer(fonts: try FontCache()))
        let renderer = SceneRenderer()
        for _ in 0..<moves {
            sim.send(.swipe(.right))
            sim.step(ticks: 600)
        }
        sim.step(ticks: 1200)
        func finger(_ f: Int) -> RemoteEvent {
            let a = Double(f) * 2 * Double.pi / 97
            return .touch((cos(a) * 1000).rounded() / 1000, (sin(a * 1.3) * 1000).rounded() / 1000)
        }
        for f in 0..<30 {
            sim.send(finger(f))
            sim.step(ticks: 20)
            draw(renderer.displayList(sim))
        }
        var times: [Double] = []
        for f in 0..<frames {
            sim.send(finger(f + 30))
            sim.step(ticks: 20)
            let t0 = EngineBenchmark.now()
            draw(renderer.displayList(sim))
            times.append(EngineBenchmark.now() - t0)
        }
        let median = percentile(times, 0.5) * 1000
        let p99 = percentile(times, 0.99) * 1000
        if ProcessInfo.processInfo.environment["TENFOOT_BENCH_FRAMES"] != nil {
            print(times.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " "))
        }
        print(
            name.padding(toLength: 22, withPad: " ", startingAt: 0)
                + String(format: " %8.2f ms %8.2f ms %8.0f fps  %6.2f×", median, p99, 1000 / median, p99 / 16.7))
        return (median, p99)
    }

    /// Builds the catalogue's display list repeatedly (no drawing): for profilers such as callgrind.
    static func displayListOnly() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        guard
            let catalogue = try? SceneDecoder.load(path: root.appendingPathComponent("scenes/catalogue-10k.json").path),
            var sim = try? Simulator(scene: catalogue)
        else { return }
        var n = 0
        for _ in 0..<20 {
            sim.step(ticks: 20)
            n += SceneRenderer().displayList(sim).commands.count
        }
        print("display lists built: 20, commands: \(n)")
    }

    /// Draws `frames` frames of the home scene while moving, at 1920×1080 or at 3840×2160 whole (one band), and prints
    /// their median (for profilers such as callgrind and perf).
    static func homeFrames(uhd: Bool, frames: Int) {
        let (w, h): (Int32, Int32) = uhd ? (3840, 2160) : (1920, 1080)
        guard let fonts = try? FontCache(), let canvas = try? OffscreenCanvas(width: w, height: h, fonts: fonts),
            let t = try? measure(uhd ? "home 4K" : "home", BuiltInScenes.home(), frames: frames, canvas: canvas)
        else { return }
        _ = t
    }

    /// Draws the five-layer tilt at 3840×2160 in the bands a stream gets, 600 frames (for profilers such as perf); with
    /// `profile`, whole, and prints the time by command kind.
    static func tiltFrames(profile: Bool) {
        do {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            let gallery = try SceneDecoder.load(path: root.appendingPathComponent("scenes/parallax-gallery.json").path)
            let uhd = try OffscreenCanvas(
                width: 3840, height: 2160, fonts: try FontCache(),
                bands: OffscreenCanvas.streamBands(width: 3840, height: 2160))
            uhd.rasteriser.assets = AssetTable(
                scenes: [gallery], base: root.appendingPathComponent("scenes").path, decoder: SDLImageDecoder())
            if profile { uhd.rasteriser.profile = [:] }
            _ = try measureTilting(gallery, frames: 600, canvas: uhd, name: "layered tilting 4K")
            // The profile holds milliseconds, over the 30 warm-up frames and the 600.
            let profile = uhd.rasteriser.profile ?? [:]
            for (kind, ms) in profile.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
                print(String(format: "  %@ %.2f ms a frame", kind, ms / 630))
            }
        } catch {
            print("tiltframes: \(error)")
        }
    }

    static func run() {
        do {
            let fonts = try FontCache()
            let canvas = try OffscreenCanvas(
                width: 1920, height: 1080, fonts: fonts, bands: OffscreenCanvas.streamBands(width: 1920, height: 1080))
            print(
                "render: 1920x1080 offscreen, software renderer, 300 frames while focus moves; budget 16.7 ms (60 Hz)")
            print("scene                    median      p99       fps   ×budget")
            let home = try measure("home", BuiltInScenes.home(), frames: 300, canvas: canvas)
            // The same frames with SDL blending the blended copies (text, rounded fills, shadows, fades, corners) itself.
            canvas.blendsCopies = false
            let homeSDL = try measure("home, SDL's blend", BuiltInScenes.home(), frames: 300, canvas: canvas)
            canvas.blendsCopies = true
            print(String(format: "home / home with SDL's blend: %.2f×", home / homeSDL))
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            let catalogue = try SceneDecoder.load(path: root.appendingPathComponent("scenes/catalogue-10k.json").path)
            let big = try measure("catalogue (10,000)", catalogue, frames: 120, canvas: canvas)
            print(String(format: "catalogue / home: %.2f× (goal ≤ 1.2×)", big / home))
            // Text in every script, runs in five fonts, symbols.
            let scripts = try SceneDecoder.load(path: root.appendingPathComponent("scenes/any-script.json").path)
            _ = try measure("any-script", scripts, frames: 300, canvas: canvas)
            // The components (issue 15): a streaming home with a full-bleed hero following focus, lockups with
            // badges and progress, round transparent photos, monograms; a Settings form with an alert's worth of
            // rows, toggles and a segmented picker. Their pictures are relative to scenes/.
            let streaming = try SceneDecoder.load(path: root.appendingPathComponent("scenes/streaming-home.json").path)
            let settings = try SceneDecoder.load(path: root.appendingPathComponent("scenes/settings.json").path)
            let gallery = try SceneDecoder.load(path: root.appendingPathComponent("scenes/parallax-gallery.json").path)
            canvas.rasteriser.assets = AssetTable(
                scenes: [streaming, settings, gallery], base: root.appendingPathComponent("scenes").path,
                decoder: SDLImageDecoder())
            let components = try measure("streaming-home", streaming, frames: 300, canvas: canvas)
            print(String(format: "streaming-home / home: %.2f×", components / home))
            _ = try measure("settings", settings, frames: 300, canvas: canvas)
            // Issue 20: a five-layer poster focused and tilting under a moving finger (goal: p99 ≤ 16.7 ms).
            let tilting = try measureTilting(gallery, frames: 300, canvas: canvas)
            print(String(format: "layered tilting p99: %.2f ms (goal ≤ 16.7 ms)", tilting.p99))
            // A one-picture poster with a badge and a progress bar tilting: its overlays projected with it.
            _ = try measureTilting(gallery, frames: 300, canvas: canvas, name: "badged poster tilting", moves: 3)
            // Issue 32: the window at 3840×2160, the scene drawn at 2× scale (crisp), against 1080p in this run: the
            // pixels are 4×, and the goal asks for ≤ 2.5× the 1080p frame, and a five-layer tilt's p99 ≤ 2× the 4K
            // home median.
            let uhd = try OffscreenCanvas(
                width: 3840, height: 2160, fonts: fonts, bands: OffscreenCanvas.streamBands(width: 3840, height: 2160))
            print(
                "3840x2160: \(uhd.bandCount) band\(uhd.bandCount == 1 ? "" : "s") of rows, one renderer each; 1920x1080: "
                    + "\(canvas.bandCount) (TENFOOT_BANDS sets the count)")
            let home4K = try measure("home 4K", BuiltInScenes.home(), frames: 300, canvas: uhd)
            uhd.blendsCopies = false
            let home4KSDL = try measure("home 4K, SDL's blend", BuiltInScenes.home(), frames: 300, canvas: uhd)
            uhd.blendsCopies = true
            print(String(format: "home 4K / home 4K with SDL's blend: %.2f×", home4K / home4KSDL))
            print(
                String(format: "home 4K / home 1080p: %.2f× (goal ≤ 2.5×: ", home4K / home)
                    + (home4K / home <= 2.5 ? "met)" : "NOT met)"))
            uhd.rasteriser.assets = canvas.rasteriser.assets
            let tilting4K = try measureTilting(gallery, frames: 300, canvas: uhd, name: "layered tilting 4K")
            print(
                String(format: "layered tilting 4K p99 / home 4K median: %.2f× (goal ≤ 2×: ", tilting4K.p99 / home4K)
                    + (tilting4K.p99 / home4K <= 2 ? "met)" : "NOT met)"))
            canvas.rasteriser.assets = AssetTable()
            // Where the home frame's time goes, by command kind (ms per frame), at 1080p and at 4K: the profile covers
            // the measured frames only, not the warm-up.
            let profiled = 100
            for (name, target) in [("home (profiled)", canvas), ("home 4K (profiled)", uhd)] {
                _ = try measure(name, BuiltInScenes.home(), frames: profiled, canvas: target, profile: true)
                let profile = target.rasteriser.profile ?? [:]
                let perFrame = profile.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                print(
                    "per frame by command (ms, over \(profiled) frames): "
                        + perFrame.map { String(format: "%@ %.2f", $0.key, $0.value / Double(profiled)) }.joined(
                            separator: ", "))
                target.rasteriser.profile = nil
            }
        } catch {
            print("render benchmark failed: \(error)")
        }
    }
}
