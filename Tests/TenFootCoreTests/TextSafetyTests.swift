import TestSupport
import Testing

@testable import TenFootCore

/// What every reader shares for hostile text: UTF-8 checked where it comes in and reported at its
/// place, user text quoted short and escaped in messages, suggestions with bounded work.
@Suite struct TextSafetyTests {
    // MARK: UTF-8

    /// Bytes that are not UTF-8 are reported at the first bad one (they were once always at 1:1).
    @Test(
        arguments: [
            ([0x7B, 0x0A, 0x20, 0x22, 0xC3, 0xA9, 0xFF, 0x22], "2:4"),  // a stray 0xFF after "é"
            ([0x22, 0xC0, 0x80, 0x22], "1:2"),  // an overlong NUL
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "1:2"),  // a UTF-16 surrogate, encoded
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2"),  // past U+10FFFF
            ([0x0A, 0x0A, 0x61, 0xE2, 0x82], "3:2"),  // cut off at the end of the file
            ([0x61, 0x80], "1:2"),  // a continuation byte with nothing before it
        ] as [([UInt8], String)])
    func invalidUTF8IsReportedWhereItIs(_ bytes: [UInt8], _ place: String) {
        do {
            _ = try UTF8Text.decode(bytes, file: "t.json")
            Issue.record("decoded \(bytes)")
        } catch {
            #expect(
                error.description.hasPrefix("t.json:\(place): error: invalid UTF-8: byte 0x"), "\(error.description)")
        }
    }

    @Test func validUTF8DecodesAsItIs() throws {
        let text = "{\"é\": \"日本 🇫🇷\"}\n"
        #expect(try UTF8Text.decode(Array(text.utf8), file: "t") == text)
    }

    // MARK: Quoting

    @Test func quotedCutsAndEscapes() {
        #expect(quoted("title") == "\"title\"")
        #expect(quoted(String(repeating: "é", count: 100), limit: 3) == "\"ééé…\"")
        // One character of 100 KB (a letter under 50,000 marks) is cut too, between its scalars.
        let stacked = quoted("a" + String(repeating: "\u{301}", count: 50_000))
        #expect(stacked.utf8.count <= 8 * 80 + 5 && stacked.utf8.starts(with: "\"a\u{301}".utf8))
        #expect(stacked.utf8.reversed().starts(with: "…\"".utf8.reversed()))
        #expect(quoted("a\u{1B}[2Jb\n\u{202E}z") == #""a\u001b[2Jb\n\u202ez""#)
        #expect(quoted("x", quote: "'") == "'x'")
        #expect(escapingControlCharacters("plain é 日本") == "plain é 日本")
        #expect(escapingControlCharacters("\u{7F}\u{85}\t") == #"\u007f\u0085\t"#)
        // The noncharacters a message printed raw (U+FFFE in an unknown key).
        #expect(quoted("a\u{FFFE}b\u{FFFF}") == #""a\ufffeb\uffff""#)
    }

    /// The byte check that lets plain text through undecoded says yes for exactly the characters the escape
    /// changes: every scalar up to U+FFFF and a sample beyond, alone and inside plain text.
    @Test func theByteCheckFindsExactlyTheEscapedCharacters() {
        let scalars =
            (0...0xFFFF).compactMap(Unicode.Scalar.init) + [0x1_F1EB, 0x10_FFFF].compactMap(Unicode.Scalar.init)
        var escaped = 0
        for s in scalars {
            let changed = isEscaped(s)
            if changed { escaped += 1 }
            #expect(needsEscaping(String(s)) == changed, "U+\(String(s.value, radix: 16))")
            #expect(needsEscaping("plain é " + String(s) + " text") == changed, "U+\(String(s.value, radix: 16))")
            #expect(needsEscaping("a" + String(s), lineFeeds: false) == (changed && s != "\n"))
        }
        #expect(escaped == 0x20 + 0x21 + 3 + 2 + 5 + 5 + 4 + 1 + 2)
        #expect(!needsEscaping("plain é 日本 🇫🇷 → …"))
        #expect(needsEscaping("a\nb") && !needsEscaping("a\nb", lineFeeds: false))
        #expect(escapingControlCharacters("→ \u{2028}") == "→ \\u2028")
    }

    /// The text form of a diagnostic is one line without raw control characters, whatever reached it.
    /// JSON a writer made keeps its meaning with its invisible characters escaped: the same document read back.
    @Test func invisiblesInJSONAreEscapedInPlace() throws {
        let json = "{\n  \"text\": \"a\u{202E}b\u{200B}c\u{85}d é 👩\u{200D}💻\"\n}\n"
        let escaped = escapingInvisiblesInJSON(json)
        #expect(escaped == "{\n  \"text\": \"a\\u202Eb\\u200Bc\\u0085d é 👩\u{200D}💻\"\n}\n")
        #expect(
            try JSONParser.parse(escaped, file: "a.json")["text"]?.string == "a\u{202E}b\u{200B}c\u{85}d é 👩\u{200D}💻")
        #expect(escapingInvisiblesInJSON("{\"a\": 1}\n") == "{\"a\": 1}\n")
    }

    /// Problems collected again (moved to other places) keep one note of those left out, last, counting them all:
    /// sorted among the rest it came first at its place, and a second cut added a second note.
    @Test func theNoteOfProblemsLeftOutIsLastAndCountsThemAll() {
        let first = Diagnostics((1...300).map { Diagnostic(file: "a", at: SourceLocation(line: $0, column: 1), "z") })
        let again = Diagnostics(
            first.diagnostics + (1...5).map { Diagnostic(file: "a", at: SourceLocation(line: $0, column: 1), "a") })
        #expect(again.diagnostics.count == Diagnostics.shown + 1)
        #expect(again.diagnostics.filter { $0.severity == .note }.count == 1)
        #expect(again.diagnostics.last?.message == "105 more problems from here on not shown; fix these first")
        #expect(Diagnostics.leftOutNote(1) == "1 more problem from here on not shown; fix these first")
    }

    @Test func diagnosticsPrintOneCleanLine() {
        let d = Diagnostic(file: "a\nb.json", at: .start, path: "root.\u{1B}", "bad \u{7}")
        #expect(d.description == #"a\nb.json:1:1: error: bad \u0007 (at root.\u001b)"#)
    }

    // MARK: Suggestions

    /// The old suggestion: every candidate, the full edit distance. The index must agree with it.
    static func naiveSuggestion(_ word: String, _ candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (Int, String)?
        for c in candidates.sorted() {
            let d = naiveDistance(w, Array(c.lowercased()))
            if d <= max(2, w.count / 3), best.map({ d < $0.0 }) ?? true { best = (d, c) }
        }
        return best?.1
    }

    static func naiveDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Seeded random words over a small alphabet (so near misses are common): the bounded distance
    /// is exact within its limit and nil beyond it, and the index picks what the full scan picked.
    @Test(arguments: 0..<20)
    func theIndexAgreesWithTheFullScan(seed: Int) {
        var g = SplitMix(seed: UInt64(seed))
        func word() -> String {
            String((0..<1 + g.int(12)).map { _ in "abcAB-1"[String.Index(utf16Offset: g.int(7), in: "abcAB-1")] })
        }
        let candidates = (0..<60).map { _ in word() }
        let index = SpellingIndex(candidates)
        for _ in 0..<100 {
            let w = word()
            let c = candidates[g.int(candidates.count)]
            let full = Self.naiveDistance(Array(w), Array(c))
            for limit in 0...4 {
                #expect(
                    boundedEditDistance(Array(w), Array(c), limit: limit) == (full <= limit ? full : nil),
                    "seed \(seed): \(w) / \(c) limit \(limit)")
            }
            #expect(index.suggestion(for: w) == Self.naiveSuggestion(w, candidates), "seed \(seed): \(w)")
        }
    }

    @Test func suggestionsSkipWordsNobodyTypes() {
        let long = String(repeating: "a", count: SpellingIndex.maxWordLength + 1)
        #expect(didYouMean(long, [long + "b"]) == nil)
        #expect(didYouMean(String(long.dropFirst()), [long]) == long)
    }
}
