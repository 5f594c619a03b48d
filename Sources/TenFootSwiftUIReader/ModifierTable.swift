#if canImport(SwiftParser)
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// SwiftUI modifiers → scene keys, one entry per modifier. Each applies to every node of a fragment (a modifier
    /// on a `Group` or `ForEach` applies to each view in it, as in SwiftUI); keys only containers take wrap a lone
    /// item in a stack first.
    enum ModifierTable {
        enum Outcome { case applied, cosmetic, ignored }
        typealias Entry = @Sendable (Interpreter, Call, inout [DraftNode]) -> Outcome

        /// The kinds of node whose text a font modifier sets: a Text's string, the title of the others.
        static let titledTypes: Set<NodeType> = [.text, .button, .poster, .card, .row, .toggle, .monogram]

        /// Applies an accessibility key to each node of the fragment that can carry one.
        static func accessible(_ nodes: inout [DraftNode], _ apply: (inout DraftNode) -> Void) {
            for k in nodes.indices where nodes[k].type != .spacer && nodes[k].type != .focusGuide { apply(&nodes[k]) }
        }

        /// SwiftUI's `AccessibilityTraits` member as the scene format names it (`isHeader` → `header`); nil for
        /// one the format has no name for.
        static func traitName(_ member: String) -> String? {
            var name = member
            if name.hasPrefix("is"), name.count > 2 {
                name = name.dropFirst(2).prefix(1).lowercased() + name.dropFirst(3)
            }
            return AccessibilityTrait(rawValue: name)?.rawValue
        }

        /// A `DynamicTypeSize` or a range of them as written in `.dynamicTypeSize(_:)`, in tvOS's sizes (those
        /// below Large are Large: tvOS offers nothing smaller); nil when a bound is not a size.
        static func typeSizeRange(_ e: ExprSyntax, _ i: Interpreter, _ f: Frame) -> TextSizeRange? {
            func size(_ e: ExprSyntax) -> TextSize? {
                guard case .enumCase(let v) = i.eval(e, f), v.type == nil || v.type == "DynamicTypeSize",
                    SwiftUIOptions.dynamicTypeSizes.contains(v.name)
                else { return nil }
                return TextSize(rawValue: v.name) ?? .large
            }
            /// The size before `upper` in a half-open range (`..<`).
            func below(_ upper: TextSize) -> TextSize? {
                let all = TextSize.allCases
                guard let k = all.firstIndex(of: upper), k > 0 else { return nil }
                return all[k - 1]
            }
            if let seq = e.as(SequenceExprSyntax.self), seq.elements.count == 3 {
                let parts = Array(seq.elements)
                guard let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..." || op == "..<",
                    let a = size(parts[0]), var b = size(parts[2])
                else { return nil }
                if op == "..<" {
                    guard let c = below(b) else { return nil }
                    b = c
                }
                return a <= b ? TextSizeRange(a, b) : nil
            }
            if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "..." || p.operator.text == "..<" {
                guard var b = size(p.expression) else { return nil }
                if p.operator.text == "..<" {
                    guard let c = below(b) else { return nil }
                    b = c
                }
                return TextSizeRange(.large, b)
            }
            if let p = e.as(PostfixOperatorExprSyntax.self), p.operator.text == "..." {
                return size(p.expression).map { TextSizeRange($0, .accessibility5) }
            }
            return size(e).map { TextSizeRange($0, $0) }
        }

        static func isEnumCase(_ v: Value?) -> Bool {
            if case .enumCase? = v { return true }
            return false
        }

        /// Whether a `Font.Weight` draws bold with the fonts TenFoot carries (semibold and heavier), nil for a name
        /// that is not a weight.
        static func isBold(_ weight: String) -> Bool? {
            switch weight {
            case "semibold", "bold", "heavy", "black": true
            case "ultraLight", "thin", "light", "regular", "medium": false
            default: nil
            }
        }

        static let entries: [String: Entry] = [
            // Layout
            "frame": frame,
            "containerRelativeFrame": containerRelativeFrame,
            "padding": padding,
            "ignoresSafeArea": ignoresSafeArea,
            "edgesIgnoringSafeArea": ignoresSafeArea,
            "aspectRatio": { i, c, nodes in
                var fit = false
                if case .enumCase(let e)? = i.value(c, "contentMode") { fit = e.name == "fit" }
                return scaled(i, nodes: &nodes, ratio: i.number(c, nil), fit: fit)
            },
            "offset": { i, c, nodes in
                // `.offset(x:y:)`, `.offset(y:)`, `.offset(CGSize(width:height:))`, `.offset(.zero)`.
                var dx = i.number(c, "x") ?? 0
                var dy = i.number(c, "y") ?? 0
                if case .record(let size)? = i.value(c, nil) {
                    dx = size.field("width")?.asDouble ?? 0
                    dy = size.field("height")?.asDouble ?? 0
                }
                guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return .cosmetic }
                for k in nodes.indices {
                    let o = nodes[k].offset ?? (0, 0)
                    nodes[k].offset = (o.x + dx, o.y + dy)
                }
                return .applied
            },
            "resizable": { _, _, nodes in
                // A resizable picture takes what it is offered, as a shape does (a symbol's size stays its font's).
                var any = false
                for k in nodes.indices where nodes[k].type == .image && nodes[k].width == nil && nodes[k].height == nil
                {
                    nodes[k].unframedShape = true
                    any = true
                }
                return any ? .applied : .cosmetic
            },
            "scaledToFit": { i, c, nodes in scaled(i, nodes: &nodes, ratio: nil, fit: true) },
            "scaledToFill": { i, c, nodes in scaled(i, nodes: &nodes, ratio: nil, fit: false) },

            // Focus
            "focusSection": { i, c, nodes in
                containers(i, c, &nodes) { $0.focusSection = true }
                return .applied
            },
            "focusable": focusable,
            "focused": focused,
            "defaultFocus": defaultFocus,
            "prefersDefaultFocus": { i, c, nodes in
                let cond = c.unlabelled().map { i.condition($0, c.frame) } ?? .always(true)
                let scope: String? = {
                    if case .namespace(let n)? = i.value(c, "in") { return n }
                    return nil
                }()
                for k in nodes.indices {
                    nodes[k].prefersDefaultFocus = cond
                    nodes[k].prefersDefaultFocusScope = scope
                }
                return .applied
            },
            "focusScope": { i, c, nodes in
                guard case .namespace(let name)? = i.value(c, nil) else { return .ignored }
                containers(i, c, &nodes) { $0.focusScope = name }
                return .applied
            },
            "focusEffectDisabled": { i, c, nodes in
                let off = i.value(c, nil)?.asBool ?? true
                for k in nodes.indices { nodes[k].visitMutating { $0.focusEffectDisabled = off } }
                return .applied
            },
            "focusedValue": { i, c, nodes in publish(i, c, &nodes, scene: false) },
            "focusedSceneValue": { i, c, nodes in publish(i, c, &nodes, scene: true) },
            "disabled": { i, c, nodes in
                let (value, read) = i.recordingReads { i.value(c, nil) }
                var on = value?.asBool ?? true
                if let value, value.asBool == nil {
                    // `.disabled(model.isLoading)`: a control is usable once what it waits for is there.
                    on = false
                    i.warn(c.at, "disabled depends on data only the running app has; TenFoot shows it enabled")
                }
                if let slot = read.first(where: { i.slot($0) != nil }) {
                    i.approximate(
                        .stateDrivenModifier, at: c.at,
                        "disabled follows \(slot), which is \(i.state[slot]?.display ?? "nil") when the screen opens")
                }
                for k in nodes.indices { nodes[k].disabled = nodes[k].disabled || on }
                return .applied
            },
            "hidden": { _, _, nodes in
                for k in nodes.indices { nodes[k].hidden = true }
                return .applied
            },
            "opacity": { i, c, nodes in
                i.readsIsFocused = false
                let (v, read) = i.recordingReads { i.number(c, nil) }
                // `.opacity(isFocused ? 1 : 0.6)`: the focused item's look is the standard lift's, and no item is
                // faded by what only an unfocused one shows.
                if i.readsIsFocused || read.contains(where: { i.slot($0)?.isFocusState == true }) {
                    i.readsIsFocused = false
                    i.approximate(.focusedEffect, at: c.at, "opacity")
                    // `.opacity(isFocused ? 1 : 0)`: what only the focused control shows (a navigation bar's
                    // labels beside their symbols).
                    if v == 0 { for k in nodes.indices { nodes[k].revealedOnFocus = true } }
                    return .applied
                }
                if let slot = read.first(where: { i.slot($0) != nil }) {
                    i.approximate(.stateDrivenModifier, at: c.at, "opacity follows \(slot)")
                }
                guard v == 0 else {
                    // A colour drawn at an opacity (a fill, a text in its theme's colour) is drawn translucent.
                    if let v, !v.isNaN, v < 1 {
                        for k in nodes.indices {
                            nodes[k].visitMutating { n in
                                if let hex = n.color, let color = TenFootScene.Color(hex: hex) {
                                    n.color = color.withAlpha(max(v, 0)).sceneHex
                                }
                            }
                        }
                    }
                    return .cosmetic
                }
                for k in nodes.indices { nodes[k].hidden = true }
                return .applied
            },

            // Actions
            "onMoveCommand": onMoveCommand,
            "onExitCommand": { i, c, nodes in trigger(i, c, &nodes, .onMenu) },
            "onPlayPauseCommand": { i, c, nodes in trigger(i, c, &nodes, .onPlayPause) },
            "onTapGesture": { i, c, nodes in
                if let count = i.value(c, "count")?.asInt, count > 1 {
                    i.warn(c.at, "double taps are not simulated; ignored")
                    return .ignored
                }
                return trigger(i, c, &nodes, .onSelect)
            },
            "onLongPressGesture": { i, c, nodes in trigger(i, c, &nodes, .onLongSelect) },
            "onSubmit": onSubmit,
            "onAppear": { i, c, nodes in
                guard let action = c.closure(nil) ?? c.arg("perform")?.as(ClosureExprSyntax.self) else {
                    return .ignored
                }
                runAtAppear(i, c, nodes, action)
                return .applied
            },
            "task": { i, c, nodes in
                guard let action = c.closure(nil) else { return .ignored }
                runAtAppear(i, c, nodes, action)
                return .applied
            },
            "onDisappear": { i, c, _ in
                i.warn(c.at, "onDisappear is not simulated (a dismissed sheet restores focus by itself)")
                return .ignored
            },
            "onChange": { i, c, _ in
                // Run when its value changes as the screen appears (a load's result arriving); a change a remote
                // press makes later does not run it.
                guard let value = c.arg("of"),
                    let action = c.closure(nil) ?? c.closure("action") ?? c.args.last?.expr.as(ClosureExprSyntax.self)
                else {
                    i.warn(c.at, "onChange without of: and an action; ignored")
                    return .ignored
                }
                i.changeWatchers.append((value, c.frame, action, c.at))
                i.approximate(.stateDrivenModifier, at: c.at, "onChange")
                return .applied
            },
            "onReceive": { i, c, _ in
                i.warn(c.at, "onReceive is not simulated; ignored")
                return .ignored
            },
            "onKeyPress": { i, c, _ in
                i.warn(c.at, "key presses are not simulated on the Apple TV remote; ignored")
                return .ignored
            },
            "contextMenu": { i, c, _ in
                i.warn(c.at, "context menus are not simulated; ignored")
                return .ignored
            },

            // Presentation
            "sheet": { i, c, nodes in sheet(i, c, &nodes, presentation: nil) },
            "fullScreenCover": { i, c, nodes in sheet(i, c, &nodes, presentation: "fullScreen") },
            "popover": { i, c, nodes in
                i.approximate(.presentationChrome, at: c.at, "popover")
                return sheet(i, c, &nodes, presentation: nil)
            },
            "navigationDestination": navigationDestination,
            "alert": { i, c, nodes in alert(i, c, &nodes, style: "alert") },
            "confirmationDialog": { i, c, nodes in alert(i, c, &nodes, style: "actionSheet") },
            "presentationSizing": presentationSizing,
            "searchable": searchable,
            "searchFocused": searchFocused,
            "searchSuggestions": searchSuggestions,
            "searchCompletion": { i, c, nodes in
                guard let completion = i.string(c, nil) else { return .ignored }
                for k in nodes.indices { nodes[k].searchCompletion = completion }
                return .applied
            },
            "navigationTitle": { i, c, nodes in
                guard let title = i.title(c, nil), !nodes.isEmpty else { return .ignored }
                nodes[0].navigationTitle = title
                return .applied
            },
            "toolbar": toolbar,

            // Tabs and tags
            "tabItem": { i, c, nodes in
                let label = i.content(c)
                let title = i.firstText(label)
                for k in nodes.indices {
                    var meta = nodes[k].tab ?? TabMeta(title: nil, icon: nil, tag: nil)
                    meta.title = title ?? meta.title
                    meta.icon = ViewTable.firstIcon(label) ?? meta.icon
                    nodes[k].tab = meta
                }
                return .applied
            },
            "tag": { i, c, nodes in
                let v = i.value(c, nil)?.stateValue
                for k in nodes.indices {
                    nodes[k].tag = v
                    if var meta = nodes[k].tab {
                        meta.tag = v
                        nodes[k].tab = meta
                    }
                }
                return .applied
            },

            // Styles that change what a node is
            "buttonStyle": { i, c, nodes in
                guard case .enumCase(let style)? = i.value(c, nil) else { return .cosmetic }
                // A button whose label is views of its own takes the style's platter.
                let labelStyle: String? =
                    switch style.name {
                    case "card": "card"
                    case "plain", "borderless": "plain"
                    case "bordered", "borderedProminent", "automatic": "bordered"
                    default: nil
                    }
                for k in nodes.indices {
                    nodes[k].visitMutating { n in
                        if n.buttonStyle != nil, n.origin == "Button", let labelStyle { n.buttonStyle = labelStyle }
                    }
                }
                if style.name == "card" {
                    for k in nodes.indices {
                        nodes[k].visitMutating { n in
                            // A symbol on a card, alone or beside a title (`Label("My List", systemImage:
                            // "plus")`), stays a button: the scene's card has no symbol, and the button's platter
                            // with its glyph and words is what the card style draws around such a label. A symbol
                            // framed as a picture above a title (a placeholder poster) is the card's artwork.
                            let titled = !(n.title ?? "").isEmpty
                            if n.type == .button, n.origin == "Button", n.icon == nil || (titled && n.symbolIsArtwork) {
                                n.type = .card
                                n.width = n.width ?? nil
                            }
                        }
                    }
                }
                return .applied
            },
            "pickerStyle": pickerStyle,
            "keyboardType": keyboardType,
            "clipShape": { i, c, nodes in
                guard let e = c.unlabelled(), let (kind, radius) = shapeKind(i, e, c.frame) else { return .cosmetic }
                for k in nodes.indices {
                    nodes[k].visitMutating { n in
                        guard artworkTypes.contains(n.type) || n.origin == "Shape" else { return }
                        n.shape = kind
                        n.cornerRadius = radius
                    }
                }
                return .applied
            },
            "cornerRadius": { i, c, nodes in
                guard let r = i.number(c, nil), r >= 0 else { return .cosmetic }
                var any = false
                for k in nodes.indices {
                    nodes[k].visitMutating { n in
                        guard artworkTypes.contains(n.type) || n.origin == "Shape", n.shape == nil else { return }
                        n.shape = "roundedRectangle"
                        n.cornerRadius = min(r, 1000)
                        any = true
                    }
                }
                return any ? .applied : .cosmetic
            },
            "font": { i, c, nodes in
                // A text style scales with the text size; `.system(size:)` and `.custom(_:size:)` keep their
                // size (unless `relativeTo:` a style); `.system(.title3)` is the style; a weight argument is kept.
                // `.title.bold()`, `.body.weight(.semibold)`: the font under its modifiers, and their weight.
                var chainBold: Bool?
                var value = i.value(c, nil)
                if !ModifierTable.isEnumCase(value), var expr = c.unlabelled() {
                    while let call = expr.as(FunctionCallExprSyntax.self),
                        let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
                    {
                        switch member.declName.baseName.text {
                        case "bold": chainBold = chainBold ?? true
                        case "weight":
                            if let w = call.arguments.first.map({ i.eval($0.expression, c.frame) }),
                                case .enumCase(let e) = w
                            {
                                chainBold = chainBold ?? ModifierTable.isBold(e.name)
                            }
                        default: break
                        }
                        expr = base
                    }
                    value = i.eval(expr, c.frame)
                }
                guard case .enumCase(let font)? = value else { return .cosmetic }
                let styleArg = font.args.lazy.compactMap { a -> TextStyle? in
                    if case .enumCase(let e) = a { return SwiftUISizes.textStyle(e.name) }
                    return nil
                }.first
                let weightArg =
                    chainBold
                    ?? font.args.lazy.compactMap { a -> Bool? in
                        if case .enumCase(let e) = a { return ModifierTable.isBold(e.name) }
                        return nil
                    }.first
                var style: TextStyle?
                var fixed: Double?
                switch font.name {
                case "system", "custom":
                    style = styleArg
                    if styleArg == nil || font.name == "custom" {
                        fixed = font.args.lazy.compactMap { $0.asDouble }.first.map {
                            min(SceneLimits.maxFontSize, max(SceneLimits.minFontSize, $0))
                        }
                    }
                    if font.name == "custom", styleArg != nil { fixed = nil }
                    if style == nil, fixed == nil { style = .body }
                default:
                    style = SwiftUISizes.textStyle(font.name)
                }
                guard style != nil || fixed != nil else { return .cosmetic }
                for k in nodes.indices {
                    nodes[k].visitMutating { n in
                        guard ModifierTable.titledTypes.contains(n.type), n.style == nil, n.fontSize == nil else {
                            return
                        }
                        n.style = style
                        n.fontSize = fixed
                        if n.fontBold == nil, let weightArg { n.fontBold = weightArg }
                    }
                }
                return .applied
            },
            "bold": { i, c, nodes in
                // `.bold()`, `.bold(false)`.
                let on = c.unlabelled().map { i.eval($0, c.frame).asBool ?? true } ?? true
                for k in nodes.indices {
                    nodes[k].visitMutating { n in
                        if ModifierTable.titledTypes.contains(n.type), n.fontBold == nil { n.fontBold = on }
                    }
                }
                return .applied
            },
            "fontWeight": { i, c, nodes in
                guard case .enumCase(let w)? = i.value(c, nil), let bold = ModifierTable.isBold(w.name) else {
                    return .cosmetic
                }
                for k in nodes.indices {
                    nodes[k].visitMutating { n in
                        if ModifierTable.titledTypes.contains(n.type), n.fontBold == nil { n.fontBold = bold }
                    }
                }
                return .applied
            },
            "lineLimit": { i, c, nodes in
                // .lineLimit(n), or a range (its upper bound); nil lifts the limit.
                let v = c.unlabelled().map { i.eval($0, c.frame) }
                let limit: Int? =
                    v?.asInt
                    ?? {
                        if let e = c.unlabelled(), let upper = e.as(SequenceExprSyntax.self)?.elements.last {
                            return i.eval(upper, c.frame).asInt
                        }
                        return nil
                    }()
                guard let limit, limit >= 1 else { return .cosmetic }
                for k in nodes.indices {
                    nodes[k].visitMutating { n in if n.type == .text, n.lineLimit == nil { n.lineLimit = limit } }
                }
                return .applied
            },
            "multilineTextAlignment": { i, c, nodes in
                guard case .enumCase(let a)? = i.value(c, nil), ["leading", "center", "trailing"].contains(a.name)
                else { return .cosmetic }
                for k in nodes.indices {
                    nodes[k].visitMutating { n in
                        if n.type == .text, n.textAlignment == nil { n.textAlignment = a.name }
                    }
                }
                return .applied
            },
            "environment": { i, c, _ in
                // \.layoutDirection mirrors the screen (the scene format's direction is the whole screen's); other
                // environment values change nothing TenFoot draws.
                guard let key = c.unlabelled(0), key.trimmedDescription == "\\.layoutDirection" else {
                    return .cosmetic
                }
                guard case .enumCase(let d)? = c.unlabelled(1).map({ i.eval($0, c.frame) }),
                    let direction = LayoutDirection(rawValue: d.name)
                else { return .ignored }
                i.layoutDirection = direction
                return .applied
            },
            "foregroundColor": { i, c, nodes in color(i, c, &nodes) },
            "foregroundStyle": { i, c, nodes in color(i, c, &nodes) },
            "fill": { i, c, nodes in fill(i, c, &nodes) },
            "scaleEffect": { i, c, _ in
                i.readsIsFocused = false
                _ = i.value(c, nil)
                if i.readsIsFocused {
                    i.approximate(.focusedEffect, at: c.at, "scaleEffect")
                    i.readsIsFocused = false
                    return .applied
                }
                return .cosmetic
            },
            "overlay": { i, c, nodes in decoration(i, c, &nodes) },
            "accessibilityLabel": { i, c, nodes in
                // What VoiceOver says: the scene's accessibilityLabel (an item named only by a symbol or a picture).
                guard let text = i.title(c, nil), !text.isEmpty else { return .ignored }
                for k in nodes.indices where nodes[k].type != .spacer && nodes[k].type != .focusGuide {
                    nodes[k].accessibilityLabel = text
                }
                return .applied
            },
            "accessibilityValue": { i, c, nodes in
                guard let text = i.title(c, nil) else { return .ignored }
                ModifierTable.accessible(&nodes) { $0.accessibilityValue = text }
                return .applied
            },
            "accessibilityHint": { i, c, nodes in
                guard let text = i.title(c, nil) else { return .ignored }
                ModifierTable.accessible(&nodes) { $0.accessibilityHint = text }
                return .applied
            },
            "accessibilityAddTraits": { i, c, nodes in
                // `.isHeader`, `[.isButton, .isSelected]`: the scene's names (`header`, `button`, `selected`).
                guard let v = i.value(c, nil) else { return .ignored }
                let values: [Value] = if case .array(let a) = v { a } else { [v] }
                let names = values.compactMap { v -> String? in
                    guard case .enumCase(let e) = v else { return nil }
                    return ModifierTable.traitName(e.name)
                }
                guard !names.isEmpty else { return .ignored }
                ModifierTable.accessible(&nodes) { n in
                    for t in names where !n.accessibilityTraits.contains(t) { n.accessibilityTraits.append(t) }
                }
                return .applied
            },
            "accessibilityHidden": { i, c, nodes in
                let hidden = c.unlabelled().map { i.eval($0, c.frame).asBool ?? true } ?? true
                ModifierTable.accessible(&nodes) { $0.accessibilityHidden = hidden }
                return .applied
            },
            "accessibilityElement": { i, c, nodes in
                // `.accessibilityElement()` ignores the children; `children:` says how they count.
                var how = "ignore"
                if let v = i.value(c, "children") {
                    guard case .enumCase(let e) = v, ["combine", "ignore", "contain"].contains(e.name) else {
                        return .ignored
                    }
                    how = e.name
                }
                ModifierTable.accessible(&nodes) { $0.accessibilityElement = how }
                return .applied
            },
            "accessibilitySortPriority": { i, c, nodes in
                guard let p = i.number(c, nil), abs(p) <= 1_000_000 else { return .ignored }
                ModifierTable.accessible(&nodes) { $0.accessibilitySortPriority = p }
                return .applied
            },
            "dynamicTypeSize": { i, c, nodes in
                // `.dynamicTypeSize(.xLarge)`, `(...DynamicTypeSize.xxLarge)`, `(.large ... .accessibility2)`,
                // `(.accessibility1...)`, `(.large ..< .accessibility1)`: the sizes the subtree takes.
                guard let arg = c.unlabelled(), let range = ModifierTable.typeSizeRange(arg, i, c.frame) else {
                    return .ignored
                }
                ModifierTable.accessible(&nodes) { n in
                    // A modifier further out clamps first; the range nearer the view clamps what it gave.
                    n.dynamicTypeSize = n.dynamicTypeSize.map { $0.inside(range) } ?? range
                }
                return .applied
            },
            "safeAreaInset": { i, c, nodes in
                // The inset's views beside the content, at its edge (a bar above a list, a player's controls).
                guard let closure = c.closure(nil) ?? c.closure("content") else { return .cosmetic }
                let inset = i.views(closure.statements, c.frame.child())
                guard !inset.isEmpty else { return .applied }
                let edge = c.arg("edge")?.trimmedDescription ?? ".bottom"
                let across = edge.hasSuffix("leading") || edge.hasSuffix("trailing")
                var n = DraftNode(handle: i.handle(), type: across ? .hstack : .vstack, source: c.at, origin: c.name)
                n.children = edge.hasSuffix("top") || edge.hasSuffix("leading") ? inset + nodes : nodes + inset
                i.adopt(&n)
                nodes = [n]
                return .applied
            },
            "background": { i, c, nodes in decoration(i, c, &nodes) },
            "id": { _, _, _ in .cosmetic },
        ]

        /// Modifiers that only change how things look, or that TenFoot has no use for: applied by nothing, not
        /// reported.
        static let cosmetic: Set<String> = [
            "italic", "fontDesign", "textCase", "kerning", "tracking",
            "minimumScaleFactor", "truncationMode", "lineSpacing", "underline", "strikethrough", "monospacedDigit",
            "border", "clipped", "shadow", "animation", "transition", "contentShape",
            "rotationEffect", "rotation3DEffect", "blur", "brightness", "contrast", "saturation", "grayscale", "tint",
            "accentColor",
            "accessibilityIdentifier", "accessibilityAction", "listStyle", "listRowBackground",
            "listRowInsets",
            "listRowSeparator", "listSectionSeparator", "toggleStyle", "textFieldStyle", "labelStyle", "tabViewStyle",
            "indexViewStyle", "scrollIndicators", "scrollClipDisabled", "scrollTargetBehavior", "scrollTargetLayout",
            "scrollContentBackground", "scrollPosition", "hoverEffect", "preferredColorScheme", "environmentObject",
            "textContentType", "autocorrectionDisabled", "disableAutocorrection", "textInputAutocapitalization",
            "autocapitalization", "submitLabel", "renderingMode", "symbolRenderingMode", "symbolVariant",
            "imageScale", "controlSize", "presentationDetents", "presentationDragIndicator",
            "interactiveDismissDisabled",
            "navigationBarBackButtonHidden", "navigationBarTitleDisplayMode",
            "toolbarBackground",
            "toolbarColorScheme", "zIndex", "compositingGroup", "drawingGroup", "mask", "stroke",
            "strokeBorder",
            "fixedSize", "layoutPriority", "position", "interpolation",
            "antialiased",
            "labelsHidden", "buttonBorderShape", "formStyle", "gridCellColumns", "gridColumnAlignment",
            "gridCellAnchor",
            "focusedObject", "focusedSceneObject", "safeAreaPadding",
            "coordinateSpace",
            "allowsHitTesting", "redacted", "unredacted", "privacySensitive", "sensoryFeedback", "badge",
            "matchedGeometryEffect",
            "prefersDefaultFocusEffect", "onScrollGeometryChange", "defaultScrollAnchor", "visualEffect",
            "geometryGroup",
            "colorScheme", "textSelection", "scrollDisabled",
        ]

        /// Modifiers of other platforms: tvOS apps cannot call them (the compiler refuses), so TenFoot warns.
        static let notOnTVOS: Set<String> = [
            "onDeleteCommand", "onCopyCommand", "onCutCommand", "onPasteCommand", "onHover", "onContinuousHover",
            "onCommand",
            "digitalCrownRotation", "digitalCrownAccessory", "keyboardShortcut", "swipeActions", "refreshable",
            "scrollDismissesKeyboard", "help", "onDrag", "onDrop", "draggable", "dropDestination", "menuStyle",
            "navigationBarItems", "statusBarHidden", "statusBar", "controlGroupStyle", "onPencilDoubleTap",
            "onPencilSqueeze",
            "menuIndicator", "windowResizability", "pointerStyle", "onModifierKeysChanged",
        ]

        // MARK: Layout

        static let ignoresSafeArea: Entry = { i, c, nodes in
            guard let edges = ignoredEdges(c.name, { i.value(c, $0) }) else { return .ignored }
            for k in nodes.indices { nodes[k].ignoredEdges.formUnion(edges) }
            return .applied
        }

        /// The edges `.ignoresSafeArea(_:edges:)` or `.edgesIgnoringSafeArea(_:)` reaches past, its arguments read
        /// by label (nil: the first unlabelled one); nil for the on-screen keyboard's region alone, which moves
        /// nothing on a TV.
        static func ignoredEdges(_ modifier: String, _ argument: (String?) -> Value?) -> SafeAreaEdges? {
            if modifier == "edgesIgnoringSafeArea" { return safeAreaEdges(argument(nil)) }
            if case .enumCase(let e)? = argument(nil), e.name == "keyboard" { return nil }
            return argument("edges").map(safeAreaEdges) ?? .all
        }

        /// An `Edge.Set` (`.horizontal`, `[.top, .leading]`); all edges where it cannot be read.
        static func safeAreaEdges(_ v: Value?) -> SafeAreaEdges {
            func named(_ v: Value) -> SafeAreaEdges? {
                guard case .enumCase(let e) = v else { return nil }
                return SafeAreaEdges.named.first { $0.name == e.name }?.edges
            }
            if let v, let one = named(v) { return one }
            if let list = v?.elements, !list.isEmpty {
                let sets = list.compactMap(named)
                if sets.count == list.count { return sets.reduce(SafeAreaEdges()) { $0.union($1) } }
            }
            return .all
        }

        /// `.containerRelativeFrame(.horizontal, count: 4, span: 1, spacing: 40)`: a share of the container, taken
        /// as the safe area (1760 × 960, a shelf's or a page's width); `(.horizontal)` alone is all of it; the
        /// closure form `{ length, axis in length * 0.8 }` is evaluated with the length.
        static let containerRelativeFrame: Entry = { i, c, nodes in
            guard let axes = c.unlabelled().map({ $0.trimmedDescription }) else { return .ignored }
            func size(_ container: Double) -> Double? {
                if let closure = c.closure(nil) {
                    let f = c.frame.child()
                    if let p = closure.parameterNames.first { f.locals[p] = .double(container) }
                    if closure.parameterNames.count > 1 { f.locals[closure.parameterNames[1]] = .opaque("axis") }
                    return i.lastValue(closure.statements, f).asDouble
                }
                let count = max(1, i.value(c, "count")?.asInt ?? 1)
                let span = min(max(1, i.value(c, "span")?.asInt ?? 1), count)
                let spacing = i.value(c, "spacing")?.asDouble ?? 0
                let one = (container - spacing * Double(count - 1)) / Double(count)
                return one * Double(span) + spacing * Double(span - 1)
            }
            let both = axes.contains("[") && axes.contains("horizontal") && axes.contains("vertical")
            let width = axes.contains("horizontal") || both ? size(SwiftUISizes.safeWidth) : nil
            let height = axes.contains("vertical") || both ? size(SwiftUISizes.safeHeight) : nil
            guard width != nil || height != nil else { return .ignored }
            for k in nodes.indices {
                if let width, width > 0 { nodes[k].width = .points(width.rounded()) }
                if let height, height > 0 { nodes[k].height = .points(height.rounded()) }
                nodes[k].unframedShape = false
            }
            return .applied
        }

        static let frame: Entry = { i, c, nodes in
            // Each argument worked out once.
            var lengths: [String: Value?] = [:]
            func length(_ label: String) -> Value? {
                if let known = lengths[label] { return known }
                var v = i.value(c, label)
                // `.frame(width: kind == .poster ? 320 : 560)` on a kind only the running app knows: the size for a
                // false condition, where dropping the frame left the content no size at all.
                if case .opaque(let t)? = v, let size = i.sizeChoices[t] {
                    i.warn(
                        c.at,
                        "this size depends on data only the running app has; TenFoot takes the one for a false condition"
                    )
                    v = size
                }
                lengths[label] = v
                return v
            }
            func isInfinity(_ v: Value?) -> Bool {
                if case .enumCase(let e)? = v { return e.name == "infinity" }
                return false
            }
            var width: Length?
            var height: Length?
            if let w = length("width")?.asDouble { width = .points(w) }
            if let h = length("height")?.asDouble { height = .points(h) }
            // A GeometryReader's whole size (`.frame(width: proxy.size.width)`) is all the reader takes: what it is
            // offered.
            if case .opaque(GeometryProxy.width)? = length("width") { width = .fill }
            if case .opaque(GeometryProxy.height)? = length("height") { height = .fill }
            if isInfinity(length("maxWidth")) { width = .fill }
            if isInfinity(length("maxHeight")) { height = .fill }
            for (minLabel, maxLabel, isWidth) in [("minWidth", "maxWidth", true), ("minHeight", "maxHeight", false)] {
                let lo = length(minLabel)?.asDouble
                let hi = length(maxLabel)?.asDouble
                guard (isWidth ? width : height) == nil, lo != nil || hi != nil else { continue }
                i.approximate(.frameRange, at: c.at, "\(minLabel)/\(maxLabel)")
                // Only a minimum, around text: the text's own size (a label is mostly wider than the least size it is
                // given, and a fixed minimum cut "Use Quick Connect" to "Use…").
                if hi == nil, nodes.contains(where: ModifierTable.showsText) { continue }
                if let v = lo ?? hi { if isWidth { width = .points(v) } else { height = .points(v) } }
            }
            let alignment = i.value(c, "alignment")
            for k in nodes.indices {
                // A shape or colour framed along one axis still takes what it is offered along the other
                // (`Rectangle().frame(height: 1)` is a rule across its stack), unless its shape keeps a ratio.
                if nodes[k].unframedShape, nodes[k].origin == "Shape", nodes[k].aspect == nil {
                    if width == nil, height != nil { nodes[k].width = .fill }
                    if height == nil, width != nil { nodes[k].height = .fill }
                }
                if let width { nodes[k].width = width }
                if let height { nodes[k].height = height }
                if width != nil || height != nil { nodes[k].unframedShape = false }
                if width != nil { placeInFrame(i, &nodes[k], horizontal: true, alignment) }
                if height != nil { placeInFrame(i, &nodes[k], horizontal: false, alignment) }
                alignAcross(i, &nodes[k], alignment)
                // A text in a wider frame sits where the frame's alignment says: centred unless told.
                if nodes[k].type == .text, width == .fill, nodes[k].textAlignment == nil {
                    var a = "center"
                    if case .enumCase(let e)? = i.value(c, "alignment") {
                        if e.name.lowercased().contains("leading") { a = "leading" }
                        if e.name.lowercased().contains("trailing") { a = "trailing" }
                    }
                    nodes[k].textAlignment = a
                }
            }
            return .applied
        }

        /// A stack framed along its axis (`HStack { … }.frame(maxWidth: .infinity, alignment: .leading)`) hugs its
        /// content, which SwiftUI's frame places where its alignment says, centred unless told: spacers before and
        /// after the children take what the frame leaves. Not when a child already takes it (a spacer, a "fill"),
        /// nor around a ForEach's rows, which a new element appends to.
        static func placeInFrame(_ i: Interpreter, _ n: inout DraftNode, horizontal: Bool, _ alignment: Value?) {
            guard n.type == (horizontal ? .hstack : .vstack), !n.children.isEmpty,
                !n.children.contains(where: { $0.forEachSite != nil || i.grows($0, horizontal: horizontal) })
            else { return }
            var name = "center"
            if case .enumCase(let e)? = alignment { name = e.name.lowercased() }
            let start = horizontal ? name.hasSuffix("leading") : name.hasPrefix("top")
            let end = horizontal ? name.hasSuffix("trailing") : name.hasPrefix("bottom")
            func spacer() -> DraftNode {
                DraftNode(handle: i.handle(), type: .spacer, source: n.source, origin: "Spacer")
            }
            if !start { n.children.insert(spacer(), at: 0) }
            if !end { n.children.append(spacer()) }
        }

        /// A stack framed across its axis (`VStack(alignment: .leading) { … }.frame(maxWidth: .infinity)`) hugs its
        /// content, which the frame places where its alignment says (centred unless told), while the children keep
        /// the stack's own alignment among themselves. Where the two differ, the stack goes in a row (a column for
        /// an HStack) that the frame sizes, with spacers on the sides the frame leaves; the modifiers after the
        /// frame apply to that, as SwiftUI's apply to the frame.
        static func alignAcross(_ i: Interpreter, _ n: inout DraftNode, _ alignment: Value?) {
            let horizontal = n.type == .vstack
            guard n.type == .vstack || n.type == .hstack, !n.children.isEmpty, n.forEachSite == nil,
                (horizontal ? n.width : n.height) != nil,
                !n.children.contains(where: { $0.type != .spacer && i.grows($0, horizontal: horizontal) })
            else { return }
            var name = "center"
            if case .enumCase(let e)? = alignment { name = e.name }
            let wanted: String? =
                horizontal
                ? ViewTable.alignment(name, for: .vstack)
                : name.hasPrefix("top") ? "top" : name.hasPrefix("bottom") ? "bottom" : nil
            guard wanted != n.alignment else { return }
            var inner = n
            var wrapper = DraftNode(
                handle: i.handle(), type: horizontal ? .hstack : .vstack, source: n.source, origin: "frame")
            if horizontal {
                wrapper.width = n.width
                inner.width = nil
            } else {
                wrapper.height = n.height
                inner.height = nil
            }
            wrapper.spacing = 0
            func spacer() -> DraftNode {
                DraftNode(handle: i.handle(), type: .spacer, source: n.source, origin: "Spacer")
            }
            let start = wanted == (horizontal ? "leading" : "top")
            let end = wanted == (horizontal ? "trailing" : "bottom")
            wrapper.children = (start ? [] : [spacer()]) + [inner] + (end ? [] : [spacer()])
            i.adopt(&wrapper)
            n = wrapper
        }

        /// `.aspectRatio(_:contentMode:)`, `.scaledToFit()`, `.scaledToFill()` on a picture: its height ÷ width is the
        /// ratio given, else the picture file's own (a logo framed to a width is as high as its shape makes it), and
        /// "fit" shows all of it.
        static func scaled(_ i: Interpreter, nodes: inout [DraftNode], ratio: Double?, fit: Bool) -> Outcome {
            var applied = false
            for k in nodes.indices where [.image, .poster, .card].contains(nodes[k].type) {
                if let ratio, ratio > 0 {
                    nodes[k].aspect = 1 / ratio
                    applied = true
                } else if let file = nodes[k].image, let (w, h) = i.pictureSize(file), w > 0, h > 0 {
                    let aspect = Double(h) / Double(w)
                    if aspect > 0.05, aspect < 20 {
                        nodes[k].aspect = aspect
                        applied = true
                    }
                }
                if fit {
                    nodes[k].contentMode = "fit"
                    applied = true
                }
            }
            return applied ? .applied : .cosmetic
        }

        static let worded: Set<NodeType> = [.text, .button, .toggle, .row, .picker, .textField]

        /// Whether a node, or one inside it, shows words (a text, or a control with a title; a shape's or a picture's
        /// label is for VoiceOver only).
        static func showsText(_ n: DraftNode) -> Bool {
            if worded.contains(n.type), !(n.title ?? "").isEmpty || !(n.placeholder ?? "").isEmpty { return true }
            return n.children.contains(where: showsText)
        }

        static let padding: Entry = { i, c, nodes in
            var amount = SwiftUISizes.defaultPadding
            var edges: Set<String> = ["top", "leading", "bottom", "trailing"]
            var insets: EdgeInsets?
            func edgeNames(_ v: Value) -> Set<String>? {
                switch v {
                case .enumCase(let e):
                    switch e.name {
                    case "horizontal": return ["leading", "trailing"]
                    case "vertical": return ["top", "bottom"]
                    case "all": return ["top", "leading", "bottom", "trailing"]
                    case "top", "leading", "bottom", "trailing": return [e.name]
                    default: return nil
                    }
                case .array(let list): return list.reduce(into: Set<String>()) { $0.formUnion(edgeNames($1) ?? []) }
                default: return nil
                }
            }
            let args = c.args.map { ($0.label, i.eval($0.expr, c.frame)) }
            for (label, v) in args {
                if case .record(let r) = v, r.type == "EdgeInsets" {
                    insets = ModifierTable.edges(
                        r.field("top")?.asDouble ?? 0, r.field("leading")?.asDouble ?? 0,
                        r.field("bottom")?.asDouble ?? 0, r.field("trailing")?.asDouble ?? 0)
                } else if let n = v.asDouble {
                    amount = n
                } else if label == nil || label == "edges", let e = edgeNames(v) {
                    edges = e
                }
            }
            let add =
                insets
                ?? ModifierTable.edges(
                    edges.contains("top") ? amount : 0, edges.contains("leading") ? amount : 0,
                    edges.contains("bottom") ? amount : 0, edges.contains("trailing") ? amount : 0)
            for k in nodes.indices {
                let p = nodes[k].padding ?? .zero
                nodes[k].padding = ModifierTable.edges(
                    p.top + add.top, p.leading + add.leading, p.bottom + add.bottom, p.trailing + add.trailing)
            }
            return .applied
        }

        static func edges(_ top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double) -> EdgeInsets {
            var e = EdgeInsets.zero
            e.top = top
            e.leading = leading
            e.bottom = bottom
            e.trailing = trailing
            return e
        }

        /// Keys only a container takes: a lone item is wrapped in a vstack of its own.
        static func containers(
            _ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode], _ set: (inout DraftNode) -> Void
        ) {
            for k in nodes.indices {
                if !nodes[k].type.isContainer || nodes[k].type == .sheet {
                    var w = DraftNode(
                        handle: i.handle(), type: .vstack, source: nodes[k].source, origin: nodes[k].origin)
                    w.children = [nodes[k]]
                    w.width = nodes[k].width == .fill ? .fill : nil
                    i.adopt(&w)
                    nodes[k] = w
                }
                set(&nodes[k])
            }
        }

        // MARK: Focus

        static let focusable: Entry = { i, c, nodes in
            let on = (c.unlabelled().map { i.eval($0, c.frame).asBool ?? true }) ?? true
            var kind: FocusableValue = on ? .on : .off
            if on, case .enumCase(let interactions)? = i.value(c, "interactions") {
                if interactions.name == "activate" {
                    kind = .activate
                } else if interactions.name == "edit" {
                    kind = .edit
                }
            }
            for k in nodes.indices {
                if kind != .off, nodes[k].type.isContainer {
                    var inner = false
                    for child in nodes[k].children { child.visit { if $0.isFocusableItem { inner = true } } }
                    if inner { i.approximate(.focusableContainerWithFocusableContent, at: c.at) }
                }
                nodes[k].focusable = kind
            }
            return .applied
        }

        static let focused: Entry = { i, c, nodes in
            guard let bindingExpr = c.unlabelled(), case .binding(let b) = i.eval(bindingExpr, c.frame), b.path.isEmpty
            else {
                i.warn(c.at, "focused(_:) needs a @FocusState property ($name); ignored")
                return .ignored
            }
            let equals: Value = c.arg("equals").map { i.eval($0, c.frame) } ?? .bool(true)
            guard let v = equals.focusKey else {
                i.warn(c.at, "focused(_:equals:) with a value TenFoot cannot compute (\(equals.display)); ignored")
                return .ignored
            }
            for k in nodes.indices {
                nodes[k].focused = .state(b.slot, v)
                i.focusBindings[nodes[k].handle] = (b.slot, equals)
            }
            return .applied
        }

        static let defaultFocus: Entry = { i, c, nodes in
            guard let bindingExpr = c.unlabelled(), case .binding(let b) = i.eval(bindingExpr, c.frame),
                let valueExpr = c.unlabelled(1)
            else {
                i.warn(c.at, "defaultFocus needs a @FocusState binding and a value; ignored")
                return .ignored
            }
            let value = i.eval(valueExpr, c.frame)
            guard let sv = value.stateValue else {
                i.warn(c.at, "defaultFocus with a value TenFoot cannot compute (\(value.display)); ignored")
                return .ignored
            }
            let userInitiated: Bool = {
                if case .enumCase(let p)? = i.value(c, "priority") { return p.name == "userInitiated" }
                return false
            }()
            containers(i, c, &nodes) { n in
                n.defaultFocus = .binding(state: b.slot, equals: sv)
                if userInitiated { n.defaultFocusPriority = "userInitiated" }
            }
            return .applied
        }

        static func publish(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode], scene: Bool) -> Outcome {
            let key: String? = {
                if case .keyPath(let k)? = i.value(c, nil) { return k.last }
                return nil
            }()
            guard let key, let e = c.unlabelled(1) else { return .ignored }
            var v = i.eval(e, c.frame)
            if case .binding(let b) = v { v = i.read(b) }
            for k in nodes.indices {
                if scene {
                    nodes[k].focusedSceneValue.append((key, v.display))
                } else {
                    nodes[k].focusedValue.append((key, v.display))
                }
            }
            return .applied
        }

        // MARK: Actions

        /// A closure or action value of a trigger modifier (`perform:` or trailing).
        static func actionValue(_ i: Interpreter, _ c: Call) -> Value? {
            if let t = c.closure(nil) { return .closure(ClosureValue(syntax: t, frame: c.frame)) }
            if let e = c.arg("perform") ?? c.arg("action") ?? c.unlabelled() { return i.eval(e, c.frame) }
            return nil
        }

        static func trigger(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode], _ t: Trigger) -> Outcome {
            guard let action = actionValue(i, c) else { return .ignored }
            for n in nodes { i.addAction(.trigger(t), to: n, action, at: c.at) }
            return .applied
        }

        /// onMoveCommand { direction in … }: each direction's actions; a direction that does something is taken
        /// from the focus engine (consumed), as on tvOS.
        static let onMoveCommand: Entry = { i, c, nodes in
            guard let action = actionValue(i, c) else { return .ignored }
            for n in nodes {
                for d in ["up", "down", "left", "right"] {
                    i.addAction(
                        .move(d), to: n, action, at: c.at,
                        locals: ["$arg0": .enumCase(EnumValue(type: "MoveCommandDirection", name: d))])
                }
            }
            return .applied
        }

        /// `.keyboardType(_:)` on the text fields inside: UIKeyboardType's email, URL and number pads map to the
        /// scene's `email`, `url` and `number` keyboards (docs/input.md, "The on-screen keyboard"); the other types
        /// show the default keys.
        static let keyboardType: Entry = { i, c, nodes in
            guard case .enumCase(let e)? = i.value(c, nil) else { return .cosmetic }
            let mapped: String
            switch e.name {
            case "emailAddress": mapped = "email"
            case "URL", "webSearch": mapped = e.name == "URL" ? "url" : "default"
            case "numberPad", "decimalPad", "phonePad", "asciiCapableNumberPad": mapped = "number"
            default: mapped = "default"
            }
            var any = false
            for k in nodes.indices {
                nodes[k].visitMutating { n in
                    if n.type == .textField {
                        n.keyboardType = mapped
                        any = true
                    }
                }
            }
            return any ? .applied : .cosmetic
        }

        /// onSubmit: runs for every text field inside (as SwiftUI's environment action does), with the field's
        /// FocusState binding holding while it runs (`switch focusedField` sees the field being submitted).
        static let onSubmit: Entry = { i, c, nodes in
            guard let action = actionValue(i, c) else { return .ignored }
            var any = false
            for k in nodes.indices {
                nodes[k].visit { n in
                    guard n.type == .textField else { return }
                    any = true
                    var overrides: [String: Value] = [:]
                    if let (slot, value) = i.focusBindings[n.handle] { overrides[slot] = value }
                    i.addAction(.trigger(.onSubmit), to: n, action, at: c.at, overrides: overrides)
                }
            }
            if !any {
                i.warn(c.at, "onSubmit has no text field to submit; ignored")
                return .ignored
            }
            return .applied
        }

        /// `.navigationDestination(for: T.self) { value in … }`: the destination the links in `nodes` (and those
        /// built later) push for their values of type T; `(isPresented:)`: a push while the binding is true.
        static func navigationDestination(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode]) -> Outcome {
            if c.arg("isPresented") != nil { return sheet(i, c, &nodes, presentation: "push") }
            guard let type = c.arg("for"), let closure = c.closure("destination") ?? c.trailing else {
                i.warn(c.at, "navigationDestination(item:) is not simulated (only for: and isPresented:); ignored")
                return .ignored
            }
            var name = type.trimmedDescription
            if name.hasSuffix(".self") { name.removeLast(5) }
            let d = (type: Interpreter.typeName(name), closure: closure, frame: c.frame)
            i.links.destinations.append(d)
            // The waiting links inside the modified views that this destination takes; others keep waiting.
            var inside = Set<Int>()
            for n in nodes { n.visit { inside.insert($0.handle) } }
            var taken: [Int: (value: Value, title: String, call: Call)] = [:]
            i.links.pending.removeAll { link in
                guard inside.contains(link.handle), Interpreter.destination(d.type, takes: link.value) else {
                    return false
                }
                taken[link.handle] = (link.value, link.title, link.call)
                return true
            }
            guard !taken.isEmpty else { return .applied }
            for k in nodes.indices {
                nodes[k].visitMutating { m in
                    guard let link = taken[m.handle] else { return }
                    ViewTable.pushDestination(i, d, value: link.value, from: &m, link.call, title: link.title)
                }
            }
            return .applied
        }

        static func sheet(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode], presentation: String?) -> Outcome {
            guard case .binding(let b)? = i.value(c, "isPresented"), b.path.isEmpty else {
                if let given = c.arg("isPresented") {
                    i.warn(
                        c.at,
                        "\(c.name)(isPresented: \(i.short(given.trimmedDescription))) is not simulated (only isPresented: bindings to a @State); ignored"
                    )
                } else {
                    i.warn(c.at, "\(c.name)(item:) is not simulated (only isPresented: bindings); ignored")
                }
                return .ignored
            }
            // The sheet's content exists while its state is true: build it (and its actions) in that state.
            let atStart = i.state[b.slot]
            i.state[b.slot] = .bool(true)
            let content = i.content(c, c.closure("content") != nil ? "content" : nil)
            i.state[b.slot] = atStart
            var sheet = DraftNode(handle: i.handle(), type: .sheet, source: c.at, origin: c.name)
            sheet.idHint = (content.first.map { $0.idHint ?? $0.origin } ?? b.slot) + " sheet"
            if let k = content.firstIndex(where: { $0.navigationTitle != nil }) {
                // The content's .navigationTitle is the sheet's title (the sheet draws it above its content).
                sheet.title = content[k].navigationTitle
            }
            if let presentation {
                sheet.presentation = presentation
            } else if let sizing = content.lazy.compactMap(\.presentation).first {
                sheet.presentation = sizing
            }
            i.centre(content, in: &sheet)
            i.sheets.append(sheet)
            i.sheetHooks[b.slot] = sheet.handle
            if atStart?.asBool == true { i.approximate(.sheetAtStart, at: c.at, counts: false) }
            return .applied
        }

        /// The node types a clip shape or corner radius applies to (the scene format's artwork and its buttons).
        static let artworkTypes: Set<NodeType> = [.image, .poster, .card, .button, .captionButton]

        /// `Circle()`, `Capsule()`, `RoundedRectangle(cornerRadius: r)`, `Rectangle()` and the `.circle`,
        /// `.capsule`, `.rect(cornerRadius:)` shorthands → the scene's shape and corner radius.
        static func shapeKind(_ i: Interpreter, _ e: ExprSyntax, _ frame: Frame) -> (String, Double?)? {
            var name: String
            var args: LabeledExprListSyntax?
            if let call = e.as(FunctionCallExprSyntax.self) {
                name = call.calledExpression.trimmedDescription
                args = call.arguments
            } else {
                name = e.trimmedDescription
            }
            if name.hasPrefix(".") { name = String(name.dropFirst()) }
            let radius = args?.first(where: { $0.label?.text == "cornerRadius" }).map { i.eval($0.expression, frame) }?
                .asDouble
            switch name {
            case "Circle", "circle", "Ellipse", "ellipse": return ("circle", nil)
            case "Capsule", "capsule": return ("capsule", nil)
            case "RoundedRectangle", "rect", "UnevenRoundedRectangle":
                return ("roundedRectangle", radius.map { min(max($0, 0), 1000) })
            case "Rectangle", "rectangle": return ("roundedRectangle", 0)
            default: return nil
            }
        }

        /// `.pickerStyle(_:)`: segmented and navigationLink as tvOS has them; automatic is the default; menu,
        /// inline and wheel become the navigation-link list (tvOS draws a menu picker as a row too).
        static let pickerStyle: Entry = { i, c, nodes in
            guard let e = c.unlabelled() else { return .cosmetic }
            var name = String((e.trimmedDescription.split(separator: "(").first ?? "").filter { $0 != "." })
            if name.hasSuffix("PickerStyle") { name = String(name.dropLast("PickerStyle".count)) }
            let style: String
            switch name.lowercased() {
            case "segmented": style = "segmented"
            case "navigationlink": style = "navigationLink"
            case "automatic", "default": return .applied
            case "menu", "inline", "wheel", "palette":
                i.approximate(.pickerStyle, at: c.at, name)
                style = "navigationLink"
            default: return .cosmetic
            }
            for k in nodes.indices { nodes[k].visitMutating { n in if n.type == .picker { n.pickerStyle = style } } }
            return .applied
        }

        /// `.presentationSizing(.form)` / `.page` / `.fitted` on a sheet's content: the sheet's presentation.
        static let presentationSizing: Entry = { i, c, nodes in
            guard let e = c.unlabelled() else { return .cosmetic }
            let name = String(e.trimmedDescription.filter { $0 != "." })
            let p: String
            switch name {
            case "form": p = "form"
            case "page": p = "page"
            case "fitted":
                i.approximate(.presentationChrome, at: c.at, "fitted")
                p = "form"
            default: return .cosmetic
            }
            for k in nodes.indices { nodes[k].presentation = p }
            return .applied
        }

        /// `.alert(_:isPresented:actions:message:)` and `.confirmationDialog(…)`: the scene's alert (an action sheet
        /// for a confirmation dialog), presented and dismissed by writes to the state it follows, like a sheet.
        /// Every button dismisses it, as SwiftUI's do; with no buttons it has OK.
        static func alert(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode], style: String) -> Outcome {
            guard case .binding(let b)? = i.value(c, "isPresented"), b.path.isEmpty else {
                i.warn(
                    c.at,
                    "\(c.name) without an isPresented: binding (error:, item:, presenting: forms) is not simulated; ignored"
                )
                return .ignored
            }
            let atStart = i.state[b.slot]
            i.state[b.slot] = .bool(true)
            let title = i.title(c, nil) ?? ""
            var buttons = (c.closure("actions") ?? c.closure(nil)).map { i.views($0.statements, c.frame.child()) } ?? []
            let message = c.closure("message").flatMap { i.firstText(i.views($0.statements, c.frame.child())) }
            i.state[b.slot] = atStart
            var alert = DraftNode(handle: i.handle(), type: .alert, source: c.at, origin: c.name)
            alert.title = title.isEmpty ? nil : title
            alert.message = message
            alert.idHint = (title.isEmpty ? b.slot : title) + " alert"
            if style == "actionSheet" { alert.preferredStyle = style }
            if buttons.isEmpty {
                var ok = DraftNode(handle: i.handle(), type: .button, source: c.at, origin: "Button")
                ok.title = "OK"
                ok.label = "OK"
                buttons = [ok]
            }
            for k in buttons.indices {
                buttons[k].visitMutating { n in
                    if n.type.isFocusableByDefault { n.actions.insert((.onSelect, [.dismiss]), at: 0) }
                }
            }
            alert.children = buttons
            i.sheets.append(alert)
            i.sheetHooks[b.slot] = alert.handle
            if atStart?.asBool == true { i.approximate(.sheetAtStart, at: c.at, counts: false) }
            return .applied
        }

        /// `.searchable(text:prompt:)`: the scene's `search` node — the field, the linear keyboard and the content's
        /// items (the buttons, posters, cards and monograms with a title) as the results its text filters by title.
        /// The rest of the content (texts, headers) is not shown: tvOS shows the results under the keyboard.
        /// Content with no such item keeps the older approximation, a text field titled Search above it.
        static let searchable: Entry = { i, c, nodes in
            i.approximate(.searchable, at: c.at)
            var items: [DraftNode] = []
            for n in nodes {
                n.visit { m in
                    if [.poster, .card, .monogram, .button].contains(m.type), m.title != nil,
                        !items.contains(where: { $0.handle == m.handle })
                    {
                        items.append(m)
                    }
                }
            }
            var query: String?
            var textSlot: String?
            if case .binding(let b)? = i.value(c, "text") {
                if b.path.isEmpty { textSlot = b.slot }
                if case .string(let s) = i.read(b), !s.isEmpty { query = s }
            }
            guard items.isEmpty else {
                var search = DraftNode(
                    handle: i.handle(), type: .search, source: nodes.first?.source ?? c.at, origin: "searchable")
                search.placeholder = i.title(c, "prompt")
                search.value = query
                search.children = items
                search.width = .fill
                search.searchText = textSlot
                // Suggestions given with the content before `.searchable`, or in its `suggestions:` closure (tvOS 15).
                var pending: DraftSuggestions? = nil
                for n in nodes { n.visit { m in if pending == nil, let p = m.searchSuggestions { pending = p } } }
                if c.closure("suggestions") != nil {
                    pending = suggestions(i, c, label: "suggestions")
                } else if c.closure(nil) != nil {
                    pending = suggestions(i, c, label: nil)
                }
                if let p = pending { attach(i, p, to: &search) }
                i.adopt(&search)
                nodes = [search]
                return .applied
            }
            // A text field has no suggestions row: suggestions given with the content or in the closure are dropped.
            var dropped = c.closure("suggestions") != nil || c.closure(nil) != nil
            for n in nodes { n.visit { m in if m.searchSuggestions != nil { dropped = true } } }
            if dropped { i.warn(c.at, "suggestions need a search with results; ignored") }
            var field = DraftNode(handle: i.handle(), type: .textField, source: c.at, origin: "searchable")
            field.placeholder = i.title(c, "prompt") ?? "Search"
            field.label = "Search"
            field.value = query
            field.width = .fill
            var page = DraftNode(
                handle: i.handle(), type: .vstack, source: nodes.first?.source ?? c.at, origin: "searchable")
            page.alignment = "leading"
            page.children = [field] + nodes
            page.width = .fill
            i.adopt(&page)
            nodes = [page]
            return .applied
        }

        /// `.searchSuggestions { … }`: the search's suggestions — each view a `Text`, its completion from
        /// `.searchCompletion(_:)` (tvOS "only support[s] suggestion views of type Text"; another view's first text is
        /// used, with a warning). On the `.searchable` content or after it; `.searchSuggestions(_:for:)` (visibility)
        /// is not simulated.
        static let searchSuggestions: Entry = { i, c, nodes in
            guard c.closure(nil) != nil else {
                i.warn(
                    c.at,
                    "searchSuggestions(_:for:) (where suggestions show) is not simulated: tvOS shows them as a row under the keyboard; ignored"
                )
                return .ignored
            }
            let found = suggestions(i, c, label: nil)
            var attached = false
            for k in nodes.indices {
                nodes[k].visitMutating { n in
                    guard !attached, n.type == .search, n.origin == "searchable" else { return }
                    attach(i, found, to: &n)
                    attached = true
                }
            }
            if !attached {
                // After a `.searchable` that became a text field (no results): it has no suggestions row.
                var field = false
                for n in nodes { n.visit { m in if m.type == .textField, m.origin == "searchable" { field = true } } }
                if field {
                    i.warn(c.at, "suggestions need a search with results; ignored")
                    return .ignored
                }
                // Before `.searchable`: the content keeps them until it becomes the search.
                guard !nodes.isEmpty else { return .ignored }
                nodes[0].searchSuggestions = found
            }
            return .applied
        }

        /// The suggestions a closure builds: each view's text (a `Text`'s, else its first text) and completion.
        static func suggestions(_ i: Interpreter, _ c: Call, label: String?) -> DraftSuggestions {
            let (views, reads) = i.recordingReads { i.content(c, label) }
            var items: [SearchSuggestion] = []
            for v in views {
                let text = v.type == .text ? v.title : i.firstText([v])
                if v.origin != "Text" {
                    i.warn(
                        v.source, once: "suggestion-view",
                        "tvOS shows only Text search suggestions (\(v.origin) here); TenFoot uses its text")
                }
                // Empty is none (`.searchCompletion("")` completes nothing), before the check that reports it.
                let title = text.flatMap { $0.isEmpty ? nil : $0 }
                let completion = v.searchCompletion.flatMap { $0.isEmpty ? nil : $0 }
                guard title != nil || completion != nil else { continue }
                if completion == nil {
                    i.warn(
                        v.source, once: "suggestion-completion",
                        "this suggestion has no .searchCompletion: tvOS shows it, but choosing it does nothing")
                }
                items.append(SearchSuggestion(title: title, completion: completion))
            }
            return DraftSuggestions(items: items, reads: reads, at: c.at)
        }

        /// Gives the search its suggestions; a list built from the search's text follows the query (approximated
        /// by `suggestionsMatch: contains`).
        static func attach(_ i: Interpreter, _ s: DraftSuggestions, to search: inout DraftNode) {
            search.searchSuggestions = s
            if let slot = search.searchText, s.reads.contains(slot) {
                i.approximate(.suggestionsFollowingQuery, at: s.at, "the suggestions read \(slot)")
            }
        }

        /// .searchFocused($x): binds the search made by .searchable — a search node's `searchFocused` (true while
        /// focus is on its keyboard; searchFocused is not tvOS API, TenFoot maps it: docs/scene-format.md), or the
        /// text field of the older approximation.
        static let searchFocused: Entry = { i, c, nodes in
            guard let e = c.unlabelled(), case .binding(let b) = i.eval(e, c.frame) else { return .ignored }
            let equals: Value = c.arg("equals").map { i.eval($0, c.frame) } ?? .bool(true)
            guard let v = equals.stateValue else { return .ignored }
            var bound = false
            for k in nodes.indices {
                nodes[k].visitMutating { n in
                    guard !bound, n.origin == "searchable" else { return }
                    if n.type == .search, v == .bool(true) {
                        n.searchFocused = b.slot
                        bound = true
                    } else if n.type == .textField {
                        n.focused = .state(b.slot, v)
                        bound = true
                        i.focusBindings[n.handle] = (b.slot, equals)
                    }
                }
            }
            if !bound {
                i.warn(c.at, "searchFocused has no .searchable field inside; ignored")
                return .ignored
            }
            return .applied
        }

        static let toolbar: Entry = { i, c, nodes in
            let items = i.content(c)
            guard !items.isEmpty else { return .cosmetic }
            i.approximate(.toolbar, at: c.at)
            var bar = DraftNode(handle: i.handle(), type: .hstack, source: c.at, origin: "toolbar")
            bar.children = items.flatMap {
                $0.origin == "ToolbarItem" || $0.origin == "ToolbarItemGroup" ? $0.children : [$0]
            }
            i.adopt(&bar)
            var page = DraftNode(
                handle: i.handle(), type: .vstack, source: nodes.first?.source ?? c.at, origin: "toolbar")
            page.alignment = "leading"
            page.children = [bar] + nodes
            i.adopt(&page)
            nodes = [page]
            return .applied
        }

        /// System colours by name (dark appearance), for texts.
        static let colors: [String: String] = [
            "red": "#ff453a", "orange": "#ff9f0a", "yellow": "#ffd60a", "green": "#32d74b", "mint": "#66d4cf",
            "teal": "#6ac4dc",
            "cyan": "#5ac8f5", "blue": "#0a84ff", "indigo": "#5e5ce6", "purple": "#bf5af2", "pink": "#ff375f",
            "brown": "#ac8e68",
            "gray": "#98989d", "white": "#ffffff", "black": "#000000", "secondary": "#98989d", "primary": "#ffffff",
        ]

        /// The colour a modifier's argument is, unless it follows focus (`isFocused ? .accentColor : .clear`, a
        /// `@FocusState` or `@Environment(\.isFocused)`): the value it has when nothing is focused would be every
        /// item's, the focused one's too, so the standard focus look stands for it (as for `.scaleEffect`).
        static func colorArgument(_ i: Interpreter, _ c: Call) -> String? {
            i.readsIsFocused = false
            let (v, read) = i.recordingReads { i.value(c, nil) }
            if i.readsIsFocused || read.contains(where: { i.slot($0)?.isFocusState == true }) {
                i.readsIsFocused = false
                return nil
            }
            return v.flatMap { i.colorValue($0, near: c.at)?.sceneHex }
        }

        static func color(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode]) -> Outcome {
            guard let hex = colorArgument(i, c) else { return .cosmetic }
            for k in nodes.indices {
                nodes[k].visitMutating { n in
                    if n.type == .text || n.origin == "Shape", n.color == nil { n.color = hex }
                }
            }
            return .cosmetic
        }

        /// `.fill(_:)` of a shape: its colour, when it is one (a gradient is left to the shape's own).
        static func fill(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode]) -> Outcome {
            guard let hex = colorArgument(i, c) else { return .cosmetic }
            for k in nodes.indices where nodes[k].origin == "Shape" { nodes[k].color = hex }
            return .cosmetic
        }

        /// overlay/background: a text inside labels the shape or image it decorates (a card's caption); the rest is
        /// looks.
        /// `.onAppear { … }`, `.task { … }`: the action runs when the screen opens (`Interpreter.screen`).
        static func runAtAppear(_ i: Interpreter, _ c: Call, _ nodes: [DraftNode], _ action: ClosureExprSyntax) {
            i.appearThunks.append(
                ActionThunk(
                    handle: nodes.first?.handle ?? 0, key: .trigger(.onSelect),
                    body: .closure(ClosureValue(syntax: action, frame: c.frame)),
                    state: i.state, appendDepth: 0, at: c.at))
        }

        static func decoration(_ i: Interpreter, _ c: Call, _ nodes: inout [DraftNode]) -> Outcome {
            guard let closure = c.closure(nil) ?? c.closure("content") else { return .cosmetic }
            let saved = (i.viewOutcomes, i.modifierOutcomes)
            let inner = i.views(closure.statements, c.frame.child())
            (i.viewOutcomes, i.modifierOutcomes) = saved
            if let text = i.firstText(inner) {
                for k in nodes.indices where nodes[k].type == .image {
                    nodes[k].title = text
                    nodes[k].label = nodes[k].label == nil || nodes[k].origin == "Shape" ? text : nodes[k].label
                }
            }
            return .cosmetic
        }
    }

    extension Interpreter {
        /// Applies one modifier of a chain to a fragment, counting it in the coverage.
        func applyModifier(_ c: Call, _ nodes: inout [DraftNode]) {
            if let entry = ModifierTable.entries[c.name] {
                let saved = approximatedHere
                approximatedHere = false
                let outcome = entry(self, c, &nodes)
                if approximatedHere {
                    count(modifier: c.at, .approximated)
                } else {
                    switch outcome {
                    case .applied: count(modifier: c.at, .applied)
                    case .cosmetic: count(modifier: c.at, .cosmetic)
                    case .ignored: count(modifier: c.at, .ignored)
                    }
                }
                approximatedHere = saved
            } else if ModifierTable.cosmetic.contains(c.name) {
                count(modifier: c.at, .cosmetic)
            } else if ModifierTable.notOnTVOS.contains(c.name) {
                count(modifier: c.at, .ignored)
                warn(c.at, ".\(c.name) is not available on tvOS; ignored")
            } else if let applied = appModifier(c, nodes) {
                nodes = applied
                count(modifier: c.at, .applied)
            } else if c.arg("isPresented") != nil, let closure = c.closure(nil) ?? c.closure("content"),
                Self.looksLikeViewBuilder(closure)
            {
                // An app's own presentation (`.blurredFullScreenCover(isPresented: $x) { … }`): a sheet driven by
                // the binding, full-screen when its name says cover or full screen.
                let lower = c.name.lowercased()
                let full = lower.contains("cover") || lower.contains("fullscreen")
                let outcome = ModifierTable.sheet(self, c, &nodes, presentation: full ? "fullScreen" : nil)
                count(modifier: c.at, outcome == .applied ? .approximated : .ignored)
                if outcome == .applied {
                    warn(
                        c.at,
                        "unknown modifier .\(c.name) with isPresented: read as a \(full ? "full-screen cover" : "sheet")"
                    )
                }
            } else if let placed = unknownModifierContent(c, nodes) {
                // A modifier TenFoot does not know that brings controls of its own (a package's `.topBarTrailing
                // { Button(…) }`) keeps them reachable: beside the content, like a safe-area inset.
                nodes = placed
                count(modifier: c.at, .approximated)
                warn(
                    c.at,
                    "unknown modifier .\(c.name): the controls in its closure are shown \(c.name.lowercased().contains("bottom") ? "below" : "above") the content"
                )
            } else {
                count(modifier: c.at, .ignored)
                // A closure of views with no control in it here (a view built at several depths may hold one at
                // another, where the same place is said to show it).
                let views = unknownModifierViews(c) != nil
                warn(
                    c.at,
                    "unknown modifier .\(c.name)"
                        + (views ? ": its closure holds no control here; ignored" : "; ignored"))
            }
        }

        /// The closure of views an unknown modifier may bring: not an action's (`on…`) nor a presentation's (a binding
        /// decides when it shows); `accessibilityActions { … }` and its kin are for VoiceOver, never drawn.
        private func unknownModifierViews(_ c: Call) -> ClosureExprSyntax? {
            guard !c.name.hasPrefix("on"), !c.name.hasPrefix("accessibility"),
                !c.args.contains(where: { $0.expr.trimmedDescription.hasPrefix("$") }),
                let closure = c.closure(nil) ?? c.closure("content"),
                Self.looksLikeViewBuilder(closure)
            else { return nil }
            return closure
        }

        /// The content with the focusable views of an unknown modifier's closure above it (below for a name
        /// saying bottom), or nil when the closure holds none (an action, a style), leaving no trace.
        private func unknownModifierContent(_ c: Call, _ nodes: [DraftNode]) -> [DraftNode]? {
            guard let closure = unknownModifierViews(c) else { return nil }
            let saved = snapshot
            let extra = views(closure.statements, c.frame.child())
            var focusable = false
            for n in extra { n.visit { if $0.isFocusableItem { focusable = true } } }
            guard focusable else {
                snapshot = saved
                return nil
            }
            let bottom = c.name.lowercased().contains("bottom")
            var row = DraftNode(handle: handle(), type: .hstack, source: c.at, origin: c.name)
            row.children = extra
            if c.name.lowercased().contains("trailing") {
                row.children.insert(DraftNode(handle: handle(), type: .spacer, source: c.at, origin: "Spacer"), at: 0)
            }
            var n = DraftNode(handle: handle(), type: .vstack, source: c.at, origin: c.name)
            n.children = bottom ? nodes + [row] : [row] + nodes
            // Bar items above the content do not take the first focus from it (tvOS starts in the content).
            if !bottom, let first = nodes.first { n.defaultFocus = .node(first.handle) }
            adopt(&n)
            return [n]
        }
    }
#endif
