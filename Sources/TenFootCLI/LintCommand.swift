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
        arguments: [
            ArgumentDeclaration(
                placeholder: "SOURCE", kind: .scene, count: .one,
                help:
                    "SwiftUI sources: a .swift file or a folder of them, or a repro bundle (FILE.tenfoot) that holds them"
            )
        ],
        options: [
            CommonOptions.json.help("print the warnings, the coverage and every item's source location as JSON"),
            strict, CommonOptions.textSize,
        ]
            + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Every approximation, placeholder and ignored modifier with its file:line:column, then one line: \
            views interpreted, approximated and drawn as placeholders, and modifiers applied, approximated, \
            cosmetic and ignored (docs/swiftui.md, "Warnings and coverage"). For a scene file, use tenfoot audit. In a repro \
            bundle, places read FILE.tenfoot:files/View.swift:line:column.
            """)

    /// The `--json` form.
    struct Report: Encodable {
        struct Item: Encodable {
            var id: String
            var view: String
            var type: String
            var file: String
            var line: Int
            var column: Int
        }
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
        let bundle = ReproBundle.isBundle(source) ? try OpenedBundle.open(source) : nil
        guard SceneSource.isSwiftUI(source) || bundle != nil, var t = try CLI.load(source, p).translation else {
            let what = bundle == nil ? "for a scene file" : "this bundle holds a scene file, not SwiftUI sources;"
            throw CLIError.usage("lint reads SwiftUI sources (.swift); \(what) use tenfoot audit \(source)")
        }
        // A bundle's sources are said at their member: `bug.tenfoot:files/LoginView.swift:12:3`.
        if let bundle {
            t.warnings = bundle.located(Diagnostics(t.warnings)).diagnostics
            t.items = t.items.map {
                var i = $0
                i.source.file = bundle.location(of: i.source.file)
                return i
            }
        }
        if p.flag(CommonOptions.json) {
            let c = t.coverage
            try CLI.printJSON(
                Report(
                    opened: t.opened, warnings: t.warnings,
                    coverage: .init(
                        views: c.views, viewsApproximated: c.viewsApproximated, placeholders: c.placeholders,
                        modifiers: c.modifiers, modifiersApproximated: c.modifiersApproximated,
                        modifiersCosmetic: c.modifiersCosmetic, modifiersIgnored: c.modifiersIgnored),
                    items: t.items.map {
                        .init(
                            id: $0.id, view: $0.origin, type: $0.type.rawValue, file: $0.source.file,
                            line: $0.source.line, column: $0.source.column)
                    }))
        } else {
            CLI.printText(t.lintReport)
        }
        return p.flag(strict) && !t.warnings.isEmpty ? ExitCode.checkFailed : 0
    }
}
