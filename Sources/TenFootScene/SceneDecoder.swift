import FocusEngine
import Foundation
import TenFootCore

/// What resolves an `open` action's file to a scene (hosts inject it; the simulator does no I/O).
public typealias SceneLoader = @Sendable (String) -> Result<Scene, Diagnostics>

/// Reads a scene file: JSON syntax, then every rule of the format, all errors at once.
public struct SceneDecoder {
    let file: String
    var diagnostics: [Diagnostic] = []
    var nodeCount = 0
    /// Characters of text decoded so far (``textValue(_:_:)``), against ``SceneLimits/maxSceneText``.
    var textCharacters = 0
    /// Whether any node decoded so far has an id given by place (``checkDerivedIDs(_:_:)`` walks the scene
    /// only then), and whether any has what ``validateReferences(_:)`` collects from the scene's nodes: a
    /// derived id, tabs, a picker's options, ids it names, `onReachEnd` (nodes of actions count too, so
    /// the walk is skipped only when it would find nothing).
    var derivedIDs = false
    var referenceWalk = false
    /// Whether any node is a search (``checkSearches(_:_:state:)`` walks the scene only then).
    var searches = false
    var ids = IDTable<SeededIDHash>()
    /// Suggestions left for misspelt keys, types and values (unknown ids have their own budget).
    var suggestionsLeft = SceneLimits.maxSuggestions
    /// Every decoded action with where it is in the file and its JSON path, in decoding order: the
    /// reference checks report each action at its own place (a node's actions live in dictionaries
    /// keyed by trigger, whose order differs in every process).
    var actionSites: [(at: SourceLocation, path: String, action: Action)] = []
    /// Where the node ``decodeNode`` decoded last gives "frame" in the file, if it does.
    var lastFrameLocation: SourceLocation?

    public static func decode(_ text: String, file: String) throws(Diagnostics) -> Scene {
        let json: JSON
        do { json = try JSONParser.parse(text, file: file, limits: .standard) } catch { throw Diagnostics([error]) }
        var d = SceneDecoder(file: file)
        // Room for an id per node of the smallest kind ({"type":"poster","id":"c1"}, about 30 bytes): growing
        // the table as ids come made a 100,000-node scene's decode grow faster than its size.
        d.ids = IDTable<SeededIDHash>(capacity: min(SceneLimits.maxNodes, text.utf8.count / 32))
        let location = json.location
        let scene = d.decodeScene(consume json)
        let errors = d.diagnostics.filter { $0.severity == .error }
        if let scene, errors.isEmpty { return scene }
        throw errors.isEmpty
            ? Diagnostics([Diagnostic(file: file, at: location, "the scene could not be read")]) : Diagnostics(errors)
    }

    /// `load` as a value, for the simulator's `open` action.
    public static let fileLoader: SceneLoader = { path in
        do throws(Diagnostics) { return .success(try SceneDecoder.load(path: path)) } catch { return .failure(error) }
    }

    public static func load(path: String) throws(Diagnostics) -> Scene {
        let text: String
        do { text = try TextFile.read(path: path, maxBytes: SceneLimits.maxFileBytes) } catch {
            throw Diagnostics([error])
        }
        var scene = try decode(text, file: path)
        scene.readWork = text.utf8.count / readBytesPerUnit
        return scene
    }

    /// Bytes of a scene file read for a unit of work (``Scene/readWork``): 9.9 MB of `expect` blocks took 0.5 s to
    /// read and decode.
    public static let readBytesPerUnit = 8

    mutating func error(_ at: SourceLocation, _ path: String, _ message: String) {
        diagnostics.append(Diagnostic(file: file, at: at, path: path, message))
    }

    /// Decodes one node. `path` (its JSON path, for messages) and `derivedID` (its id when the file gives
    /// none) are built only when needed: most nodes have an explicit id and no error.
    /// `json` is consumed: its members are held here alone, and each child's JSON is freed once the child is
    /// decoded, so the memory of the file's tree is reused for the scene as decoding goes (a 100,000-node file
    /// no longer holds both at their full size, and its nodes are written to memory still in the caches).
    mutating func decodeNode(
        _ json: consuming JSON, path: @autoclosure () -> String, derivedID: @autoclosure () -> String, depth: Int
    ) -> SceneNode? {
        let location = json.location
        guard json.members != nil else {
            error(location, path(), "a node must be an object with a \"type\", got \(json.shortDescription)")
            return nil
        }
        let members = (consume json).takeMembers()!
        nodeCount += 1
        if nodeCount > SceneLimits.maxNodes {
            if nodeCount == SceneLimits.maxNodes + 1 {
                error(location, path(), "more than \(SceneLimits.maxNodes) nodes; split the scene")
            }
            return nil
        }
        if depth > SceneLimits.maxDepth {
            error(location, path(), "nesting deeper than \(SceneLimits.maxDepth) levels")
            return nil
        }
        var fields = NodeFields(consume members)
        // Whether the file gives "frame", for the parent's placement rules (``checkPlacement``).
        let frameLocation = fields[.frame]?.location
        guard let typeJSON = fields[.type] else {
            error(
                location, path(),
                "node has no \"type\" (expected one of: \(NodeType.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard let typeName = typeJSON.string else {
            error(typeJSON.location, path() + ".type", "\"type\" expects a string, got \(typeJSON.shortDescription)")
            return nil
        }
        guard let (type, allowedBits) = NodeKey.types.lookup(typeName) else {
            let hint = suggest(typeName, NodeType.allCases.map(\.rawValue)).map { ", did you mean \"\($0)\"?" } ?? ""
            error(typeJSON.location, path() + ".type", "unknown node type \(quoted(typeName))\(hint)")
            return nil
        }
        // One error per cause: a key this type does not take is reported as unknown, and its value is then not
        // read as well ("color" on a button is not also a colour in the wrong form; a button's "children" are not
        // decoded).
        if !fields.isRegular(allowed: allowedBits) {
            checkKeys(
                fields.members, allowed: SceneDecoder.allowedKeysByType[type]!, path: path(),
                what: "\"\(type.rawValue)\"")
            fields.restrict(to: allowedBits)
        }

        let id: String
        var explicit = false
        if let idJSON = fields[.id], let s = newID(idJSON, path() + ".id") {
            id = s
            explicit = true
        } else {
            id = derivedID()
            derivedIDs = true
        }
        // What the checks after decoding look for (``validateReferences``): a scene with none of it is not walked
        // again.
        if type == .tabBar || type == .picker || fields.present & NodeKey.referenceKeys != 0 { referenceWalk = true }
        if type == .search { searches = true }
        var node = SceneNode(type: type, id: id, hasExplicitID: explicit, location: location)

        // Layout keys
        node.width = fields[.width].flatMap { length($0, path() + ".width") }
        node.height = fields[.height].flatMap { length($0, path() + ".height") }
        if let f = fields[.frame] { node.frame = rect(f, path() + ".frame") }
        if let p = fields[.padding] { node.padding = insets(p, path() + ".padding") }
        if let o = fields[.offset] { node.offset = offset(o, path() + ".offset") }
        node.spacing = fields[.spacing].flatMap { size($0, path() + ".spacing") }
        if let a = fields[.alignment], type == .canvas {
            error(
                a.location, path() + ".alignment",
                "a canvas places each child at its \"frame\", so \"alignment\" has no meaning on it; put the children in a \"zstack\" to align them"
            )
        } else if let a = fields[.alignment] {
            // A row (and a shelf, a row that scrolls) aligns its children vertically only; other containers take
            // any alignment.
            let allowed =
                type == .hstack || type == .shelf ? ["top", "center", "bottom"] : Alignment.named.map(\.name)
            node.alignment = oneOf(a, path() + ".alignment", allowed).flatMap(Alignment.init(name:))
        }
        if let c = fields[.columns], let n = c.number {
            if n >= 1, n <= 12, n == n.rounded() {
                node.columns = Int(n)
            } else {
                error(
                    c.location, path() + ".columns",
                    "\"columns\" expects a whole number from 1 to 12, got \(c.shortDescription)")
            }
        } else if let c = fields[.columns] {
            error(
                c.location, path() + ".columns",
                "\"columns\" expects a whole number from 1 to 12, got \(c.shortDescription)")
        }
        if let j = fields[.ignoresSafeArea] {
            node.ignoredSafeAreaEdges = safeAreaEdges(j, path() + ".ignoresSafeArea")
        }

        // Content keys
        node.title = fields[.title].flatMap { textValue($0, path() + ".title") }
        node.subtitle = fields[.subtitle].flatMap { textValue($0, path() + ".subtitle") }
        node.accessibilityLabel = fields[.accessibilityLabel].flatMap {
            textValue($0, path() + ".accessibilityLabel")
        }
        node.image = fields[.image].flatMap { stringValue($0, path() + ".image") }
        if let i = fields[.icon] { node.icon = icon(i, path() + ".icon") }
        node.color = fields[.color].flatMap { colorValue($0, path() + ".color") }
        if type == .text, let t = fields[.text] { node.title = textValue(t, path() + ".text") }
        if let s = fields[.style] {
            node.textStyle = oneOf(s, path() + ".style", TextStyle.allCases.map(\.rawValue)).flatMap(
                TextStyle.init(rawValue:))
        }
        if let z = fields[.size] {
            if let n = z.number, n >= SceneLimits.minFontSize, n <= SceneLimits.maxFontSize {
                node.fontSize = n
            } else {
                error(
                    z.location, path() + ".size",
                    "\"size\" expects a text size from \(fmt(SceneLimits.minFontSize)) to \(fmt(SceneLimits.maxFontSize)) points, got \(z.shortDescription)"
                )
            }
        }
        if let w = fields[.weight] {
            node.fontBold = oneOf(w, path() + ".weight", ["regular", "bold"]).map { $0 == "bold" }
        }
        decodeAccessibility(fields, into: &node, path: path())
        if let a = fields[.largeText] { node.largeText = largeText(a, type: type, path() + ".largeText") }
        if let l = fields[.lineLimit] {
            if let n = l.number, n >= 1, n <= 1000, n == n.rounded() {
                node.lineLimit = Int(n)
            } else {
                error(
                    l.location, path() + ".lineLimit",
                    "\"lineLimit\" expects a whole number of lines from 1 to 1000, got \(l.shortDescription)")
            }
        }
        if let a = fields[.textAlignment] {
            node.textAlignment = oneOf(a, path() + ".textAlignment", ["leading", "center", "trailing"]).flatMap(
                HorizontalAlignment.init(rawValue:))
        }
        node.placeholder = fields[.placeholder].flatMap { textValue($0, path() + ".placeholder") }
        if let v = fields[.value] {
            if v.string != nil {
                node.value = textValue(v, path() + ".value")
            } else if let n = v.number {
                node.value = fmt(n)
            } else {
                error(v.location, path() + ".value", "\"value\" expects a string, got \(v.shortDescription)")
            }
        }
        node.secure = fields[.secure].flatMap { boolValue($0, path() + ".secure") } ?? false
        if let o = fields[.options] {
            if let arr = o.array {
                node.options = arr.enumerated().compactMap {
                    textValue($0.element, path() + ".options[\($0.offset)]")
                }
            } else {
                error(
                    o.location, path() + ".options",
                    "\"options\" expects an array of strings, got \(o.shortDescription)")
            }
        }
        if fields.present & NodeKey.componentKeys != 0 || type == .alert || type == .picker {
            decodeComponents(fields, at: location, into: &node, path: path(), depth: depth)
        }
        if fields.has(.keyboardType) || type == .search { decodeTextEntry(fields, into: &node, path: path()) }

        // Focus keys
        if let f = fields[.focusable] {
            node.focusableSet = true
            switch f.value {
            case .bool(let b): node.focusable = b ? .automatic : nil
            case .string(let s):
                if let i = FocusInteractions(rawValue: s) {
                    node.focusable = i
                } else {
                    error(
                        f.location, path() + ".focusable",
                        "\"focusable\" expects true, false, \"activate\", \"edit\" or \"automatic\", got \(f.shortDescription)"
                    )
                }
            default:
                error(
                    f.location, path() + ".focusable",
                    "\"focusable\" expects true, false, \"activate\", \"edit\" or \"automatic\", got \(f.shortDescription)"
                )
            }
        }
        // A container that is a button's label is the button: one focusable item, its content drawn on the button.
        if let s = fields[.buttonStyle] {
            node.buttonStyle =
                oneOf(s, path() + ".buttonStyle", ButtonStyle.allCases.map(\.rawValue)).flatMap(
                    ButtonStyle.init(rawValue:))
            if node.buttonStyle != nil, !node.focusableSet {
                node.focusableSet = true
                node.focusable = .activate
            }
        }
        if [.vstack, .hstack, .zstack].contains(type), !fields.has(.buttonStyle), let t = fields.member(.title) {
            error(
                t.keyLocation, path() + ".title",
                "\"title\" names a stack that is a button's label: give the stack a \"buttonStyle\" too, or name it with \"accessibilityLabel\""
            )
        }
        node.disabled = fields[.disabled].flatMap { boolValue($0, path() + ".disabled") } ?? false
        node.hidden = fields[.hidden].flatMap { boolValue($0, path() + ".hidden") } ?? false
        node.focusSection = fields[.focusSection].flatMap { boolValue($0, path() + ".focusSection") } ?? false
        node.remembersLastFocus =
            fields[.remembersLastFocus].flatMap { boolValue($0, path() + ".remembersLastFocus") } ?? false
        node.focusEffectDisabled =
            fields[.focusEffectDisabled].flatMap { boolValue($0, path() + ".focusEffectDisabled") } ?? false
        node.opaque = fields[.opaque].flatMap { boolValue($0, path() + ".opaque") } ?? false
        node.enabled = fields[.enabled].flatMap { boolValue($0, path() + ".enabled") } ?? true
        node.restoresFocusAfterTransition =
            fields[.restoresFocusAfterTransition].flatMap { boolValue($0, path() + ".restoresFocusAfterTransition") }
            ?? true
        if depth > 0, let r = fields.member(.restoresFocusAfterTransition) {
            // UIKit sets it on the presenting view controller (the screen) or on a presented one.
            error(
                r.keyLocation, path() + ".restoresFocusAfterTransition",
                "\"restoresFocusAfterTransition\" belongs on the root (the presenting screen) or on a sheet")
        }
        node.defaultFocus = fields[.defaultFocus].flatMap { idReference($0, path() + ".defaultFocus") }
        if let p = fields[.defaultFocusPriority] {
            node.defaultFocusPriority =
                oneOf(p, path() + ".defaultFocusPriority", ["automatic", "userInitiated"]).flatMap(
                    DefaultFocusPriority.init(rawValue:)) ?? .automatic
        }
        node.focusScope = fields[.focusScope].flatMap { nameValue($0, path() + ".focusScope") }
        if let p = fields[.prefersDefaultFocus] {
            let scope = fields[.`in`].flatMap { nameValue($0, path() + ".in") }
            if let b = p.bool {
                if b { node.prefersDefaultFocus = PrefersDefault(condition: nil, scope: scope) }
            } else if p.members != nil {
                if let c = condition(p, path() + ".prefersDefaultFocus") {
                    node.prefersDefaultFocus = PrefersDefault(condition: c, scope: scope)
                }
            } else {
                error(
                    p.location, path() + ".prefersDefaultFocus",
                    "\"prefersDefaultFocus\" expects true, false or {\"state\": name, \"equals\": value}, got \(p.shortDescription)"
                )
            }
        } else if let i = fields[.`in`] {
            error(
                i.location, path() + ".in",
                "\"in\" names the scope of \"prefersDefaultFocus\", which this node does not have")
        }
        if let f = fields[.focused] { node.focused = condition(f, path() + ".focused") }
        node.focusedValue = fields[.focusedValue].map { stringMap($0, path() + ".focusedValue") } ?? [:]
        node.focusedSceneValue = fields[.focusedSceneValue].map { stringMap($0, path() + ".focusedSceneValue") } ?? [:]
        if let p = fields[.preferred] { node.preferred = idList(p, path() + ".preferred") }
        if let b = fields[.between] {
            let list = idList(b, path() + ".between")
            if list.count == 2 {
                node.between = list
            } else {
                error(b.location, path() + ".between", "\"between\" expects exactly two ids, got \(list.count)")
            }
        }
        if type == .focusGuide, node.frame == nil, node.between == nil {
            error(location, path(), "a focusGuide needs \"frame\": [x, y, w, h] or \"between\": [idA, idB]")
        }

        if fields.has(.focusRecovery) || fields.has(.onReachEnd) { decodeDataKeys(fields, &node, path(), depth: depth) }
        // Actions
        for (trigger, key) in NodeKey.triggers {
            if let list = fields[key] {
                node.actions[trigger] = actions(list, path() + "." + trigger.rawValue, depth: depth)
            }
        }
        if let m = fields[.onMove] {
            if let members = m.members {
                for member in members {
                    guard let d = Direction(rawValue: member.key) else {
                        error(
                            member.keyLocation, path() + ".onMove",
                            "\"onMove\" keys are up, down, left, right; got \(quoted(member.key))")
                        continue
                    }
                    node.onMove[d] = actions(member.value, path() + ".onMove.\(member.key)", depth: depth)
                }
            } else {
                error(
                    m.location, path() + ".onMove",
                    "\"onMove\" expects an object like {\"left\": [actions]}, got \(m.shortDescription)")
            }
        }

        // Children and tabs
        if let c = fields.take(.children) {
            if c.array != nil {
                // Taken out of the members, and each child out of the array: a child's JSON is freed once decoded.
                var arr = (consume c).takeArray()!
                var children: [SceneNode] = []
                children.reserveCapacity(arr.count)
                for k in arr.indices {
                    var child = JSON(.null)
                    swap(&child, &arr[k])
                    guard
                        let n = decodeNode(
                            consume child, path: "\(path()).children[\(k)]", derivedID: "\(id)/\(k)", depth: depth + 1)
                    else { continue }
                    if n.type.isPresentation {
                        error(
                            n.location, "\(path()).children[\(k)]",
                            "\(n.type.rawValue)s belong in the top-level \"sheets\" array, not in \"children\"")
                    }
                    children.append(n)
                    checkPlacement(of: n, frame: lastFrameLocation, k, in: type, path: path())
                }
                node.children = children
            } else {
                error(
                    c.location, path() + ".children",
                    "\"children\" expects an array of nodes, got \(c.shortDescription)")
            }
        }
        if type == .tabBar {
            if let t = fields[.tabs], let arr = t.array, !arr.isEmpty {
                if arr.count > SceneLimits.maxTabs {
                    error(
                        t.location, path() + ".tabs",
                        "a tabBar has at most \(SceneLimits.maxTabs) tabs, got \(arr.count); the rest are not read")
                }
                for (k, tabJSON) in arr.prefix(SceneLimits.maxTabs).enumerated() {
                    let tp = "\(path()).tabs[\(k)]"
                    guard let tm = tabJSON.members else {
                        error(tabJSON.location, tp, "a tab must be an object {\"id\", \"title\", \"content\"}")
                        continue
                    }
                    checkKeys(tm, allowed: SceneDecoder.tabKeys, path: tp, what: "tab")
                    // A tab's id follows the rules of node ids (unique, not reserved); without one it is derived.
                    let tid = tabJSON["id"].flatMap { newID($0, tp + ".id") } ?? "\(id)/tab\(k)"
                    let tabIcon = tabJSON["icon"].flatMap { icon($0, tp + ".icon") }
                    // A tab with a symbol may go without a title; otherwise its id names it.
                    let title =
                        tabJSON["title"].flatMap { textValue($0, tp + ".title") } ?? (tabIcon != nil ? "" : tid)
                    guard let contentJSON = tabJSON["content"] else {
                        error(tabJSON.location, tp, "a tab needs \"content\": a node")
                        continue
                    }
                    if let content = decodeNode(
                        contentJSON, path: tp + ".content", derivedID: "\(tid)/content", depth: depth + 1)
                    {
                        node.tabs.append(
                            Tab(id: tid, title: title, icon: tabIcon, content: content, location: tabJSON.location))
                    }
                }
            } else {
                error(
                    location, path(), "a tabBar needs \"tabs\": a non-empty array of {\"id\", \"title\", \"content\"}")
            }
        }
        lastFrameLocation = frameLocation
        return node
    }
}
