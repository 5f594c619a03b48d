import Foundation
import TestSupport
import Testing

/// `tenfoot audit`: severities, the scene's acceptances, `--strict`, and the JSON and SARIF forms.
@Suite struct AuditTests {
    static let trap = TestPaths.packageRoot + "/Tests/CLITests/Fixtures/audit-trap.json"

    static func audit(_ args: [String]) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, ["audit"] + args, currentDirectory: TestPaths.packageRoot, timeout: 120)
    }

    /// Every gallery scene and the built-in home pass `--strict`: their findings are fixed, accepted with
    /// a reason, or made by the system (the tab bar).
    @Test(
        arguments: ["home"]
            + (try! FileManager.default.contentsOfDirectory(atPath: TestPaths.scenes)).filter { $0.hasSuffix(".json") }
            .sorted().map { "scenes/" + $0 })
    func everySceneAndTheHomePassStrict(_ scene: String) throws {
        let r = try Self.audit([scene, "--strict"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(": 0 errors, 0 warnings,") || r.stdout.contains("\n0 errors, 0 warnings,"))
    }

    /// A trap names its first ten items and counts the rest (one of 6,000 made a line of 53,000 characters); its JSON
    /// lists them all.
    @Test func aLargeTrapNamesTenItems() throws {
        let dir = try Tools.temporaryFolder("trap")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let items = (0..<12).map { #"{"type": "button", "id": "t\#($0)", "title": "T\#($0)"}"# }
        try """
        {"name": "t", "root": {"type": "hstack", "id": "row", "children": [
          {"type": "vstack", "id": "left", "children": [{"type": "button", "id": "one", "title": "1"}, {"type": "spacer"}]},
          {"type": "spacer"},
          {"type": "grid", "id": "right", "columns": 4, "focusSection": true, "children": [\(items.joined(separator: ", "))]}]}}
        """.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try Self.audit([dir + "/t.json"])
        #expect(
            r.stdout.contains(
                #"error: swipes can enter "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9" and 2 more but never leave [trap]"#
            ), "\(r.stdout)")
        let json = try Self.audit([dir + "/t.json", "--json"])
        #expect(json.stdout.contains(#""t11""#))
    }

    /// An unaccepted trap fails `--strict`; the accepted finding is listed last with its reason; an
    /// acceptance that matches nothing is information.
    @Test func anUnacceptedTrapFailsStrict() throws {
        let r = try Self.audit(["Tests/CLITests/Fixtures/audit-trap.json", "--strict"])
        #expect(r.status == 1)
        let f = "Tests/CLITests/Fixtures/audit-trap.json"
        #expect(
            r.stdout == """
                audit \(f): 4 focusable items, 6 moves, initial focus one
                \(f):11:7: error: swipes can enter "a", "b" but never leave [trap]
                \(f):5:7: warning: "one" right → "a", but left does not return [one-way]
                \(f):15:5: info: this acceptance matches no finding: no dead-end finding about "b" [unused-acceptance]
                \(f):6:7: accepted warning: "two" right → "a", but left does not return [one-way]: Accepted to show an acceptance: 2 right lands on A, left from A is blocked.
                1 error, 1 warning, 1 info, 1 accepted

                """)
        // Without --strict the audit only reports.
        #expect(try Self.audit(["Tests/CLITests/Fixtures/audit-trap.json"]).status == 0)
    }

    /// Accepting the trap and the one-way move leaves only information: `--strict` passes.
    @Test func acceptedFindingsPassStrict() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-audit-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = try String(contentsOfFile: Self.trap, encoding: .utf8)
        text = text.replacingOccurrences(
            of: #"{"finding": "one-way", "item": "two","#,
            with: #"{"finding": "trap", "item": "b", "reason": "shown on purpose"}, {"finding": "one-way","#)
        let file = dir.appendingPathComponent("t.json").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Self.audit([file, "--strict"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.hasSuffix("0 errors, 0 warnings, 1 info, 3 accepted\n"), "\(r.stdout)")
        #expect(
            r.stdout.contains(#"accepted error: swipes can enter "a", "b" but never leave [trap]: shown on purpose"#))
    }

    /// The tab bar's own one-way moves and its content sections are information, never the scene's.
    @Test func systemMadeStructureIsInformation() throws {
        let r = try Self.audit(["scenes/tab-bar-shelves.json", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: r.stdoutBytes) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        let graph = findings.filter { ["one-way", "section-never-catches"].contains($0["code"] as? String) }
        #expect(graph.count == 8)
        for f in graph {
            #expect(f["severity"] as? String == "info" && f["system"] as? String == "tab bar", "\(f)")
        }
        #expect(findings.contains { $0["code"] as? String == "section-never-catches" })
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 0 && summary["warnings"] as? Int == 0 && summary["info"] as? Int == 8)
    }

    /// 520 buttons of 40 pt in rows 2 pt apart, the first rows above the safe area: 880 one-way moves and 520
    /// buttons outside the safe area.
    static func crowd(in dir: String) throws -> String {
        let buttons = (0..<520).map { k in
            #"{"type": "button", "id": "b\#(k)", "title": "B", "frame": [\#(k % 40 * 46), \#(k / 40 * 2), 40, 40]}"#
        }
        let path = dir + "/crowd.json"
        try #"{"root": {"type": "canvas", "children": [\#(buttons.joined(separator: ",\n"))]}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A report lists the first 500 findings of each rule and counts the rest, in every form: the counts, `--strict`
    /// and the summary take in every finding (listed whole, 99,999 items in a staircase made 460,000 lines, and a
    /// SARIF log code hosts refuse).
    @Test func eachRuleListsItsFirstFindingsAndCountsTheRest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-crowd-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let crowd = try Self.crowd(in: dir)
        let text = try Self.audit([crowd, "--strict"])
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("[one-way]") && $0.contains(": warning: ") }.count == 500)
        #expect(lines.filter { $0.hasSuffix("[outside-safe-area]") && $0.contains(": warning: ") }.count == 500)
        #expect(
            lines.contains(
                "\(crowd): note: 380 more one-way findings are not listed: a report lists the first 500 of each rule, and its counts include the rest [one-way]"
            ), "\(lines.suffix(4))")
        #expect(lines.contains { $0.hasPrefix("\(crowd): note: 20 more outside-safe-area findings are not listed") })
        #expect(lines.last == "0 errors, 1400 warnings, 0 info, 0 accepted")

        let json = try Self.audit([crowd, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["warnings"] as? Int == 1400)
        let unlisted = try #require(summary["unlisted"] as? [[String: Any]])
        #expect(unlisted.map { "\($0["code"] ?? "") \($0["count"] ?? "")" } == ["one-way 380", "outside-safe-area 20"])
        #expect((report["findings"] as? [Any])?.count == 1000)

        let sarif = try Self.audit([crowd, "--sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: sarif.stdoutBytes) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == 1000)
        let notes = (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]
        #expect(
            notes?.compactMap { ($0["associatedRule"] as? [String: Any])?["id"] as? String }
                == ["one-way", "outside-safe-area"])

        // A screen with fewer findings of each rule says nothing of it.
        let trap = try Self.audit(["Tests/CLITests/Fixtures/audit-trap.json", "--json"])
        let few = try #require(try JSONSerialization.jsonObject(with: trap.stdoutBytes) as? [String: Any])
        #expect((few["summary"] as? [String: Any])?["unlisted"] == nil)
        #expect(!(try Self.audit(["Tests/CLITests/Fixtures/audit-trap.json"]).stdout.contains(": note: ")))
    }

    /// The SARIF log validates against the OASIS SARIF 2.1.0 schema, and each result is at its line in
    /// the scene file (the accepted one as a suppression with the reason).
    @Test(
        .enabled(
            if: Tools.sarifSchema != nil && Tools.pythonWithJSONSchema != nil,
            "needs the SARIF 2.1.0 schema and python3-jsonschema (scripts/setup.sh --tests, run by make test, installs both)"
        ))
    func sarifValidatesAgainstTheSchema() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-sarif-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, scene) in [
            ("trap", "Tests/CLITests/Fixtures/audit-trap.json"), ("home", "home"),
            ("creme", "scenes/creme-brulee.json"),
            ("tabs", "scenes/tab-bar-shelves.json"), ("bundle", "Tests/CLITests/Fixtures/poster-shelf.tenfoot"),
            // Rules with findings counted and not listed: the run's notifications.
            ("crowd", try Self.crowd(in: dir.path)),
        ] {
            let r = try Self.audit([scene, "--sarif"])
            #expect(r.status == 0)
            let out = dir.appendingPathComponent(name + ".sarif").path
            try r.stdoutBytes.write(to: URL(fileURLWithPath: out))
            let check = try runProcess(
                try #require(Tools.pythonWithJSONSchema),
                [
                    "-c",
                    """
                    import json, sys, jsonschema
                    schema = json.load(open(sys.argv[1]))
                    jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.load(open(sys.argv[2])))
                    print("valid")
                    """, try #require(Tools.sarifSchema), out,
                ])
            #expect(check.status == 0 && check.stdout == "valid\n", "\(name): \(check.stdout)\(check.stderr)")
        }
        // The schema check can fail: a log without "version" is refused.
        let broken = dir.appendingPathComponent("broken.sarif").path
        try #"{"runs": []}"#.write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try runProcess(
            try #require(Tools.pythonWithJSONSchema),
            [
                "-c",
                """
                import json, sys, jsonschema
                jsonschema.Draft4Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
                """, try #require(Tools.sarifSchema), broken,
            ])
        #expect(refused.status != 0)

        let r = try Self.audit(["Tests/CLITests/Fixtures/audit-trap.json", "--sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: r.stdoutBytes) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let version = try runProcess(TestPaths.tenfoot, ["--version"]).stdout
        #expect(
            driver?["name"] as? String == "tenfoot" && version == "tenfoot \(driver?["version"] as? String ?? "?")\n")
        let results = try #require(run["results"] as? [[String: Any]])
        let trap = try #require(results.first { $0["ruleId"] as? String == "trap" })
        #expect(trap["level"] as? String == "error")
        let region =
            (((trap["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any])
        #expect(region?["startLine"] as? Int == 11 && region?["startColumn"] as? Int == 7)
        let accepted = try #require(results.first { $0["suppressions"] != nil })
        #expect(
            (accepted["suppressions"] as? [[String: Any]])?.first?["justification"] as? String
                == "Accepted to show an acceptance: 2 right lands on A, left from A is blocked.")
    }

    /// `--text-sizes` says which sizes `--accessibility` looks at: without it, it is refused, not ignored.
    @Test func textSizesGoWithAccessibility() throws {
        let r = try Self.audit(["home", "--text-sizes", "large"])
        #expect(r.status == 2 && r.stderr.contains("give --accessibility with it"), "\(r.stderr)")
    }

    @Test func jsonAndSarifAreExclusive() throws {
        let r = try Self.audit(["home", "--json", "--sarif"])
        #expect(r.status == 2)
    }
}

/// `explain --moves` and `path --explain`: the search explained after moves.
@Suite struct ExplainAfterMovesTests {
    static func tenfoot(_ args: [String]) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, args, currentDirectory: TestPaths.packageRoot, timeout: 120)
    }

    @Test func explainStartsWhereTheMovesLeaveFocus() throws {
        let r = try Self.tenfoot(["explain", "scenes/home.json", "--moves", "down right*3", "right"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("explain right from w4 (policy tvos)\n"), "\(r.stdout)")
        // The page scrolled down to the second shelf: its items are explained where they are now.
        #expect(
            r.stdout.contains("  w5                        item     [1280, 547, 260, 390]   40   0       winner"),
            "\(r.stdout)")
        // Starting from --from, then the moves.
        let from = try Self.tenfoot([
            "explain", "scenes/home.json", "--from", "p3", "--moves", "right", "right", "--json",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: from.stdoutBytes) as? [String: Any])
        #expect(json["from"] as? String == "p4" && json["winner"] as? String == "p5")
        // --at-tick stops the moves there: at tick 480 (0.4 s) the first two of "right right right" are sent.
        let early = try Self.tenfoot([
            "explain", "scenes/home.json", "--moves", "right*3", "--at-tick", "480", "right", "--json",
        ])
        #expect(
            (try JSONSerialization.jsonObject(with: early.stdoutBytes) as? [String: Any])?["from"] as? String == "p3",
            "\(early.stdout)")
        let zero = try Self.tenfoot([
            "explain", "scenes/home.json", "--moves", "right*3", "--at-tick", "0", "right", "--json",
        ])
        #expect(
            (try JSONSerialization.jsonObject(with: zero.stdoutBytes) as? [String: Any])?["from"] as? String == "p2")
        #expect(try Self.tenfoot(["explain", "home", "--at-tick", "-1", "right"]).status == 2)
        let bad = try Self.tenfoot(["explain", "home", "--moves", "sideways", "up"])
        #expect(
            bad.status == 2 && bad.stderr.contains("cannot read the moves \"sideways\":\nMOVE:1:1: error: "),
            "\(bad.stderr)")
    }

    @Test func pathExplainsEverySwipe() throws {
        let r = try Self.tenfoot(["path", "scenes/home.json", "--json", "--explain", "right", "select", "down"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 3)
        #expect((lines[0]?["explain"] as? [String: Any])?["from"] as? String == "p1")
        #expect((lines[0]?["explain"] as? [String: Any])?["winner"] as? String == lines[0]?["focus"] as? String)
        #expect(lines[1]?["explain"] is NSNull)
        #expect((lines[2]?["explain"] as? [String: Any])?["from"] as? String == "p2")
        let text = try Self.tenfoot(["path", "scenes/home.json", "--explain", "right"])
        #expect(text.stdout.hasPrefix("p2\n  explain right from p1 (policy tvos)\n"), "\(text.stdout)")
        // Without --explain, the lines are as before.
        #expect(
            try Self.tenfoot(["path", "scenes/home.json", "--json", "right"]).stdout
                == "{\"move\": \"right\", \"focus\": \"p2\", \"via\": \"direct\", \"spoken\": \"The Long Way Home, button\"}\n"
        )
    }
}

/// `test --shard K/N`: a deterministic round-robin split by path; an empty shard passes.
@Suite struct ShardTests {
    @Test func shardsSplitTheFilesOnceEach() throws {
        var seen: [String] = []
        for k in 1...3 {
            let r = try runProcess(
                TestPaths.tenfoot, ["test", "scenes", "--shard", "\(k)/3"], currentDirectory: TestPaths.packageRoot,
                timeout: 300)
            #expect(r.status == 0)
            #expect(r.stdout.hasPrefix("shard \(k)/3: "))
            seen.append(r.stdout)
        }
        // The same split again, whatever the order of the arguments.
        let again = try runProcess(
            TestPaths.tenfoot, ["test", "scenes/navigation.json", "scenes", "--shard", "2/3"],
            currentDirectory: TestPaths.packageRoot, timeout: 300)
        #expect(again.stdout == seen[1])
        let counts = seen.compactMap { $0.split(separator: "\n").last.flatMap { Int($0.split(separator: " ")[0]) } }
        let whole = try runProcess(
            TestPaths.tenfoot, ["test", "scenes"], currentDirectory: TestPaths.packageRoot, timeout: 300)
        #expect(counts.reduce(0, +) == Int(whole.stdout.split(separator: "\n").last!.split(separator: " ")[0]))
    }

    @Test func anEmptyShardPassesWithAnEmptyReport() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-shard-\(getpid()).xml").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try runProcess(
            TestPaths.tenfoot, ["test", "scenes/home.json", "--shard", "2/2", "--junit", out],
            currentDirectory: TestPaths.packageRoot)
        #expect(r.status == 0)
        #expect(r.stdout == "shard 2/2: 0 of 1 files\n0 passed, 0 failed\n")
        #expect(
            try String(contentsOfFile: out, encoding: .utf8).contains(
                "<testsuites name=\"tenfoot shard 2/2\" tests=\"0\" failures=\"0\">"))
        let bad = try runProcess(TestPaths.tenfoot, ["test", "--shard", "0/4"])
        #expect(bad.status == 2 && bad.stderr.contains("--shard expects K/N"))
    }
}

/// `map` draws the whole content: every shelf's full row and the shelves below the screen, at one pixel a
/// point, up to its cap; `--viewport` the screen only.
@Suite struct MapExtentTests {
    static func map(_ args: [String]) throws -> (ProcessResult, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-map-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = dir.appendingPathComponent("m.svg").path
        let r = try runProcess(
            TestPaths.tenfoot, ["map"] + args + ["--out", out], currentDirectory: TestPaths.packageRoot, timeout: 120)
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: dir)
        return (r, text)
    }

    @Test func theHomeMapShowsEveryShelf() throws {
        let (r, svg) = try Self.map(["home"])
        #expect(r.status == 0)
        // p10 is past the screen's right edge, k7 on the fifth shelf far below it.
        for id in ["p1", "p10", "w8", "m7", "s8", "k7"] { #expect(svg.contains(">\(id)</text>"), "\(id) missing") }
        #expect(svg.contains(#"viewBox="-40 -40 3120 3289" width="3120" height="3289""#))
        let (_, screen) = try Self.map(["home", "--viewport"])
        #expect(screen.contains(#"viewBox="0 0 1920 1080" width="1920" height="1080""#))
    }

    @Test func aCatalogueIsCutAtTheCapAndSaysSo() throws {
        let (r, svg) = try Self.map(["scenes/catalogue-10k.json"])
        #expect(r.status == 0)
        #expect(svg.contains(#"height="4320""#))
        #expect(svg.contains("9952 items beyond 7680 × 4320 pt are not drawn (tenfoot audit checks them all)"))
        #expect(svg.contains(">c47</text>") && !svg.contains(">c48</text>"))
    }

    /// `--all`: every other tab and every sheet, each in its own file beside --out, listed.
    @Test func allMapsEveryTabAndSheet() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-mapall-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try runProcess(
            TestPaths.tenfoot, ["map", "scenes/tab-bar-shelves.json", "--all", "--out", dir.path + "/m.svg"],
            currentDirectory: TestPaths.packageRoot, timeout: 120)
        #expect(r.status == 0)
        #expect(
            r.stdout
                == ["m.svg", "m-tab-tabMovies.svg", "m-tab-tabSettings.svg"].map { dir.path + "/" + $0 + "\n" }.joined()
        )
        let movies = try String(contentsOfFile: dir.path + "/m-tab-tabMovies.svg", encoding: .utf8)
        #expect(movies.contains(">g12</text>") && !movies.contains(">c1</text>"))
        let sheet = try runProcess(
            TestPaths.tenfoot, ["map", "scenes/filters-sheet.json", "--all", "--out", dir.path + "/f.svg"],
            currentDirectory: TestPaths.packageRoot)
        #expect(sheet.stdout.hasSuffix("/f-sheet-filterSheet.svg\n"))
        let inSheet = try String(contentsOfFile: dir.path + "/f-sheet-filterSheet.svg", encoding: .utf8)
        #expect(inSheet.contains(">genre</text>") && inSheet.contains(">done</text>"))
    }

    @Test func thePNGIsOnePixelAPointOrTheSizeAsked() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-mappng-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func size(_ args: [String]) throws -> (Int, Int) {
            let out = dir.appendingPathComponent("m.png").path
            #expect(try runProcess(TestPaths.tenfoot, ["map", "home", "--out", out] + args, timeout: 120).status == 0)
            let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            func be(_ at: Int) -> Int { d[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (be(16), be(20))
        }
        #expect(try size([]) == (3120, 3289))
        #expect(try size(["--size", "960x1032"]) == (960, 1032))
    }
}

/// `diff --policies`: every (item, direction) where the policies disagree.
@Suite struct PolicyDiffTests {
    /// The peers' rules look at every item for every swipe: a screen of 10,001 items would make 400 million comparisons
    /// under each (10,000 took 22 s in release with the policies taking turns); it is refused before any is made.
    @Test func aDiffPastItsComparisonsIsRefused() throws {
        let dir = try Tools.temporaryFolder("diff-budget")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let buttons = (0..<10_001).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ",")
        try #"{"name": "w", "root": {"type": "scroll", "children": [{"type": "vstack", "children": [\#(buttons)]}]}}"#
            .write(toFile: dir + "/w.json", atomically: true, encoding: .utf8)
        let r = try runProcess(TestPaths.tenfoot, ["diff", "w.json"], currentDirectory: dir, timeout: 120)
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(
            r.stderr.contains(
                "w.json: 10001 focusable items: the android and web rules look at every item for every swipe, 400080004 comparisons each; diff makes at most 400000000 a policy"
            ), "\(r.stderr)")
        // `audit` and `map` under a peer's rules do the same work.
        for args in [
            ["audit", "w.json", "--policy", "web"], ["map", "w.json", "--policy", "android", "--out", "m.svg"],
        ] {
            let peer = try runProcess(TestPaths.tenfoot, args, currentDirectory: dir, timeout: 120)
            #expect(
                peer.status == 2 && peer.stderr.contains("400080004 comparisons each; \(args[0]) makes at most"),
                "\(args): \(peer.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.svg"))
        // `stress --events` is held to 100 million steps × nodes: 9,998 steps on 10,002 nodes.
        let stress = try runProcess(
            TestPaths.tenfoot, ["stress", "w.json", "--events", "20000"], currentDirectory: dir, timeout: 120)
        #expect(
            stress.status == 2
                && stress.stderr.contains(
                    "--events 20000 on a screen of 10003 nodes: each step's checks walk the screen; at most 9997 steps here"
                ),
            "\(stress.stderr)")
    }

    @Test func listsEverySwipeThePoliciesDisagreeOn() throws {
        let r = try runProcess(
            TestPaths.tenfoot, ["diff", "scenes/recipe-grid-categories.json"], currentDirectory: TestPaths.packageRoot,
            timeout: 120)
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                diff scenes/recipe-grid-categories.json: tvos, android, web — 3 of 112 swipes (item × direction) differ
                r8A left: tvos → (blocked), android → dinnerA, web → dinnerA
                breakfastB up: tvos → dinnerA, android → r8A, web → dinnerA
                dinnerB down: tvos → (blocked), android → r4B, web → r8B

                """)
        // The same as each policy's own path says.
        for (policy, expected) in [("tvos", "r8A"), ("android", "dinnerA")] {
            let path = try runProcess(
                TestPaths.tenfoot,
                ["path", "scenes/recipe-grid-categories.json", "--from", "r8A", "--policy", policy, "left"],
                currentDirectory: TestPaths.packageRoot)
            #expect(path.stdout == expected + "\n")
        }
        let json = try runProcess(
            TestPaths.tenfoot, ["diff", "scenes/recipe-grid-categories.json", "--policies", "tvos,web", "--json"],
            currentDirectory: TestPaths.packageRoot)
        let doc = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let differences = try #require(doc["differences"] as? [[String: Any]])
        #expect(differences.count == 2 && doc["policies"] as? [String] == ["tvos", "web"])
        #expect((differences[0]["outcomes"] as? [[String: Any]])?.first?["to"] is NSNull)
        let one = try runProcess(TestPaths.tenfoot, ["diff", "home", "--policies", "tvos,tvos"])
        #expect(one.status == 2 && one.stderr.contains("two or more different policies"))
    }

    @Test func drawsTheDifferencesInTheirColours() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-diff-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("d.svg").path
        #expect(
            try runProcess(
                TestPaths.tenfoot,
                ["diff", "scenes/recipe-grid-categories.json", "--policies", "tvos,android", "--out", svg],
                currentDirectory: TestPaths.packageRoot
            ).status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(
            text.contains(">tvos</text>") && text.contains(">android</text>")
                && text.contains("3 of 112 swipes differ; a bar: blocked"))
        #expect(text.contains("stroke=\"rgb(80,170,255)\"") && text.contains("stroke=\"rgb(255,150,40)\""))
    }
}
