import FocusEngine
import TenFootCore

/// Data actions (`disable`, `remove`, `insert`, `reload`, …), `onReachEnd` and `focusRecovery`
/// (issue 18; docs/scene-format.md, "Data actions").
extension SceneDecoder {
    /// Keys that qualify a data action: `insert`'s `into` and `at`, `replaceChildren`'s `with`, `reload`'s `cells`.
    static let dataModifiers = ["into", "at", "with", "cells"]

    static let reachEndKeys = ["threshold", "template", "count", "pages", "limit", "mode", "note"]

    /// A modifier key on an action whose verb does not take it, with the message.
    func misplacedDataModifier(_ m: [JSON.Member], verb: String) -> (keyLocation: SourceLocation, message: String)? {
        let takes: [String: [String]] = ["insert": ["into", "at"], "replaceChildren": ["with"], "reload": ["cells"]]
        for member in m
        where SceneDecoder.dataModifiers.contains(member.key) && !(takes[verb] ?? []).contains(member.key) {
            let owner = takes.first { $0.value.contains(member.key) }!.key
            return (member.keyLocation, "\(quoted(member.key)) belongs to \(quoted(owner)), not \(quoted(verb))")
        }
        return nil
    }

    /// The data action whose verb is `first.key`, or nil (after an error) when it is malformed.
    mutating func dataAction(_ first: JSON.Member, _ a: JSON, _ p: String, _ k: Int, depth: Int) -> Action? {
        let v = first.value
        switch first.key {
        case "disable": return idReference(v, p + ".disable").map { .data(.disable($0)) }
        case "enable": return idReference(v, p + ".enable").map { .data(.enable($0)) }
        case "hide": return idReference(v, p + ".hide").map { .data(.hide($0)) }
        case "show": return idReference(v, p + ".show").map { .data(.show($0)) }
        case "remove": return idReference(v, p + ".remove").map { .data(.remove($0)) }
        case "insert":
            guard let into = a["into"].flatMap({ idReference($0, p + ".into") }) else {
                error(a.location, p, "\"insert\" needs \"into\": the id of the container")
                return nil
            }
            var at: Int?
            if let j = a["at"] {
                guard let n = index(j, p + ".at") else { return nil }
                at = n
            }
            guard let node = copiedNode(v, path: p + ".insert", derivedID: "\(into)/inserted\(k)", depth: depth + 1)
            else { return nil }
            return .insert(node, into: into, at: at)
        case "move":
            guard let id = idReference(v, p + ".move") else { return nil }
            guard let to = a["to"] else {
                error(a.location, p, "\"move\" needs \"to\": the new index among its siblings")
                return nil
            }
            return index(to, p + ".to").map { .data(.move(id, to: $0)) }
        case "replaceChildren":
            guard let id = idReference(v, p + ".replaceChildren") else { return nil }
            guard let with = a["with"] else {
                error(a.location, p, "\"replaceChildren\" needs \"with\": the children's ids in their new order")
                return nil
            }
            return .data(.replaceChildren(id, with: idList(with, p + ".with")))
        case "reload":
            guard let id = idReference(v, p + ".reload") else { return nil }
            var late = false
            if let c = a["cells"] { late = oneOf(c, p + ".cells", ["early", "late"]) == "late" }
            return .data(.reload(id, late: late))
        default: return nil
        }
    }

    /// A child index: a whole number from 0 to the node limit.
    mutating func index(_ j: JSON, _ path: @autoclosure () -> String) -> Int? {
        guard let n = j.number, n >= 0, n == n.rounded(), n <= Double(SceneLimits.maxNodes) else {
            error(
                j.location, path(),
                "\(quoted(lastKey(path()))) expects a child index (a whole number from 0), got \(j.shortDescription)")
            return nil
        }
        return Int(n)
    }

    mutating func recovery(_ j: JSON, _ path: @autoclosure () -> String) -> FocusRecovery? {
        oneOf(j, path(), FocusRecovery.allCases.map(\.rawValue)).flatMap(FocusRecovery.init(rawValue:))
    }

    /// `focusRecovery` and `onReachEnd` on a container.
    mutating func decodeDataKeys(
        _ fields: NodeFields, _ node: inout SceneNode, _ path: @autoclosure () -> String, depth: Int
    ) {
        if let r = fields[.focusRecovery] { node.focusRecovery = recovery(r, path() + ".focusRecovery") }
        guard let r = fields[.onReachEnd] else { return }
        let p = path() + ".onReachEnd"
        guard let m = r.members else {
            error(
                r.location, p,
                "\"onReachEnd\" expects an object like {\"threshold\": 3, \"template\": {...}}, got \(r.shortDescription)"
            )
            return
        }
        _ = checkKeys(m, allowed: SceneDecoder.reachEndKeys, path: p, what: "onReachEnd")
        let threshold = r["threshold"].flatMap { index($0, p + ".threshold") } ?? 2
        let count = r["count"].flatMap { index($0, p + ".count") } ?? 1
        let limit = r["limit"].flatMap { index($0, p + ".limit") }
        let reloads = r["mode"].flatMap { oneOf($0, p + ".mode", ["insert", "reload"]) } == "reload"
        let template = r["template"].flatMap {
            copiedNode($0, path: p + ".template", derivedID: "\(node.id)/more", depth: depth + 1)
        }
        var pages: [[SceneNode]] = []
        if let ps = r["pages"] {
            if let arr = ps.array {
                for (k, page) in arr.enumerated() {
                    guard let items = page.array else {
                        error(
                            page.location, "\(p).pages[\(k)]",
                            "each page is an array of nodes, got \(page.shortDescription)")
                        continue
                    }
                    pages.append(
                        items.enumerated().compactMap {
                            copiedNode(
                                $0.element, path: "\(p).pages[\(k)][\($0.offset)]",
                                derivedID: "\(node.id)/page\(k)/\($0.offset)", depth: depth + 1)
                        })
                }
            } else {
                error(
                    ps.location, p + ".pages",
                    "\"pages\" expects an array of pages (arrays of nodes), got \(ps.shortDescription)")
            }
        }
        if (template == nil) == pages.isEmpty && r["template"] == nil && r["pages"] == nil {
            error(
                r.location, p,
                "\"onReachEnd\" needs \"template\" (a node, as \"append\" takes) or \"pages\" (arrays of nodes)")
            return
        }
        if r["template"] != nil, r["pages"] != nil {
            error(r.location, p, "\"onReachEnd\" takes \"template\" or \"pages\", not both")
            return
        }
        if count < 1 {
            error(r.location, p + ".count", "\"count\" must be at least 1")
            return
        }
        node.onReachEnd = ReachEnd(
            threshold: threshold, template: template, count: count, pages: pages, limit: limit, reloads: reloads)
    }

    /// A node a data action copies into a container (`append`, `insert`, `onReachEnd`): any node but a tab bar, which
    /// is system chrome and only ever the scene's root.
    mutating func copiedNode(_ j: JSON, path: String, derivedID: String, depth: Int) -> SceneNode? {
        guard let node = decodeNode(j, path: path, derivedID: derivedID, depth: depth) else { return nil }
        if node.type == .tabBar {
            error(
                node.location, path,
                "a tabBar is system chrome: it is the scene's \"root\", never a node an action copies into a container")
            return nil
        }
        if node.type == .sheet || node.type == .alert {
            error(
                node.location, path,
                "a \(node.type.rawValue) is presented over the screen (list it in \"sheets\"), never a node an action copies into a container"
            )
            return nil
        }
        return node
    }
}
