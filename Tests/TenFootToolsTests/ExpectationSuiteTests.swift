import FocusEngine
import Foundation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim
@testable import TenFootTools

/// `tenfoot test`'s pieces: finding scenes in folders, running them, and the JUnit report.
@Suite struct ExpectationSuiteTests {
    static func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-suite-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in files.keys.sorted() {
            try files[name]!.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static let passing =
        #"{"name": "ok", "root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}, "expect": [{"name": "right goes to b", "press": ["right"], "focus": ["b"]}]}"#
    static let failing =
        #"{"name": "bad", "root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}, "expect": [{"name": "<wrong> & \"quoted\"", "press": ["right"], "focus": ["a"]}]}"#

    @Test func foldersYieldTheirSceneFilesSortedAndSkipOtherJSON() throws {
        let dir = try Self.folder([
            "b.json": Self.passing, "a.json": Self.failing, "trace.json": #"{"events": []}"#,
            "broken.json": "{ not json", "notes.txt": "x",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let found = try ExpectationSuite.discover([dir])
        #expect(
            found.files == [dir + "/a.json", dir + "/b.json", dir + "/broken.json"],
            "a file that does not parse counts, so its error shows")
        #expect(found.skipped == [dir + "/trace.json"])
        #expect(throws: ExpectationSuite.MissingTarget(path: dir + "/none")) {
            try ExpectationSuite.discover([dir + "/none"])
        }
    }

    @Test func junitCountsFailuresAndEscapes() throws {
        let dir = try Self.folder(["a.json": Self.failing, "b.json": Self.passing, "c.json": "{ not json"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let suite = ExpectationSuite.run(
            files: try ExpectationSuite.discover([dir]).files, measurer: FixedAdvanceMeasurer())
        #expect(suite.passed == 1 && suite.failed == 2 && suite.loadErrors.count == 1)
        let xml = suite.junitXML
        #expect(xml.contains(#"<testsuites name="tenfoot" tests="3" failures="2">"#))
        #expect(
            xml.contains(
                #"name="&lt;wrong&gt; &amp; &quot;quoted&quot;"><failure message="press 1 (right): expected a, got b">path: a → b</failure>"#
            ))
        #expect(xml.contains(#"<testsuite name="load-error-0" tests="1" failures="1">"#))
        // Suites come in file order whatever the hash seed.
        let a = try #require(xml.range(of: dir + "/a.json"))
        let b = try #require(xml.range(of: dir + "/b.json"))
        #expect(a.lowerBound < b.lowerBound)
    }

    /// Every character goes into the XML as one an XML reader takes: U+FFFE in a name made the file unreadable.
    @Test func junitHoldsOnlyWhatXMLCanHold() {
        #expect(ExpectationSuite.xml("a\u{FFFE}b\u{FFFF}c\u{1}d\u{0}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}")
        #expect(ExpectationSuite.xml("1\t2\n3\r4") == "1&#9;2&#10;3&#13;4")
        #expect(ExpectationSuite.xml("\u{85}\u{2028}\u{FFFD}😀é") == "\u{85}\u{2028}\u{FFFD}😀é")
        #expect(ExpectationSuite.xml("<a href=\"x\">&</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;")
    }

    /// An expectation runs at the text size it names: a row that becomes a column at accessibility sizes is
    /// walked right at Large and down at Accessibility XXXL; the command's size is the default.
    @Test func expectationsRunAtTheirTextSize() throws {
        let scene = try SceneDecoder.decode(
            #"""
            {"root": {"type": "hstack", "largeText": {"type": "vstack"}, "children": [
              {"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]},
             "expect": [
              {"name": "a row at Large", "press": ["right"], "focus": ["b"]},
              {"name": "a column at AX5", "press": ["down"], "focus": ["b"], "textSize": "Accessibility XXXL"},
              {"name": "no row at AX5", "press": ["right"], "focus": ["a"], "textSize": "accessibility5"}
             ]}
            """#, file: "t.json")
        let results = ExpectationRunner.run(scene)
        #expect(results.map(\.failure) == [nil, nil, nil])
        var atAX5 = scene
        atAX5.textSize = .accessibility5
        #expect(ExpectationRunner.run(atAX5).map { $0.failure == nil } == [false, true, true])
        // The screen for another size comes from `at` when given (SwiftUI sources are translated again).
        var asked: [TextSize] = []
        _ = ExpectationRunner.run(
            scene,
            at: { size in
                asked.append(size)
                return scene
            })
        #expect(asked == [.accessibility5, .accessibility5])
    }
}

/// The accessibility audit's size rule for reach: an item swipes reach at Large and not at a larger size.
@Suite struct AccessibilityAuditRuleTests {
    @Test func anItemNoLongerReachedIsAnError() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}}"#,
            file: "t.json")
        let large = AccessibilityAudit.Screen(size: .large, sim: try Simulator(scene: scene))
        var big = AccessibilityAudit.Screen(size: .accessibility5, sim: try Simulator(scene: scene))
        #expect(AccessibilityAudit.findings(big, comparedWith: large).isEmpty)
        big.graph.unreachable = ["b"]
        let found = AccessibilityAudit.findings(big, comparedWith: large)
        #expect(found.map(\.code) == ["unreachable-at-size"] && found.first?.item == "b")
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("at Accessibility XXXL (accessibility5)") == true)
    }

    /// A screen at another size takes the focus graph of one whose focus tree is the same (no text size moves a
    /// frame of a canvas), and makes its own when a frame moved.
    @Test func aScreenWhoseFramesNoSizeMovesIsSearchedOnce() throws {
        let fixed = try SceneDecoder.decode(
            #"{"root": {"type": "canvas", "children": [{"type": "button", "id": "a", "title": "A", "frame": [100, 100, 300, 100]}, {"type": "button", "id": "b", "title": "B", "frame": [500, 100, 300, 100]}]}}"#,
            file: "t.json")
        var large = AccessibilityAudit.Screen(size: .large, sim: try Simulator(scene: fixed))
        large.graph.unreachable = ["marked"]  // so a graph taken over shows
        var bigger = try Simulator(scene: fixed)
        try bigger.setTextSize(.accessibility5)
        #expect(
            AccessibilityAudit.Screen(size: .accessibility5, sim: bigger, like: large).graph.unreachable == ["marked"])
        let stacked = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}}"#,
            file: "t.json")
        var small = AccessibilityAudit.Screen(size: .large, sim: try Simulator(scene: stacked))
        small.graph.unreachable = ["marked"]
        var grown = try Simulator(scene: stacked)
        try grown.setTextSize(.accessibility5)
        #expect(AccessibilityAudit.Screen(size: .accessibility5, sim: grown, like: small).graph.unreachable.isEmpty)
    }

    /// A screen is looked at with focus on up to 40 items at each text size, fewer when it places many nodes:
    /// every one is the whole screen laid out again (4,000 buttons took 23 s in a release build).
    @Test func largeScreensAreLookedAtWithFocusOnFewerItems() throws {
        #expect(AccessibilityAudit.focusedScreens(placing: 0) == 40)
        #expect(AccessibilityAudit.focusedScreens(placing: 1000) == 40)
        #expect(AccessibilityAudit.focusedScreens(placing: 1001) == 39)
        #expect(AccessibilityAudit.focusedScreens(placing: 4003) == 9)
        #expect(AccessibilityAudit.focusedScreens(placing: 40_000) == 1)
        #expect(AccessibilityAudit.focusedScreens(placing: 40_001) == 0)
        let buttons = (0..<3).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ", ")
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "id": "v", "children": ["# + buttons + "]}}", file: "t.json")
        #expect(AccessibilityAudit.placedCount(try Simulator(scene: scene)) == 4)
    }

    /// A screen whose sizes would place more than 300,000 nodes together is looked at in as many as fit, spread
    /// evenly, the largest always; the audit says which, at the root.
    @Test func hugeScreensAreLookedAtInFewerSizes() throws {
        let all = TextSize.allCases
        #expect(AccessibilityAudit.sizesLookedAt(all, placing: 33_333) == all)
        #expect(AccessibilityAudit.sizesLookedAt(all, placing: 37_500).count == 8)
        #expect(AccessibilityAudit.sizesLookedAt(all, placing: 99_999) == [.large, .accessibility1, .accessibility5])
        #expect(AccessibilityAudit.sizesLookedAt(all, placing: 150_001) == [.large, .accessibility5])
        #expect(
            AccessibilityAudit.sizesLookedAt([.accessibility1, .accessibility5], placing: 200_000) == [.accessibility5])
        #expect(
            AccessibilityAudit.sizesLookedAt([.accessibility1, .accessibility5], placing: 1_000) == [
                .accessibility1, .accessibility5,
            ])
        // A SwiftUI screen read again at each size (a view reads the text size): as many sizes as 200,000 steps of
        // reading hold; a screen of 12,000 views read in 102,021 steps took 1.4 s a size, 13 s for nine.
        #expect(AccessibilityAudit.sizesLookedAt(all, reading: 5_000) == all)
        #expect(AccessibilityAudit.sizesLookedAt(all, reading: 25_000) == all)
        #expect(AccessibilityAudit.sizesLookedAt(all, reading: 40_000).count == 6)
        #expect(
            AccessibilityAudit.sizesLookedAt(all, reading: 66_000) == [
                .large, .xxLarge, .accessibility2, .accessibility5,
            ])
        #expect(AccessibilityAudit.sizesLookedAt(all, reading: 102_021) == [.large, .accessibility5])
        #expect(AccessibilityAudit.sizesLookedAt(all, reading: 500_000) == [.large, .accessibility5])
        let scene = try SceneDecoder.decode(#"{"root": {"type": "vstack", "id": "v", "children": []}}"#, file: "t.json")
        let read = AccessibilityAudit.sizesCutShort(
            requested: all, lookedAt: [.large, .accessibility5], reading: 500_000, scene: scene)
        #expect(read.code == "sizes-cut-short" && read.message.contains("reading it took 500000 steps of evaluation"))
        let f = AccessibilityAudit.sizesCutShort(
            requested: all, lookedAt: [.large, .accessibility5], placing: 100_000, scene: scene)
        #expect(f.code == "sizes-cut-short" && f.item == "v" && f.severity == .warning)
        #expect(f.message.contains("in 2 of the 9 asked for (large and accessibility5)"), "\(f.message)")
        #expect(f.message.hasPrefix("the screen places 100000 nodes, so"), "\(f.message)")
    }

    /// Text weighs in: each size wraps every text again, so a screen of long texts is looked at in fewer sizes too,
    /// and the warning says what it draws.
    @Test func longTextsAreLookedAtInFewerSizes() throws {
        let long = String(repeating: "word ", count: SceneLimits.maxTextLength / 5)
        let texts = Array(repeating: #"{"type": "text", "text": "\#(long)"}"#, count: 40).joined(separator: ",")
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "id": "v", "children": [\#(texts)]}}"#, file: "t.json")
        let sim = try Simulator(scene: scene)
        #expect(sim.scene.textCharacters == 160_000)
        #expect(AccessibilityAudit.sizeWeight(sim) == AccessibilityAudit.placedCount(sim) + 40_000)
        // 50 such texts (200,000 characters, the scene's limit) weigh 50,000 nodes and more: Large and four sizes of the
        // eight others.
        #expect(AccessibilityAudit.sizesLookedAt(TextSize.allCases, placing: 50_051).count == 5)
        let f = AccessibilityAudit.sizesCutShort(
            requested: TextSize.allCases, lookedAt: [.large, .accessibility5], placing: 401, characters: 480_000,
            scene: scene)
        #expect(
            f.message.hasPrefix(
                "the screen places 401 nodes and draws 480000 characters of text, so its text sizes were looked at in 2 of the 9 asked for (large and accessibility5): the sizes may place 300000 nodes together, 4 characters of text counting as one"
            ), "\(f.message)")
    }

    /// A scene's expectations share one work budget (each opens the screen again): past it they fail as not run,
    /// so thousands of them on a huge screen end.
    @Test func expectationsShareAWorkBudget() throws {
        let buttons = (0..<300).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ",")
        let expectations = Array(repeating: #"{"press": ["down"], "focus": ["b1"]}"#, count: 10).joined(separator: ",")
        let scene = try SceneDecoder.decode(
            #"{"name": "w", "root": {"type": "vstack", "children": [\#(buttons)]}, "expect": [\#(expectations)]}"#,
            file: "w.json")
        #expect(ExpectationRunner.run(scene).allSatisfy { $0.passed })
        // Each opens a screen of 300 buttons in a stack (7,206 units: a title counts twice, a stack around it as much
        // again) and presses once.
        let results = ExpectationRunner.run(scene, budget: 20_000)
        let ran = results.prefix { $0.passed }.count
        #expect(ran > 0 && ran < 10)
        // The one that passed the budget stops before its press; the rest are not run.
        #expect(results[ran].failure?.hasPrefix("press 1 (down): not played: the expectations so far made ") == true)
        #expect(results.count == 10 && ran + 1 < 10)
        for r in results.dropFirst(ran + 1) {
            #expect(r.failure?.hasPrefix("not run: the expectations before it made ") == true)
            #expect(r.path.isEmpty)
        }
    }
}

/// The overlap rule's search gives, for each item, the first later item it newly overlaps: what comparing every
/// pair gives, on piles, staircases, duplicates and items that were already overlapping at Large.
@Suite struct NewOverlapTests {
    static func everyPair(_ frames: [Rect], before: [Rect?]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for a in frames.indices {
            for b in (a + 1)..<frames.count where AccessibilityAudit.crossing(frames[a], frames[b]) {
                if let x = before[a], let y = before[b], x.overlaps(y) { continue }
                out.append((a, b))
                break
            }
        }
        return out
    }

    @Test(arguments: 0..<40) func agreesWithEveryPair(_ seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        let count = Int(rng.next() % 120) + 1
        let spots = Int(rng.next() % 6) + 1
        var frames: [Rect] = []
        var before: [Rect?] = []
        for _ in 0..<count {
            // A few spots, so that many frames are identical (a pile); the rest scattered.
            let spot = Double(rng.next() % UInt64(spots)) * 150
            let scattered = rng.next() % 3 == 0
            let x = scattered ? Double(rng.next() % 600) : spot
            let y = scattered ? Double(rng.next() % 400) : spot / 2
            let w = Double(rng.next() % 200) + (rng.next() % 5 == 0 ? 0 : 1)
            frames.append(Rect(x, y, w, Double(rng.next() % 120) + 1))
            switch rng.next() % 4 {
            case 0: before.append(nil)
            case 1: before.append(Rect(x, y, w / 2, 10))
            case 2: before.append(Rect(Double(rng.next() % 2000), 0, 50, 50))
            default: before.append(frames.last)
            }
        }
        let found = AccessibilityAudit.newOverlaps(frames, before: before)
        let expected = Self.everyPair(frames, before: before)
        #expect(found.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] })
    }

    /// Frames in columns (a sweep along x walks a whole column) or in rows: each sweep is the other's answer.
    @Test(arguments: [(2, 300), (300, 2), (17, 17)]) func columnsAndRowsAgreeWithEveryPair(
        _ columns: Int, _ rows: Int
    ) {
        var frames: [Rect] = []
        var before: [Rect?] = []
        for k in 0..<(columns * rows) {
            let (c, r) = (Double(k % columns), Double(k / columns))
            before.append(Rect(c * 300, r * 100, 280, 90))
            // Grown at another text size: each overlaps the next in its row and in its column, some not.
            frames.append(Rect(c * 300, r * 100, k % 3 == 0 ? 280 : 330, k % 5 == 0 ? 90 : 130))
        }
        let alongY = AccessibilityAudit.sweepCost(frames.map { ($0.minY, $0.maxY) })
        let alongX = AccessibilityAudit.sweepCost(frames.map { ($0.minX, $0.maxX) })
        #expect((alongY < alongX) == (columns < rows))
        let found = AccessibilityAudit.newOverlaps(frames, before: before)
        #expect(found.map { [$0.0, $0.1] } == Self.everyPair(frames, before: before).map { [$0.0, $0.1] })
        #expect(!found.isEmpty)
    }

    @Test func aPileInOnePlaceIsOneFrame() {
        let pile = [Rect](repeating: Rect(100, 100, 200, 100), count: 20_000)
        #expect(AccessibilityAudit.newOverlaps(pile, before: pile).isEmpty)
        let grown = AccessibilityAudit.newOverlaps(pile, before: [Rect?](repeating: nil, count: 20_000))
        #expect(grown.count == 19_999 && grown.allSatisfy { $0.1 == $0.0 + 1 })
    }
}

/// The lift rule's search gives, for each lifted frame, the first frame by left edge (then order) its lift covers
/// and it does not overlap: what looking at every frame gives, on grids, piles, staircases and segments.
@Suite struct LiftCoverTests {
    @Test(arguments: 0..<40) func agreesWithEveryFrame(_ seed: Int) {
        var rng = SplitMix(seed: UInt64(seed) + 100)
        let count = Int(rng.next() % 150) + 1
        var frames: [Rect] = []
        var lifted: [Rect?] = []
        for k in 0..<count {
            let f: Rect
            switch rng.next() % 3 {
            case 0: f = Rect(Double(k % 8) * 210, Double(k / 8) * 110, 200, 100)  // a grid with 10-pt gaps
            case 1: f = Rect(Double(k) * 0.5, Double(k) * 0.25, 200, 100)  // a staircase
            default: f = Rect(Double(rng.next() % 1500), Double(rng.next() % 900), Double(rng.next() % 300), 80)
            }
            frames.append(f)
            let s = rng.next() % 4 == 0 ? 1 : 1 + Double(rng.next() % 20) / 100
            lifted.append(
                s > 1 ? Rect(f.midX - f.width * s / 2, f.midY - f.height * s / 2, f.width * s, f.height * s) : nil)
        }
        let track = frames.indices.map { _ in rng.next() % 5 == 0 ? 1 : 0 }
        let skip = { (k: Int, j: Int) in track[k] == 1 && track[j] == 1 }
        let found = AccessibilityAudit.liftCovers(frames, lifted: lifted, skip: skip)
        let byLeft = frames.indices.sorted { (frames[$0].minX, $0) < (frames[$1].minX, $1) }
        for k in frames.indices {
            var expected: Int?
            if let l = lifted[k] {
                expected = byLeft.first { j in
                    guard j != k, !skip(k, j), !frames[j].overlaps(frames[k]), let c = l.intersection(frames[j]) else {
                        return false
                    }
                    return c.width > 1 && c.height > 1
                }
            }
            #expect(found[k] == expected, "seed \(seed), frame \(k)")
        }
    }
}
