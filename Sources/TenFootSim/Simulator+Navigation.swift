import FocusEngine
import TenFootCore
import TenFootScene

/// A screen left by `open`, kept whole so Menu can return to it exactly as it was.
final class SavedScreen: Sendable {
    let simulator: Simulator
    init(_ simulator: Simulator) { self.simulator = simulator }
}

extension Simulator {
    /// `open`: push the other scene as a new screen (tvOS navigation); Menu comes back.
    mutating func open(_ file: String) -> FocusUpdate? {
        let base = scene.file.contains("/") ? String(scene.file[..<scene.file.lastIndex(of: "/")!]) : "."
        let path = file.hasPrefix("/") ? file : base + "/" + file
        let here = system.focused
        guard let loader = sceneLoader else {
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
            let previous = here
            fresh.tick = tick
            fresh.trace = trace
            fresh.traceLimit = traceLimit
            fresh.sceneLoader = sceneLoader
            fresh.recordsExplanations = recordsExplanations
            fresh.backStack = backStack + [SavedScreen(self)]
            fresh.lastMoveTick = tick
            fresh.focusChanges = [:]
            self = fresh
            let u = FocusUpdate(previous: previous, next: system.focused, heading: .presented, outcome: .moved, via: .default, routedBy: scene.file)
            noteFocusChange(u)
            return u
        }
    }

    /// Menu on an opened screen: back to the screen that opened it, as it was.
    mutating func goBack() -> FocusUpdate? {
        guard let saved = backStack.last?.simulator else { return nil }
        let previous = system.focused
        var back = saved
        back.tick = tick
        back.trace = trace
        back.sceneLoader = sceneLoader
        back.recordsExplanations = recordsExplanations
        back.backStack = Array(backStack.dropLast())
        back.focusChanges = [:]
        back.lastMoveTick = tick
        self = back
        let u = FocusUpdate(previous: previous, next: system.focused, heading: .dismissed, outcome: .moved, via: .restored)
        noteFocusChange(u)
        return u
    }
}
