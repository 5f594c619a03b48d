import Foundation
import TestSupport
import Testing

@testable import TenFootCore

/// The one diagnostic shape: its text form, its JSON form, and its order.
@Suite struct DiagnosticTests {
    static let located = Diagnostic(
        file: "e.json", at: SourceLocation(line: 7, column: 17), path: "root.children[1].type",
        #"unknown node type "buton", did you mean "button"?"#)

    @Test func textFormIsFileLineColumnSeverityMessageAndPath() {
        #expect(
            Self.located.description
                == #"e.json:7:17: error: unknown node type "buton", did you mean "button"? (at root.children[1].type)"#)
        #expect(
            Diagnostic(.warning, file: "s.json", at: SourceLocation(line: 3, column: 5), "lint finding").description
                == "s.json:3:5: warning: lint finding")
        #expect(
            Diagnostic(.note, file: "s.json", at: .start, "first used here").description
                == "s.json:1:1: note: first used here")
    }

    @Test func jsonFormHasFlatFieldsAndRoundTrips() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(Self.located), as: UTF8.self)
        #expect(
            text
                == #"{"column":17,"file":"e.json","line":7,"message":"unknown node type \"buton\", did you mean \"button\"?","path":"root.children[1].type","severity":"error"}"#
        )
        #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(text.utf8)) == Self.located)
        let pathless = Diagnostic(file: "m.json", at: .start, "cannot read the mapping file")
        let pathlessText = String(decoding: try encoder.encode(pathless), as: UTF8.self)
        #expect(!pathlessText.contains("path"))
        #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(pathlessText.utf8)) == pathless)
    }

    /// The order is total — file, position, message, path, severity — so a list prints the same
    /// whatever order its reader found the problems in.
    @Test func sortedByFileThenPositionThenMessage() {
        func d(
            _ file: String, _ line: Int, _ column: Int, _ message: String, path: String = "",
            _ severity: Diagnostic.Severity = .error
        ) -> Diagnostic {
            Diagnostic(severity, file: file, at: SourceLocation(line: line, column: column), path: path, message)
        }
        let ordered = [
            d("a.json", 1, 9, "z"), d("a.json", 2, 1, "b"), d("a.json", 2, 1, "c"), d("a.json", 2, 1, "c", path: "x"),
            d("a.json", 2, 1, "c", path: "x", .warning), d("a.json", 2, 3, "a"), d("b.json", 1, 1, "a"),
        ]
        for seed in 0..<20 {
            var shuffled = ordered
            var g = SplitMix(seed: UInt64(seed))
            shuffled.shuffle(using: &g)
            #expect(Diagnostics(shuffled).diagnostics == ordered, "seed \(seed)")
        }
        #expect(Diagnostics(ordered).description == ordered.map(\.description).joined(separator: "\n"))
    }

    @Test func aWholeFileProblemIsAtItsStart() {
        #expect(
            Diagnostics(file: "none.json", "cannot read the file").description
                == "none.json:1:1: error: cannot read the file")
    }

    @Test func didYouMeanPicksTheClosestLikelyTypo() {
        #expect(didYouMean("buton", ["button", "text", "vstack"]) == "button")
        #expect(didYouMean("VSTAK", ["vstack", "hstack"]) == "vstack")
        #expect(didYouMean("zzzzzz", ["vstack", "hstack"]) == nil)
        // Ties go to the first in alphabetical order, whatever the candidates' order.
        #expect(didYouMean("xstack", ["vstack", "hstack"]) == "hstack")
        #expect(didYouMean("xstack", ["hstack", "vstack"]) == "hstack")
        #expect(editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
