import FocusEngine
import TenFootPresentation
import TenFootScene
import TenFootSim

/// `tenfoot stress` (issue 18): seeded random remote events interleaved with random data actions
/// (removing the focused item, disabling and hiding its containers, reloading, inserting before
/// focus, moving it), with cheap invariants checked after every step. On a violation the sequence is
/// shrunk to a minimal input script that reproduces it. Everything is a function of the scene and the
/// seed: the same seed gives the same steps, trace and result in every process.
public struct StressRun: Sendable {
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// The invariant's short name (`eligible`, `lost`, `visible`, `restore`, `remembered`, `stable`).
        public var invariant: String
        public var message: String
        public var description: String { "\(invariant): \(message)" }
    }

    /// What a run found: the steps taken, and the first violation with its minimal script.
    public struct Outcome: Sendable {
        public var steps: Int
        public var remoteEvents: Int
        public var dataActions: Int
        /// Data actions that changed nothing (an id already removed, the node limit…).
        public var refused: Int
        /// Steps after which focus was on nothing (allowed only when the layer had nothing focusable).
        public var focusLost: Int
        public var violation: Violation?
        /// The step (0-based) whose result broke the invariant, in the original run.
        public var failingStep: Int?
        /// The shrunk steps that still break the same invariant.
        public var minimal: [RemoteEvent]
        /// An FNV-1a hash of every step's event and resulting focus: equal across processes for one seed.
        public var traceHash: UInt64
        /// `shouldStop` said stop (Ctrl-C): the run ended early, or its shrinking did (the minimal script is
        /// then the smallest found so far, which still breaks the invariant).
        public var interrupted = false
        /// The steps' work reached ``StressRun/workBudget`` before all were taken: the run ended there.
        public var budgetReached = false
        /// The work the steps made, in ``Simulator/WorkCost`` units.
        public var work = 0
    }

    /// The most steps shrinking replays in all (each replay starts from the scene's start): a violation found
    /// after millions of steps shrinks within this, not within thousands of replays of millions of steps.
    public static let shrinkStepBudget = 4_000_000

    /// The gap between steps (script time): the default script gap, so the minimal script replays exactly.
    public static let gap: Tick = InputScriptParser.defaultGap

    public let start: Simulator
    public var seed: UInt64
    /// An extra invariant (tests use it to check shrinking on a chosen failure); nil: none.
    package var extra: (@Sendable (Simulator) -> String?)?
    /// Asked every few steps (of the run and of shrinking): true stops the run there (Ctrl-C).
    public var shouldStop: (@Sendable () -> Bool)?
    /// Told the steps taken so far, every 1,024 steps (a progress line).
    public var progress: (@Sendable (Int) -> Void)?
    /// The most work the steps of a run may make (``Simulator/work``, counted as a script's): a step that starts
    /// past it is not taken. Half a script's budget: a step also pays for its checks and its trace, and on a
    /// screen of 100,000 nodes each data action took about a second, so that a default run took 25 s (release,
    /// load 2). Shrinking replays within four times as much.
    public static let defaultWorkBudget = ScriptPlayer.workBudget / 2
    public var workBudget = defaultWorkBudget

    public init(simulator: Simulator, seed: UInt64) {
        var s = simulator
        s.traceLimit = 64  // a million steps keep flat memory
        start = s
        self.seed = seed
    }

    // MARK: Running

    /// Runs `events` steps, stopping at the first violation, then shrinks it.
    public func run(events: Int, shrinkBudget: Int = 4_000) -> Outcome {
        var sim = start
        var rng = SplitMix64(seed: seed)
        var chooser = Chooser(scene: start.scene)
        var outcome = Outcome(
            steps: 0, remoteEvents: 0, dataActions: 0, refused: 0, focusLost: 0, violation: nil, failingStep: nil,
            minimal: [], traceHash: 0xcbf2_9ce4_8422_2325)
        var taken: [RemoteEvent] = []
        for k in 0..<events {
            if sim.work - start.work >= workBudget {
                outcome.budgetReached = true
                break
            }
            if k % 64 == 0, k > 0 {
                if k % 1024 == 0 { progress?(k) }
                if shouldStop?() == true {
                    outcome.interrupted = true
                    break
                }
            }
            let event = chooser.next(&rng, sim)
            taken.append(event)
            let refusedBefore = sim.data.refused
            if let v = Self.step(&sim, event, extra: extra) {
                outcome.violation = v
                outcome.failingStep = k
                outcome.steps = k + 1
                break
            }
            if case .data = event {
                outcome.dataActions += 1
                if sim.data.refused > refusedBefore { outcome.refused += 1 }
            } else {
                outcome.remoteEvents += 1
            }
            if sim.focused == nil { outcome.focusLost += 1 }
            outcome.steps = k + 1
            outcome.work = sim.work - start.work
            outcome.traceHash = fnv(outcome.traceHash, "\(event) \(sim.focused ?? "-")\n")
            // Memory stays flat over a million steps: only a violation needs the steps, and the
            // run is replayed from the seed to get them back (see `replaySteps`).
            if taken.count > 100_000 { taken.removeAll(keepingCapacity: true) }
        }
        if let v = outcome.violation, let k = outcome.failingStep {
            let steps = taken.count == k + 1 ? taken : Self.replaySteps(start: start, seed: seed, count: k + 1)
            var stopped = false
            outcome.minimal = shrink(steps, same: v.invariant, budget: shrinkBudget, stopped: &stopped)
            outcome.interrupted = stopped
        }
        return outcome
    }

    /// The first `count` steps a run with this seed takes (the chooser depends only on the seed and
    /// the simulator, so replaying gives the same steps).
    package static func replaySteps(start: Simulator, seed: UInt64, count: Int) -> [RemoteEvent] {
        var sim = start
        var rng = SplitMix64(seed: seed)
        var chooser = Chooser(scene: start.scene)
        var out: [RemoteEvent] = []
        for _ in 0..<count {
            let e = chooser.next(&rng, sim)
            out.append(e)
            sim.step(ticks: gap)
            sim.send(e)
        }
        return out
    }

    /// One step: the clock moves a gap, the event is sent, the invariants are checked.
    static func step(_ sim: inout Simulator, _ event: RemoteEvent, extra: (@Sendable (Simulator) -> String?)?)
        -> Violation?
    {
        let focusBefore = sim.focused
        var affectsFocus = true
        if case .data(let a) = event { affectsFocus = sim.dataActionMayTakeFocus(a) }
        sim.step(ticks: gap)
        sim.send(event)
        if let v = sim.checkInvariants() { return v }
        // An insert or move may still push the focused item out of a screen that does not scroll (it
        // is then not visible, so it cannot keep focus: docs/focus-engine.md "What is visible").
        if case .data = event, !affectsFocus, let f = focusBefore, sim.focused != f, sim.system.tree.isFocusable(id: f)
        {
            return Violation(
                invariant: "stable",
                message:
                    "\"\(event)\" neither removed, hid nor disabled the focused item or a container of it, yet focus moved from \"\(f)\" to \(sim.focused.map { "\"\($0)\"" } ?? "nothing")"
            )
        }
        if let extra, let m = extra(sim) { return Violation(invariant: "extra", message: m) }
        return nil
    }

    /// Replays `steps` from the start; the first violation, if any.
    package func replay(_ steps: [RemoteEvent]) -> Violation? {
        var work = 0
        return replay(steps, work: &work)
    }

    /// Replays `steps` from the start, adding the work they made to `work`; the first violation, if any.
    func replay(_ steps: [RemoteEvent], work: inout Int) -> Violation? {
        var sim = start
        defer { work += sim.work - start.work }
        for e in steps { if let v = Self.step(&sim, e, extra: extra) { return v } }
        return nil
    }

    /// Delta debugging (Zeller's ddmin, complement removal): the smallest subsequence found within the
    /// budget of replays that still breaks the same invariant. Each replay starts from the scene's start.
    /// Stops early, with the smallest found so far, past `shrinkStepBudget` replayed steps, past four times
    /// ``workBudget`` of replayed work, or when `shouldStop` says so (`stopped` is then set).
    func shrink(_ steps: [RemoteEvent], same invariant: String, budget: Int, stopped: inout Bool) -> [RemoteEvent] {
        var current = steps
        var replays = 0
        var replayed = 0
        var work = 0
        var stop = false
        func fails(_ s: [RemoteEvent]) -> Bool {
            replays += 1
            replayed += s.count
            if replayed > Self.shrinkStepBudget || work > 4 * workBudget { replays = budget }
            if shouldStop?() == true {
                stop = true
                replays = budget
                return false
            }
            return replay(s, work: &work)?.invariant == invariant
        }
        defer { stopped = stop }
        var n = 2
        while current.count >= 2, replays < budget {
            let chunk = (current.count + n - 1) / n
            var reduced = false
            var start = 0
            while start < current.count, replays < budget {
                let end = min(current.count, start + chunk)
                let candidate = Array(current[..<start] + current[end...])
                if !candidate.isEmpty, fails(candidate) {
                    current = candidate
                    n = max(n - 1, 2)
                    reduced = true
                    break
                }
                start = end
            }
            if !reduced {
                if n >= current.count { break }
                n = min(current.count, n * 2)
            }
        }
        // A last pass: each single step out, while it still fails.
        var k = 0
        while k < current.count, replays < budget {
            var candidate = current
            candidate.remove(at: k)
            if !candidate.isEmpty, fails(candidate) { current = candidate } else { k += 1 }
        }
        return current
    }

    /// The minimal script's text: one step a line at its tick, replayable with `tenfoot path` and `record --script`.
    public static func scriptText(_ steps: [RemoteEvent], header: [String]) -> String {
        var lines = header.map { "# " + $0 }
        for (k, e) in steps.enumerated() { lines.append("@\((k + 1) * gap) \(e)") }
        lines.append("@\((steps.count + 1) * gap) # end")
        return lines.joined(separator: "\n") + "\n"
    }
}

func fnv(_ h: UInt64, _ s: String) -> UInt64 {
    var h = h
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return h
}

extension Simulator {
    /// True when the action removes, hides, disables or reloads the focused item or a container of it
    /// (only then may focus move: invariant `stable`).
    func dataActionMayTakeFocus(_ a: DataAction) -> Bool {
        guard let f = system.focused, let n = system.tree.node(f) else { return true }
        func holdsFocus(_ id: String) -> Bool {
            guard let t = system.tree.node(id) else {
                return path(of: id).flatMap { p in path(of: f).map { p.isPrefix(of: $0) } } ?? false
            }
            return t == n || system.tree.isAncestor(t, of: n)
        }
        switch a {
        case .disable(let id), .hide(let id), .remove(let id), .reload(let id, _): return holdsFocus(id)
        case .replaceChildren(let id, let ids):
            return holdsFocus(id) && !ids.contains(f)
        case .enable, .show, .insert, .move: return false
        }
    }

    /// The stress invariants, each O(depth of the focused item) but `lost`, which walks the layer only
    /// when focus is on nothing. Nil when all hold.
    package func checkInvariants() -> StressRun.Violation? {
        let tree = system.tree
        let front = tree.layerRoots.count - 1
        if let f = system.focused {
            guard let n = tree.node(f) else {
                return .init(invariant: "eligible", message: "focus is on \"\(f)\", which is not in the focus tree")
            }
            guard tree.isFocusable(n) else {
                return .init(
                    invariant: "eligible",
                    message: "focus is on \"\(f)\", which cannot take focus: "
                        + (tree.checkFocusability(f) ?? []).map(\.description).joined(separator: "; "))
            }
            guard tree.layer(of: n) == front else {
                return .init(
                    invariant: "eligible", message: "focus is on \"\(f)\", which is not in the front-most layer")
            }
            // Inside every scrolling container, along its axis, once scrolling has settled (the
            // offsets are the targets; nothing scrolls under a sheet).
            if presentation.presented.isEmpty {
                let fr = tree.frames[n]
                for a in tree.ancestors(n) where !tree.scrollAxes(a).isEmpty {
                    let c = tree.frames[a]
                    let axes = tree.scrollAxes(a)
                    let h = axes.contains(.horizontal)
                    let v = axes.contains(.vertical)
                    if h, fr.width <= c.width, fr.minX < c.minX - 0.5 || fr.maxX > c.maxX + 0.5 {
                        return .init(
                            invariant: "visible",
                            message: "\"\(f)\" at \(fr) lies outside its scrolling container \"\(tree.ids[a])\" at \(c)"
                        )
                    }
                    if v, fr.height <= c.height, fr.minY < c.minY - 0.5 || fr.maxY > c.maxY + 0.5 {
                        return .init(
                            invariant: "visible",
                            message: "\"\(f)\" at \(fr) lies outside its scrolling container \"\(tree.ids[a])\" at \(c)"
                        )
                    }
                }
            }
        } else if let root = tree.activeLayerRoot, let item = tree.descendants(root).first(where: tree.isFocusable) {
            return .init(
                invariant: "lost",
                message: "focus is on nothing while \"\(tree.ids[item])\" in the front-most layer can take focus")
        }
        for (layer, id) in system.state.restoreOnDismiss.sorted(by: { $0.key < $1.key }) where index.nodes[id] == nil {
            return .init(
                invariant: "restore",
                message: "dismissing \"\(layer)\" would restore focus to \"\(id)\", which was removed")
        }
        for (c, m) in system.state.remembered.sorted(by: { $0.key < $1.key })
        where index.nodes[c] != nil && index.nodes[m.id] == nil {
            return .init(invariant: "remembered", message: "\"\(c)\" remembers \"\(m.id)\", which was removed")
        }
        return nil
    }
}
