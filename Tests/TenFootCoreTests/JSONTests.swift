import Testing
import TenFootCore

/// The JSON reader: positions of every value and key, strictness, and the text it writes back.
@Suite struct JSONTests {
    @Test func valuesAndKeysKnowTheirPlace() throws {
        let json = try JSONParser.parse("{\n  \"é\": [1, true],\n  \"b\": \"x\"\n}")
        let members = try #require(json.members)
        #expect(members.map(\.key) == ["é", "b"])
        // Columns count characters, not bytes ("é" is two bytes).
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[0].value.location == SourceLocation(line: 2, column: 8))
        #expect(members[0].value.array?[1].location == SourceLocation(line: 2, column: 12))
        #expect(json["b"]?.location == SourceLocation(line: 3, column: 8))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "t.json:1:9: error: trailing comma before '}' is not allowed in JSON"),
        ("[1, 2", "t.json:1:6: error: expected ',' or ']' in array, got end of file"),
        ("{\"a\": 01}", "t.json:1:8: error: numbers cannot have leading zeros"),
        ("// note\n{}", "t.json:1:1: error: comments are not allowed in JSON; remove it (or put notes in a \"note\" key)"),
        ("{} {}", "t.json:1:4: error: expected end of file after the top-level value, got '{'"),
    ])
    func theFirstSyntaxErrorIsADiagnostic(_ text: String, _ expected: String) {
        do {
            _ = try JSONParser.parse(text, file: "t.json")
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func textQuotesAndFormatsNumbersShortly() throws {
        #expect(JSON.quote("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
        #expect(JSON.format(3) == "3" && JSON.format(-4) == "-4" && JSON.format(0.125) == "0.13" && JSON.format(1.5) == "1.5")
        let json = try JSONParser.parse(#"{"b": [1, 2.5, null], "a": {"t": "x\u0041"}}"#)
        #expect(json.text == #"{"b": [1, 2.5, null], "a": {"t": "xA"}}"#)
        #expect(json["a"]?.shortDescription == "an object" && json["b"]?.array?[1].shortDescription == "2.5")
    }
}
