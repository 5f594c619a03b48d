import FocusEngine
import TenFootCore
import TenFootScene

/// An input script: remote events on the simulator's clock. The grammar (DESIGN.md, Contracts):
///
///     right right down wait 500ms select menu     # several steps on a line
///     right*5                                     # repeats
///     hold right 2s                               # held: repeats like a held key or D-pad
///     hold select 1s                              # held select = long select
///     swipe left fast                             # a flick: momentum carries focus several items
///     type "hello"   touch 0.5 -0.2   release   crown 2
///     @1234 right                                 # at an exact tick (saved live sessions)
///     @1300 do remove p3                          # a data action (InputScript+Data.swift)
///     from "m2"                                   # first: the focus the script starts at (saved sessions, takes)
///
/// Each step takes the gap (0.4 s by default) unless the line fixes its tick; `wait` adds time.
public struct InputScript: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var tick: Tick
        public var event: RemoteEvent
        public var line: Int
        public var column: Int
        /// Part of the gesture the entry before it started: a held button's repeats, a flick's later moves.
        public var continuesGesture: Bool

        public init(tick: Tick, event: RemoteEvent, line: Int, column: Int, continuesGesture: Bool = false) {
            self.tick = tick
            self.event = event
            self.line = line
            self.column = column
            self.continuesGesture = continuesGesture
        }
    }

    public var entries: [Entry]
    /// The tick after the last step (and its gap, or the last wait): where a recording can end.
    public var endTick: Tick
    /// `from ID`: the item focused when the script starts (a saved session or take starts where the
    /// window was); nil starts at the scene's initial focus. A command's `--from` overrides it.
    public var from: String?
    /// Where the `from` line names its item, `FILE:LINE:COLUMN` (an unknown item is reported there).
    public var fromPlace: String?
    /// The file the script was read from, as the user named it (or a stand-in such as `--moves`): where a
    /// problem met while playing it is reported.
    public var file = "<script>"

    /// Events at their ticks, in order.
    public init(entries: [Entry], endTick: Tick, from: String? = nil) {
        self.entries = entries
        self.endTick = endTick
        self.from = from
    }

    /// The script re-timed for a viewer (`--preset presentation`): each press at least `gap` after the press before
    /// it, everything after it moved as much, so waits keep their lengths and the end moves with the last step.
    /// A held button's repeats and a flick's later moves keep their spacing: they are one gesture.
    public func paced(minimumGap gap: Tick) -> InputScript {
        var out = self
        var shift = 0
        var lastPress: Tick?
        for k in entries.indices {
            var t = entries[k].tick + shift
            if entries[k].event.isPress {
                if let last = lastPress, !entries[k].continuesGesture, t - last < gap {
                    shift += gap - (t - last)
                    t = last + gap
                }
                lastPress = t
            }
            out.entries[k].tick = t
        }
        out.endTick = max(endTick + shift, (lastPress ?? 0) + gap)
        return out
    }

    /// The text form with ticks, one event a line: what live sessions save and replay exactly.
    public var timedText: String {
        let lines =
            (from.map { ["from \(RemoteEvent.quote($0))"] } ?? []) + entries.map { "@\($0.tick) \($0.event)" } + [
                "@\(endTick) # end"
            ]
        return lines.joined(separator: "\n") + "\n"
    }

}

/// Timings of held input and flicks: the one place these numbers live. Scripts use them as they are;
/// live input (TenFootInput) starts from them and a mapping file may override them (docs/input.md).
public enum RepeatTiming {
    /// A held direction first repeats after this long…
    public static let initialDelay: Tick = Clock.ticks(seconds: 0.4)
    /// …then every `interval`, shrinking by `acceleration` each time down to `fastest` (tvOS fast scrolling),
    public static let interval: Tick = Clock.ticks(seconds: 0.15)
    public static let acceleration = 0.85
    /// never faster than this, so focus cannot outrun rendering.
    public static let fastest: Tick = Clock.ticks(seconds: 0.05)
    /// Holding select this long is a long press.
    public static let longPress: Tick = Clock.ticks(seconds: 0.5)
    /// Holding Menu this long goes Home.
    public static let menuHoldHome: Tick = Clock.ticks(seconds: 1.0)
    /// A fast flick moves this many more items after the first, decelerating: the gaps between the moves.
    /// (`swipe X fast` in scripts, and the strongest mouse flick; weaker flicks use the last few gaps.)
    public static let flickGaps: [Tick] = [
        Clock.ticks(seconds: 0.06), Clock.ticks(seconds: 0.09), Clock.ticks(seconds: 0.13), Clock.ticks(seconds: 0.19),
    ]

    /// A drag's speed at release is measured over its last this-long (mouse flicks → momentum).
    public static let flickWindow: Tick = Clock.ticks(seconds: 0.1)

    /// The ticks (relative to the press) at which a direction held for `duration` moves focus.
    public static func repeats(holding duration: Tick) -> [Tick] { RepeatSchedule.standard.offsets(holding: duration) }
}

public enum InputScriptParser {
    /// The default gap between steps (DESIGN.md: 0.4 s, so frame counts are predictable).
    public static let defaultGap: Tick = Clock.ticks(seconds: 0.4)
    /// Repeats beyond this are refused (a typo like right*100000 must not hang a recording).
    public static let maxRepeat = 1000
    /// A script is at most an hour long: no duration, `@` tick or end beyond it. (So no tick of a
    /// script comes near `Int.max`, and a recording of one ends.)
    public static let maxDuration: Tick = Clock.ticks(seconds: 3600)
    /// The longest script text, in bytes (a saved hour of busy live input is about 2 MB).
    public static let maxBytes = 16 << 20
    /// The longest `type` text, in characters (the scene format's limit on text).
    public static let maxTextLength = SceneLimits.maxTextLength
    /// The most events a script holds: an hour of live input at the remote's busiest is under 100,000 (a saved
    /// session writes one a line); 2.7 million `@0 up` lines in 16 MB took 13 s and 1.6 GB to play.
    public static let maxEvents = 200_000

    /// The script in `text`, or the first place it does not parse (where, and what was expected);
    /// `file` names the text in that diagnostic.
    public static func parse(_ text: String, gap: Tick = defaultGap, file: String = "<script>") throws(Diagnostic)
        -> InputScript
    {
        guard text.utf8.count <= maxBytes else {
            throw Diagnostic(file: file, at: .start, "the script is larger than the limit of \(byteCount(maxBytes))")
        }
        guard (0...maxDuration).contains(gap) else {
            throw Diagnostic(
                file: file, at: .start, "the gap between steps must be from 0 to an hour, got \(gap) ticks")
        }
        var entries: [InputScript.Entry] = []
        var now: Tick = 0
        var from: String?
        var fromPlace: String?
        // A byte order mark is allowed at the start, as in every file TenFoot reads.
        var tokens = Tokenizer(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        func fail(_ t: Token?, _ m: String) -> Diagnostic {
            Diagnostic(
                file: file, at: SourceLocation(line: t?.line ?? tokens.line, column: t?.column ?? tokens.column), m)
        }
        func add(_ e: RemoteEvent, _ t: Token, at tick: Tick, continuing: Bool = false) {
            entries.append(.init(tick: tick, event: e, line: t.line, column: t.column, continuesGesture: continuing))
        }
        /// Moves the clock on by `ticks` (each at most an hour), refusing to pass the hour at `tok`.
        func moveClock(by ticks: Tick, _ tok: Token) throws(Diagnostic) {
            guard ticks <= maxDuration - now else {
                throw fail(
                    tok, "the script runs past an hour here (@\(now) + \(ticks) ticks; the limit is @\(maxDuration))")
            }
            now += ticks
        }

        /// Refuses the script once it holds more than `maxEvents`, at the step that passed it.
        func checkCount(_ tok: Token) throws(Diagnostic) {
            guard entries.count <= maxEvents else {
                throw fail(tok, "the script holds more than \(maxEvents) events here; split it")
            }
        }
        while let tok = try tokens.next(file) {
            guard tok.text.hasPrefix("@"), !tok.quoted else {
                try step(tok, timed: false)
                try checkCount(tok)
                continue
            }
            guard let t = Int(tok.text.dropFirst()), t >= 0 else {
                throw fail(tok, "expected a tick after '@', like @1200, got \(quoted(tok.text))")
            }
            guard t <= maxDuration else {
                throw fail(tok, "tick @\(t) is past an hour, the longest a script may run (@\(maxDuration))")
            }
            guard t >= now else { throw fail(tok, "tick @\(t) is earlier than the previous step (@\(now))") }
            now = t
            // `@N` alone on its line (or before a comment) only marks the time: the end of a session.
            if let line = tokens.peekLine(), line == tok.line, let next = try tokens.next(file) {
                try step(next, timed: true)
                try checkCount(next)
            }
        }
        var script = InputScript(entries: entries, endTick: now, from: from)
        script.fromPlace = fromPlace
        script.file = file
        return script

        // One step starting at `now`; advances `now`.
        func step(_ tok: Token, timed: Bool) throws(Diagnostic) {
            if tok.text == "from", !tok.quoted {
                guard from == nil else { throw fail(tok, "from appears twice; a script starts at one item") }
                guard entries.isEmpty, now == 0, !timed else {
                    throw fail(tok, "from comes first, before any step: it says where the script starts")
                }
                guard let id = try tokens.next(file), !id.text.isEmpty, id.line == tok.line else {
                    throw fail(tok, "expected an item id after from, like from \"m2\"")
                }
                guard SceneLimits.length(id.text) <= maxTextLength else {
                    throw fail(
                        id,
                        "the id after from is \(SceneLimits.length(id.text)) characters long; the limit is \(maxTextLength)"
                    )
                }
                from = id.text
                fromPlace = "\(file):\(id.line):\(id.column)"
                return
            }
            let advance = timed ? 0 : gap
            var name = tok.text
            var count = 1
            if let star = name.firstIndex(of: "*") {
                guard let n = Int(name[name.index(after: star)...]), n >= 1, n <= maxRepeat else {
                    throw fail(
                        tok,
                        "expected a count from 1 to \(maxRepeat) after '*', got \(quoted(name[name.index(after: star)...], quote: ""))"
                    )
                }
                count = n
                name = String(name[..<star])
            }
            switch name {
            case "wait":
                let d = try duration(try tokens.next(file), after: tok)
                try moveClock(by: d, tok)
            case "hold":
                guard let what = try tokens.next(file) else {
                    throw fail(tok, "expected an event after hold, like hold right 2s")
                }
                let d = try duration(try tokens.next(file), after: what)
                switch what.text {
                case "select":
                    add(d >= RepeatTiming.longPress ? .longSelect : .select, what, at: now)
                case "menu":
                    add(d >= RepeatTiming.menuHoldHome ? .home : .menu, what, at: now)
                case _ where RemoteEvent(buttonName: what.text)?.repeatsWhileHeld == true:
                    let e = RemoteEvent(buttonName: what.text)!
                    for (k, r) in RepeatTiming.repeats(holding: d).enumerated() {
                        add(e, what, at: now + r, continuing: k > 0)
                    }
                default:
                    throw fail(what, "hold takes a direction, select or menu; got \(quoted(what.text, quote: ""))")
                }
                try moveClock(by: d, what)
                try moveClock(by: advance, what)
            case "swipe":
                guard let dirTok = try tokens.next(file), let dir = Direction(rawValue: dirTok.text) else {
                    throw fail(tok, "expected a direction after swipe (up, down, left, right)")
                }
                var speed = "slow"
                if let peek = tokens.peek(), peek == "slow" || peek == "fast" { speed = try tokens.next(file)!.text }
                add(.swipe(dir), dirTok, at: now)
                if speed == "fast" {
                    for g in RepeatTiming.flickGaps {
                        try moveClock(by: g, dirTok)
                        add(.swipe(dir), dirTok, at: now, continuing: true)
                    }
                }
                try moveClock(by: advance, dirTok)
            case "type":
                guard let s = try tokens.next(file), s.quoted else {
                    throw fail(tok, "expected a quoted text after type, like type \"hello\"")
                }
                guard SceneLimits.length(s.text) <= maxTextLength else {
                    throw fail(
                        s,
                        "the text to type is \(SceneLimits.length(s.text)) characters long; the limit is \(maxTextLength)"
                    )
                }
                add(.text(s.text), tok, at: now)
                try moveClock(by: advance, tok)
            case "submit":
                add(.submit, tok, at: now)
                try moveClock(by: advance, tok)
            case "delete":
                // Backspace N times: `delete 3` removes the last three characters of the field being edited.
                guard let nTok = try tokens.next(file), let n = Int(nTok.text), n >= 1, n <= SceneLimits.maxTextLength
                else {
                    throw fail(tok, "expected a count after delete, like delete 3 (1 to \(SceneLimits.maxTextLength))")
                }
                add(.delete(n), tok, at: now)
                try moveClock(by: advance, tok)
            case "touch":
                let x = try number(try tokens.next(file), after: tok)
                let y = try number(try tokens.next(file), after: tok)
                guard abs(x) <= 1, abs(y) <= 1 else {
                    throw fail(
                        tok, "touch coordinates run from -1 to 1, got \(JSON.exactFormat(x)) \(JSON.exactFormat(y))")
                }
                add(.touch(x, y), tok, at: now)
                try moveClock(by: timed ? 0 : Clock.ticks(seconds: 0.05), tok)
            case "do":
                add(.data(try dataAction(&tokens, after: tok, file: file)), tok, at: now)
                try moveClock(by: advance, tok)
            case "crown":
                let n = try number(try tokens.next(file), after: tok)
                guard n == n.rounded(), abs(n) <= 100 else {
                    throw fail(tok, "crown takes a whole number of detents (-100…100)")
                }
                add(.crown(Int(n)), tok, at: now)
                try moveClock(by: advance, tok)
            default:
                guard let e = RemoteEvent(name: name) else {
                    let hint =
                        didYouMean(
                            name,
                            RemoteEvent.buttonNames + [
                                "wait", "hold", "swipe", "type", "delete", "submit", "touch", "crown", "release", "do",
                                "from",
                            ]
                        ).map { "; did you mean \($0)?" } ?? ""
                    throw fail(tok, "unknown step \(quoted(name))\(hint)")
                }
                for _ in 0..<count {
                    add(e, tok, at: now)
                    if timed { break }
                    try moveClock(by: advance, tok)
                }
            }
        }

        func duration(_ t: Token?, after: Token) throws(Diagnostic) -> Tick {
            guard let t else { throw fail(after, "expected a duration like 500ms or 2s") }
            let s = t.text
            var value: Double?
            if s.hasSuffix("ms") {
                value = decimal(s.dropLast(2)).map { $0 / 1000 }
            } else if s.hasSuffix("s") {
                value = decimal(s.dropLast())
            }
            guard let v = value, v >= 0, v.isFinite else {
                throw fail(t, "expected a duration like 500ms or 2s, got \(quoted(s, quote: ""))")
            }
            // Compared in seconds: a huge duration (1e300s) must not reach the conversion to ticks.
            guard v <= Clock.seconds(maxDuration) else {
                throw fail(t, "duration \(quoted(s, quote: "")) is longer than an hour")
            }
            return Clock.ticks(seconds: v)
        }

        /// A number as scripts write it, in decimal (`0.5`, `-1`, `2e3`): Swift's reading also takes `0x10`, `nan`
        /// and `inf`, which a script never means.
        func decimal(_ text: Substring) -> Double? {
            var digits = false
            var ok = true
            var seenPoint = false
            var seenExponent = false
            var previous: Character?
            for c in text {
                switch c {
                case "0"..."9": digits = true
                case "+", "-": ok = previous == nil || previous == "e" || previous == "E"
                case ".":
                    ok = !seenPoint && !seenExponent
                    seenPoint = true
                case "e", "E":
                    ok = digits && !seenExponent
                    seenExponent = true
                default: ok = false
                }
                if !ok { return nil }
                previous = c
            }
            guard digits, let last = previous, last.isNumber || last == "." else { return nil }
            return Double(text)
        }

        func number(_ t: Token?, after: Token) throws(Diagnostic) -> Double {
            guard let t, let v = decimal(t.text[...]), v.isFinite else {
                throw fail(t ?? after, "expected a number\(t.map { ", got \(quoted($0.text, quote: ""))" } ?? "")")
            }
            return v
        }
    }

    struct Token {
        var text: String
        var line: Int
        var column: Int
        var quoted: Bool
    }

    /// Splits a script into words and quoted strings, skipping comments; tracks line and column.
    struct Tokenizer {
        let chars: [Character]
        var i = 0
        var line = 1
        var column = 1

        init(_ text: String) { chars = Array(text) }

        mutating func advance() {
            // A line ends at any line break: "\r\n" is one Character, not equal to "\n".
            if chars[i].isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }

        mutating func skipSpace() {
            while i < chars.count {
                if chars[i] == "#" {
                    // `@1234 # end` marks the end of a saved session.
                    while i < chars.count, !chars[i].isNewline { advance() }
                } else if chars[i].isWhitespace || chars[i] == "," {
                    advance()
                } else {
                    return
                }
            }
        }

        /// The line of the next token, if any.
        func peekLine() -> Int? {
            var copy = self
            copy.skipSpace()
            return copy.i < copy.chars.count ? copy.line : nil
        }

        /// A word ends at a space, at `,` (steps may be separated by commas) or at `#` (a comment).
        static func endsWord(_ c: Character) -> Bool { c.isWhitespace || c == "," || c == "#" }

        /// The next word, without taking it.
        func peek() -> String? {
            var copy = self
            copy.skipSpace()
            guard copy.i < copy.chars.count else { return nil }
            var s = ""
            while copy.i < copy.chars.count, !Self.endsWord(copy.chars[copy.i]) {
                s.append(copy.chars[copy.i])
                copy.i += 1
            }
            return s
        }

        mutating func next(_ file: String) throws(Diagnostic) -> Token? {
            skipSpace()
            guard i < chars.count else { return nil }
            let l = line
            let c = column
            if chars[i] == "\"" {
                let unterminated = Diagnostic(
                    file: file, at: SourceLocation(line: l, column: c), "unterminated text: expected a closing \"")
                advance()
                var s = ""
                // A text ends on its line, escaped line break or not: the timed form a session is
                // saved in writes texts on one line, and must read back.
                while i < chars.count, chars[i] != "\"" {
                    if chars[i] == "\\", i + 1 < chars.count { advance() }
                    if chars[i].isNewline { throw unterminated }
                    s.append(chars[i])
                    advance()
                }
                guard i < chars.count else { throw unterminated }
                advance()
                return Token(text: s, line: l, column: c, quoted: true)
            }
            var s = ""
            while i < chars.count, !Self.endsWord(chars[i]) {
                s.append(chars[i])
                advance()
            }
            return Token(text: s, line: l, column: c, quoted: false)
        }
    }
}
