import FocusEngine
import TenFootScene

extension Simulator {
    /// Starts the focus/unfocus animations of a focus change; fast successive moves run them faster.
    mutating func noteFocusChange(_ u: FocusUpdate) {
        guard u.previous != u.next else { return }
        // Focus on a tab shows the bar, focus in the screen's content hides it (a sheet changes neither).
        if presented.isEmpty, let next = u.next { setTabBarVisible(tabOwning(next) != nil) }
        let fast = tick - lastMoveTick < Motion.fastMoveTicks
        lastMoveTick = tick
        let factor = fast ? Motion.fastFactor : 1
        // Start from where each item looks now (focus has already moved, so no record means rest/lifted).
        if let p = u.previous {
            let from = focusChanges[p] == nil ? 1 : focusProgress(p)
            focusChanges[p] = FocusChange(tick: tick, to: false, from: from, duration: Tick(Double(Motion.unfocusTicks) * factor))
        }
        if let n = u.next {
            let from = focusChanges[n] == nil ? 0 : focusProgress(n)
            focusChanges[n] = FocusChange(tick: tick, to: true, from: from, duration: Tick(Double(Motion.focusTicks) * factor))
        }
    }

    // MARK: Animation state (pure functions of time)

    /// How focused `id` looks now, 0 (rest) … 1 (fully lifted).
    public func focusProgress(_ id: String) -> Double {
        guard let c = focusChanges[id] else { return system.focused == id ? 1 : 0 }
        let p = c.duration <= 0 ? 1 : min(1, Double(tick - c.tick) / Double(c.duration))
        let eased = 1 - (1 - p) * (1 - p) * (1 - p)  // ease-out cubic
        return c.from + ((c.to ? 1 : 0) - c.from) * eased
    }

    /// The scroll offset shown now for `container` (animating toward the target).
    public func animatedScroll(_ container: String) -> Double {
        guard let a = scrollAnimations[container] else { return scroll[container] ?? 0 }
        let p = min(1, Double(tick - a.tick) / Double(Motion.scrollTicks))
        let eased = p < 0.5 ? 4 * p * p * p : 1 - pow3(-2 * p + 2) / 2  // ease-in-out cubic
        return a.from + (a.to - a.from) * eased
    }

    /// The bump offset (x, y) of the focused item after a blocked move: out and back.
    public func bumpOffset() -> (Double, Double) {
        guard let b = bump, tick - b.tick < Motion.bumpTicks else { return (0, 0) }
        let p = Double(tick - b.tick) / Double(Motion.bumpTicks)
        let d = Motion.bumpDistance * sinPi(p)
        switch b.direction {
        case .left: return (-d, 0)
        case .right: return (d, 0)
        case .up: return (0, -d)
        case .down: return (0, d)
        }
    }

    /// How far the tab bar is shown, 1 (in place) … 0 (slid away above the screen).
    public func tabBarShown() -> Double {
        let p = min(1, Double(tick - tabBarChange.tick) / Double(Motion.scrollTicks))
        let eased = 1 - (1 - p) * (1 - p)
        return tabBarChange.visible ? eased : 1 - eased
    }

    /// True while anything is still moving (the renderer may skip frames that cannot change).
    public var isAnimating: Bool {
        focusChanges.values.contains { tick - $0.tick < $0.duration }
            || scrollAnimations.values.contains { tick - $0.tick < Motion.scrollTicks }
            || (bump.map { tick - $0.tick < Motion.bumpTicks } ?? false)
            || tick - tabBarChange.tick < Motion.scrollTicks
            || sceneValueChanges.values.contains { tick - $0.tick < Motion.heroFadeTicks }
    }
}

func pow3(_ x: Double) -> Double { x * x * x }

/// An out-and-back pulse over 0…1 (a parabola close to sin πx), identical on every platform.
func sinPi(_ x: Double) -> Double {
    let t = x - x.rounded(.down)
    return 4 * t * (1 - t)
}
