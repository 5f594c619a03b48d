import Foundation
import TestSupport
import Testing

@testable import TenFootScene

/// The decoder, the JSON Schema (docs/scene.schema.json) and the format's documentation
/// (docs/scene-format.md) name the same keys: every key the decoder accepts is in the schema and the
/// docs, and every key the schema or the docs give is one the decoder accepts.
@Suite struct KeyAgreementTests {
    static var schema: [String: Any] {
        let data = try! Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/docs/scene.schema.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }
    static let docs = try! String(contentsOfFile: TestPaths.packageRoot + "/docs/scene-format.md", encoding: .utf8)
    static var defs: [String: Any] { schema["$defs"] as! [String: Any] }

    static func properties(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys ?? [:].keys)
    }

    /// The keys a docs section's "Keys:" sentence names: `common` and `container` stand for the shared
    /// lists, backticked names are added, parenthesised remarks are not keys.
    static func documentedKeys(of type: NodeType) -> Set<String>? {
        guard let heading = docs.range(of: "### `\(type.rawValue)` — ") else { return nil }
        let rest = docs[heading.upperBound...]
        let end = rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex
        guard let keys = rest[..<end].range(of: "Keys:") else { return nil }
        var sentence = String(rest[keys.upperBound..<end]).components(separatedBy: "\n\n")[0]
        sentence = sentence.replacingOccurrences(of: "\n", with: " ")
        sentence = sentence.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
        if let stop = sentence.range(of: #"\.(\s|$)"#, options: .regularExpression) {
            sentence = String(sentence[..<stop.lowerBound])
        }
        var out = Set<String>()
        if sentence.contains("common") { out.formUnion(SceneDecoder.commonKeys) }
        if sentence.contains("container") { out.formUnion(SceneDecoder.containerKeys) }
        let ticked = try! NSRegularExpression(pattern: "`([A-Za-z$]+)`")
        for m in ticked.matches(in: sentence, range: NSRange(sentence.startIndex..., in: sentence)) {
            out.insert(String(sentence[Range(m.range(at: 1), in: sentence)!]))
        }
        return out
    }

    /// The first column of the markdown table right after `heading` (`| \`key\` | …`).
    static func tableKeys(after heading: String) -> Set<String> {
        guard let at = docs.range(of: heading) else { return [] }
        let lines = docs[at.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return Set(
            table.compactMap { line -> String? in
                let cell = line.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count > 2 else { return nil }
                return String(cell.dropFirst().dropLast())
            })
    }

    @Test(arguments: NodeType.allCases) func everyNodeTypesKeysAgree(_ type: NodeType) throws {
        let decoder = Set(SceneDecoder.allowedKeys(type))
        let schema = Self.properties(Self.defs[type.rawValue])
        #expect(
            schema == decoder,
            "schema \(type.rawValue): missing \(decoder.subtracting(schema).sorted()), extra \(schema.subtracting(decoder).sorted())"
        )
        let docs = try #require(
            Self.documentedKeys(of: type), "docs/scene-format.md has no \"Keys:\" for \(type.rawValue)")
        #expect(
            docs == decoder,
            "docs \(type.rawValue): missing \(decoder.subtracting(docs).sorted()), extra \(docs.subtracting(decoder).sorted())"
        )
    }

    @Test func theOtherObjectsKeysAgreeWithTheSchema() {
        let pairs: [(String, Set<String>, [String])] = [
            ("scene", Self.properties(Self.schema), SceneDecoder.topKeys),
            ("tab", Self.properties(Self.defs["tab"]), SceneDecoder.tabKeys),
            ("expectation", Self.properties(Self.defs["expectation"]), SceneDecoder.expectationKeys),
            ("condition", Self.properties(Self.defs["condition"]), SceneDecoder.conditionKeys),
            ("audit", Self.properties((Self.schema["properties"] as? [String: Any])?["audit"]), SceneDecoder.auditKeys),
            ("acceptance", Self.properties(Self.defs["acceptance"]), SceneDecoder.acceptanceKeys),
            (
                "action",
                ((Self.defs["action"] as? [String: Any])?["oneOf"] as? [Any] ?? []).reduce(into: Set<String>()) {
                    $0.formUnion(Self.properties($1))
                },
                SceneDecoder.actionKeys
            ),
        ]
        for (name, schema, decoder) in pairs {
            #expect(
                schema == Set(decoder),
                "\(name): schema lacks \(Set(decoder).subtracting(schema).sorted()), has extra \(schema.subtracting(decoder).sorted())"
            )
        }
    }

    @Test func theOtherObjectsKeysAgreeWithTheDocs() {
        #expect(Self.tableKeys(after: "## The top level") == Set(SceneDecoder.topKeys))
        #expect(Self.tableKeys(after: "## `expect` blocks") == Set(SceneDecoder.expectationKeys))
        #expect(Self.tableKeys(after: "### Accepting a finding") == Set(SceneDecoder.acceptanceKeys))
        // Keys documented in prose (the shared node keys, tabs, actions, conditions, audit): each is named
        // in backticks somewhere in the format's documentation.
        let everyKey =
            SceneDecoder.commonKeys + SceneDecoder.containerKeys + SceneDecoder.tabKeys + SceneDecoder.actionKeys
            + SceneDecoder.conditionKeys + SceneDecoder.auditKeys + SceneDecoder.acceptanceKeys
        for key in Set(everyKey).sorted() {
            #expect(Self.docs.contains("`\(key)`"), "docs/scene-format.md never names `\(key)`")
        }
    }

    /// The schema's finding codes are the audit's.
    @Test func theSchemasFindingCodesAreTheAudits() throws {
        let acceptance = try #require(Self.defs["acceptance"] as? [String: Any])
        let finding = try #require((acceptance["properties"] as? [String: Any])?["finding"] as? [String: Any])
        #expect(finding["enum"] as? [String] == AuditRules.all.map(\.code))
        for rule in AuditRules.all + [AuditRules.unusedAcceptance] {
            #expect(
                Self.docs.contains("| `\(rule.code)` | \(rule.severity.rawValue) |"),
                "docs/scene-format.md's Audit table lacks \(rule.code) as \(rule.severity.rawValue)")
        }
    }
}
