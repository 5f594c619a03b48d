import Foundation
import TestSupport
import Testing

/// `tenfoot audit --accessibility`: each rule finds its problem in a scene written to contain it (and would
/// not if the rule were gone), a clean scene gives nothing, plain `audit` keeps the two errors, and the gallery
/// accepts neither of them.
@Suite struct AccessibilityAuditTests {
    static let fixtures = TestPaths.packageRoot + "/Tests/CLITests/Fixtures/accessibility/"

    static func audit(_ args: [String]) throws -> (
        findings: [(code: String, item: String)], status: Int32, text: String
    ) {
        // The 10,000-poster catalogue is audited at every text size: 90 s in a debug build on two cores, which
        // is a check of strictness here, not of speed (benchmarks measure speed).
        let r = try runProcess(TestPaths.tenfoot, ["audit", "--json"] + args, timeout: 300)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = (json["findings"] as! [[String: Any]]).map {
            (code: $0["code"] as! String, item: ($0["item"] as? String) ?? "")
        }
        return (findings, r.status, r.stdout)
    }

    @Test func eachRuleFindsItsProblem() throws {
        let problems = try Self.audit([Self.fixtures + "problems.json", "--accessibility"])
        let found = Set(problems.findings.map { "\($0.code) \($0.item)" })
        for expected in [
            "no-accessible-name heart", "low-contrast ghost", "text-too-small tiny", "text-truncated cut",
            "lift-overlap heart", "no-focus-sign plain", "offscreen-content b1",
        ] {
            #expect(found.contains(expected), "missing \(expected) in \(found.sorted())")
        }
        let overlap = try Self.audit([Self.fixtures + "overlap.json", "--accessibility"])
        #expect(overlap.findings.map { "\($0.code) \($0.item)" } == ["items-overlap wide"], "\(overlap.text)")
        // The size a finding is at is in its message.
        #expect(overlap.text.contains("at Accessibility XXXL (accessibility5)"))
        // Only some sizes: no overlap up to xxxLarge.
        let small = try Self.audit([Self.fixtures + "overlap.json", "--accessibility", "--text-sizes", "large,XXXL"])
        #expect(small.findings.isEmpty, "\(small.text)")
    }

    @Test func aCleanSceneHasNothingAtAnySize() throws {
        let clean = try Self.audit([Self.fixtures + "clean.json", "--accessibility", "--strict"])
        #expect(clean.findings.isEmpty && clean.status == 0, "\(clean.text)")
    }

    /// Without --accessibility: the two errors only.
    @Test func plainAuditKeepsTheNameAndContrastErrors() throws {
        let plain = try Self.audit([Self.fixtures + "problems.json"])
        let accessibility = Set([
            "no-accessible-name", "low-contrast", "text-too-small", "text-truncated", "items-overlap",
            "offscreen-content", "unreachable-at-size", "lift-overlap", "no-focus-sign",
        ])
        #expect(
            Set(plain.findings.map(\.code)).intersection(accessibility) == ["no-accessible-name", "low-contrast"],
            "\(plain.text)")
    }

    /// The gallery may not accept an unnamed item or low contrast (and plain audit --strict passes on every
    /// gallery scene: AuditTests).
    @Test func theGalleryAcceptsNeitherError() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: TestPaths.scenes) where name.hasSuffix(".json")
        {
            let text = try String(contentsOfFile: TestPaths.scenes + "/" + name, encoding: .utf8)
            #expect(!text.contains(#""finding": "no-accessible-name""#), "\(name)")
            #expect(!text.contains(#""finding": "low-contrast""#), "\(name)")
        }
    }

    /// Every gallery screen, scene file or SwiftUI, is clean under --accessibility --strict at every text size:
    /// what it does not fix, it accepts with a reason (never a name or contrast error).
    @Test(arguments: galleryScreens())
    func everyGalleryScreenPassesStrict(_ path: String) throws {
        let r = try Self.audit([TestPaths.scenes + "/" + path, "--accessibility", "--strict"])
        #expect(r.status == 0, "\(r.text)")
    }

    static func galleryScreens() -> [String] {
        let fm = FileManager.default
        let scenes = (try? fm.contentsOfDirectory(atPath: TestPaths.scenes)) ?? []
        let views = (try? fm.contentsOfDirectory(atPath: TestPaths.scenes + "/swiftui")) ?? []
        return
            (scenes.filter { $0.hasSuffix(".json") } + views.filter { $0.hasSuffix(".swift") }.map { "swiftui/" + $0 })
            .sorted()
    }
}
