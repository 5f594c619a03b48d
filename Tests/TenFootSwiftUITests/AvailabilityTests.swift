import Foundation
import TenFootCore
import TenFootSwiftUI
import TenFootSwiftUIReader
import TestSupport
import Testing

/// `make test` on a machine with the toolchain's parser must exercise the real thing: this fails (rather than
/// skips) when the reader was built without SwiftParser, unless TENFOOT_SWIFT_HOST_LIBS is set empty on purpose, and
/// when the reader's library, which tenfoot loads for `.swift` input, does not load beside this test bundle.
@Test func parserIsAvailableWhereTheToolchainShipsIt() {
    let forcedOff = ProcessInfo.processInfo.environment["TENFOOT_SWIFT_HOST_LIBS"] == ""
    #expect(SwiftUIReader.isAvailable != forcedOff)
    #expect(
        SwiftUIReaderLibrary.isAvailable,
        "\(SwiftUIReaderLibrary.fileName) does not load beside the test bundle (swift build builds it): \(libraryProblem)"
    )
}

/// Why the library does not load, in its own words.
private var libraryProblem: String {
    do {
        _ = try SwiftUIReaderLibrary.read(source: "", file: "V.swift")
        return "it loads"
    } catch { return error.description }
}

/// Without the parser, `.swift` input says what is missing in one line (and the rest of TenFoot still builds), read
/// in this process or through the library.
@Test func withoutTheParserSwiftInputSaysWhatIsMissing() {
    let source = "import SwiftUI\nstruct V: View { var body: some View { Text(\"Hi\") } }"
    do {
        _ = try SwiftUIReader.read(source: source, file: "V.swift")
        #expect(SwiftUIReader.isAvailable)
    } catch {
        #expect(!SwiftUIReader.isAvailable)
        guard case .parserUnavailable(let message) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(message == SwiftUIReader.unavailableMessage && !message.contains("\n"))
    }
    do {
        _ = try SwiftUIReaderLibrary.read(source: source, file: "V.swift")
        #expect(SwiftUIReader.isAvailable)
    } catch {
        guard case .parserUnavailable(let message) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(!message.contains("\n"))
    }
}

/// tenfoot reads SwiftUI through the reader's library, whose answer crosses as bytes and whose scene is decoded
/// again on this side: that gives exactly the translation the reader makes in this process (scene, scene file,
/// warnings, items, coverage, files), and the same errors, for every fixture and gallery screen.
@Test(.enabled(if: SwiftUIReader.isAvailable)) func theLibraryAnswersWhatTheReaderReads() throws {
    let gallery = TestPaths.scenes + "/swiftui"
    let files =
        Fixtures.all.map(Fixtures.path)
        + ((try? FileManager.default.contentsOfDirectory(atPath: gallery)) ?? []).filter { $0.hasSuffix(".swift") }
        .sorted().map { gallery + "/" + $0 }
    #expect(files.count > 20)
    var translated = 0
    for file in files {
        for options in [SwiftUIOptions(), SwiftUIOptions(readsSidecar: false)] {
            let linked = Result { try SwiftUIReader.read([file], options: options) }
            let loaded = Result { try SwiftUIReaderLibrary.read([file], options: options) }
            switch (linked, loaded) {
            case (.success(let linked), .success(let loaded)):
                translated += 1
                #expect(text(linked) == text(loaded), "\(file)")
            case (.failure(let linked), .failure(let loaded)):
                #expect("\(linked)" == "\(loaded)", "\(file)")
            case (let linked, let loaded):
                Issue.record("\(file): read here \(linked), through the library \(loaded)")
            }
        }
    }
    #expect(translated > 20)
    // Errors: a syntax error, a choice to make, a file that is not there.
    let broken = "import SwiftUI\nstruct V: View {\n    var body: some View {\n        Button(\"Play\" {}\n    }\n}\n"
    let two = """
        import SwiftUI
        struct A: View { var body: some View { Text("a") } }
        struct B: View { var body: some View { Text("b") } }
        """
    for source in [broken, two] {
        #expect(
            "\(Result { try SwiftUIReader.read(source: source, file: "S.swift") })"
                == "\(Result { try SwiftUIReaderLibrary.read(source: source, file: "S.swift") })")
    }
    let missing = "/nonexistent/Missing.swift"
    let linked = Result { try SwiftUIReader.read([missing]) }
    #expect("\(linked)" == "\(Result { try SwiftUIReaderLibrary.read([missing]) })")
}

/// Everything a translation holds, as text (the scene through `canonical`: every stored value).
private func text(_ t: SwiftUITranslation) -> String {
    [
        canonical(t.scene), t.json, t.warnings.map(\.description).joined(separator: "\n"),
        t.items.map { "\($0.id) \($0.source) \($0.origin) \($0.type)" }.joined(separator: "\n"), t.coverage.summary,
        t.opened, t.files.joined(separator: "\n"),
    ].joined(separator: "\n---\n")
}

/// Every stored value of `value`, recursively, as text: dictionaries and sets in sorted order (each dictionary
/// iterates in an order of its own, even two equal ones in one process), so equal values give equal text.
private func canonical(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return "\(value)" }
    let parts = mirror.children.map { ($0.label.map { $0 + ": " } ?? "") + canonical($0.value) }
    let unordered = mirror.displayStyle == .dictionary || mirror.displayStyle == .set
    return "\(mirror.subjectType)(" + (unordered ? parts.sorted() : parts).joined(separator: ", ") + ")"
}
