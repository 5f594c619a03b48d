import Foundation
import TenFootSwiftUI
import TenFootSwiftUIReader
import Testing

/// Coverage is measured, not hoped for: over every fixture, how many views and modifiers (counted once per
/// place in the source, however many rows a ForEach makes of them) the interpreter understood. The floors below are the
/// figures at the time they were written; a change that makes the
/// interpreter understand less fails here.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct CoverageTests {
    static func total() throws -> (Coverage, [String]) {
        var sum = Coverage()
        var lines: [String] = []
        for name in Fixtures.all {
            let t = try Fixtures.translate(name)
            sum = sum + t.coverage
            lines.append("\(name): \(t.coverage.summary)")
        }
        return (sum, lines)
    }

    @Test func theSeedFixturesAreInterpretedNotPlaceheld() throws {
        let (sum, lines) = try Self.total()
        let report = lines.joined(separator: "\n") + "\ntotal: \(sum.summary)"
        print(report)
        #expect(sum.placeholders == 0, "\(report)")
        // 2026-11-30: 178 views (167 interpreted, 11 approximated, 0 placeholders); 90 modifiers (73 applied,
        // 5 approximated, 9 cosmetic, 3 ignored: onDeleteCommand and onKeyPress have no tvOS meaning, onDisappear
        // is not simulated).
        #expect(sum.viewTotal >= 175, "\(report)")
        #expect(sum.views >= 160, "\(report)")
        #expect(Double(sum.modifiers + sum.modifiersCosmetic) / Double(sum.modifierTotal) >= 0.9, "\(report)")
        #expect(sum.modifiersIgnored <= 3, "\(report)")
    }

    @Test func theLintReportEndsWithTheSummary() throws {
        let t = try Fixtures.translate("GroceryListItems.swift")
        let lines = t.lintReport.split(separator: "\n")
        #expect(lines.last == "GroceryListView: \(t.coverage.summary)")
        #expect(lines.count == t.warnings.count + 1)
        #expect(lines.dropLast().allSatisfy { $0.contains("GroceryListItems.swift:") && $0.contains(": warning: ") })
    }
}
