import FocusEngine
import Foundation
import TenFootCore

// Reading actions (the triggers' lists), the audit's acceptances and the expect blocks.
extension SceneDecoder {
    static let actionKeys =
        ["present", "dismiss", "focus", "resetFocus", "set", "to", "selectTab", "append", "open", "page"]
        + DataAction.verbs + dataModifiers

    mutating func actions(_ j: JSON, _ path: @autoclosure () -> String, depth: Int) -> [Action] {
        guard let arr = j.array else {
            error(
                j.location, path(), "actions are a list: [{\"present\": \"sheetId\"}, ...], got \(j.shortDescription)")
            return []
        }
        var out: [Action] = []
        for (k, a) in arr.enumerated() {
            let p = "\(path())[\(k)]"
            let before = out.count
            defer { if out.count > before, let action = out.last { actionSites.append((a.location, p, action)) } }
            guard let m = a.members else {
                error(a.location, p, "an action is an object like {\"focus\": \"id\"}, got \(a.shortDescription)")
                continue
            }
            checkKeys(m, allowed: SceneDecoder.actionKeys, path: p, what: "action")
            let verbs = m.filter { $0.key != "to" && !SceneDecoder.dataModifiers.contains($0.key) }
            guard let first = verbs.first else {
                error(
                    a.location, p,
                    "an action needs one of: present, dismiss, focus, resetFocus, set, selectTab, append, open, page, "
                        + DataAction.verbs.joined(separator: ", "))
                continue
            }
            if verbs.count > 1 {
                error(
                    verbs[1].keyLocation, p,
                    "one action per object: \(quoted(first.key)) and \(quoted(verbs[1].key)) are both here; split them into two list entries"
                )
                continue
            }
            if m.contains(where: { $0.key == "to" }), first.key != "set", first.key != "append", first.key != "move" {
                error(a.location, p, "\"to\" belongs to \"set\", \"append\" or \"move\", not \(quoted(first.key))")
                continue
            }
            if let misplaced = misplacedDataModifier(m, verb: first.key) {
                error(misplaced.keyLocation, p, misplaced.message)
                continue
            }
            switch first.key {
            case "present": if let s = idReference(first.value, p + ".present") { out.append(.present(s)) }
            case "dismiss":
                if first.value.bool == true {
                    out.append(.dismiss)
                } else {
                    error(
                        first.value.location, p + ".dismiss",
                        "\"dismiss\" expects true, got \(first.value.shortDescription)")
                }
            case "focus": if let s = idReference(first.value, p + ".focus") { out.append(.focus(s)) }
            case "resetFocus": if let s = nameValue(first.value, p + ".resetFocus") { out.append(.resetFocus(s)) }
            case "set":
                guard let name = nameValue(first.value, p + ".set") else { continue }
                guard let to = a["to"] else {
                    error(a.location, p, "\"set\" needs \"to\": the new value")
                    continue
                }
                if let v = stateValue(to, p + ".to") { out.append(.set(name, v)) }
            case "selectTab": if let s = idReference(first.value, p + ".selectTab") { out.append(.selectTab(s)) }
            case "append":
                guard let target = a["to"].flatMap({ idReference($0, p + ".to") }) else {
                    error(a.location, p, "\"append\" needs \"to\": the id of the container")
                    continue
                }
                if let node = copiedNode(
                    first.value, path: p + ".append", derivedID: "\(target)/appended\(k)", depth: depth + 1)
                {
                    out.append(.append(node, to: target))
                }
            case "open": if let s = stringValue(first.value, p + ".open") { out.append(.open(s)) }
            case "page":
                if let s = oneOf(first.value, p + ".page", ["up", "down"]) { out.append(.page(up: s == "up")) }
            default: if let action = dataAction(first, a, p, k, depth: depth) { out.append(action) }
            }
        }
        return out
    }

    static let auditKeys = ["accept", "note"]
    static let tabKeys = ["id", "title", "icon", "content", "note"]
    static let conditionKeys = ["state", "equals"]
    static let expectationKeys = [
        "name", "from", "press", "focus", "via", "policy", "textSize", "note", "text", "results", "suggestions",
    ]
    static let acceptanceKeys = ["finding", "item", "direction", "to", "reason", "note"]

    /// `"audit": {"accept": [{"finding": "one-way", "item": "a", "reason": "…"}]}`.
    mutating func decodeAudit(_ j: JSON) -> [AuditAcceptance] {
        guard let m = j.members else {
            error(
                j.location, "audit", "\"audit\" expects an object like {\"accept\": [...]}, got \(j.shortDescription)")
            return []
        }
        checkKeys(m, allowed: SceneDecoder.auditKeys, path: "audit", what: "audit")
        guard let list = j["accept"] else { return [] }
        guard let entries = list.array else {
            error(
                list.location, "audit.accept",
                "\"accept\" expects an array of acceptances like {\"finding\": \"one-way\", \"item\": \"id\", \"reason\": \"…\"}, got \(list.shortDescription)"
            )
            return []
        }
        var out: [AuditAcceptance] = []
        let codes = AuditRules.all.map(\.code)
        for (k, e) in entries.enumerated() {
            let p = "audit.accept[\(k)]"
            guard let members = e.members else {
                error(
                    e.location, p,
                    "an acceptance is an object like {\"finding\": \"one-way\", \"reason\": \"…\"}, got \(e.shortDescription)"
                )
                continue
            }
            checkKeys(members, allowed: SceneDecoder.acceptanceKeys, path: p, what: "acceptance")
            guard let f = e["finding"] else {
                error(e.location, p, "an acceptance needs \"finding\": one of \(codes.joined(separator: ", "))")
                continue
            }
            guard let reasonJSON = e["reason"] else {
                error(e.location, p, "an acceptance needs \"reason\": why the finding is right for this scene")
                continue
            }
            guard let finding = oneOf(f, p + ".finding", codes), let reason = stringValue(reasonJSON, p + ".reason")
            else { continue }
            if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                error(
                    reasonJSON.location, p + ".reason",
                    "\"reason\" must say why the finding is right for this scene, got an empty string")
                continue
            }
            let item = e["item"].flatMap { idReference($0, p + ".item") }
            var direction: Direction?
            var to: String?
            for key in ["direction", "to"] where e[key] != nil && finding != "one-way" {
                error(
                    e[key]!.location, "\(p).\(key)",
                    "\"\(key)\" belongs to a \"one-way\" acceptance, not \(quoted(finding))")
            }
            if finding == "one-way" {
                direction = e["direction"].flatMap { oneOf($0, p + ".direction", Direction.allCases.map(\.rawValue)) }
                    .flatMap(Direction.init(rawValue:))
                to = e["to"].flatMap { idReference($0, p + ".to") }
            }
            out.append(
                AuditAcceptance(
                    finding: finding, item: item, direction: direction, to: to, reason: reason, location: e.location))
        }
        return out
    }

    mutating func decodeExpectation(_ j: JSON, path: @autoclosure () -> String) -> Expectation? {
        guard let m = j.members else {
            error(j.location, path(), "an expectation is an object {\"press\": [...], \"focus\": [...]}")
            return nil
        }
        checkKeys(m, allowed: SceneDecoder.expectationKeys, path: path(), what: "expectation")
        let name = j["name"].flatMap { stringValue($0, path() + ".name") }
        let from = j["from"].flatMap { idReference($0, path() + ".from") }
        var press: [RemoteEvent] = []
        var pressCount = 0
        if let p = j["press"] {
            if let arr = p.array {
                for (k, e) in arr.enumerated() {
                    guard let s = stringValue(e, "\(path()).press[\(k)]") else { continue }
                    pressCount += 1
                    // `type "text"` and `delete N` (docs/scene-format.md, "Text entry and search").
                    if let typed = textPress(e, s, "\(path()).press[\(k)]") {
                        if let t = typed { press.append(t) }
                        continue
                    }
                    guard let event = RemoteEvent(buttonName: s) else {
                        let hint = suggest(s, RemoteEvent.buttonNames).map { ", did you mean \"\($0)\"?" } ?? ""
                        error(e.location, "\(path()).press[\(k)]", "unknown remote event \(quoted(s))\(hint)")
                        continue
                    }
                    press.append(event)
                }
            } else {
                error(
                    p.location, path() + ".press",
                    "\"press\" expects an array of remote events, got \(p.shortDescription)")
            }
        }
        guard let f = j["focus"] else {
            error(j.location, path(), "an expectation needs \"focus\": one id per press, or the final id")
            return nil
        }
        var focus: [String] = []
        var finalOnly = false
        if f.string != nil {
            focus = idReference(f, path() + ".focus").map { [$0] } ?? []
            finalOnly = true
        } else if f.array != nil {
            focus = idList(f, path() + ".focus")
            // Counted in the file: an entry refused on its own is not also a wrong count.
            let listed = f.array!.count
            if listed != pressCount, !(pressCount == 0 && listed == 1) {
                error(
                    f.location, path() + ".focus",
                    "\"focus\" lists \(listed) ids for \(pressCount) presses (give one per press, or a single final id as a string)"
                )
            }
            if pressCount == 0 { finalOnly = true }
        } else {
            error(
                f.location, path() + ".focus",
                "\"focus\" expects an array of ids or a single id, got \(f.shortDescription)")
        }
        var via: [Route.Kind]?
        if let v = j["via"] {
            if v.array == nil {
                error(
                    v.location, path() + ".via",
                    "\"via\" expects an array with one route per press, got \(v.shortDescription)")
            }
            let list = v.array.map { _ in idList(v, path() + ".via") } ?? []
            let allowed = Route.Kind.all.map(\.description)
            for (k, s) in list.enumerated() where Route.Kind(word: s) == nil {
                error(
                    v.array![k].location, "\(path()).via[\(k)]",
                    "unknown route \(quoted(s)) (expected one of \(allowed.joined(separator: ", ")))")
            }
            if let listed = v.array?.count, listed != pressCount {
                error(v.location, path() + ".via", "\"via\" lists \(listed) routes for \(pressCount) presses")
            }
            via = list.compactMap(Route.Kind.init(word:))
        }
        var policy = FocusPolicy.tvos
        if let p = j["policy"] {
            policy =
                oneOf(p, path() + ".policy", FocusPolicy.allCases.map(\.rawValue)).flatMap(FocusPolicy.init(rawValue:))
                ?? .tvos
        }
        var out = Expectation(
            name: name, from: from, press: press, focus: focus, finalOnly: finalOnly, via: via, policy: policy,
            location: j.location)
        if let t = j["textSize"] {
            if let name = t.string, let size = TextSize(name: name) {
                out.textSize = size
            } else {
                error(
                    t.location, path() + ".textSize",
                    "\"textSize\" expects a text size (\(TextSize.names.map { "\"\($0)\"" }.joined(separator: ", "))), got \(t.shortDescription)"
                )
            }
        }
        decodeTextChecks(j, into: &out, path: path())
        return out
    }
}
