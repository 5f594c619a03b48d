import FocusEngine
import Foundation
import TenFootCore
import TenFootScene

/// What passes between tenfoot and TenFoot's SwiftUI reader, the library it loads at run time
/// (`SwiftUIReaderLibrary`): bytes, the types below written field by field (`ReaderWire+Bytes.swift`), never a
/// Swift value. The reader holds its own
/// copy of this module, TenFootScene and TenFootCore, so a `Scene` made on one side is, to the other side's
/// runtime, a value of another type (each copy has its own type metadata). The scene therefore crosses as the
/// scene file it was written as, and each side decodes it with its own `SceneDecoder`.
package enum ReaderWire {
    /// Changes whenever a type below or its bytes do: a reader built from other sources than this tenfoot answers
    /// `unavailable` instead of being misread.
    package static let version = 3

    /// What to read.
    package struct Request: Codable {
        package var input: Input
        package var options: SwiftUIOptions

        package init(_ input: Input, options: SwiftUIOptions) {
            self.input = input
            self.options = options
        }
    }

    package enum Input: Codable {
        /// `.swift` files and folders of them, as named on the command line.
        case files([String])
        /// One source given as text, and the file name it is reported under.
        case text(String, file: String)
    }

    /// The reader's answer: a translation, or why there is none (`SwiftUIError`'s cases).
    package enum Answer: Codable {
        case translated(Translated)
        case parserUnavailable(String)
        case source([Diagnostic])
        case usage(String)

        package init(_ result: Result<Translated, SwiftUIError>) {
            switch result {
            case .success(let t): self = .translated(t)
            case .failure(.parserUnavailable(let m)): self = .parserUnavailable(m)
            case .failure(.source(let d)): self = .source(d.diagnostics)
            case .failure(.usage(let m)): self = .usage(m)
            }
        }

        package var result: Result<Translated, SwiftUIError> {
            switch self {
            case .translated(let t): .success(t)
            case .parserUnavailable(let m): .failure(.parserUnavailable(m))
            case .source(let list): .failure(.source(Diagnostics(list)))
            case .usage(let m): .failure(.usage(m))
            }
        }
    }

    /// A translation without its scene: the scene file it decodes from, and where each of the file's nodes,
    /// tabs and expectations comes from, so the receiver decodes the scene and moves it to the Swift source
    /// (`SwiftUITranslation.init(_:scene:)`).
    package struct Translated: Codable {
        /// The scene file written from the view: `SwiftUITranslation.json`.
        package var json: String
        /// The file the scene is decoded as: the source of the opened view.
        package var file: String
        package var warnings: [Diagnostic]
        package var coverage: Coverage
        package var opened: String
        package var files: [String]
        /// The nodes of `json`, by the line and column their object starts at.
        package var nodes: [NodePlace]
        package var tabs: [TabPlace]
        /// The expectations copied from the sidecar, by where they start in `json`: where they are in the sidecar.
        package var expectations: [ExpectationPlace]
        /// The audit acceptances copied from the sidecar, likewise, and the sidecar's path.
        package var acceptances: [ExpectationPlace]?
        package var sidecar: String?
        /// The warnings that say part of the screen was not read: `SwiftUITranslation.cutShort`.
        package var cutShort: [Diagnostic]?
        /// `SwiftUITranslation.readsTextSize`.
        package var readsTextSize: Bool?
        /// `SwiftUITranslation.evaluationSteps`.
        package var evaluationSteps: Int?

        package init(
            json: String, file: String, warnings: [Diagnostic], coverage: Coverage, opened: String, files: [String],
            nodes: [NodePlace], tabs: [TabPlace], expectations: [ExpectationPlace]
        ) {
            self.json = json
            self.file = file
            self.warnings = warnings
            self.coverage = coverage
            self.opened = opened
            self.files = files
            self.nodes = nodes
            self.tabs = tabs
            self.expectations = expectations
        }
    }

    /// A node object of the written scene file, and the SwiftUI view it was made from.
    package struct NodePlace: Codable {
        package var line: Int
        package var column: Int
        package var source: SourcePoint
        package var origin: String

        package init(at: SourceLocation, source: SourcePoint, origin: String) {
            (line, column) = (at.line, at.column)
            self.source = source
            self.origin = origin
        }
    }

    /// A tab object of the written scene file, and its `Tab` in the source when the reader knows it (without
    /// it, the tab is put where its content's object starts in the scene file).
    package struct TabPlace: Codable {
        package var line: Int
        package var column: Int
        package var source: SourcePoint?

        package init(at: SourceLocation, source: SourcePoint?) {
            (line, column) = (at.line, at.column)
            self.source = source
        }
    }

    /// An expectation object of the written scene file, and where it is in the sidecar.
    package struct ExpectationPlace: Codable {
        package var line: Int
        package var column: Int
        package var sidecarLine: Int
        package var sidecarColumn: Int

        package init(at: SourceLocation, sidecar: SourceLocation) {
            (line, column) = (at.line, at.column)
            (sidecarLine, sidecarColumn) = (sidecar.line, sidecar.column)
        }
    }
}

extension SwiftUITranslation {
    /// The translation of `translated`, whose scene file decoded as `scene` (by either side, the same scene):
    /// each node and tab moved to its Swift source and listed in `items`, each expectation moved to the sidecar.
    package init(_ translated: ReaderWire.Translated, scene: Scene) {
        let file = translated.file
        var nodes: [SourceLocation: ReaderWire.NodePlace] = [:]
        for place in translated.nodes { nodes[SourceLocation(line: place.line, column: place.column)] = place }
        var tabs: [SourceLocation: ReaderWire.TabPlace] = [:]
        for place in translated.tabs { tabs[SourceLocation(line: place.line, column: place.column)] = place }
        var relocated = scene
        var items: [SourceItem] = []
        func put(_ n: inout SceneNode) {
            if let place = nodes[n.location] {
                n.location = place.source.location
                items.append(SourceItem(id: n.id, source: place.source, origin: place.origin, type: n.type))
            }
            for k in n.children.indices { put(&n.children[k]) }
            for k in n.tabs.indices {
                if let place = tabs[n.tabs[k].location] {
                    let content = n.tabs[k].content.location
                    let src = place.source ?? SourcePoint(file: file, line: content.line, column: content.column)
                    n.tabs[k].location = src.location
                    items.append(SourceItem(id: n.tabs[k].id, source: src, origin: "Tab", type: .button))
                }
                put(&n.tabs[k].content)
            }
            // In a fixed order: the items of appended nodes are listed as they are met.
            for trigger in Trigger.allCases {
                if let list = n.actions[trigger] { n.actions[trigger] = list.map(putAction) }
            }
            for d in Direction.allCases { if let list = n.onMove[d] { n.onMove[d] = list.map(putAction) } }
        }
        func putAction(_ a: Action) -> Action {
            if case .append(var node, let to) = a {
                put(&node)
                return .append(node, to: to)
            }
            return a
        }
        put(&relocated.root)
        for k in relocated.sheets.indices { put(&relocated.sheets[k]) }
        var origins: [SourceLocation: SourceLocation] = [:]
        for place in translated.expectations {
            origins[SourceLocation(line: place.line, column: place.column)] = SourceLocation(
                line: place.sidecarLine, column: place.sidecarColumn)
        }
        for k in relocated.expectations.indices {
            if let origin = origins[relocated.expectations[k].location] {
                relocated.expectations[k].location = origin
            }
        }
        var accepted: [SourceLocation: SourceLocation] = [:]
        for place in translated.acceptances ?? [] {
            accepted[SourceLocation(line: place.line, column: place.column)] = SourceLocation(
                line: place.sidecarLine, column: place.sidecarColumn)
        }
        for k in relocated.auditAcceptances.indices {
            if let origin = accepted[relocated.auditAcceptances[k].location] {
                relocated.auditAcceptances[k].location = origin
                relocated.auditAcceptances[k].file = translated.sidecar
            }
        }
        relocated.file = file
        self.init(
            scene: relocated, json: translated.json, warnings: translated.warnings, items: items,
            coverage: translated.coverage, opened: translated.opened, files: translated.files)
        cutShort = translated.cutShort ?? []
        readsTextSize = translated.readsTextSize ?? true
        evaluationSteps = translated.evaluationSteps ?? 0
    }

    /// The translation of `translated`, its scene decoded here from its scene file.
    package init(decoding translated: ReaderWire.Translated) throws(SwiftUIError) {
        do throws(Diagnostics) {
            self.init(translated, scene: try SceneDecoder.decode(translated.json, file: translated.file))
        } catch { throw .source(error) }
    }
}
