/// What VoiceOver knows of an item (UIAccessibility; SwiftUI's `.accessibility…` modifiers): the traits it
/// adds, how a container's children count, and what it speaks when focus lands (docs/accessibility.md).

/// SwiftUI's `AccessibilityTraits` (UIKit's `UIAccessibilityTraits`) by the scene format's name: `isButton` is
/// `"button"`, `isHeader` `"header"`…
public enum AccessibilityTrait: String, Sendable, CaseIterable, Hashable {
    case button, header, selected, link, image, staticText, searchField, textField, toggle, tab, keyboardKey
    case adjustable
    case summaryElement, playsSound, startsMediaSession, updatesFrequently, causesPageTurn, modal

    /// The word VoiceOver adds for the trait (nil for a trait it does not speak; `selected` is said first).
    public var spoken: String? {
        switch self {
        case .button: "button"
        case .header: "heading"
        case .link: "link"
        case .image: "image"
        case .searchField: "search field"
        case .textField: "text field"
        case .toggle: "switch button"
        case .tab: "tab"
        case .keyboardKey: "key"
        case .adjustable: "adjustable"
        default: nil
        }
    }
}

/// `.accessibilityElement(children:)`: how a container's children reach VoiceOver.
public enum AccessibilityChildren: String, Sendable, CaseIterable, Hashable {
    /// One element whose label is its children's, in order (a card's texts read as one).
    case combine
    /// One element with only its own label; the children are not read.
    case ignore
    /// The children are elements of their own (the default for a container).
    case contain
}

/// What VoiceOver speaks for one element: its label, value, traits and hint, in Apple's order (UIAccessibility:
/// the label, then the value, then the traits; the hint after a pause), "selected" first and "dimmed" last
/// when they apply.
public struct Announcement: Sendable, Hashable {
    public var label: String
    public var value: String?
    public var traits: [AccessibilityTrait]
    public var hint: String?
    /// The element's place among its siblings, for a tab or a segment ("2 of 4").
    public var position: (index: Int, count: Int)?
    public var dimmed = false

    public init(label: String, value: String? = nil, traits: [AccessibilityTrait] = [], hint: String? = nil) {
        self.label = label
        self.value = value
        self.traits = traits
        self.hint = hint
    }

    public static func == (a: Announcement, b: Announcement) -> Bool { a.text == b.text }
    public func hash(into h: inout Hasher) { h.combine(text) }

    /// The words as VoiceOver says them: `Selected, Watch Now, tab, 1 of 4` or `Autoplay, On, switch button.
    /// Plays the next episode.`
    public var text: String {
        var parts: [String] = []
        if traits.contains(.selected) { parts.append("Selected") }
        if !label.isEmpty { parts.append(label) }
        if let value, !value.isEmpty { parts.append(value) }
        parts += traits.compactMap(\.spoken)
        if let position { parts.append("\(position.index) of \(position.count)") }
        if dimmed { parts.append("dimmed") }
        var out = parts.joined(separator: ", ")
        if let hint, !hint.isEmpty { out += out.isEmpty ? hint : ". " + hint }
        return out
    }
}

extension SceneNode {
    /// The traits an item of this kind has without being told (a button is a button).
    public var kindTraits: [AccessibilityTrait] {
        switch type {
        case .button, .poster, .card, .monogram, .captionButton, .row, .picker: [.button]
        case .toggle: [.toggle]
        case .image: [.image]
        case .text: [.staticText]
        case .search: [.searchField]
        case .textField: [.textField]
        default: []
        }
    }

    /// The name VoiceOver has for the item, with nothing made up: its `accessibilityLabel`, else its words (a
    /// text's string; an item's title, with a lockup's subtitle after it; a field's title or placeholder). Nil
    /// for an item named by nothing but a symbol or a picture.
    public var accessibleName: String? {
        if let l = accessibilityLabel { return l }
        switch type {
        case .textField, .search:
            return [title, placeholder].compactMap { $0 }.first { !$0.isEmpty }
        case .poster, .card, .monogram, .captionButton, .row:
            let words = [title, subtitle].compactMap { $0 }.filter { !$0.isEmpty }
            return words.isEmpty ? nil : words.joined(separator: ", ")
        default:
            guard let t = title, !t.isEmpty else { return nil }
            return t
        }
    }

    /// A symbol's name as words (`play.fill` → "Play", `chevron.right` → "Chevron right"): what SwiftUI's
    /// `Image(systemName:)` falls back to when nothing names it.
    public static func symbolWords(_ name: String) -> String {
        let skip: Set<Substring> = ["fill", "circle", "square", "rectangle", "slash"]
        let words = name.split(separator: ".").filter { !skip.contains($0) }
        let text = (words.isEmpty ? name.split(separator: ".").prefix(1) : words[...]).joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
