import Foundation

/// The text size people choose in Settings › Accessibility › Display › Text Size (tvOS 27's Large Text):
/// SwiftUI's `DynamicTypeSize` from `large` (the default; tvOS offers nothing smaller) up to `accessibility5`.
///
/// Apple publishes the tvOS text styles at Large only (HIG, Typography, tvOS); for the other sizes each style
/// grows by the ratio the HIG's iOS Dynamic Type table gives its iOS namesake at that size to the same style
/// at Large (``TextStyle/size(at:)``), rounded to whole points. docs/large-text.md holds the table.
public enum TextSize: String, Sendable, CaseIterable, Comparable, Hashable {
    case large, xLarge, xxLarge, xxxLarge, accessibility1, accessibility2, accessibility3, accessibility4,
        accessibility5

    /// SwiftUI's `isAccessibilitySize`: the five sizes Settings shows under "Larger Accessibility Sizes".
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The label Settings shows (also accepted on the command line).
    public var settingsLabel: String {
        switch self {
        case .large: "Large"
        case .xLarge: "XL"
        case .xxLarge: "XXL"
        case .xxxLarge: "XXXL"
        case .accessibility1: "Accessibility M"
        case .accessibility2: "Accessibility L"
        case .accessibility3: "Accessibility XL"
        case .accessibility4: "Accessibility XXL"
        case .accessibility5: "Accessibility XXXL"
        }
    }

    /// UIKit's `UIContentSizeCategory` name.
    public var uiKitName: String {
        switch self {
        case .large: "large"
        case .xLarge: "extraLarge"
        case .xxLarge: "extraExtraLarge"
        case .xxxLarge: "extraExtraExtraLarge"
        case .accessibility1: "accessibilityMedium"
        case .accessibility2: "accessibilityLarge"
        case .accessibility3: "accessibilityExtraLarge"
        case .accessibility4: "accessibilityExtraExtraLarge"
        case .accessibility5: "accessibilityExtraExtraExtraLarge"
        }
    }

    /// The short name Apple's tables use for the accessibility sizes (AX1…AX5), the SwiftUI name otherwise.
    public var shortName: String {
        let k = TextSize.allCases.firstIndex(of: self)! - TextSize.accessibility1.index
        return k >= 0 ? "AX\(k + 1)" : rawValue
    }

    var index: Int { TextSize.allCases.firstIndex(of: self)! }

    public static func < (a: TextSize, b: TextSize) -> Bool { a.index < b.index }

    /// A size by any of its names: the SwiftUI name (`accessibility5`, `.xLarge`), the UIKit name
    /// (`accessibilityExtraExtraExtraLarge`), the Settings label (`"Accessibility XXXL"`) or `AX5` — ignoring
    /// case, spaces, dots, hyphens and underscores.
    public init?(name: String) {
        func folded(_ s: String) -> String {
            String(s.lowercased().unicodeScalars.filter { !" .-_".unicodeScalars.contains($0) }.map(Character.init))
        }
        let key = folded(name)
        guard !key.isEmpty,
            let hit = TextSize.allCases.first(where: { size in
                [size.rawValue, size.uiKitName, size.settingsLabel, size.shortName].contains { folded($0) == key }
            })
        else { return nil }
        self = hit
    }

    /// Every size's SwiftUI name, for messages and completions.
    public static let names = TextSize.allCases.map(\.rawValue)

    /// The HIG's iOS Dynamic Type sizes (points) of the iOS style each tvOS style is named after, from Large
    /// to AX5 (HIG, Typography, "Dynamic Type sizes"; iOS Subhead stands for tvOS Subtitle 1).
    static let iOSTable: [TextStyle: [Double]] = [
        .title1: [28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [17, 19, 21, 23, 28, 33, 40, 47, 53],
        .subtitle1: [15, 17, 19, 21, 25, 30, 36, 42, 49],
        .callout: [16, 18, 20, 22, 26, 32, 38, 44, 51],
        .body: [17, 19, 21, 23, 28, 33, 40, 47, 53],
        .caption1: [12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// How much `style` grows at this size: its iOS namesake's size here over its size at Large.
    public func scale(_ style: TextStyle) -> Double {
        guard let row = TextSize.iOSTable[style] else { return 1 }
        return row[index] / row[0]
    }
}

/// A node's `dynamicTypeSize` key (SwiftUI's `.dynamicTypeSize(_:)`): the text sizes its subtree takes. The
/// setting is clamped to the range — `"...xxLarge"` caps it, `"accessibility1..."` floors it,
/// `"large...accessibility2"` does both, `"xLarge"` fixes it. A range inside another clamps what the outer one
/// gave, as nested SwiftUI modifiers do.
public struct TextSizeRange: Sendable, Hashable, CustomStringConvertible {
    public var lower: TextSize
    public var upper: TextSize

    public init(_ lower: TextSize, _ upper: TextSize) {
        self.lower = lower
        self.upper = upper
    }

    /// A range as the scene format writes it: `"A...B"`, `"...B"`, `"A..."` or one size `"A"`, each size by any
    /// of its names (``TextSize/init(name:)``); nil when a part is not a size or the bounds are reversed.
    public init?(text: String) {
        let parts = text.components(separatedBy: "...")
        guard parts.count <= 2 else { return nil }
        func bound(_ s: String, _ missing: TextSize) -> TextSize? {
            s.trimmingCharacters(in: .whitespaces).isEmpty ? missing : TextSize(name: s)
        }
        if parts.count == 1 {
            guard let one = TextSize(name: text) else { return nil }
            self.init(one, one)
        } else {
            guard let a = bound(parts[0], .large), let b = bound(parts[1], .accessibility5), a <= b,
                !(parts[0].trimmingCharacters(in: .whitespaces).isEmpty
                    && parts[1].trimmingCharacters(in: .whitespaces).isEmpty)
            else { return nil }
            self.init(a, b)
        }
    }

    /// This range nested inside `outer`: what it makes of the sizes `outer` gives.
    public func inside(_ outer: TextSizeRange) -> TextSizeRange {
        TextSizeRange(clamp(outer.lower), clamp(outer.upper))
    }

    /// The size the subtree takes when its parent gives `size`.
    public func clamp(_ size: TextSize) -> TextSize { min(max(size, lower), upper) }

    /// The range's spelling in the scene format.
    public var description: String {
        if lower == upper { return lower.rawValue }
        if lower == .large { return "..." + upper.rawValue }
        if upper == .accessibility5 { return lower.rawValue + "..." }
        return lower.rawValue + "..." + upper.rawValue
    }
}

extension TextStyle {
    /// The style's size in points at `textSize`, whole points as Apple's tables give them.
    public func size(at textSize: TextSize) -> Double {
        textSize == .large ? size : (size * textSize.scale(self)).rounded()
    }

    /// The style's line height at `textSize`: it grows as the size does.
    public func lineHeight(at textSize: TextSize) -> Double {
        textSize == .large ? lineHeight : (lineHeight * textSize.scale(self)).rounded()
    }
}

/// What a piece of text is drawn and measured with: its size and line height in points, and its weight.
public struct TextFont: Sendable, Hashable {
    public var size: Double
    public var lineHeight: Double
    public var bold: Bool

    public init(size: Double, lineHeight: Double, bold: Bool) {
        self.size = size
        self.lineHeight = lineHeight
        self.bold = bold
    }
}

extension TextStyle {
    /// The style's font at `textSize`.
    public func font(at textSize: TextSize) -> TextFont {
        TextFont(size: size(at: textSize), lineHeight: lineHeight(at: textSize), bold: bold)
    }
}

extension SceneNode {
    /// The font of this node's text (a text's string, an item's title) at `textSize`: its `style` (else
    /// `fallback`, the kind's own) scaled to the size, or its fixed `size`, which never scales (with the
    /// style's proportion of line height to size); bold as its `weight` says, else as the style is.
    public func font(_ fallback: TextStyle, at textSize: TextSize) -> TextFont {
        let style = textStyle ?? fallback
        var font = style.font(at: textSize)
        if let fixed = fontSize {
            font = TextFont(
                size: fixed, lineHeight: (fixed * style.lineHeight / style.size).rounded(), bold: style.bold)
        }
        if let bold = fontBold { font.bold = bold }
        return font
    }
}

/// A node's `largeText` key: the layout it takes from a text size on — what a SwiftUI view that reads
/// `@Environment(\.dynamicTypeSize)` does to give larger text room (a row of cards becomes a column, a
/// shelf of six columns shows four). Only layout keys change; the node keeps its id, focus keys and content.
public struct LargeTextLayout: Sendable, Hashable {
    /// The first size the layout applies at (`isAccessibilitySize` by default: Accessibility M).
    public var from: TextSize = .accessibility1
    /// A stack's axis: `hstack` becomes `vstack` or the other way (SwiftUI's `AnyLayout`).
    public var type: NodeType?
    public var columns: Int?
    public var spacing: Double?
    public var width: Length?
    public var height: Length?
    public var lineLimit: Int?
    public var alignment: Alignment?

    public init() {}
}

extension SceneNode {
    /// This node as laid out at `textSize`: its `largeText` keys applied from their size on.
    @inline(__always) public func adapted(to textSize: TextSize) -> SceneNode {
        guard let l = largeText, textSize >= l.from else { return self }
        var n = self
        if let t = l.type { n.type = t }
        if let c = l.columns { n.columns = c }
        if let s = l.spacing { n.spacing = s }
        if let w = l.width { n.width = w }
        if let h = l.height { n.height = h }
        if let k = l.lineLimit { n.lineLimit = k }
        if let a = l.alignment { n.alignment = a }
        n.largeText = nil
        return n
    }
}
