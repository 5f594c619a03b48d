import FocusEngine
import TenFootCore
import TenFootScene

extension Simulator {
    /// What outlives one screen: the clock, the trace, what the host set up (scene loader, debug
    /// explanations), the finger on the touch surface and the screens to go back to. `open` and
    /// Menu swap the screen and carry this whole, so no field is forgotten on the way back.
    struct Session: Sendable {
        var tick: Tick = 0
        var trace = Trace()
        var sceneLoader: SceneLoader?
        var sceneLoaderReadsFiles = true
        var recordsExplanations = false
        var touch: (x: Double, y: Double)?
        /// Where the finger lifted, and when: the tilt springs back from there (`Simulator.tilt`).
        var lifted: (x: Double, y: Double, tick: Tick)?
        /// The tick of the last remote event (idle dimming counts from it).
        var lastInput: Tick = 0
        /// Idle dimming, when the host turned it on.
        var idleDimming: IdleDimming?
        /// Screens left by `open`, newest last: Menu returns to them.
        var backStack: [SavedScreen] = []
        /// The window's safety catch (``Simulator/confirmsMenuExit``), and when Menu at the top level last asked.
        var confirmsMenuExit = false
        var menuExitAsked: Tick?
        /// Layout passes so far (each places the whole screen): tests hold events to one or two.
        var layoutPasses = 0
        /// Focus trees built so far from a placement (a tree moved to a scrolled placement's frames is not one).
        var focusTreeBuilds = 0
        /// The work so far, in ``Simulator/WorkCost`` units: each pass over the whole screen counts its nodes at that
        /// pass's cost. What ``ScriptPlayer/workBudget`` bounds.
        var work = 0
    }

    /// A path as messages show it: whole up to 200 characters, else its first 100 and last 99 around an ellipsis.
    static func shortPath(_ path: String) -> String {
        let scalars = path.unicodeScalars
        guard scalars.count > 200 else { return path }
        var out = String.UnicodeScalarView(scalars.prefix(100))
        out.append("…")
        out.append(contentsOf: scalars.suffix(99))
        return String(out)
    }

    /// `open`: push the other scene as a new screen (tvOS navigation); Menu comes back.
    mutating func open(_ file: String) -> FocusUpdate? {
        let path = Scene.openedPath(file, from: scene.file)
        let here = system.focused
        guard let loader = session.sceneLoader else {
            return FocusUpdate(
                previous: here, next: here, heading: .presented,
                outcome: .blocked(.described("cannot open \(path): no scene loader here")))
        }
        switch loader(path) {
        case .failure(let error):
            // Read and refused again at every select.
            session.work += WorkCost.failedOpen
            // Visible where the press is reported (`path --json`, `test`, traces, the window's notice).
            // The path once, cut (a legal path of 4,000 characters was printed twice on every select's line), the
            // problem at its line and column in it.
            let why =
                error.diagnostics.first.map { d in
                    d.file == path ? "\(d.location.line):\(d.location.column): \(d.message)" : d.description
                } ?? "cannot load"
            return FocusUpdate(
                previous: here, next: here, heading: .presented,
                outcome: .blocked(.described("cannot open \(Self.shortPath(path)): \(why)")))
        case .success(let next):
            do {
                let update = try push(next, from: scene.file)
                // Read from its file (the new screen's start is counted by `push`): by its nodes, or by the bytes its
                // loader read where those cost more.
                session.work += max(index.weight * WorkCost.load, next.readWork)
                return update
            } catch {
                // It was read and laid out before its focus tree failed.
                let weight = SceneIndex.weight(of: next)
                session.work += max(weight * WorkCost.load, next.readWork) + weight * (WorkCost.index + WorkCost.place)
                return FocusUpdate(
                    previous: here, next: here, heading: .presented,
                    outcome: .blocked(.described("cannot open \(path): its focus tree does not build")))
            }
        }
    }

    /// Pushes `next` as a new screen over this one (a navigation push: `open`, a picker's list), sliding in.
    /// `routedBy` names what opened it.
    mutating func push(_ next: Scene, from routedBy: String) throws(FocusTreeError) -> FocusUpdate {
        let here = system.focused
        // The opened screen is laid out at the text size this one is.
        var next = next
        next.textSize = scene.textSize
        var fresh = try Simulator(scene: next, policy: policy, measurer: measurer)
        let left = SavedScreen(self)
        var carried = session
        carried.backStack.append(left)
        carried.layoutPasses += fresh.session.layoutPasses
        carried.focusTreeBuilds += fresh.session.focusTreeBuilds
        carried.work += fresh.session.work
        fresh.enter(carrying: carried)
        self = fresh
        navigation.transition = ScreenTransition(
            kind: .push, motion: Animation(start: tick, duration: Motion.navigationTicks, curve: .easeOut), other: left)
        let u = FocusUpdate(
            previous: here, next: system.focused, heading: .presented, via: .default,
            routedBy: routedBy)
        noteFocusChange(u)
        return u
    }

    /// Menu on an opened screen: back to the screen that opened it, as it was.
    mutating func goBack() -> FocusUpdate? {
        guard var back = session.backStack.last?.simulator else { return nil }
        let previous = system.focused
        var carried = session
        carried.backStack.removeLast()
        carried.work += index.weight * WorkCost.dismantle
        var leaving = self
        leaving.navigation.transition = nil
        back.enter(carrying: carried)
        // The text size changed while this screen was open (F6): the screen returned to takes it too.
        if back.scene.textSize != scene.textSize { try? back.setTextSize(scene.textSize) }
        self = back
        navigation.transition = ScreenTransition(
            kind: .pop, motion: Animation(start: tick, duration: Motion.navigationTicks, curve: .easeOut),
            other: SavedScreen(leaving))
        let u = FocusUpdate(
            previous: previous, next: system.focused, heading: .dismissed, via: .restored)
        noteFocusChange(u)
        return u
    }

    /// This screen becomes the current one: it takes the session, and shows its focus at rest.
    mutating func enter(carrying carried: Session) {
        session = carried
        motion.focusChanges = [:]
        motion.press = nil
        navigation.transition = nil
        presentation.transitions = []
        motion.lastMoveTick = tick
    }
}

/// A navigation push or pop under way: the new screen slides in from the trailing side over the one it
/// leaves (push), or the screen going away slides out over the one it returns to (pop).
public struct ScreenTransition: Sendable {
    public enum Kind: Sendable { case push, pop }
    public var kind: Kind
    public var motion: Animation
    /// The other screen: the one left underneath (push) or the one going away (pop), as it was.
    let other: SavedScreen

    /// The other screen's simulator (drawn as it was when it was left).
    public var otherScreen: Simulator { other.simulator }
}

/// A sheet or alert appearing (it slides up, or an alert grows, as the screen dims) or going away (the
/// reverse, drawn from the layer as it was placed when dismissed).
public struct PresentationTransition: Sendable {
    public var id: String
    public var appearing: Bool
    public var motion: Animation
    /// The layer as it was placed when dismissed (nil while appearing: the presented layer is drawn).
    public var placed: PlacedNode?
}

/// A screen left by `open`, kept whole so Menu can return to it exactly as it was.
final class SavedScreen: Sendable {
    let simulator: Simulator
    /// Without the screens to go back to, which a saved screen never uses (going back to it gives it the session
    /// of the screen left; a transition only draws it): each `open` and Menu saved the screen with the stack before
    /// it, whose last screen held the one before that in its transition, so memory grew with every pair (100 on a
    /// 20,000-node screen: 1.4 GB).
    init(_ simulator: Simulator) {
        var saved = simulator
        saved.session.backStack = []
        self.simulator = saved
    }
}
