import TenFootCore
import TenFootScene

/// A SwiftUI screen read into the scene model, with everything the commands report about it.
public struct SwiftUITranslation: Sendable {
    /// The screen, ready for the simulator; node locations point into the Swift source.
    public var scene: Scene
    /// The equivalent scene file (what `tenfoot convert` writes); it decodes to `scene`.
    public var json: String
    /// Placeholders, approximations and platform notes, each at `file:line:column`, sorted.
    public var warnings: [Diagnostic]
    /// Where each item of the scene comes from, in tree order (screen, then sheets, then appended rows).
    public var items: [SourceItem]
    public var coverage: Coverage
    /// The view that was opened (`LoginView`, or `#Preview "Filled"`).
    public var opened: String
    /// Every file read: the Swift sources and the sidecar, for live reload to watch.
    public var files: [String]
    /// The warnings that say part of the screen was not read (its 12,000 views or 500,000 steps of evaluation,
    /// `ForEach`'s first 10,000 rows, views nested too deeply, links pushed too deep): what is shown, and what
    /// `tenfoot audit` looks at, is the part read. Also among `warnings`.
    public var cutShort: [Diagnostic] = []
    /// Whether a view of the screen reads the text size (`@Environment(\.dynamicTypeSize)`): when none does, the
    /// screen at another size is this one laid out at it, and need not be read again.
    public var readsTextSize = true
    /// The steps of evaluation reading the screen took (every pass and trial build counted; at most the budget,
    /// 500,000): what reading it again at another size costs.
    public var evaluationSteps = 0

    /// What `tenfoot lint View.swift` prints: every warning (approximations, placeholders, ignored modifiers)
    /// at its file:line:column, then one summary line.
    public var lintReport: String {
        (warnings.map(\.description) + ["\(opened): \(coverage.summary)"]).joined(separator: "\n")
    }

    /// A diagnostic about a scene node (its `path` is the node's id, as the lint gives it) moved to the node's
    /// Swift source; others are returned unchanged.
    public func relocated(_ d: Diagnostic) -> Diagnostic {
        guard let item = items.first(where: { $0.id == d.path }) else { return d }
        var out = d
        out.file = item.source.file
        out.location = item.source.location
        return out
    }
}

/// A place in a Swift source file (the file travels with it: a screen may be built from several files).
public struct SourcePoint: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var location: SourceLocation { SourceLocation(line: line, column: column) }
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourcePoint, b: SourcePoint) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One scene node and the SwiftUI view it was made from.
public struct SourceItem: Sendable, Hashable {
    /// The node's id in the scene (explicit or derived).
    public var id: String
    public var source: SourcePoint
    /// The SwiftUI view (`Button`, `TextField`, `LoginView`…).
    public var origin: String
    public var type: NodeType
}

/// How much of a screen was understood: views and modifiers interpreted as SwiftUI means them, approximated
/// by the closest scene concept, or not understood (placeholders, ignored modifiers).
public struct Coverage: Sendable, Hashable, Codable {
    /// View instances translated to their scene equivalent (custom views count once each, with their content).
    public var views = 0
    public var viewsApproximated = 0
    /// Views TenFoot could not interpret, drawn as labelled boxes.
    public var placeholders = 0
    public var modifiers = 0
    public var modifiersApproximated = 0
    /// Modifiers that only style (colour, corner radius, animation…): no effect on layout or focus here.
    public var modifiersCosmetic = 0
    /// Modifiers of other platforms (or that do nothing on tvOS), and ones TenFoot does not know.
    public var modifiersIgnored = 0

    public init() {}

    public var viewTotal: Int { views + viewsApproximated + placeholders }
    public var modifierTotal: Int { modifiers + modifiersApproximated + modifiersCosmetic + modifiersIgnored }

    /// Share of views that are not placeholders, 0…1 (1 for a screen with no views).
    public var viewRatio: Double { viewTotal == 0 ? 1 : Double(views + viewsApproximated) / Double(viewTotal) }

    /// One line: `14 views: 12 interpreted, 2 approximated, 0 placeholders; 18 modifiers: 15 applied, …`.
    public var summary: String {
        "\(viewTotal) views: \(views) interpreted, \(viewsApproximated) approximated, \(placeholders) placeholder\(placeholders == 1 ? "" : "s"); "
            + "\(modifierTotal) modifiers: \(modifiers) applied, \(modifiersApproximated) approximated, "
            + "\(modifiersCosmetic) cosmetic, \(modifiersIgnored) ignored"
    }

    /// Two screens' coverage together (a test's or a gallery's total).
    public static func + (a: Coverage, b: Coverage) -> Coverage {
        var c = a
        c.views += b.views
        c.viewsApproximated += b.viewsApproximated
        c.placeholders += b.placeholders
        c.modifiers += b.modifiers
        c.modifiersApproximated += b.modifiersApproximated
        c.modifiersCosmetic += b.modifiersCosmetic
        c.modifiersIgnored += b.modifiersIgnored
        return c
    }
}

/// Which view to open, and what to read.
public struct SwiftUIOptions: Sendable, Codable {
    /// `--preview NAME`: a `#Preview("NAME")` or a PreviewProvider's type name.
    public var preview: String?
    /// `--view NAME`: a View struct.
    public var view: String?
    /// Read `NAME.tenfoot-sidecar` beside the file holding the opened view.
    public var readsSidecar = true
    /// The environment the view is translated in, as a view reads it (`@Environment(\.dynamicTypeSize)`,
    /// `@Environment(\.colorScheme)`): SwiftUI's `DynamicTypeSize` case name (`large`, the tvOS default, up to
    /// `accessibility5`) and `dark` (tvOS's default) or `light`. Translating again with other values gives the
    /// screen a view that adapts shows at that size or in that appearance.
    public var dynamicTypeSize = "large"
    public var colorScheme = "dark"
    /// A folder the reader reads nothing outside of (a repro bundle's private copy, in a replay): the walk for
    /// neighbouring sources and images stops at it, and it counts as the project's top.
    public var confinedTo: String?
    /// Read every neighbouring source before translating, not only those the view needs: what reading them as
    /// needed must equal (a test's reference).
    package var readsEverySibling = false
    /// The steps of evaluation and the views a screen may take before reading stops (`source-cut-short`). Only the
    /// fuzz target lowers them, so that its inputs that fan out end in milliseconds, not seconds, under
    /// AddressSanitizer: the same code paths, reached at a smaller count.
    package var workBudget = 500_000
    package var nodeBudget = 12_000

    /// SwiftUI's `DynamicTypeSize` cases, smallest first.
    public static let dynamicTypeSizes = [
        "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1", "accessibility2",
        "accessibility3", "accessibility4", "accessibility5",
    ]

    public init(
        preview: String? = nil, view: String? = nil, readsSidecar: Bool = true, dynamicTypeSize: String = "large",
        colorScheme: String = "dark", confinedTo: String? = nil
    ) {
        self.preview = preview
        self.view = view
        self.readsSidecar = readsSidecar
        self.dynamicTypeSize = dynamicTypeSize
        self.colorScheme = colorScheme
        self.confinedTo = confinedTo
    }
}

/// Why a SwiftUI source could not be opened.
public enum SwiftUIError: Error, Sendable, CustomStringConvertible {
    /// SwiftUI cannot be read here: TenFoot's SwiftUI reader, or the parser libraries it loads, are missing (one
    /// line, saying what is missing).
    case parserUnavailable(String)
    /// The sources (or the sidecar) have errors, at file:line:column.
    case source(Diagnostics)
    /// Which view to open is ambiguous or unknown: the message lists the choices.
    case usage(String)

    public var description: String {
        switch self {
        case .parserUnavailable(let m), .usage(let m): m
        case .source(let d): d.description
        }
    }
}
