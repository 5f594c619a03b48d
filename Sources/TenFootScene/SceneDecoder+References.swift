import TenFootCore

extension SceneDecoder {
    /// Ids named in `preferred`, `between`, `defaultFocus`, actions and `expect` must exist. Each
    /// unknown id is reported where it is named, with a suggestion for the first
    /// ``SceneLimits/maxSuggestions`` of them (the work stays bounded for any number of bad references).
    mutating func validateReferences(_ scene: inout Scene) {
        // Known ids: the explicit ones (`ids`, registered as they were read) and `extra` — derived ids,
        // picker options, and the ids appends and `onReachEnd` can create. One walk over the scene.
        let explicitIDs = ids
        var extra = Set<String>()
        func isKnown(_ id: String) -> Bool { explicitIDs.contains(id) || extra.contains(id) }
        var tabIDs = Set<String>()
        var refs: [(at: SourceLocation, id: String, what: String, path: String)] = []
        let sheetIDs = Set(scene.sheets.map(\.id))
        // Ids an `append` can create: its nodes' ids, where "{n}" stands for the new child's index.
        var appendedShapes = Set<String>()
        func collect(_ x: SceneNode) {
            extra.insert(x.id)
            if x.id.contains("{n}") { appendedShapes.insert(AppendedID.shape(of: x.id)) }
            x.children.forEach(collect)
        }
        if derivedIDs || referenceWalk {
            scene.forEachNode { n in
                if !n.hasExplicitID { extra.insert(n.id) }
                for t in n.tabs { tabIDs.insert(t.id) }
                // A picker's options are items too: a segmented picker's segments, a navigation-style picker's rows.
                if n.type == .picker {
                    for k in n.options.indices { extra.insert(SceneNode.optionID(picker: n.id, index: k)) }
                }
                for p in n.preferred { refs.append((n.location, p, "\"preferred\"", "")) }
                for b in n.between ?? [] { refs.append((n.location, b, "\"between\"", "")) }
                if let d = n.defaultFocus { refs.append((n.location, d, "\"defaultFocus\"", "")) }
                // …and an `onReachEnd` can create its template's or pages' ids.
                if let more = n.onReachEnd {
                    more.template.map(collect)
                    more.pages.joined().forEach(collect)
                }
            }
        }
        for site in actionSites {
            switch site.action {
            case .append(let node, _), .insert(let node, _, _): collect(node)
            default: continue
            }
        }
        // Each action where it is written (every action the file holds, appended nodes' too).
        var opens = false
        for site in actionSites {
            switch site.action {
            case .present(let s):
                if !sheetIDs.contains(s) {
                    error(site.at, site.path, "\"present\" names \(quoted(s)), which is not a sheet in \"sheets\"")
                }
            case .focus(let s) where s != "$last" && !KeyboardIDs.isSystem(s):
                refs.append((site.at, s, "\"focus\"", site.path))
            case .selectTab(let s):
                if isKnown(s), !tabIDs.contains(s) {
                    error(site.at, site.path, "\"selectTab\" names \(quoted(s)), which is not a tab of a tabBar")
                }
                refs.append((site.at, s, "\"selectTab\"", site.path))
            case .append(_, let to): refs.append((site.at, to, "\"append\" \"to\"", site.path))
            case .insert(_, let into, _): refs.append((site.at, into, "\"insert\" \"into\"", site.path))
            case .data(let d):
                if case .replaceChildren(_, let ids) = d {
                    for id in ids { refs.append((site.at, id, "\"with\"", site.path)) }
                }
                refs.append((site.at, d.target, quoted(String(d.description.prefix { $0 != " " })), site.path))
            case .open: opens = true
            default: break
            }
        }
        for (k, a) in scene.auditAcceptances.enumerated() {
            if let item = a.item { refs.append((a.location, item, "\"item\"", "audit.accept[\(k)].item")) }
            if let to = a.to { refs.append((a.location, to, "\"to\"", "audit.accept[\(k)].to")) }
        }
        // Expectations that follow an `open` may name ids of the opened scene: checked when they run.
        for e in scene.expectations {
            // The keyboard's keys and the search's parts are system-made (`keyboard.`): checked when they run.
            if let f = e.from, !KeyboardIDs.isSystem(f) { refs.append((e.location, f, "\"from\"", "")) }
            for (field, _) in e.text where !KeyboardIDs.isSystem(field) {
                refs.append((e.location, field, "\"text\"", ""))
            }
            for r in e.results ?? [] { refs.append((e.location, r, "\"results\"", "")) }
            if opens { continue }
            // "(home)" is where an expectation reads focus after exiting to Home.
            for f in e.focus
            where f != "(home)" && !KeyboardIDs.isSystem(f) && !isKnown(f)
                && !appendedShapes.contains(AppendedID.shape(of: f))
            {
                refs.append((e.location, f, "\"focus\"", ""))
            }
        }
        // In file order, so which ones get suggestions is fixed.
        let unknown = refs.filter { !isKnown($0.id) }.sorted { ($0.at, $0.id, $0.what) < ($1.at, $1.id, $1.what) }
        guard !unknown.isEmpty else { return }
        let spelling = SpellingIndex(Set(explicitIDs.names).union(extra))
        var suggestions: [String: String?] = [:]
        for r in unknown {
            var hint: String?
            if let memo = suggestions[r.id] {
                hint = memo
            } else if suggestions.count < SceneLimits.maxSuggestions {
                hint = spelling.suggestion(for: r.id)
                suggestions[r.id] = hint
            }
            error(
                r.at, r.path,
                "\(r.what) names unknown id \(quoted(r.id))" + (hint.map { ", did you mean \(quoted($0))?" } ?? ""))
        }
    }
}

extension Scene {
    /// Calls `body` with every node of the screen and of every sheet, depth first, without copying
    /// them into an array (``allNodes`` builds one: at 200,000 nodes, 1.6 MB of references for nothing).
    func forEachNode(_ body: (SceneNode) -> Void) {
        func walk(_ n: SceneNode) {
            body(n)
            n.accessory.map(walk)
            n.children.forEach(walk)
            n.tabs.forEach { walk($0.content) }
        }
        walk(root)
        sheets.forEach(walk)
    }
}

/// Ids that `append` creates from a template like `row{n}`.
enum AppendedID {
    /// The id with every run of digits and `{n}` as one `{n}`: an id an append can create has the
    /// shape of its template (`row12` and `row{n}` are both `row{n}`). One pass over the id, so
    /// checking any number of expectations against any number of templates stays linear. A shape
    /// can match ids no append will make (`row{n}-2` also matches `row3-5`): this check only stops
    /// typos at load, and an expectation naming a wrong index fails when it runs.
    static func shape(of id: String) -> String {
        var out = ""
        var inRun = false
        var rest = Substring(id)
        while let c = rest.first {
            let token: Int = c.isASCII && c.isNumber ? 1 : rest.hasPrefix("{n}") ? 3 : 0
            if token > 0 {
                if !inRun { out += "{n}" }
                inRun = true
                rest = rest.dropFirst(token)
            } else {
                out.append(c)
                inRun = false
                rest = rest.dropFirst()
            }
        }
        return out
    }
}
