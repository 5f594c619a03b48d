import FocusEngine
import Foundation
import TenFootCore
import TenFootInput
import TenFootPresentation
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// What each fuzz target does with one input (`Fuzz/*/`: libFuzzer calls these through
/// `LLVMFuzzerTestOneInput`; `FuzzCorpusTests` replays every committed corpus in `Fuzz/Seeds/` through them in
/// the ordinary debug build). Each reads the bytes as its reader's input and, when the input is accepted, uses
/// what it read the way TenFoot does, and answers whether the reader accepted the input (so a corpus that the
/// reader rejects whole is noticed). Beyond not crashing, hanging or exhausting memory, each checks what its
/// reader promises and stops the process (`fatalError`) when the promise breaks: that is a finding.
package enum FuzzTargets {
    /// The targets by the name of their corpus folder (`Fuzz/Seeds/NAME`) and `scripts/fuzz.sh` kind.
    package static let all: [(name: String, run: @Sendable ([UInt8]) -> Bool)] = [
        ("scene", scene), ("script", script), ("mapping", mapping), ("cli", cli), ("zip", zip), ("tar", tar),
        ("layered", layered), ("replay", replay), ("report", report), ("gif", gif), ("mp4", mp4),
        ("strings", strings), ("colorset", colorSet),
    ]

    // MARK: Text readers

    /// A scene file: decoded, linted, simulated through a few presses and drawn into a display list.
    @discardableResult package static func scene(_ bytes: [UInt8]) -> Bool {
        guard let text = try? UTF8Text.decode(bytes, file: "fuzz.json"),
            let scene = try? SceneDecoder.decode(text, file: "fuzz.json")
        else { return false }
        _ = SceneLint.run(scene)
        guard var sim = try? Simulator(scene: scene) else { return false }
        for event in [
            RemoteEvent.swipe(.right), .swipe(.down), .select, .swipe(.left), .longSelect, .swipe(.up), .menu,
            .playPause,
        ] {
            sim.send(event)
            sim.step(ticks: 60)
        }
        _ = SceneRenderer().displayList(sim)
        return true
    }

    private static let home = try! Simulator(scene: BuiltInScenes.home())

    /// An input script, played on the home scene; its text form reads back as the same text.
    @discardableResult package static func script(_ bytes: [UInt8]) -> Bool {
        guard let text = try? UTF8Text.decode(bytes, file: "fuzz.script"),
            var script = try? InputScriptParser.parse(text, file: "fuzz.script")
        else { return false }
        script.entries = Array(script.entries.prefix(500))
        var sim = home
        sim.play(script)
        guard let again = try? InputScriptParser.parse(script.timedText) else {
            fatalError("timedText does not parse: \(script.timedText)")
        }
        if again.timedText != script.timedText { fatalError("timedText changes on reading: \(script.timedText)") }
        return true
    }

    /// An input mapping file, fed every key, button, axis and pointer it could bind.
    @discardableResult package static func mapping(_ bytes: [UInt8]) -> Bool {
        guard let text = try? UTF8Text.decode(bytes, file: "fuzz.json"),
            let mapping = try? InputMapping.decode(text, file: "fuzz.json")
        else { return false }
        var input = RemoteInput(mapping: mapping)
        var tick: Tick = 0
        func feed(_ p: PhysicalInput, after ticks: Tick = 30) {
            tick += ticks
            _ = input.advance(until: tick)
            _ = input.handle(p, at: tick, editing: false)
        }
        for key in mapping.keys.keys.sorted() {
            let name = key.split(separator: "+").last.map(String.init) ?? key
            feed(.keyDown(name, []))
            feed(.keyUp(name), after: 900)
        }
        for button in ControllerButton.allCases {
            feed(.buttonDown(button, controller: 0))
            feed(.buttonUp(button, controller: 0), after: 700)
        }
        for axis in ControllerAxis.allCases {
            for v in [0.2, 0.6, 1.0, 0.4, -1.0, 0.0] { feed(.axis(axis, v, controller: 0), after: 10) }
        }
        feed(.pointerDown(ScreenPoint(900, 500)))
        for x in stride(from: 900.0, through: 300, by: -150) { feed(.pointerMove(ScreenPoint(x, 500)), after: 2) }
        feed(.pointerUp(ScreenPoint(300, 500)), after: 2)
        feed(.wheel(3))
        feed(.wheel(-5))
        feed(.focusLost)
        _ = input.advance(until: tick + 20 * 1200)
        return true
    }

    /// A command line, words separated by NUL bytes: parsed and checked, never run. Status 0 says nothing,
    /// status 2 says one well-formed line with no raw control character.
    @discardableResult package static func cli(_ bytes: [UInt8]) -> Bool {
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let (status, message) = CLI.check(bytes.isEmpty ? [] : words)
        switch status {
        case 0:
            if !message.isEmpty { fatalError("status 0 with a message: \(message)") }
        case 2:
            guard message.hasPrefix("tenfoot: "), message.hasSuffix("\n") else {
                fatalError("badly formed message: \(message.debugDescription)")
            }
            if message.dropLast().unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
            {
                fatalError("a raw control character in: \(message.debugDescription)")
            }
        default:
            fatalError("status \(status) from parsing alone: \(message)")
        }
        return status == 0
    }

    // MARK: Archives

    /// A ZIP archive (what an `.lsr` is), under the `.lsr` reader's limits: every member it accepts is within
    /// them, with a name that stays inside the archive.
    @discardableResult package static func zip(_ bytes: [UInt8]) -> Bool {
        let limits = Zip.Limits(maxMembers: 1000, maxTotalBytes: LayeredImage.maxArchiveBytes)
        guard let members = try? Zip.read(bytes, limits: limits) else { return false }
        if members.count > limits.maxMembers { fatalError("\(members.count) members past the limit") }
        var total = 0
        for m in members {
            total += m.bytes.count
            if m.name.isEmpty || m.name.hasPrefix("/") || m.name.split(separator: "/").contains("..") {
                fatalError("a member name that leaves the archive: \(m.name.debugDescription)")
            }
        }
        if total > limits.maxTotalBytes { fatalError("\(total) bytes inflated past the limit") }
        return true
    }

    /// A tar archive read as a bundle: the archive under the bundle's limits, then the manifest and the
    /// member checks. Every member accepted is a name `Tar.nameProblem` accepts, within the limits.
    @discardableResult package static func tar(_ bytes: [UInt8]) -> Bool {
        if let members = try? Tar.read(bytes, limits: ReproBundle.limits) {
            if members.count > ReproBundle.limits.maxMembers { fatalError("\(members.count) members past the limit") }
            for m in members {
                if let problem = Tar.nameProblem(m.name) {
                    fatalError("accepted \(m.name.debugDescription): \(problem)")
                }
                if m.bytes.count > ReproBundle.limits.maxMemberBytes { fatalError("a member past the size limit") }
            }
        }
        do { _ = try ReproBundle.read(bytes: bytes, path: "fuzz.tenfoot") } catch {
            if error.message.isEmpty { fatalError("an error that says nothing") }
            return false
        }
        return true
    }

    /// A finished GIF as the recorder reads it back (`GIFFile`): read whole and a few bytes at a time, the same answer;
    /// a GIF accepted has a screen and no more images than the limit, and an error names a byte of the input.
    @discardableResult package static func gif(_ bytes: [UInt8]) -> Bool {
        let limit = 64
        let whole = Result { () throws(GIFFile.Malformed) in try GIFFile.summary(bytes, frameLimit: limit) }
        let chunked = Result { () throws(GIFFile.Malformed) in
            try GIFFile.summary(bytes, frameLimit: limit, chunk: 1 + bytes.count % 7)
        }
        if whole != chunked { fatalError("read whole: \(whole); in chunks: \(chunked)") }
        switch whole {
        case .success(let gif):
            if gif.width < 1 || gif.height < 1 || gif.frames > limit { fatalError("accepted \(gif)") }
            return true
        case .failure(let error):
            if error.reason.isEmpty || error.offset < 0 || error.offset > bytes.count {
                fatalError("an error that does not say where: \(error)")
            }
            return false
        }
    }

    /// A finished MP4 as the recorder reads it back (`MP4File`): an MP4 accepted has a sample entry and no more frames
    /// than the limit, and an error names a byte of the input.
    @discardableResult package static func mp4(_ bytes: [UInt8]) -> Bool {
        let limit = 64
        switch Result(catching: { () throws(MP4File.Malformed) in try MP4File.summary(bytes, frameLimit: limit) }) {
        case .success(let mp4):
            if mp4.frames < 0 || mp4.frames > limit || mp4.format.isEmpty { fatalError("accepted \(mp4)") }
            return true
        case .failure(let error):
            if error.reason.isEmpty || error.offset < 0 || error.offset > bytes.count {
                fatalError("an error that does not say where: \(error)")
            }
            return false
        }
    }

    /// An app's string table as the SwiftUI reader reads one, the same bytes as a `.strings` file and as a string
    /// catalog: a table read holds at most the limit's entries, and an error names a place inside the input.
    @discardableResult package static func strings(_ bytes: [UInt8]) -> Bool {
        var read = false
        func check(_ error: Diagnostic) {
            // A line is at most one a byte; a column at most one a byte of the line.
            if error.message.isEmpty || error.file != "fuzz" || error.location.line < 1
                || error.location.line > bytes.count + 1 || error.location.column < 1
                || error.location.column > bytes.count + 1
            {
                fatalError("an error that does not say where: \(error)")
            }
        }
        do throws(Diagnostic) {
            let t = try StringTableFile.strings(bytes, file: "fuzz")
            if t.count > StringTableFile.maxEntries { fatalError("\(t.count) entries read") }
            read = true
        } catch { check(error) }
        do throws(Diagnostic) {
            let (language, t) = try StringTableFile.catalog(bytes, file: "fuzz")
            if language.isEmpty || t.count > StringTableFile.maxEntries {
                fatalError("accepted \(language), \(t.count)")
            }
            read = true
        } catch { check(error) }
        return read
    }

    /// An asset catalogue's colour set (`Contents.json`) as the SwiftUI reader reads one: an accepted set's colour is
    /// the same read twice, and an error names a line and column inside the input.
    @discardableResult package static func colorSet(_ bytes: [UInt8]) -> Bool {
        do throws(Diagnostic) {
            let color = try ColorSetFile.color(bytes, file: "fuzz")
            if (try? ColorSetFile.color(bytes, file: "fuzz")) != color { fatalError("read twice, two colours") }
            return true
        } catch {
            if error.message.isEmpty || error.file != "fuzz" || error.location.line < 1
                || error.location.line > bytes.count + 1 || error.location.column < 1
                || error.location.column > bytes.count + 1
            {
                fatalError("an error that does not say where: \(error)")
            }
            return false
        }
    }

    /// A test report's `report.json` as `report merge` reads it: within the limits, every picture name one of the
    /// report's own folders; an accepted report merges with itself into itself, and its page is made. The same bytes
    /// as a shard's map: the SVG check ends on any input, and passes none holding a tag it does not know.
    @discardableResult package static func report(_ bytes: [UInt8]) -> Bool {
        if TestReport.svgProblem(bytes) == nil, bytes.contains(UInt8(ascii: "<")) {
            let text = String(decoding: bytes, as: UTF8.self)
            for tag in ["<script", "<a ", "<foreignObject", "<!--"] where text.contains(tag) {
                fatalError("a map holding \(tag) passed")
            }
        }
        let report: TestReport
        do throws(TestReport.Invalid) { report = try TestReport.read(bytes) } catch {
            if error.message.isEmpty { fatalError("an error that says nothing") }
            return false
        }
        for name in report.pictures where name.contains("..") || name.hasPrefix("/") {
            fatalError("accepted the picture \(name.debugDescription)")
        }
        guard let merged = try? TestReport.merge([report, report]) else {
            fatalError("a report does not merge with itself")
        }
        if merged.screens.count > report.screens.count { fatalError("merging a report with itself added screens") }
        _ = merged.html
        return true
    }

    // MARK: Layered images

    /// The same bytes as an `.lsr` archive and as a `.json` layer list, each loaded at both scales and, when
    /// it loads, decoded into the pictures the renderer draws (the pixel budgets hold).
    @discardableResult package static func layered(_ bytes: [UInt8]) -> Bool {
        let folder = scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var accepted = false
        for name in ["fuzz.lsr", "fuzz.layers.json"] {
            let path = folder + "/" + name
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return false }
            for scale in [1, 2] {
                guard let image = try? LayeredImage.load(path, scale: scale) else { continue }
                accepted = true
                if !(image.canvasWidth > 0 && image.canvasWidth <= LayeredImage.maxSide && image.canvasHeight > 0
                    && image.canvasHeight <= LayeredImage.maxSide)
                {
                    fatalError("a canvas past the limits: \(image.canvasWidth)×\(image.canvasHeight)")
                }
            }
            _ = AssetTable(paths: [path], base: folder, decoder: NoDecoder())
        }
        return accepted
    }

    /// Stands in for SDL_image (which the fuzzer does not exercise): a picture of the size its header claims,
    /// when that is within the picture limits, as the real decoder would allocate.
    private struct NoDecoder: ImageDecoder {
        func decode(_ bytes: [UInt8], type: String?) -> DecodedImage? {
            guard let (w, h) = ImageHeader.size(bytes: bytes), w > 0, h > 0, w <= 64, h <= 64 else { return nil }
            return DecodedImage(width: w, height: h, buffer: PixelBuffer(count: w * h), blends: false)
        }
    }

    // MARK: Replays

    /// A repro bundle replayed: opened, its scene loaded from its own bytes and copy, its input played (the
    /// first 200 steps) and the screen drawn into a display list, with every image it names pointed into the
    /// copy. The copy goes when the replay ends.
    @discardableResult package static func replay(_ bytes: [UInt8]) -> Bool {
        let folder = scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/fuzz.tenfoot"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return false }
        defer { OpenedBundle.cleanUp() }
        guard let opened = try? OpenedBundle.open(path), let loaded = try? opened.loaded(),
            let sim = try? opened.simulator(loaded.scene), var script = try? opened.script()
        else { return false }
        if !opened.isHome, let root = try? opened.folder() {
            for image in loaded.scene.imagePaths where !image.hasPrefix(root + "/") {
                fatalError("a replay's image outside its copy: \(image.debugDescription)")
            }
        }
        script.entries = Array(script.entries.prefix(200))
        var player = ScriptPlayer(simulator: sim, script: script)
        _ = player.playToEnd()
        _ = SceneRenderer().displayList(player.sim)
        return true
    }

    /// A folder of this process's own for the files a target writes (made for each input; the target removes it).
    private static func scratch() -> String {
        let folder = NSTemporaryDirectory() + "tenfoot-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
