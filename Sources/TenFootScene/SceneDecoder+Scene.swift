import FocusEngine
import Foundation
import TenFootCore

/// The top level of a scene file: its name, state, root, sheets, expectations and settings.
extension SceneDecoder {
    // MARK: Top level

    static let topKeys = [
        "name", "state", "root", "sheets", "expect", "note", "$schema", "layoutDirection", "audit", "focusRecovery",
    ]

    /// `json` is consumed: the root's JSON is taken out of it and freed as it is decoded (``decodeNode``).
    mutating func decodeScene(_ json: consuming JSON) -> Scene? {
        guard json.members != nil else {
            error(json.location, "", "a scene file must be a JSON object with \"root\", got \(json.shortDescription)")
            return nil
        }
        // A temporary copy of the members: none may outlive this line, or taking "root" out would copy them.
        checkKeys(json.members!, allowed: SceneDecoder.topKeys, path: "", what: "scene")
        let name = json["name"].flatMap { stringValue($0, "name") } ?? "Untitled"
        let direction =
            json["layoutDirection"].flatMap { oneOf($0, "layoutDirection", LayoutDirection.allCases.map(\.rawValue)) }
            .flatMap(LayoutDirection.init(rawValue:)) ?? .leftToRight
        var state: [String: StateValue] = [:]
        if let s = json["state"] {
            if let m = s.members {
                for member in m {
                    if SceneLimits.length(member.key) > SceneLimits.maxIDLength {
                        error(
                            member.keyLocation, "state",
                            "state names are at most \(SceneLimits.maxIDLength) characters, got \(SceneLimits.length(member.key))"
                        )
                    } else if !member.key.isEmpty, !SceneDecoder.isPrintableID(member.key) {
                        error(
                            member.keyLocation, "state",
                            "state names contain no spaces, control or invisible characters, as ids do, got \(SceneDecoder.quotedID(member.key))"
                        )
                    } else if let v = stateValue(member.value, "state.\(member.key)") {
                        state[member.key] = v
                    }
                }
            } else {
                error(s.location, "state", "\"state\" expects an object of names to values, got \(s.shortDescription)")
            }
        }
        guard let rootJSON = json.take("root") else {
            error(json.location, "", "the scene has no \"root\" node (expected \"root\": {\"type\": ...})")
            return nil
        }
        let root = decodeNode(consume rootJSON, path: "root", derivedID: "root", depth: 0)
        var sheets: [SceneNode] = []
        if let s = json["sheets"] {
            if let arr = s.array {
                for (k, item) in arr.enumerated() {
                    if let node = decodeNode(item, path: "sheets[\(k)]", derivedID: "sheet\(k)", depth: 0) {
                        if !node.type.isPresentation {
                            error(
                                item.location, "sheets[\(k)]",
                                "entries of \"sheets\" must have \"type\": \"sheet\" or \"alert\", got \"\(node.type.rawValue)\""
                            )
                        }
                        sheets.append(node)
                    }
                }
            } else {
                error(s.location, "sheets", "\"sheets\" expects an array of sheet nodes, got \(s.shortDescription)")
            }
        }
        var expectations: [Expectation] = []
        if let e = json["expect"] {
            if let arr = e.array {
                for (k, item) in arr.enumerated() {
                    if let x = decodeExpectation(item, path: "expect[\(k)]") { expectations.append(x) }
                }
            } else {
                error(e.location, "expect", "\"expect\" expects an array of expectations, got \(e.shortDescription)")
            }
        }
        guard let root else { return nil }
        if derivedIDs { checkDerivedIDs(root, sheets) }
        if searches { checkSearches(root, sheets, state: state) }
        var scene = Scene(
            name: name, file: file, state: state, root: root, sheets: sheets, expectations: expectations,
            layoutDirection: direction)
        if let a = json["audit"] { scene.auditAcceptances = decodeAudit(a) }
        scene.focusRecovery = json["focusRecovery"].flatMap { recovery($0, "focusRecovery") } ?? .system
        validateReferences(&scene)
        return scene
    }

}
