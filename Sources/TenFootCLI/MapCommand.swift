import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim

/// `tenfoot map`: the focus graph as a picture.
enum MapCommand: Command {
    static let out = OptionDeclaration.option(
        "--out", "FILE.svg|FILE.png", .file(extensions: ["svg", "png"]),
        help: "where to write the map: SVG needs no SDL; PNG is drawn offscreen with the software renderer",
        check: { out in
            let name = out.lowercased()
            return name.hasSuffix(".svg") || name.hasSuffix(".png")
                ? nil : "--out must end in .svg or .png, got \(quoted(out, quote: "", limit: 80))"
        }
    ).required

    static let declaration = CommandDeclaration(
        name: "map",
        summary: "the focus graph: every item's neighbours drawn as arrows",
        arguments: [CommonOptions.scene],
        options: [
            out, viewport, all, CommonOptions.policy, CommonOptions.textSize,
            CommonOptions.size.help(
                "the picture's size in pixels; the map is scaled to fit it (default: one pixel a point, the whole content up to 7680x4320; with --viewport 1920x1080)"
            ),
        ]
            + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Draws every focusable item with an arrow for each swipe that moves focus from it: one-way moves in \
            orange, items no swipe reaches in red, focus sections in blue and guides in purple (dashed). The \
            graph is the screen as laid out at the start (the selected tab; --all adds the others and the sheets). The map shows the whole \
            content — every shelf's full row, a page's content below the screen — with the screen outlined, at \
            one pixel a point; its cap is 7,680 × 4,320 pt from the content's top-left corner (four screens by \
            four): items beyond are left out and counted in the map's caption. --viewport draws the screen only.
            """)

    static let all = OptionDeclaration.flag(
        "--all",
        help:
            "also map every other tab (selected) and every sheet (presented), each into its own file beside --out: map-tab-ID.png, map-sheet-ID.png (at most 100 maps; a warning names where the rest begin; ids that would share a file name get -2, -3...)"
    )

    /// The most maps one `--all` draws: each is a whole simulator laid out and a picture, so a scene of thousands
    /// of sheets would take minutes.
    static let maxMaps = 100

    static let viewport = OptionDeclaration.flag(
        "--viewport", help: "draw only the screen (1920x1080 points), not the whole scrollable content")

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let path = p.value(out)!
        let scene = try CLI.loadScene(p.positional[0], p)
        let sim = try CLI.makeSimulator(scene, source: p.positional[0], policy: p.policy, from: nil)
        if p.policy != .tvos { try DiffCommand.checkPeerComparisons(sim, file: p.positional[0], command: "map") }
        try CLI.refuseOverwritingPictures(p, scene: scene, file: p.positional[0])
        guard p.flag(all) else {
            let bytes = try picture(sim, p, png: isPNG(path))
            do throws(RecordingError) { try OutputFiles.write(bytes, to: path) } catch { throw error.cliError }
            return 0
        }
        // Each page is drawn and staged (written beside its place under a hidden name) before the next is made, and
        // only once all are staged is any put in place: a failure leaves no partial set, and neither the pages'
        // screens nor their pictures are kept together.
        var staged: [OutputFile] = []
        defer { for file in staged { file.discard() } }
        // PNG pages being encoded, in page order, and the encodings that may run at once.
        var encoding: [Concurrently<Result<OutputFile, any Error>>] = []
        let slots = DispatchSemaphore(value: 2)
        // Cancelled by an encoding that failed: no page after it is drawn (a first page that could not be staged let
        // all 86 others be drawn and encoded before the failure was said).
        let failed = Cancellation()
        /// Waits for every page being encoded and stages them in order; the first failure is thrown once all are in.
        func collect() throws {
            var failure: (any Error)?
            for page in encoding {
                switch page.value {
                case .success(let file): staged.append(file)
                case .failure(let error): failure = failure ?? error
                }
            }
            encoding = []
            if let failure {
                if let e = failure as? RecordingError { throw e.cliError }
                throw failure
            }
        }
        let png = isPNG(path)
        var pixels = 0
        var taken = Set<String>()
        var undrawn: (first: String, count: Int)?
        let omitted: [String]
        do {
            omitted = try sim.forEachPage(limit: maxMaps) { name, page in
                if failed.isCancelled { throw PageFailed() }
                if png, undrawn == nil {
                    // PNG pages are encoded at their whole content's size (a 7080 × 4320 page took 2 s): at most
                    // `maxPNGPixels` together (the first page always), the rest named in a warning. SVG pages cost
                    // nothing to encode.
                    pixels += pageSize(page, p)
                    if pixels > maxPNGPixels, !name.isEmpty { undrawn = (name, 0) }
                }
                if let first = undrawn {
                    undrawn = (first.first, first.count + 1)
                    return
                }
                let file = pagePath(path, page: name, taken: &taken)
                try CLI.refuseOverwritingInputs(p, more: [(option: "--out", path: file)])
                try CLI.refuseOverwritingPictures(p, scene: scene, file: p.positional[0], more: [("--out", file)])
                guard png else {
                    let bytes = try picture(page, p, png: false)
                    do throws(RecordingError) { staged.append(try OutputFiles.stage(bytes, to: file)) } catch {
                        throw error.cliError
                    }
                    return
                }
                // Encoding a PNG page is most of its time (libpng and zlib: 85 % of 86 pages, 5.7 s): it is encoded
                // and staged on a thread of its own while the next page is drawn, two at a time (one a core), each
                // from a copy of its pixels of at most `maxParallelPixels` (a larger page is encoded here).
                let frame = try drawn(page, p)
                guard frame.width * frame.height <= maxParallelPixels else {
                    let bytes = try frame.png()
                    do throws(RecordingError) { staged.append(try OutputFiles.stage(bytes, to: file)) } catch {
                        throw error.cliError
                    }
                    return
                }
                slots.wait()
                encoding.append(
                    Concurrently {
                        defer { slots.signal() }
                        do { return .success(try OutputFiles.stage(try frame.png(), to: file)) } catch {
                            failed.cancel()
                            return .failure(error)
                        }
                    })
            }
        } catch let error as FocusTreeError {
            try collect()
            throw CLIError.usage("\(p.positional[0]): the focus tree cannot be built: \(error)")
        } catch is PageFailed {
            try collect()
            throw CLIError(message: "a page failed", code: ExitCode.environment)  // (collect throws its failure)
        } catch {
            try? collect()
            throw error
        }
        try collect()
        if let first = omitted.first {
            // Said where the first page left out is declared (a sheet, or a tab of the bar).
            let id = first.hasPrefix("sheet-") ? String(first.dropFirst(6)) : String(first.dropFirst(4))
            let node = scene.allNodes.first { $0.id == id } ?? scene.root
            CLI.printError(
                Diagnostic(
                    .warning, file: scene.file, at: node.location,
                    "--all draws at most \(maxMaps) maps: \(omitted.count) more, from \(JSON.quote(first)) on, are not drawn"
                ).description)
        }
        if let (first, count) = undrawn {
            CLI.printError(
                Diagnostic(
                    .warning, file: scene.file, at: scene.root.location,
                    "--all draws at most \(maxPNGPixels / 1_000_000) million pixels of PNG maps: \(count) more, from \(JSON.quote(first)) on, are not drawn (an .svg --out draws them all)"
                ).description)
        }
        do throws(RecordingError) { try OutputFiles.commit(staged) } catch { throw error.cliError }
        for file in staged { CLI.printText(file.destination) }
        staged = []
        return 0
    }

    static func isPNG(_ path: String) -> Bool { !path.lowercased().hasSuffix(".svg") }

    /// The file of one `--all` page beside `path` (``FocusMap/pagePath(_:page:)``), made unique among the pages
    /// already named: ids that differ only in characters a file name does not keep (`a.b`, `a_b`) or in case (one
    /// file on macOS's disks) would write one file twice; the later gets `-2`, `-3`….
    static func pagePath(_ path: String, page: String, taken: inout Set<String>) -> String {
        var name = page
        var n = 1
        while !page.isEmpty, taken.contains(FocusMap.pagePath(path, page: name).lowercased()) {
            n += 1
            name = "\(page)-\(n)"
        }
        taken.insert(FocusMap.pagePath(path, page: name).lowercased())
        return FocusMap.pagePath(path, page: name)
    }

    /// The most pixels the PNG pages of one `--all` come to (seven 1920 × 1080 screens' worth of scrolled content
    /// each page, about twenty pages of a large catalogue): fifty tabs and fifty sheets of large content took over
    /// 200 s, and 200 million pixels (six pages at 7680 × 4320) 6.1 s, three quarters of it in libpng and zlib.
    static let maxPNGPixels = 150_000_000

    /// The pixels of one map as `picture` draws it.
    static func pageSize(_ sim: Simulator, _ p: ParsedArguments) -> Int {
        let area = p.flag(viewport) ? Rect(0, 0, 1920, 1080) : FocusMap.extent(sim).area
        let size = p.size(CommonOptions.size) ?? (Int32(area.width.rounded(.up)), Int32(area.height.rounded(.up)))
        return Int(size.0) * Int(size.1)
    }

    /// Thrown to stop drawing pages once one has failed; the failure itself is what is reported.
    struct PageFailed: Error {}

    /// The largest PNG page encoded beside the drawing of the next (a copy of its pixels is held meanwhile: two
    /// 1920 × 1080 pages are 16 MB); larger ones are encoded one at a time.
    static let maxParallelPixels = 16_000_000

    /// A drawn PNG page's pixels, copied out of its canvas, to encode on any thread.
    struct DrawnPage: @unchecked Sendable {
        var pixels: [UInt8]
        var width: Int
        var height: Int
        var pitch: Int

        func png() throws -> [UInt8] {
            do {
                return try pixels.withUnsafeBytes {
                    try PNGFile.encode($0, width: Int32(width), height: Int32(height), pitch: pitch)
                }
            } catch { throw CLIError(message: "\(error)", code: ExitCode.environment) }
        }
    }

    /// One PNG map drawn (``picture(_:_:png:)``'s pixels).
    static func drawn(_ sim: Simulator, _ p: ParsedArguments) throws -> DrawnPage {
        let canvas = try canvas(sim, p)
        return DrawnPage(
            pixels: Array(canvas.bytes()), width: Int(canvas.width), height: Int(canvas.height), pitch: canvas.pitch)
    }

    /// One map drawn on a canvas of its own: the whole content, or the screen with --viewport.
    static func canvas(_ sim: Simulator, _ p: ParsedArguments) throws -> OffscreenCanvas {
        let whole = !p.flag(viewport)
        let (area, omitted) = whole ? FocusMap.extent(sim) : (Rect(0, 0, 1920, 1080), 0)
        let commands = whole ? FocusMap.commands(sim, area: area, omitted: omitted) : FocusMap.commands(sim)
        let size = p.size(CommonOptions.size) ?? (Int32(area.width.rounded(.up)), Int32(area.height.rounded(.up)))
        do {
            let canvas = try OffscreenCanvas(width: size.0, height: size.1, fonts: try FontCache())
            canvas.draw(
                DisplayList(
                    commands: whole
                        ? FocusMap.fitted(commands, area: area, width: Double(size.0), height: Double(size.1))
                        : commands))
            return canvas
        } catch { throw CLIError(message: "\(error)", code: ExitCode.environment) }
    }

    /// One map: the whole content (or the screen with --viewport) as SVG or PNG.
    static func picture(_ sim: Simulator, _ p: ParsedArguments, png: Bool) throws -> [UInt8] {
        guard png else {
            let whole = !p.flag(viewport)
            let (area, omitted) = whole ? FocusMap.extent(sim) : (Rect(0, 0, 1920, 1080), 0)
            let commands = whole ? FocusMap.commands(sim, area: area, omitted: omitted) : FocusMap.commands(sim)
            let size = p.size(CommonOptions.size) ?? (Int32(area.width.rounded(.up)), Int32(area.height.rounded(.up)))
            return Array(SVGWriter.svg(commands, width: Int(size.0), height: Int(size.1), viewBox: area).utf8)
        }
        let canvas = try canvas(sim, p)
        do { return try canvas.pngData() } catch { throw CLIError(message: "\(error)", code: ExitCode.environment) }
    }
}
