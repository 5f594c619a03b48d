import FocusEngine
import Foundation
import TenFootCore
import TenFootScene

/// Data actions (issue 18): the scene's data changes under the user, then focus does what tvOS does
/// (docs/focus-engine.md, "Data changes"). Each action changes the scene, lays it out once, and
/// applies at most one system-generated focus update in the same step.
extension Simulator {
    // MARK: Applying a data action

    /// Applies a data action, then tvOS's system focus update. A refused action (unknown id, an index
    /// past the end, the node limit) changes nothing and is recorded with its reason.
    @discardableResult
    mutating func applyData(_ action: DataAction) throws(FocusTreeError) -> FocusUpdate? {
        if data.initial == nil { data.initial = scene }
        // Finding a template walks the scene (refused or not); the layout after a change is counted by `place`.
        countWalk()
        switch prepareData(action) {
        case .failure(let why):
            refuse("\(action): \(why)")
            return nil
        case .success(let plan):
            return try commitData(plan)
        }
    }

    /// A data action that changes nothing: counted, and recorded in the trace with why.
    mutating func refuse(_ why: String) {
        data.refused += 1
        data.lastRefusal = why
        record(.relayout, nil, note: .dataRefused(why))
    }

    /// What a data action will do, decided on the scene before the change.
    struct DataPlan {
        var change: (inout Simulator) -> Void
        /// The lost-focus description when the change may take focus away.
        var lost: LostFocus?
        /// Focus is dropped even though its id survives (reload discards every cell).
        var drops = false
        /// Containers whose remembered index is cleared (reload).
        var forget: [String] = []
        /// The container whose children change (their neighbours slide, new ones fade in, gone ones out).
        var container: String?
    }

    enum DataError: Error, CustomStringConvertible {
        case refused(String)
        var description: String {
            switch self {
            case .refused(let why): why
            }
        }
    }

    func prepareData(_ action: DataAction) -> Result<DataPlan, DataError> {
        let target = action.target
        guard let tpath = path(of: target), let tnode = node(at: tpath) else {
            return .failure(.refused("no node with id \(quoted(target))"))
        }
        // The keyboard and the search's results are rebuilt from the keyboard's state and the query (`+Keyboard`).
        if KeyboardIDs.isSystem(target) || ancestorIDs(of: tpath).contains(where: KeyboardIDs.isSystem) {
            return .failure(
                .refused(
                    "\"\(target)\" is made by the system (the on-screen keyboard or a search's results); data actions change the scene's own nodes"
                ))
        }
        // A search's children are its field, keys and results, built from the items the file gives it.
        if tnode.type == .search {
            switch action {
            case .insert, .replaceChildren, .reload:
                return .failure(
                    .refused(
                        "\"\(target)\" is a search: its results are the items the scene file gives it, filtered by the query"
                    ))
            default: break
            }
        }
        let fpath = system.focused.flatMap { path(of: $0) }
        let frame = system.focused.flatMap { system.tree.node($0) }.map { system.tree.frames[$0] } ?? .zero
        /// The lost focus when the node at `anchor` goes (removed, hidden, disabled) while it holds focus.
        func lost(anchor: NodePath, removed: Bool) -> LostFocus? {
            guard let fpath, anchor.isPrefix(of: fpath) else { return nil }
            let parentPath = anchor.parent
            let parent = parentPath.flatMap { node(at: $0) }
            let grand = parentPath?.parent.flatMap { node(at: $0) }
            let adjacent = recovery(at: anchor) == .adjacent
            var candidates: [String] = []
            if let parent, let k = anchor.childIndex {
                let siblings = parent.children
                // After the change: a removed cell's index is taken by the next one.
                let after = removed ? Array(siblings[..<k] + siblings[(k + 1)...]) : siblings
                if removed, isCollection(parent, parent: grand) || adjacent {
                    if k < after.count { candidates.append(after[k].id) }
                    if k > 0 { candidates.append(after[k - 1].id) }
                } else if adjacent {
                    if k + 1 < after.count { candidates.append(after[k + 1].id) }
                    if k > 0 { candidates.append(after[k - 1].id) }
                }
            }
            return LostFocus(
                candidates: candidates, ancestors: ancestorIDs(of: anchor).reversed(), frame: frame,
                adjacent: adjacent, directions: stepDirections(parent))
        }
        switch action {
        case .disable, .enable, .hide, .show:
            // Disabling or hiding takes focus from the node's subtree; enabling or showing gives none back
            // to the item that lost it, but may make something focusable where nothing was (S12).
            let on: Bool
            let hides: Bool
            switch action {
            case .disable: (on, hides) = (true, false)
            case .enable: (on, hides) = (false, false)
            case .hide: (on, hides) = (true, true)
            default: (on, hides) = (false, true)
            }
            let change: (inout Simulator) -> Void = { sim in
                sim.modify(tpath) { n in if hides { n.hidden = on } else { n.disabled = on } }
            }
            return .success(DataPlan(change: change, lost: on ? lost(anchor: tpath, removed: false) : nil))
        case .remove:
            guard let k = tpath.childIndex, let ppath = tpath.parent else {
                return .failure(
                    .refused(
                        "\"\(target)\" is not a child of a container (a screen, sheet or tab content cannot be removed)"
                    ))
            }
            return .success(
                DataPlan(
                    change: { sim in sim.modify(ppath) { $0.children.remove(at: k) } },
                    lost: lost(anchor: tpath, removed: true),
                    container: node(at: ppath)?.id))
        case .insert(let templateID, _, let at):
            guard tnode.type.isContainer else {
                return .failure(.refused("\"\(target)\" is a \(tnode.type.rawValue), not a container"))
            }
            guard let template = template(named: templateID) else {
                return .failure(
                    .refused(
                        "no template or node with id \"\(templateID)\" (a template is the node of an append, insert or onReachEnd)"
                    ))
            }
            let count = tnode.children.count
            if let at, at > count {
                return .failure(.refused("index \(at) is past the end of \"\(target)\" (\(count) children)"))
            }
            if let refusal = nodeLimitRefusal(adding: template, into: target) { return .failure(refusal) }
            if let deep = depthRefusal(adding: template, into: target) { return .failure(.refused(deep)) }
            switch copies(of: [template], at: at ?? count, titles: true) {
            case .failure(let refusal): return .failure(.refused("adding to \"\(target)\": \(refusal)"))
            case .success(let page):
                return .success(
                    DataPlan(
                        change: { sim in sim.put(page, into: tpath, at: at ?? count) }, lost: nil, container: target))
            }
        case .move(_, let to):
            guard let k = tpath.childIndex, let ppath = tpath.parent, let parent = node(at: ppath) else {
                return .failure(.refused("\"\(target)\" is not a child of a container"))
            }
            guard to < parent.children.count else {
                return .failure(
                    .refused("index \(to) is past the end of \"\(parent.id)\" (\(parent.children.count) children)"))
            }
            return .success(
                DataPlan(
                    change: { sim in
                        sim.modify(ppath) { p in
                            let c = p.children.remove(at: k)
                            p.children.insert(c, at: to)
                        }
                    }, lost: nil, container: parent.id))
        case .replaceChildren(_, let ids):
            var byID: [String: Int] = [:]
            for (k, c) in tnode.children.enumerated() where byID[c.id] == nil { byID[c.id] = k }
            var seen = Set<String>()
            for id in ids {
                guard byID[id] != nil else { return .failure(.refused("\"\(id)\" is not a child of \"\(target)\"")) }
                guard seen.insert(id).inserted else { return .failure(.refused("\"\(id)\" is listed twice")) }
            }
            var lostFocus: LostFocus?
            if let fpath, tpath.isPrefix(of: fpath), fpath.steps.count > tpath.steps.count,
                case .child(let k) = fpath.steps[tpath.steps.count],
                !seen.contains(tnode.children[k].id)
            {
                // The focused cell's item left the snapshot: a batch delete (S6, S8).
                var anchor = tpath
                anchor.steps.append(.child(k))
                let adjacent = recovery(at: anchor) == .adjacent
                let kept = tnode.children[..<k].filter { seen.contains($0.id) }.count
                var candidates: [String] = []
                if kept < ids.count { candidates.append(ids[kept]) }
                if kept > 0 { candidates.append(ids[kept - 1]) }
                lostFocus = LostFocus(
                    candidates: candidates, ancestors: [target] + ancestorIDs(of: tpath).reversed(), frame: frame,
                    adjacent: adjacent, directions: stepDirections(tnode))
            }
            return .success(
                DataPlan(
                    change: { sim in sim.modify(tpath) { n in n.children = ids.map { n.children[byID[$0]!] } } },
                    lost: lostFocus, container: target))
        case .reload(_, let late):
            // reloadData: every cell goes; focus inside goes to the collection's first visible cell
            // (or, `late`, before the cells exist: past the collection). tvos-focus.md §D2, S4.
            var forget = [target]
            for (c, _) in system.state.remembered {
                if let p = path(of: c), tpath.isPrefix(of: p) { forget.append(c) }
            }
            guard let fpath, tpath.isPrefix(of: fpath), fpath != tpath else {
                return .success(DataPlan(change: { _ in }, lost: nil, forget: forget))
            }
            let adjacent = recovery(at: tpath) == .adjacent
            var candidates: [String] = []
            if adjacent, fpath.steps.count > tpath.steps.count, case .child(let k) = fpath.steps[tpath.steps.count] {
                candidates.append(tnode.children[k].id)  // the app's fix: the item at the focused index
            }
            let ancestors = (late ? [] : [target]) + ancestorIDs(of: tpath).reversed()
            return .success(
                DataPlan(
                    change: { _ in },
                    lost: LostFocus(
                        candidates: candidates, ancestors: ancestors, frame: frame, adjacent: false, directions: []),
                    drops: true, forget: forget))
        }
    }

    /// Applies a plan: remembered indexes taken before the change and followed after it, the change,
    /// one layout, and the system focus update.
    mutating func commitData(_ plan: DataPlan) throws(FocusTreeError) -> FocusUpdate? {
        // Remembered focus is an index path (remembersLastFocusedIndexPath, S9): note each one's path
        // below its container now, and after the change remember whatever sits there.
        var memories: [(container: String, relative: [NodePath.Step])] = []
        for (c, m) in system.state.remembered.sorted(by: { $0.key < $1.key }) where !plan.forget.contains(c) {
            if let cp = path(of: c), let mp = path(of: m.id), cp.isPrefix(of: mp) {
                memories.append((c, Array(mp.steps.dropFirst(cp.steps.count))))
            }
        }
        for c in plan.forget { system.state.remembered[c] = nil }
        let tabBefore = system.focused.flatMap { index.tabOfNode[$0] }
        let placedBefore = childPlacements(plan.container)
        plan.change(&self)
        for (c, relative) in memories {
            guard let cp = path(of: c), let n = node(at: NodePath(sheet: cp.sheet, steps: cp.steps + relative)) else {
                system.state.remembered[c] = nil  // past the end: "no saved index path"
                continue
            }
            system.state.remembered[c]?.id = n.id
        }
        // A restore target that no longer exists is cleared (dismissing falls back to the preferred item).
        for (layer, id) in system.state.restoreOnDismiss where index.nodes[id] == nil {
            system.state.restoreOnDismiss[layer] = nil
        }
        // A reload changes no data: the tree is the current one, but focus is still re-resolved.
        let tree = try freshTree() ?? system.tree
        noteDataMotion(before: placedBefore, container: plan.container)
        var update = system.recoverFocus(in: tree, lost: plan.lost, keeps: !plan.drops)
        // The climb left the tab's content (nothing in it could take focus): the next environment up
        // is the tab bar controller, whose preferred item is the selected tab — "your focus gets reset
        // up to the tab bar" (tvos-focus.md §D2, Swiftfin #1528).
        if let u = update, u.via == .system, presentation.presented.isEmpty, let owner = tabBefore,
            u.routedBy.map({ index.tabOfNode[$0] == nil }) ?? true, let selected = navigation.selectedTabs[owner.bar]
        {
            var reveal = try revealTabBar(focusing: selected, heading: .changed)
            reveal.previous = u.previous
            reveal.via = .system
            update = reveal
        }
        if let u = update { noteFocusChange(u) }
        return update
    }

    // MARK: Templates and the node limit

    /// An `append`, `insert` or `onReachEnd` template with this id (ids as written, `row{n}`), else a
    /// copy of the scene's node with this id.
    func template(named id: String) -> SceneNode? {
        var found: SceneNode?
        scene.forEachTemplate { t in if found == nil, t.id == id { found = t } }
        if let found { return found }
        if let n = index.nodes[id] { return n }
        // A node of the scene as loaded, even if a data action removed it since.
        guard let initial = data.initial else { return nil }
        func find(_ n: SceneNode) -> SceneNode? {
            if n.id == id { return n }
            for c in n.children { if let f = find(c) { return f } }
            for t in n.tabs { if let f = find(t.content) { return f } }
            return nil
        }
        return find(initial.root) ?? initial.sheets.lazy.compactMap(find).first
    }

    /// A copy may not nest deeper than a file may (``SceneLimits/maxDepth``): 100 inserts, each into the copy the last
    /// one made, nested 103 levels, where layout and the focus tree follow the nesting. Nil when it fits.
    func depthRefusal(adding template: SceneNode, into target: String) -> String? {
        guard let p = path(of: target) else { return nil }
        func height(_ n: SceneNode) -> Int {
            1
                + max(
                    n.children.map(height).max() ?? 0, n.tabs.map { height($0.content) }.max() ?? 0,
                    n.accessory.map(height) ?? 0)
        }
        let deepest = p.steps.count + height(template)
        guard deepest > SceneLimits.maxDepth else { return nil }
        return
            "a copy in \"\(target)\" would nest \(deepest) levels deep; a scene nests at most \(SceneLimits.maxDepth) (SceneLimits.maxDepth)"
    }

    func nodeLimitRefusal(adding template: SceneNode, into target: String) -> DataError? {
        var size = 0
        func count(_ n: SceneNode) {
            size += 1
            n.children.forEach(count)
            n.tabs.forEach { count($0.content) }
        }
        count(template)
        let total = index.nodes.count + size
        guard total > SceneLimits.maxNodes else { return nil }
        return .refused(
            "inserting into \"\(target)\" would make \(total) nodes; a scene holds at most \(SceneLimits.maxNodes) (SceneLimits.maxNodes)"
        )
    }

    /// Copies of `templates` as data actions put them in the scene, the k-th for index `position + k`: "{n}" in every
    /// id and, with `titles`, in titles and subtitles becomes the index (`append` passes false: its titles stay as
    /// written), and each copy's own id, when taken, gets "-2", "-3"…. Refused, saying why, where a copy would break
    /// what the decoder holds a file to: a tab bar, sheet or alert anywhere but where they belong; an id inside a copy
    /// (a child's, an accessory's) repeating one the scene or the page has, for a copy renames only its own id, as a
    /// diffable snapshot refuses repeated identifiers; an id or a title made longer than its limit by "{n}"; or the
    /// scene's text past ``SceneLimits/maxSceneText``, counted after "{n}" is written out.
    func copies(of templates: [SceneNode], at position: Int, titles: Bool) -> Result<[SceneNode], DataError> {
        let tabIDs = Set(index.tabBars.flatMap(\.tabs))
        var taken = Set<String>()
        func isTaken(_ id: String) -> Bool { index.nodes[id] != nil || tabIDs.contains(id) || taken.contains(id) }
        var text = scene.textCharacters
        var firstProblem: String?
        var page: [SceneNode] = []
        page.reserveCapacity(templates.count)
        for (offset, template) in templates.enumerated() {
            let n = String(position + offset)
            func expand(_ s: String) -> String { s.contains("{n}") ? s.replacingOccurrences(of: "{n}", with: n) : s }
            func rename(_ c: inout SceneNode) {
                c.id = expand(c.id)
                if titles {
                    c.title = c.title.map(expand)
                    c.subtitle = c.subtitle.map(expand)
                }
                if c.focused != nil, case .string(let s) = c.focused!.equals { c.focused!.equals = .string(expand(s)) }
                for k in c.children.indices { rename(&c.children[k]) }
                if var a = c.accessory {
                    rename(&a)
                    c.accessory = a
                }
            }
            var child = template
            rename(&child)
            let own = child.id
            var k = 2
            while isTaken(child.id) {
                child.id = "\(own)-\(k)"
                k += 1
            }
            var problem: String?
            // Every id the copy holds is checked, then taken for the rest of the page.
            func take(_ id: String, own: Bool) {
                guard problem == nil else { return }
                if SceneLimits.length(id) > SceneLimits.maxIDLength {
                    problem =
                        "the id \(quoted(id, limit: 40)) would be \(SceneLimits.length(id)) characters long; an id is at most \(SceneLimits.maxIDLength) (SceneLimits.maxIDLength)"
                } else if !own && isTaken(id) {
                    problem =
                        "a copy of \(quoted(template.id)) would repeat the id \(quoted(id)): ids are unique and a copy renames only its own, so write \"{n}\" in the ids inside it"
                }
                taken.insert(id)
            }
            func check(_ c: SceneNode, own: Bool) {
                if c.type == .tabBar || c.type == .sheet || c.type == .alert {
                    problem =
                        problem
                        ?? (c.type == .tabBar
                            ? "a tabBar is system chrome, the scene's root: it is never copied into a container"
                            : "a \(c.type.rawValue) is presented over the screen (the scene's \"sheets\"), never copied into a container")
                }
                take(c.id, own: own)
                for t in [c.title, c.subtitle].compactMap({ $0 })
                where SceneLimits.length(t) > SceneLimits.maxTextLength {
                    problem =
                        problem
                        ?? "a title of \(SceneLimits.length(t)) characters; a string is at most \(SceneLimits.maxTextLength)"
                }
                for s in c.segments { take(s.id, own: false) }
                c.accessory.map { check($0, own: false) }
                c.children.forEach { check($0, own: false) }
                for t in c.tabs {
                    take(t.id, own: false)
                    check(t.content, own: false)
                }
            }
            check(child, own: true)
            firstProblem = firstProblem ?? problem
            text += child.textCharacters
            page.append(child)
        }
        if text > SceneLimits.maxSceneText {
            return .failure(
                .refused(
                    "the scene would have \(text) characters of text, more than the limit of \(SceneLimits.maxSceneText) (SceneLimits.maxSceneText)"
                ))
        }
        return firstProblem.map { .failure(.refused($0)) } ?? .success(page)
    }

    /// Puts `page`, made by ``copies(of:at:titles:)``, into the container at `path` at `position`, in one change
    /// of the scene. One at a time, each rebuilt the scene's index: an `onReachEnd` page of 10,000 posters took 23 s.
    mutating func put(_ page: [SceneNode], into path: NodePath, at position: Int) {
        guard !page.isEmpty else { return }
        modify(path) { $0.children.insert(contentsOf: page, at: position) }
        data.lastAppended = page.last?.id
        for child in page where child.type == .textField { textEntry.fieldValues[child.id] = child.value ?? "" }
    }

    // MARK: onReachEnd

    /// After every event: when focus has arrived within `threshold` items of the end of a container
    /// with `onReachEnd`, its next page is inserted there (once per arrival; S11). Focus stays on its
    /// item as the content grows, unless the container pages by `reload` (the reported bug, on purpose).
    mutating func checkReachEnd() throws(FocusTreeError) {
        guard !index.reachEnd.isEmpty, let f = system.focused, f != data.reachEndLastFocus else { return }
        data.reachEndLastFocus = f
        guard let fpath = path(of: f) else { return }
        var p = fpath
        while let up = p.parent {
            defer { p = up }
            guard let c = node(at: up), let more = c.onReachEnd, let k = p.childIndex else { continue }
            guard c.children.count - 1 - k <= more.threshold else { return }
            guard data.reachEndFiredFor[c.id] != f else { return }
            data.reachEndFiredFor[c.id] = f
            let made = data.pagesAdded[c.id, default: 0]
            var page: [SceneNode] = []
            if let t = more.template {
                if let limit = more.limit, made >= limit { return }
                page = Array(repeating: t, count: more.count)
            } else if made < more.pages.count {
                page = more.pages[made]
            }
            guard !page.isEmpty else { return }
            data.pagesAdded[c.id] = made + 1
            let at = c.children.count
            switch copies(of: page, at: at, titles: true) {
            case .success(let made): page = made
            case .failure(let refusal):
                refuse("onReachEnd of \"\(c.id)\": \(refusal)")
                return
            }
            var total = index.nodes.count
            var fitting: [SceneNode] = []
            for item in page {
                var size = 0
                func count(_ n: SceneNode) {
                    size += 1
                    n.children.forEach(count)
                }
                count(item)
                total += size
                if total > SceneLimits.maxNodes {
                    refuse(
                        "onReachEnd of \"\(c.id)\": a scene holds at most \(SceneLimits.maxNodes) nodes (SceneLimits.maxNodes)"
                    )
                    break
                }
                fitting.append(item)
            }
            put(fitting, into: up, at: at)
            if more.reloads {
                _ = try applyData(.reload(c.id, late: false))
            } else if let tree = try freshTree(), let u = system.recoverFocus(in: tree, lost: nil) {
                noteFocusChange(u)
            }
            return
        }
    }
}

extension Scene {
    /// Calls `body` with every template of an `append`, `insert` or `onReachEnd`, in file order.
    func forEachTemplate(_ body: (SceneNode) -> Void) {
        func walk(_ n: SceneNode) {
            visit(n)
            n.children.forEach(walk)
            n.tabs.forEach { walk($0.content) }
        }
        walk(root)
        sheets.forEach(walk)
        func visit(_ n: SceneNode) {
            if let more = n.onReachEnd {
                more.template.map(body)
                more.pages.joined().forEach(body)
            }
            for trigger in Trigger.allCases {
                for a in n.actions[trigger] ?? [] {
                    switch a {
                    case .append(let t, _), .insert(let t, _, _): body(t)
                    default: break
                    }
                }
            }
        }
    }
}

extension Simulator {
    /// A scene's `insert` action: its own template node into `container` at `at` (nil: the end).
    mutating func insertTemplate(_ template: SceneNode, into container: String, at: Int?) throws(FocusTreeError)
        -> FocusUpdate?
    {
        guard let cpath = path(of: container), let c = node(at: cpath), c.type.isContainer else {
            refuse("insert into \(container): no container with that id")
            return nil
        }
        if let at, at > c.children.count {
            refuse("insert into \(container): index \(at) is past the end (\(c.children.count) children)")
            return nil
        }
        if let refusal = nodeLimitRefusal(adding: template, into: container) {
            refuse("\(refusal)")
            return nil
        }
        if let deep = depthRefusal(adding: template, into: container) {
            refuse("insert into \(container): \(deep)")
            return nil
        }
        let position = at ?? c.children.count
        switch copies(of: [template], at: position, titles: true) {
        case .failure(let refusal):
            refuse("insert into \(container): \(refusal)")
            return nil
        case .success(let page):
            return try commitData(
                DataPlan(change: { sim in sim.put(page, into: cpath, at: position) }, lost: nil, container: container))
        }
    }
}
