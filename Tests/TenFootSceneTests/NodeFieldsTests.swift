import TenFootCore
import Testing

@testable import TenFootScene

/// The decoder's one pass over a node's members (`NodeFields`): every key the format knows is found by
/// its spelling and nothing else is, the first of a repeated key is the one read, and anything unknown
/// or repeated sends the node to the key-by-key check (whose messages the scene tests pin).
@Suite struct NodeFieldsTests {
    @Test func everyKeyIsFoundByItsSpellingAndNothingElseIs() {
        for key in NodeKey.allCases {
            #expect(NodeKey.lookup(key.name) == key)
            #expect(NodeKey.named[key.name] == key)
            // Near misses: another case, a letter more or less, a different last letter, a prefix.
            #expect(NodeKey.lookup(key.name.uppercased()) == nil || key.name.uppercased() == key.name)
            #expect(NodeKey.lookup(key.name + "s").map { $0.name == key.name + "s" } ?? true)
            #expect(NodeKey.lookup(String(key.name.dropLast())).map { $0.name == String(key.name.dropLast()) } ?? true)
            #expect(NodeKey.lookup(String(key.name.dropLast()) + "\u{301}") == nil)
        }
        for word in [
            "", "x", "colour", "$schema", "root", "sheets", "TYPE", "typé", "type ", String(repeating: "a", count: 300),
        ] {
            #expect(NodeKey.lookup(word) == nil, "\(word)")
        }
        // Node types by name, with the keys each takes.
        for type in NodeType.allCases {
            #expect(NodeKey.types.lookup(type.rawValue)?.type == type)
            #expect(NodeKey.types.lookup(type.rawValue)?.allowed == NodeKey.allowedByType[type])
            #expect(NodeKey.types.lookup(type.rawValue + "s") == nil)
        }
        for word in ["", "Poster", "posters", "vstac", "focusguide", "type"] {
            #expect(NodeKey.types.lookup(word) == nil, "\(word)")
        }
        // Every key any type takes has a case, and only those keys are allowed.
        for type in NodeType.allCases {
            let allowed = SceneDecoder.allowedKeys(type)
            for key in NodeKey.allCases {
                #expect((NodeKey.allowedByType[type]! & key.bit != 0) == allowed.contains(key.name), "\(type) \(key)")
            }
        }
    }

    @Test func theFirstOfARepeatedKeyIsReadAndTheNodeIsChecked() throws {
        let json = try JSONParser.parse(#"{"type": "poster", "id": "a", "title": "one", "title": "two"}"#)
        let fields = NodeFields(json.members!)
        #expect(fields[.title]?.string == "one")
        #expect(fields[.id]?.string == "a")
        #expect(fields[.subtitle] == nil)
        #expect(!fields.isRegular(allowed: NodeKey.allowedByType[.poster]!))
    }

    @Test func aKeyTheTypeDoesNotTakeIsForgottenOnceChecked() throws {
        let json = try JSONParser.parse(#"{"type": "spacer", "title": "x", "width": 10}"#)
        var fields = NodeFields(json.members!)
        let allowed = NodeKey.allowedByType[.spacer]!
        #expect(!fields.isRegular(allowed: allowed))
        fields.restrict(to: allowed)
        #expect(fields[.title] == nil)
        #expect(fields[.width]?.number == 10)
        let plain = NodeFields(try JSONParser.parse(#"{"type": "spacer", "width": 10}"#).members!)
        #expect(plain.isRegular(allowed: allowed))
    }

    @Test func membersPastTheSlotRangeAreStillFound() throws {
        // 300 unknown keys, then the real ones: their indices do not fit a slot byte.
        let junk = (0..<300).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        let json = try JSONParser.parse("{\(junk), \"type\": \"poster\", \"id\": \"late\", \"id\": \"later\"}")
        let fields = NodeFields(json.members!)
        #expect(fields[.type]?.string == "poster")
        #expect(fields[.id]?.string == "late")
        #expect(!fields.isRegular(allowed: NodeKey.allowedByType[.poster]!))
    }
}
