import Foundation
import TenFootScene
import TenFootSwiftUI
import TestSupport
import Testing

@testable import TenFootSwiftUIReader

/// The reader translates a small view of its own on another thread while it reads a request (`SwiftUIReader.warmUp`):
/// the view translates, and the answer is the one the translation alone gives, byte for byte.
@Suite struct ReaderWarmUpTests {
    @Test func theWarmUpViewsTranslate() throws {
        #expect(SwiftUIReader.warmUp())
        var calls = 0
        #expect(
            SwiftUIReader.warmUp(until: {
                defer { calls += 1 }
                return calls > 0
            }))
        #expect(calls == 2)  // asked before each view: the first translated, then it stopped
        let cards = try SwiftUIReader.warmUpSources.map { source in
            let (translated, scene) = try SwiftUIReader.translate(
                .text(source, file: "WarmUp.swift"), options: SwiftUIReader.warmUpOptions)
            // Every view read as what it is: a view drawn as a placeholder would warm up nothing of its own.
            #expect(translated.coverage.placeholders == 0)
            var cards = 0
            func count(_ node: SceneNode) {
                if node.type == .card { cards += 1 }
                node.children.forEach(count)
            }
            count(scene.root)
            return cards
        }
        #expect(cards == [3, 2])
    }

    @Test func anAnswerIsTheTranslationsAlone() throws {
        let source = try String(
            contentsOfFile: TestPaths.packageRoot + "/Benchmarks/Fixtures/Home300.swift", encoding: .utf8)
        let input = ReaderWire.Input.text(source, file: "Home300.swift")
        let request = ReaderWire.encode(ReaderWire.Request(input, options: SwiftUIOptions()))
        let answer = request.withUnsafeBufferPointer { ReaderWire.encode(SwiftUIReader.answer(to: $0)) }
        let alone = ReaderWire.encode(
            ReaderWire.Answer.translated(try SwiftUIReader.translate(input, options: SwiftUIOptions()).0))
        #expect(answer == alone)
        #expect(answer.count > 10_000)
    }
}
