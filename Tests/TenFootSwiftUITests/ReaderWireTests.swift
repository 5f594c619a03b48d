import Foundation
import TenFootCore
import TenFootSwiftUI
import TestSupport
import Testing

@testable import TenFootSwiftUIReader

/// What crosses between tenfoot and its SwiftUI reader (`ReaderWire+Bytes.swift`): every field of every message
/// arrives as it left, and bytes that are not a whole message of this version are refused, never misread.
@Suite struct ReaderWireTests {
    /// The fields, compared through the types' `Codable` JSON: a field the wire forgot differs there.
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func roundTrip(_ answer: ReaderWire.Answer) -> ReaderWire.Answer? {
        ReaderWire.encode(answer).withUnsafeBufferPointer { ReaderWire.decodeAnswer($0) }
    }

    private func roundTrip(_ request: ReaderWire.Request) -> ReaderWire.Request? {
        ReaderWire.encode(request).withUnsafeBufferPointer { ReaderWire.decodeRequest($0) }
    }

    private static let diagnostics = [
        Diagnostic(.warning, file: "Home.swift", at: SourceLocation(line: 3, column: 7), path: "root", "a warning"),
        Diagnostic(.note, file: "Ünïcödé 🎬.swift", at: SourceLocation(line: 1, column: 1), "a note\nof two lines"),
        Diagnostic(file: "", at: SourceLocation(line: 0, column: 0), ""),
    ]

    /// A translation with every field set, the optional ones included.
    private static var everyField: ReaderWire.Translated {
        var coverage = Coverage()
        (coverage.views, coverage.viewsApproximated, coverage.placeholders) = (1, 2, 3)
        (coverage.modifiers, coverage.modifiersApproximated) = (4, 5)
        (coverage.modifiersCosmetic, coverage.modifiersIgnored) = (6, 7)
        var t = ReaderWire.Translated(
            json: #"{"root": {"type": "stack"}}"#, file: "Home.swift", warnings: diagnostics, coverage: coverage,
            opened: "HomeView", files: ["Home.swift", "Row.swift"],
            nodes: [
                ReaderWire.NodePlace(
                    at: SourceLocation(line: 2, column: 5),
                    source: SourcePoint(file: "Row.swift", line: 40, column: 9), origin: "Button")
            ],
            tabs: [
                ReaderWire.TabPlace(
                    at: SourceLocation(line: 8, column: 3),
                    source: SourcePoint(file: "Home.swift", line: 12, column: 13)),
                ReaderWire.TabPlace(at: SourceLocation(line: 9, column: 3), source: nil),
            ],
            expectations: [
                ReaderWire.ExpectationPlace(
                    at: SourceLocation(line: 20, column: 5), sidecar: SourceLocation(line: 2, column: 3))
            ])
        t.acceptances = [
            ReaderWire.ExpectationPlace(
                at: SourceLocation(line: 30, column: 5), sidecar: SourceLocation(line: 9, column: 1))
        ]
        t.sidecar = "Home.tenfoot-sidecar"
        t.cutShort = [diagnostics[0]]
        t.readsTextSize = false
        t.evaluationSteps = Int.max
        return t
    }

    @Test func everyAnswerArrivesAsItLeft() throws {
        let source = try String(
            contentsOfFile: TestPaths.packageRoot + "/Benchmarks/Fixtures/Home300.swift", encoding: .utf8)
        let home = try SwiftUIReader.translate(.text(source, file: "Home300.swift"), options: SwiftUIOptions()).0
        #expect(home.nodes.count > 50)
        var bare = Self.everyField
        (bare.acceptances, bare.sidecar, bare.cutShort, bare.readsTextSize, bare.evaluationSteps) = (
            nil, nil, nil, nil, nil
        )
        let answers: [ReaderWire.Answer] = [
            .translated(home), .translated(Self.everyField), .translated(bare), .source(Self.diagnostics),
            .source([]), .usage("which view? HomeView or RowView"), .parserUnavailable("no parser"),
        ]
        for answer in answers {
            let back = try #require(roundTrip(answer))
            #expect(try json(back) == json(answer))
        }
    }

    @Test func everyRequestArrivesAsItLeft() throws {
        var options = SwiftUIOptions(
            preview: "Dark", view: "HomeView", readsSidecar: false, dynamicTypeSize: "accessibility5",
            colorScheme: "light", confinedTo: "/tmp/bundle")
        options.readsEverySibling = true
        (options.workBudget, options.nodeBudget) = (-1, 7)
        let requests = [
            ReaderWire.Request(.files(["a.swift", "folder", ""]), options: options),
            ReaderWire.Request(.files([]), options: SwiftUIOptions()),
            ReaderWire.Request(.text("struct A: View {}", file: "A.swift"), options: SwiftUIOptions()),
        ]
        for request in requests {
            let back = try #require(roundTrip(request))
            #expect(try json(back) == json(request))
        }
    }

    /// Every cut of a message, a message with a byte more, another version's and a count past the end: refused.
    @Test func bytesThatAreNotAWholeMessageAreRefused() {
        let answer = ReaderWire.encode(ReaderWire.Answer.translated(Self.everyField))
        let request = ReaderWire.encode(
            ReaderWire.Request(.files(["a.swift"]), options: SwiftUIOptions(preview: "P")))
        for cut in 0..<answer.count {
            #expect(Array(answer[..<cut]).withUnsafeBufferPointer { ReaderWire.decodeAnswer($0) } == nil)
        }
        for cut in 0..<request.count {
            #expect(Array(request[..<cut]).withUnsafeBufferPointer { ReaderWire.decodeRequest($0) } == nil)
        }
        #expect((answer + [0]).withUnsafeBufferPointer { ReaderWire.decodeAnswer($0) } == nil)
        var otherVersion = answer
        otherVersion[3] &+= 1
        #expect(otherVersion.withUnsafeBufferPointer { ReaderWire.decodeAnswer($0) } == nil)
        // A usage message whose count claims far more bytes than follow.
        var huge = ReaderWire.encode(ReaderWire.Answer.usage("x"))
        huge.replaceSubrange(5..<13, with: withUnsafeBytes(of: Int64.max.littleEndian) { Array($0) })
        #expect(huge.withUnsafeBufferPointer { ReaderWire.decodeAnswer($0) } == nil)
        // A request is not an answer.
        #expect(request.withUnsafeBufferPointer { ReaderWire.decodeAnswer($0) } == nil)
    }

    /// The reader answers bytes that are not a request with a message, and the library says so.
    @Test func aReaderRefusesARequestItCannotRead() throws {
        let answer = [UInt8]("{\"version\":2}".utf8).withUnsafeBufferPointer { SwiftUIReader.answer(to: $0) }
        guard case .parserUnavailable(let message) = answer else {
            Issue.record("answered \(answer)")
            return
        }
        #expect(message.contains("built from other sources"))
    }
}
