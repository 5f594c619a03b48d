#if canImport(SwiftParser)
    import Foundation
    import FocusEngine
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// SwiftUI views → scene nodes, one entry per view. A view the model has no node for yet maps to the closest one
    /// and records its `Approximation`; when the model grows the real node, only that entry changes.
    enum ViewTable {
        typealias Entry = @Sendable (Interpreter, Call) -> [DraftNode]

        static let entries: [String: Entry] = [
            // Stacks and containers
            "VStack": { i, c in [stack(i, c, .vstack)] },
            "LazyVStack": { i, c in [stack(i, c, .vstack)] },
            "HStack": { i, c in [stack(i, c, .hstack)] },
            "LazyHStack": { i, c in [stack(i, c, .hstack)] },
            "ZStack": { i, c in
                // A colour or shape layer with no frame is as big as the stack (`ZStack { Color.black; … }`).
                i.buildingLayers = true
                var n = stack(i, c, .zstack)
                i.buildingLayers = false
                for k in n.children.indices where n.children[k].unframedShape && n.children.count > 1 {
                    n.children[k].width = .fill
                    n.children[k].height = .fill
                }
                return [n]
            },
            "Group": { i, c in i.content(c) },
            // An App's scenes: tvOS shows one window, the first WindowGroup's (or Window's) content; the other
            // scene kinds have no window on a TV.
            "WindowGroup": window,
            "Window": window,
            "Settings": noWindow,
            "ImmersiveSpace": noWindow,
            "DocumentGroup": noWindow,
            "MenuBarExtra": noWindow,
            "UtilityWindow": noWindow,
            "AnyView": { i, c in c.unlabelled().map { i.view($0, c.frame) } ?? [] },
            "EmptyView": { _, _ in [] },
            "ViewThatFits": viewThatFits,
            "HStackLayout": { i, c in [stack(i, c, .hstack)] },
            "VStackLayout": { i, c in [stack(i, c, .vstack)] },
            "ZStackLayout": { i, c in [stack(i, c, .zstack)] },
            "GeometryReader": { i, c in
                let frame = c.frame.child()
                if let t = c.trailing, let p = t.parameterNames.first { frame.locals[p] = .opaque(GeometryProxy.name) }
                i.geometrySizes.append(GeometryProxy.size(of: c, i))
                var n = i.wrap(c.trailing.map { i.views($0.statements, frame) } ?? [], c)
                i.geometrySizes.removeLast()
                n.width = .fill
                n.height = .fill
                return [n]
            },
            "ScrollView": scrollView,
            "ScrollViewReader": { i, c in
                // Its content, the proxy standing for scrolling TenFoot does as focus moves.
                let frame = c.frame.child()
                if let t = c.trailing, let p = t.parameterNames.first { frame.locals[p] = .opaque("proxy") }
                return c.trailing.map { i.views($0.statements, frame) } ?? []
            },
            "List": { i, c in [list(i, c, .list)] },
            "Form": { i, c in [list(i, c, .form)] },
            "Section": section,
            "ForEach": forEach,
            "LazyVGrid": grid,
            "LazyHGrid": horizontalGrid,
            "Grid": { i, c in
                i.approximate(.grid, at: c.at)
                var n = stack(i, c, .vstack)
                if let s = i.number(c, "verticalSpacing") { n.spacing = s }
                return [n]
            },
            "GridRow": { i, c in [stack(i, c, .hstack)] },
            "Spacer": { i, c in [i.node(.spacer, c)] },
            "Divider": { i, c in
                i.approximate(.divider, at: c.at)
                var n = i.node(.vstack, c)
                n.height = .points(SwiftUISizes.dividerThickness)
                n.width = .fill
                return [n]
            },
            "TabView": tabView,
            "Tab": tab,
            "TabSection": { i, c in
                i.approximate(.tabSection, at: c.at)
                return i.content(c)
            },
            "NavigationStack": navigationStack,
            "NavigationView": navigationStack,
            "NavigationSplitView": splitView,
            "NavigationLink": navigationLink,
            "Menu": menu,

            // Content
            "Text": { i, c in
                var n = i.node(.text, c)
                // `Text(Image(systemName: "arrow.right.to.line"))`: the symbol as a text.
                if let e = c.unlabelled(), let call = e.as(FunctionCallExprSyntax.self),
                    call.calledExpression.trimmedDescription == "Image",
                    case .string(let name)? = call.arguments.first(where: { $0.label?.text == "systemName" })
                        .map({ i.eval($0.expression, c.frame) })
                {
                    n.title = ""
                    n.icon = i.symbol(name, at: c.at)
                    return [n]
                }
                n.title = i.title(c, nil) ?? i.string(c, "verbatim") ?? ""
                n.label = n.title
                return [n]
            },
            "Label": { i, c in
                // A text with its symbol before it; in a button's label, the button's own title and symbol.
                var n = i.node(.text, c)
                n.title = i.title(c, nil) ?? i.firstText(i.content(c, "title")) ?? ""
                n.label = n.title
                n.icon = i.symbol(i.symbolName(c, "systemImage") ?? ViewTable.firstIcon(i.content(c, "icon")), at: c.at)
                return [n]
            },
            "Image": image,
            // AuthenticationServices' button: a standard button titled as Apple titles it, with the Apple logo.
            "SignInWithAppleButton": { i, c in
                let kind: String = {
                    if case .enumCase(let e)? = c.unlabelled().map({ i.eval($0, c.frame) }) { return e.name }
                    return "signIn"
                }()
                let title =
                    kind == "continue"
                    ? "Continue with Apple" : kind == "signUp" ? "Sign up with Apple" : "Sign in with Apple"
                var n = i.node(.button, c, label: title)
                n.title = title
                n.icon = "apple-logo"
                return [n]
            },
            "ProgressView": { i, c in
                // A spinner (or a bar) that nothing focuses: its label, or what tvOS shows under a spinner.
                var n = i.node(.text, c)
                n.title = i.title(c, nil) ?? i.firstText(i.content(c, "label")) ?? "Loading…"
                n.label = n.title
                n.style = .caption1
                return [n]
            },
            "AsyncImage": { i, c in
                var n = i.node(.image, c)
                n.label = "AsyncImage"
                // Its placeholder fills what it is offered, and so does the picture a content closure makes resizable.
                n.unframedShape = true
                i.warn(c.at, "AsyncImage loads at run time: drawn as an image placeholder")
                return [n]
            },
            "Button": button,
            "Link": { i, c in
                var n = i.node(.button, c, label: i.title(c, nil) ?? i.firstText(i.content(c)))
                n.title = n.label
                return [n]
            },
            "TextField": { i, c in textField(i, c, secure: false) },
            "SecureField": { i, c in textField(i, c, secure: true) },
            "TextEditor": { i, c in
                i.warn(c.at, "TextEditor is shown as a one-line text field")
                return textField(i, c, secure: false)
            },
            "Toggle": toggle,
            "LabeledContent": labeledContent,
            "Picker": picker,

            // Shapes and colours
            "Rectangle": { i, c in shape(i, c, named: "Rectangle") },
            "RoundedRectangle": { i, c in shape(i, c, named: "RoundedRectangle") },
            "UnevenRoundedRectangle": { i, c in shape(i, c, named: "UnevenRoundedRectangle") },
            "Capsule": { i, c in shape(i, c, named: "Capsule") },
            "Circle": { i, c in shape(i, c, named: "Circle") },
            "Ellipse": { i, c in shape(i, c, named: "Ellipse") },
            "Color": { i, c in shape(i, c, named: "Color") },
            "LinearGradient": { i, c in shape(i, c, named: "LinearGradient") },
            "RadialGradient": { i, c in shape(i, c, named: "RadialGradient") },
            "EllipticalGradient": { i, c in shape(i, c, named: "EllipticalGradient") },
            "AngularGradient": { i, c in shape(i, c, named: "AngularGradient") },
        ]

        // MARK: Stacks

        /// ViewThatFits: the first child whose width (estimated: fixed frames, text at about 0.55 em a character,
        /// stacks adding up) fits the safe width, else the last, as SwiftUI falls back to it.
        static func viewThatFits(_ i: Interpreter, _ c: Call) -> [DraftNode] {
            let children = i.content(c)
            guard children.count > 1 else { return children }
            i.approximate(.viewThatFits, at: c.at)
            let chosen =
                children.first { (estimatedWidth($0) ?? 0) <= SwiftUISizes.safeWidth } ?? children[children.count - 1]
            return [chosen]
        }

        /// A node's width as laid out, roughly; nil when nothing says (it then fits).
        static func estimatedWidth(_ n: DraftNode) -> Double? {
            if case .points(let w)? = n.width { return w }
            let em = (n.style ?? .body).size
            switch n.type {
            case .text: return n.title.map { Double($0.count) * em * 0.55 }
            case .button: return n.title.map { Double($0.count) * TextStyle.headline.size * 0.55 + 80 }
            case .spacer: return 0
            case .hstack:
                let widths = n.children.compactMap(estimatedWidth)
                return widths.reduce(0, +) + (n.spacing ?? SwiftUISizes.defaultSpacing)
                    * Double(max(0, n.children.count - 1))
            case .vstack, .zstack: return n.children.compactMap(estimatedWidth).max()
            default: return nil
            }
        }

        static func window(_ i: Interpreter, _ c: Call) -> [DraftNode] {
            // An app's own view named like a scene (`struct Window: View`) is the one its code means.
            if let t = i.index.type(c.name), t.isView { return i.customView(t, c) }
            guard !i.windowShown else { return [] }
            i.windowShown = true
            return i.content(c)
        }

        static func noWindow(_ i: Interpreter, _ c: Call) -> [DraftNode] {
            if let t = i.index.type(c.name), t.isView { return i.customView(t, c) }
            return []
        }

        static func stack(_ i: Interpreter, _ c: Call, _ type: NodeType) -> DraftNode {
            var n = i.node(type, c)
            n.children = i.content(c)
            if let s = i.number(c, "spacing") { n.spacing = s }
            if case .enumCase(let a)? = i.value(c, "alignment") { n.alignment = alignment(a.name, for: type) }
            i.adopt(&n)
            return n
        }

        /// SwiftUI alignments → the scene format's (an HStack aligns top/center/bottom, others
        /// leading/center/trailing).
        static func alignment(_ name: String, for type: NodeType) -> String? {
            if type == .hstack {
                switch name {
                case "top", "firstTextBaseline": return "top"
                case "bottom", "lastTextBaseline": return "bottom"
                default: return nil
                }
            }
            switch name {
            case "leading", "topLeading", "bottomLeading", "listRowSeparatorLeading": return "leading"
            case "trailing", "topTrailing", "bottomTrailing", "listRowSeparatorTrailing": return "trailing"
            default: return nil
            }
        }

        /// ScrollView(.horizontal) is a shelf (the tvOS scrolling row); a vertical one is a scrolling page.
        static let scrollView: Entry = { i, c in
            var horizontal = false
            if let axes = c.unlabelled() ?? c.arg("axes") {
                let text = axes.trimmedDescription
                horizontal = text.contains("horizontal") && !text.contains("vertical")
            }
            let content = i.content(c)
            var n = i.node(horizontal ? .shelf : .scroll, c)
            // A scroll view takes the space its stack leaves (SwiftUI's ScrollView is flexible).
            n.width = .fill
            // A single stack inside takes the scroll view's place: its children scroll (LazyHStack in a shelf).
            if content.count == 1, content[0].type == (horizontal ? .hstack : .vstack) {
                let inner = content[0]
                n.children = inner.children
                n.spacing = inner.spacing
                if !horizontal { n.alignment = inner.alignment }
                n.focusSection = inner.focusSection
                n.padding = inner.padding
            } else if horizontal, content.count == 1, content[0].type == .grid {
                n.children = content
            } else {
                n.children = content
            }
            i.adopt(&n)
            return [n]
        }

        enum ListKind { case list, form }

        /// List and Form: a vertical scroll whose controls fill the width like tvOS table rows.
        static func list(_ i: Interpreter, _ c: Call, _ kind: ListKind) -> DraftNode {
            i.approximate(kind == .list ? .list : .form, at: c.at)
            var n = i.node(.scroll, c)
            n.alignment = "leading"
            n.width = .fill
            if kind == .list, let data = c.unlabelled(), c.trailing != nil {
                // List(items) { item in … } is a ForEach inside a List.
                n.children = forEachRows(i, c, data: data, row: c.trailing!)
            } else {
                n.children = i.content(c)
            }
            for k in n.children.indices { fillRows(&n.children[k]) }
            i.adopt(&n)
            return n
        }

        /// Controls directly in a list or section fill the row.
        static func fillRows(_ n: inout DraftNode) {
            // A NavigationLink in a list is a settings row with a chevron (UITableViewCell's disclosure indicator).
            if n.origin == "NavigationLink", n.type == .button || (n.type == .row && n.accessoryType == nil) {
                n.type = .row
                n.accessoryType = "disclosureIndicator"
                n.textAlignment = nil
                n.subtitle = n.subtitle ?? n.labelSubtitle
                return
            }
            // A button whose label ends in a chevron is a row with a disclosure indicator, as a NavigationLink is.
            if n.type == .button, let accessory = n.trailingAccessory {
                n.type = .row
                n.accessoryType = accessory.type
                n.textAlignment = nil
                n.subtitle = n.labelSubtitle
                return
            }
            if n.isFocusableItem, n.type == .button || n.type == .textField || n.type == .picker, n.width == nil {
                n.width = .fill
                // A button row of a tvOS table reads from the leading edge, as a settings row does.
                if n.type == .button, n.textAlignment == nil { n.textAlignment = "leading" }
            }
            if n.origin == "Section" || n.origin == "ForEach" || n.origin == "Group" {
                for k in n.children.indices { fillRows(&n.children[k]) }
            }
        }

        static let section: Entry = { i, c in
            // The scene's section: its rows one under another, the header above and the footer below.
            var n = i.node(.section, c)
            func text(_ key: String) -> String? {
                // `header: Text("Profile").foregroundColor(.gray)`: the text, the modifiers aside.
                if let e = c.arg(key), let t = Interpreter.textCall(e) {
                    return i.eval(ExprSyntax(t), c.frame).display
                }
                return i.value(c, key).map { v -> String in
                    if case .view(let e, let f) = v { return i.firstText(i.view(e, f)) ?? "" }
                    return v.display
                } ?? c.closure(key).flatMap { i.firstText(i.views($0.statements, c.frame.child())) }
            }
            let header = i.title(c, nil) ?? text("header")
            if let header, !header.isEmpty {
                n.header = header
                n.label = header
                n.idHint = header + " section"
            }
            if let footer = text("footer"), !footer.isEmpty { n.footer = footer }
            n.children = i.content(c)
            i.adopt(&n)
            return [n]
        }

        // MARK: ForEach and grids

        static let forEach: Entry = { i, c in
            guard let data = c.unlabelled(), let row = c.trailing ?? c.arg("content")?.as(ClosureExprSyntax.self) else {
                return i.placeholder(c, reason: "ForEach without data and a row closure:")
            }
            return forEachRows(i, c, data: data, row: row)
        }

        /// The lower bound of a range of integers written `a..<b` or `a...b` (in parentheses or not), nil for anything
        /// else or a bound that is no integer.
        static func rangeStart(_ i: Interpreter, _ e: ExprSyntax, _ f: Frame) -> Int? {
            var e = e
            while let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
                e = only.expression
            }
            func isRange(_ op: ExprSyntax) -> Bool {
                guard let b = op.as(BinaryOperatorExprSyntax.self) else { return false }
                return b.operator.text == "..<" || b.operator.text == "..."
            }
            if let s = e.as(SequenceExprSyntax.self), s.elements.count == 3 {
                let parts = Array(s.elements)
                return isRange(parts[1]) ? i.eval(parts[0], f).asInt : nil
            }
            if let infix = e.as(InfixOperatorExprSyntax.self), isRange(infix.operator) {
                return i.eval(infix.leftOperand, f).asInt
            }
            return nil
        }

        /// The rows of `ForEach(data) { item in … }`; data kept in the state becomes a site that appends grow.
        static func forEachRows(_ i: Interpreter, _ c: Call, data: ExprSyntax, row: ClosureExprSyntax) -> [DraftNode] {
            var overIndices = false
            var placeExpr = data
            if let m = data.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "indices", let base = m.base {
                overIndices = true
                placeExpr = base
            }
            var value = i.eval(data, c.frame)
            // `ForEach(.all)`: a static list the app declares on Array (`extension Array { static var all: [Video] }`).
            if case .enumCase(let e) = value, e.type == nil, e.args.isEmpty,
                let array = i.index.extensionMembers(of: "Array"),
                let p = array.properties.first(where: { $0.isStatic && $0.name == e.name })
            {
                if let getter = p.getter {
                    value = i.lastValue(getter, Frame.statics(of: array))
                } else if let initial = p.initializer {
                    value = i.eval(initial, Frame.statics(of: array))
                }
            }
            let place = i.place(placeExpr, c.frame)
            let closure = ClosureValue(syntax: row, frame: c.frame)
            let idKey: [String]? = {
                if case .keyPath(let k)? = i.value(c, "id") { return k }
                return nil
            }()
            let siteID = i.sites.count + 1
            let site = ForEachSite(
                id: siteID, container: nil, place: place ?? BindingRef(slot: ""), overIndices: overIndices,
                row: closure, idKey: idKey, at: c.at)
            if place != nil { i.sites.append(site) }
            /// Three sample rows of data TenFoot has no elements of. Over a range or the indices of such data
            /// (`0..<items.count`, `items.indices`), the rows are the range's first numbers, still data only the
            /// running app has (a condition on one takes its first branch, as it did), which the row's own code
            /// uses (`items[index]` reads `‹items[0]›`).
            func samples(_ text: String) -> [Value] {
                if let start = overIndices ? 0 : rangeStart(i, data, c.frame) {
                    return (0..<3).map { Value.opaque("\(start + $0)") }
                }
                return (0..<3).map { k in
                    let row = "\(text)[\(k)]"
                    // Kept for the screen's first few thousand such lists (a loop of lists makes one each time
                    // round), named in at most 256 bytes (a name of 300 KB would be kept nine times a list).
                    if i.sampleRowIdentities.count < 30_000, row.utf8.count <= 256 {
                        i.sampleRowIdentities.insert(row)
                        i.sampleRowIdentities.insert(row + ".id")
                        if let idKey, idKey != ["self"] {
                            i.sampleRowIdentities.insert(row + "." + idKey.joined(separator: "."))
                        }
                    }
                    return Value.opaque(row)
                }
            }
            var elements: [Value]
            switch value {
            case .opaque(let text):
                i.warn(
                    c.at, once: "data",
                    "ForEach over \(text), which only the running app has: 3 sample rows (give it in the sidecar's \"data\" as \"\(text)\")"
                )
                elements = samples(text)
            case .binding(let b):
                elements = i.read(b).elements ?? []
            default:
                if let e = value.elements {
                    elements = e
                } else {
                    // Data of a type declared where TenFoot does not read (`Protocol.allCases` from another
                    // target): rows of samples show what each row holds, where a box named ForEach showed nothing.
                    let text = i.short(data.trimmedDescription)
                    i.warn(c.at, "ForEach over \(text), which TenFoot cannot list: 3 sample rows")
                    elements = samples(text)
                }
            }
            if elements.count > 10_000 {
                elements = Array(elements.prefix(10_000))
                i.warnCut(c.at, "ForEach shows its first 10000 rows")
            }
            var out: [DraftNode] = []
            for (k, element) in elements.enumerated() {
                var rows = i.buildRow(site, element: element, index: k)
                if place == nil { for r in rows.indices { rows[r].forEachSite = nil } }
                out += rows
            }
            return out
        }

        /// LazyVGrid(columns: [GridItem…]): the scene grid with one column per item (adaptive items: as many as fit).
        static let grid: Entry = { i, c in
            var n = i.node(.grid, c)
            var fixed: Double?
            if case .array(let items)? = i.value(c, "columns") {
                var count = 0
                for item in items {
                    // `GridItem(.adaptive(minimum: 260))`, or `.init(.adaptive(minimum: 260))` in a `[GridItem]`.
                    var size: Value?
                    if case .record(let r) = item { size = r.field("_0") }
                    if case .enumCase(let e) = item { size = e.name == "init" ? e.args.first : item }
                    if case .enumCase(let kind)? = size {
                        if kind.name == "adaptive", let min = kind.args.first?.asDouble {
                            // A minimum of 0 or less (or not a number) fits one column a point wide: at most the
                            // safe width's worth, never a conversion of infinity.
                            let fit = (SwiftUISizes.safeWidth + 40) / (Swift.max(1, min.isNaN ? 1 : min) + 40)
                            count += Swift.max(1, Int(fit))
                            continue
                        }
                        if kind.name == "fixed", let w = kind.args.first?.asDouble { fixed = fixed ?? w }
                    }
                    count += 1
                }
                n.columns = min(12, max(1, count))
            } else {
                i.warn(c.at, "the grid's columns are not a literal array of GridItem: 6 columns")
            }
            if let s = i.number(c, "spacing") { n.spacing = s }
            n.children = i.content(c)
            // The scene grid takes its column width from the first item.
            if let fixed, !n.children.isEmpty, n.children[0].width == nil { n.children[0].width = .points(fixed) }
            i.adopt(&n)
            return [n]
        }

        static let horizontalGrid: Entry = { i, c in
            i.approximate(.horizontalGrid, at: c.at)
            var n = i.node(.grid, c)
            let rows = max(1, i.value(c, "rows")?.elements?.count ?? 1)
            n.children = i.content(c)
            n.columns = min(12, max(1, (n.children.count + rows - 1) / rows))
            i.adopt(&n)
            return [n]
        }

        // MARK: Tabs and navigation

        /// TabView: the scene's tab bar (its tabs from `.tabItem`/`.tag` or tvOS 18 `Tab`).
        static let tabView: Entry = { i, c in
            let pages = i.content(c)
            var bar = i.node(.tabBar, c)
            bar.idHint = "tabs"
            var selectionSlot: String?
            if case .binding(let b)? = i.value(c, "selection"), b.path.isEmpty { selectionSlot = b.slot }
            let selected = selectionSlot.flatMap { i.state[$0]?.stateValue }
            var tabs: [DraftTab] = []
            if pages.count > SceneLimits.maxTabs {
                i.warn(
                    c.at,
                    "TabView shows its first \(SceneLimits.maxTabs) tabs (a tab bar holds at most \(SceneLimits.maxTabs))"
                )
            }
            for page in pages.prefix(SceneLimits.maxTabs) {
                let meta = page.tab ?? TabMeta(title: nil, icon: nil, tag: nil)
                let title = meta.title ?? i.firstText([page]) ?? "Tab \(tabs.count + 1)"
                var content = page
                content.tab = nil
                if !content.type.isContainer || content.type == .sheet {
                    var w = DraftNode(handle: i.handle(), type: .vstack, source: page.source, origin: page.origin)
                    w.children = [content]
                    content = w
                }
                tabs.append(
                    DraftTab(
                        handle: i.handle(), title: title, icon: i.symbol(meta.icon, at: page.source), content: content,
                        source: page.source, tag: meta.tag ?? page.tag))
            }
            if tabs.isEmpty { return i.placeholder(c, reason: "TabView with no tabs:") }
            if let slot = selectionSlot {
                i.tabHooks[slot] = tabs.compactMap { t in t.tag.map { ($0, t.handle) } }
                // The bar opens on the selected tab, focus on it.
                if let selected, let k = tabs.firstIndex(where: { $0.tag == selected }), k > 0 {
                    bar.defaultFocus = .node(tabs[k].handle)
                }
            }
            bar.tabs = tabs
            return [bar]
        }

        /// tvOS 18 `Tab("Title", systemImage:, value:) { content }`.
        static let tab: Entry = { i, c in
            var n = i.wrap(i.content(c), c)
            n.tab = TabMeta(
                title: i.title(c, nil), icon: i.symbolName(c, "systemImage"), tag: i.value(c, "value")?.stateValue)
            return [n]
        }

        /// NavigationStack: transparent, except that a `.navigationTitle` inside shows above the content.
        static let navigationStack: Entry = { i, c in
            var content = i.content(c)
            guard let k = content.firstIndex(where: { $0.navigationTitle != nil }),
                let title = content[k].navigationTitle
            else { return content }
            content[k].navigationTitle = nil
            i.approximate(.navigationTitle, at: content[k].source)
            var t = i.node(.text, c, label: title)
            t.title = title
            t.style = .title2
            var n = i.node(.vstack, c)
            n.alignment = "leading"
            n.children = [t] + content
            i.adopt(&n)
            return [n]
        }

        /// NavigationSplitView { sidebar } detail: { … }: side by side, each a focus section filling the screen's
        /// height; the sidebar (and a middle column) keeps a fixed width, the detail takes the rest. A column's
        /// `.navigationTitle` is its title above it.
        static let splitView: Entry = { i, c in
            var columns: [DraftNode] = []
            for label in [nil, "content", "detail"] as [String?] {
                var nodes = label == nil ? i.content(c) : i.content(c, label)
                guard !nodes.isEmpty else { continue }
                if let k = nodes.firstIndex(where: { $0.navigationTitle != nil }), let title = nodes[k].navigationTitle
                {
                    nodes[k].navigationTitle = nil
                    i.approximate(.navigationTitle, at: nodes[k].source)
                    var t = i.node(.text, c, label: title)
                    t.title = title
                    t.style = .title3
                    nodes.insert(t, at: 0)
                }
                var col =
                    nodes.count == 1 && nodes[0].type.isContainer
                    ? nodes[0]
                    : {
                        var v = i.node(.vstack, c)
                        v.alignment = "leading"
                        v.children = nodes
                        i.adopt(&v)
                        return v
                    }()
                col.focusSection = true
                col.height = .fill
                col.width = label == "detail" ? .fill : .points(SwiftUISizes.sidebarWidth)
                columns.append(col)
            }
            var n = i.node(.hstack, c)
            n.alignment = "top"
            n.width = .fill
            n.height = .fill
            n.children = columns
            return [n]
        }

        /// A control's label closure, built as a label (its symbol is the control's icon, nothing approximated).
        static func label(_ i: Interpreter, _ closure: ClosureExprSyntax?, _ c: Call) -> [DraftNode] {
            i.buildingButtonLabel += 1
            defer { i.buildingButtonLabel -= 1 }
            return closure.map { i.views($0.statements, c.frame.child()) } ?? []
        }

        /// `n` presents `content` as a sheet of its own (centred, or filling the screen) when selected, or pushes
        /// it (`presentation` "push"), the content's navigation title the destination's title.
        static func present(
            _ i: Interpreter, _ content: [DraftNode], from n: inout DraftNode, _ c: Call, idHint: String,
            presentation: String?
        ) {
            var sheet = DraftNode(handle: i.handle(), type: .sheet, source: c.at, origin: c.name)
            sheet.idHint = idHint
            sheet.presentation = presentation
            if presentation == "push", let t = content.lazy.compactMap(\.navigationTitle).first { sheet.title = t }
            i.centre(content, in: &sheet)
            i.sheets.append(sheet)
            n.actions.append((.onSelect, [.present(sheet: sheet.handle)]))
        }

        /// NavigationLink: a button that pushes its destination. Forms: `("Title") { destination }`,
        /// `(destination: D) { label }`, `{ destination } label: { label }`, `(value:) { label }` and
        /// `("Title", value:)` (the destination a `navigationDestination(for:)` builds for the value).
        static let navigationLink: Entry = { i, c in
            let titleArg = i.title(c, nil)
            let byValue = c.arg("value")
            let labelClosure = c.closure("label") ?? (titleArg == nil || byValue != nil ? c.trailing : nil)
            let destinationClosure =
                byValue != nil
                ? nil
                : c.closure("destination") ?? (labelClosure == nil || c.closure("label") != nil ? c.trailing : nil)
            let labelNodes = label(i, labelClosure, c)
            let title = titleArg ?? i.firstText(labelNodes) ?? "Link"
            var n = i.node(.button, c, label: title)
            n.title = title
            n.icon = i.symbol(labelSymbols(labelNodes).icon, at: c.at)
            n.labelSubtitle = labelSubtitle(labelNodes, title: title)
            applySpacedLabel(&n, labelNodes)
            applyLabelArtwork(i, &n, labelNodes)
            n.accessibilityLabel = accessibilityLabel(in: labelNodes)
            if let byValue {
                let value = i.eval(byValue, c.frame)
                if let d = i.links.destinations.last(where: { Interpreter.destination($0.type, takes: value) }) {
                    pushDestination(i, d, value: value, from: &n, c, title: title)
                } else {
                    i.links.pending.append((n.handle, value, title, c))
                }
                return [n]
            }
            push(i, from: &n, c, title: title) {
                if let closure = destinationClosure { return i.views(closure.statements, c.frame.child()) }
                return c.arg("destination").map { i.view($0, c.frame) } ?? []
            }
            return [n]
        }

        /// Pushes what `build` makes when `n` is selected, built one push deeper: at most `maxPushes` deep.
        static func push(
            _ i: Interpreter, from n: inout DraftNode, _ c: Call, title: String, _ build: () -> [DraftNode]
        ) {
            guard i.links.pushing < Interpreter.maxPushes else {
                i.warnCut(c.at, "a push \(Interpreter.maxPushes) screens deep: this link's destination is not built")
                return
            }
            // Destinations fan out (every poster of a shelf pushes a detail screen whose shelves push more): past half
            // the budgets they are no longer built, so the screen itself is read whole.
            guard i.mayBuildPushes else {
                if !i.links.stoppedPushing {
                    i.links.stoppedPushing = true
                    i.warnCut(
                        c.at,
                        "the screens links push are not built from this link on: with them the screen had made more than \(i.nodeBudget / 2) views or \(i.workBudget / 2) steps of evaluation (half of a screen's limits, the rest kept for the screen itself)"
                    )
                }
                return
            }
            i.links.pushing += 1
            defer { i.links.pushing -= 1 }
            let content = build()
            if !content.isEmpty { present(i, content, from: &n, c, idHint: title + " page", presentation: "push") }
        }

        /// Pushes what a `navigationDestination(for:)` builds for `value` when `n` is selected.
        static func pushDestination(
            _ i: Interpreter, _ d: (type: String?, closure: ClosureExprSyntax, frame: Frame), value: Value,
            from n: inout DraftNode, _ c: Call, title: String
        ) {
            push(i, from: &n, c, title: title) {
                let frame = d.frame.child()
                if let p = d.closure.parameterNames.first { frame.locals[p] = value }
                return i.views(d.closure.statements, frame)
            }
        }

        /// Menu: a button showing its label that opens its items. Forms: `("Title") { items }`,
        /// `{ items } label: { label }`, `(content: items) { label }`, `(_:systemImage:) { items }`.
        static let menu: Entry = { i, c in
            let titleArg = i.title(c, nil)
            let labelClosure = c.closure("label") ?? (c.arg("content") != nil ? c.trailing : nil)
            let labelNodes = label(i, labelClosure, c)
            let title = titleArg ?? i.firstText(labelNodes) ?? "Menu"
            var n = i.node(.button, c, label: title)
            n.title = title
            n.icon = i.symbol(i.symbolName(c, "systemImage") ?? firstIcon(labelNodes), at: c.at)
            var items =
                c.closure("content").map { i.views($0.statements, c.frame.child()) }
                ?? (labelClosure == nil || c.closure("label") != nil
                    ? i.content(c) : c.arg("content").map { _ in i.content(c, "content") } ?? [])
            guard !items.isEmpty else { return [n] }
            i.approximate(.menu, at: c.at)
            for k in items.indices {
                items[k].visitMutating { m in
                    if m.type.isFocusableByDefault { m.actions.insert((.onSelect, [.dismiss]), at: 0) }
                }
            }
            present(i, items, from: &n, c, idHint: title + " menu", presentation: nil)
            return [n]
        }

        // MARK: Controls

        /// Button: a button, or a poster/card when its label is artwork (an image, or an image with a caption).
        static let button: Entry = { i, c in
            let titleArg: String? = {
                guard let e = c.unlabelled(), !e.is(ClosureExprSyntax.self) else { return nil }
                return i.title(c, nil)
            }()
            let actionValue: Value? = c.arg("action").map { i.eval($0, c.frame) }
            var labelNodes: [DraftNode] = []
            var actionClosure: ClosureExprSyntax?
            i.buildingButtonLabel += 1
            if let label = c.closure("label") {
                labelNodes = i.views(label.statements, c.frame.child())
                actionClosure = c.trailing
            } else if actionValue != nil, let t = c.trailing {
                labelNodes = i.views(t.statements, c.frame.child())
            } else {
                actionClosure = c.trailing
            }
            i.buildingButtonLabel -= 1
            // A label text shown only while the button is focused (or framed to nothing) is not drawn as it opens:
            // the button is its symbol, and the text what VoiceOver says for it.
            var shownLabel = labelNodes
            let revealed = unshownTexts(&shownLabel)
            // Only beside a symbol: a label of such a text alone stays the button's title.
            if revealed != nil, titleArg == nil, i.symbolName(c, "systemImage") ?? labelSymbols(shownLabel).icon != nil
            {
                labelNodes = shownLabel
            }
            let title = titleArg ?? i.firstText(labelNodes)
            let symbols = labelSymbols(labelNodes)
            let symbol = i.symbolName(c, "systemImage") ?? symbols.icon
            // An icon-only button is known by its symbol's name (`minus`), as VoiceOver names it.
            var n = i.node(.button, c, label: title ?? revealed ?? symbol)
            n.title = title
            n.icon = i.symbol(symbol, at: c.at)
            n.trailingAccessory = symbols.accessory
            n.labelSubtitle = labelSubtitle(labelNodes, title: title)
            n.symbolIsArtwork = symbolIsArtwork(labelNodes)
            // A label framed to a size (`.frame(width: 110, height: 110)`) is the button's size: SwiftUI sizes a
            // button to its label.
            if labelNodes.count == 1, [.text, .hstack, .vstack, .zstack].contains(labelNodes[0].type) {
                if case .points? = labelNodes[0].width { n.width = labelNodes[0].width }
                if case .points? = labelNodes[0].height { n.height = labelNodes[0].height }
            }
            applySpacedLabel(&n, labelNodes)
            if let label = viewsLabel(labelNodes) {
                // A label of views of its own (a thumbnail beside its texts): the button is that label, drawn on
                // the button's platter, laid out as the app lays it out (it was a card of the thumbnail's size).
                n.type = label.type
                n.children = label.children
                n.spacing = label.spacing
                n.alignment = label.alignment
                n.padding = label.padding
                n.width = label.width ?? n.width
                n.height = label.height ?? n.height
                n.accessibilityLabel = label.accessibilityLabel
                (n.icon, n.trailingAccessory) = (nil, nil)
                n.buttonStyle = "bordered"
                n.focusable = .activate
            } else {
                applyLabelArtwork(i, &n, labelNodes)
            }
            // `.accessibilityLabel` on the label's content names the button (VoiceOver reads the button).
            n.accessibilityLabel = n.accessibilityLabel ?? accessibilityLabel(in: labelNodes)
            if n.title == nil, n.accessibilityLabel == nil { n.accessibilityLabel = revealed }
            if let a = actionValue {
                i.addAction(.trigger(.onSelect), to: n, a, at: c.at)
            } else if let a = actionClosure {
                i.addAction(.trigger(.onSelect), to: n, .closure(ClosureValue(syntax: a, frame: c.frame)), at: c.at)
            }
            return [n]
        }

        /// Takes out of a control's label the texts it does not show as the screen opens: revealed only on focus, or
        /// framed to no width or height (`.frame(width: isFocused ? nil : 0)`). The first one's words.
        static func unshownTexts(_ nodes: inout [DraftNode]) -> String? {
            var words: String?
            func unshown(_ n: DraftNode) -> Bool {
                guard n.type == .text, !(n.title ?? "").isEmpty else { return false }
                return n.revealedOnFocus || n.width == .points(0) || n.height == .points(0)
            }
            func prune(_ list: inout [DraftNode]) {
                list.removeAll { n in
                    guard unshown(n) else { return false }
                    if words == nil { words = n.title }
                    return true
                }
                for k in list.indices { prune(&list[k].children) }
            }
            prune(&nodes)
            return words
        }

        /// A control whose label's spacer pushes its parts apart (`Text(title); Spacer(); Text(status)`) is a
        /// settings row: it takes the width it is offered, as a spacer makes any stack, its title at the leading
        /// end and the first text after the spacer, its value, at the trailing end.
        static func applySpacedLabel(_ n: inout DraftNode, _ labelNodes: [DraftNode]) {
            guard n.width == nil, n.type == .button, let spaced = spacedLabel(labelNodes) else { return }
            n.width = .fill
            n.type = .row
            n.textAlignment = nil
            if spaced.value != n.title { n.value = spaced.value }
            // A second text before the spacer (`VStack { Text(name); Text(server) }`) is the row's subtitle.
            if spaced.leading.count > 1, spaced.leading[0] == n.title { n.subtitle = spaced.leading[1] }
            n.labelSubtitle = nil
            // A chevron at its end is the row's disclosure indicator.
            if let accessory = labelSymbols(labelNodes).accessory { n.accessoryType = accessory.type }
        }

        /// A label laid out along a row with a `Spacer` after a text (`Text(title); Spacer(); Text(status)`, or the
        /// same in an `HStack`): the first two texts before the spacer, and the first text after it. Nil for any
        /// other label. A spinner's "Loading…" is no text here.
        static func spacedLabel(_ label: [DraftNode]) -> SpacedLabel? {
            let items = label.count == 1 && label[0].type == .hstack ? label[0].children : label
            guard let spacer = items.firstIndex(where: { $0.type == .spacer }) else { return nil }
            let leading = labelTexts(items[..<spacer], 2)
            guard !leading.isEmpty else { return nil }
            return SpacedLabel(leading: leading, value: labelTexts(items[(spacer + 1)...], 1).first)
        }

        /// The first `most` texts a label shows, in reading order (a spinner's "Loading…" is none).
        static func labelTexts(_ nodes: some Sequence<DraftNode>, _ most: Int) -> [String] {
            var found: [String] = []
            for n in nodes {
                n.visit {
                    if found.count < most, $0.type == .text, $0.origin != "ProgressView", let t = $0.title, !t.isEmpty {
                        found.append(t)
                    }
                }
            }
            return found
        }

        /// The text under a label's title (`VStack { Text(name); Text(server) }`): a row's subtitle.
        static func labelSubtitle(_ labelNodes: [DraftNode], title: String?) -> String? {
            let texts = labelTexts(labelNodes, 2)
            return texts.count == 2 && texts[0] == title ? texts[1] : nil
        }

        struct SpacedLabel {
            var leading: [String]
            var value: String?
        }

        /// The first `.accessibilityLabel` given inside a control's label.
        static func accessibilityLabel(in nodes: [DraftNode]) -> String? {
            var found: String?
            for n in nodes { n.visit { if found == nil, let a = $0.accessibilityLabel { found = a } } }
            return found
        }

        /// The symbols of a control's label: the icon drawn before its title (the first symbol before the title, else
        /// one after it), and a chevron after the title (`chevron.right`), which is a row's disclosure indicator in a
        /// list and never a leading icon, where it would point the way back.
        static func labelSymbols(_ nodes: [DraftNode]) -> (icon: String?, accessory: (type: String, symbol: String)?) {
            var leading: String?
            var trailing: String?
            var accessory: (type: String, symbol: String)?
            var seenTitle = false
            for n in nodes {
                n.visit { m in
                    if let icon = m.icon {
                        if !seenTitle {
                            if leading == nil { leading = icon }
                        } else if accessory == nil, chevrons.contains(icon) {
                            accessory = ("disclosureIndicator", icon)
                        } else if trailing == nil {
                            trailing = icon
                        }
                    }
                    if m.type == .text, !(m.title ?? "").isEmpty { seenTitle = true }
                }
            }
            return (leading ?? trailing, accessory)
        }

        /// Whether a label's symbol is framed larger than an icon (`Image(systemName: "photo").resizable().frame(width:
        /// 250, height: 375)`): a placeholder picture, not the symbol beside a title.
        static func symbolIsArtwork(_ nodes: [DraftNode]) -> Bool {
            var found = false
            for n in nodes {
                n.visit { m in
                    guard !found, m.icon != nil else { return }
                    for length in [m.width, m.height] {
                        if case .points(let p)? = length, p > iconSide { found = true }
                    }
                }
            }
            return found
        }

        /// The symbols a label ends in to say it leads on.
        static let chevrons: Set<String> = ["chevron.right", "chevron.forward", "chevron.compact.right"]

        static func firstIcon(_ nodes: [DraftNode]) -> String? {
            var found: String?
            for n in nodes { n.visit { if found == nil, let icon = $0.icon { found = icon } } }
            return found
        }

        /// The largest side of a picture beside a button's title that is its icon rather than its artwork (tvOS
        /// draws a button's symbol 44 points high).
        static let iconSide = 80.0

        /// A label of views that no button, poster or card draws: a row whose picture (larger than an icon) stands
        /// beside its texts (`HStack { thumbnail; VStack { title; subtitle } }`). Nil for any other label.
        static func viewsLabel(_ label: [DraftNode]) -> DraftNode? {
            guard label.count == 1, label[0].type == .hstack else { return nil }
            let row = label[0]
            func holds(_ n: DraftNode, _ test: (DraftNode) -> Bool) -> Bool {
                var found = false
                n.visit { if !found, test($0) { found = true } }
                return found
            }
            func isPicture(_ m: DraftNode) -> Bool {
                guard m.type == .image || m.origin == "Shape" else { return false }
                if case .points(let w)? = m.width, case .points(let h)? = m.height { return max(w, h) > iconSide }
                return true
            }
            let pictures = row.children.indices.filter { holds(row.children[$0], isPicture) }
            let texts = row.children.indices.filter {
                holds(row.children[$0]) { $0.type == .text && !($0.title ?? "").isEmpty }
            }
            guard let first = pictures.first, texts.contains(where: { $0 != first }) else { return nil }
            return row
        }

        /// The largest side of a tile holding a symbol above a caption that makes a caption button (tvOS's platter is
        /// 160 × 110).
        static let captionTileSide = 200.0

        /// A label that is a symbol on a small framed tile with a caption below (`VStack { ZStack {
        /// RoundedRectangle(…); Image(systemName: "play.fill") }.frame(width: 96, height: 96); Text("Resume") }`)
        /// makes the button tvOS's caption button (`TVCaptionButtonView`): the symbol on a platter of the tile's size,
        /// the caption (and a second text) below. False, and `n` unchanged, for any other label.
        static func applyCaptionTile(_ i: Interpreter, _ n: inout DraftNode, _ label: [DraftNode]) -> Bool {
            guard label.count == 1, label[0].type == .vstack, let tile = label[0].children.first,
                case .points(let w)? = tile.width, case .points(let h)? = tile.height,
                max(w, h) <= captionTileSide
            else { return false }
            // A symbol on a shape, nothing else: not a picture with a badge, a symbol alone (an avatar), or a
            // tile with its own text (a rating).
            var symbol: String?
            var platter: DraftNode?
            var other = false
            tile.visit { m in
                if m.origin == "Shape" {
                    if platter == nil { platter = m }
                } else if let icon = m.icon, m.type == .text, (m.title ?? "").isEmpty {
                    if symbol == nil { symbol = icon }
                } else if m.type != .zstack && m.type != .vstack && m.type != .hstack && m.type != .spacer {
                    other = true
                }
            }
            var texts: [String] = []
            for c in label[0].children.dropFirst() {
                c.visit { if $0.type == .text, let t = $0.title, !t.isEmpty { texts.append(t) } }
            }
            guard let symbol, let platter, !other, let caption = texts.first else { return false }
            n.type = .captionButton
            // The label kept the symbol as written (`Image(systemName: item.icon)` of sample data); a name TenFoot
            // does not draw leaves the platter bare, with a warning.
            n.icon = i.symbol(symbol, at: n.source)
            n.title = caption
            n.subtitle = texts.count > 1 ? texts[1] : nil
            n.shape = platter.shape ?? n.shape
            n.cornerRadius = platter.cornerRadius ?? n.cornerRadius
            (n.width, n.height) = (.points(w), .points(h))
            if n.label == nil { n.label = caption }
            n.origin = "Button"
            return true
        }

        /// A label that is artwork (an image or shape, maybe with a caption) makes the button a poster or a card.
        static func applyLabelArtwork(_ i: Interpreter, _ n: inout DraftNode, _ label: [DraftNode]) {
            if applyCaptionTile(i, &n, label) { return }
            var art: DraftNode?
            // The layered box the artwork is a layer of, framed to a size (`ZStack { AsyncImage(…) }.frame(width:
            // 52, height: 52).clipShape(Circle())`), or the label itself when it is one view; a box counts only when
            // it holds all of the label's artwork (not a badge's 24 points beside a poster).
            var box: DraftNode?
            var texts: [String] = []
            func isArt(_ m: DraftNode) -> Bool { m.type == .image || m.origin == "Shape" }
            func artCount(_ m: DraftNode) -> Int {
                var count = 0
                m.visit { if isArt($0) { count += 1 } }
                return count
            }
            func find(_ m: DraftNode, in enclosing: DraftNode?) {
                if art == nil, isArt(m) {
                    art = m
                    box = enclosing
                }
                if m.type == .text, let t = m.title, !t.isEmpty { texts.append(t) }
                let framed = m.type == .zstack && (isPoints(m.width) || isPoints(m.height))
                for child in m.children { find(child, in: framed ? m : enclosing) }
            }
            for l in label { find(l, in: label.count == 1 ? l : nil) }
            guard let art else { return }
            if let b = box, artCount(b) < label.reduce(0, { $0 + artCount($1) }) { box = nil }
            // Artwork that fills a label framed to a size (`Artwork(url:).frame(width: 250, height: 375)`, whose
            // picture is framed `maxWidth: .infinity`) is that size.
            // A layer a ZStack stretched (a shape or an `AsyncImage` no frame sized) has no size of its own to give.
            var artWidth = art.unframedShape && art.width == .fill ? nil : art.width
            var artHeight = art.unframedShape && art.height == .fill ? nil : art.height
            if let box {
                if case .points? = box.width, !isPoints(art.width) { artWidth = box.width }
                if case .points? = box.height, !isPoints(art.height) { artHeight = box.height }
            }
            let w: Double? = {
                if case .points(let p)? = artWidth { return p }
                return nil
            }()
            let h: Double? = {
                if case .points(let p)? = artHeight { return p }
                return nil
            }()
            // A small picture beside the title (`Image("icon_play").frame(width: 40, height: 40)`, then
            // `Text(title)`) is the button's icon, not its artwork: the button stays a button with its title.
            if !texts.isEmpty, let w, let h, max(w, h) <= iconSide {
                if n.icon == nil {
                    i.warn(
                        art.source,
                        "a picture beside a button's title is its icon; TenFoot draws symbols there, so the button shows its title alone"
                    )
                }
                return
            }
            let portrait =
                (w != nil && h != nil && h! > w!) || (w == nil && h == nil && art.aspect.map { $0 > 1 } == true)
            n.type = portrait ? .poster : .card
            n.image = art.image
            n.shape = art.shape ?? box?.shape ?? n.shape
            n.cornerRadius = art.cornerRadius ?? box?.cornerRadius ?? n.cornerRadius
            n.color = art.color ?? n.color
            n.width = artWidth
            if portrait, let w, let h { n.aspect = h / w } else { n.height = artHeight }
            n.title = texts.first
            n.subtitle = texts.count > 1 ? texts[1] : nil
            if n.label == nil { n.label = texts.first ?? art.label }
            n.origin = "Button"
        }

        static func isPoints(_ length: Length?) -> Bool {
            if case .points? = length { return true }
            return false
        }

        static func textField(_ i: Interpreter, _ c: Call, secure: Bool) -> [DraftNode] {
            let title = i.title(c, nil) ?? i.title(c, "prompt")
            var n = i.node(.textField, c, label: title)
            n.placeholder = title
            n.secure = secure
            // SwiftUI's text fields take the whole width they are offered, unless framed.
            n.width = .fill
            if let b = i.value(c, "text") {
                let v = {
                    if case .binding(let place) = b { return i.read(place) }
                    return b
                }()
                if case .string(let s) = v, !s.isEmpty { n.value = s }
            }
            return [n]
        }

        /// Toggle: the scene's toggle, a settings row reading On/Off. Bound to a plain `@State` Bool it shows and
        /// flips that state (conditions elsewhere read it); otherwise it has its own value.
        static let toggle: Entry = { i, c in
            let labelNodes = c.trailing != nil ? i.content(c) : i.content(c, "label")
            let title = i.title(c, nil) ?? i.firstText(labelNodes)
            var n = i.node(.toggle, c, label: title)
            n.title = title
            n.icon = i.symbol(i.symbolName(c, "systemImage") ?? firstIcon(labelNodes), at: c.at)
            var on = false
            if case .binding(let place)? = i.value(c, "isOn") {
                on = i.read(place).asBool ?? false
                if place.path.isEmpty, i.slot(place.slot) != nil {
                    n.isOnState = place.slot
                } else {
                    i.warn(
                        c.at, "Toggle's isOn binding is not a @State Bool of the screen: the toggle flips its own value"
                    )
                }
            } else if let v = i.value(c, "isOn")?.asBool {
                on = v
            }
            if n.isOnState == nil { n.isOn = on }
            return [n]
        }

        /// LabeledContent: a settings row, its title at the leading end and its value at the trailing end.
        static let labeledContent: Entry = { i, c in
            let labelNodes = i.content(c, "label")
            let title = i.title(c, nil) ?? i.firstText(labelNodes)
            var n = i.node(.row, c, label: title)
            n.title = title
            n.icon = i.symbol(firstIcon(labelNodes), at: c.at)
            n.value =
                i.value(c, "value")?.display ?? i.firstText(i.content(c, c.closure("content") != nil ? "content" : nil))
            if n.value == title { n.value = nil }
            return [n]
        }

        /// Picker: the scene picker, its options from the content's texts, its value from the selection.
        static let picker: Entry = { i, c in
            let title = i.title(c, nil) ?? i.firstText(i.content(c, "label"))
            var n = i.node(.picker, c, label: title)
            n.title = title
            let options = i.content(c)
            var names: [String] = []
            var tags: [StateValue?] = []
            for o in options {
                names.append(o.title ?? o.label ?? "Option \(names.count + 1)")
                tags.append(o.tag)
            }
            n.options = names
            if case .binding(let place)? = i.value(c, "selection"), let current = i.read(place).stateValue,
                let k = tags.firstIndex(where: { $0 == current })
            {
                n.value = names[k]
            }
            return [n]
        }

        // MARK: Images and shapes

        static let image: Entry = { i, c in
            if let symbol = i.symbolName(c, "systemName") {
                // A symbol image: the symbol alone, at the size of the text around it (body unless a .font says).
                var n = i.node(.text, c, label: symbol)
                n.title = ""
                n.icon = i.buildingButtonLabel > 0 ? symbol : i.symbol(symbol, at: c.at)
                if n.icon == nil {
                    n.title = symbol
                    n.style = .caption1
                }  // a name TenFoot cannot draw, written out
                return [n]
            }
            var n = i.node(.image, c)
            let name = i.string(c, nil) ?? i.string(c, "decorative")
            n.label = name
            if let name { n.image = i.assetPath(name, near: c.at.file) }
            if let name, n.image == nil {
                i.warn(
                    c.at, once: "image",
                    "image \"\(name)\" not found beside the source (Assets.xcassets or a file): drawn as a placeholder (the first of this Image's names that is missing)"
                )
            }
            return [n]
        }

        static func shape(_ i: Interpreter, _ c: Call, named name: String) -> [DraftNode] {
            i.approximate(.shape, at: c.at, name)
            var n = i.node(.image, c, label: name.kebab)
            n.origin = "Shape"
            switch name {
            case "Circle", "Ellipse": n.shape = "circle"
            case "Capsule": n.shape = "capsule"
            case "RoundedRectangle", "UnevenRoundedRectangle":
                n.shape = "roundedRectangle"
                n.cornerRadius = i.number(c, "cornerRadius").map { min(max($0, 0), 1000) }
            case "Rectangle":
                n.shape = "roundedRectangle"
                n.cornerRadius = 0
            default: break
            }
            if name == "Circle" { n.aspect = 1 }
            // A colour and a gradient fill a plain rectangle.
            if name.hasPrefix("Color") || name.hasSuffix("Gradient") { n.cornerRadius = 0 }
            if name.hasPrefix("Color.") {
                let member = EnumValue(type: "Color", name: String(name.dropFirst("Color.".count)))
                n.color = i.colorValue(.enumCase(member))?.sceneHex
            } else if name == "Color" {
                n.color = i.constructColor(c.args, c.frame, type: "Color")?.sceneHex
            } else if name.hasSuffix("Gradient") {
                n.color = i.gradientColor(c.args, c.frame)?.sceneHex
            }
            n.width = .points(SwiftUISizes.shapeSize)
            n.height = .points(SwiftUISizes.shapeSize)
            n.unframedShape = true
            return [n]
        }
    }

    extension Interpreter {
        /// `Image("poster")`: `Assets.xcassets/poster.imageset/*.png|jpg` or `poster.png`/`.jpg` beside the source
        /// (or in a folder above it, up to three levels). Each folder is listed once per screen.
        func assetPath(_ name: String, near file: String) -> String? {
            var dir = URL(fileURLWithPath: file).deletingLastPathComponent()
            for _ in 0..<4 {
                if let confinedTo, !(dir.standardizedFileURL.path + "/").hasPrefix(confinedTo + "/") { break }
                let assets = assetIndex(dir.path)
                for ext in ["png", "jpg", "jpeg"] where assets.files.contains("\(name).\(ext)") {
                    return dir.appendingPathComponent("\(name).\(ext)").path
                }
                if assets.imageSets.contains(name) {
                    let set = dir.appendingPathComponent("Assets.xcassets/\(name).imageset")
                    let files = (try? FileManager.default.contentsOfDirectory(atPath: set.path)) ?? []
                    if let pick = files.sorted().first(where: {
                        ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased())
                    }) {
                        return set.appendingPathComponent(pick).path
                    }
                }
                dir.deleteLastPathComponent()
            }
            return nil
        }

        /// The pixel size of a picture file `assetPath` found, from its header (PNG, JPEG); nil for anything else.
        /// Each file is read once a screen, never outside the folder the reader is confined to.
        func pictureSize(_ path: String) -> (Int, Int)? {
            guard path.hasPrefix("/") else { return nil }
            if let confinedTo, !URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix(confinedTo + "/") {
                return nil
            }
            if let known = pictureSizes[path] { return known }
            let size = ImageHeader.size(path)
            pictureSizes[path] = size
            return size
        }

        /// The file names of a folder and the image sets of its asset catalog.
        private func assetIndex(_ dir: String) -> AssetFolder {
            if let known = assetFolders[dir] { return known }
            let fm = FileManager.default
            let files = Set((try? fm.contentsOfDirectory(atPath: dir)) ?? [])
            var sets: Set<String> = []
            if files.contains("Assets.xcassets") {
                for entry in (try? fm.contentsOfDirectory(atPath: dir + "/Assets.xcassets")) ?? []
                where entry.hasSuffix(".imageset") {
                    sets.insert(String(entry.dropLast(".imageset".count)))
                }
            }
            let folder = AssetFolder(files: files, imageSets: sets)
            assetFolders[dir] = folder
            return folder
        }
    }

    struct AssetFolder {
        var files: Set<String>
        var imageSets: Set<String>
    }

    /// What a `GeometryReader`'s proxy reads as: data of the layout, whose whole size is the reader's.
    enum GeometryProxy {
        static let name = "geometry"
        static let width = name + ".size.width"
        static let height = name + ".size.height"

        /// The size a reader's proxy gives arithmetic (`geometry.size.width * 0.4`): the reader's own `.frame`
        /// along each axis where it has a number, else the safe area (the whole screen once the reader ignores
        /// it), as a reader at the top of a screen is offered. A frame of the whole size stays "fill" instead.
        static func size(of c: Call, _ i: Interpreter) -> (width: Double, height: Double) {
            var width: Double?
            var height: Double?
            var ignored = SafeAreaEdges()
            // The modifiers after the reader, nearest first: `GeometryReader { … }.frame(height: 8)`.
            var node = c.trailing.flatMap { $0.parent?.as(FunctionCallExprSyntax.self) }
            var steps = 0
            while let call = node, steps < 64,
                let member = call.parent?.as(MemberAccessExprSyntax.self),
                let modifier = member.parent?.as(FunctionCallExprSyntax.self),
                modifier.calledExpression.id == member.id
            {
                steps += 1
                switch member.declName.baseName.text {
                case "frame":
                    for a in modifier.arguments {
                        guard let label = a.label?.text, let v = i.eval(a.expression, c.frame).asDouble, v > 0 else {
                            continue
                        }
                        if label == "width" || label == "maxWidth" { width = width ?? v }
                        if label == "height" || label == "maxHeight" { height = height ?? v }
                    }
                case let name where name == "ignoresSafeArea" || name == "edgesIgnoringSafeArea":
                    let edges = ModifierTable.ignoredEdges(name) { label in
                        modifier.arguments.first { $0.label?.text == label }.map { i.eval($0.expression, c.frame) }
                    }
                    ignored.formUnion(edges ?? [])
                default: break
                }
                node = modifier
            }
            let area = ignored.expand(Metrics.safeAreaRect, to: Metrics.screen)
            return (width ?? area.width, height ?? area.height)
        }
    }
#endif
