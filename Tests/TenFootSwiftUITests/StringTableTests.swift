import Foundation
import TenFootCore
import TenFootScene
import TenFootSwiftUI
import TenFootSwiftUIReader
import TestSupport
import Testing

/// An app's string tables (`StringTableFile`, `StringTables`): the text a key shows in the development language,
/// read from `.strings` files and string catalogs, and the hostile files a table can be.
@Suite struct StringTableTests {
    static let app = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/RealAppFixtures/LocalizedApp"
    static let screen = app + "/TV/Views/SettingsScreen.swift"

    func strings(_ text: String) throws(Diagnostic) -> [String: String] {
        try StringTableFile.strings(Array(text.utf8), file: "L.strings")
    }

    func error(_ text: String) -> String {
        do throws(Diagnostic) { _ = try strings(text) } catch { return error.description }
        return "no error"
    }

    @Test func theStringsFormatAsFoundationReadsIt() throws {
        let t = try strings(
            """
            /* a comment */ "a" = "A";
            // a line comment
            "b"="B" ; unquoted_key = unquoted.value-1;
            "alone";
            "escapes" = "q\\" b\\\\ n\\n t\\t u\\U00e9 octal\\101";
            "a" = "the last wins";
            "multi
            line" = "x";
            """)
        #expect(t["a"] == "the last wins")
        #expect(t["b"] == "B")
        #expect(t["unquoted_key"] == "unquoted.value-1")
        #expect(t["alone"] == "alone")
        #expect(t["escapes"] == "q\" b\\ n\n t\t u\u{E9} octalA")
        #expect(t["multi\nline"] == "x")
        // Inside braces, as a property list.
        #expect(try strings("{ \"k\" = \"v\"; }") == ["k": "v"])
        #expect(try strings("") == [:])
        #expect(try strings("\u{FEFF}\"k\" = \"v\";") == ["k": "v"])
    }

    @Test func utf16WithItsByteOrderMark() throws {
        let text = "\"k\" = \"Réglages 🎬\";\n"
        let le: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try StringTableFile.strings(le, file: "L.strings") == ["k": "Réglages 🎬"])
        #expect(try StringTableFile.strings(be, file: "L.strings") == ["k": "Réglages 🎬"])
        #expect(throws: Diagnostic.self) { try StringTableFile.strings(le + [0x41], file: "L.strings") }
        // A lone high surrogate on line 2.
        let lone: [UInt8] =
            [0xFF, 0xFE] + "\"k\" = \"v\";\n\"".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0x00, 0xD8]
        do throws(Diagnostic) {
            _ = try StringTableFile.strings(lone, file: "L.strings")
            Issue.record("a lone surrogate was read")
        } catch { #expect(error.description == "L.strings:2:2: error: UTF-16 text with a lone surrogate here") }
    }

    @Test func eachMistakeIsSaidAtItsPlace() {
        #expect(
            error("\"k\" = \"v\"")
                == "L.strings:1:10: error: expected ; after the text of \"k\", found the end of the file")
        #expect(error("\"k\" = ;") == "L.strings:1:7: error: expected the text in double quotes after =, found \";\"")
        #expect(error("\n  = \"v\";") == "L.strings:2:3: error: expected a key in double quotes, found \"=\"")
        #expect(error("\"k\" = \"never ends;") == "L.strings:1:7: error: a string in double quotes that never ends")
        #expect(error("\"k\" = \"v\"; /* open") == "L.strings:1:12: error: a /* comment that never ends")
        #expect(error("\"k\" = \"\\U12G4\";") == "L.strings:1:11: error: \\U is followed by four hexadecimal digits")
        #expect(
            error("{ \"k\" = \"v\";")
                == "L.strings:1:13: error: expected } to close the table's {, found the end of the file")
        #expect(
            error("{ \"k\" = \"v\"; } x") == "L.strings:1:16: error: expected the end of the file after }, found \"x\"")
        #expect(
            error("bplist00\u{1}").hasSuffix(
                "a compiled (binary) property list, not a string table's text: TenFoot reads the source"))
        #expect(
            error("\"k\" = \"v\"\n\"j\" = \"w\";")
                == "L.strings:2:1: error: expected ; after the text of \"k\", found \"\"\"")
    }

    @Test func limits() throws {
        let many = String(repeating: "a;", count: StringTableFile.maxEntries + 1)
        #expect(error(many).hasSuffix("error: more than 50000 entries in one string table"))
        let big = [UInt8](repeating: 0x20, count: StringTableFile.maxBytes + 1)
        #expect(throws: Diagnostic.self) { try StringTableFile.strings(big, file: "L.strings") }
        #expect(throws: Diagnostic.self) { try StringTableFile.catalog(big, file: "L.xcstrings") }
        let deep = "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": " + String(repeating: "[", count: 100)
        #expect(throws: Diagnostic.self) { try StringTableFile.catalog(Array(deep.utf8), file: "L.xcstrings") }
    }

    @Test func aCatalogGivesItsDevelopmentLanguage() throws {
        let json = """
            {"sourceLanguage": "de", "strings": {
              "a": {"localizations": {"de": {"stringUnit": {"value": "Einstellungen"}}, "en": {"stringUnit": {"value": "Settings"}}}},
              "n": {"localizations": {"de": {"variations": {"plural": {"one": {"stringUnit": {"value": "eine"}}, "other": {"stringUnit": {"value": "viele"}}}}}}},
              "d": {"localizations": {"de": {"variations": {"device": {"iphone": {"stringUnit": {"value": "Telefon"}}, "appletv": {"stringUnit": {"value": "Fernseher"}}}}}}},
              "only en": {"localizations": {"en": {"stringUnit": {"value": "x"}}}},
              "odd": 3, "a": {"localizations": {"de": {"stringUnit": {"value": "second"}}}}
            }}
            """
        let (language, t) = try StringTableFile.catalog(Array(json.utf8), file: "L.xcstrings")
        #expect(language == "de")
        #expect(t == ["a": "Einstellungen", "n": "viele", "d": "Fernseher"])
        func error(_ json: String) -> String {
            do throws(Diagnostic) { _ = try StringTableFile.catalog(Array(json.utf8), file: "L.xcstrings") } catch {
                return error.description
            }
            return "no error"
        }
        #expect(error("[]") == "L.xcstrings:1:1: error: a string catalog is a JSON object")
        #expect(
            error("{\"strings\": {}}")
                == "L.xcstrings:1:1: error: a string catalog names its development language in \"sourceLanguage\" (a string, such as \"en\")"
        )
        #expect(
            error("{\"sourceLanguage\": \"en\", \"strings\": []}")
                == "L.xcstrings:1:37: error: \"strings\" is an object of keys")
        #expect(error("{\"sourceLanguage\": \"en\", ").hasPrefix("L.xcstrings:1:"))
    }

    /// Every cut of a table and 2,000 damaged copies: a table or an error inside the file, never a trap.
    @Test func damagedTablesAreRefusedAtAPlaceInside() throws {
        let files = [
            try Data(contentsOf: URL(fileURLWithPath: Self.app + "/TV/Resources/en.lproj/Localizable.strings")),
            try Data(contentsOf: URL(fileURLWithPath: Self.app + "/TV/Resources/Menus.xcstrings")),
        ].map { [UInt8]($0) }
        func check(_ bytes: [UInt8]) {
            let lines = bytes.count + 2
            func refusedInside(_ error: Diagnostic) {
                #expect(error.file == "T" && !error.message.isEmpty)
                #expect((1...lines).contains(error.location.line) && error.location.column >= 1)
            }
            do throws(Diagnostic) { _ = try StringTableFile.strings(bytes, file: "T") } catch { refusedInside(error) }
            do throws(Diagnostic) { _ = try StringTableFile.catalog(bytes, file: "T") } catch { refusedInside(error) }
        }
        for f in files {
            for n in stride(from: 0, to: f.count, by: 7) { check(Array(f.prefix(n))) }
        }
        var random = SplitMix(seed: 0x57_12_1A_B1)
        for k in 0..<2_000 { check(random.damaged(files[k % 2], copy: k)) }
    }

    @Test func theTableIsChosenByLanguageAndNearness() {
        let files = [
            "/p/A/fr.lproj/Localizable.strings", "/p/A/Base.lproj/Localizable.strings",
            "/p/A/en.lproj/Localizable.strings", "/p/B/en.lproj/Localizable.strings",
            "/p/Settings.bundle/en.lproj/Root.strings", "/p/Menus.xcstrings", "/p/C/de.lproj/Other.strings",
            "/p/C/en-GB.lproj/Brit.strings", "/p/C/Base.lproj/Brit.strings",
        ]
        #expect(StringTables.choose("Localizable", among: files, near: "/p/B/View.swift") == files[3])
        #expect(StringTables.choose("Localizable", among: files, near: "/p/A/X/View.swift") == files[2])
        #expect(StringTables.choose("Menus", among: files, near: "/p/A/View.swift") == "/p/Menus.xcstrings")
        // The only language there is; Base before an English variant; none for a table no file holds.
        #expect(StringTables.choose("Other", among: files, near: "/p") == "/p/C/de.lproj/Other.strings")
        #expect(StringTables.choose("Brit", among: files, near: "/p") == "/p/C/Base.lproj/Brit.strings")
        #expect(StringTables.choose("Nope", among: files, near: "/p") == nil)
        // Two languages, neither English: no guess.
        #expect(
            StringTables.choose("L", among: ["/p/de.lproj/L.strings", "/p/fr.lproj/L.strings"], near: "/p") == nil)
    }

    @Test(.enabled(if: SwiftUIReader.isAvailable)) func aScreenShowsItsTablesText() throws {
        let t = try SwiftUIReader.read([Self.screen])
        let shown = t.scene.allNodes.compactMap { $0.title ?? $0.placeholder }
        #expect(
            shown == [
                "Settings", "settings_title", "Main Menu", "Episodes on TV", "Connect", "Home", "Play the next episode",
                "Server address", "OK", "Help \"and\" tips", "Sign Out →", "no_such_key", "Help \"and\" tips", "Home",
                "Harbour: 12 episodes (all free)", "12 not in any table", "not_in_any_table",
                "Plain words",
            ])
        // The tables read are among the files the window watches.
        #expect(
            t.files.filter { !$0.hasSuffix(".swift") }.map { ($0 as NSString).lastPathComponent } == [
                "Localizable.strings", "Menus.xcstrings",
            ])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    /// A table that cannot be read leaves the keys as written and says where it broke.
    @Test(.enabled(if: SwiftUIReader.isAvailable)) func aBrokenTableIsSaidAndItsKeysShown() throws {
        let path = try Tools.temporaryFolder("strings")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.createDirectory(atPath: path + "/en.lproj", withIntermediateDirectories: true)
        try "\"title\" = \"Hello\"\n\"b\" = \"c\";".write(
            toFile: path + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try "".write(toFile: path + "/README", atomically: true, encoding: .utf8)
        let view = path + "/V.swift"
        try "import SwiftUI\nstruct V: View { var body: some View { Button(\"title\") {} } }\n".write(
            toFile: view, atomically: true, encoding: .utf8)
        let t = try SwiftUIReader.read([view])
        #expect(t.scene.allNodes.compactMap(\.title) == ["title"])
        #expect(
            t.warnings.map(\.description) == [
                path
                    + "/en.lproj/Localizable.strings:2:1: warning: this string table cannot be read (expected ; after the text of \"title\", found \"\"\"): the keys looked up in it show as written"
            ])
    }
}

extension StringTableTests {
    /// A view elsewhere in the same repository does not read the tables of an app below it with a project of its own.
    @Test func anotherProjectsTablesAreNotRead() {
        let gallery = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/Fixtures/AddServerField.swift"
        #expect(SwiftSources.stringTables(around: Self.screen).count == 4)
        #expect(!SwiftSources.stringTables(around: gallery).contains { $0.contains("LocalizedApp") })
        // The walks for a file's neighbours find the same tables (the reader takes them from there).
        for file in [Self.screen, gallery] {
            #expect(SwiftSources.neighbourhoodWithTables(of: file).tables == SwiftSources.stringTables(around: file))
        }
        #expect(
            StringTables.files(around: Self.screen).map { ($0 as NSString).lastPathComponent } == [
                "Menus.xcstrings", "Localizable.strings",
            ])
    }
}
