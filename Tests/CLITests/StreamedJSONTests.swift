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

    /// A focus graph's moves write their own bytes (``FocusAudit/Edge/appendJSON(to:pad:)``): the encoder's, in chunks the fast way takes
    /// (printable ASCII, quotes, backslashes and slashes among it) and in chunks it leaves to the encoder (an id with
    /// a tab, a DEL, an accent or an emoji), at the top and nested.
    @Test func movesWriteTheEncodersOwnBytes() throws {
        let plain = ["a", "with \"quotes\"", "back\\slash", "a/b", "x y", "~!@#$%^&*()_+{}|:<>?"]
        let other = ["café", "tab\there", "del\u{7F}", "🎬"]
        func edges(_ from: [String], _ to: [String], _ n: Int) -> [FocusAudit.Edge] {
            (0..<n).map { k in
                FocusAudit.Edge(
                    from: from[k % from.count], direction: Direction.allCases[k % 4], to: to[(k / 3) % to.count],
                    via: Via.allCases[k % Via.allCases.count])
            }
        }
        let all = edges(plain, plain, 600) + edges(plain, other, 300) + edges(plain, plain, 300)
        struct Graph: Encodable {
            var name = "g/1"
            var edges: [FocusAudit.Edge]
        }
        struct Report: Encodable {
            var graph: Graph
            var after = ["z"]
        }
        let report = Report(graph: Graph(edges: all))
        var emptied = report
        emptied.graph.edges = []
        var streamed = ""
        try CLI.writeJSON(emptied, key: "edges", elements: all) { streamed += $0 }
        #expect(streamed == String(decoding: try CLI.prettyJSON(report), as: UTF8.self) + "\n")
        var top = ""
        try CLI.writeJSON(Graph(edges: []), key: "edges", elements: all) { top += $0 }
        #expect(top == String(decoding: try CLI.prettyJSON(Graph(edges: all)), as: UTF8.self) + "\n")
    }
}
