import TenFootCore

/// A node's `largeText` key (docs/scene-format.md, "Large Text"): the layout keys it takes from a text size on.
extension SceneDecoder {
    mutating func largeText(_ j: JSON, type: NodeType, _ path: @autoclosure () -> String) -> LargeTextLayout? {
        let path = path()
        guard let members = j.members else {
            error(j.location, path, "\"largeText\" expects an object of layout keys, got \(j.shortDescription)")
            return nil
        }
        // Each key only where the node's own key means something.
        var allowed = ["from", "width", "height"]
        if type == .hstack || type == .vstack { allowed += ["type", "spacing", "alignment"] }
        if type == .grid { allowed += ["columns", "spacing"] }
        if type == .shelf || type == .zstack || type == .search || type == .section { allowed += ["spacing"] }
        if type == .text { allowed += ["lineLimit"] }
        guard checkKeys(members, allowed: allowed, path: path, what: "\"largeText\" of a \"\(type.rawValue)\"") else {
            return nil
        }
        var l = LargeTextLayout()
        for m in members {
            let at = path + "." + m.key
            switch m.key {
            case "from":
                guard let name = m.value.string, let size = TextSize(name: name) else {
                    error(
                        m.value.location, at,
                        "\"from\" expects a text size (\(TextSize.names.map { "\"\($0)\"" }.joined(separator: ", "))), got \(m.value.shortDescription)"
                    )
                    continue
                }
                l.from = size
            case "type":
                let other = type == .hstack ? "vstack" : "hstack"
                l.type = oneOf(m.value, at, [type.rawValue, other]).flatMap(NodeType.init(rawValue:))
            case "columns":
                if let n = m.value.number, n >= 1, n <= 12, n == n.rounded() {
                    l.columns = Int(n)
                } else {
                    error(
                        m.value.location, at,
                        "\"columns\" expects a whole number from 1 to 12, got \(m.value.shortDescription)"
                    )
                }
            case "spacing": l.spacing = size(m.value, at)
            case "width": l.width = length(m.value, at)
            case "height": l.height = length(m.value, at)
            case "lineLimit":
                if let n = m.value.number, n >= 1, n <= 1000, n == n.rounded() {
                    l.lineLimit = Int(n)
                } else {
                    error(
                        m.value.location, at,
                        "\"lineLimit\" expects a whole number of lines from 1 to 1000, got \(m.value.shortDescription)")
                }
            case "alignment":
                // The axis the stack has at the larger size decides which alignments mean something.
                let axis = l.type ?? type
                let names = axis == .hstack ? ["top", "center", "bottom"] : Alignment.named.map(\.name)
                l.alignment = oneOf(m.value, at, names).flatMap(Alignment.init(name:))
            default: break
            }
        }
        return l
    }
}

/// The accessibility keys (docs/scene-format.md, "Accessibility").
extension SceneDecoder {
    mutating func decodeAccessibility(_ fields: NodeFields, into node: inout SceneNode, path: @autoclosure () -> String)
    {
        node.accessibilityValue = fields[.accessibilityValue].flatMap {
            textValue($0, path() + ".accessibilityValue")
        }
        node.accessibilityHint = fields[.accessibilityHint].flatMap { textValue($0, path() + ".accessibilityHint") }
        if let t = fields[.accessibilityTraits] {
            let names = AccessibilityTrait.allCases.map(\.rawValue)
            if let items = t.array {
                var traits: [AccessibilityTrait] = []
                for (k, item) in items.enumerated() {
                    if let trait = oneOf(item, path() + ".accessibilityTraits[\(k)]", names).flatMap(
                        AccessibilityTrait.init(rawValue:)), !traits.contains(trait)
                    {
                        traits.append(trait)
                    }
                }
                node.accessibilityTraits = traits
            } else {
                error(
                    t.location, path() + ".accessibilityTraits",
                    "\"accessibilityTraits\" expects a list of traits (\(names.map { "\"\($0)\"" }.joined(separator: ", "))), got \(t.shortDescription)"
                )
            }
        }
        if let h = fields[.accessibilityHidden] {
            node.accessibilityHidden = boolValue(h, path() + ".accessibilityHidden") ?? false
        }
        if let e = fields[.accessibilityElement] {
            node.accessibilityElement = oneOf(
                e, path() + ".accessibilityElement", AccessibilityChildren.allCases.map(\.rawValue)
            ).flatMap(AccessibilityChildren.init(rawValue:))
        }
        if let d = fields[.dynamicTypeSize] {
            if let text = d.string, text.utf8.count <= 120, let range = TextSizeRange(text: text) {
                node.dynamicTypeSize = range
            } else {
                error(
                    d.location, path() + ".dynamicTypeSize",
                    "\"dynamicTypeSize\" expects a text size or a range of them (\"xLarge\", \"...xxLarge\", \"accessibility1...\", \"large...accessibility2\"; sizes: \(TextSize.names.joined(separator: ", "))), got \(d.shortDescription)"
                )
            }
        }
        if let p = fields[.accessibilitySortPriority] {
            if let n = p.number, abs(n) <= 1_000_000 {
                node.accessibilitySortPriority = n
            } else {
                error(
                    p.location, path() + ".accessibilitySortPriority",
                    "\"accessibilitySortPriority\" expects a number from -1000000 to 1000000, got \(p.shortDescription)"
                )
            }
        }
    }
}
