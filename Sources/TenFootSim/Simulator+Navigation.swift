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
        var recordsExplanations = false
        var touch: (x: Double, y: Double)?
        /// Screens left by `open`, newest last: Menu returns to them.
        var backStack: [SavedScreen] = []
        /// Layout passes so far (each places the whole screen): tests hold events to one or two.
        var layoutPasses = 0
    }

    /// `open`: push the other scene as a new screen (tvOS navigation); Menu comes back.
    mutating func open(_ file: String) -> FocusUpdate? {
        let base = scene.file.contains("/") ? String(scene.file[..<scene.file.lastIndex(of: "/")!]) : "."
        let path = file.hasPrefix("/") ? file : base + "/" + file
        let here = system.focused
        guard let loader = session.sceneLoader else {
            return FocusUpdate(previous: here, next: here, heading: .presented, outcome: .blocked("cannot open \(path): no scene loader here"))
        }
        switch loader(path) {
        case .failure(let error):
            // Visible where the press is reported (`path --json`, `test`, traces, the window's notice).
            let why = error.diagnostics.first?.description ?? "cannot load"
            return FocusUpdate(previous: here, next: here, heading: .presented, outcome: .blocked("cannot open \(path): \(why)"))
        case .success(let next):
            guard var fresh = try? Simulator(scene: next, policy: policy, measurer: measurer) else {
                return FocusUpdate(previous: here, next: here, heading: .presented, outcome: .blocked("cannot open \(path): its focus tree does not build"))
            }
            var carried = session
            carried.backStack.append(SavedScreen(self))
            carried.layoutPasses += fresh.session.layoutPasses
            fresh.enter(carrying: carried)
            self = fresh
            let u = FocusUpdate(previous: here, next: system.focused, heading: .presented, outcome: .moved, via: .default, routedBy: scene.file)
            noteFocusChange(u)
            return u
        }
    }

    /// Menu on an opened screen: back to the screen that opened it, as it was.
    mutating func goBack() -> FocusUpdate? {
        guard var back = session.backStack.last?.simulator else { return nil }
        let previous = system.focused
        var carried = session
        carried.backStack.removeLast()
        back.enter(carrying: carried)
        self = back
        let u = FocusUpdate(previous: previous, next: system.focused, heading: .dismissed, outcome: .moved, via: .restored)
        noteFocusChange(u)
        return u
    }

    /// This screen becomes the current one: it takes the session, and shows its focus at rest.
    mutating func enter(carrying carried: Session) {
        session = carried
        focusChanges = [:]
        lastMoveTick = tick
    }
}

/// A screen left by `open`, kept whole so Menu can return to it exactly as it was.
final class SavedScreen: Sendable {
    let simulator: Simulator
    init(_ simulator: Simulator) { self.simulator = simulator }
}
