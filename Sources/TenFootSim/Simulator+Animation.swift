import FocusEngine
import TenFootScene

extension Simulator {
    /// Starts the focus/unfocus animations of a focus change; fast successive moves run them faster.
    mutating func noteFocusChange(_ u: FocusUpdate) {
        guard u.previous != u.next else { return }
        // Focus on a tab shows the bar, focus in the screen's content hides it (a sheet changes neither).
        if presentation.presented.isEmpty, let next = u.next { setTabBarVisible(tabOwning(next) != nil) }
        let fast = tick - motion.lastMoveTick < Motion.fastMoveTicks
        motion.lastMoveTick = tick
        let factor = fast ? Motion.fastFactor : 1
        // Start from where each item looks now (focus has already moved, so no record means rest/lifted).
        if let p = u.previous {
            let from = motion.focusChanges[p] == nil ? 1 : focusProgress(p)
            motion.focusChanges[p] = FocusChange(
                motion: Animation(start: tick, duration: Tick(Double(Motion.unfocusTicks) * factor), curve: .easeOut),
                to: false, from: from)
        }
        if let n = u.next {
            let from = motion.focusChanges[n] == nil ? 0 : focusProgress(n)
            motion.focusChanges[n] = FocusChange(
                motion: Animation(start: tick, duration: Tick(Double(Motion.focusTicks) * factor), curve: .easeOut),
                to: true, from: from)
        }
    }

    // MARK: Animation state (pure functions of time)

    /// How focused `id` looks now, 0 (rest) … 1 (fully lifted).
    public func focusProgress(_ id: String) -> Double {
        guard let c = motion.focusChanges[id] else { return system.focused == id ? 1 : 0 }
        return c.motion.value(from: c.from, to: c.to ? 1 : 0, at: tick)
    }

    /// How long `id` has been focused, in ticks (0 when it is not; focus held since the scene opened counts
    /// from tick 0).
    public func focusedFor(_ id: String) -> Tick {
        guard system.focused == id else { return 0 }
        guard let c = motion.focusChanges[id], c.to else { return tick }
        return tick - c.motion.start
    }

    /// The scroll offset shown now for `container` (animating toward the target).
    public func animatedScroll(_ container: String) -> Double {
        guard let a = motion.scrollAnimations[container] else { return scroll[container] ?? 0 }
        return a.motion.value(from: a.from, to: a.to, at: tick)
    }

    /// The bump offset (x, y) of the focused item after a blocked move: out and back.
    public func bumpOffset() -> (Double, Double) {
        guard let b = motion.bump, b.motion.isRunning(at: tick) else { return (0, 0) }
        let d = Motion.bumpDistance * b.motion.progress(at: tick)
        switch b.direction {
        case .left: return (-d, 0)
        case .right: return (d, 0)
        case .up: return (0, -d)
        case .down: return (0, d)
        }
    }

    /// How far the tab bar is shown, 1 (in place) … 0 (slid away above the screen).
    public func tabBarShown() -> Double {
        let eased = Animation(start: navigation.tabBarChange.tick, duration: Motion.scrollTicks, curve: .easeOutQuad)
            .progress(
                at: tick)
        return navigation.tabBarChange.visible ? eased : 1 - eased
    }

    /// How the focused item is turned, each axis −1…1: the finger while it touches the surface (a swipe's
    /// movement hint grows with it as the finger nears the next item, and restarts when focus moves), then
    /// springing back to rest from where it lifted (``Motion/tiltSpring(_:)``).
    public var tilt: (x: Double, y: Double) {
        if let t = session.touch { return t }
        guard let l = session.lifted else { return (0, 0) }
        let k = Motion.tiltSpring(tick - l.tick)
        return (l.x * k, l.y * k)
    }

    /// True while anything is still moving (the renderer may skip frames that cannot change).
    public var isAnimating: Bool {
        motion.focusChanges.values.contains { $0.motion.isRunning(at: tick) }
            || motion.scrollAnimations.values.contains { $0.motion.isRunning(at: tick) }
            || (motion.bump.map { $0.motion.isRunning(at: tick) } ?? false)
            || tick - navigation.tabBarChange.tick < Motion.scrollTicks
            || motion.sceneValueChanges.values.contains { tick - $0.tick < Motion.heroFadeTicks }
            || (motion.press.map { $0.motion.isRunning(at: tick) } ?? false)
            || (navigation.transition.map { $0.motion.isRunning(at: tick) } ?? false)
            || presentation.transitions.contains { $0.motion.isRunning(at: tick) }
            || isAnimatingData
            || isDimming
            || (session.touch == nil && session.lifted.map { tick - $0.tick < Motion.tiltReturnTicks } ?? false)
    }
}
