import TenFootCore
import Testing

/// The JSON reader: positions of every value and key, JSON with comments, limits, and the text it
/// writes back.
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
        ("[1, 2", "t.json:1:6: error: expected ',' or ']' in array, got end of file"),
        ("{\"a\": 01}", "t.json:1:8: error: numbers cannot have leading zeros"),
        ("{} {}", "t.json:1:4: error: expected end of file after the top-level value, got '{'"),
        // One trailing comma is allowed, not an empty entry.
        ("[,]", "t.json:1:2: error: expected a value (object, array, string, number, true, false or null), got ','"),
        (
            "[1,, 2]",
            "t.json:1:4: error: expected a value (object, array, string, number, true, false or null), got ','"
        ),
        ("{,}", "t.json:1:2: error: expected a key in double quotes, got ','"),
        ("{\"a\": 1,,}", "t.json:1:9: error: expected a key in double quotes, got ','"),
        // An unterminated comment is reported where it starts, whatever follows.
        ("{\"a\": 1 /* note\n\n  \"b\": 2}", "t.json:1:9: error: unterminated comment: this '/*' has no '*/'"),
        ("[1] / 2", "t.json:1:5: error: expected end of file after the top-level value, got '/'"),
        // A number too large for a Double is out of range, reported at its first digit.
        ("{\"w\": -1e309}", "t.json:1:7: error: number -1e309 is out of range (beyond ±1.8e308)"),
        ("[\"a\u{1B}b\n\"]", "t.json:1:4: error: control character 0x1B in string; escape it (\\n, \\t, \\u00XX)"),
    ])
    func theFirstSyntaxErrorIsADiagnostic(_ text: String, _ expected: String) {
        do {
            _ = try JSONParser.parse(text, file: "t.json")
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description == expected)
        }
    }

    /// JSON with comments, as editors' settings files accept it: `//` and `/* */` wherever white
    /// space may go, one trailing comma per array or object; every position stays exact.
    @Test func commentsAndTrailingCommasKeepPositionsExact() throws {
        let text = """
            // A scene, annotated.
            {
              /* the title,
                 over two lines */ "name": "x", // after a value
              "list": [1, /* inline */ 2, 3,],
              "é": {"a": true,},  /* é is two bytes, one column */ "z": null
            }
            """
        let json = try JSONParser.parse(text)
        let members = try #require(json.members)
        #expect(members.map(\.key) == ["name", "list", "é", "z"])
        #expect(json.location == SourceLocation(line: 2, column: 1))
        #expect(members[0].keyLocation == SourceLocation(line: 4, column: 24))
        #expect(members[0].value.location == SourceLocation(line: 4, column: 32))
        #expect(json["list"]?.array?.map(\.location.column) == [12, 28, 31])
        #expect(json["list"]?.array?.count == 3)
        #expect(members[3].keyLocation == SourceLocation(line: 6, column: 56))
        #expect(json["z"]?.location == SourceLocation(line: 6, column: 61))
    }

    /// Positions in a one-line file are as exact as in a formatted one (and found in linear time:
    /// tenfoot-bench parse measures it).
    @Test func oneLineFilesKnowEveryColumn() throws {
        let items = (0..<2000).map { #"{"id":"é\#($0)"}"# }
        let json = try JSONParser.parse("[" + items.joined(separator: ",") + "]")
        let array = try #require(json.array)
        var column = 2
        for (k, item) in array.enumerated() {
            #expect(item.location == SourceLocation(line: 1, column: column))
            #expect(item.members?.first?.value.location == SourceLocation(line: 1, column: column + 6))
            column += items[k].count + 1
        }
    }

    @Test func limitsAreEnforcedWithTheirValues() {
        #expect(throws: Diagnostic.self) {
            try JSONParser.parse("[1]", limits: JSONParser.Limits(maxBytes: 2, maxDepth: 10))
        }
        do {
            _ = try JSONParser.parse("[1, 2]", file: "t.json", limits: JSONParser.Limits(maxBytes: 5, maxDepth: 10))
        } catch {
            #expect(error.description == "t.json:1:1: error: the file is 6 bytes, more than the limit of 5 bytes")
        }
        do {
            _ = try JSONParser.parse(
                String(repeating: "[", count: 11), file: "t.json",
                limits: JSONParser.Limits(maxBytes: 100, maxDepth: 10))
        } catch {
            #expect(error.description == "t.json:1:11: error: nesting deeper than 10 levels")
        }
        // Values: 15.5 million zeros in a 31 MB scene's note peaked at 1.07 GB (issue 34, the fourth attack).
        #expect(JSONParser.Limits.standard.maxValues == 2_000_000)
        let limits = JSONParser.Limits(maxBytes: 100, maxDepth: 10, maxValues: 5)
        #expect(throws: Never.self) { _ = try JSONParser.parse("[1, [2], 3]", file: "t.json", limits: limits) }
        #expect {
            _ = try JSONParser.parse("[1, [2], 3, 4]", file: "t.json", limits: limits)
        } throws: { error in
            "\(error)"
                == "t.json:1:13: error: more than 5 values in one file; TenFoot reads no more (each takes memory)"
        }
    }

    /// A key a megabyte long is echoed in a message as a short, quoted, escaped prefix.
    @Test func messagesCutLongInput() {
        let key = String(repeating: "k", count: 1 << 20)
        do { _ = try JSONParser.parse("{\"\(key)\" 1}", file: "t.json") } catch {
            #expect(
                error.description
                    == "t.json:1:1048581: error: expected ':' after key \"\(String(repeating: "k", count: 80))…\", got '1'"
            )
        }
        #expect(
            JSON(.string(String(repeating: "x", count: 100))).shortDescription == "\""
                + String(repeating: "x", count: 40) + "…\"")
        #expect(JSON(.string("a\u{1B}[31m")).shortDescription == #""a\u001b[31m""#)
    }

    @Test func textQuotesAndFormatsNumbersShortly() throws {
        #expect(JSON.quote("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
        #expect(
            JSON.format(3) == "3" && JSON.format(-4) == "-4" && JSON.format(0.125) == "0.13"
                && JSON.format(1.5) == "1.5")
        // Numbers too large to round to hundredths keep their exponent, never "inf".
        #expect(JSON.format(1e308) == "1e+308" && JSON.format(-2.5e20) == "-2.5e+20")
        // Messages write whole numbers out as files do, up to 10²¹.
        #expect(JSON.exactFormat(9_223_372_036_854_775_808) == "9223372036854775808")
        #expect(JSON.exactFormat(-1e19) == "-10000000000000000000" && JSON.exactFormat(2.5e20) == "2.5e+20")
        let json = try JSONParser.parse(#"{"b": [1, 2.5, null], "a": {"t": "x\u0041"}}"#)
        #expect(json.text == #"{"b": [1, 2.5, null], "a": {"t": "xA"}}"#)
        #expect(json["a"]?.shortDescription == "an object" && json["b"]?.array?[1].shortDescription == "2.5")
    }

    /// What the scene decoder frees JSON with: a member's value moved out leaves null at its place, the rest
    /// untouched; a missing key or a non-object gives nil and changes nothing.
    @Test func takingAMemberLeavesNullBehind() throws {
        var json = try JSONParser.parse("{\"a\": 1,\n \"root\": {\"children\": [1, 2]}, \"root\": 3}")
        let taken = json.take("root")
        let root = try #require(taken)
        #expect(root.text == #"{"children": [1, 2]}"# && root.location == SourceLocation(line: 2, column: 10))
        // The first of two repeated keys is taken, as readers use the first.
        #expect(json.text == #"{"a": 1, "root": null, "root": 3}"#)
        #expect(json["root"]?.location == SourceLocation(line: 2, column: 10))
        let none = json.take("none")
        #expect(none == nil && json.text == #"{"a": 1, "root": null, "root": 3}"#)
        var number = JSON(.number(1))
        let fromNumber = number.take("a")
        #expect(fromNumber == nil && number == JSON(.number(1)))
        #expect(root.takeMembers()?.map(\.key) == ["children"] && root["children"]?.takeArray()?.count == 2)
        #expect(JSON(.string("x")).takeMembers() == nil && JSON(.string("x")).takeArray() == nil)
    }

    /// The reader reads the text in place: a string that is a slice of a larger one, or built from
    /// pieces, reads as its copy does (positions included), and a byte-order mark is skipped, not counted.
    @Test func readsAnyStringInPlace() throws {
        let whole = "xx{\"k\": [\"é\", 2]}yy"
        let slice = String(whole.dropFirst(2).dropLast(2))
        let built = ["{\"k\": ", "[\"é\", ", "2]}"].joined()
        let a = try JSONParser.parse(slice)
        let b = try JSONParser.parse(built)
        let c = try JSONParser.parse("\u{FEFF}" + built)
        #expect(a == b && a.text == #"{"k": ["é", 2]}"#)
        #expect(c == b && c["k"]?.array?[1].location == SourceLocation(line: 1, column: 13))
        #expect(b["k"]?.array?[1].location == SourceLocation(line: 1, column: 13))
    }
}
