import FocusEngine
import Foundation
import TenFootCore

/// The keys each node type takes.
extension SceneDecoder {
    // MARK: Nodes

    /// Keys every node accepts.
    static let commonKeys = [
        "type", "id", "width", "height", "frame", "padding", "offset", "ignoresSafeArea", "note",
        "focusable", "disabled", "hidden", "focusEffectDisabled", "focusedValue", "focusedSceneValue",
        "focused", "prefersDefaultFocus", "in", "opaque", "accessibilityLabel", "accessibilityValue",
        "accessibilityHint",
        "accessibilityTraits", "accessibilityHidden", "accessibilityElement", "accessibilitySortPriority",
        "onSelect", "onLongSelect", "onSubmit", "onMenu", "onPlayPause", "onMove", "onPageUp", "onPageDown",
        "largeText", "dynamicTypeSize",
        // Only on the root (the presenting screen) and on sheets; checked in decodeNode.
        "restoresFocusAfterTransition",
    ]
    /// The keys of an item's text (a text's string, a titled item's title): its style, a fixed size, a weight.
    static let fontKeys = ["style", "size", "weight"]
    static let containerKeys = [
        "children", "spacing", "alignment", "focusSection", "defaultFocus", "defaultFocusPriority",
        "focusScope", "remembersLastFocus", "focusRecovery", "onReachEnd",
    ]

    /// `allowedKeys(_:)` of every type, computed once.
    static let allowedKeysByType = Dictionary(uniqueKeysWithValues: NodeType.allCases.map { ($0, allowedKeys($0)) })

    /// Every key a node of `type` takes.
    public static func allowedKeys(_ type: NodeType) -> [String] { baseKeys(type) + componentKeys(type) }

    static func baseKeys(_ type: NodeType) -> [String] {
        switch type {
        case .monogram, .captionButton, .row, .toggle, .section, .alert: commonKeys
        case .vstack, .hstack, .zstack: commonKeys + containerKeys + ["buttonStyle", "title"]
        case .scroll, .canvas: commonKeys + containerKeys
        case .grid: commonKeys + containerKeys + ["columns"]
        case .shelf: commonKeys + containerKeys + ["title"] + fontKeys
        case .sheet: commonKeys + containerKeys + ["title"]
        case .spacer: ["type", "id", "width", "height", "note"]
        case .poster: commonKeys + ["title", "subtitle", "image", "aspect", "color"] + fontKeys
        case .card: commonKeys + ["title", "subtitle", "image", "color"] + fontKeys
        case .button: commonKeys + ["title", "icon"] + fontKeys
        case .text: commonKeys + ["text", "color", "lineLimit", "textAlignment", "icon"] + fontKeys
        case .image: commonKeys + ["image", "aspect", "color"]
        case .textField: commonKeys + ["placeholder", "value", "secure", "title", "keyboardType"]
        case .search:
            commonKeys + [
                "children", "placeholder", "value", "columns", "spacing", "keyboardType", "searchFocused", "emptyTitle",
                "emptyMessage", "suggestions", "suggestionsMatch",
            ]
        case .picker: commonKeys + ["title", "options", "value"]
        case .tabBar: commonKeys + ["tabs", "defaultFocus", "remembersLastFocus", "focusSection"]
        case .hero: commonKeys + ["title", "subtitle", "image", "value", "color", "children", "spacing"]
        case .focusGuide: ["type", "id", "frame", "between", "preferred", "enabled", "note", "width", "height"]
        }
    }

}
