import Foundation
import TenFootScene
import TenFootSwiftUI
import TestSupport
import Testing

@testable import TenFootSwiftUIReader

/// The reader translates a small view of its own on another thread while it reads a request (`SwiftUIReader.warmUp`):
/// the view translates, and the answer is the one the translation alone gives, byte for byte.
@Suite struct ReaderWarmUpTests {
    @Test func theWarmUpViewTranslates() throws {
        #expect(SwiftUIReader.warmUp())
        let (_, scene) = try SwiftUIReader.translate(
            .text(SwiftUIReader.warmUpSource, file: "WarmUp.swift"), options: SwiftUIOptions())
        var cards = 0
        func count(_ node: SceneNode) {
            if node.type == .card { cards += 1 }
            node.children.forEach(count)
        }
        count(scene.root)
        #expect(cards == 3)
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
