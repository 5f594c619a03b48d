import Foundation
import TestSupport
import Testing

@testable import TenFootCLI

/// `tenfoot test --report DIR` and `tenfoot report merge` (issue 33): a static HTML report of a run, whose failing
/// expectations show the screen at the failing press with both focuses drawn, and whose shards merge into the
/// report of one run, byte for byte. Opened in a real browser (Chromium's headless shell).
@Suite(.serialized) struct ReportTests {
    func tenfoot(_ args: [String], in dir: String) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, args, currentDirectory: dir)
    }

    /// Three gallery scenes in a folder, home's second expectation broken on purpose (its last press goes back to
    /// p2; it says p3).
    func gallery() throws -> String {
        let dir = try Tools.temporaryFolder("report")
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        for name in ["filters-sheet.json", "login-form.json"] {
            try FileManager.default.copyItem(atPath: TestPaths.scenes + "/" + name, toPath: dir + "/scenes/" + name)
        }
        let home = try String(contentsOfFile: TestPaths.scenes + "/home.json", encoding: .utf8)
        let broken = home.replacingOccurrences(
            of: "\"p2\",\n        \"p3\",\n        \"p2\"", with: "\"p2\",\n        \"p3\",\n        \"p3\"")
        #expect(broken != home, "home.json's expectation was not found")
        try broken.write(toFile: dir + "/scenes/home.json", atomically: true, encoding: .utf8)
        return dir
    }

    func files(_ folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for name in names {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDir)
            if !isDir.boolValue { out[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }
        }
        return out
    }

    @Test func aFailingExpectationShowsItsScreenPressesAndExplanation() throws {
        let dir = try gallery()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try tenfoot(["test", "scenes", "--report", "out"], in: dir)
        #expect(r.status == 1 && r.stdout.contains("report: out/index.html"), "\(r.stdout)\(r.stderr)")
        let html = try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8)
        #expect(html.contains("<title>TenFoot focus tests: 21 passed, 1 failed</title>"))
        // The failing one open, with its place, the step, the screen, the strip and the explanation.
        #expect(
            html.contains(
                #"<details class="result failed" open>"# + "\n"
                    + #"<summary><span class="mark">✗</span> right moves along the shelf <code class="at">scenes/home.json:407:5</code></summary>"#
            ))
        #expect(
            html.contains(
                #"At press 3 (left): expected <code class="expected">p3</code>, got <code class="actual">p2</code>"#))
        #expect(html.contains("explain left from p3 (policy tvos)"))
        let shots = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/shots").sorted()
        #expect(shots.count == 4, "\(shots)")
        for shot in shots {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/shots/" + shot))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(shot) is not a PNG")
            #expect(html.contains("src=\"shots/\(shot)\""), "\(shot) is not on the page")
        }
        // Passing ones collapsed; every screen's focus map a click away.
        #expect(html.components(separatedBy: #"<details class="result passed">"#).count - 1 == 21)
        let maps = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/maps")
        #expect(maps.count == 3 && maps.allSatisfy { html.contains("href=\"maps/\($0)\"") }, "\(maps)")
        // Nothing outside the folder: no http, no absolute path, no script.
        #expect(!html.contains("http") && !html.contains("src=\"/") && !html.contains("<script"))
        // Written again: the same bytes (another process), the earlier report replaced whole. (A picture it does not
        // name is not its own: that folder is refused, `mergeRefusesHostileReports`.)
        let first = try files(dir + "/out")
        _ = try tenfoot(["test", "scenes", "--report", "out"], in: dir)
        let second = try files(dir + "/out")
        #expect(second == first)
    }

    /// A report written to `.` or `..` from inside an earlier one replaces it in place: the folder was moved to a
    /// hidden name and left there (exit 3). Folders named like a killed run's temporaries are never removed.
    @Test func aReportNamedDotReplacesTheEarlierOneInPlace() throws {
        let dir = try gallery()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try tenfoot(["test", "scenes", "--report", "out"], in: dir)
        let first = try files(dir + "/out")
        let dot = try tenfoot(["test", "../scenes", "--report", "."], in: dir + "/out")
        #expect(dot.status == 1, "\(dot.stderr)")  // home's broken expectation
        // The same report but for the scenes' paths, which it names as given (and its maps after them).
        #expect(try files(dir + "/out").count == first.count)
        let up = try tenfoot(["test", "../../scenes", "--report", ".."], in: dir + "/out/maps")
        #expect(up.status == 1, "\(up.stderr)")
        #expect(try files(dir + "/out").count == first.count)
        let merged = try tenfoot(["report", "merge", "../out", "--out", "."], in: dir + "/out")
        #expect(merged.status == 2 && merged.stderr.contains("is the input"), "\(merged.stderr)")
        // Folders named like a killed run's temporaries are left whole: a picture in one may be the user's.
        let dead = 999_999
        for (name, file) in [(".out.partial-\(dead)", "maps/a.svg"), (".out.partial-\(dead)-old", "notes.txt")] {
            try FileManager.default.createDirectory(
                atPath: dir + "/" + name + "/maps", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/" + name + "/" + file))
        }
        _ = try tenfoot(["test", "scenes", "--report", "out"], in: dir)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".out.") }
        #expect(left.sorted() == [".out.partial-\(dead)", ".out.partial-\(dead)-old"], "\(left)")
        #expect(FileManager.default.fileExists(atPath: dir + "/.out.partial-\(dead)/maps/a.svg"))
    }

    /// A signal while `test --junit J --report R` puts its outputs in place leaves both new, or both as they were: it
    /// waits for the commit under way (the JUnit file was put in place alone, and the report was not written).
    @Test func anInterruptLeavesTheJUnitFileAndTheReportTogether() throws {
        let dir = try gallery()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["test", "scenes", "--junit", "j.xml", "--report", "out"]
        #expect(try tenfoot(args, in: dir).status == 1)
        let old = "<old/>"
        try old.write(toFile: dir + "/j.xml", atomically: true, encoding: .utf8)
        func inode(_ path: String) -> UInt64 {
            var st = stat()
            return stat(path, &st) == 0 ? UInt64(st.st_ino) : 0
        }
        let oldReport = inode(dir + "/out")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.environment = ProcessInfo.processInfo.environment.merging(["TENFOOT_TEST_COMMIT_PAUSE_MS": "1500"]) { $1 }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        // The JUnit file is put in place first: the signal comes in the pause after it.
        let deadline = Date().addingTimeInterval(60)
        while (try? String(contentsOfFile: dir + "/j.xml", encoding: .utf8)) == old, p.isRunning, Date() < deadline {
            usleep(20_000)
        }
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        // 130, or the run's own status when it ended before the signal's last acts did.
        #expect([130, 1].contains(p.terminationStatus))
        #expect(try String(contentsOfFile: dir + "/j.xml", encoding: .utf8) != old)
        #expect(inode(dir + "/out") != oldReport, "the report was not replaced with the JUnit file")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/index.html"))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "\(hidden)")
    }

    @Test func theShardsOfARunMergeIntoItsReport() throws {
        let dir = try gallery()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try tenfoot(["test", "scenes", "--report", "whole"], in: dir)
        for k in 1...3 { _ = try tenfoot(["test", "scenes", "--shard", "\(k)/3", "--report", "s\(k)"], in: dir) }
        let m = try tenfoot(["report", "merge", "s3", "s1", "s2", "--out", "merged"], in: dir)
        #expect(m.status == 0 && m.stdout.contains("3 screens from 3 reports, 21 passed, 1 failed"), "\(m.stderr)")
        let whole = try files(dir + "/whole")
        let merged = try files(dir + "/merged")
        #expect(whole.count == 9 && whole == merged, "\(whole.keys.sorted())")
    }

    /// `report merge` reads what it is given within limits, and refuses with the folder and why: a picture named
    /// outside the report, another format, a screen two reports disagree on, an output that is an input, and a
    /// folder that holds no report. Nothing is written then.
    /// A report is written only when `report merge` can read it: 100,000 expectations wrote a 53 MB report.json that
    /// merging refused (here a limit of 1 KB stands for the 32 MB one).
    @Test func aReportMergeCannotReadIsNotWritten() throws {
        let dir = try gallery()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try tenfoot(["test", "scenes", "--report", "good"], in: dir)
        let report = try TestReport.read(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/good/report.json"))))
        #expect(try report.files(pictures: [:]).keys.contains("report.json"))
        let refused = try #require(throws: CLIError.self) { try report.files(pictures: [:], maxJSONBytes: 1024) }
        #expect(
            refused.message.contains("a report merge reads: give the scenes fewer expectations"), "\(refused.message)")
    }

    @Test func mergeRefusesHostileReports() throws {
        let dir = try gallery()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try tenfoot(["test", "scenes", "--report", "good"], in: dir)
        let json = try String(contentsOfFile: dir + "/good/report.json", encoding: .utf8)
        func report(_ name: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true)
            try text.write(toFile: dir + "/\(name)/report.json", atomically: true, encoding: .utf8)
        }
        try report("climb", json.replacingOccurrences(of: "\"maps/", with: "\"../../maps/"))
        try report("other", json.replacingOccurrences(of: "\"tenfoot-report\"", with: "\"junit\""))
        try report("differs", json.replacingOccurrences(of: "\"passed\" : true", with: "\"passed\" : false"))
        try report("deep", String(repeating: "[", count: 100_000))
        let result = #""at": "a.json:1:1", "name": "n", "passed": false, "path": [], "strip": []"#
        func screen(_ result: String) -> String {
            #"{"errors": [], "format": "tenfoot-report", "version": 1, "screens": [{"file": "a.json", "results": [{\#(result)}]}]}"#
        }
        try report("zero", screen(result + #", "presses": [], "failedPress": 0"#))
        try report("past", screen(result + #", "presses": ["right"], "failedPress": 2"#))
        try report("nopresses", screen(result))
        try report("yes", screen(result.replacingOccurrences(of: "false", with: "\"yes\"") + #", "presses": []"#))
        try report("half", screen(result + #", "presses": ["right"], "failedPress": 1.5"#))
        try report("cut", "{\"errors\": [],\n \"format\": ")
        try report("twice", screen(result + #",\#n "presses": ["right"], "passed": true"#))
        try report("long", screen(result + #", "presses": ["right", "\#(String(repeating: "r", count: 70_000))"]"#))
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        for (args, message) in [
            (["climb"], "climb: report.json names the picture \"../../maps/"),
            (["other"], "other: report.json is \"junit\" version 1; this TenFoot reads tenfoot-report version 1"),
            (["good", "differs"], "is in two reports with different results"),
            (["deep"], "deep: report.json is not a TenFoot report"),
            (["zero"], "zero: report.json: \"n\": failedPress is 0; a press is numbered from 1 to 0"),
            (["past"], "past: report.json: \"n\": failedPress is 2; a press is numbered from 1 to 1"),
            (
                ["nopresses"],
                "nopresses: report.json is not a TenFoot report: \"screens[0].results[0].presses\" is missing"
            ),
            (
                ["yes"],
                "yes: report.json is not a TenFoot report: \"screens[0].results[0].passed\" is not true or false"
            ),
            (["empty"], "empty: cannot read the report"),
            (["half"], "half: report.json is not a TenFoot report: a number in it does not fit its field"),
            (["cut"], "cut: report.json is not a TenFoot report: report.json:2:12: error: "),
            // A text too long is named by its place, not called a file (it read as if report.json were 70 KB).
            (
                ["long"],
                #"long: report.json: "screens[0].results[0].presses[1]" is a text of 70000 bytes; a text of a report holds at most 64 KB"#
            ),
            (
                ["twice"],
                "twice: report.json is not a TenFoot report: report.json:2:24: error: key \"passed\" appears twice"
            ),
        ] {
            let r = try tenfoot(["report", "merge"] + args + ["--out", "m"], in: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/m"))
        }
        // A map that runs code is not copied into the merged report (opening the link ran the script).
        let map = try #require(
            try FileManager.default.contentsOfDirectory(atPath: dir + "/good/maps").sorted().first)
        let svg = try String(contentsOfFile: dir + "/good/maps/" + map, encoding: .utf8)
        for (name, injected, why) in [
            ("script", "<script>alert(1)</script></svg>", "it holds an element TenFoot's maps do not: \"script\""),
            (
                "onload", "<rect\nonload = \"alert(1)\"/></svg>",
                "it holds an attribute TenFoot's maps do not: \"onload\""
            ),
            ("link", "<a href=\"JavaScript:alert(1)\"/></svg>", "it holds an element TenFoot's maps do not: \"a\""),
            // A quote in a text does not hide the tags after it.
            (
                "quoted", "<text>\"</text><rect onload=\"alert(1)\"/></svg>",
                "it holds an attribute TenFoot's maps do not: \"onload\""
            ),
            // Other spellings of a script and a link: a prefixed element, a character reference, a style.
            (
                "prefixed", "<x:script xmlns:x=\"http://www.w3.org/2000/svg\">alert(1)</x:script></svg>",
                "it holds an element TenFoot's maps do not: \"x:script\""
            ),
            (
                "reference", "<text xl:href=\"&#106;avascript:alert(1)\">x</text></svg>",
                "it holds an attribute TenFoot's maps do not: \"xl:href\""
            ),
            (
                "fill", "<rect fill=\"url(#x)\"/></svg>",
                "its attribute \"fill\" holds \"url(#x)\", which TenFoot's maps never"
            ),
            ("entity", "<rect fill=\"&#106;\"/></svg>", "its attribute \"fill\" holds &, which TenFoot's maps never"),
            ("comment", "<!-- x --></svg>", "it holds a declaration, comment or instruction (<!)"),
            (
                "namespace", "<svg xmlns=\"http://www.w3.org/1999/xhtml\"></svg></svg>",
                "it declares a namespace TenFoot's maps do not"
            ),
        ] {
            try FileManager.default.copyItem(atPath: dir + "/good", toPath: dir + "/" + name)
            try svg.replacingOccurrences(of: "</svg>", with: injected).write(
                toFile: dir + "/\(name)/maps/" + map, atomically: true, encoding: .utf8)
            let r = try tenfoot(["report", "merge", name, "--out", "m"], in: dir)
            #expect(r.status == 2 && r.stderr.contains("\(name): maps/\(map):"), "\(r.stderr)")
            #expect(r.stderr.contains(": \(why)"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/m"))
            // The refusal says where: the attribute on the line after the map's last one, at its start.
            if name == "onload", let end = svg.range(of: "</svg>") {
                let line = svg[..<end.lowerBound].filter { $0 == "\n" }.count + 2
                #expect(r.stderr.contains("maps/\(map):\(line):1: it holds an attribute"), "\(r.stderr)")
            }
        }
        // A stray < is said as one, not as an element named "".
        #expect(TestReport.svgProblem(Array("<svg>a < b</svg>".utf8))?.contains("a < that opens no tag") == true)
        // A scene's own text in a map is no link: a legal id `javascript:x` was refused as one.
        try
            #"{"root": {"type": "vstack", "id": "r", "children": [{"type": "button", "id": "javascript:x", "title": "data:text/html,x"}]}, "expect": [{"name": "n", "press": [], "focus": "javascript:x"}]}"#
            .write(toFile: dir + "/js.json", atomically: true, encoding: .utf8)
        _ = try tenfoot(["test", "js.json", "--report", "js"], in: dir)
        let js = try tenfoot(["report", "merge", "js", "--out", "jsm"], in: dir)
        #expect(js.status == 0, "\(js.stderr)")
        let same = try tenfoot(["report", "merge", "good", "--out", "good"], in: dir)
        #expect(same.status == 2 && same.stderr.contains("is the input"), "\(same.stderr)")
        // A report folder that holds anything else is not replaced: it may hold the inputs, or the user's files.
        try FileManager.default.copyItem(atPath: dir + "/good", toPath: dir + "/mine")
        try "keep".write(toFile: dir + "/mine/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: dir + "/good", toPath: dir + "/sub")
        try FileManager.default.moveItem(atPath: dir + "/sub", toPath: dir + "/good/sub")
        try FileManager.default.copyItem(atPath: dir + "/scenes/home.json", toPath: dir + "/mine/home.json")
        for args in [
            ["report", "merge", "good", "--out", "mine"], ["report", "merge", "good/sub", "--out", "good"],
            ["test", "mine/home.json", "--report", "mine"],
        ] {
            let r = try tenfoot(args, in: dir)
            #expect(r.status == 2 && r.stderr.contains("a report folder that also holds"), "\(args): \(r.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/mine/notes.txt"))
        #expect(FileManager.default.fileExists(atPath: dir + "/mine/home.json"))
        #expect(FileManager.default.fileExists(atPath: dir + "/good/sub/report.json"))
        let notReport = try tenfoot(["test", "scenes", "--report", "scenes"], in: dir)
        #expect(
            notReport.status == 2 && notReport.stderr.contains("a folder that holds no report"), "\(notReport.stderr)")
        // A scene saved as `report.json` in the folder is not an earlier report (it was replaced by the report), and a
        // picture put in an earlier report's `shots/` is not one of its pictures (it was deleted with the report).
        try FileManager.default.createDirectory(atPath: dir + "/named", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/scenes/home.json", toPath: dir + "/named/report.json")
        try FileManager.default.copyItem(atPath: dir + "/good", toPath: dir + "/pictured")
        try FileManager.default.copyItem(
            atPath: TestPaths.scenes + "/art/backdrop-harbour.png", toPath: dir + "/pictured/shots/poster.png")
        for (args, message) in [
            (["test", "named/report.json", "--report", "named"], "a folder whose report.json is not a TenFoot report"),
            (["test", "named", "--report", "named"], "a folder whose report.json is not a TenFoot report"),
            (
                ["test", "scenes/home.json", "--report", "jr", "--junit", "jr/report.xml"],
                "--junit \"jr/report.xml\" is inside the --report folder \"jr\""
            ),
            (
                ["test", "scenes/home.json", "--report", "pictured"],
                "a report folder that also holds \"shots/poster.png\", which its report does not name"
            ),
        ] {
            let r = try tenfoot(args, in: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        #expect(try String(contentsOfFile: dir + "/named/report.json", encoding: .utf8).contains("\"root\""))
        #expect(FileManager.default.fileExists(atPath: dir + "/pictured/shots/poster.png"))
        // A report's pictures are files it wrote: one that links elsewhere is not copied into a merge.
        try FileManager.default.copyItem(atPath: dir + "/good", toPath: dir + "/linked")
        let shots = try FileManager.default.contentsOfDirectory(atPath: dir + "/linked/shots").sorted()
        if let shot = shots.first {
            try FileManager.default.removeItem(atPath: dir + "/linked/shots/" + shot)
            try FileManager.default.createSymbolicLink(
                atPath: dir + "/linked/shots/" + shot, withDestinationPath: dir + "/scenes/home.json")
            let r = try tenfoot(["report", "merge", "linked", "--out", "m"], in: dir)
            #expect(r.status == 2 && r.stderr.contains("not a plain file of the report's own"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/m"))
            // A hard link is another name of a file elsewhere; a linked shots/ folder holds files elsewhere.
            try FileManager.default.removeItem(atPath: dir + "/linked/shots/" + shot)
            try FileManager.default.linkItem(
                atPath: dir + "/scenes/home.json", toPath: dir + "/linked/shots/" + shot)
            let hard = try tenfoot(["report", "merge", "linked", "--out", "m"], in: dir)
            #expect(hard.status == 2 && hard.stderr.contains("not a plain file of the report's own"), "\(hard.stderr)")
            try FileManager.default.moveItem(atPath: dir + "/linked/shots", toPath: dir + "/elsewhere")
            try FileManager.default.removeItem(atPath: dir + "/elsewhere/" + shot)
            try FileManager.default.copyItem(atPath: dir + "/good/shots/" + shot, toPath: dir + "/elsewhere/" + shot)
            try FileManager.default.createSymbolicLink(
                atPath: dir + "/linked/shots", withDestinationPath: dir + "/elsewhere")
            let folder = try tenfoot(["report", "merge", "linked", "--out", "m"], in: dir)
            #expect(
                folder.status == 2 && folder.stderr.contains("not a plain file of the report's own"), "\(folder.stderr)"
            )
            #expect(!FileManager.default.fileExists(atPath: dir + "/m"))
        }
        // A crafted report.json naming the scene under test (kept as one of its shots) does not make it the report's:
        // replacing the folder would delete it.
        try FileManager.default.createDirectory(atPath: dir + "/crafted/shots", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/good/report.json", toPath: dir + "/crafted/report.json")
        let goodJSON = try String(contentsOfFile: dir + "/good/report.json", encoding: .utf8)
        if let range = goodJSON.range(of: #"shots/[A-Za-z0-9_-]+\.png"#, options: .regularExpression) {
            let named = String(goodJSON[range])
            try FileManager.default.copyItem(atPath: dir + "/scenes/home.json", toPath: dir + "/crafted/" + named)
            let r = try tenfoot(["test", "crafted/" + named, "--report", "crafted"], in: dir)
            #expect(r.status == 2 && r.stderr.contains("which this run reads"), "\(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir + "/crafted/" + named))
        }
    }

    /// A merge reads at most so many reports and bytes, and makes only a report it could read again: two shards of
    /// 6,000 screens each would make 12,000 (a report holds 10,000); 1,001 reports are refused before one is read.
    @Test func mergeHoldsItsTotals() throws {
        let dir = try Tools.temporaryFolder("report-totals")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func report(_ name: String, _ screens: Range<Int>) throws {
            let list = screens.map { #"{"file": "s\#($0).json", "results": []}"# }.joined(separator: ",")
            try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true)
            try #"{"format": "tenfoot-report", "version": 1, "errors": [], "screens": [\#(list)]}"#.write(
                toFile: dir + "/\(name)/report.json", atomically: true, encoding: .utf8)
        }
        try report("a", 0..<6000)
        try report("b", 6000..<12_000)
        let small = try tenfoot(["report", "merge", "a", "a", "--out", "aa"], in: dir)
        #expect(small.status == 0, "\(small.stderr)")
        let big = try tenfoot(["report", "merge", "a", "b", "--out", "m"], in: dir)
        #expect(
            big.status == 2
                && big.stderr.contains(
                    "the merged report would hold 12000 screens and 0 results; a report holds at most 10000 and 100000"),
            "\(big.stderr)")
        let many = try tenfoot(["report", "merge"] + Array(repeating: "a", count: 1001) + ["--out", "m"], in: dir)
        #expect(
            many.status == 2 && many.stderr.contains("1001 reports; one merge joins at most 1000"), "\(many.stderr)")
        // Three reports of 25 MB (errors of 64,000 characters) pass the 64 MB a merge reads.
        let error = "\"" + String(repeating: "x", count: 64_000) + "\""
        let errors = Array(repeating: error, count: 390).joined(separator: ",")
        try FileManager.default.createDirectory(atPath: dir + "/e", withIntermediateDirectories: true)
        try #"{"format": "tenfoot-report", "version": 1, "errors": [\#(errors)], "screens": []}"#.write(
            toFile: dir + "/e/report.json", atomically: true, encoding: .utf8)
        let heavy = try tenfoot(["report", "merge", "e", "e", "e", "--out", "m"], in: dir)
        #expect(
            heavy.status == 2
                && heavy.stderr.contains("e: the reports' report.json files come to more than 64 MB together"),
            "\(heavy.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/m"))
    }

    static let chromium = Tools.find("chromium-headless-shell") ?? Tools.find("chromium")

    /// The report in a real browser: Chromium's headless shell loads it from the file system, its text says what
    /// failed, and its screenshot shows the failing screen (red and green outlines present).
    @Test(.enabled(if: Tools.onCI || chromium != nil, "needs chromium-headless-shell (scripts/setup.sh --tests)"))
    func theReportOpensInABrowser() throws {
        let browser = try #require(Self.chromium, "chromium-headless-shell is missing (required on CI)")
        let dir = try gallery()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try tenfoot(["test", "scenes", "--report", "out"], in: dir)
        let page = "file://" + dir + "/out/index.html"
        let flags = ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(dir)/profile"]
        let dom = try runProcess(browser, flags + ["--dump-dom", page], timeout: 120)
        #expect(dom.status == 0, "\(dom.stderr)")
        for text in ["21 passed", "1 failed", "right moves along the shelf", "scenes/home.json:407:5"] {
            #expect(dom.stdout.contains(text), "the page does not say \(text)")
        }
        let shot = dir + "/page.png"
        let s = try runProcess(
            browser, flags + ["--window-size=1280,1600", "--screenshot=\(shot)", page], timeout: 120)
        #expect(s.status == 0 && FileManager.default.fileExists(atPath: shot), "\(s.stderr)")
        if let ffmpeg = Tools.ffmpeg {
            let raw = try runProcess(ffmpeg, ["-v", "error", "-i", shot, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
            let pixels = raw.stdoutBytes
            var red = 0
            var green = 0
            for i in stride(from: 0, to: pixels.count - 2, by: 3) {
                let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
                if r > 200, g < 110, b < 100 { red += 1 }
                if g > 180, r < 110, b < 130 { green += 1 }
            }
            #expect(red > 2000 && green > 2000, "the failing screen is not drawn: \(red) red, \(green) green pixels")
        }
    }
}
