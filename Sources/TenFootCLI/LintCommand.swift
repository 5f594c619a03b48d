import Foundation
import TenFootCore
import TenFootScene
import TenFootSwiftUI

/// `tenfoot lint`: what TenFoot approximated or could not interpret in a SwiftUI view.
enum LintCommand: Command {
    static let strict = OptionDeclaration.flag("--strict", help: "exit 1 when anything is reported")

    static let declaration = CommandDeclaration(
        name: "lint",
        summary: "list what a SwiftUI view's translation approximates, with its coverage",
        arguments: [ArgumentDeclaration(placeholder: "SOURCE", kind: .scene, count: .one,
                                        help: "SwiftUI sources: a .swift file or a folder of them")],
        options: [CommonOptions.json.help("print the warnings, the coverage and every item's source location as JSON"), strict]
            + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Every approximation, placeholder and ignored modifier with its file:line:column, then one line: \
            views interpreted, approximated and drawn as placeholders, and modifiers applied, approximated, \
            cosmetic and ignored (docs/swiftui.md, "Warnings and coverage"). For a scene file, use tenfoot audit.
            """)

    /// The `--json` form.
    struct Report: Encodable {
        struct Item: Encodable { var id: String; var view: String; var type: String; var file: String; var line: Int; var column: Int }
        struct Counts: Encodable {
            var views: Int, viewsApproximated: Int, placeholders: Int
            var modifiers: Int, modifiersApproximated: Int, modifiersCosmetic: Int, modifiersIgnored: Int
        }
        var opened: String
        var warnings: [Diagnostic]
        var coverage: Counts
        var items: [Item]
    }

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let source = p.positional[0]
        guard SceneSource.isSwiftUI(source), let t = try CLI.load(source, p).translation else {
            throw CLIError.usage("lint reads SwiftUI sources (.swift); for a scene file use tenfoot audit \(source)")
        }
        if p.flag(CommonOptions.json) {
            let c = t.coverage
            try CLI.printJSON(Report(
                opened: t.opened, warnings: t.warnings,
                coverage: .init(views: c.views, viewsApproximated: c.viewsApproximated, placeholders: c.placeholders,
                                modifiers: c.modifiers, modifiersApproximated: c.modifiersApproximated,
                                modifiersCosmetic: c.modifiersCosmetic, modifiersIgnored: c.modifiersIgnored),
                items: t.items.map { .init(id: $0.id, view: $0.origin, type: $0.type.rawValue, file: $0.source.file, line: $0.source.line, column: $0.source.column) }))
        } else {
            CLI.printText(t.lintReport)
        }
        return p.flag(strict) && !t.warnings.isEmpty ? ExitCode.checkFailed : 0
    }
}
