import Foundation
import TenFootPresentation
import TenFootRaster
import TenFootSDL
import TenFootScene
import TenFootSim
import TestSupport

/// The window itself at 1920×1080 and at 3840×2160 (the scene at 2× scale), on an Xvfb screen of 3840×2160 (its
/// framebuffer in memory), with the
/// renderer SDL picks there (`TENFOOT_BENCH_RENDERER` names another, such as `software`): the home scene's frames while
/// focus moves and the five-layer poster tilting, as `render` draws them offscreen. Where that renderer draws with the
/// processor (llvmpipe, SDL's software one), the window is drawn by TenFoot, only the rows that changed
/// (`TENFOOT_WINDOW_DRAWING=renderer` keeps SDL's renderer drawing, to compare). A frame is the display list,
/// drawing it, presenting it without waiting for the display's refresh, and reading one pixel back (which waits until
/// the renderer has drawn it all: llvmpipe, Mesa's software OpenGL, draws on threads of its own). Each round also
/// gives the home frames by what the window drew again (`FrameKind`), with the time the screen took them.
enum WindowBenchmark {
    static func run(rounds: Int) {
        guard let xvfb = Tools.xvfb else {
            FileHandle.standardError.write(
                Data("tenfoot-bench window: needs Xvfb (scripts/setup.sh installs it)\n".utf8))
            exit(2)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-window-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server: XvfbServer
        do { server = try XvfbServer(xvfb: xvfb, folder: dir, width: 3840, height: 2160, framebufferFile: false) } catch
        {
            print("window benchmark: \(error)")
            return
        }
        defer { server.stop() }
        setenv("DISPLAY", server.environment["DISPLAY"] ?? ":0", 1)
        setenv("SDL_VIDEODRIVER", "x11", 1)
        // Without waiting for the display's refresh (SDL's hint overrides the window's request): a frame's own cost.
        setenv("SDL_RENDER_VSYNC", "0", 1)
        if let asked = ProcessInfo.processInfo.environment["TENFOOT_BENCH_RENDERER"] {
            setenv("SDL_RENDER_DRIVER", asked, 1)
        } else {
            unsetenv("SDL_RENDER_DRIVER")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        do {
            let gallery = try SceneDecoder.load(path: root.appendingPathComponent("scenes/parallax-gallery.json").path)
            let assets = AssetTable(
                scenes: [gallery], base: root.appendingPathComponent("scenes").path, decoder: SDLImageDecoder())
            print("window: Xvfb 3840x2160, \(rounds) round\(rounds == 1 ? "" : "s"), 300 frames a row; ms")
            var ratios: (home: [Double], tilt: [Double]) = ([], [])
            for round in 1...rounds {
                var home: [Int32: Double] = [:]
                var kinds: [Int32: [FrameKind: [(frame: Double, showing: Double)]]] = [:]
                var tilt: (median: Double, p99: Double) = (0, 0)
                for (width, height) in [(Int32(1920), Int32(1080)), (3840, 2160)] {
                    let window = try SDLWindow(
                        title: "tenfoot-bench", width: width, height: height, assets: assets, notice: { _ in })
                    let draw: (DisplayList) -> Void = { list in
                        window.show(list)
                        window.finish()
                    }
                    print("round \(round), \(width)x\(height), renderer \(window.rendererName)")
                    home[height] = try RenderBenchmark.measure(
                        "home", BuiltInScenes.home(), frames: 300, draw: draw,
                        timed: {
                            kinds[height, default: [:]][FrameKind(window.lastRows, height: height), default: []].append(
                                ($0, window.lastShowingSeconds))
                        })
                    if height == 2160 {
                        tilt = try RenderBenchmark.measureTilting(
                            gallery, frames: 300, draw: draw, name: "layered tilting")
                    }
                }
                let (hd, uhd) = (home[1080] ?? 0, home[2160] ?? 0)
                FrameKind.report(kinds[1080] ?? [:], kinds[2160] ?? [:], medians: (hd, uhd))
                print(
                    String(format: "home 4K / home 1080p: %.2f× (goal ≤ 2.5×: ", uhd / hd)
                        + (uhd / hd <= 2.5 ? "met)" : "NOT met)"))
                print(
                    String(format: "layered tilting 4K p99 / home 4K median: %.2f× (goal ≤ 2×: ", tilt.p99 / uhd)
                        + (tilt.p99 / uhd <= 2 ? "met)" : "NOT met)"))
                ratios.home.append(uhd / hd)
                ratios.tilt.append(tilt.p99 / uhd)
            }
            // A round's ratios swing with the machine (a VM's 4K frames by a third from round to round): the medians
            // over the rounds, each ratio taken within its round.
            if rounds > 1 {
                let (home, tilt) = (
                    RenderBenchmark.percentile(ratios.home, 0.5), RenderBenchmark.percentile(ratios.tilt, 0.5)
                )
                print(
                    String(format: "over %d rounds, medians: home 4K / home 1080p %.2f× (goal ≤ 2.5×: ", rounds, home)
                        + (home <= 2.5 ? "met" : "NOT met")
                        + String(format: "), layered tilting 4K p99 / home 4K median %.2f× (goal ≤ 2×: ", tilt)
                        + (tilt <= 2 ? "met)" : "NOT met)"))
            }
        } catch {
            print("window benchmark failed: \(error)")
        }
    }
}

/// What the window drew of a frame: the rows it drew again (`SDLWindow.lastRows`), which set most of its cost.
enum FrameKind: CaseIterable {
    /// Every row: the page scrolled.
    case whole
    /// Some rows: a poster lifting, a shelf scrolling sideways.
    case part
    /// None.
    case unchanged

    init(_ rows: [Range<Int32>], height: Int32) {
        let drawn = rows.reduce(0) { $0 + $1.count }
        self = drawn == 0 ? .unchanged : drawn >= Int(height) ? .whole : .part
    }

    var name: String {
        switch self {
        case .whole: "every row"
        case .part: "some rows"
        case .unchanged: "no row"
        }
    }

    /// The home frames of each kind at both sizes, their medians whole and of the time the screen took them (the X
    /// server's copy), and the kind each size's median frame is of: the median lies where the frames of one kind give
    /// way to the next, so it moves with the machine's noise.
    static func report(
        _ hd: [FrameKind: [(frame: Double, showing: Double)]], _ uhd: [FrameKind: [(frame: Double, showing: Double)]],
        medians: (Double, Double)
    ) {
        func ms(_ xs: [Double]) -> Double { RenderBenchmark.percentile(xs, 0.5) * 1000 }
        for kind in FrameKind.allCases {
            let (a, b) = (hd[kind] ?? [], uhd[kind] ?? [])
            guard !a.isEmpty, !b.isEmpty else { continue }
            let (fa, fb) = (ms(a.map(\.frame)), ms(b.map(\.frame)))
            let (sa, sb) = (ms(a.map(\.showing)), ms(b.map(\.showing)))
            print(
                "  frames drawing \(kind.name):".padding(toLength: 28, withPad: " ", startingAt: 0)
                    + String(
                        format: "1080p %3d, %5.2f ms (shown in %4.2f); 4K %3d, %5.2f ms (shown in %4.2f): %.2f×",
                        a.count, fa, sa, b.count, fb, sb, fb / fa))
        }
        func kind(of median: Double, in frames: [FrameKind: [(frame: Double, showing: Double)]]) -> String {
            FrameKind.allCases.first { frames[$0]?.contains { abs($0.frame * 1000 - median) < 1e-9 } ?? false }?.name
                ?? "?"
        }
        print("  the median frame draws: 1080p \(kind(of: medians.0, in: hd)), 4K \(kind(of: medians.1, in: uhd))")
    }
}
