import FocusEngine
import TenFootScene
import Testing

@testable import TenFootPresentation

/// Which rows differ between two display lists (`DisplayList.damage(since:)`).
@Suite struct DamageTests {
    let red = Color(255, 0, 0)
    let blue = Color(0, 0, 255)
    func list(_ commands: [DrawCommand]) -> DisplayList { DisplayList(commands: [.clear(Color(0, 0, 0))] + commands) }
    /// Rows of the screen and the columns in them, as `.areas`.
    func areas(_ spans: (ClosedRange<Double>, ClosedRange<Double>)...) -> Damage {
        .areas(spans.map { Damage.Area(rows: $0.0, columns: $0.1) })
    }

    @Test func theSameListChangesNothing() {
        let a = list([
            .rect(Rect(10, 10, 100, 100), radius: 4, color: red),
            .text("x", x: 0, y: 500, size: 20, bold: false, color: blue, centered: false, maxWidth: nil),
        ])
        #expect(a.damage(since: a) == .none)
    }

    /// Two frames' damage together: every area of both, overlapping rows merged with the columns and slack of both;
    /// nothing adds nothing, and everything is everything.
    @Test func damageOverTwoFramesIsTheirUnion() {
        let a = Damage.areas([Damage.Area(rows: 0...10, columns: 5...20, slack: 1)])
        let b = Damage.areas([
            Damage.Area(rows: 8...30, columns: 40...50, slack: 3), Damage.Area(rows: 100...110, columns: 0...1),
        ])
        #expect(
            a.union(b)
                == .areas([
                    Damage.Area(rows: 0...30, columns: 5...50, slack: 3), Damage.Area(rows: 100...110, columns: 0...1),
                ]))
        #expect(a.union(b) == b.union(a))
        #expect(a.union(.none) == a)
        #expect(Damage.none.union(b) == b)
        #expect(a.union(.all) == .all)
        #expect(Damage.all.union(.none) == .all)
    }

    @Test func aMovedRectDamagesWhereItWasAndWhereItIs() {
        let a = list([
            .rect(Rect(0, 100, 50, 50), radius: 0, color: red), .rect(Rect(0, 600, 50, 50), radius: 0, color: blue),
        ])
        let b = list([
            .rect(Rect(0, 120, 50, 50), radius: 0, color: red), .rect(Rect(0, 600, 50, 50), radius: 0, color: blue),
        ])
        #expect(b.damage(since: a) == areas((100...170, 0...50)))
        let c = list([
            .rect(Rect(0, 900, 50, 50), radius: 0, color: red), .rect(Rect(0, 600, 50, 50), radius: 0, color: blue),
        ])
        #expect(c.damage(since: a) == areas((100...150, 0...50), (900...950, 0...50)))
    }

    @Test func anotherClipOrOpacityDamagesWhatFollowsIt() {
        let r = DrawCommand.rect(Rect(0, 300, 50, 50), radius: 0, color: red)
        let a = list([.clip(Rect(0, 0, 100, 100)), r, .clip(nil), .rect(Rect(0, 700, 9, 9), radius: 0, color: blue)])
        let b = list([.clip(Rect(0, 0, 100, 200)), r, .clip(nil), .rect(Rect(0, 700, 9, 9), radius: 0, color: blue)])
        #expect(b.damage(since: a) == areas((300...350, 0...50)))
        let c = list([.alpha(0.5), r])
        #expect(c.damage(since: list([r])) == areas((300...350, 0...50)))
    }

    @Test func aCommandAddedOrRemovedDamagesWhatLiesBetweenTheCommonEnds() {
        let top = DrawCommand.rect(Rect(0, 0, 50, 50), radius: 0, color: red)
        let bottom = DrawCommand.rect(Rect(0, 1000, 50, 50), radius: 0, color: red)
        let added = DrawCommand.rect(Rect(0, 400, 50, 10), radius: 0, color: blue)
        #expect(list([top, added, bottom]).damage(since: list([top, bottom])) == areas((400...410, 0...50)))
        #expect(list([top, bottom]).damage(since: list([top, added, bottom])) == areas((400...410, 0...50)))
        // Two overlapping commands swapping places: one of them is drawn again, over the rows they share.
        let lower = DrawCommand.rect(Rect(0, 20, 50, 50), radius: 0, color: blue)
        let swapped = list([lower, top]).damage(since: list([top, lower]))
        #expect(swapped == areas((0...50, 0...50)) || swapped == areas((20...70, 0...50)))
    }

    /// A picture fading in over another at the top (two commands more) while the last command moves: the commands
    /// between keep their rows.
    @Test func commandsLineUpAcrossInsertionsAndChanges() {
        let rows = (0..<40).map { DrawCommand.rect(Rect(0, 100 + Double($0) * 20, 50, 10), radius: 0, color: red) }
        let a = list(
            [.rect(Rect(0, 0, 500, 80), radius: 0, color: blue)] + rows + [
                .rect(Rect(0, 990, 9, 9), radius: 0, color: red)
            ])
        let b = list(
            [
                .rect(Rect(0, 0, 500, 80), radius: 0, color: blue), .alpha(0.5),
                .rect(Rect(0, 0, 500, 70), radius: 0, color: red), .alpha(1),
            ]
                + rows + [.rect(Rect(0, 1000, 9, 9), radius: 0, color: red)])
        #expect(b.damage(since: a) == areas((0...70, 0...500), (990...999, 0...9), (1000...1009, 0...9)))
        // Every command moved: the rows of each, where it was and where it is.
        let moved = list(rows.map { $0.transformed(Placement(dy: 5)) })
        let each: [ClosedRange<Double>] = (0..<40).map { k in
            let top = 100 + Double(k) * 20
            return top...top + 15
        }
        #expect(moved.damage(since: list(rows)) == .areas(each.map { Damage.Area(rows: $0, columns: 0...50) }))
    }

    @Test func theLongestCommonSubsequence() {
        func check(_ a: String, _ b: String, _ length: Int) {
            let (x, y) = (Array(a), Array(b))
            let pairs = DisplayList.common(x, y)
            #expect(pairs?.count == length, "\(a) / \(b)")
            for (i, j) in pairs ?? [] { #expect(x[i] == y[j]) }
            #expect(zip(pairs ?? [], (pairs ?? []).dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
        }
        check("ABCABBA", "CBABAC", 4)
        check("", "", 0)
        check("abc", "", 0)
        check("", "abc", 0)
        check("abcdef", "abcdef", 6)
        check("xabcdefy", "abczdef", 6)
        check("kitten", "sitting", 4)
        #expect(DisplayList.common(Array(repeating: 1, count: 300), Array(repeating: 2, count: 300)) == nil)
        // Past its work: not lined up (the rows between the common ends are drawn again instead).
        #expect(DisplayList.common(Array("xabcdefy"), Array("abczdef"), work: 5) == nil)
        #expect(DisplayList.common(Array("xabcdefy"), Array("abczdef"), work: 100)?.count == 6)
    }

    @Test func blursSlantedLinesAndNewClearsDamageEverything() {
        let r = DrawCommand.rect(Rect(0, 300, 50, 50), radius: 0, color: red)
        #expect(list([r, .blur(radius: 10)]).damage(since: list([r, .blur(radius: 10)])) == .all)
        let slanted = DrawCommand.line(x1: 0, y1: 0, x2: 100, y2: 90, width: 2, color: red)
        #expect(list([r, slanted]).damage(since: list([r])) == .all)
        let level = DrawCommand.line(x1: 0, y1: 90, x2: 100, y2: 90, width: 2, color: red)
        // As thick in points as the thinnest scale draws it: 40 points.
        #expect(list([r, level]).damage(since: list([r])) == areas((50...130, -40...140)))
        #expect(DisplayList(commands: [.clear(red), r]).damage(since: list([r])) == .all)
    }

    /// A line reaches a size above its top and three below, and half a size more each way for each mark stacked on one
    /// letter.
    @Test func textReachesFartherWithStackedMarks() {
        let plain = DrawCommand.text(
            "Harbour", x: 0, y: 100, size: 20, bold: false, color: red, centered: false, maxWidth: nil)
        #expect(plain.reach == .rows(80, 160))
        let thai = DrawCommand.text(
            "ก" + String(repeating: "\u{0E49}", count: 30) + "ป\u{0E35}", x: 0, y: 100, size: 20, bold: false,
            color: red, centered: false, maxWidth: nil)
        #expect(thai.reach == .rows(80 - 300, 160 + 300))
    }

    @Test func outputRowsGrowMergeAndStayInTheOutput() {
        // 960 × 700: the screen at half size, 80 rows of bars above it; two pixels more each way, rows closer than 16
        // merged.
        let letterbox = Letterbox(outputWidth: 960, outputHeight: 700)
        let damage = Damage.rows([-200...(-170), -30...3, 300...330, 345...360, 1070...1300])
        #expect(damage.outputRows(letterbox, height: 700) == [63..<84, 228..<262, 613..<700])
        #expect(Damage.all.outputRows(letterbox, height: 700) == nil)
        #expect(Damage.none.outputRows(letterbox, height: 700) == [])
    }

    /// Each area's columns grow as its rows do, those of rows merged together join, and text reaches every column.
    @Test func outputAreasKeepTheColumnsThatChanged() {
        let letterbox = Letterbox(outputWidth: 960, outputHeight: 700)
        let damage = areas(
            (-30...3, 100...200), (300...330, 1800...1900), (345...360, -50...40), (500...520, Damage.Area.everyColumn),
            (1070...1300, 3000...4000))
        #expect(
            damage.outputAreas(letterbox, width: 960, height: 700) == [
                OutputArea(rows: 63..<84, columns: 48..<102), OutputArea(rows: 228..<262, columns: 0..<952),
                OutputArea(rows: 328..<342, columns: 0..<960), OutputArea(rows: 613..<700, columns: 960..<960),
            ])
        #expect(damage.outputRows(letterbox, height: 700) == [63..<84, 228..<262, 328..<342, 613..<700])
        let text = DrawCommand.text(
            "Harbour", x: 0, y: 100, size: 20, bold: false, color: red, centered: true, maxWidth: nil)
        #expect(text.columns == nil)
        #expect(Damage.none.adding([text]) == areas((80...160, Damage.Area.everyColumn)))
        let shadow = DrawCommand.shadow(
            Rect(100, 100, 50, 50), radius: 8, blur: 10, offsetY: 6, opacity: 0.5, contents: nil)
        let m = max(10, SceneRenderer.liftedShadowBlur)
        #expect(shadow.columns?.span == (100 - m)...(150 + m))
        #expect(shadow.columns?.slack == 0)
        // A measured line, centred: its width, a size each way, and points and pixels more for its sizes and glyphs.
        let line = TextLine(
            text: "Harbour",
            runs: [TextRun(text: "Harbour", font: .dejaVuSans, script: "Latn", isRightToLeft: false, width: 70)],
            size: 20,
            bold: false, direction: .leftToRight)
        let centred = DrawCommand.textLine(line, x: 500, y: 100, anchor: .center, color: red)
        // A size, 1.75 points for the sizes and 7 for the glyphs each way; as many pixels and 2 more.
        #expect(centred.columns?.span == 436.25...563.75)
        #expect(centred.columns?.slack == 10.75)
        let shown = Damage.none.adding([centred]).outputAreas(letterbox, width: 960, height: 700)
        // 218.125...281.875 at half size, 10.75 pixels more each way, and the margin's 2.
        #expect(shown == [OutputArea(rows: 118..<162, columns: 205..<295)])
    }
}
