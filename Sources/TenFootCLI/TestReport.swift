import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootTools

/// The HTML report of a focus test run (`tenfoot test --report DIR`): one folder that opens from the file system, with
/// no server and nothing from outside it. `index.html` lists every screen and expectation; a failing expectation shows
/// the screen at the press that failed with the expected (green) and the actual (red) focus drawn on it, the presses
/// that led there as a strip of frames, the `explain` table of the failing swipe and its `file:line:column`; passing
/// ones are collapsed. Each screen's focus map (SVG) is one click away. `report.json` holds the same data, which
/// `tenfoot report merge` joins: the HTML and the JSON are functions of the data sorted by file, and each picture's
/// name comes from its screen's path, so the shards of a run merge into the report of the whole run, byte for byte.
struct TestReport: Codable, Equatable {
    static let formatName = "tenfoot-report"
    static let currentVersion = 1

    var format = TestReport.formatName
    var version = TestReport.currentVersion
    /// Every screen tested, sorted by file.
    var screens: [Screen]
    /// Files that could not be loaded, each with its message, sorted.
    var errors: [String]

    struct Screen: Codable, Equatable {
        /// The file as the command was given it (a scene, a `.swift` screen, a bundle).
        var file: String
        /// The focus map, `maps/KEY.svg`; nil when the screen cannot be laid out.
        var map: String?
        var results: [Result]
    }

    struct Result: Codable, Equatable {
        var name: String
        /// Where the expectation is written: `file:line:column`.
        var at: String
        var passed: Bool
        var failure: String?
        var presses: [String]
        /// The focus at the start and after each press, as taken.
        var path: [String]
        /// The press that failed (1-based), what it should have focused and what it did.
        var failedPress: Int?
        var expected: String?
        var actual: String?
        /// `tenfoot explain` of the failing swipe, from where it started.
        var explain: String?
        /// The screen at the failing press, both focuses drawn: `shots/KEY-N.png`.
        var shot: String?
        /// The screen after each press up to the failing one: `shots/KEY-N-K.png`.
        var strip: [String]
    }

    var passed: Int { screens.reduce(0) { $0 + $1.results.filter(\.passed).count } }
    var failed: Int { screens.reduce(0) { $0 + $1.results.filter { !$0.passed }.count } + errors.count }

    // MARK: Limits (what `report merge` reads)

    static let maxJSONBytes = 32 << 20
    static let maxScreens = 10_000
    static let maxResults = 100_000
    static let maxText = 64 << 10
    static let maxPictureBytes = 64 << 20
    static let maxPicturesBytes = 1 << 30
    static let maxStrip = 64
    /// Reports one merge joins (a CI run has tens of shards).
    static let maxMergedReports = 1_000
    /// `report.json` bytes one merge reads together: two reports' worth (a screen may be in two shards' reports);
    /// the merged report must itself be one a merge reads (``maxScreens``, ``maxResults``).
    static let maxMergedJSONBytes = 2 * maxJSONBytes
    /// Failing expectations drawn in one report (each replayed, up to ``maxStrip`` pictures): the rest are listed
    /// with their failure, without pictures.
    static let maxIllustrated = 100

    /// Why an SVG a merge would copy into its report may not be, or nil: a shard's map holding `<script>` was copied and
    /// linked from the merged index, and opening it ran the script. Looking for what runs code missed its other
    /// spellings (`<x:script xmlns:x=…>`, `&#106;avascript:` in an `xl:href`), so a map may hold only what TenFoot's
    /// maps hold (`SVGWriter`): its elements and attributes by name, attribute values without `(`, `&` or `<`, and
    /// no declaration, comment or processing instruction.
    static func svgProblem(_ bytes: [UInt8]) -> String? { svgProblemPlaced(bytes)?.problem }

    /// ``svgProblem(_:)`` with where it is: the line and column (in characters, from 1) of the tag, attribute or value.
    static func svgProblemPlaced(_ bytes: [UInt8]) -> (problem: String, line: Int, column: Int)? {
        let b = bytes
        guard let (problem, at) = svgProblem(in: b) else { return nil }
        let lineStart = (b[..<at].lastIndex(of: 0x0A) ?? -1) + 1
        let line = b[..<at].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return (problem, line, String(decoding: b[lineStart..<at], as: UTF8.self).count + 1)
    }

    private static func svgProblem(in b: [UInt8]) -> (String, Int)? {
        var i = 0
        func name(from start: Int) -> (String, Int) {
            var j = start
            while j < b.count, !Self.svgNameEnds.contains(b[j]) { j += 1 }
            return (String(decoding: b[start..<j], as: UTF8.self), j)
        }
        func shown(_ s: String) -> String { quoted(s.count > 40 ? String(s.prefix(40)) + "…" : s) }
        func skipSpace(_ j: inout Int) { while j < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[j]) { j += 1 } }
        while i < b.count {
            guard b[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            let tag = i
            i += 1
            guard i < b.count else { return ("it ends inside a tag", tag) }
            if b[i] == UInt8(ascii: "!") || b[i] == UInt8(ascii: "?") {
                return ("it holds a declaration, comment or instruction (<\(Character(UnicodeScalar(b[i]))))", tag)
            }
            let closing = b[i] == UInt8(ascii: "/")
            if closing { i += 1 }
            let (element, after) = name(from: i)
            if element.isEmpty { return ("it holds a < that opens no tag, which TenFoot's maps never write", tag) }
            guard Self.svgElements.contains(element) else {
                return ("it holds an element TenFoot's maps do not: \(shown(element))", tag)
            }
            i = after
            // Attributes, to the tag's end.
            while true {
                skipSpace(&i)
                guard i < b.count else { return ("it ends inside a tag", tag) }
                if b[i] == UInt8(ascii: ">") {
                    i += 1
                    break
                }
                if b[i] == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: ">"), !closing {
                    i += 2
                    break
                }
                let (attribute, end) = name(from: i)
                guard !closing, !attribute.isEmpty, Self.svgAttributes.contains(attribute) else {
                    return (
                        "it holds an attribute TenFoot's maps do not: \(shown(attribute.isEmpty ? String(decoding: b[i..<min(i + 1, b.count)], as: UTF8.self) : attribute))",
                        i
                    )
                }
                let named = i
                i = end
                skipSpace(&i)
                guard i < b.count, b[i] == UInt8(ascii: "=") else {
                    return ("its attribute \(shown(attribute)) has no value", named)
                }
                i += 1
                skipSpace(&i)
                guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else {
                    return ("its attribute \(shown(attribute)) has no quoted value", named)
                }
                let quote = b[i]
                var j = i + 1
                while j < b.count, b[j] != quote {
                    if [UInt8(ascii: "&"), UInt8(ascii: "<")].contains(b[j]) {
                        return (
                            "its attribute \(shown(attribute)) holds \(Character(UnicodeScalar(b[j]))), which TenFoot's maps never write there",
                            j
                        )
                    }
                    j += 1
                }
                guard j < b.count else { return ("it ends inside a tag", tag) }
                let value = String(decoding: b[(i + 1)..<j], as: UTF8.self)
                // A colour is the one value with a parenthesis: `rgb(R,G,B)`, never `url(…)`.
                if value.contains("("), !Self.isRGB(value) {
                    return (
                        "its attribute \(shown(attribute)) holds \(shown(value)), which TenFoot's maps never write there",
                        i + 1
                    )
                }
                if attribute == "xmlns", value != "http://www.w3.org/2000/svg" {
                    return ("it declares a namespace TenFoot's maps do not: \(shown(value))", i + 1)
                }
                i = j + 1
            }
        }
        return nil
    }

    /// `rgb(R,G,B)`, each of one to three digits: how `SVGWriter` writes a colour.
    static func isRGB(_ value: String) -> Bool {
        guard value.hasPrefix("rgb("), value.hasSuffix(")") else { return false }
        let parts = value.dropFirst(4).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 3
            && parts.allSatisfy { (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// What TenFoot's maps are made of (`SVGWriter`), and the bytes that end a name in a tag.
    static let svgElements: Set<String> = ["svg", "rect", "line", "text", "title"]
    static let svgAttributes: Set<String> = [
        "xmlns", "viewBox", "width", "height", "font-family", "font-size", "font-weight", "x", "y", "x1", "y1", "x2",
        "y2",
        "rx", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "text-anchor", "direction",
    ]
    static let svgNameEnds: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E, 0x3D, 0x3C, 0x22, 0x27]

    // MARK: Making a report

    /// The report of one run: `screens` each with its results (`loaded`: how to load it again to draw it), `errors`
    /// the files that did not load. Pictures are drawn for failing expectations only.
    static func make(
        screens tested: [(file: String, results: [ExpectationResult])], errors: [String],
        load: (String) throws -> SceneSource.Loaded
    ) -> (TestReport, [String: [UInt8]]) {
        var files: [String: [UInt8]] = [:]
        var screens: [Screen] = []
        var illustrated = 0
        for (file, results) in tested.sorted(by: { $0.file < $1.file }) {
            let key = Self.key(file)
            var screen = Screen(file: file, map: nil, results: [])
            let loaded = try? load(file)
            if let loaded, let sim = try? CLI.makeSimulator(loaded.scene, source: file, policy: .tvos, from: nil) {
                let (area, omitted) = FocusMap.extent(sim)
                let svg = SVGWriter.svg(
                    FocusMap.commands(sim, area: area, omitted: omitted), width: Int(area.width.rounded(.up)),
                    height: Int(area.height.rounded(.up)), viewBox: area)
                screen.map = "maps/\(key).svg"
                files[screen.map!] = Array(svg.utf8)
            }
            for r in results {
                var result = Result(
                    name: r.name, at: "\(r.scene):\(r.location.line):\(r.location.column)", passed: r.passed,
                    failure: r.failure, presses: [], path: r.path, failedPress: nil, expected: nil, actual: nil,
                    explain: nil, shot: nil, strip: [])
                if let loaded, r.index < loaded.scene.expectations.count {
                    let e = loaded.scene.expectations[r.index]
                    result.presses = e.press.map(\.description)
                    if !r.passed, illustrated < maxIllustrated, !r.path.isEmpty {
                        illustrated += 1
                        Self.illustrate(
                            &result, e, r, scene: loaded.scene, file: file, key: "\(key)-\(r.index)", into: &files)
                    }
                }
                screen.results.append(result)
            }
            screens.append(screen)
        }
        return (TestReport(screens: screens, errors: errors.sorted()), files)
    }

    /// A name for a screen's pictures from its path alone (so every shard names them alike): the file's name made
    /// safe, and a hash of the whole path.
    static func key(_ file: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in file.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let name = String(
            ((file as NSString).lastPathComponent).lowercased().prefix(40).map {
                ($0.isASCII && ($0.isLetter || $0.isNumber)) ? $0 : "-"
            })
        let hex = String(hash, radix: 16)
        return name + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Replays a failing expectation to draw it: the press that failed, the expected and actual focus, a strip of
    /// the screen after each press up to it, and the explanation of that press when it is a swipe.
    static func illustrate(
        _ result: inout Result, _ e: Expectation, _ r: ExpectationResult, scene: Scene, file: String, key: String,
        into files: inout [String: [UInt8]]
    ) {
        // The first press whose focus differs; else (a final-only check, texts, results) the last.
        var failed = e.press.count
        if !e.finalOnly {
            for k in 0..<min(e.focus.count, r.path.count - 1) where e.focus[k] != r.path[k + 1] {
                failed = k + 1
                break
            }
        }
        // Never more presses than the run played (it may have stopped at its work budget).
        failed = min(failed, r.path.count - 1)
        result.failedPress = failed > 0 ? failed : nil
        result.expected =
            e.finalOnly ? e.focus.last : (failed > 0 && failed <= e.focus.count ? e.focus[failed - 1] : nil)
        result.actual = failed < r.path.count ? r.path[failed] : nil
        var sim: Simulator
        // An expectation at another text size is drawn laid out at it.
        var screen = scene
        if let size = e.textSize { screen.textSize = size }
        do {
            sim = try Simulator(scene: screen, policy: e.policy, measurer: CLI.textMeasurer)
            sim.sceneLoader = SceneSource.fileLoader
            if let from = e.from { try sim.start(from: from) }
        } catch { return }
        let assets = CLI.assetTable(scene, file: file, loader: SceneSource.fileLoader)
        let script = InputScript(presses: e.press, gap: ExpectationRunner.gap)
        var player = ScriptPlayer(simulator: sim, script: script)
        for k in 0..<failed {
            var explain: String?
            _ = player.advance(to: script.entries[k].tick) { before, entry in
                if k == failed - 1, case .swipe(let d) = entry.event, let from = before.focused {
                    explain = before.system.explain(from: from, d)?.text
                }
            }
            if let explain { result.explain = explain }
            if k < maxStrip - 1 || k == failed - 1,
                let png = picture(player.sim, assets: assets, width: 480, height: 270)
            {
                let name = "shots/\(key)-\(k + 1).png"
                files[name] = png
                result.strip.append(name)
            }
        }
        sim = player.sim
        let marks = [(result.expected, Color(48, 209, 88), "expected"), (result.actual, Color(255, 69, 58), "actual")]
        if let png = picture(sim, assets: assets, width: 1280, height: 720, marks: marks) {
            result.shot = "shots/\(key).png"
            files[result.shot!] = png
        }
    }

    /// The settled screen as PNG bytes, with each marked item outlined in its colour and named.
    static func picture(
        _ sim: Simulator, assets: AssetTable, width: Int32, height: Int32,
        marks: [(String?, Color, String)] = []
    ) -> [UInt8]? {
        var settings = RecordingSettings()
        settings.width = width
        settings.height = height
        settings.assets = assets
        return try? Screenshot.settledPNG(sim, settings: settings) { settled in
            var commands: [DrawCommand] = []
            for (id, color, label) in marks {
                guard let id, let frame = Overlays.drawnFrame(settled, id: id) else { continue }
                let r = Rect(frame.minX - 8, frame.minY - 8, frame.width + 16, frame.height + 16)
                commands.append(.outline(r, radius: 12, width: 6, color: color))
                commands.append(.rect(Rect(r.minX, r.minY - 40, 150, 36), radius: 6, color: color))
                commands.append(
                    .text(
                        label, x: r.minX + 75, y: r.minY - 34, size: 24, bold: true, color: Color(0, 0, 0),
                        centered: true, maxWidth: 140))
            }
            return commands
        }
    }

    // MARK: Reading a report (report merge)

    struct Invalid: Error {
        var message: String
    }

    /// A report folder's `report.json`, read within the limits above and checked: the format and version, counts,
    /// text lengths, and every picture named as `maps/NAME.svg` or `shots/NAME.png` (no other folder, no `..`).
    static func read(_ bytes: [UInt8]) throws(Invalid) -> TestReport {
        guard bytes.count <= maxJSONBytes else {
            throw Invalid(message: "report.json is \(byteCount(bytes.count)); the limit is \(byteCount(maxJSONBytes))")
        }
        // Read first by the scene files' reader, which says where JSON goes wrong (line and column; the decoder
        // says only "not valid JSON", for a number that does not fit its field too).
        let json: JSON
        do throws(Diagnostic) {
            json = try JSONParser.parse(String(decoding: bytes, as: UTF8.self), file: "report.json")
        } catch {
            throw Invalid(message: "report.json is not a TenFoot report: \(error.description)")
        }
        // The decoder below would keep one of a repeated key's values: a report that says two things is refused.
        if let m = json.firstRepeatedMember() {
            let error = Diagnostic(
                file: "report.json", at: m.keyLocation, "key \(quoted(m.key, limit: 60)) appears twice")
            throw Invalid(message: "report.json is not a TenFoot report: \(error.description)")
        }
        let report: TestReport
        do { report = try JSONDecoder().decode(TestReport.self, from: Data(bytes)) } catch {
            var why = describe(error)
            if why == "it is not JSON" {
                why = "a number in it does not fit its field (presses, counts and the version are whole numbers)"
            }
            throw Invalid(message: "report.json is not a TenFoot report: \(why)")
        }
        guard report.format == formatName, report.version == currentVersion else {
            throw Invalid(
                message:
                    "report.json is \(quoted(report.format, limit: 40)) version \(report.version); this TenFoot reads \(formatName) version \(currentVersion)"
            )
        }
        guard report.screens.count <= maxScreens else {
            throw Invalid(message: "report.json lists \(report.screens.count) screens; the limit is \(maxScreens)")
        }
        let results = report.screens.reduce(0) { $0 + $1.results.count }
        guard results <= maxResults else {
            throw Invalid(message: "report.json lists \(results) expectations; the limit is \(maxResults)")
        }
        for (k, error) in report.errors.enumerated() { try checkText(error, "errors[\(k)]") }
        var files = Set<String>()
        for screen in report.screens where !files.insert(screen.file).inserted {
            throw Invalid(message: "report.json lists \(quoted(screen.file, limit: 200)) twice")
        }
        for (i, screen) in report.screens.enumerated() {
            try checkText(screen.file, "screens[\(i)].file")
            if let map = screen.map { try checkPicture(map) }
            for (j, r) in screen.results.enumerated() {
                let result = "screens[\(i)].results[\(j)]"
                for (key, text) in [
                    ("name", r.name), ("at", r.at), ("failure", r.failure ?? ""), ("explain", r.explain ?? ""),
                    ("expected", r.expected ?? ""), ("actual", r.actual ?? ""),
                ] {
                    try checkText(text, result + "." + key)
                }
                guard r.presses.count <= 10_000, r.path.count <= 10_001, r.strip.count <= maxStrip else {
                    throw Invalid(
                        message:
                            "report.json: \(quoted(r.name, limit: 60)) has \(r.presses.count) presses, \(r.path.count) focuses in its path and \(r.strip.count) frames; the limits are 10000, 10001 and \(maxStrip)"
                    )
                }
                for (k, text) in r.presses.enumerated() { try checkText(text, result + ".presses[\(k)]") }
                for (k, text) in r.path.enumerated() { try checkText(text, result + ".path[\(k)]") }
                if let k = r.failedPress, k < 1 || k > r.presses.count {
                    throw Invalid(
                        message:
                            "report.json: \(quoted(r.name, limit: 60)): failedPress is \(k); a press is numbered from 1 to \(r.presses.count)"
                    )
                }
                for picture in r.strip + (r.shot.map { [$0] } ?? []) { try checkPicture(picture) }
            }
        }
        return report
    }

    /// A decoding error in the report's own words: where in the report (`screens[0].results[2].presses`) and what is
    /// wrong, never the decoder's debugging text.
    static func describe(_ error: any Error) -> String {
        func at(_ path: [any CodingKey]) -> String {
            var out = ""
            for key in path {
                if let k = key.intValue { out += "[\(k)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
            }
            return out.isEmpty ? "the top level" : quoted(out, limit: 120)
        }
        guard let error = error as? DecodingError else { return "it cannot be read" }
        switch error {
        case .keyNotFound(let key, let c): return "\(at(c.codingPath + [key])) is missing"
        case .valueNotFound(_, let c): return "\(at(c.codingPath)) is null"
        case .typeMismatch(let type, let c):
            let expected =
                type == String.self
                ? "a string"
                : type == Bool.self
                    ? "true or false"
                    : type == Int.self ? "a whole number" : "another kind of value"
            return "\(at(c.codingPath)) is not \(expected)"
        case .dataCorrupted(let c): return c.codingPath.isEmpty ? "it is not JSON" : "\(at(c.codingPath)) is not valid"
        @unknown default: return "it cannot be read"
        }
    }

    /// `text`, the string at `key` of the report, within ``maxText`` (said as the text's, not as the file's size).
    static func checkText(_ text: String, _ key: String) throws(Invalid) {
        guard text.utf8.count <= maxText else {
            throw Invalid(
                message:
                    "report.json: \(quoted(key)) is a text of \(byteCount(text.utf8.count)); a text of a report holds at most \(byteCount(maxText))"
            )
        }
    }

    /// A picture's name: `maps/NAME.svg` or `shots/NAME.png`, NAME of letters, digits, `-` and `_`.
    static func checkPicture(_ name: String) throws(Invalid) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        let ok =
            parts.count == 2
            && ((parts[0] == "maps" && parts[1].hasSuffix(".svg"))
                || (parts[0] == "shots" && parts[1].hasSuffix(".png")))
            && parts[1].dropLast(4).count > 0 && parts[1].dropLast(4).count <= 80
            && parts[1].dropLast(4).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        guard ok else {
            throw Invalid(
                message:
                    "report.json names the picture \(quoted(name, limit: 80)); pictures are maps/NAME.svg or shots/NAME.png"
            )
        }
    }

    /// The reports joined: screens sorted by file (one file in two reports is refused unless both say the same),
    /// errors sorted.
    static func merge(_ reports: [TestReport]) throws(Invalid) -> TestReport {
        var byFile: [String: Screen] = [:]
        for screen in reports.flatMap(\.screens) {
            if let known = byFile[screen.file], known != screen {
                throw Invalid(message: "\(quoted(screen.file, limit: 200)) is in two reports with different results")
            }
            byFile[screen.file] = screen
        }
        let errors = Set(reports.flatMap(\.errors)).sorted()
        return TestReport(screens: byFile.values.sorted { $0.file < $1.file }, errors: errors)
    }

    // MARK: Writing

    /// The folder's files: `report.json`, `index.html` and the pictures.
    func files(pictures: [String: [UInt8]], maxJSONBytes: Int = TestReport.maxJSONBytes) throws -> [String: [UInt8]] {
        var out = pictures
        let json = Array(try CLI.prettyJSON(self, escapingSlashes: false)) + [0x0A]
        // A report is one `report merge` reads: 100,000 expectations wrote a 53 MB report.json that merging refused.
        guard json.count <= maxJSONBytes else {
            throw CLIError.usage(
                "the report would be \(byteCount(json.count)), more than the \(byteCount(maxJSONBytes)) a report merge reads: give the scenes fewer expectations, or shard a run of several scenes (--shard K/N), one report a shard"
            )
        }
        out["report.json"] = json
        out["index.html"] = Array(html.utf8)
        return out
    }

    /// Why the folder `path` may not become a report, or nil: it does not exist, is empty, or holds an earlier report
    /// and nothing else (a `report.json` that reads as a report, `index.html`, and the `maps/*.svg` and `shots/*.png`
    /// that report names), which is replaced whole. A folder
    /// holding anything else may hold the inputs (a scene tested, a report merged) or the user's files.
    static func replaceProblem(_ path: String) -> String? {
        let fm = FileManager.default
        func type(_ p: String) -> FileAttributeType? {
            (try? fm.attributesOfItem(atPath: p))?[.type] as? FileAttributeType
        }
        guard let kind = type(path) else { return nil }
        guard kind == .typeDirectory else { return "not a folder" }
        let entries = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted()
        if entries.isEmpty { return nil }
        guard entries.contains("report.json") else { return "a folder that holds no report" }
        // Its report.json must be a report, and it names its pictures: a scene saved as `report.json` there, or a
        // picture a scene draws put in `shots/`, is not an earlier report's and was lost with it.
        let json = path + "/report.json"
        let size = (try? fm.attributesOfItem(atPath: json))?[.size] as? Int ?? 0
        guard size <= maxJSONBytes, let data = fm.contents(atPath: json) else {
            return "a folder whose report.json is not a TenFoot report"
        }
        let report: TestReport
        do throws(Invalid) { report = try read(Array(data)) } catch {
            return "a folder whose report.json is not a TenFoot report (\(error.message))"
        }
        let named = Set(report.pictures)
        for entry in entries {
            let inside = path + "/" + entry
            switch entry {
            case "report.json", "index.html":
                if type(inside) == .typeRegular { continue }
            case "maps", "shots":
                let suffix = entry == "maps" ? ".svg" : ".png"
                guard type(inside) == .typeDirectory else { break }
                let pictures = ((try? fm.contentsOfDirectory(atPath: inside)) ?? []).sorted()
                if let stray = pictures.first(where: {
                    !$0.hasSuffix(suffix) || type(inside + "/" + $0) != .typeRegular
                        || !named.contains(entry + "/" + $0)
                }) {
                    return
                        "a report folder that also holds \(quoted(entry + "/" + stray, limit: 80)), which its report does not name"
                }
                continue
            default: break
            }
            return "a report folder that also holds \(quoted(entry, limit: 80)), which a report does not write"
        }
        return nil
    }

    /// The first of `inputs` that is a file in the folder `path` (or its `maps/` and `shots/`), by device and inode
    /// (a link or another spelling is the same file), or nil.
    static func inputInside(_ path: String, inputs: [String]) -> String? {
        var ids: [String: String] = [:]
        for input in inputs {
            if let id = CLI.identity(input), ids["\(id.0)/\(id.1)"] == nil { ids["\(id.0)/\(id.1)"] = input }
        }
        let fm = FileManager.default
        for folder in [path, path + "/maps", path + "/shots"] {
            for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                if let id = CLI.identity(folder + "/" + name), let input = ids["\(id.0)/\(id.1)"] { return input }
            }
        }
        return nil
    }

    /// Writes `files` as the folder `path` (``stage(_:to:option:)``, then put in place): an interrupt leaves the
    /// earlier report whole and no temporary.
    static func write(_ files: [String: [UInt8]], to path: String, option: String = "--report") throws(CLIError) {
        let pending = PendingOutputs()
        let cleanUp = Interrupts.alsoOnInterrupt { pending.discard() }
        defer { Interrupts.remove(cleanUp) }
        let report = try stage(files, to: path, option: option, registering: pending.add)
        do throws(RecordingError) { try OutputFiles.commit([report]) } catch { throw error.cliError(for: option) }
    }

    /// Writes `files` into a hidden folder beside `path`, to be put in place by `OutputFiles.commit` (an earlier
    /// report there is replaced whole; any other folder that is not empty is refused, ``replaceProblem(_:)``), with
    /// the command's other outputs: `test --junit J --report R` stopped by Ctrl-C between the two left J new and R
    /// old. `registering` gets the report before anything is written, for an interrupt to discard (``discard()`` waits
    /// for the file being written). Nothing is left when this throws.
    static func stage(
        _ files: [String: [UInt8]], to path: String, option: String = "--report",
        registering: (StagedReport) -> Void
    ) throws(CLIError) -> StagedReport {
        let fm = FileManager.default
        if let problem = replaceProblem(path) {
            throw CLIError.usage(
                "\(option) \(quoted(path)) is \(problem): name a new folder or an earlier report")
        }
        // `.` and `..` resolved first: the report goes beside the folder they name, never inside it.
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard url.path != "/" else { throw CLIError.usage("\(option) \(quoted(path)) is the root folder") }
        let report = StagedReport(destination: url.path, option: option)
        registering(report)
        do {
            try report.locked {
                OutputFiles.removeOwnFolder(report.staging, folders: ["maps", "shots"], isOurs: Self.isReportFile)
                for folder in ["", "/maps", "/shots"] {
                    try fm.createDirectory(atPath: report.staging + folder, withIntermediateDirectories: true)
                }
            }
            // Each file is created new in the hidden folder: the folder, not the file, is what is put in place.
            for (name, bytes) in files.sorted(by: { $0.key < $1.key }) { try report.add(name, bytes) }
        } catch let e as RecordingError {
            report.discard()
            throw e.cliError(for: option)
        } catch {
            report.discard()
            throw CLIError(
                message: "\(option) \(quoted(path)): cannot write the report: \(error.localizedDescription)",
                code: ExitCode.environment)
        }
        return report
    }

    /// The names of the files a report folder holds (its own, its maps' and its shots').
    static func isReportFile(_ name: String) -> Bool {
        name == "report.json" || name == "index.html" || name.hasSuffix(".svg") || name.hasSuffix(".png")
    }
}

/// A report folder written beside its destination (`.NAME.partial-PID`), put in place by `OutputFiles.commit`: the
/// earlier report is moved aside (`….partial-PID-old`) and deleted once every output of the command is in place.
/// A killed run's hidden folders (SIGKILL, a power cut) are left where they are: a report's files cannot be told from
/// the user's pictures and pages, and no run removes a folder it did not make.
/// `@unchecked Sendable`: its state is used only under `lock`, held while a file is written and while the folder is
/// moved, so that an interrupt acts between steps, never in the middle of one.
final class StagedReport: StagedOutput, @unchecked Sendable {
    let destination: String
    let staging: String
    private let old: String
    private let option: String
    private let lock = NSLock()
    private var installed = false
    private(set) var discarded = false

    init(destination: String, option: String) {
        let url = URL(fileURLWithPath: destination)
        self.destination = destination
        self.option = option
        staging = (url.deletingLastPathComponent().path as NSString).appendingPathComponent(
            ".\(OutputFiles.stagingName(url.lastPathComponent)).partial-\(getpid())")
        old = staging + "-old"
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Writes one file of the report into the hidden folder, unless an interrupt has discarded it.
    func add(_ name: String, _ bytes: [UInt8]) throws(RecordingError) {
        lock.lock()
        defer { lock.unlock() }
        guard !discarded else { throw .interrupted }
        try OutputFiles.createNew(staging + "/" + name, bytes)
    }

    func install() throws(RecordingError) {
        lock.lock()
        defer { lock.unlock() }
        guard !discarded else { throw .interrupted }
        let fm = FileManager.default
        do {
            if fm.fileExists(atPath: destination) { try fm.moveItem(atPath: destination, toPath: old) }
            do { try fm.moveItem(atPath: staging, toPath: destination) } catch {
                if fm.fileExists(atPath: old) { try? fm.moveItem(atPath: old, toPath: destination) }
                throw error
            }
        } catch {
            throw .cannotWrite(
                "\(option) \(quoted(destination)): cannot write the report: \(error.localizedDescription)")
        }
        installed = true
    }

    func restore() {
        lock.lock()
        defer { lock.unlock() }
        guard installed else { return }
        let fm = FileManager.default
        try? fm.removeItem(atPath: destination)
        if fm.fileExists(atPath: old) { try? fm.moveItem(atPath: old, toPath: destination) }
        installed = false
        discarded = true
    }

    func settle() {
        lock.lock()
        defer { lock.unlock() }
        try? FileManager.default.removeItem(atPath: old)
        discarded = true
    }

    func discard() {
        lock.lock()
        defer { lock.unlock() }
        guard !discarded else { return }
        discarded = true
        if !installed { try? FileManager.default.removeItem(atPath: staging) }
    }
}
