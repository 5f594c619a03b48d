import FocusEngine
import TenFootScene

/// What changed on the screen between two display lists, as bands of rows, each with the columns it changed in: a
/// window that kept the last frame's pixels draws only those rows again and shows only those areas
/// (`OffscreenCanvas.drawChanges(_:into:)`), and a frame where nothing moved costs nothing.
public enum Damage: Equatable, Sendable {
    /// Where to draw again, in screen points, top to bottom, no two rows overlapping or touching.
    case areas([Area])
    /// Everything (a clear of another colour, a blur, which reads back what is under it, a slanted line).
    case all

    /// Rows of the screen, and the columns in them where something changed (`-infinity...infinity`: any), with
    /// `slack` output pixels more on each side (text: its pixels are not its measured width).
    public struct Area: Equatable, Sendable {
        public var rows: ClosedRange<Double>
        public var columns: ClosedRange<Double>
        public var slack: Double

        public init(rows: ClosedRange<Double>, columns: ClosedRange<Double> = Area.everyColumn, slack: Double = 0) {
            self.rows = rows
            self.columns = columns
            self.slack = slack
        }

        public static let everyColumn = -Double.infinity...Double.infinity
    }

    public static let none = Damage.areas([])

    /// These rows, across every column.
    public static func rows(_ spans: [ClosedRange<Double>]) -> Damage {
        .areas(Damage.merged(spans.map { Area(rows: $0) }))
    }

    /// These areas and those `commands` reach.
    public func adding(_ commands: [DrawCommand]) -> Damage {
        guard case .areas(var areas) = self else { return self }
        for c in commands {
            switch c.reach {
            case .nothing: continue
            case .everything: return .all
            case .rows(let top, let bottom):
                guard top.isFinite, bottom.isFinite else { return .all }
                let columns = c.columns
                areas.append(
                    Area(
                        rows: min(top, bottom)...max(top, bottom), columns: columns?.span ?? Area.everyColumn,
                        slack: columns?.slack ?? 0))
            }
        }
        return .areas(Damage.merged(areas))
    }

    /// What changed in either (over two frames, one after the other: what changed from the first to the last).
    public func union(_ other: Damage) -> Damage {
        guard case .areas(let mine) = self, case .areas(let theirs) = other else { return .all }
        if mine.isEmpty { return other }
        if theirs.isEmpty { return self }
        return .areas(Damage.merged(mine + theirs))
    }

    /// Areas sorted by their rows and merged where those overlap, the columns of both kept.
    static func merged(_ areas: [Area]) -> [Area] {
        var merged: [Area] = []
        for a in areas.sorted(by: { $0.rows.lowerBound < $1.rows.lowerBound }) {
            if let last = merged.last, a.rows.lowerBound <= last.rows.upperBound {
                let left = min(last.columns.lowerBound, a.columns.lowerBound)
                let right = max(last.columns.upperBound, a.columns.upperBound)
                merged[merged.count - 1] = Area(
                    rows: last.rows.lowerBound...max(last.rows.upperBound, a.rows.upperBound), columns: left...right,
                    slack: max(last.slack, a.slack))
            } else {
                merged.append(a)
            }
        }
        return merged
    }

    /// The rows, in pixels of an output the screen sits in through `letterbox` (`height` rows), each grown by `margin`
    /// pixels and merged with any other within `gap` rows of it; nil for ``all``.
    public func outputRows(_ letterbox: Letterbox, height: Int32, margin: Double = 2, gap: Int32 = 16)
        -> [Range<Int32>]?
    {
        outputAreas(letterbox, width: 1, height: height, margin: margin, gap: gap)?.map(\.rows)
    }

    /// ``outputRows(_:height:margin:gap:)``, each with the columns of an output `width` pixels wide it changed in,
    /// grown by `margin` pixels too (those of rows merged together, from the leftmost to the rightmost).
    public func outputAreas(_ letterbox: Letterbox, width: Int32, height: Int32, margin: Double = 2, gap: Int32 = 16)
        -> [OutputArea]?
    {
        guard case .areas(let areas) = self else { return nil }
        func pixels(_ from: Double, _ to: Double, _ count: Int32) -> Range<Int32> {
            let low = from.isNaN ? 0 : max(0, min(Double(count), (from - margin).rounded(.down)))
            let high = to.isNaN ? Double(count) : max(0, min(Double(count), (to + margin).rounded(.up)))
            return Int32(low)..<Int32(max(low, high))
        }
        var out: [OutputArea] = []
        for area in areas {
            let top = letterbox.outputY(area.rows.lowerBound)
            let bottom = letterbox.outputY(area.rows.upperBound)
            guard top.isFinite, bottom.isFinite else { return nil }
            let rows = pixels(top, bottom, height)
            guard !rows.isEmpty else { continue }
            let columns = pixels(
                letterbox.outputX(area.columns.lowerBound) - area.slack,
                letterbox.outputX(area.columns.upperBound) + area.slack, width)
            if let last = out.last, rows.lowerBound <= last.rows.upperBound + gap {
                out[out.count - 1] = OutputArea(
                    rows: last.rows.lowerBound..<max(last.rows.upperBound, rows.upperBound),
                    columns: OutputArea.joined(last.columns, columns))
            } else {
                out.append(OutputArea(rows: rows, columns: columns))
            }
        }
        return out
    }
}

/// The label a picture that cannot be drawn shows over its rect: "missing: FILE", centred, its top `raise` points above
/// the rect's middle, fitted to the rect's width less `inset`.
public enum MissingPicture {
    public static let textSize = 23.0
    public static let raise = 14.0
    public static let inset = 10.0
}

/// Rows of an output, and the columns in them where something changed, in pixels.
public struct OutputArea: Equatable, Sendable {
    public var rows: Range<Int32>
    public var columns: Range<Int32>

    public init(rows: Range<Int32>, columns: Range<Int32>) {
        self.rows = rows
        self.columns = columns
    }

    /// From the leftmost of two ranges of columns to the rightmost (an empty one adds nothing).
    public static func joined(_ a: Range<Int32>, _ b: Range<Int32>) -> Range<Int32> {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}

extension DrawCommand {
    /// What drawing the command may change, whatever the state it is drawn in: nothing (a clip or an opacity, which
    /// change only what follows them), the rows of the screen it reaches, or every row.
    public var reach: Reach {
        switch self {
        case .clip, .alpha: return .nothing
        case .clear, .blur: return .everything
        case .rect(let r, _, _), .outline(let r, _, _, _), .artwork(let r, _, _, _, _), .icon(_, let r, _),
            .gradient(let r, _, _, _, _):
            return .rows(r.minY, r.maxY)
        case .image(let r, _, let picture):
            let (top, bottom) = DrawCommand.missingPicture(r, path: picture.path).rows
            return .rows(top, bottom)
        case .shadow(let r, _, let blur, let dy, _, _):
            // A picture's shadow is drawn with a margin of the lifted blur, at least a third of it, whatever its own.
            let m = max(2, blur, SceneRenderer.liftedShadowBlur)
            return .rows(r.minY - m + dy, r.maxY + m + dy)
        case .parallax(let item):
            var top = item.frame.minY
            var bottom = item.frame.maxY
            if case .picture(let picture) = item.content {
                (top, bottom) = DrawCommand.missingPicture(item.frame, path: picture.path).rows
            }
            for p in item.maskQuad where p.y.isFinite {
                top = min(top, p.y)
                bottom = max(bottom, p.y)
            }
            let at = Placement(dx: item.frame.minX, dy: item.frame.minY)
            for overlay in item.overlays {
                switch overlay.transformed(at).reach {
                case .nothing: continue
                case .everything: return .everything
                case .rows(let t, let b):
                    top = min(top, t)
                    bottom = max(bottom, b)
                }
            }
            return .rows(top, bottom)
        case .text(let text, _, let y, let size, _, _, _, _):
            return DrawCommand.textReach(text, top: y, size: size)
        case .textLine(let line, _, let y, _, _):
            return DrawCommand.textReach(line.text, top: y, size: line.size)
        case .line(let x1, let y1, let x2, let y2, let width, _):
            // A slanted line is drawn whole (bands cannot cut it), and so is the frame it is in. A line is `width`
            // pixels thick at any scale: as many points at the smallest.
            guard x1 == x2 || y1 == y2 else { return .everything }
            let w = max(1, width) / Letterbox.minimumScale
            return .rows(min(y1, y2) - w, max(y1, y2) + w)
        }
    }

    /// The columns of the screen drawing the command may change, within its ``reach``, and output pixels more on each
    /// side (`slack`); nil: any (a label, whose width the command does not carry, and what reaches nothing or
    /// everything).
    public var columns: (span: ClosedRange<Double>, slack: Double)? {
        switch self {
        case .clip, .alpha, .clear, .blur, .text: return nil
        case .rect(let r, _, _), .outline(let r, _, _, _), .artwork(let r, _, _, _, _), .icon(_, let r, _),
            .gradient(let r, _, _, _, _):
            return DrawCommand.span(r.minX, r.maxX)
        case .image(let r, _, let picture):
            let columns = DrawCommand.missingPicture(r, path: picture.path).columns
            return DrawCommand.span(columns.lowerBound, columns.upperBound, slack: 2)
        case .shadow(let r, _, let blur, _, _, _):
            let m = max(2, blur, SceneRenderer.liftedShadowBlur)
            return DrawCommand.span(r.minX - m, r.maxX + m)
        case .textLine(let line, let x, _, let anchor, _):
            // Measured at the size rounded to whole pixels (a point a pixel) and drawn at the output's size rounded
            // to whole pixels, the rasteriser keeping the anchor: each size is half a pixel off at most, so the line
            // is wider or narrower by up to half a point and half a pixel a size of its width; each glyph's advance
            // is rounded both times, up to half a point and half a pixel more (two glyphs a character, for scripts
            // whose vowels split). Glyphs stand out of their advances by up to a size, and emboldening adds a pixel
            // or two.
            guard line.size > 0, line.width >= 0 else { return nil }
            let left = anchor.left(x, width: line.width)
            let sizes = line.width / line.size / 2
            let glyphs = 2 * Double(line.text.unicodeScalars.count)
            let pad = line.size + sizes + glyphs / 2
            return DrawCommand.span(left - pad, left + line.width + pad, slack: sizes + glyphs / 2 + 2)
        case .parallax(let item):
            var left = item.frame.minX
            var right = item.frame.maxX
            var slack = 0.0
            if case .picture(let picture) = item.content {
                let columns = DrawCommand.missingPicture(item.frame, path: picture.path).columns
                (left, right, slack) = (columns.lowerBound, columns.upperBound, 2)
            }
            for p in item.maskQuad where p.x.isFinite {
                left = min(left, p.x)
                right = max(right, p.x)
            }
            let at = Placement(dx: item.frame.minX, dy: item.frame.minY)
            for overlay in item.overlays {
                let moved = overlay.transformed(at)
                guard moved.reach != .nothing else { continue }
                guard let c = moved.columns else { return nil }
                left = min(left, c.span.lowerBound)
                right = max(right, c.span.upperBound)
                slack = max(slack, c.slack)
            }
            return DrawCommand.span(left, right, slack: slack)
        case .line(let x1, _, let x2, _, let width, _):
            let w = max(1, width) / Letterbox.minimumScale
            return DrawCommand.span(min(x1, x2) - w, max(x1, x2) + w)
        }
    }

    /// `from...to` with `slack`, or nil (any column) when either is not a number or they are the wrong way round.
    static func span(_ from: Double, _ to: Double, slack: Double = 0) -> (span: ClosedRange<Double>, slack: Double)? {
        guard from.isFinite, to.isFinite, from <= to, slack.isFinite else { return nil }
        return (from...to, slack)
    }

    /// Where a picture in `r` may draw: its rect, and, when it cannot be drawn, the label that says so
    /// (``MissingPicture``), which reaches past a small picture's rect. The label's text is "missing: " and the file's
    /// name; the whole `path` stands for the name here (its marks reach at least as far).
    static func missingPicture(_ r: Rect, path: String) -> (rows: (Double, Double), columns: ClosedRange<Double>) {
        let size = MissingPicture.textSize
        var rows = (r.minY, r.maxY)
        if case .rows(let top, let bottom) = textReach(
            "missing: " + path, top: r.midY - MissingPicture.raise, size: size)
        {
            rows = (min(rows.0, top), max(rows.1, bottom))
        }
        // Fitted to the width it is given, or an ellipsis alone (narrower than two sizes), and a size each way for
        // glyphs that stand out of their advances.
        let half = max(r.width - MissingPicture.inset, 2 * size) / 2 + size
        return (rows, min(r.minX, r.midX - half)...max(r.maxX, r.midX + half))
    }

    /// A line of `text` whose top is `top`: descenders and a mark or two above or below stay within a size of the
    /// line; each mark stacked on one letter takes at most half a size more (30 Thai tone marks on a letter rise 8.4
    /// sizes above its baseline).
    static func textReach(_ text: String, top: Double, size: Double) -> Reach {
        var longest = 0
        var run = 0
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                run += 1
                longest = max(longest, run)
            default: run = 0
            }
        }
        let stack = Double(longest) / 2 * size
        return .rows(top - size - stack, top + 3 * size + stack)
    }

    /// See ``reach``.
    public enum Reach: Equatable, Sendable {
        case nothing
        case rows(Double, Double)
        case everything
    }
}

extension DisplayList {
    /// The rows that differ between `previous` drawn and this list drawn: every command not drawn alike in both (at
    /// its place in the pile, under the same clip and opacity), where it was and where it is. Rows no such command
    /// reaches meet the same commands in the same order in both frames, so they hold the same pixels.
    public func damage(since previous: DisplayList) -> Damage {
        /// A drawing command with the clip and opacity it is drawn under.
        struct Drawn: Equatable {
            var command: DrawCommand
            var clip: Rect?
            var alpha: Double
        }
        func drawn(_ list: DisplayList) -> [Drawn] {
            var clip: Rect?
            var alpha = 1.0
            var out: [Drawn] = []
            out.reserveCapacity(list.commands.count)
            for c in list.commands {
                switch c {
                case .clip(let r): clip = r
                case .alpha(let a): alpha = a
                default: out.append(Drawn(command: c, clip: clip, alpha: alpha))
                }
            }
            return out
        }
        // A blur spreads what changed under it over its radius, and a slanted line is drawn whole: so are their frames.
        func whole(_ list: DisplayList) -> Bool {
            list.commands.contains {
                switch $0 {
                case .blur, .line: return $0.reach == .everything
                default: return false
                }
            }
        }
        if whole(self) || whole(previous) { return .all }
        let old = drawn(previous)
        let new = drawn(self)
        var changed: [DrawCommand] = []
        if let kept = DisplayList.common(old, new) {
            // Commands of both frames drawn in the same order: the others changed.
            var (i, j) = (0, 0)
            for (ki, kj) in kept + [(old.count, new.count)] {
                changed += old[i..<ki].map(\.command) + new[j..<kj].map(\.command)
                (i, j) = (ki + 1, kj + 1)
            }
        } else {
            // Too far apart to line up: what lies between the longest common start and end changed.
            var start = 0
            while start < min(old.count, new.count), old[start] == new[start] { start += 1 }
            var end = 0
            while end < min(old.count, new.count) - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
                end += 1
            }
            changed = old[start..<old.count - end].map(\.command) + new[start..<new.count - end].map(\.command)
        }
        return Damage.none.adding(changed)
    }

    /// Most commands two frames may differ by and still be lined up (``common(_:_:)``).
    static let mostEdits = 400

    /// The longest common subsequence of `a` and `b`, as pairs of indices, in order (Myers' O((N + M)·D) search): the
    /// commands drawn in both frames in the same order. Nil when they differ by more than ``mostEdits`` commands, or
    /// lining them up would take more than `work` comparisons (by default 8 a command and 100,000: a list of 100,000
    /// commands with long runs alike could otherwise take 80 million).
    static func common<T: Equatable>(_ a: [T], _ b: [T], work: Int? = nil) -> [(Int, Int)]? {
        var budget = work ?? 8 * (a.count + b.count) + 100_000
        let (n, m) = (a.count, b.count)
        let limit = min(n + m, mostEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // The furthest x reached on each diagonal k before each round d, for k in −d…d.
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(v[offset - d...offset + d]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                    budget -= 1
                }
                budget -= 1
                if budget < 0 { return nil }
                v[offset + k] = x
                guard x >= n, y >= m else { continue }
                // Back from the end, round by round: each round's snake is a run of matches.
                var pairs: [(Int, Int)] = []
                var (px, py) = (n, m)
                for e in stride(from: d, through: 0, by: -1) {
                    let before = trace[e]
                    func at(_ k: Int) -> Int { before[k + e] }
                    let k = px - py
                    let down = k == -e || (k != e && at(k - 1) < at(k + 1))
                    let previousK = down ? k + 1 : k - 1
                    let startX = e == 0 ? 0 : at(previousK)
                    let startY = e == 0 ? 0 : startX - previousK
                    // The snake of this round starts where its single edit ended.
                    let snakeX = e == 0 ? 0 : (down ? startX : startX + 1)
                    while px > snakeX, py > (e == 0 ? 0 : (down ? startY + 1 : startY)) {
                        px -= 1
                        py -= 1
                        pairs.append((px, py))
                    }
                    (px, py) = (startX, startY)
                }
                return pairs.reversed()
            }
        }
        return nil
    }
}
