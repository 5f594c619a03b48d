import FocusEngine
import TenFootCore
import TenFootScene

/// Plays an input script on a simulator: each event at its tick (counted from where the script
/// started), the clock stepped exactly there, never the wall clock. The one player behind `expect`
/// blocks, `tenfoot path`, recordings and screenshots (and so F9 takes, which the recorder renders).
public struct ScriptPlayer: Sendable {
    /// What one event of the script did: its focus update, the route, and focus right after it.
    public struct Step: Sendable, Hashable {
        public var entry: InputScript.Entry
        public var update: FocusUpdate?
        public var route: Route
        /// The focused item right after the event (nil: nothing has focus).
        public var focus: String?
        /// The event left the app (Home, or Menu at the top level).
        public var exited: Bool
        /// A data action (`do …`) that changed nothing, and why.
        public var refused: String? = nil
        /// The field (or search) the event typed into or deleted from, and its text after it.
        public var typed: Typed? = nil
        /// The search's results after the event, when the event changed them.
        public var results: [String]? = nil
        /// The texts of the search's suggestions after the event, when the event changed them.
        public var suggestions: [String]? = nil
        /// Why the focus tree could not be built for the state the event led to (the event stopped there).
        public var failure: String? = nil
        /// What VoiceOver says after the event (``ScriptPlayer/speaks``): the focused item's announcement when
        /// focus moved or what it says changed (a toggle flipped), `""` when focus moved to nothing it can
        /// speak; nil when it says nothing new; past ``ScriptPlayer/spokenLimit`` characters, cut where it passes
        /// and the rest counted. Not in the trace line (`encode`): `path --json` adds it.
        public var spoken: String? = nil

        public struct Typed: Sendable, Hashable {
            public var field: String
            public var text: String
        }
    }

    public private(set) var sim: Simulator
    public let script: InputScript

    /// The most characters of an announcement a step shows: a label, value and hint of 4,000 characters each said
    /// again at each of 100,000 moves made `path --json` write 1.2 GB over 50 s. A thousand characters is more than
    /// a listener hears before moving on.
    public static let spokenLimit = 1_000

    /// `text`, or its first ``spokenLimit`` characters and how many more there are (counted as every limit counts
    /// them, in scalars: an "e" with 4,000 accents is one character to Swift).
    static func briefly(_ text: String) -> String {
        // No more bytes than the limit holds no more scalars.
        guard text.utf8.count > spokenLimit else { return text }
        let total = SceneLimits.length(text)
        guard total > spokenLimit else { return text }
        return SceneLimits.prefix(text, spokenLimit) + "… (\(total - spokenLimit) more characters)"
    }
    /// Whether each step says what VoiceOver speaks after it (``Step/spoken``); off by default (it walks the
    /// placed screen per event).
    public var speaks = false
    /// The simulator's tick when the script started: script ticks count from it.
    public let origin: Tick
    private var next = 0
    /// The simulator's ``Simulator/work`` when the script started.
    private let workAtStart: Int

    /// The most work a script may make (``Simulator/work``, in ``Simulator/WorkCost`` units of 0.3–0.7 µs): every data
    /// action, state change and swipe that scrolls passes over the whole screen, and a script may hold 200,000 events.
    /// At this boundary every kind of event measured ended within about 3 s in a release build on a two-core machine
    /// (docs/robustness.md): 700 data actions on a screen of 1,000 plain nodes, or 8 on 90,000 posters.
    public static let workBudget = 5_000_000
    /// This player's budget (``workBudget`` unless a host sets its own).
    public var workBudget = ScriptPlayer.workBudget
    /// Why the script stopped before its end, at the first event it did not play: its events had made more
    /// work than ``workBudget``. Nil while it plays on. Hosts report it as an error.
    public private(set) var stopped: Diagnostic?

    public init(simulator: Simulator, script: InputScript) {
        sim = simulator
        self.script = script
        origin = simulator.tick
        // The screen it starts on, laid out, counts too: on a huge screen of nested stacks that alone is most of the
        // budget, and one data action after it took 3.5 s.
        workAtStart = max(0, simulator.work - simulator.index.weight * Simulator.WorkCost.start)
    }

    /// True once every event has been sent, or the script stopped (``stopped``).
    public var isFinished: Bool { next == script.entries.count }

    /// Sends every event due at or before `tick` (counted from the start) at its own tick, then
    /// steps the clock to `tick`. Returns what each event did.
    /// `beforeEach` sees the simulator at each event's tick, just before the event is sent (`path
    /// --explain` explains the swipe from there).
    @discardableResult
    public mutating func advance(to tick: Tick, beforeEach: ((Simulator, InputScript.Entry) -> Void)? = nil) -> [Step] {
        let target = origin + tick
        var steps: [Step] = []
        let entries = script.entries
        while next < entries.count, origin + entries[next].tick <= target {
            let entry = entries[next]
            let work = sim.work - workAtStart
            if work > workBudget {
                stopped = Diagnostic(
                    file: script.file, at: SourceLocation(line: entry.line, column: entry.column),
                    "the script stops before this event: the \(next) events before it made \(work) units of work, more than the \(workBudget) a script may (ScriptPlayer.workBudget); on this screen of \(sim.index.nodes.count) nodes a data action makes \(sim.index.nodes.count * Simulator.WorkCost.walk + sim.index.weight * Simulator.WorkCost.start), a state change \(sim.index.weight * Simulator.WorkCost.build), a swipe that scrolls \(sim.index.weight * Simulator.WorkCost.scroll); split the script, or try it on a smaller screen"
                )
                next = entries.count
                break
            }
            if origin + entry.tick > sim.tick { sim.step(ticks: origin + entry.tick - sim.tick) }
            beforeEach?(sim, entry)
            let refusals = sim.data.refused
            let outputsBefore = sim.searchOutputs
            let focusBefore = sim.focused
            let spokenBefore = speaks ? sim.focused.flatMap { sim.countedAnnouncement(for: $0)?.text } : nil
            let update = sim.send(entry.event)
            let refused = sim.data.refused > refusals ? sim.data.lastRefusal : nil
            var step = Step(
                entry: entry, update: update, route: Route(update, exited: sim.navigation.exited), focus: sim.focused,
                exited: sim.navigation.exited, refused: refused)
            step.failure = sim.failure?.description
            if speaks {
                let spokenAfter = sim.focused.flatMap { sim.countedAnnouncement(for: $0)?.text }
                if sim.focused != focusBefore || spokenAfter != spokenBefore {
                    step.spoken = spokenAfter.map(Self.briefly) ?? ""
                }
            }
            if case .typed(let field, let text)? = sim.trace.entries.last?.note {
                step.typed = .init(field: field, text: text)
            }
            let outputsAfter = sim.searchOutputs
            if !SceneNode.sharesStorage(outputsBefore.results, outputsAfter.results) {
                let before = outputsBefore.results?.children.map(\.id) ?? []
                let after = sim.searchResults
                if after != before { step.results = after }
            }
            if !SceneNode.sharesStorage(outputsBefore.suggestions, outputsAfter.suggestions) {
                let before = outputsBefore.suggestions?.children.map { $0.title ?? "" } ?? []
                let after = sim.searchSuggestions
                if after != before { step.suggestions = after }
            }
            steps.append(step)
            next += 1
        }
        if target > sim.tick { sim.step(ticks: target - sim.tick) }
        return steps
    }

    /// Plays the rest of the script and steps to its end.
    @discardableResult
    public mutating func playToEnd(beforeEach: ((Simulator, InputScript.Entry) -> Void)? = nil) -> [Step] {
        advance(to: max(script.endTick, script.entries.last?.tick ?? 0), beforeEach: beforeEach)
    }
}

extension ScriptPlayer.Step: Encodable {
    enum Key: String, CodingKey { case move, focus, refused, field, text, results, suggestions, failure }

    /// The line `path --json` prints: `{"move": "right", "focus": "p2", "via": "direct"}` (the route's fields);
    /// after typing, `"field"` and its `"text"`; when a search's results changed, `"results"`, and when its
    /// suggestions changed, `"suggestions"` (their texts).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(entry.event.description, forKey: .move)
        try c.encode(focus ?? "(nothing)", forKey: .focus)
        try route.encode(to: encoder)
        if let refused { try c.encode(refused, forKey: .refused) }
        if let typed {
            try c.encode(typed.field, forKey: .field)
            try c.encode(typed.text, forKey: .text)
        }
        if let results { try c.encode(results, forKey: .results) }
        if let suggestions { try c.encode(suggestions, forKey: .suggestions) }
        if let failure { try c.encode(failure, forKey: .failure) }
    }
}

extension InputScript {
    /// Presses `gap` apart, the first at tick 0, ending one gap after the last (how `expect` blocks press).
    public init(presses: [RemoteEvent], gap: Tick) {
        self.init(
            entries: presses.enumerated().map { k, e in Entry(tick: k * gap, event: e, line: 1, column: k + 1) },
            endTick: presses.count * gap)
    }
}

extension Simulator {
    /// Plays a script from the current tick, ending at the script's end. Returns each event's update.
    @discardableResult
    public mutating func play(_ script: InputScript) -> [FocusUpdate?] {
        var player = ScriptPlayer(simulator: self, script: script)
        let steps = player.playToEnd()
        self = player.sim
        return steps.map(\.update)
    }
}
