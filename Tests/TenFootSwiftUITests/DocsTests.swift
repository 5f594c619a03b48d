import Foundation
import TenFootSwiftUI
import TenFootSwiftUIReader
import TestSupport
import Testing

/// docs/swiftui.md prints the approximation table and the size assumptions: the code's tables, row for row.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct DocsTests {
    static let doc = (try? String(contentsOfFile: TestPaths.packageRoot + "/docs/swiftui.md", encoding: .utf8)) ?? ""

    static func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }

    static var approximationRows: [String] {
        Approximation.allCases.map { "| \(cell($0.concept)) | \(cell($0.today)) | \(cell($0.wanted)) |" }
    }

    static var assumptionRows: [String] {
        SwiftUISizes.assumptions.map { "| \(cell($0.what)) | \(cell($0.value)) | \(cell($0.why)) |" }
    }

    @Test func everyApproximationIsInTheDocs() {
        for row in Self.approximationRows { #expect(Self.doc.contains(row), "docs/swiftui.md lacks the row:\n\(row)") }
    }

    @Test func everySizeAssumptionIsInTheDocs() {
        for row in Self.assumptionRows { #expect(Self.doc.contains(row), "docs/swiftui.md lacks the row:\n\(row)") }
    }

    @Test func everyFixtureIsListedWithItsSeed() {
        for name in Fixtures.all { #expect(Self.doc.contains("`\(name)`"), "docs/swiftui.md does not list \(name)") }
    }

    /// TENFOOT_PRINT_DOC_TABLES=1 prints the rows (to paste when a table changes).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TENFOOT_PRINT_DOC_TABLES"] != nil))
    func printTables() {
        print(Self.approximationRows.joined(separator: "\n"))
        print(Self.assumptionRows.joined(separator: "\n"))
    }
}
