import FocusEngine
import TenFootCore

/// The component keys: shapes and artwork, lockups, settings rows and toggles, pickers' styles, presentations
/// and the hero's backdrop (docs/scene-format.md, "Components").
extension SceneDecoder {
    /// Keys each type takes beyond the common and container keys of `allowedKeys`.
    static func componentKeys(_ type: NodeType) -> [String] {
        let artwork = ["shape", "cornerRadius", "contentMode"]
        let lockup = ["header", "footer", "badges", "progress"]
        switch type {
        case .poster: return artwork + lockup
        case .card: return ["aspect"] + artwork + lockup
        case .image: return artwork
        case .button: return ["shape", "cornerRadius", "textAlignment"]
        case .hero: return ["imageValue", "contentMode"]
        case .picker: return ["pickerStyle"]
        case .shelf: return ["accessory", "numbered"]
        case .sheet: return ["presentation"]
        case .monogram:
            return ["title", "subtitle", "image", "initials", "color", "header", "footer", "badges"] + fontKeys
        case .captionButton: return ["title", "subtitle", "icon", "shape", "cornerRadius"]
        case .row: return ["title", "subtitle", "value", "icon", "accessoryType"] + fontKeys
        case .toggle: return ["title", "isOn", "icon"] + fontKeys
        case .section: return containerKeys + ["header", "footer"]
        case .alert: return containerKeys + ["title", "message", "preferredStyle"]
        default: return []
        }
    }

    /// Reads the component keys of a node's `fields` into `node` (its type's keys were checked already).
    mutating func decodeComponents(
        _ fields: NodeFields, at location: SourceLocation, into node: inout SceneNode, path: @autoclosure () -> String,
        depth: Int
    ) {
        if let a = fields[.aspect] { node.aspect = aspect(a, path() + ".aspect") }
        if let s = fields[.shape] {
            if let kind = oneOf(s, path() + ".shape", ShapeKind.allCases.map(\.rawValue)).flatMap(
                ShapeKind.init(rawValue:))
            {
                node.shape = NodeShape(kind: kind)
            }
        }
        if let r = fields[.cornerRadius] {
            if let n = r.number, n >= 0, n <= 1000 {
                if let kind = node.shape?.kind, kind != .roundedRectangle {
                    error(
                        r.location, path() + ".cornerRadius",
                        "\"cornerRadius\" belongs to a \"roundedRectangle\" shape; a \(kind.rawValue)'s corners follow its size"
                    )
                } else {
                    node.shape = NodeShape(kind: .roundedRectangle, cornerRadius: n)
                }
            } else {
                error(
                    r.location, path() + ".cornerRadius",
                    "\"cornerRadius\" expects a number of points from 0 to 1000, got \(r.shortDescription)")
            }
        }
        if let m = fields[.contentMode] {
            node.contentMode = oneOf(m, path() + ".contentMode", ContentMode.allCases.map(\.rawValue)).flatMap(
                ContentMode.init(rawValue:))
        }
        if let h = fields[.header] { node.header = lockupText(h, path() + ".header", focusable: node.type != .section) }
        if let f = fields[.footer] { node.footer = lockupText(f, path() + ".footer", focusable: node.type != .section) }
        if let b = fields[.badges] { node.badges = badges(b, path() + ".badges") }
        if let p = fields[.progress] {
            if let n = p.number, n >= 0, n <= 1 {
                node.progress = n
            } else {
                error(
                    p.location, path() + ".progress",
                    "\"progress\" expects the watched fraction, a number from 0 to 1, got \(p.shortDescription)")
            }
        }
        node.initials = fields[.initials].flatMap { stringValue($0, path() + ".initials") }
        if let a = fields[.accessoryType] {
            node.accessoryType = oneOf(a, path() + ".accessoryType", AccessoryType.allCases.map(\.rawValue)).flatMap(
                AccessoryType.init(rawValue:))
        }
        if let o = fields[.isOn] {
            if let b = o.bool {
                node.isOn = .constant(b)
            } else if o.members != nil {
                if let c = condition(o, path() + ".isOn") {
                    if c.equals != .bool(true) {
                        error(
                            o.location, path() + ".isOn",
                            "a toggle's \"isOn\" names a state value only: {\"state\": \"name\"}")
                    } else {
                        node.isOn = .state(c.state)
                    }
                }
            } else {
                error(
                    o.location, path() + ".isOn",
                    "\"isOn\" expects true, false or {\"state\": \"name\"} (a Bool state value the toggle shows and flips), got \(o.shortDescription)"
                )
            }
        }
        if let s = fields[.pickerStyle] {
            node.pickerStyle = oneOf(s, path() + ".pickerStyle", PickerStyle.allCases.map(\.rawValue)).flatMap(
                PickerStyle.init(rawValue:))
        }
        if let p = fields[.presentation] {
            node.presentation = oneOf(p, path() + ".presentation", Presentation.allCases.map(\.rawValue)).flatMap(
                Presentation.init(rawValue:))
        }
        if let s = fields[.preferredStyle] {
            node.alertStyle = oneOf(s, path() + ".preferredStyle", AlertStyle.allCases.map(\.rawValue)).flatMap(
                AlertStyle.init(rawValue:))
        }
        if node.type == .alert { node.alertStyle = node.alertStyle ?? .alert }
        node.message = fields[.message].flatMap { textValue($0, path() + ".message") }
        node.imageValue = fields[.imageValue].flatMap { stringValue($0, path() + ".imageValue") }
        if let n = fields[.numbered] { node.numbered = boolValue(n, path() + ".numbered") ?? false }
        if let a = fields[.accessory] {
            if let n = decodeNode(a, path: path() + ".accessory", derivedID: node.id + "/accessory", depth: depth + 1) {
                if n.type.isContainer || n.type == .tabBar || n.type == .focusGuide || n.type == .spacer {
                    error(
                        a.location, path() + ".accessory",
                        "a shelf's \"accessory\" is one item (a button such as \"See All\"), got a \"\(n.type.rawValue)\""
                    )
                } else {
                    node.accessory = n
                }
            }
        }
        if node.type == .picker, (node.pickerStyle ?? .automatic).isSegmented, node.options.isEmpty {
            error(location, path(), "a segmented picker needs \"options\": its segments")
        }
    }

    /// `aspect`: height ÷ width as a number, or a ratio `"W:H"` ("2:3", "16:9", "1:1").
    mutating func aspect(_ a: JSON, _ path: @autoclosure () -> String) -> Double? {
        if let n = a.number, n > 0, n.isFinite, n < 20 { return n }
        if let s = a.string, let r = SceneNode.aspect(named: s), r > 0, r < 20 { return r }
        error(
            a.location, path(),
            "\"aspect\" expects height ÷ width (1.5 for 2:3 posters) or a ratio \"W:H\" such as \"2:3\", \"16:9\" or \"1:1\", got \(a.shortDescription)"
        )
        return nil
    }

    /// A header or footer: a string, or (on lockups) `{"text": …, "showsOnlyWhenAncestorFocused": true}`.
    mutating func lockupText(_ j: JSON, _ path: @autoclosure () -> String, focusable: Bool) -> LockupText? {
        if j.string != nil { return textValue(j, path()).map { LockupText(text: $0) } }
        guard focusable, let m = j.members else {
            let form = focusable ? "a string or {\"text\": …, \"showsOnlyWhenAncestorFocused\": true}" : "a string"
            error(j.location, path(), "\"\(lastKey(path()))\" expects \(form), got \(j.shortDescription)")
            return nil
        }
        checkKeys(m, allowed: ["text", "showsOnlyWhenAncestorFocused"], path: path(), what: "\"\(lastKey(path()))\"")
        guard let text = j["text"].flatMap({ textValue($0, path() + ".text") }) else {
            if j["text"] == nil { error(j.location, path(), "\"\(lastKey(path()))\" needs \"text\"") }
            return nil
        }
        let only =
            j["showsOnlyWhenAncestorFocused"].flatMap { boolValue($0, path() + ".showsOnlyWhenAncestorFocused") }
            ?? false
        return LockupText(text: text, showsOnlyWhenAncestorFocused: only)
    }

    /// `badges`: `[{"text": "NEW", "corner": "topLeading"}, {"icon": "checkmark.circle.fill"}]`.
    mutating func badges(_ j: JSON, _ path: @autoclosure () -> String) -> [Badge] {
        guard let arr = j.array else {
            error(
                j.location, path(),
                "\"badges\" expects an array of {\"text\" or \"icon\", \"corner\", \"color\"}, got \(j.shortDescription)"
            )
            return []
        }
        var out: [Badge] = []
        for (k, b) in arr.enumerated() {
            let p = "\(path())[\(k)]"
            guard let m = b.members else {
                error(
                    b.location, p, "a badge is an object {\"text\" or \"icon\", \"corner\"}, got \(b.shortDescription)")
                continue
            }
            checkKeys(m, allowed: ["text", "icon", "corner", "color"], path: p, what: "badge")
            let text = b["text"].flatMap { textValue($0, p + ".text") }
            let iconName = b["icon"].flatMap { icon($0, p + ".icon") }
            if b["text"] == nil, b["icon"] == nil {
                error(b.location, p, "a badge needs \"text\", \"icon\" or both")
                continue
            }
            let corner =
                b["corner"].flatMap { oneOf($0, p + ".corner", Corner.allCases.map(\.rawValue)) }.flatMap(
                    Corner.init(rawValue:)) ?? .topTrailing
            let color = b["color"].flatMap { colorValue($0, p + ".color") }
            guard text != nil || iconName != nil else { continue }
            out.append(Badge(text: text, icon: iconName, corner: corner, color: color))
        }
        return out
    }
}
