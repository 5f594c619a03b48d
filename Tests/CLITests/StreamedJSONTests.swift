import FocusEngine
import Foundation
import TenFootScene
import TenFootSim
import TenFootTools
import Testing

@testable import TenFootCLI

/// A document's largest array written an element at a time is what encoding it whole prints, byte for byte: at
/// the top and nested in arrays (as SARIF's results are), with empty arrays and objects, strings holding line
/// breaks and slashes, and no elements at all.
@Suite struct StreamedJSONTests {
    struct Cell: Encodable {
        var text: String
        var tags: [String]
        var extra: [String: Int]
        var inner: [Cell]?
    }
    struct Run: Encodable {
        var name: String
        var results: [Cell]
        var after: [Int]
    }
    struct Log: Encodable {
        var runs: [Run]
        var version = "2.1.0/x"
    }

    static func cells(_ n: Int) -> [Cell] {
        (0..<n).map { k in
            Cell(
                text: "line \(k)\nnext \"quoted\" a/b", tags: k % 2 == 0 ? [] : ["t\(k)", "u"],
                extra: k % 3 == 0 ? [:] : ["b": k, "a": -k],
                inner: k % 4 == 0 ? [Cell(text: "in", tags: [], extra: [:], inner: [])] : nil)
        }
    }

    @Test(arguments: [0, 1, 2, 7, 256, 257, 600, 8192, 8500]) func streamedIsWhole(_ n: Int) throws {
        let items = Self.cells(n)
        let log = Log(runs: [Run(name: "r", results: items, after: [1, 2])])
        var emptied = log
        emptied.runs[0].results = []
        var streamed = ""
        try CLI.writeJSON(emptied, key: "results", elements: items) { streamed += $0 }
        let whole = String(decoding: try CLI.prettyJSON(log), as: UTF8.self) + "\n"
        #expect(streamed == whole)
        // At the top level.
        let top = Run(name: "top", results: items, after: [])
        var topEmptied = top
        topEmptied.results = []
        var topStreamed = ""
        try CLI.writeJSON(topEmptied, key: "results", elements: items) { topStreamed += $0 }
        #expect(topStreamed == String(decoding: try CLI.prettyJSON(top), as: UTF8.self) + "\n")
    }

    /// `audit --json` writes its findings and moves one at a time: the document, summary included, is the whole
    /// encoding's.
    @Test func auditFindingsStreamAsWhole() throws {
        // The home screen: accepted findings, and one-way moves between the tab bar and the content.
        let audit = SceneAudit(try Simulator(scene: BuiltInScenes.home()), subject: "home", measurer: CLI.textMeasurer)
        #expect(audit.findings.count >= 2)
        #expect(!audit.graph.edges.isEmpty && !audit.graph.oneWay.isEmpty)
        let (emptied, lists) = audit.withoutLists
        var streamed = ""
        try CLI.writeJSON(emptied, arrays: lists) { streamed += $0 }
        #expect(streamed == String(decoding: try CLI.prettyJSON(audit), as: UTF8.self) + "\n")
    }
}
