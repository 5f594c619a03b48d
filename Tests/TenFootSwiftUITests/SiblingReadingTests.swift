import Foundation
import TenFootCore
import TenFootSwiftUI
import TenFootSwiftUIReader
import TestSupport
import Testing

/// Neighbouring sources are read only as the view needs what they declare; the screen must be what reading them
/// all gives, whatever order the needs come in.
@Suite struct SiblingReadingTests {
    /// What a translation shows: the scene and the warnings (the files read differ by design).
    static func outcome(_ path: String, everySibling: Bool) -> String {
        var options = SwiftUIOptions()
        options.readsEverySibling = everySibling
        do {
            let t = try SwiftUIReader.read([path], options: options)
            return t.json + "\n" + t.warnings.map(\.description).joined(separator: "\n")
        } catch { return "error: \(error)" }
    }

    static func swiftFiles(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }
            .sorted().map { folder + "/" + $0 }
    }

    /// Folders copied whole, and the folder inside whose files are opened one by one: the seed examples, the
    /// real-app constructs, and the 60-file app beside a 300-view file that declares the same type names.
    static let folders = [
        ("/Tests/TenFootSwiftUITests/Fixtures", ""), ("/Tests/TenFootSwiftUITests/RealAppFixtures", ""),
        ("/Benchmarks/Fixtures", "/App60"),
    ].map { (TestPaths.packageRoot + $0.0, $0.1) }

    /// `folder`'s sources copied to a project of their own (a `Package.swift` above them), so the neighbours are
    /// theirs and not the whole repository's.
    static func project(_ folder: String) throws -> String {
        let name = folder.dropFirst(TestPaths.packageRoot.count).replacingOccurrences(of: "/", with: "-")
        let top = NSTemporaryDirectory() + "tenfoot-siblings-\(getpid())\(name)"
        try? FileManager.default.removeItem(atPath: top)
        try FileManager.default.createDirectory(atPath: top, withIntermediateDirectories: true)
        try "// swift-tools-version:5.9\n".write(toFile: top + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: folder, toPath: top + "/Sources")
        return top + "/Sources"
    }

    @Test(arguments: folders) func readingAsNeededIsReadingEverything(folder: String, opening inside: String) throws {
        let copy = try Self.project(folder)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        var differing: [String] = []
        for path in Self.swiftFiles(copy + inside) {
            let lazy = Self.outcome(path, everySibling: false)
            let eager = Self.outcome(path, everySibling: true)
            if lazy != eager { differing.append((path as NSString).lastPathComponent) }
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.joined(separator: ", "))")
    }

    /// A neighbour extending one of the app's own classes with a function named like a helper the view calls by its
    /// shape (`copy(modifying: \.footer, with: content)`): read before the file declaring the class, the extension
    /// looked like one of a type the sources do not declare, a modifier, and the view lost its footer.
    @Test func anExtensionOfTheAppsOwnClassIsNoModifier() throws {
        let fixture = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/RealAppFixtures/AppModifiers.swift"
        func project(_ name: String, _ neighbours: [String: String]) throws -> String {
            let top = NSTemporaryDirectory() + "tenfoot-siblings-\(getpid())-\(name)"
            try? FileManager.default.removeItem(atPath: top)
            try FileManager.default.createDirectory(atPath: top + "/Sources", withIntermediateDirectories: true)
            try "// swift-tools-version:5.9\n".write(toFile: top + "/Package.swift", atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(atPath: fixture, toPath: top + "/Sources/AppModifiers.swift")
            for (file, text) in neighbours {
                try text.write(toFile: top + "/Sources/" + file, atomically: true, encoding: .utf8)
            }
            return top
        }
        let alone = try project("alone", [:])
        let beside = try project(
            "own-class",
            [
                "Engine.swift": "final class Engine {\n    var frames = 0\n}\n",
                "Engine+Copy.swift":
                    "extension Engine {\n    func copy(_ a: Int, _ b: Int, _ c: Int) {\n        frames += a + b + c\n    }\n}\n",
            ])
        defer {
            try? FileManager.default.removeItem(atPath: alone)
            try? FileManager.default.removeItem(atPath: beside)
        }
        func outcome(_ top: String, everySibling: Bool) -> String {
            Self.outcome(top + "/Sources/AppModifiers.swift", everySibling: everySibling)
                .replacingOccurrences(of: top, with: "")
        }
        let expected = outcome(alone, everySibling: false)
        #expect(expected.contains("\"help\""))
        #expect(outcome(beside, everySibling: false) == expected)
        #expect(outcome(beside, everySibling: true) == expected)
    }
}
